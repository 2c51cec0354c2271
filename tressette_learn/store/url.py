"""Which progress store a URL names: ``TRESSETTE_DB``, the browser's storage on the static
site, or a SQLite file."""

from __future__ import annotations

import os
from pathlib import Path

from ..runtime import IN_BROWSER

BROWSER_URL = "browser:localStorage"  # the static site's store (``browser_store``)


def default_url() -> str:
    """``TRESSETTE_DB`` if set; on the static site the browser's storage; else a SQLite
    file under ``TRESSETTE_DATA`` (default ``~/.local/share/tressette_learn``)."""
    url = os.environ.get("TRESSETTE_DB", "").strip()
    if url:
        return url
    if IN_BROWSER:
        return BROWSER_URL
    folder = os.environ.get("TRESSETTE_DATA") or Path.home() / ".local/share/tressette_learn"
    return f"sqlite:///{Path(folder) / 'progress.sqlite'}"


def in_browser(url: str | None = None) -> bool:
    """Whether ``url`` (:func:`default_url` if None) names the browser's storage."""
    return (url or default_url()).startswith("browser:")
