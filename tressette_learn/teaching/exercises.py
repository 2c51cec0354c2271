"""A lesson's exercises: every guided hand of its page where the learner must find a card,
every puzzle of its puzzle bank, every question of its quiz bank and, on the play page, a
match won, each named as the ``result`` events name it (``source`` and ``item``) and with a
title a teacher reads.

A mistake replayed from a review is no exercise of a lesson (the mistakes differ from one
learner to another): its result names the lesson that teaches the point, where it counts as
an attempt, not toward the pass (:mod:`tressette_learn.classroom.mastery`).

Each kind of exercise comes from a *provider*, a function from a lesson to its exercises of
that kind; a new kind is one more function in :data:`PROVIDERS`, in the order the page shows
them.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable, Mapping

from ..content import ContentError
from ..i18n import LANGUAGES, t
from .bank import bank_source, load_bank
from .course import Lesson, course, lesson
from .guided import HandScript
from .puzzles import words
from .puzzles.bank import load_puzzles, puzzle_source

Text = Mapping[str, str]


@dataclasses.dataclass(frozen=True)
class Exercise:
    """One exercise of a lesson: ``exercise`` is its kind (``question``, ``guided``,
    ``puzzle``...), ``source`` its set (a quiz, a hand, a puzzle set) and ``item`` its id
    in the set, as a result names them."""

    lesson: str
    exercise: str
    source: str
    item: str
    title: Text

    @property
    def key(self) -> tuple[str, str]:
        """What a stored result is matched with: (source, item)."""
        return self.source, self.item


Provider = Callable[[Lesson], Iterable[Exercise]]


def quiz_exercises(page: Lesson) -> list[Exercise]:
    """The questions of the lesson's quiz bank (titled by their prompt)."""
    if page.quiz is None:
        return []
    source = bank_source(page.quiz)
    return [Exercise(page.id, "question", source, question.id,
                     {lang: question.prompt.get(lang) for lang in LANGUAGES})
            for question in load_bank(page.quiz)]


def guided_exercises(page: Lesson) -> list[Exercise]:
    """The guided hands of the page that ask the learner for a card (a hand only shown is
    not an exercise); source and item are both the hand's name."""
    scripts = (HandScript.load(name) for name in page.hands)
    return [Exercise(page.id, "guided", script.name, script.name, dict(script.title))
            for script in scripts if script.your_moves]


def puzzle_exercises(page: Lesson) -> list[Exercise]:
    """The puzzles of the lesson's puzzle bank (titled by their theme)."""
    source = puzzle_source(page.id)
    return [Exercise(page.id, "puzzle", source, puzzle.id,
                     {lang: words.title(puzzle).get(lang) for lang in LANGUAGES})
            for puzzle in load_puzzles(page.id)]


MATCH_SOURCE, MATCH_WON = "match", "won"  # a match won, as the match widget reports it
PLAY = "play"  # the role of the lesson whose exercise a match is


def match_exercises(page: Lesson) -> list[Exercise]:
    """On the play page, one exercise: a match won (its stars from the hints it used)."""
    if page.role != PLAY:
        return []
    return [Exercise(page.id, "match", MATCH_SOURCE, MATCH_WON,
                     {lang: t("match.exercise", lang) for lang in LANGUAGES})]


#: The kinds of exercise, in the order a lesson's page shows them.
PROVIDERS: list[Provider] = [guided_exercises, puzzle_exercises, match_exercises,
                             quiz_exercises]


@functools.cache
def exercises(lesson_id: str) -> tuple[Exercise, ...]:
    """Every exercise of the lesson ``lesson_id`` (ContentError for an unknown lesson)."""
    page = lesson(lesson_id)
    found = tuple(item for provider in PROVIDERS for item in provider(page))
    keys = [item.key for item in found]
    if len(set(keys)) != len(keys):
        raise ContentError(f"lesson {lesson_id}: two exercises share a source and item")
    return found


def course_exercises() -> dict[str, tuple[Exercise, ...]]:
    """Each lesson's exercises, by lesson id, in course order."""
    return {page.id: exercises(page.id) for page in course()}
