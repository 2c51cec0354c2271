"""Each lesson's quiz scored from a learner's first answers (no widgets): the teacher's
dashboard reads these until it moves to the results (:mod:`.mastery` is what a learner sees).

A lesson's quiz is *finished* when every one of its questions has an answer, and *passed*
when, besides, at least :data:`PASS_SHARE` of the first answers were right.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from fractions import Fraction

from ..teaching.bank import bank_source, load_bank
from ..teaching.course import Lesson, course

PASS_SHARE = Fraction(2, 3)  # of a quiz's questions answered right the first time

FirstAnswers = Mapping[str, Mapping[str, bool]]  # quiz (source) -> question id -> right


@dataclasses.dataclass(frozen=True)
class LessonScore:
    """A learner's first answers to one lesson's quiz."""

    lesson: Lesson
    right: int
    answered: int
    total: int

    @property
    def finished(self) -> bool:
        """Every question of the quiz has an answer."""
        return self.answered >= self.total

    @property
    def passed(self) -> bool:
        """Finished, with enough first answers right."""
        return self.finished and self.right >= PASS_SHARE * self.total


def lesson_scores(first: FirstAnswers) -> dict[str, LessonScore]:
    """Each lesson with a quiz (by id), scored from ``first``."""
    return {lesson.id: _score(lesson, first) for lesson in course() if lesson.quiz}


def _score(lesson: Lesson, first: FirstAnswers) -> LessonScore:
    assert lesson.quiz is not None
    ids = [question.id for question in load_bank(lesson.quiz)]
    given = first.get(bank_source(lesson.quiz), {})
    answers = [given[qid] for qid in ids if qid in given]
    return LessonScore(lesson, sum(answers), len(answers), len(ids))

