"""The course: the ordered lessons and each lesson's page text, from ``lessons/``.

``lessons/course.yaml`` lists the lessons in order::

    - {id: 08_signals, role: signals, title: {en: Signals, it: I segnali},
       summary: {en: "Busso, volo...", it: "Busso, volo..."}}

A lesson's ``role`` is what the code asks the course for (:func:`by_role`): the index, the
play page, the lesson a signal drill links to... (:data:`ROLES`); no code names a lesson id.
A lesson renamed when the order changed lists its old ids (``formerly: [old_id]``), a
lesson that took over another lesson's puzzles that lesson's id then
(``puzzles_formerly: [old_id]``), and a lesson split off another one the other lesson's id
then (``questions_formerly: [old_id]``: the questions of its own quiz bank were that
lesson's): progress stored under an old id follows it (:func:`former_ids`,
:func:`moved_puzzles`, :func:`moved_questions`, read by the store's migrations and by the
progress documents a browser keeps or a learner imports).

``lessons/pages/<id>.yaml`` holds a lesson's page::

    goal: {en: ..., it: ...}
    quiz: 01_deck                 # lessons/quizzes/01_deck.yaml
    hands: [find_the_cards]       # the guided hands it shows (lessons/hands/<name>.json)
    sections:
      intro: {en: "short Markdown", it: "..."}
    cells: [...]                  # its notebook's cells (scripts/make_notebooks.py)
    try_it: {en: ..., it: ..., code: ...}

Every text exists in English and Italian; errors name the file and the field.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Mapping
from typing import Any

from .. import runtime
from ..content import ContentError, load
from ..i18n import content_text

Text = Mapping[str, str]
# A lesson's id: two digits, _ and a name, or a name alone for a page not yet numbered; the
# number a page shows is its place in the course.
LESSON_ID = re.compile(r"^(?:\d\d_)?[a-z][a-z0-9_]*$")
PAGE_FIELDS = {"goal", "quiz", "hands", "sections", "cells", "try_it"}
ENTRY_FIELDS = {"id", "title", "summary"}
OPTIONAL_FIELDS = {"role", "formerly", "puzzles_formerly", "questions_formerly"}

#: The roles the code asks for, each held by exactly one lesson of ``course.yaml``.
ROLES: Mapping[str, str] = {
    "index": "the first page: the list of lessons, where the server and the hub send learners",
    "play": "the page with the match, whose kernels the server keeps warm",
    "review": "the spaced review of the questions missed",
    "following": "following suit: a revoke in a review links to it",
    "whole_deal": "a whole deal: the first puzzles that ask for the most points (scoring is "
                  "taught by then)",
    "signals": "the signals: the signal drill, puzzles and mistakes link to it",
    "declarations": "the declarations: a declaration missed links to it",
    "variants": "the variants: the a perdere puzzles and mistakes link to it",
    "strategy": "the strategy: the counting drill, most puzzles and mistakes link to it",
}


@dataclasses.dataclass(frozen=True)
class Lesson:
    """One lesson: its place in the course, title, summary, goal, quiz bank, page
    sections and the guided hands its page shows (in page order)."""

    id: str
    number: int
    title: Text
    summary: Text
    goal: Text
    quiz: str | None
    sections: dict[str, Text]
    hands: tuple[str, ...] = ()
    role: str | None = None
    formerly: tuple[str, ...] = ()
    puzzles_formerly: tuple[str, ...] = ()
    questions_formerly: tuple[str, ...] = ()

    @property
    def notebook(self) -> str:
        """The page that teaches it, as a link names it: its notebook (its HTML page on
        the static site)."""
        return runtime.page_file(self.id)


def text(where: str, value: Any) -> Text:
    """A text in each language (:func:`~tressette_learn.i18n.content_text`)."""
    return content_text(where, value)


@functools.lru_cache(maxsize=1)
def course() -> tuple[Lesson, ...]:
    """Every lesson, in order."""
    entries = load("course.yaml")
    if not isinstance(entries, list) or not entries:
        raise ContentError("course.yaml: expected a list of lessons")
    lessons = tuple(_lesson(i, entry) for i, entry in enumerate(entries))
    ids = [lesson.id for lesson in lessons]
    if len(set(ids)) != len(ids):
        raise ContentError("course.yaml: a lesson id appears twice")
    _check_roles(lessons)
    former = [old for lesson in lessons for old in lesson.formerly]
    if len(set(former)) != len(former) or set(former) & set(ids):
        raise ContentError("course.yaml: formerly: an old id is listed twice or is a lesson's "
                           "id today")
    return lessons


def former_ids() -> dict[str, str]:
    """Each lesson id the course had before a rename, and the lesson's id today."""
    return {old: item.id for item in course() for old in item.formerly}


def moved_puzzles() -> dict[str, str]:
    """Each lesson (by its id then) whose puzzles moved to another lesson, and that lesson's
    id today (``puzzles_formerly:``)."""
    return {old: item.id for item in course() for old in item.puzzles_formerly}


