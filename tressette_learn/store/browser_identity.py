"""PINs on the static site, where one browser (often a shared classroom computer) keeps the
progress of everyone who used it.

The same rule as on the served course (:class:`.identity.Identities`): a name is one learner
whatever its case, spaces or accents, chosen with a PIN at the first sign-in and asked for it
on every later one, locked for a few minutes after too many wrong PINs. Each learner's PIN
hash, failed tries and session tokens (hashed) are kept in the browser's storage next to their
progress, under a key of their own, and never in the progress file the teacher receives. Here
the PIN keeps classmates at one computer apart; it is no lock against someone who opens the
browser's developer tools, which is said in docs/lite.md.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from .browser_store import IDENTITY_PREFIX, BrowserStore, key_of, learner_of
from .identity import (
    MAX_FAILURES,
    Entry,
    entry_fields,
    hash_pin,
    learner_key,
    lock_time,
    pin_matches,
    refuse_if_locked,
    token_hash,
)
from .records import InputError, Learner

BROWSER_ROUNDS = 3_000  # PBKDF2 rounds: Pyodide has no OpenSSL, the hash runs in Python
KEPT_SESSIONS = 8  # browsers tabs signed in at once, per learner


class BrowserIdentities:
    """:class:`.identity.Identities`' learner calls over the browser's storage."""

    def __init__(self, store: BrowserStore) -> None:
        self.store = store
        self.storage = store.storage

    def sign_in(self, name: str, class_code: str, pin: str) -> Learner:
        """As :meth:`.identity.Identities.sign_in`."""
        return self.enter(name, class_code, pin).learner

    def enter(self, name: str, class_code: str, pin: str) -> Entry:
        """As :meth:`.identity.Identities.enter`."""
        name, code, key, pin = entry_fields(name, class_code, pin)
        doc = self._doc(code, key) or self._new(name, code, key)
        learner = learner_of(doc["name"], code)
        if not doc.get("pin_hash"):
            doc.update(pin_hash=hash_pin(pin, rounds=BROWSER_ROUNDS), failures=0)
            self.store.sign_in(doc["name"], code)
            self._save(code, key, doc)
            return Entry(learner, True)
        refuse_if_locked(doc.get("locked_until"))
        if pin_matches(pin, str(doc["pin_hash"])):
            doc.update(failures=0, locked_until=None)
            self._save(code, key, doc)
            return Entry(learner, False)
        failures = int(doc.get("failures") or 0) + 1
        if failures >= MAX_FAILURES:
            failures = 0
            doc["locked_until"] = lock_time()
        doc["failures"] = failures
        self._save(code, key, doc)
        refuse_if_locked(doc.get("locked_until"))
        raise InputError("signin.error.wrong_pin", "PIN")

    def session(self, learner: Learner) -> str:
        """A new token for this browser tab (its hash kept with the learner)."""
        key = learner_key(learner.name)
        doc = self._doc(learner.class_code, key) or self._new(learner.name,
                                                              learner.class_code, key)
        token = secrets.token_urlsafe(32)
        doc["sessions"] = [*doc.get("sessions", [])[-(KEPT_SESSIONS - 1):], token_hash(token)]
        self._save(learner.class_code, key, doc)
        return token

    def resume(self, learner_id: int, token: str) -> Learner | None:
        """The learner of a token kept in this browser (None for a wrong or forged one)."""
        if isinstance(learner_id, bool) or not isinstance(learner_id, int) \
                or not isinstance(token, str) or not 20 <= len(token) <= 100:
            return None
        digest = token_hash(token)
        for code, _key, doc in self._docs():
            if digest in doc.get("sessions", []):
                learner = learner_of(doc["name"], code)
                if learner.id == learner_id and self.storage.get(key_of(learner.name, code)):
                    return learner
                return None
        return None

    def sign_out(self, token: str) -> None:
        """Forget a tab's token."""
        if not isinstance(token, str):
            return
        digest = token_hash(token)
        for code, key, doc in self._docs():
            if digest in doc.get("sessions", []):
                doc["sessions"] = [kept for kept in doc["sessions"] if kept != digest]
                self._save(code, key, doc)

    # -- documents ----------------------------------------------------------------------
    def _new(self, name: str, code: str, key: str) -> dict[str, Any]:
        """A learner's identity: the name of the progress already kept under this key in
        this browser (from before PINs), else the name as typed; no PIN yet."""
        known = [learner.name for learner in self.store.learners(class_code=code)
                 if learner_key(learner.name) == key]
        return {"name": known[0] if known else name, "pin_hash": None, "failures": 0,
                "locked_until": None, "sessions": []}

    def _doc(self, code: str, key: str) -> dict[str, Any] | None:
        return _parsed(self.storage.get(f"{IDENTITY_PREFIX}{code}/{key}"))

    def _docs(self) -> list[tuple[str, str, dict[str, Any]]]:
        found = []
        for name in self.storage.names():
            if name.startswith(IDENTITY_PREFIX):
                code, _, key = name.removeprefix(IDENTITY_PREFIX).partition("/")
                doc = _parsed(self.storage.get(name))
                if doc is not None:
                    found.append((code, key, doc))
        return found

    def _save(self, code: str, key: str, doc: dict[str, Any]) -> None:
        self.storage.set(f"{IDENTITY_PREFIX}{code}/{key}", json.dumps(doc, ensure_ascii=False))


def _parsed(text: str | None) -> dict[str, Any] | None:
    """An identity document (None if missing or unreadable: the learner chooses a PIN)."""
    try:
        doc = json.loads(text) if text else None
    except ValueError:
        return None
    ok = isinstance(doc, dict) and isinstance(doc.get("name"), str) \
        and isinstance(doc.get("sessions", []), list)
    return doc if ok else None

