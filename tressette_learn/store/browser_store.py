"""The progress store of the static site: each learner's progress kept in the browser's
``localStorage`` as one versioned JSON document (:mod:`.progress_file`), under a key per
learner.

The kernel runs in a web worker, where ``localStorage`` cannot be reached: the sign-in bar
carries the browser's documents to the kernel when the learner signs in, and every write
back to the browser (:class:`MirroredStorage`). What another tab of the course writes
reaches this one the same way and is merged in, so neither loses the other's records.
The store answers the same calls as the served store (:class:`.sql.Store`).
"""

from __future__ import annotations

import dataclasses
import weakref
import zlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from ..teaching.results import Result
from .clock import stamp
from .database import StoreError
from .progress_file import FileProblem, Progress, SavedMatch, read
from .records import Learner, LearnerResult, Preferences, Record, normalise, normalise_class_code

PREFIX = "tressette_learn.progress/"  # then the class code, "/", the learner's name
IDENTITY_PREFIX = "tressette_learn.identity/"  # a learner's PIN (:mod:`.browser_identity`)
KEPT = (PREFIX, IDENTITY_PREFIX)  # the browser's keys the kernel mirrors
MAX_DOCUMENT = 4_000_000  # characters of one learner's document the kernel accepts
SET_ASIDE = "#unreadable-"  # then the time: a learner's unreadable document, kept aside


def key_of(name: str, class_code: str) -> str:
    """The storage key of a learner's document (class codes hold no ``/``)."""
    return f"{PREFIX}{class_code}/{name}"


class Storage(Protocol):
    """Text documents by key, as ``localStorage`` keeps them."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, text: str) -> None: ...

    def names(self) -> list[str]: ...


Sender = Callable[[str, str], None]  # (key, text): write it in the browser


class MirroredStorage:
    """The kernel's copy of the browser's progress documents: filled by what the page sends
    (:meth:`receive`), and every write passed on to the page's senders."""

    def __init__(self) -> None:
        self.entries: dict[str, str] = {}
        self._senders: weakref.WeakKeyDictionary[Any, Sender] = weakref.WeakKeyDictionary()

    def get(self, key: str) -> str | None:
        return self.entries.get(key)

    def set(self, key: str, text: str) -> None:
        self.entries[key] = text
        for send in list(self._senders.values()):
            send(key, text)

    def names(self) -> list[str]:
        return list(self.entries)

    def connect(self, owner: Any, send: Sender) -> None:
        """Pass every write to ``send`` while ``owner`` (a widget on the page) lives."""
        self._senders[owner] = send

    def receive(self, entries: Mapping[str, Any]) -> list[str]:
        """Take the page's documents: a key this kernel does not hold yet is taken as it
        is; one it holds is merged (and written back if the page lacked something). The
        keys whose progress changed here."""
        changed = []
        for key, text in entries.items():
            if not (isinstance(key, str) and key.startswith(KEPT) and isinstance(text, str)
                    and len(text) <= MAX_DOCUMENT) or text == self.entries.get(key):
                continue
            mine = self.entries.get(key)
            if mine is None or key.startswith(IDENTITY_PREFIX):  # an identity: the latest
                self.entries[key] = text
                changed.append(key)
                continue
            merged, theirs = _merged(mine, text)
            if merged is not None:
                self.entries[key] = merged.text()
                changed.append(key)
                if merged.text() != theirs:
                    self.set(key, merged.text())
        return changed


def _merged(mine: str, theirs: str) -> tuple[Progress | None, str]:
    """Mine with theirs merged in (None if theirs cannot be read), and theirs as text."""
    try:
        other = read(theirs)
        progress = read(mine)
    except FileProblem:
        return (None, theirs)
    progress.merge(other)
    return progress, other.text()


#: the documents this kernel holds for the page (the static site's one storage)
BROWSER_STORAGE = MirroredStorage()


def browser_storage() -> MirroredStorage:
    """The kernel's copy of the browser's progress (looked up at each call, so a test can
    replace it)."""
    return BROWSER_STORAGE


