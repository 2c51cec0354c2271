"""The review deck: the exercises due for review one at a time, then fresh drills.

Each exercise is asked again by a one-question quiz that records its ``result`` under the
exercise's own set, item and lesson, so the schedule moves on. The deck is told what is
due (:meth:`ReviewDeck.load`); :mod:`tressette_learn.ui.classroom.review_page` tells it for the
signed-in learner. It redraws itself when the learner switches language.
"""

from __future__ import annotations

import dataclasses
import html
import random
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import Any, Protocol

import ipywidgets as widgets

from ..content import ContentError
from ..i18n import Phrase, Text, Wording
from ..teaching.course import lesson
from ..teaching.drills import fresh
from ..teaching.questions import Question, QuestionError
from ..teaching.recall import recall
from .events import LOG, Event, EventSource
from .i18n import t
from .quiz import Quiz
from .settings import SETTINGS, Settings

FRESH = 4  # drills drawn at a time once nothing is due


class Due(Protocol):
    """What the deck needs of an item due for review (a ``ReviewItem`` of the schedule)."""

    @property
    def source(self) -> str: ...
    @property
    def item(self) -> str: ...
    @property
    def lesson(self) -> str: ...
    @property
    def exercise(self) -> str: ...


@dataclasses.dataclass(frozen=True)
class Exercise:
    """A question to ask again and where its result goes: its set, lesson and exercise."""

    question: Question
    source: str
    lesson: str
    exercise: str
    title: Wording | None


def due_exercises(items: Iterable[Due]) -> list[Exercise]:
    """The items rebuilt as questions (one that cannot be rebuilt is logged and left out)."""
    out = []
    for item in items:
        try:
            question = recall(item.source, item.item)
        except (QuestionError, ContentError):
            LOG.warning("review: %s %s cannot be asked again", item.source, item.item)
            continue
        title = (_drill_title(item.source.removeprefix("drill-")) if item.exercise == "drill"
                 else _lesson_title(item.lesson))
        out.append(Exercise(question, item.source, item.lesson, item.exercise, title))
    return out


def fresh_exercises(seed: int, n: int = FRESH) -> list[Exercise]:
    """``n`` drills drawn from ``seed``."""
    return [Exercise(question, drill.source, drill.lesson, "drill", _drill_title(drill.name))
            for drill, question in fresh(seed, n)]


def _drill_title(name: str) -> Wording:
    return Phrase.of("review_deck.title.drill", title=Phrase.of(f"review_deck.drill.{name}"))


def _lesson_title(lesson_id: str) -> Wording | None:
    try:
        titles = lesson(lesson_id).title
    except ContentError:
        return None
    return Phrase.of("review_deck.from_lesson", title=Text.of(titles))


def day_words(when: datetime, lang: str) -> str:
    """The day of ``when`` in words: ``Thursday 3 December``, ``giovedì 3 dicembre``."""
    return t("review_deck.date", lang, day=when.day,
             weekday=t(f"review_deck.weekday.{when.weekday()}", lang),
             month=t(f"review_deck.month.{when.month}", lang))


class ReviewQuiz(Quiz):
    """One exercise asked again: never resumed from earlier answers; its result is the
    exercise's; Next hands over to the deck (``done``)."""

    def __init__(self, exercise: Exercise, done: Callable[[], None],
                 settings: Settings = SETTINGS, **kwargs: Any) -> None:
        self.exercise, self.done = exercise, done
        super().__init__([exercise.question], quiz_id=exercise.source, lesson=exercise.lesson,
                         settings=settings, title=exercise.title, **kwargs)
        self.add_class("tl-review-quiz")

    def resume(self, answered: object) -> None:
        """A review asks again, whatever was answered before."""

    def result_event(self, result: Any) -> Event:
        event = super().result_event(result)
        return dataclasses.replace(event, data={**event.data,
                                                "exercise": self.exercise.exercise})

    def next_question(self) -> None:
        if (self.result is not None and self.result.valid) or self.broken:
            self.done()

    def close(self) -> None:
        """Close once (the deck closes a quiz it takes off the screen; so may the garbage
        collector, later)."""
        if not self.__dict__.get("_closed"):
            self.__dict__["_closed"] = True
            super().close()


