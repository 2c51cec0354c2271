"""Widgets the lessons are made of: a thin view over the engine and the computer players.

Every text comes from ``lessons/strings`` in English and Italian; every message from
the browser is checked before it reaches the engine.
"""

from .events import Event, subscribe
from .settings import SETTINGS, Settings, language_switch

__all__ = ["SETTINGS", "Event", "Settings", "language_switch", "subscribe"]
