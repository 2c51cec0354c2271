"""The learner's language and faces: the switch that chooses them (:func:`language_switch`),
kept in the browser and applied as a page opens.

:class:`Preferences` draws nothing: it reads the choice saved in the browser
(``localStorage``) when the page opens and offers it to the settings, hiding the page until
the kernel has answered so that the learner does not see it redrawn; every later choice is
saved back. It also names the browser tab in the chosen language. A signed-in learner's
choice is kept in the progress store too (:mod:`tressette_learn.ui.classroom.recorder`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from ..engine.svg import FACES
from .events import LOG
from .i18n import LANGUAGES, t
from .messages import checked
from .settings import SETTINGS, Settings

SHAPES: Mapping[str, Mapping[str, type]] = {
    "restore": {"lang": str, "faces": str, "at": str},
}


class Preferences(anywidget.AnyWidget):
    """The browser's copy of ``settings`` (``saved``), and the page's title (``title``)."""

    _esm = Path(__file__).with_name("preferences.js")
    saved = traitlets.Dict().tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    #: How long the page waits for Voilà to create its widgets before it offers the saved
    #: choice (an update to a model still being created is lost). Served, the page's widgets
    #: come from the kernel at once and a busy class server took over 4 s for lesson 7; on
    #: the static site the widget manager never says it is done, so 4 s is the wait.
    restore_wait_ms = traitlets.Int(4000 if sys.platform == "emscripten" else 30000).tag(
        sync=True)

    def __init__(self, settings: Settings = SETTINGS,
                 title: Callable[[str], str] | None = None) -> None:
        super().__init__()
        self.settings = settings
        self._title = title
        self.on_msg(self._on_message)
        settings.observe(self._update, ["lang", "faces", "chosen_at"])
        self._update()

    def _on_message(self, _widget: object, content: Any, _buffers: object) -> None:
        msg = checked("Preferences", content, SHAPES)
        if msg is not None:
            try:
                self.settings.offer(msg["lang"], msg["faces"], msg["at"])
            except ValueError as err:
                LOG.warning("Preferences ignored a saved choice: %s", err)
        self.send({"type": "settled"})  # the page may show itself now

    def _update(self, _change: object = None) -> None:
        settings = self.settings
        self.saved = {"lang": settings.lang, "faces": settings.faces, "at": settings.chosen_at}
        self.title = self._title(settings.lang) if self._title else ""


def language_switch(settings: Settings = SETTINGS,
                    title: Callable[[str], str] | None = None) -> widgets.HBox:
    """Two toggles, language and faces; changing one redraws every widget. The choice is
    kept in the browser and applied on every page (``title(lang)`` names the page)."""
    lang = widgets.ToggleButtons(options=[(t("words.language", code), code) for code in LANGUAGES],
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
    return widgets.HBox([lang, faces, Preferences(settings, title)])
