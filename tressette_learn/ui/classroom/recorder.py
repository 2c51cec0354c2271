"""Saving what a learner does: every widget event goes to the progress store.

Nothing reaches the lesson as an error: a write the store refuses stays pending (the
status says so) and is written again with the next event or a retry; events from before
the sign-in are kept and written once the learner is known. Quizzes resume where the
learner left off (from the results of their attempts). The learner's language and faces
are kept with them: the later of the choice saved in the store and the one made on this
page wins. A match left mid-way is kept (its ``match_state`` events) and handed back to the
match widget when it opens again.
"""

from __future__ import annotations

import dataclasses
import json
import weakref
from typing import Any

import traitlets

from ...classroom.mastery import quiz_attempts
from ...i18n import LANGUAGES
from ...store import Learner, Preferences, ProgressStore, Record, StoreError, in_browser, open_store
from ...teaching.results import Result
from ..events import LOG, Event, on_open, subscribe
from ..quiz import Quiz
from ..settings import SETTINGS, Settings

MAX_DATA = 20_000  # characters of event details kept per event
MATCH_PAGE = "match"  # where a match is kept when no lesson page is known


def record_of(event: Event, page: str = "") -> Record:
    """The stored form of a widget event (on the lesson page ``page``)."""
    data = dict(event.data)
    lesson = str(data.get("lesson") or (event.source if event.kind == "lesson_complete" else "")
                 or page)
    text = json.dumps(data, default=str)
    if len(text) > MAX_DATA:
        data = {key: value for key, value in data.items() if key != "record"}
    return Record(event.kind, lesson, event.source, event.item, event.correct, data)


