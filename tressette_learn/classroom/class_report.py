"""What the teacher reads of the exercises' results (no widgets): each learner's stars,
attempts, hints and time in each lesson, and the exercises the class misses most.

Everything is computed from the stored results (:meth:`Store.class_results`) by
:mod:`.mastery`, as the learner's own progress map is, so the teacher and the learner read
the same stars. The exercises missed are named by the course's exercises
(:mod:`tressette_learn.teaching.exercises`), else by what their results say.
"""

from __future__ import annotations

import csv
import dataclasses
import functools
import io
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence

from ..store import LearnerResult, Result
from ..teaching.course import course
from ..teaching.exercises import Exercise, course_exercises
from .dashboard import Question, _cell, question_of
from .mastery import LessonMastery, course_mastery

Key = tuple[str, str]  # (source, item): an exercise as its results name it


@dataclasses.dataclass(frozen=True)
class LessonLine:
    """One learner's work in one lesson: ``stars`` (0 until passed), ``earned`` exercises
    with a best of a star or more out of ``exercises``, every attempt, hint and second."""

    name: str
    class_code: str
    lesson: str
    stars: int
    passed: bool
    earned: int
    exercises: int
    attempts: int
    hints: int
    seconds: float


@dataclasses.dataclass(frozen=True)
class Missed:
    """An exercise some learners tried and have not solved: ``tried`` learners tried it,
    ``unsolved`` of them have no solved attempt yet. ``title`` is what the exercise said it
    was (``{lang: text}``, maybe empty); ``question`` names a quiz question otherwise."""

    lesson: str
    source: str
    item: str
    exercise: str
    tried: int
    unsolved: int
    title: Mapping[str, str]
    question: Question

    @property
    def share(self) -> float:
        """The share of the learners who tried it and have not solved it."""
        return self.unsolved / self.tried if self.tried else 0.0


# -- per learner and lesson ---------------------------------------------------------------
def lesson_lines(rows: Iterable[LearnerResult]) -> list[LessonLine]:
    """One line per learner and lesson they tried, by class, name and the course's order."""
    mine: dict[tuple[str, str], list[Result]] = defaultdict(list)
    for row in rows:
        mine[(row.class_code, row.name)].append(row.result)
    return [_line(name, code, mastery) for code, name in sorted(mine)
            for mastery in course_mastery(mine[(code, name)]).values() if mastery.attempts]


def _line(name: str, code: str, mastery: LessonMastery) -> LessonLine:
    return LessonLine(name, code, mastery.lesson.id, mastery.stars, mastery.passed,
                      mastery.earned, mastery.total, mastery.attempts, mastery.hints,
                      mastery.seconds)


# -- the exercises the class misses ---------------------------------------------------------
def missed_exercises(rows: Sequence[LearnerResult]) -> list[Missed]:
    """Every exercise that some learner tried and has not solved, the most missed first
    (the largest share of learners, then the most learners, then the course's order)."""
    tried: dict[Key, set[tuple[str, str]]] = defaultdict(set)
    solved: dict[Key, set[tuple[str, str]]] = defaultdict(set)
    first: dict[Key, Result] = {}
    for row in rows:
        key, who = (row.result.source, row.result.item), (row.class_code, row.name)
        tried[key].add(who)
        if row.result.solved:
            solved[key].add(who)
        if key not in first or not first[key].data.get("title"):
            first[key] = row.result
    missed = [_missed(first[key], len(tried[key]), len(tried[key] - solved[key]))
              for key in tried if tried[key] - solved[key]]
    order = {lesson.id: place for place, lesson in enumerate(course())}
    return sorted(missed, key=lambda m: (-m.share, -m.tried, order.get(m.lesson, len(order)),
                                         m.source, m.item))


def _missed(result: Result, tried: int, unsolved: int) -> Missed:
    """The exercise as the course names it, else as its results do."""
    known = _course_exercises().get((result.source, result.item))
    if known is not None:
        return Missed(known.lesson, known.source, known.item, known.exercise, tried, unsolved,
                      dict(known.title), question_of({"source": known.source,
                                                      "item": known.item, "data": {}}))
    title = result.data.get("title")
    if not (isinstance(title, dict) and all(isinstance(v, str) for v in title.values())):
        title = {}
    question = question_of({"source": result.source, "item": result.item,
                            "data": result.data})
    return Missed(result.lesson, result.source, result.item, result.exercise, tried,
                  unsolved, title, question)


@functools.cache
def _course_exercises() -> dict[Key, Exercise]:
    return {item.key: item for found in course_exercises().values() for item in found}


# -- the spreadsheet ------------------------------------------------------------------------
LESSON_CSV_FIELDS = ("name", "class", "lesson", "stars", "passed", "earned", "exercises",
                     "attempts", "hints", "minutes")


def lessons_csv(lines: Iterable[LessonLine], head: Sequence[str],
                lesson_names: Mapping[str, str], yes_no: tuple[str, str]) -> str:
    """The lessons table as CSV text, one row per learner and lesson: ``head`` names the
    columns (:data:`LESSON_CSV_FIELDS`), ``lesson_names`` the lessons, ``yes_no`` passed."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(head)
    for line in lines:
        writer.writerow([_cell(line.name), line.class_code,
                         lesson_names.get(line.lesson, line.lesson), line.stars,
                         yes_no[0] if line.passed else yes_no[1], line.earned, line.exercises,
                         line.attempts, line.hints, f"{line.seconds / 60:.1f}"])
    return out.getvalue()


__all__ = ["LESSON_CSV_FIELDS", "LessonLine", "Missed", "lesson_lines", "lessons_csv",
           "missed_exercises"]
