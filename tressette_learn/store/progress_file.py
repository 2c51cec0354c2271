"""One learner's progress as a versioned JSON document: what the static site keeps in the
browser (one document per learner), what a learner exports for the teacher, and what the
teacher's dashboard imports into the served course's store.

The document holds the same records the served store keeps for a learner: their events,
the results of their attempts, their display preferences and their matches left mid-way.
Reading one checks every field; a problem is a :class:`FileProblem` that names the field.
Two copies of the same learner's document merge without doubling anything (records are
identified by their uid).
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from collections.abc import Callable, Collection, Mapping
from typing import Any

from ..teaching.results import EXERCISES, Result
from .clock import parse, stamp
from .lesson_ids import lesson_now, moved, now, renames, split_questions
from .records import InputError, Preferences, Record, normalise

FORMAT = "tressette-learn progress"
VERSION = 1
MAX_UID = 200  # characters of a record's uid


class FileProblem(ValueError):
    """A progress document that cannot be read: ``key`` is the text that says why
    (``progress_file.problem.*``), ``where`` the field (section, entry number from 1, field
    name), ``facts`` the text's values."""

    def __init__(self, key: str, where: tuple[str | int, ...] = (), **facts: Any) -> None:
        place = " → ".join(str(part) for part in where) or "file"
        super().__init__(f"{place}: {key.rsplit('.', 1)[-1]}")
        self.key, self.where, self.facts = key, where, facts


@dataclasses.dataclass(frozen=True)
class SavedMatch:
    """A match left mid-way on a page (``state`` None: it ended or was abandoned)."""

    state: dict[str, Any] | None
    at: str


@dataclasses.dataclass
class Progress:
    """One learner's records; events and results by uid, in the order they were kept."""

    name: str
    class_code: str
    created: str = dataclasses.field(default_factory=stamp)
    events: dict[str, Record] = dataclasses.field(default_factory=dict)
    results: dict[str, Result] = dataclasses.field(default_factory=dict)
    preferences: Preferences | None = None
    matches: dict[str, SavedMatch] = dataclasses.field(default_factory=dict)

    def merge(self, other: Progress) -> bool:
        """Take what ``other`` (the same learner's copy) has that this one lacks: records
        it alone holds, and its later preferences and matches; whether anything changed."""
        before = self.to_json()
        for uid, record in other.events.items():
            self.events.setdefault(uid, record)
        for uid, result in other.results.items():
            self.results.setdefault(uid, result)
        if other.preferences and (self.preferences is None
                                  or other.preferences.at > self.preferences.at):
            self.preferences = other.preferences
        for page, match in other.matches.items():
            if page not in self.matches or match.at > self.matches[page].at:
                self.matches[page] = match
        return self.to_json() != before

    def to_json(self) -> dict[str, Any]:
        """The document (see :func:`read`)."""
        return {
            "format": FORMAT, "version": VERSION,
            "learner": {"name": self.name, "class_code": self.class_code,
                        "created": self.created},
            "events": [dataclasses.asdict(record) for record in self.events.values()],
            "results": [{"uid": uid, **dataclasses.asdict(result)}
                        for uid, result in self.results.items()],
            "preferences": dataclasses.asdict(self.preferences) if self.preferences else None,
            "matches": {page: dataclasses.asdict(match) for page, match in self.matches.items()},
        }

    def text(self) -> str:
        """The document as JSON text."""
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"),
                          default=str)


# -- reading -----------------------------------------------------------------------------
MAX_DEPTH = 32  # levels of nested fields (a saved match needs about 10)
MAX_TEXT = 10_000  # characters of any one text in a document
MAX_COUNT = 10_000  # mistakes or hints in one attempt
MAX_AMOUNT = 100_000_000  # points lost or seconds taken in one attempt
YEARS = range(2000, 2101)  # the years a stored time may name
CONTROL = re.compile(r"[\x00-\x1f\x7f]")

Check = Callable[[Any], bool]


def _text(value: Any) -> bool:
    return _any_text(value) and len(value) > 0


def _any_text(value: Any) -> bool:
    return isinstance(value, str) and len(value) <= MAX_UID and not CONTROL.search(value)


def _number(value: Any, most: int) -> bool:
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and math.isfinite(value) and 0 <= value <= most)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and _number(value, MAX_COUNT)


