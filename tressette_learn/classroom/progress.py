"""The learner's way through the course: every lesson with its summary, and once a learner
is signed in, their score in each lesson's quiz and where to carry on."""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..i18n import listed
from ..teaching.course import Lesson, course
from ..ui.i18n import t
from ..ui.lesson import lesson_title
from ..ui.settings import SETTINGS, Settings
from .mastery import LessonScore, lesson_scores, next_step
from .recorder import Recorder, recorder
from .store import StoreError

MARKS = {"passed": "✓", "finished": "◐", "started": "◔", "todo": "○"}


def state_of(score: LessonScore | None) -> str:
    """``passed``, ``finished`` (every question answered, not enough right), ``started``
    or ``todo``."""
    if score is None or not score.answered:
        return "todo"
    return "passed" if score.passed else "finished" if score.finished else "started"


class CourseProgress(widgets.HTML):
    """Each lesson with its link and summary; for a signed-in learner, a mark and a score
    per lesson and the lesson to do next."""

    def __init__(self, rec: Recorder | None = None, settings: Settings = SETTINGS) -> None:
        super().__init__()
        self.recorder = rec or recorder()
        self.settings = settings
        self.add_class("tl-progress")
        self.recorder.observe(self.draw, "learner")
        settings.observe(self.draw, "lang")
        self.draw()

    def draw(self, _change: object = None) -> None:
        """Redraw from the store."""
        lang, learner = self.settings.lang, self.recorder.learner
        if learner is None:
            self.value = _page(t("progress.sign_in", lang), "", {}, lang)
            return
        try:
            scores = lesson_scores(self.recorder.store().first_answers(learner))
        except StoreError as err:
            self.value = _page(t("progress.unavailable", lang, reason=str(err)), "", {}, lang)
            return
        head, target = _head(scores, lang)
        link = (f' <a class="tl-progress-next" href="{target.notebook}">→</a>'
                if target else "")
        self.value = _page(head, link, scores, lang)


def _head(scores: dict[str, LessonScore], lang: str) -> tuple[str, Lesson | None]:
    step, lessons = next_step(scores)
    if step == "next":
        return t("progress.next", lang, title=lessons[0].title[lang]), lessons[0]
    if step == "review":
        titles = [lesson_title(lesson, lang) for lesson in lessons]
        return t("progress.review", lang, titles=listed(titles, lang)), lessons[0]
    return t("progress.all_done", lang), None


def _page(head: str, link: str, scores: dict[str, LessonScore], lang: str) -> str:
    items = "".join(_item(lesson, scores.get(lesson.id), bool(scores), lang)
                    for lesson in course())
    return (f"<p><strong>{html.escape(head)}</strong>{link}</p>"
            f'<ul class="tl-progress-lessons">{items}</ul>')


def _item(lesson: Lesson, score: LessonScore | None, signed_in: bool, lang: str) -> str:
    state = state_of(score)
    mark = f'<span class="tl-progress-mark">{MARKS[state]}</span> ' if signed_in else ""
    result = ""
    if score is not None and score.answered:
        result = " · " + html.escape(t(f"progress.score.{state}", lang, right=score.right,
                                       answered=score.answered, total=score.total))
    return (f'<li data-lesson="{lesson.id}" class="{state}">{mark}'
            f'<a href="{lesson.notebook}">{html.escape(lesson_title(lesson, lang))}</a>: '
            f"{html.escape(lesson.summary[lang])}{result}</li>")
