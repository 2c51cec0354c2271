"""The sign-in bar: a name, an optional class code and the learner's PIN (chosen at the
first sign-in, :mod:`...store.identity`), checked here in the kernel.

After a sign-in the browser keeps the learner's id and a session token (``localStorage``,
never the PIN) with which every other lesson page signs them in again; a forged id or token
signs in no one. "Not you?" forgets the token and the page opens again empty, so nothing of
the previous learner stays on screen. The bar also says whether progress is being saved.
On the class hub the
learner has signed in already: the bar signs them in as the hub's learner, asks nothing and
takes no other name from the browser (:mod:`.hub_learner`). On the static site the bar also
carries the learner's progress between the browser's storage and the kernel
(:mod:`...store.browser_store`), offers it as a file for the teacher and says it stays in this
browser.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ...i18n import Joined, Phrase, Wording
from ...store import InputError, Learner, ProgressStore, Store, StoreError
from ...store.browser_identity import BrowserIdentities
from ...store.browser_store import KEPT, BrowserStore, browser_storage, key_of
from ...store.clock import now
from ...store.identity import Identities
from ..events import LOG
from ..i18n import t
from ..messages import checked
from ..settings import SETTINGS, Settings
from .hub_learner import hub_learner, served, when_served
from .recorder import Recorder, recorder

SHAPES: Mapping[str, Mapping[str, type]] = {
    "sign_in": {"name": str, "class_code": str, "pin": str, "stored": dict},
    "restore": {"learner": int, "token": str, "stored": dict},  # the session of this browser
    "stored": {"stored": dict},  # another tab of the course changed the browser's storage
    "sign_out": {}, "retry": {}, "keep_failed": {},
}
LABELS = ("name", "class_code", "pin", "pin_note", "start", "not_you", "retry", "intro",
          "export", "browser_note")


def identities(store: ProgressStore) -> Identities | BrowserIdentities:
    """Who may sign in, over this store (the static site's or a database)."""
    if isinstance(store, BrowserStore):
        return BrowserIdentities(store)
    if isinstance(store, Store):
        return Identities(store)
    raise TypeError(f"no identities over {type(store).__name__}")


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
        self._token: str | None = None  # this browser's session, once signed in here
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

    def sign_in(self, name: str, class_code: str = "", pin: str | None = None) -> bool:
        """Sign in (with the PIN; the hub's learner without one); a bad name, code or PIN,
        or a refusing database, is told in the bar. The browser gets a session token."""
        try:
            if pin is None:
                self.recorder.sign_in(name, class_code)
                self._say(None, "info")
                return True
            people = identities(self.recorder.store())
            entry = people.enter(name, class_code, pin)
            self._token = people.session(entry.learner)
        except InputError as err:
            self._say(Phrase.of(err.key, **err.values), "error")
            return False
        except StoreError as err:
            self._say(Phrase.of("signin.store_failed", reason=str(err)), "error")
            return False
        self._use(entry.learner)
        self.send({"type": "session", "learner": entry.learner.id, "token": self._token})
        said = ((Phrase.of("signin.chose_pin"),) if entry.chose_pin else ()) + \
            self._set_aside(entry.learner)
        self._say(Joined(said) if said else None, "info")
        return True

    def resume(self, learner_id: int, token: str) -> bool:
        """Sign in the learner of this browser's session (a forged one signs in no one)."""
        try:
            learner = identities(self.recorder.store()).resume(learner_id, token)
        except StoreError as err:
            self._say(Phrase.of("signin.store_failed", reason=str(err)), "error")
            return False
        if learner is None:
            self.send({"type": "forget"})
            return False
        self._token = token
        self._use(learner)
        said = self._set_aside(learner)
        if said:
            self._say(Joined(said), "info")
        return True

    def _set_aside(self, learner: Learner) -> tuple[Phrase, ...]:
        """What to say when the learner's progress in this browser could not be read and
        was kept aside (:meth:`.BrowserStore.progress`): they start again, not locked out."""
        store = self.recorder.store()
        aside = store.set_aside.pop(learner, None) if isinstance(store, BrowserStore) else None
        return (Phrase.of("signin.set_aside"),) if aside else ()

    def _use(self, learner: Learner) -> None:
        try:
            self.recorder.use(learner)
        except StoreError as err:
            self._say(Phrase.of("signin.store_failed", reason=str(err)), "error")

    def sign_out(self) -> None:
        """Forget the learner and this browser's session."""
        token, self._token = self._token, None
        if token is not None:
            try:
                identities(self.recorder.store()).sign_out(token)
            except StoreError as err:
                LOG.warning("session not forgotten: %s", err)
        self._message = None
        self.recorder.sign_out()

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
        signed_in = self.recorder.learner is not None  # "Not you?" first, then another one
        if kind == "sign_in" and not signed_in:
            self.sign_in(msg["name"], msg["class_code"], msg["pin"])
        elif kind == "restore" and not signed_in:
            self.resume(msg["learner"], msg["token"])
        elif kind == "sign_out":
            self.sign_out()
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
            "browser": self.browser, "kept_prefixes": list(KEPT),
            "learner_id": learner.id if learner else 0,
            "progress_key": key_of(learner.name, learner.class_code) if learner else "",
            "export_file": export_file(learner.name, now().date().isoformat())
            if learner else "",
        }
