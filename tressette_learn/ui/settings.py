"""The learner's display choices shared by every widget: language and card faces."""

from __future__ import annotations

import ipywidgets as widgets
import traitlets

from ..engine.svg import set_display
from .i18n import LANGUAGES, t

FACES = ("italian", "french")


class Settings(traitlets.HasTraits):
    """Language (``en``/``it``) and faces (``italian``/``french``); widgets observe it."""

    lang = traitlets.Enum(LANGUAGES, default_value="en")
    faces = traitlets.Enum(FACES, default_value="italian")

    def __init__(self, drives_display: bool = False, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.drives_display = drives_display

    @traitlets.observe("lang", "faces")
    def _sync_engine(self, _change: object) -> None:
        """The shared settings also choose how cards draw themselves in a notebook."""
        if self.drives_display:
            set_display(faces=self.faces, lang=self.lang)


SETTINGS = Settings(drives_display=True)


def language_switch(settings: Settings = SETTINGS) -> widgets.HBox:
    """Two toggles, language and faces; changing one redraws every widget."""
    lang = widgets.ToggleButtons(options=[("English", "en"), ("Italiano", "it")],
                                 value=settings.lang, style={"button_width": "6em"})
    faces = widgets.ToggleButtons(options=FACES, value=settings.faces,
                                  style={"button_width": "8em"})
    lang.add_class("tl-lang-switch")
    faces.add_class("tl-faces-switch")

    def label_faces(*_: object) -> None:
        faces.options = [(t("faces.italian", settings.lang), "italian"),
                         (t("faces.french", settings.lang), "french")]
        faces.value = settings.faces

    label_faces()
    traitlets.link((lang, "value"), (settings, "lang"))
    traitlets.link((faces, "value"), (settings, "faces"))
    settings.observe(label_faces, "lang")
    return widgets.HBox([lang, faces])
