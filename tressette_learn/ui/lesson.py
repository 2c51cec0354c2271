"""A lesson page: its title, goal, text sections and links in the learner's language, its quiz.

A notebook shows ``page.header()``, then sections and widgets, then ``page.quiz()`` and
``page.navigation()``; the texts live in ``lessons/pages/<id>.yaml`` and switch language
with the rest (the notebook itself holds no text a learner reads).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from ..teaching.course import Lesson, by_role, lesson, neighbours
from .events import Event, EventSource
from .i18n import t
from .markup import inline, to_html
from .preferences import language_switch
from .quiz import Quiz
from .settings import SETTINGS, Settings

#: Links in the course's texts look like links (Voilà's theme leaves a widget's links in the
#: colour of the text, without an underline). Drawn hands and tricks shrink to the width of
#: a narrow screen (a phone): a text's content kept its drawings' width, so a hand of ten
#: ran six cards past the screen's edge.
PAGE_STYLE = ("<style>.tl-lesson-text a, .tl-lesson-nav a, .tl-progress a, .tl-lesson-goal a "
              "{ color: #0b57d0; text-decoration: underline; }"
              " .tl-lesson-text a:visited, .tl-lesson-nav a:visited, .tl-progress a:visited "
              "{ color: #6a1b9a; }"
              " .widget-html-content { min-width: 0; max-width: 100%; }"
              " .widget-html-content svg[role=group] { max-width: 100%; height: auto; }"
              # on a phone a form's labels go above their lists ("Livello del compu…")
              " @media (max-width: 480px) { .tl-match-setup .widget-dropdown { flex-wrap: wrap;"
              " height: auto; }"
              " .tl-match-setup .widget-dropdown > .widget-label { width: 100% !important;"
              " max-width: none; text-align: left; } }"
              "</style>")


def lesson_title(item: Lesson, lang: str) -> str:
    """``3 · Following suit``: the lesson's number and title in ``lang``."""
    return f"{item.number} · {item.title[lang]}"


class LessonPage(EventSource):
    """The texts and quiz of one lesson; each piece is a widget that redraws on a switch."""

    def __init__(self, lesson_id: str, settings: Settings = SETTINGS) -> None:
        self.lesson: Lesson = lesson(lesson_id)
        self.settings = settings
        self._texts: list[tuple[widgets.HTML, Any]] = []
        settings.observe(self._redraw, "lang")

    def header(self) -> widgets.VBox:
        """The language switch, the lesson's title and its goal."""
        title = self._html(lambda lang: f"<h1>{inline(self.title(lang))}</h1>",
                           "tl-lesson-title")
        goal = self._html(lambda lang: (
            f"<p><strong>{html.escape(t('lesson.goal', lang))}</strong> "
            f"{inline(self.lesson.goal[lang])}</p>"), "tl-lesson-goal")
        switch = language_switch(self.settings, lambda lang: t(
            "lesson.tab_title", lang, title=self.title(lang)))
        return widgets.VBox([switch, title, goal, widgets.HTML(PAGE_STYLE)])

    def title(self, lang: str) -> str:
        """This lesson's number and title in ``lang``."""
        return lesson_title(self.lesson, lang)

    def section(self, name: str) -> widgets.HTML:
        """The text ``name`` of this lesson's page."""
        if name not in self.lesson.sections:
            raise KeyError(f"pages/{self.lesson.id}.yaml has no section {name!r}")
        return self._html(lambda lang: to_html(self.lesson.sections[name][lang]),
                          "tl-lesson-text")

    def navigation(self) -> widgets.HTML:
        """Links to the lesson before and the one after (the index after the last)."""
        return self._html(self._links, "tl-lesson-nav")

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

    def _links(self, lang: str) -> str:
        before, after = neighbours(self.lesson.id)
        links = []
        if before is not None:
            links.append(_link(before, "tl-nav-previous", "lesson.index"
                               if before.role == "index" else "lesson.previous", lang))
        if after is None:
            links.append(_link(by_role("index"), "tl-nav-next", "lesson.back_to_index", lang))
        else:
            links.append(_link(after, "tl-nav-next", "lesson.start" if before is None
                               else "lesson.next", lang))
        return f'<nav><p>{" · ".join(links)}</p></nav>'

    def _html(self, render: Any, css: str) -> widgets.HTML:
        box = widgets.HTML(render(self.settings.lang))
        box.add_class(css)
        self._texts.append((box, render))
        return box

    def _redraw(self, _change: object = None) -> None:
        for box, render in self._texts:
            box.value = render(self.settings.lang)


def _link(target: Lesson, css: str, key: str, lang: str) -> str:
    text = t(key, lang, title=lesson_title(target, lang))
    return f'<a class="{css}" href="{target.notebook}">{html.escape(text)}</a>'
