"""The learner's way through the course, drawn from their results: the index page's progress
map (every lesson with its stars, passed, started or to do, the attempts, and the lesson to
carry on with) and the line under a lesson's title (its stars and what is left to pass it).
Both redraw when the learner signs in, when something of theirs is saved and when the
language changes."""

from __future__ import annotations

import html
from collections.abc import Mapping

import ipywidgets as widgets

from ...classroom.mastery import LessonMastery, course_mastery, lesson_mastery, next_step
from ...store import StoreError
from ...teaching.course import Lesson, course, lesson
from ...teaching.exercises import exercises
from ...teaching.results import Result
from ..i18n import t
from ..lesson import lesson_title
from ..settings import SETTINGS, Settings
from .recorder import Recorder, recorder

MARKS = {"passed": "✓", "started": "◔", "todo": "○"}
MOST_STARS = 3


def star_marks(stars: int) -> str:
    """``★★☆``: the stars earned, then the ones still to earn."""
    return "★" * stars + "☆" * (MOST_STARS - stars)


def stars_html(stars: int, lang: str) -> str:
    """:func:`star_marks` with its words (``2 stars of 3``) for a screen reader and a
    tooltip."""
    words = html.escape(t("progress.stars", lang, n=stars), quote=True)
    return (f'<span class="tl-stars" data-stars="{stars}" role="img" aria-label="{words}" '
            f'title="{words}">{star_marks(stars)}</span>')


class _ProgressView(widgets.HTML):
    """An HTML view of the signed-in learner's results, redrawn when they change."""

    def __init__(self, rec: Recorder | None, settings: Settings) -> None:
        super().__init__()
        self.recorder = rec or recorder()
        self.settings = settings
        self.recorder.observe(self.draw, ["learner", "written"])
        settings.observe(self.draw, "lang")

    def close(self) -> None:
        """Stop following the learner and the language."""
        self.recorder.unobserve(self.draw, ["learner", "written"])
        self.settings.unobserve(self.draw, "lang")
        super().close()

    def draw(self, _change: object = None) -> None:
        """Redraw from the store."""
        lang, learner = self.settings.lang, self.recorder.learner
        if learner is None:
            self.value = self.signed_out(lang)
            return
        try:
            results = self.recorder.store().results(learner)
        except StoreError as err:
            self.value = f"<p>{html.escape(t('progress.unavailable', lang, reason=str(err)))}</p>"
            return
        self.value = self.render(results, lang)

    def signed_out(self, lang: str) -> str:
        """What the view shows with nobody signed in."""
        raise NotImplementedError

    def render(self, results: list[Result], lang: str) -> str:
        """What the view shows for the learner's results."""
        raise NotImplementedError


class CourseProgress(_ProgressView):
    """The progress map: each lesson with its link and summary; for a signed-in learner,
    its mark, stars and attempts, and the lesson to carry on with."""

    def __init__(self, rec: Recorder | None = None, settings: Settings = SETTINGS) -> None:
        super().__init__(rec, settings)
        self.add_class("tl-progress")
        self.draw()

    def signed_out(self, lang: str) -> str:
        return _page(t("progress.sign_in", lang), "", {}, lang)

    def render(self, results: list[Result], lang: str) -> str:
        mastery = course_mastery(results)
        target = next_step(mastery)
        if target is None:
            return _page(t("progress.all_done", lang), "", mastery, lang)
        head = t("progress.next", lang, title=lesson_title(target, lang))
        link = f' <a class="tl-progress-next" href="{target.notebook}">→</a>'
        return _page(head, link, mastery, lang)


def _page(head: str, link: str, mastery: Mapping[str, LessonMastery], lang: str) -> str:
    items = "".join(_item(page, mastery.get(page.id), bool(mastery), lang)
                    for page in course())
    return (f'<p class="tl-progress-head"><strong>{html.escape(head)}</strong>{link}</p>'
            f'<ul class="tl-progress-lessons">{items}</ul>')


def _item(page: Lesson, done: LessonMastery | None, signed_in: bool, lang: str) -> str:
    state = done.state if done is not None else "todo"
    marks = (f'<span class="tl-progress-mark">{MARKS[state]}</span> '
             f"{stars_html(done.stars, lang)} " if signed_in and done is not None else "")
    note = f" · {html.escape(state_text(done, lang))}" if done and done.attempts else ""
    return (f'<li data-lesson="{page.id}" class="{state}">{marks}'
            f'<a href="{page.notebook}">{html.escape(lesson_title(page, lang))}</a>: '
            f"{html.escape(page.summary[lang])}{note}</li>")


def state_text(done: LessonMastery, lang: str) -> str:
    """``passed (2 attempts)``, ``3 of 9 exercises with a star, 4 more to pass (1 attempt)``
    or ``to do``."""
    if not done.attempts:
        return t("progress.todo", lang)
    if done.passed:
        return t("progress.passed", lang, attempts=done.attempts)
    return t("progress.started", lang, earned=done.earned, total=done.total, left=done.left,
             attempts=done.attempts)


class LessonStars(_ProgressView):
    """The line under a lesson's title: its stars and what is left to pass it (nothing
    with nobody signed in, or for a lesson without exercises)."""

    def __init__(self, lesson_id: str, rec: Recorder | None = None,
                 settings: Settings = SETTINGS) -> None:
        super().__init__(rec, settings)
        self.lesson = lesson(lesson_id)
        self.add_class("tl-lesson-stars")
        self.draw()

    def signed_out(self, lang: str) -> str:
        return ""

    def render(self, results: list[Result], lang: str) -> str:
        if not exercises(self.lesson.id):
            return ""
        done = lesson_mastery(self.lesson, results)
        return f"<p>{stars_html(done.stars, lang)} {html.escape(lesson_line(done, lang))}</p>"


def lesson_line(done: LessonMastery, lang: str) -> str:
    """A lesson's stars and what is left to pass it, in words."""
    if done.passed:
        return t("progress.lesson.passed", lang, stars=t("progress.stars", lang, n=done.stars))
    if not done.earned:
        return t("progress.lesson.todo", lang, need=done.left, total=done.total)
    return t("progress.lesson.started", lang, earned=done.earned, total=done.total,
             left=done.left)


__all__ = ["CourseProgress", "LessonStars", "lesson_line", "star_marks", "stars_html",
           "state_text"]
