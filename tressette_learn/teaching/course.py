"""The course: the ordered lessons and each lesson's page text, from ``lessons/``.

``lessons/course.yaml`` lists the lessons in order::

    - {id: 01_deck, title: {en: The deck, it: Il mazzo},
       summary: {en: "The 40 cards...", it: "Le 40 carte..."}}

``lessons/pages/<id>.yaml`` holds a lesson's page::

    goal: {en: ..., it: ...}
    quiz: 01_deck                 # lessons/quizzes/01_deck.yaml
    hands: [find_the_cards]       # the guided hands it shows (lessons/hands/<name>.json)
    sections:
      intro: {en: "short Markdown", it: "..."}

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
LESSON_ID = re.compile(r"^\d\d_[a-z0-9_]+$")
PAGE_FIELDS = {"goal", "quiz", "hands", "sections"}


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
    return lessons


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
    if not isinstance(entry, dict) or set(entry) != {"id", "title", "summary"}:
        raise ContentError(f"{where}: expected exactly the fields id, title and summary")
    lesson_id = entry["id"]
    if not isinstance(lesson_id, str) or not LESSON_ID.match(lesson_id):
        raise ContentError(f"{where}: id: {lesson_id!r} is not like 01_deck")
    page = load(f"pages/{lesson_id}.yaml")
    page_where = f"pages/{lesson_id}.yaml"
    if not isinstance(page, dict) or not set(page) <= PAGE_FIELDS or "goal" not in page:
        raise ContentError(f"{page_where}: expected goal, sections and optionally quiz "
                           "and hands")
    quiz = page.get("quiz")
    if quiz is not None and not isinstance(quiz, str):
        raise ContentError(f"{page_where}: quiz: expected a quiz bank name")
    sections = page.get("sections") or {}
    if not isinstance(sections, dict):
        raise ContentError(f"{page_where}: sections: expected a mapping of names to texts")
    return Lesson(lesson_id, int(lesson_id[:2]), text(f"{where}: title", entry["title"]),
                  text(f"{where}: summary", entry["summary"]),
                  text(f"{page_where}: goal", page["goal"]), quiz,
                  {name: text(f"{page_where}: sections.{name}", value)
                   for name, value in sections.items()}, _hands(page_where, page))


def _hands(where: str, page: dict[str, Any]) -> tuple[str, ...]:
    """The guided hands a page lists (names of ``lessons/hands/<name>.json``)."""
    hands = page.get("hands") or []
    if not isinstance(hands, list) or not all(
            isinstance(name, str) and re.fullmatch(r"[a-z0-9_]+", name) for name in hands):
        raise ContentError(f"{where}: hands: expected a list of hand names like seed002")
    if len(set(hands)) != len(hands):
        raise ContentError(f"{where}: hands: a hand is listed twice")
    return tuple(hands)