def moved_questions() -> dict[str, str]:
    """Each lesson id under which questions now in another lesson's quiz bank were stored
    before a split (``questions_formerly:``, and every other id the split lesson had), and
    the id today of the lesson whose bank holds them."""
    former = former_ids()
    table: dict[str, str] = {}
    for item in course():
        for old in item.questions_formerly:
            split = former.get(old, old)  # the lesson split, as it is named today
            names = {old, *(name for name, now in former.items() if now == split)}
            table.update(dict.fromkeys(names, item.id))
    return table


def current_id(lesson_id: str) -> str:
    """``lesson_id`` as the course names it today (itself if it was never renamed)."""
    return former_ids().get(lesson_id, lesson_id)


def by_role(role: str) -> Lesson:
    """The lesson that plays ``role`` (one of :data:`ROLES`) in the course."""
    if role not in ROLES:
        raise KeyError(f"no role {role!r} in the course (roles: {', '.join(ROLES)})")
    return next(item for item in course() if item.role == role)


def _check_roles(lessons: tuple[Lesson, ...]) -> None:
    """Each role of :data:`ROLES` is held by exactly one lesson, and no other role."""
    for item in lessons:
        if item.role is not None and item.role not in ROLES:
            raise ContentError(f"course.yaml: {item.id}: role: {item.role!r} is not one the "
                               f"code asks for ({', '.join(ROLES)})")
    for role, meaning in ROLES.items():
        holders = [item.id for item in lessons if item.role == role]
        if len(holders) != 1:
            raise ContentError(f"course.yaml: role: {role!r} ({meaning}) must be the role of "
                               f"exactly one lesson, not {len(holders)}"
                               + (f" ({', '.join(holders)})" if holders else ""))


def lesson(lesson_id: str) -> Lesson:
    """The lesson named ``lesson_id``."""
    for item in course():
        if item.id == lesson_id:
            return item
    raise ContentError(f"course.yaml: no lesson {lesson_id!r}")


def neighbours(lesson_id: str) -> tuple[Lesson | None, Lesson | None]:
    """The lessons before and after ``lesson_id`` in the course."""
    lessons = course()
    at = [item.id for item in lessons].index(lesson(lesson_id).id)
    return (lessons[at - 1] if at > 0 else None,
            lessons[at + 1] if at + 1 < len(lessons) else None)


def _lesson(index: int, entry: Any) -> Lesson:
    where = f"course.yaml: lesson {index}"
    if not isinstance(entry, dict) or not ENTRY_FIELDS <= set(entry) <= {*ENTRY_FIELDS,
                                                                          *OPTIONAL_FIELDS}:
        raise ContentError(f"{where}: expected the fields id, title, summary and optionally "
                           "role, formerly, puzzles_formerly and questions_formerly")
    formerly, moved = entry.get("formerly") or [], entry.get("puzzles_formerly") or []
    split = entry.get("questions_formerly") or []
    for field, value in (("formerly", formerly), ("puzzles_formerly", moved),
                         ("questions_formerly", split)):
        if not isinstance(value, list) or not all(
                isinstance(old, str) and LESSON_ID.match(old) for old in value):
            raise ContentError(f"{where}: {field}: expected a list of old lesson ids")
    role = entry.get("role")
    if role is not None and not isinstance(role, str):
        raise ContentError(f"{where}: role: expected a name such as play")
    lesson_id = entry["id"]
    if not isinstance(lesson_id, str) or not LESSON_ID.match(lesson_id):
        raise ContentError(f"{where}: id: {lesson_id!r} is not a lower-case name, with "
                           "two digits and _ before it or not")
    page = load(f"pages/{lesson_id}.yaml")
    page_where = f"pages/{lesson_id}.yaml"
    if not isinstance(page, dict) or not set(page) <= PAGE_FIELDS or "goal" not in page:
        raise ContentError(f"{page_where}: expected goal, sections and optionally quiz, "
                           "hands, cells and try_it")
    quiz = page.get("quiz")
    if quiz is not None and not isinstance(quiz, str):
        raise ContentError(f"{page_where}: quiz: expected a quiz bank name")
    sections = page.get("sections") or {}
    if not isinstance(sections, dict):
        raise ContentError(f"{page_where}: sections: expected a mapping of names to texts")
    return Lesson(lesson_id, index, text(f"{where}: title", entry["title"]),
                  text(f"{where}: summary", entry["summary"]),
                  text(f"{page_where}: goal", page["goal"]), quiz,
                  {name: text(f"{page_where}: sections.{name}", value)
                   for name, value in sections.items()}, _hands(page_where, page), role,
                  tuple(formerly), tuple(moved), tuple(split))


def _hands(where: str, page: dict[str, Any]) -> tuple[str, ...]:
    """The guided hands a page lists (names of ``lessons/hands/<name>.json``)."""
    hands = page.get("hands") or []
    if not isinstance(hands, list) or not all(
            isinstance(name, str) and re.fullmatch(r"[a-z0-9_]+", name) for name in hands):
        raise ContentError(f"{where}: hands: expected a list of hand names like seed002")
    if len(set(hands)) != len(hands):
        raise ContentError(f"{where}: hands: a hand is listed twice")
    return tuple(hands)