class Recorder(traitlets.HasTraits):
    """The kernel's link between the widgets and the store.

    ``status`` is ``anonymous`` (nobody signed in), ``saved`` or ``failed`` (``problem``
    says why; the events wait in ``pending``). ``written`` counts the events stored by this
    kernel: a view of the learner's progress observes it to redraw.
    """

    status = traitlets.Unicode("anonymous")
    written = traitlets.Int(0)
    problem = traitlets.Unicode("")
    learner = traitlets.Any(None)

    def __init__(self, url: str | None = None, settings: Settings = SETTINGS) -> None:
        super().__init__()
        self.url = url
        self.settings = settings
        self.page = ""  # the lesson this kernel shows (set by its LessonPage)
        self.pending: list[Record] = []
        self._store: ProgressStore | None = None
        self._quizzes: weakref.WeakSet[Quiz] = weakref.WeakSet()
        self._matches: weakref.WeakSet[Any] = weakref.WeakSet()
        settings.observe(self._chosen, "chosen_at")
        self._stop = [subscribe(self.hear), on_open(self.opened),
                      lambda: settings.unobserve(self._chosen, "chosen_at")]

    def close(self) -> None:
        """Stop listening and close the store."""
        for stop in self._stop:
            stop()
        if self._store is not None:
            self._store.close()

    def store(self) -> ProgressStore:
        """The store (opened on first use)."""
        if self._store is None:
            self._store = open_store(self.url)
        return self._store

    def in_browser(self) -> bool:
        """Whether progress is kept in the browser (the static site) rather than a database."""
        return in_browser(self.url)

    # -- learner ----------------------------------------------------------------------
    def sign_in(self, name: str, class_code: str = "") -> Learner:
        """Sign a learner in (ValueError for a bad name or code, StoreError if the database
        refuses); pending events are written and open quizzes resume."""
        return self.use(self.store().sign_in(name, class_code))

    def use(self, learner: Learner) -> Learner:
        """Make ``learner`` (whose PIN or session was checked) the page's learner; pending
        events are written and open quizzes resume."""
        self.learner = learner
        self._sync_preferences()
        self.flush()
        for quiz in list(self._quizzes):
            self._resume(quiz)
        for match in list(self._matches):
            self._resume_match(match)
        return learner

    def sign_out(self) -> None:
        """Forget the learner (their saved progress stays in the store)."""
        self.learner = None
        self.status, self.problem = "anonymous", ""

    # -- events -----------------------------------------------------------------------
    def hear(self, event: Event) -> None:
        """Keep an event and write it if a learner is signed in."""
        if event.kind == "hint":  # a hint asked is not progress
            return
        if event.kind == "match_state":  # not progress either: the match to resume
            self._keep_match(event.data.get("state"))
            return
        if event.kind == "answer":
            event = self._with_question(event)
        record = record_of(event, self.page)
        if record.kind == "result" and not _well_formed(record):
            return
        self.pending.append(record)
        if self.learner is not None:
            self.flush()

    def opened(self, widget: Any) -> None:
        """A quiz just appeared: resume it for the signed-in learner."""
        if isinstance(widget, Quiz):
            self._quizzes.add(widget)
            if self.learner is not None:
                self._resume(widget)
        elif callable(getattr(widget, "resume_match", None)):
            self._matches.add(widget)
            if self.learner is not None:
                self._resume_match(widget)

    def flush(self) -> bool:
        """Write the pending events; ``False`` (and ``status`` failed) if the store refused."""
        if self.learner is None:
            return False
        count = 0
        try:
            while self.pending:
                self.store().add(self.learner, self.pending[0])
                self.pending.pop(0)
                count += 1
        except StoreError as err:
            LOG.warning("progress not saved: %s", err)
            self.status, self.problem = "failed", str(err)
            return False
        finally:
            self.written += count
        self.status, self.problem = "saved", ""
        return True

    def _with_question(self, event: Event) -> Event:
        """An answer with its question's place in the quiz and its prompt (for the
        teacher), when the quiz is on this page."""
        for quiz in list(self._quizzes):
            ids = [question.id for question in quiz.questions]
            if quiz.quiz_id == event.source and event.item in ids:
                number = ids.index(event.item)
                prompt = quiz.questions[number].prompt
                return dataclasses.replace(event, data={
                    **event.data, "number": number + 1, "questions": len(ids),
                    "prompt": {lang: prompt.get(lang) for lang in LANGUAGES}})
        return event

    # -- preferences --------------------------------------------------------------------
    def _sync_preferences(self) -> None:
        """Take the learner's saved choice if it is the later one, else save this page's."""
        settings, learner = self.settings, self.learner
        try:
            saved = self.store().preferences(learner)
            if saved is None or not settings.offer(saved.lang, saved.faces, saved.at):
                self._save_preferences()
        except (StoreError, ValueError) as err:
            LOG.warning("preferences not synced: %s", err)

    def _chosen(self, _change: object) -> None:
        if self.learner is not None:
            try:
                self._save_preferences()
            except StoreError as err:
                LOG.warning("preferences not saved: %s", err)

    def _save_preferences(self) -> None:
        settings = self.settings
        if settings.chosen_at:
            self.store().save_preferences(self.learner, Preferences(
                settings.lang, settings.faces, settings.chosen_at))

    def _resume(self, quiz: Quiz) -> None:
        try:
            quiz.resume(quiz_attempts(self.store().results(self.learner), quiz.quiz_id))
        except StoreError as err:
            self.status, self.problem = "failed", str(err)


    # -- matches left mid-way ---------------------------------------------------------
    def _keep_match(self, state: Any) -> None:
        """Save the signed-in learner's match on this page (``None``: it is over)."""
        if self.learner is None:
            return
        page = self.page or MATCH_PAGE
        try:
            if isinstance(state, dict):
                self.store().save_match(self.learner, page, state)
            else:
                self.store().clear_match(self.learner, page)
        except StoreError as err:
            LOG.warning("match not saved: %s", err)

    def _resume_match(self, widget: Any) -> None:
        try:
            state = self.store().saved_match(self.learner, self.page or MATCH_PAGE)
        except StoreError as err:
            LOG.warning("saved match not read: %s", err)
            return
        if state is not None:
            widget.resume_match(state)


def _well_formed(record: Record) -> bool:
    """Whether a result can be stored (a malformed one is logged and dropped)."""
    try:
        Result.of_event(record.source, record.item, record.correct,
                        {"lesson": record.lesson, **record.data})
    except ValueError as err:
        LOG.warning("result not kept: %s", err)
        return False
    return True


_RECORDER: Recorder | None = None


def recorder() -> Recorder:
    """This kernel's recorder (created on first use, on the default store)."""
    global _RECORDER
    if _RECORDER is None:
        _RECORDER = Recorder()
    return _RECORDER
