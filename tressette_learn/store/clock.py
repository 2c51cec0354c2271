"""The time progress is stamped and scheduled with.

``TRESSETTE_CLOCK_SHIFT`` (``2d``, ``36h``, ``-90m``) moves it, read at every call, so a
test or a teacher's rehearsal can see what a learner will see days later.
"""

from __future__ import annotations

import os
import re
from datetime import datetime, timedelta, timezone

UNITS = {"d": "days", "h": "hours", "m": "minutes", "s": "seconds"}


def shift() -> timedelta:
    """The shift set in the environment (none if unset; ValueError naming the variable if
    it cannot be read)."""
    text = os.environ.get("TRESSETTE_CLOCK_SHIFT", "").strip()
    if not text:
        return timedelta()
    match = re.fullmatch(r"([+-]?\d+(?:\.\d+)?)\s*([dhms])", text)
    if match is None:
        raise ValueError(f"TRESSETTE_CLOCK_SHIFT: {text!r} is not a number followed by "
                         "d, h, m or s")
    return timedelta(**{UNITS[match.group(2)]: float(match.group(1))})


def now() -> datetime:
    """The current time in UTC, shifted."""
    return datetime.now(timezone.utc) + shift()


def stamp() -> str:
    """:func:`now` as stored: ISO 8601 to the second."""
    return now().isoformat(timespec="seconds")


def parse(text: str) -> datetime:
    """A stored time (ValueError if it is not one)."""
    when = datetime.fromisoformat(text)
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)
