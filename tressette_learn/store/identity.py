"""Who a learner is: a name in a class and a PIN of their own, checked on every new browser.

A learner chooses a PIN (4 to 8 digits) at their first sign-in; it is kept as a salted,
slow hash (PBKDF2) and never readable back. Names that differ only in case, spaces or accents
are one learner (:func:`learner_key`). After too many wrong PINs the learner is locked for a
few minutes. A browser that signed in keeps a random session token (kept here as a hash) with
which later pages resume without the PIN. A learner from before PINs (or whose PIN the teacher
reset) chooses a new one at their next sign-in. The teacher renames, merges and removes
learners and resets PINs (callers check the teacher key).
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import math
import re
import secrets
import unicodedata
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from .clock import now, parse, stamp
from .database import Execute, StoreError
from .records import InputError, Learner, normalise, normalise_class_code, normalise_name

if TYPE_CHECKING:
    from .sql import Store

MAX_FAILURES = 5  # wrong PINs in a row before the learner is locked
LOCK_MINUTES = 5
SESSION_DAYS = 180  # how long a browser stays signed in
PIN = re.compile(r"[0-9]{4,8}")
ITERATIONS = 120_000  # PBKDF2-SHA256 rounds for a PIN
LEARNER_TABLES = ("events", "results", "preferences", "saved_matches")  # rows by learner_id


def learner_key(name: str) -> str:
    """One key per person: NFKD, combining marks dropped (other letters kept: "名字" stays),
    casefolded, inner spaces collapsed ("Àda  Rossi" and "ADA ROSSI" -> "ada rossi")."""
    plain = "".join(char for char in unicodedata.normalize("NFKD", str(name))
                    if not unicodedata.combining(char))
    return " ".join(plain.casefold().split())


def hash_pin(pin: str, salt: bytes | None = None, rounds: int = ITERATIONS) -> str:
    """A PIN's stored form: ``pbkdf2_sha256$rounds$salt$hash`` (hex)."""
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = _pbkdf2(pin.encode(), salt, rounds)
    return f"pbkdf2_sha256${rounds}${salt.hex()}${digest.hex()}"


def _pbkdf2(secret: bytes, salt: bytes, rounds: int) -> bytes:
    """PBKDF2-HMAC-SHA256 (32 bytes): OpenSSL's, or the same sum in Python where there is no
    OpenSSL (the static site's Pyodide)."""
    fast = getattr(hashlib, "pbkdf2_hmac", None)
    if fast is not None:
        return bytes(fast("sha256", secret, salt, rounds))
    mac = hmac.new(secret, digestmod="sha256")
    first = mac.copy()
    first.update(salt + b"\x00\x00\x00\x01")
    block = first.digest()
    total = int.from_bytes(block, "big")
    for _ in range(rounds - 1):
        step = mac.copy()
        step.update(block)
        block = step.digest()
        total ^= int.from_bytes(block, "big")
    return total.to_bytes(32, "big")


def pin_matches(pin: str, stored: str) -> bool:
    """Whether ``pin`` is the one ``stored`` was made from (compared in constant time)."""
    try:
        scheme, rounds, salt, _digest = stored.split("$")
        if scheme != "pbkdf2_sha256":
            return False
        again = hash_pin(pin, bytes.fromhex(salt), int(rounds))
    except ValueError:
        return False
    return hmac.compare_digest(again.encode(), stored.encode())


def check_pin(pin: object) -> str:
    """A PIN as typed, or InputError (``signin.error.pin_format``)."""
    text = str(pin).strip() if isinstance(pin, str) else ""
    if not PIN.fullmatch(text):
        raise InputError("signin.error.pin_format", "PIN", least=4, most=8)
    return text


def token_hash(token: str) -> str:
    """How a session token is kept (it is random and long: one SHA-256 is enough)."""
    return hashlib.sha256(token.encode()).hexdigest()


def refuse_if_locked(until: str | None) -> None:
    """InputError ``signin.error.locked`` (with the minutes left) until ``until`` passes."""
    if not until:
        return
    left = (parse(until) - now()).total_seconds()
    if left > 0:
        raise InputError("signin.error.locked", "PIN", minutes=max(1, math.ceil(left / 60)))


