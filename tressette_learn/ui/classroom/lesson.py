"""A lesson page with the sign-in bar on top, so every answer is saved for the learner, and
the learner's stars in the lesson under its goal."""

from __future__ import annotations

import ipywidgets as widgets

from ..lesson import LessonPage as BasePage
from ..settings import SETTINGS, Settings
from .progress import LessonStars
from .recorder import Recorder, recorder
from .signin import SignIn


class LessonPage(BasePage):
    """:class:`tressette_learn.ui.lesson.LessonPage` whose header signs the learner in; the
    events of this page are saved under its lesson."""

    def __init__(self, lesson_id: str, settings: Settings = SETTINGS,
                 rec: Recorder | None = None) -> None:
        super().__init__(lesson_id, settings)
        self.recorder = rec or recorder()
        self.recorder.page = self.lesson.id

    def header(self) -> widgets.VBox:
        """The sign-in bar, then the language switch, the title, the goal and the learner's
        stars in this lesson."""
        box = super().header()
        return widgets.VBox([SignIn(self.recorder, settings=self.settings), *box.children,
                             LessonStars(self.lesson.id, self.recorder, self.settings)])