class ReviewDeck(widgets.VBox, EventSource):
    """The due exercises one at a time, then fresh drills; a line above says where the
    learner is ("Nothing due: come back on ..." once the due ones are done)."""

    def __init__(self, settings: Settings = SETTINGS, seed: int | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.settings = settings
        self.seed = random.randrange(2**31) if seed is None else seed
        self.status = widgets.HTML()
        self.status.add_class("tl-review-status")
        self.due: list[Exercise] = []
        self.queue: list[Exercise] = []
        self.position, self.batches = 0, 0
        self.next_due: datetime | None = None
        self.when: Callable[[], datetime | None] = lambda: None
        self.message: Phrase = Phrase.of("review_deck.sign_in")
        self.quiz: ReviewQuiz | None = None
        self.retired: ReviewQuiz | None = None  # off the screen, closed a step later
        self.add_class("tl-review")
        self.children = [self.status]
        settings.observe(self._redraw, names=["lang"])
        self._redraw()

    # -- what the deck shows ------------------------------------------------------------------
    def signed_out(self) -> None:
        """Nobody is signed in: say to sign in, ask nothing."""
        self._stop(Phrase.of("review_deck.sign_in"))

    def unavailable(self, reason: str) -> None:
        """The learner's results cannot be read: say so, ask nothing."""
        self._stop(Phrase.of("review_deck.unavailable", reason=reason))

    def load(self, due: Sequence[Due], next_due: Callable[[], datetime | None]) -> None:
        """Ask the ``due`` items (rebuilt from their sets), then fresh drills; ``next_due``
        says when the next item falls due (asked once the due ones are answered)."""
        self.due, self.when, self.next_due = due_exercises(due), next_due, None
        self.queue, self.position, self.batches = list(self.due), 0, 0
        self._show()

    @property
    def reviewing(self) -> bool:
        """Whether the exercise on screen is one due for review (not a fresh drill)."""
        return self.quiz is not None and self.position < len(self.due)

    # -- moving on ------------------------------------------------------------------------------
    def advance(self) -> None:
        """The next exercise (new drills are drawn when the queue runs out)."""
        self.position += 1
        self._show()

    def _show(self) -> None:
        if self.position == len(self.due):
            self.next_due = self.when()
        if self.position >= len(self.queue):
            self.batches += 1
            self.queue += fresh_exercises(self.seed + self.batches)
        old, self.quiz = self.quiz, ReviewQuiz(self.queue[self.position], self.advance,
                                               self.settings)
        self.children = [self.status, self.quiz]
        self._retire(old)
        self._redraw()

    def _retire(self, quiz: ReviewQuiz | None) -> None:
        """Close the quiz retired the step before, and keep ``quiz`` open one step more: the
        browser may still be drawing it from messages in flight (closing it at once made
        "widget model not found" under load)."""
        if self.retired is not None:
            self.retired.close()
        self.retired = quiz

    def _stop(self, message: Phrase) -> None:
        self.message, self.due, self.queue, self.position = message, [], [], 0
        self.children = [self.status]
        self._retire(self.quiz)
        self.quiz = None
        self._redraw()

    # -- drawing -------------------------------------------------------------------------------
    def status_text(self, lang: str) -> str:
        """The line above the exercise, in ``lang``."""
        if self.quiz is None:
            return self.message.get(lang)
        if self.reviewing:
            return t("review_deck.due", lang, n=len(self.due), number=self.position + 1)
        if self.next_due is not None:
            left = t("review_deck.nothing_due", lang, date=day_words(self.next_due, lang))
        else:
            left = t("review_deck.nothing_yet", lang)
        return f"{left} {t('review_deck.drills', lang)}"

    def _redraw(self, _change: object = None) -> None:
        self.status.value = f"<p><b>{html.escape(self.status_text(self.settings.lang))}</b></p>"

    def close(self) -> None:
        """Stop following the settings and close the exercise on screen."""
        self.settings.unobserve(self._redraw, names=["lang"])
        for quiz in (self.retired, self.quiz):
            if quiz is not None:
                quiz.close()
        super().close()