def _number_or_none(value: Any) -> bool:
    return value is None or _number(value, MAX_AMOUNT)


def _time(value: Any) -> bool:
    if not _text(value):
        return False
    try:
        return parse(value).year in YEARS
    except ValueError:
        return False


def _time_or_empty(value: Any) -> bool:
    return value == "" or _time(value)


def _flag(value: Any) -> bool:
    return isinstance(value, bool)


def _flag_or_none(value: Any) -> bool:
    return value is None or isinstance(value, bool)


def _mapping(value: Any) -> bool:
    return isinstance(value, dict)


def _event_kind(value: Any) -> bool:
    return _text(value) and value != "result"  # results have a section of their own


def _exercise(value: Any) -> bool:
    return value in EXERCISES


#: each field, how it is checked and the text that says what it must be
EVENT_FIELDS: Mapping[str, tuple[Check, str]] = {
    "uid": (_text, "text"), "kind": (_event_kind, "event_kind"),
    "lesson": (_any_text, "any_text"),
    "source": (_any_text, "any_text"), "item": (_any_text, "any_text"),
    "correct": (_flag_or_none, "flag_or_none"), "data": (_mapping, "mapping"),
    "at": (_time, "time"),
}
RESULT_FIELDS: Mapping[str, tuple[Check, str]] = {
    "uid": (_text, "text"), "lesson": (_text, "text"), "source": (_text, "text"),
    "item": (_text, "text"), "exercise": (_exercise, "exercise"), "solved": (_flag, "flag"),
    "mistakes": (_whole, "whole"), "hints": (_whole, "whole"),
    "points_lost": (_number_or_none, "number"), "seconds": (_number_or_none, "number"),
    "attempt": (_text, "text"), "at": (_time_or_empty, "time"), "data": (_mapping, "mapping"),
}
LEARNER_FIELDS: Mapping[str, tuple[Check, str]] = {
    "name": (_any_text, "any_text"), "class_code": (_any_text, "any_text"),
    "created": (_time, "time")}
PREFERENCE_FIELDS: Mapping[str, tuple[Check, str]] = {
    "lang": (_text, "text"), "faces": (_text, "text"), "at": (_time, "time")}
MATCH_FIELDS: Mapping[str, tuple[Check, str]] = {
    "state": (lambda value: value is None or isinstance(value, dict), "mapping"),
    "at": (_time, "time")}
#: the limits each text names
LIMITS: Mapping[str, Mapping[str, int]] = {
    "text": {"most": MAX_UID}, "any_text": {"most": MAX_UID}, "whole": {"most": MAX_COUNT},
    "number": {"most": MAX_AMOUNT}, "time": {"first": YEARS[0], "last": YEARS[-1]}}


def read(text: str | bytes, lessons: Collection[str] | None = None) -> Progress:
    """The progress a document holds (FileProblem naming the field if it cannot be read, or
    if it is of another format version); with ``lessons``, every lesson it names must be
    one of them. A lesson (and a source, a match's page) named by an id the lesson had before
    the course's order changed is read under its id today (:mod:`.lesson_ids`)."""
    doc = _document(text)
    table, puzzles, questions = renames(), moved(), split_questions()
    learner = _fields(doc.get("learner"), ("learner",), LEARNER_FIELDS)
    name, code = _learner(learner["name"], learner["class_code"])
    progress = Progress(name, code, learner["created"])
    for number, fields in enumerate(_entries(doc, "events", EVENT_FIELDS), 1):
        fields["lesson"], fields["source"] = now(fields["lesson"], fields["source"],
                                                fields["item"], table, puzzles, questions)
        if fields["lesson"]:
            _known(fields["lesson"], lessons, ("events", number, "lesson"))
        progress.events[fields["uid"]] = Record(**fields)
    for number, fields in enumerate(_entries(doc, "results", RESULT_FIELDS), 1):
        fields["lesson"], fields["source"] = now(fields["lesson"], fields["source"],
                                                fields["item"], table, puzzles, questions)
        _known(fields["lesson"], lessons, ("results", number, "lesson"))
        uid = fields.pop("uid")
        progress.results[uid] = _result(fields, number)
    if doc.get("preferences") is not None:
        prefs = _fields(doc["preferences"], ("preferences",), PREFERENCE_FIELDS)
        progress.preferences = _preferences(prefs)
    matches = doc.get("matches")
    if not isinstance(matches, dict):
        raise FileProblem("progress_file.problem.mapping", ("matches",))
    for page, match in sorted(matches.items(), key=lambda item: item[0] in table):
        if page in table and table[page] in progress.matches:
            continue  # the match kept under the id today is the later one
        progress.matches[lesson_now(page, table)] = SavedMatch(
            **_fields(match, ("matches", page), MATCH_FIELDS))
    return progress


