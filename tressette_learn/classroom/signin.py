"""The sign-in bar: a name and an optional class code, typed once.

The browser remembers them (``localStorage``) and signs the learner in again on every
lesson page; the bar also says whether progress is being saved. On the class hub the
learner has signed in already: the bar signs them in as the hub's learner, asks nothing and
takes no other name from the browser (:mod:`.hub_learner`). On the static site the bar also
carries the learner's progress between the browser's storage and the kernel
(:mod:`.browser_store`), offers it as a file for the teacher and says it stays in this
browser.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..i18n import Phrase, Wording
from ..ui.events import LOG
from ..ui.i18n import t
from ..ui.messages import checked
from ..ui.settings import SETTINGS, Settings
from .browser_store import PREFIX, browser_storage, key_of
from .clock import now
from .hub_learner import hub_learner, served, when_served
from .recorder import Recorder, recorder
from .store import InputError, StoreError

SHAPES: Mapping[str, Mapping[str, type]] = {
    "sign_in": {"name": str, "class_code": str, "stored": dict},
    "restore": {"name": str, "class_code": str, "stored": dict},
    "stored": {"stored": dict},  # another tab of the course changed the browser's storage
    "sign_out": {}, "retry": {}, "keep_failed": {},
}
LABELS = ("name", "class_code", "start", "not_you", "retry", "intro", "export", "browser_note")


def export_file(name: str, day: str) -> str:
    """The name of a learner's progress file: ``tressette-progress-<name>-<date>.json``."""
    slug = re.sub(r"[^\w-]+", "-", name, flags=re.UNICODE).strip("-_") or "learner"
    return f"tressette-progress-{slug}-{day}.json"


class SignIn(anywidget.AnyWidget):
    """Name and class code in, "signed in as ..." and the saving status out."""

    _esm = Path(__file__).with_name("signin.js")
    _css = Path(__file__).with_name("signin.css")
    state = traitlets.Dict().tag(sync=True)

    def __init__(self, rec: Recorder | None = None, settings: Settings = SETTINGS) -> None:
        super().__init__()
        self.recorder = rec or recorder()
        self.settings = settings
        self.hub = hub_learner()
        self.served = served()  # the hub's lessons service says who: never the browser
        self._message: Wording | None = None
        self._kind = "info"
        self.browser = self.recorder.in_browser() and self.hub is None
        if self.browser:
            browser_storage().connect(self, self._keep)
        self.on_msg(self._on_message)
        settings.observe(self._draw, "lang")
        self.recorder.observe(self._draw, ["status", "learner", "problem"])
        self._draw()
        self._hub_sign_in()
        when_served(self._served_sign_in)

    def _served_sign_in(self, learner: tuple[str, str]) -> None:
        """Sign in as the learner the lessons service said this page is for."""
        self.hub = learner
        self._hub_sign_in()
        self._draw()

    def _hub_sign_in(self) -> None:
        """On the hub, sign in as its learner unless already signed in."""
        if self.hub is not None and self.recorder.learner is None:
            self.sign_in(*self.hub)

    def sign_in(self, name: str, class_code: str = "") -> bool:
        """Sign in; a bad name or code, or a refusing database, is told in the bar."""
        try:
            self.recorder.sign_in(name, class_code)
        except InputError as err:
            self._say(Phrase.of(err.key, **err.values), "error")
            return False
        except StoreError as err:
            self._say(Phrase.of("signin.store_failed", reason=str(err)), "error")
            return False
        self._say(None, "info")
        return True

    def _on_message(self, _widget: object, content: Any, _buffers: object) -> None:
        msg = checked("SignIn", content, SHAPES)
        if msg is None:
            return
        kind = msg["type"]
        if self.browser and "stored" in msg:
            browser_storage().receive(msg["stored"])
        if kind == "keep_failed":
            self._say(Phrase.of("signin.browser_full"), "error")
            return
        if self.hub is not None or self.served:  # the hub says who; the browser cannot
            if kind == "retry":
                self._hub_sign_in()
                self.recorder.flush()
            return
        if kind in ("sign_in", "restore"):
            if kind == "sign_in" or self.recorder.learner is None:
                self.sign_in(msg["name"], msg["class_code"])
        elif kind == "sign_out":
            self.recorder.sign_out()
        elif kind == "retry" and not self.recorder.flush():
            LOG.info("retry did not save the pending events")

    def _keep(self, key: str, text: str) -> None:
        """Have the page write a learner's progress into the browser's storage."""
        self.send({"type": "keep", "key": key, "text": text})

    def _say(self, text: Wording | None, kind: str) -> None:
        self._message, self._kind = text, kind
        self._draw()

    def _draw(self, _change: object = None) -> None:
        lang, rec = self.settings.lang, self.recorder
        learner = rec.learner
        labels = {key: t(f"signin.{key}", lang) for key in LABELS}
        status = t(f"signin.status.{rec.status}", lang, pending=len(rec.pending),
                   reason=rec.problem)
        self.state = {
            "signed_in": learner is not None,
            "name": learner.name if learner else "",
            "class_code": learner.class_code if learner else "",
            "who": t("signin.who", lang, name=learner.name, code=learner.class_code or "–")
            if learner else "",
            "status": status, "status_kind": rec.status,
            "message": self._message.get(lang) if self._message else "",
            "kind": self._kind, "labels": labels, "hub": self.hub is not None or self.served,
            "browser": self.browser, "store_prefix": PREFIX,
            "progress_key": key_of(learner.name, learner.class_code) if learner else "",
            "export_file": export_file(learner.name, now().date().isoformat())
            if learner else "",
        }
