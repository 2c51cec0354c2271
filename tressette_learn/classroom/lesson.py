"""A lesson page with the sign-in bar on top, so every answer is saved for the learner."""

from __future__ import annotations

import ipywidgets as widgets

from ..ui.lesson import LessonPage as BasePage
from .signin import SignIn


class LessonPage(BasePage):
    """:class:`tressette_learn.ui.lesson.LessonPage` whose header signs the learner in."""

    def header(self) -> widgets.VBox:
        """The sign-in bar, then the language switch, the title and the goal."""
        box = super().header()
        return widgets.VBox([SignIn(settings=self.settings), *box.children])