class BrowserStore:
    """Learners and their records in a :class:`Storage`, one document per learner."""

    def __init__(self, storage: Storage | None = None) -> None:
        self.storage = storage if storage is not None else browser_storage()
        self.set_aside: dict[Learner, str] = {}  # unreadable documents kept aside, by learner

    def close(self) -> None:
        """Nothing to close: every write is passed on at once."""

    # -- documents --------------------------------------------------------------------
    def progress(self, learner: Learner) -> Progress:
        """The learner's progress as stored. A document that cannot be read (damaged in the
        browser) would lock the name out: it is kept aside under its key and
        :data:`SET_ASIDE` with the time (listed in :attr:`set_aside`), and the learner starts
        again with an empty one."""
        key = key_of(learner.name, learner.class_code)
        try:
            return self._read(key, learner)
        except StoreError:
            text = self.storage.get(key)
            assert text is not None
            aside = f"{key}{SET_ASIDE}{stamp()}"
            self.storage.set(aside, text)
            fresh = Progress(learner.name, learner.class_code)
            self.storage.set(key, fresh.text())
            self.set_aside[learner] = aside
            return fresh

    def _read(self, key: str, learner: Learner | None = None) -> Progress:
        text = self.storage.get(key)
        if text is None:
            if learner is None:
                raise StoreError(f"no progress under {key}")
            return Progress(learner.name, learner.class_code)
        try:
            return read(text)
        except FileProblem as err:
            raise StoreError(f"the progress kept in this browser cannot be read ({err})") \
                from err

    def _change(self, learner: Learner, change: Callable[[Progress], Any]) -> None:
        """Change the learner's document and write it back (unless nothing changed)."""
        key = key_of(learner.name, learner.class_code)
        progress = self.progress(learner)
        change(progress)
        text = progress.text()
        if text != self.storage.get(key):
            self.storage.set(key, text)

    def _everybody(self) -> Iterable[tuple[Learner, Progress]]:
        for key in sorted(k for k in self.storage.names() if k.startswith(PREFIX)):
            try:
                progress = self._read(key)
            except StoreError:
                continue  # another learner's unreadable document hides nobody else
            yield learner_of(progress.name, progress.class_code), progress

    # -- learners ---------------------------------------------------------------------
    def sign_in(self, name: str, class_code: str = "") -> Learner:
        """The learner with this name in this class, kept from the first sign-in."""
        name, code = normalise(name, class_code)
        learner = learner_of(name, code)
        if self.storage.get(key_of(name, code)) is None:
            self.storage.set(key_of(name, code), Progress(name, code).text())
        else:
            self.progress(learner)  # an unreadable document is told now
        return learner

    def learners(self, name: str | None = None, class_code: str | None = None) -> list[Learner]:
        """The learners of this browser (with this name, in this class)."""
        name = None if name is None else " ".join(str(name).split())
        code = None if class_code is None else normalise_class_code(class_code)
        return sorted((learner for learner, _ in self._everybody()
                       if name in (None, learner.name) and code in (None, learner.class_code)),
                      key=lambda learner: (learner.class_code, learner.name))

    # -- events -----------------------------------------------------------------------
    def add(self, learner: Learner, record: Record) -> None:
        """Keep ``record`` (once per uid); a ``result`` goes to the results (ValueError
        naming the field if it is malformed)."""
        if record.kind == "result":
            result = Result.of_event(record.source, record.item, record.correct,
                                     {"lesson": record.lesson, **record.data}, record.at)
            self.add_result(learner, result, record.uid)
            return
        self._change(learner, lambda progress: progress.events.setdefault(record.uid, record))

    def _events(self, learner: Learner, kind: str | None = None) -> list[Record]:
        return [record for record in self.progress(learner).events.values()
                if kind in (None, record.kind)]

    def answers(self, learner: Learner, source: str) -> dict[str, bool]:
        """The first answer the learner gave to each item of quiz ``source``."""
        return self.first_answers(learner).get(source, {})

    def first_answers(self, learner: Learner) -> dict[str, dict[str, bool]]:
        """The first answer the learner gave to each item, by quiz (source)."""
        first: dict[str, dict[str, bool]] = {}
        for record in self._events(learner, "answer"):
            first.setdefault(record.source, {}).setdefault(record.item, bool(record.correct))
        return first

    def completed_lessons(self, learner: Learner) -> set[str]:
        """The lessons whose quiz the learner finished."""
        return {record.lesson for record in self._events(learner, "lesson_complete")}

    def last_lesson(self, learner: Learner) -> str | None:
        """The lesson of the learner's latest event."""
        lessons = [record.lesson for record in self._events(learner) if record.lesson]
        return lessons[-1] if lessons else None

    def count(self, kind: str | None = None) -> int:
        """How many events are kept (of ``kind``), for every learner of this browser."""
        return sum(1 for _, progress in self._everybody() for record in progress.events.values()
                   if kind in (None, record.kind))

    def rows(self, class_code: str | None = None) -> list[dict[str, Any]]:
        """Every event with its learner, as :meth:`.sql.Store.rows` gives them."""
        return [{"name": learner.name, "class_code": learner.class_code, "kind": record.kind,
                 "lesson": record.lesson, "source": record.source, "item": record.item,
                 "correct": None if record.correct is None else int(record.correct),
                 "at": record.at, "data": record.data}
                for learner, progress in self._everybody()
                if not class_code or learner.class_code == class_code
                for record in progress.events.values()]

    # -- preferences ------------------------------------------------------------------
    def preferences(self, learner: Learner) -> Preferences | None:
        """The learner's saved language and faces (None before the first choice)."""
        return self.progress(learner).preferences

    def save_preferences(self, learner: Learner, prefs: Preferences) -> None:
        """Keep ``prefs`` unless a later choice is already kept."""
        def keep(progress: Progress) -> None:
            if progress.preferences is None or prefs.at > progress.preferences.at:
                progress.preferences = prefs

        self._change(learner, keep)

    # -- results ----------------------------------------------------------------------
    def add_result(self, learner: Learner, result: Result, uid: str | None = None) -> None:
        """Keep one attempt's result (once per uid)."""
        key = uid or f"r-{result.attempt}-{result.source}-{result.item}"
        kept = dataclasses.replace(result, at=result.at or stamp())
        self._change(learner, lambda progress: progress.results.setdefault(key, kept))

    def results(self, learner: Learner) -> list[Result]:
        """Every result of the learner, oldest first."""
        return list(self.progress(learner).results.values())

    def class_results(self, class_code: str | None = None) -> list[LearnerResult]:
        """Every result with its learner (of one class, or all)."""
        return [LearnerResult(learner.name, learner.class_code, result)
                for learner, progress in self._everybody()
                if not class_code or learner.class_code == class_code
                for result in progress.results.values()]

    # -- classes: set by a teacher on the served course only ------------------------------
    def class_seed(self, class_code: str) -> int | None:
        """None: class deals need the served course (each learner deals their own)."""
        normalise_class_code(class_code)
        return None

    def set_class_seed(self, class_code: str, seed: int | None) -> None:
        """Refused: a teacher sets class deals on the served course."""
        raise StoreError("class deals are set on the served course")

    # -- matches left mid-way -----------------------------------------------------------
    def save_match(self, learner: Learner, page: str, state: dict[str, Any]) -> None:
        """Keep the state of the learner's match on ``page`` (the latest one replaces it)."""
        self._keep_match(learner, page, state)

    def saved_match(self, learner: Learner, page: str) -> dict[str, Any] | None:
        """The learner's match left mid-way on ``page`` (None if there is none)."""
        match = self.progress(learner).matches.get(page)
        return match.state if match else None

    def clear_match(self, learner: Learner, page: str) -> None:
        """Forget the learner's match on ``page`` (kept as ended, so that another tab's
        older copy does not bring it back)."""
        self._keep_match(learner, page, None)

    def _keep_match(self, learner: Learner, page: str, state: dict[str, Any] | None) -> None:
        match = SavedMatch(state, stamp())
        self._change(learner, lambda progress: progress.matches.__setitem__(page, match))


def learner_of(name: str, class_code: str) -> Learner:
    """A learner of this browser; the id only tells learners apart here."""
    return Learner(zlib.crc32(key_of(name, class_code).encode()) & 0x7FFFFFFF, name,
                   class_code)
