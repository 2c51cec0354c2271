"""The learner's way through the course: lessons done, and where to carry on."""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..teaching.course import course
from ..ui.i18n import t
from ..ui.settings import SETTINGS, Settings
from .recorder import Recorder, recorder
from .store import StoreError


class CourseProgress(widgets.HTML):
    """Each lesson with a tick when done, and a link to the lesson to do next."""

    def __init__(self, rec: Recorder | None = None, settings: Settings = SETTINGS) -> None:
        super().__init__()
        self.recorder = rec or recorder()
        self.settings = settings
        self.add_class("tl-progress")
        self.recorder.observe(self.draw, "learner")
        settings.observe(self.draw, "lang")
        self.draw()

    def draw(self, _change: object = None) -> None:
        """Redraw from the store (nothing until a learner signs in)."""
        lang, learner = self.settings.lang, self.recorder.learner
        if learner is None:
            self.value = f"<p>{html.escape(t('progress.sign_in', lang))}</p>"
            return
        try:
            done = self.recorder.store().completed_lessons(learner)
        except StoreError as err:
            self.value = f"<p>{html.escape(t('progress.unavailable', lang, reason=str(err)))}</p>"
            return
        lessons = course()
        items = "".join(
            f'<li data-lesson="{item.id}" class="{"done" if item.id in done else "todo"}">'
            f'{"✓" if item.id in done else "○"} <a href="{item.notebook}">'
            f"{item.number} · {html.escape(item.title[lang])}</a></li>" for item in lessons)
        following = next((item for item in lessons[1:] if item.id not in done), None)
        head = (t("progress.next", lang, title=following.title[lang]) if following
                else t("progress.all_done", lang))
        link = f' <a class="tl-progress-next" href="{following.notebook}">→</a>' if following \
            else ""
        self.value = f"<p><strong>{html.escape(head)}</strong>{link}</p><ul>{items}</ul>"
