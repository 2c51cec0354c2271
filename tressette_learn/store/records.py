"""What every progress store keeps (no storage here): learners, their display
preferences, the events they produce, and the rules their names and class codes follow."""

from __future__ import annotations

import dataclasses
import re
import uuid
from typing import Any

from ..engine.svg import FACES
from ..i18n import LANGUAGES
from ..teaching.results import Result
from .clock import stamp

MAX_NAME = 40
MAX_CODE = 16


class InputError(ValueError):
    """A name or class code that cannot be stored: ``key`` is the text that tells the
    learner why (``signin.error.*``), ``values`` its facts; ``str()`` names the field."""

    def __init__(self, key: str, field: str, **values: int) -> None:
        super().__init__(f"{field}: refused ({key})")
        self.key, self.values = key, values


def normalise_name(text: str) -> str:
    """A learner's name as stored: spaces collapsed; InputError when empty or too long."""
    name = " ".join(str(text).split())
    if not name:
        raise InputError("signin.error.no_name", "name")
    if len(name) > MAX_NAME:
        raise InputError("signin.error.long_name", "name", most=MAX_NAME)
    return name


def normalise_class_code(text: str) -> str:
    """A class code as stored: upper case letters, digits and dashes, or empty."""
    code = str(text).strip().upper()
    if len(code) > MAX_CODE or not re.fullmatch(r"[A-Z0-9-]*", code):
        raise InputError("signin.error.class_code", "class code", most=MAX_CODE)
    return code


def normalise(name: str, class_code: str) -> tuple[str, str]:
    """A learner's name and class code as stored (InputError naming the field)."""
    return normalise_name(name), normalise_class_code(class_code)


@dataclasses.dataclass(frozen=True)
class Learner:
    """A signed-in learner."""

    id: int
    name: str
    class_code: str


@dataclasses.dataclass(frozen=True)
class Preferences:
    """A learner's display choices and when they were made (ISO time, UTC)."""

    lang: str
    faces: str
    at: str

    def __post_init__(self) -> None:
        if self.lang not in LANGUAGES or self.faces not in FACES:
            raise ValueError(f"preferences: unknown language {self.lang!r} or faces "
                             f"{self.faces!r}")
        if not isinstance(self.at, str) or not self.at:
            raise ValueError("preferences: no time of choice")


@dataclasses.dataclass(frozen=True)
class Record:
    """One event to store for a learner."""

    kind: str
    lesson: str = ""
    source: str = ""
    item: str = ""
    correct: bool | None = None
    data: dict[str, Any] = dataclasses.field(default_factory=dict)
    uid: str = dataclasses.field(default_factory=lambda: uuid.uuid4().hex)
    at: str = dataclasses.field(default_factory=stamp)


ROW_ERRORS = (ValueError, TypeError, OverflowError)
"""What reading a stored row that is not what it says raises."""


@dataclasses.dataclass(frozen=True)
class LearnerResult:
    """A stored result with the learner it belongs to (for the teacher)."""

    name: str
    class_code: str
    result: Result