def lock_time() -> str:
    """When a learner locked now may try again."""
    return (now() + timedelta(minutes=LOCK_MINUTES)).isoformat(timespec="seconds")


def adopt(execute: Execute, class_code: str | None = None) -> None:
    """Give every learner without an identity (older stores, learners made by an import)
    their key and no PIN; a learner whose key another already holds gets none (the teacher
    merges them)."""
    where, params = ("AND l.class_code = ? ", (class_code,)) if class_code is not None \
        else ("", ())
    rows = execute("SELECT l.id, l.name, l.class_code FROM learners l LEFT JOIN identities i "
                   f"ON i.learner_id = l.id WHERE i.learner_id IS NULL {where}ORDER BY l.id",
                   params)
    for learner_id, name, code in rows:
        added = execute("INSERT INTO identities (learner_id, class_code, learner_key, pin_hash,"
                        " failures) VALUES (?, ?, ?, NULL, 0) ON CONFLICT DO NOTHING "
                        "RETURNING learner_id", (learner_id, code, learner_key(name)))
        if not added:
            execute("INSERT INTO identities (learner_id, class_code, learner_key, pin_hash, "
                    "failures) VALUES (?, ?, NULL, NULL, 0) ON CONFLICT DO NOTHING",
                    (learner_id, code))


@dataclasses.dataclass(frozen=True)
class Entry:
    """A sign-in that succeeded: the learner, and whether they just chose their PIN."""

    learner: Learner
    chose_pin: bool


class _Raced(Exception):
    """Another sign-in created the same learner meanwhile: look again."""


def entry_fields(name: str, class_code: str, pin: str) -> tuple[str, str, str, str]:
    """A sign-in's name, class code, name key and PIN as kept; InputError (the strings key)
    for any that cannot be used."""
    name, code = normalise(name, class_code)
    key = learner_key(name)
    if not key:
        raise InputError("signin.error.no_name", "name")
    return name, code, key, check_pin(pin)


