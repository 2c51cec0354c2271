"""How well a learner knows each lesson, computed from their results (no widgets).

Each exercise of a lesson (:mod:`tressette_learn.teaching.exercises`) counts with the best
stars of its attempts (:mod:`.stars`); a lesson is *passed* when enough of its exercises
have a star, *started* once any of them was tried, else *todo*. Results of exercises a
lesson no longer has are kept in the store and ignored here, so the course can change.

A mistake replayed from a review (``exercise`` ``replay``) counts for the lesson its result
names, the one that teaches the point: as an attempt of that lesson (its hints and time
too), not toward its pass or its stars, which come from the lesson's own exercises only.
"""

from __future__ import annotations

import dataclasses
import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence

from ..teaching.course import Lesson, course
from ..teaching.exercises import Exercise, exercises
from ..teaching.results import Attempt, Result
from ..teaching.stars import PASS_SHARE, lesson_stars, passed, stars
from .quiz_scores import FirstAnswers, LessonScore, lesson_scores

__all__ = ["ExerciseMastery", "FirstAnswers", "LessonMastery", "LessonScore", "attempt_of",
           "course_mastery", "lesson_mastery", "lesson_scores", "next_step", "quiz_attempts"]

MIGRATED = "v2-"  # the attempt ids the migration gave the answers of schema version 1
PRACTICE = "replay"  # the exercise of a result that counts as an attempt, not toward a pass


@dataclasses.dataclass(frozen=True)
class ExerciseMastery:
    """One exercise with the learner's attempts at it: the best stars, how many attempts,
    the hints used and the time spent over all of them."""

    exercise: Exercise
    stars: int = 0
    attempts: int = 0
    hints: int = 0
    seconds: float = 0.0


@dataclasses.dataclass(frozen=True)
class LessonMastery:
    """A lesson's exercises as the learner has done them; ``attempts`` counts the tries at
    them, a quiz gone through once being one."""

    lesson: Lesson
    exercises: tuple[ExerciseMastery, ...]
    attempts: int = 0
    practice: tuple[Result, ...] = ()  # the lesson's replayed mistakes (not toward the pass)

    @property
    def total(self) -> int:
        """How many exercises the lesson has."""
        return len(self.exercises)

    @property
    def earned(self) -> int:
        """How many exercises have a best of one star or more."""
        return sum(1 for item in self.exercises if item.stars >= 1)

    @property
    def passed(self) -> bool:
        """Enough exercises have a star (:data:`.stars.PASS_SHARE` of them)."""
        return passed((item.stars for item in self.exercises), self.total)

    @property
    def stars(self) -> int:
        """The lesson's stars, 0 to 3 (0 until passed)."""
        return lesson_stars((item.stars for item in self.exercises), self.total)

    @property
    def left(self) -> int:
        """How many more exercises need a star for the lesson to be passed."""
        return max(0, math.ceil(PASS_SHARE * self.total) - self.earned)

    @property
    def hints(self) -> int:
        """The hints used over every attempt (replayed mistakes too)."""
        return sum(item.hints for item in self.exercises) + \
            sum(result.hints for result in self.practice)

    @property
    def seconds(self) -> float:
        """The time spent over every attempt, replayed mistakes too (as the widgets
        measured it)."""
        return sum(item.seconds for item in self.exercises) + \
            sum(result.seconds or 0.0 for result in self.practice)

    @property
    def state(self) -> str:
        """``passed``, ``started`` (tried, not passed) or ``todo``."""
        return "passed" if self.passed else "started" if self.attempts else "todo"


def attempt_of(result: Result) -> str:
    """The attempt a result belongs to; the answers the migration brought over, each with
    an attempt of its own, count as one attempt per quiz (they were one go through it)."""
    if result.attempt.startswith(MIGRATED):
        return f"{MIGRATED}{result.source}"
    return result.attempt


def lesson_mastery(page: Lesson, results: Iterable[Result]) -> LessonMastery:
    """The lesson ``page`` as ``results`` (the learner's, any lesson's) show it."""
    return _lesson(page, _Sorted(results))


def course_mastery(results: Iterable[Result]) -> dict[str, LessonMastery]:
    """Every lesson with exercises, in course order, by id."""
    found = _Sorted(results)
    return {page.id: _lesson(page, found) for page in course() if exercises(page.id)}


class _Sorted:
    """Results by exercise (source and item), and the replayed mistakes by lesson."""

    def __init__(self, results: Iterable[Result]) -> None:
        self.by_key: dict[tuple[str, str], list[Result]] = defaultdict(list)
        self.practice: dict[str, list[Result]] = defaultdict(list)
        for result in results:
            if result.exercise == PRACTICE:
                self.practice[result.lesson].append(result)
            else:
                self.by_key[(result.source, result.item)].append(result)


def _lesson(page: Lesson, found: _Sorted) -> LessonMastery:
    items = exercises(page.id)
    by_key: Mapping[tuple[str, str], list[Result]] = found.by_key
    done = [_exercise(item, by_key.get(item.key, [])) for item in items]
    practice = tuple(found.practice.get(page.id, ()))
    tries = {attempt_of(result) for item in items for result in by_key.get(item.key, [])}
    tries |= {attempt_of(result) for result in practice}
    return LessonMastery(page, tuple(done), len(tries), practice)


def _exercise(item: Exercise, results: Sequence[Result]) -> ExerciseMastery:
    return ExerciseMastery(item, max((stars(result) for result in results), default=0),
                           len({attempt_of(result) for result in results}),
                           sum(result.hints for result in results),
                           sum(result.seconds or 0.0 for result in results))


def next_step(mastery: Mapping[str, LessonMastery]) -> Lesson | None:
    """The lesson to carry on with: the first one not passed (None: every one is)."""
    return next((item.lesson for item in mastery.values() if not item.passed), None)


def quiz_attempts(results: Iterable[Result], source: str) -> list[Attempt]:
    """The attempts at the quiz ``source``, oldest first, each with whether every question
    it answered was right (its first answer in that attempt)."""
    found: dict[str, dict[str, bool]] = {}
    for result in results:
        if result.source == source and result.exercise == "question":
            found.setdefault(attempt_of(result), {}).setdefault(result.item, result.solved)
    return [Attempt(uid, answers) for uid, answers in found.items()]
