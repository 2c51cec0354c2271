"""The teacher's upload of progress files saved on the static site: one or more files at
once, each imported or refused with its reason, and the dashboard redrawn."""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as widgets

from ..i18n import Phrase
from ..ui.i18n import t
from ..ui.settings import SETTINGS, Settings
from .progress_import import import_file
from .store import Store


class ImportBox(widgets.VBox):
    """A title, a line on what the files are, the upload button and what each file did."""

    def __init__(self, store: Callable[[], Store], settings: Settings = SETTINGS,
                 done: Callable[[], Any] = lambda: None) -> None:
        self.store, self.settings, self.done = store, settings, done
        self.said: list[Phrase] = []
        self.title, self.status = widgets.HTML(), widgets.HTML()
        self.upload = widgets.FileUpload(accept=".json,application/json", multiple=True)
        self.upload.observe(self._uploaded, "value")
        for part, css in ((self.upload, "tl-teacher-import-files"),
                          (self.status, "tl-teacher-import-status")):
            part.add_class(css)
        super().__init__([self.title, self.upload, self.status])
        self.add_class("tl-teacher-import")
        settings.observe(self.draw, "lang")
        self.draw()

    def import_files(self, files: Iterable[tuple[str, bytes]]) -> list[Phrase]:
        """Import each ``(name, content)``; what happened to each is shown and returned."""
        store = self.store()
        self.said = [import_file(store, name, content) for name, content in files]
        self.draw()
        self.done()
        return self.said

    def _uploaded(self, change: dict[str, Any]) -> None:
        files = [(str(f.get("name", "")), bytes(f.get("content", b""))) for f in change["new"]]
        if files:
            self.import_files(files)
            self.upload.value = ()  # the same file may be chosen again

    def draw(self, _change: object = None) -> None:
        """Labels and the last import's lines in the current language."""
        lang = self.settings.lang
        self.title.value = (f"<h3>{html.escape(t('teacher.import.title', lang))}</h3>"
                            f"<p>{html.escape(t('teacher.import.intro', lang))}</p>")
        self.upload.description = t("teacher.import.button", lang)
        lines = "".join(f"<li>{html.escape(phrase.get(lang))}</li>" for phrase in self.said)
        self.status.value = f"<ul>{lines}</ul>" if lines else ""