class Identities:
    """Learners with a secret (a PIN of 4-8 digits, chosen at first sign-in; kept as a
    salted hash, never readable back), over a Store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.db = store.db

    # -- signing in -------------------------------------------------------------------
    def sign_in(self, name: str, class_code: str, pin: str) -> Learner:
        """The learner with this name in this class, if ``pin`` is theirs (a new name: a new
        learner with this PIN). Refusals raise InputError and write only the failure count."""
        return self.enter(name, class_code, pin).learner

    def enter(self, name: str, class_code: str, pin: str) -> Entry:
        """:meth:`sign_in`, also saying whether the learner just chose their PIN."""
        name, code, key, pin = entry_fields(name, class_code, pin)
        for _ in range(3):
            row = self._identity(code, key)
            if row is not None and row["pin_hash"] is not None:
                return Entry(self._check(row, pin), False)
            try:
                learner = self._choose(row, name, code, key, hash_pin(pin))
            except StoreError as err:
                if isinstance(err.__cause__, _Raced):
                    continue
                raise
            if learner is not None:
                return Entry(learner, True)
        raise StoreError("too many sign-ins at once for this name; try again")

    def _identity(self, code: str, key: str) -> dict[str, Any] | None:
        def work(execute: Execute) -> list[Any]:
            adopt(execute, code)
            return execute("SELECT l.id, l.name, i.pin_hash, i.locked_until FROM identities i "
                           "JOIN learners l ON l.id = i.learner_id WHERE i.class_code = ? AND "
                           "i.learner_key = ?", (code, key))

        rows = self.db.within(work)
        if not rows:
            return None
        learner_id, name, pin_hash, locked = rows[0]
        return {"learner": Learner(int(learner_id), name, code), "pin_hash": pin_hash,
                "locked_until": locked}

    def _choose(self, row: dict[str, Any] | None, name: str, code: str, key: str,
                pin_hash: str) -> Learner | None:
        """Keep a first PIN: for a new learner (created now) or one without a PIN; None if
        someone else's PIN got there first."""
        if row is not None:
            learner: Learner = row["learner"]
            done = self.db.query("UPDATE identities SET pin_hash = ?, failures = 0, "
                                 "locked_until = NULL WHERE learner_id = ? AND pin_hash IS NULL "
                                 "RETURNING learner_id", pin_hash, learner.id)
            return learner if done else None

        def work(execute: Execute) -> Learner:
            made = execute("INSERT INTO learners (name, class_code, created) VALUES (?, ?, ?) "
                           "ON CONFLICT (name, class_code) DO NOTHING RETURNING id",
                           (name, code, stamp()))
            if not made:
                raise _Raced
            added = execute("INSERT INTO identities (learner_id, class_code, learner_key, "
                            "pin_hash, failures) VALUES (?, ?, ?, ?, 0) ON CONFLICT DO NOTHING "
                            "RETURNING learner_id", (made[0][0], code, key, pin_hash))
            if not added:
                raise _Raced
            return Learner(int(made[0][0]), name, code)

        return self.db.within(work)

    def _check(self, row: dict[str, Any], pin: str) -> Learner:
        learner: Learner = row["learner"]
        refuse_if_locked(row["locked_until"])
        if pin_matches(pin, row["pin_hash"]):
            self.db.query("UPDATE identities SET failures = 0, locked_until = NULL "
                          "WHERE learner_id = ?", learner.id)
            return learner
        until = lock_time()
        locked = self.db.query(
            "UPDATE identities SET failures = CASE WHEN failures + 1 >= ? THEN 0 "
            "ELSE failures + 1 END, locked_until = CASE WHEN failures + 1 >= ? THEN ? "
            "ELSE locked_until END WHERE learner_id = ? RETURNING locked_until",
            MAX_FAILURES, MAX_FAILURES, until, learner.id)
        if locked and locked[0][0]:
            refuse_if_locked(locked[0][0])
        raise InputError("signin.error.wrong_pin", "PIN")

    # -- sessions ---------------------------------------------------------------------
    def session(self, learner: Learner) -> str:
        """A new random token for one browser (kept as a hash): :meth:`resume` takes it."""
        token = secrets.token_urlsafe(32)
        self.db.query("INSERT INTO sessions (token_hash, learner_id, created) VALUES (?, ?, ?)",
                      token_hash(token), learner.id, stamp())
        return token

    def resume(self, learner_id: int, token: str) -> Learner | None:
        """The learner of a browser's token (None for a wrong, old or forged one)."""
        if isinstance(learner_id, bool) or not isinstance(learner_id, int) \
                or not isinstance(token, str) or not 20 <= len(token) <= 100:
            return None
        oldest = (now() - timedelta(days=SESSION_DAYS)).isoformat(timespec="seconds")
        rows = self.db.query("SELECT l.id, l.name, l.class_code, s.learner_id FROM sessions s "
                             "JOIN learners l ON l.id = s.learner_id WHERE s.token_hash = ? "
                             "AND s.created >= ?", token_hash(token), oldest)
        if not rows or not hmac.compare_digest(str(rows[0][3]), str(learner_id)):
            return None
        return Learner(int(rows[0][0]), rows[0][1], rows[0][2])

    def sign_out(self, token: str) -> None:
        """Forget a browser's token (its learner signs in with the PIN there again)."""
        if isinstance(token, str):
            self.db.query("DELETE FROM sessions WHERE token_hash = ?", token_hash(token))

    # -- finding ----------------------------------------------------------------------
    def find(self, name: str, class_code: str) -> Learner | None:
        """The learner of this class whose name has the same key as ``name``."""
        key, code = learner_key(name), normalise_class_code(class_code)
        row = self._identity(code, key) if key else None
        return row["learner"] if row else None

    def by_id(self, learner_id: int) -> Learner | None:
        """The learner with this id (None if there is none)."""
        if isinstance(learner_id, bool) or not isinstance(learner_id, int):
            return None
        rows = self.db.query("SELECT id, name, class_code FROM learners WHERE id = ?",
                             learner_id)
        return Learner(int(rows[0][0]), rows[0][1], rows[0][2]) if rows else None

    def has_pin(self, learner: Learner) -> bool:
        """Whether the learner has a PIN (False before their first sign-in with one, or
        after the teacher reset it)."""
        rows = self.db.query("SELECT pin_hash FROM identities WHERE learner_id = ?", learner.id)
        return bool(rows and rows[0][0])

    # -- the teacher's changes ----------------------------------------------------------
    def reset_pin(self, learner: Learner) -> None:
        """Forget the learner's PIN and browsers: their next sign-in chooses a new PIN."""
        def work(execute: Execute) -> None:
            adopt(execute, learner.class_code)
            execute("UPDATE identities SET pin_hash = NULL, failures = 0, locked_until = NULL "
                    "WHERE learner_id = ?", (learner.id,))
            execute("DELETE FROM sessions WHERE learner_id = ?", (learner.id,))

        self.db.within(work)

    def rename(self, learner: Learner, name: str) -> Learner:
        """Give the learner another name (InputError ``teacher.error.name_taken`` if another
        learner of the class has it, in any case or accents)."""
        name = normalise_name(name)
        key = learner_key(name)
        if not key:
            raise InputError("signin.error.no_name", "name")

        def work(execute: Execute) -> Learner:
            adopt(execute, learner.class_code)
            taken = execute("SELECT l.id FROM learners l LEFT JOIN identities i ON "
                            "i.learner_id = l.id WHERE l.class_code = ? AND l.id <> ? AND "
                            "(i.learner_key = ? OR l.name = ?)",
                            (learner.class_code, learner.id, key, name))
            if taken:
                raise _Taken
            execute("UPDATE learners SET name = ? WHERE id = ?", (name, learner.id))
            execute("UPDATE identities SET learner_key = ? WHERE learner_id = ?",
                    (key, learner.id))
            return Learner(learner.id, name, learner.class_code)

        return self._teacher(work)

    def merge(self, source: Learner, into: Learner) -> Learner:
        """Move every row of ``source`` to ``into`` (``into``'s preferences and saved matches
        win) and remove ``source``."""
        if source.id == into.id:
            raise InputError("teacher.error.merge_same", "learner")

        def work(execute: Execute) -> Learner:
            if len(execute("SELECT id FROM learners WHERE id IN (?, ?)",
                           (source.id, into.id))) != 2:
                raise _Gone
            execute("UPDATE events SET learner_id = ? WHERE learner_id = ?", (into.id, source.id))
            execute("UPDATE results SET learner_id = ? WHERE learner_id = ?",
                    (into.id, source.id))
            execute("INSERT INTO preferences (learner_id, lang, faces, at) SELECT ?, lang, "
                    "faces, at FROM preferences WHERE learner_id = ? ON CONFLICT DO NOTHING",
                    (into.id, source.id))
            execute("INSERT INTO saved_matches (learner_id, page, state, at) SELECT ?, page, "
                    "state, at FROM saved_matches WHERE learner_id = ? ON CONFLICT DO NOTHING",
                    (into.id, source.id))
            _delete(execute, source.id)
            return into

        return self._teacher(work)

    def remove(self, learner: Learner) -> None:
        """Remove the learner and every row of theirs."""
        def work(execute: Execute) -> None:
            _delete(execute, learner.id)

        self.db.within(work)

    def _teacher(self, work: Any) -> Any:
        """Run a teacher's change, its refusals told in words (InputError)."""
        try:
            return self.db.within(work)
        except StoreError as err:
            if isinstance(err.__cause__, _Taken):
                raise InputError("teacher.error.name_taken", "name") from None
            if isinstance(err.__cause__, _Gone):
                raise InputError("teacher.error.no_learner", "learner") from None
            raise


class _Taken(Exception):
    """The new name is another learner's."""


class _Gone(Exception):
    """A learner to merge is no longer in the store."""


def _delete(execute: Execute, learner_id: int) -> None:
    """Delete a learner and every row of theirs."""
    for table in (*LEARNER_TABLES, "sessions", "identities"):
        execute(f"DELETE FROM {table} WHERE learner_id = ?", (learner_id,))
    execute("DELETE FROM learners WHERE id = ?", (learner_id,))
