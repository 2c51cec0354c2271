"""Persistence without widgets: what a learner did, kept for them and their teacher.

- ``records.py``: what is kept (learners, preferences, events) and the rules of names;
  ``protocol.py``: :class:`ProgressStore`, the calls every store answers.
- ``sql.py`` over ``database.py`` and ``migrations.py``: SQLite or PostgreSQL (the served
  course); ``browser_store.py`` over ``progress_file.py``: the browser's storage (the static
  site); ``url.py``: which one a URL names; :func:`open_store` opens it.
- ``identity.py`` and ``browser_identity.py``: PINs and sessions; ``progress_import.py``:
  progress files into a database; ``clock.py``: the time stamps.

May import: ``engine``, ``ai`` and ``teaching`` (the parts below it; a result is a teaching
fact) and the shared modules (``i18n``, ``runtime``...); never ``classroom``, ``ui``,
``serve`` or ``cli``. Modules here import each other's modules, never this door.
"""

from ..teaching.results import Result
from .browser_store import BrowserStore
from .database import StoreError
from .protocol import ProgressStore
from .records import ROW_ERRORS, InputError, Learner, LearnerResult, Preferences, Record
from .sql import Store
from .url import BROWSER_URL, default_url, in_browser

__all__ = ["BROWSER_URL", "ROW_ERRORS", "BrowserStore", "InputError", "Learner", "LearnerResult",
           "Preferences", "ProgressStore", "Record", "Result", "Store", "StoreError",
           "default_url", "in_browser", "open_store"]


def open_store(url: str | None = None) -> ProgressStore:
    """The store ``url`` names (:func:`default_url` if None): a database, or the browser's
    storage on the static site (the same calls)."""
    return BrowserStore() if in_browser(url) else Store(url)
