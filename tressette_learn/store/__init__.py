"""Persistence without widgets: the progress store (SQLite/PostgreSQL or the browser's
storage), migrations, progress files, identities."""

from .sql import (
    BROWSER_URL,
    AnyStore,
    InputError,
    Learner,
    LearnerResult,
    Preferences,
    Record,
    Result,
    Store,
    StoreError,
    default_url,
    in_browser,
    normalise_class_code,
    normalise_name,
    open_store,
)

__all__ = [
    "AnyStore",
    "BROWSER_URL",
    "InputError",
    "Learner",
    "LearnerResult",
    "Preferences",
    "Record",
    "Result",
    "Store",
    "StoreError",
    "default_url",
    "in_browser",
    "normalise_class_code",
    "normalise_name",
    "open_store",
]
