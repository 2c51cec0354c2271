"""A lesson page: its title, goal and text sections in the learner's language, its quiz.

A notebook shows ``page.header()``, then sections and widgets, then ``page.quiz()``;
the texts live in ``lessons/pages/<id>.yaml`` and switch language with the rest.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from ..teaching.course import Lesson, lesson
from .events import Event, EventSource
from .i18n import t
from .markup import inline, to_html
from .quiz import Quiz
from .settings import SETTINGS, Settings, language_switch


class LessonPage(EventSource):
    """The texts and quiz of one lesson; each piece is a widget that redraws on a switch."""

    def __init__(self, lesson_id: str, settings: Settings = SETTINGS) -> None:
        self.lesson: Lesson = lesson(lesson_id)
        self.settings = settings
        self._texts: list[tuple[widgets.HTML, Any]] = []
        settings.observe(self._redraw, "lang")

    def header(self) -> widgets.VBox:
        """The language switch, the lesson's title and its goal."""
        title = self._html(lambda lang: f"<h2>{inline(self._title(lang))}</h2>", "tl-lesson-title")
        goal = self._html(lambda lang: (
            f"<p><strong>{html.escape(t('lesson.goal', lang))}</strong> "
            f"{inline(self.lesson.goal[lang])}</p>"), "tl-lesson-goal")
        return widgets.VBox([language_switch(self.settings), title, goal])

    def section(self, name: str) -> widgets.HTML:
        """The text ``name`` of this lesson's page."""
        if name not in self.lesson.sections:
            raise KeyError(f"pages/{self.lesson.id}.yaml has no section {name!r}")
        return self._html(lambda lang: to_html(self.lesson.sections[name][lang]),
                          "tl-lesson-text")

    def quiz(self, **kwargs: Any) -> Quiz:
        """This lesson's quiz, under its title; finishing it marks the lesson complete."""
        if self.lesson.quiz is None:
            raise ValueError(f"lesson {self.lesson.id} has no quiz")
        kwargs.setdefault("title", "quiz.title.lesson")
        quiz = Quiz.from_bank(self.lesson.quiz, lesson=self.lesson.id, **kwargs)
        quiz.on_event(self._quiz_event)
        return quiz

    def _quiz_event(self, event: Event) -> None:
        if event.kind == "quiz_end":
            self.emit(Event("lesson_complete", self.lesson.id, data=dict(event.data)))

    def _title(self, lang: str) -> str:
        return f"{self.lesson.number} · {self.lesson.title[lang]}"

    def _html(self, render: Any, css: str) -> widgets.HTML:
        box = widgets.HTML(render(self.settings.lang))
        box.add_class(css)
        self._texts.append((box, render))
        return box

    def _redraw(self, _change: object = None) -> None:
        for box, render in self._texts:
            box.value = render(self.settings.lang)
