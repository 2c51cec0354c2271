"""The result of one attempt at one exercise (a quiz question, a guided hand, a puzzle, a
drill, a replayed mistake, a match), as widgets report it and the store keeps it."""

from __future__ import annotations

import dataclasses
import math
import uuid
from collections.abc import Mapping
from datetime import datetime
from typing import Any

EXERCISES = ("question", "guided", "puzzle", "drill", "replay", "match")


@dataclasses.dataclass(frozen=True)
class Result:
    """One finished attempt: ``source`` is the set (quiz, hand, puzzle set), ``item`` the
    exercise in it; ``points_lost`` is in points, priced by the solver (None when the
    exercise has no price)."""

    lesson: str
    source: str
    item: str
    exercise: str
    solved: bool
    mistakes: int = 0
    hints: int = 0
    points_lost: float | None = None
    seconds: float | None = None
    attempt: str = dataclasses.field(default_factory=lambda: uuid.uuid4().hex)
    at: str = ""
    data: dict[str, Any] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        for field in ("lesson", "source", "item", "attempt"):
            if not isinstance(getattr(self, field), str) or not getattr(self, field):
                raise ValueError(f"result: {field} must be a non-empty text")
        if self.exercise not in EXERCISES:
            raise ValueError(f"result: exercise must be one of {', '.join(EXERCISES)}")
        for field in ("mistakes", "hints"):
            value = getattr(self, field)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"result: {field} must be a whole number, 0 or more")
        for field in ("points_lost", "seconds"):
            value = getattr(self, field)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int | float)
                                      or not math.isfinite(value) or value < 0):
                raise ValueError(f"result: {field} must be a number, 0 or more")
        if not isinstance(self.at, str) or self.at and not _is_time(self.at):
            raise ValueError("result: at must be a date and time (ISO 8601) or empty")

    @classmethod
    def of_event(cls, source: str, item: str, solved: Any, data: dict[str, Any],
                 at: str = "") -> Result:
        """The result a ``result`` event reports (ValueError naming the bad field)."""
        if not isinstance(solved, bool):
            raise ValueError("result: solved (the event's correct) must be true or false")
        known = {"lesson", "exercise", "mistakes", "hints", "points_lost", "seconds", "attempt"}
        missing = sorted({"lesson", "exercise", "attempt"} - data.keys())
        if missing:
            raise ValueError(f"result: {missing[0]} is missing")
        extra = {key: value for key, value in data.items() if key not in known}
        return cls(source=source, item=item, solved=solved, at=at, data=extra,
                   **{key: data[key] for key in known if key in data})


def _is_time(text: str) -> bool:
    """Whether ``text`` is an ISO 8601 date and time."""
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


@dataclasses.dataclass(frozen=True)
class Attempt:
    """One go through a quiz as stored: its id and, for each question it answered, whether
    the answer was right."""

    uid: str
    answers: Mapping[str, bool]