def _document(text: str | bytes) -> dict[str, Any]:
    """The JSON object of a progress document of this version, no deeper than
    :data:`MAX_DEPTH` and with no text longer than :data:`MAX_TEXT`."""
    try:
        doc = json.loads(text)
    except RecursionError as err:  # nested deeper than the parser goes
        raise FileProblem("progress_file.problem.too_deep", most=MAX_DEPTH) from err
    except (ValueError, UnicodeDecodeError) as err:
        raise FileProblem("progress_file.problem.not_json") from err
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise FileProblem("progress_file.problem.not_progress")
    if doc.get("version") != VERSION:
        raise FileProblem("progress_file.problem.version", found=str(doc.get("version"))[:20],
                          expected=VERSION)
    _check_shape(doc)
    return doc


def _check_shape(doc: dict[str, Any]) -> None:
    """FileProblem if any value is nested too deep or any text (or field name) is too long;
    it names the field of the entry it is in."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(doc, ())]
    while stack:
        value, path = stack.pop()
        if len(path) >= MAX_DEPTH:
            raise FileProblem("progress_file.problem.too_deep", most=MAX_DEPTH)
        if isinstance(value, str) and len(value) > MAX_TEXT:
            raise FileProblem("progress_file.problem.long_text", path[:3], most=MAX_TEXT)
        if isinstance(value, dict):
            for key, inner in value.items():
                if len(key) > MAX_TEXT:
                    raise FileProblem("progress_file.problem.long_text", path[:3],
                                      most=MAX_TEXT)
                stack.append((inner, (*path, key)))
        elif isinstance(value, list):
            stack.extend((inner, (*path, number)) for number, inner in enumerate(value, 1))


def _known(lesson: str, lessons: Collection[str] | None, where: tuple[str | int, ...]) -> None:
    if lessons is not None and lesson not in lessons:
        raise FileProblem("progress_file.problem.lesson", where, lesson=lesson)


def _learner(name: str, class_code: str) -> tuple[str, str]:
    try:
        return normalise(name, class_code)
    except InputError as err:
        field = "class_code" if "class" in str(err) else "name"
        raise FileProblem("progress_file.problem.learner", ("learner", field)) from err


def _entries(doc: dict[str, Any], section: str,
             fields: Mapping[str, tuple[Check, str]]) -> list[dict[str, Any]]:
    entries = doc.get(section)
    if not isinstance(entries, list):
        raise FileProblem("progress_file.problem.list", (section,))
    return [_fields(entry, (section, number), fields)
            for number, entry in enumerate(entries, 1)]


def _fields(entry: Any, where: tuple[str | int, ...],
            fields: Mapping[str, tuple[Check, str]]) -> dict[str, Any]:
    """The named fields of one entry, each checked (FileProblem at the first bad one)."""
    if not isinstance(entry, dict):
        raise FileProblem("progress_file.problem.mapping", where)
    for name, (check, words) in fields.items():
        if name not in entry:
            raise FileProblem("progress_file.problem.missing", (*where, name))
        if not check(entry[name]):
            raise FileProblem(f"progress_file.problem.{words}", (*where, name),
                              **LIMITS.get(words, {}))
    return {name: entry[name] for name in fields}


def _result(fields: dict[str, Any], number: int) -> Result:
    try:
        return Result(**fields)
    except ValueError as err:  # checked above; what Result adds is named by its message
        field = next((name for name in fields if name in str(err)), "data")
        raise FileProblem("progress_file.problem.text", ("results", number, field)) from err


def _preferences(fields: dict[str, Any]) -> Preferences:
    try:
        return Preferences(**fields)
    except ValueError as err:
        raise FileProblem("progress_file.problem.preferences", ("preferences",)) from err
