"""The teacher's upload of progress files saved on the static site: one or more files at
once, each imported or refused with its reason, and the dashboard redrawn.

The browser weighs each file before sending it (``import_box.js``): a file larger than the
limit never reaches the kernel, whose connection would close on a message that big; the
box says so in words, as it says why any other file was refused. Each file that fits comes
as one message with its bytes, checked again here. The box takes no file from the page
until the dashboard is opened with the teacher key (``allowed``): its picker exists, and can
be sent messages, from the moment the teacher's page is shown."""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from ...i18n import Phrase
from ...store import Store
from ...store.progress_import import MAX_BYTES, MAX_MB, import_file, imported, shown
from ..events import LOG
from ..i18n import t
from ..messages import checked
from ..settings import SETTINGS, Settings

MAX_NAME = 200  # characters of a file name the browser sends
MESSAGES = {kind: {"name": str, "index": int, "count": int} for kind in ("file", "too_big")}


class FilePicker(anywidget.AnyWidget):
    """The button that chooses files; each file arrives as a message (see the module)."""

    _esm = Path(__file__).with_name("import_box.js")
    state = traitlets.Dict().tag(sync=True)  # button, sending (with {file}), most_bytes
    handled = traitlets.Int(0).tag(sync=True)  # files choices done (the page stops waiting)


class ImportBox(widgets.VBox):
    """A title, a line on what the files are, the upload button and what each file did."""

    def __init__(self, store: Callable[[], Store], settings: Settings = SETTINGS,
                 done: Callable[[], Any] = lambda: None,
                 allowed: Callable[[], bool] = lambda: True) -> None:
        self.store, self.settings, self.done, self.allowed = store, settings, done, allowed
        self.said: list[Phrase] = []
        self.title, self.status = widgets.HTML(), widgets.HTML()
        self.picker = FilePicker()
        self.picker.on_msg(self._received)
        self.status.add_class("tl-teacher-import-status")
        super().__init__([self.title, self.picker, self.status])
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

    def _received(self, _widget: object, content: Any, buffers: list[Any]) -> None:
        """One file chosen in the browser (its bytes, or only its name if too big)."""
        if not self.allowed():
            LOG.warning("ImportBox ignored a file sent before the teacher key was given")
            return
        msg = checked("ImportBox", content, MESSAGES, max_text=MAX_NAME)
        if msg is None or not 0 <= msg["index"] < msg["count"]:
            return
        if len(buffers or []) != (1 if msg["type"] == "file" else 0):
            LOG.warning("ImportBox ignored a message with %d buffers", len(buffers or []))
            return
        if msg["index"] == 0:
            self.said = []
        if msg["type"] == "file":
            self.said.append(import_file(self.store(), msg["name"], bytes(buffers[0])))
        else:
            self.said.append(Phrase.of("teacher.import.too_big", file=shown(msg["name"]),
                                       most=MAX_MB))
        self.draw()
        if msg["index"] == msg["count"] - 1:
            self.picker.handled += 1
            if any(imported(phrase) for phrase in self.said):
                self.done()  # the dashboard is redrawn only when the class changed

    def draw(self, _change: object = None) -> None:
        """Labels and the last import's lines in the current language."""
        lang = self.settings.lang
        self.title.value = (f"<h3>{html.escape(t('teacher.import.title', lang))}</h3>"
                            f"<p>{html.escape(t('teacher.import.intro', lang))}</p>")
        self.picker.state = {"button": t("teacher.import.button", lang),
                             "sending": t("teacher.import.sending", lang, file="{file}"),
                             "most_bytes": MAX_BYTES}
        lines = "".join(f"<li>{html.escape(phrase.get(lang))}</li>" for phrase in self.said)
        self.status.value = f"<ul>{lines}</ul>" if lines else ""
