"""The learner's language and faces kept in the browser and applied as a page opens.

:class:`Preferences` draws nothing: it reads the choice saved in the browser
(``localStorage``) when the page opens and offers it to the settings, hiding the page until
the kernel has answered so that the learner does not see it redrawn; every later choice is
saved back. It also names the browser tab in the chosen language. A signed-in learner's
choice is kept in the progress store too (:mod:`tressette_learn.ui.classroom.recorder`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from .events import LOG
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
