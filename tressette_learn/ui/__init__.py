"""Widgets the lessons are made of: a thin view over the engine and the computer players.

Every text comes from ``lessons/strings`` in English and Italian; every message from
the browser is checked before it reaches the engine.

May import: ``engine``, ``ai``, ``teaching``, ``store``, ``classroom`` and the shared
modules (``i18n``, ``content``, ``runtime``...); never ``serve`` or ``cli``. The classroom's
widgets are in ``ui/classroom``.
"""

from . import browser_comm
from .events import Event, subscribe
from .preferences import language_switch
from .settings import SETTINGS, Settings

browser_comm.install()  # the static site's kernel: None and null as a served kernel has them

__all__ = ["SETTINGS", "Event", "Settings", "language_switch", "subscribe"]
