"""The progress store in a database: learners, their display preferences, and every event
they produce (answers, finished lessons, deals and matches), in SQLite by default or in
PostgreSQL.

Each event carries a unique id chosen by the writer, so a write retried after a failure
is stored once. Many kernels may write at once. The results of exercises (every attempt,
from which stars are computed), each class's settings and matches left mid-way have tables
of their own. An older database is brought up to date on opening (``migrations``) and keeps
its rows.
"""

from __future__ import annotations

import json
from typing import Any

from ..teaching.results import Result
from .clock import stamp
from .database import Database
from .migrations import INSERT_RESULT, RESULT_COLUMNS, migrate
from .records import (
    ROW_ERRORS,
    InputError,
    Learner,
    LearnerResult,
    Preferences,
    Record,
    normalise,
    normalise_class_code,
)
from .url import default_url


class Store:
    """Learners and their events in one database (see :func:`default_url`)."""

    def __init__(self, url: str | None = None) -> None:
        self.db = Database(url or default_url())
        migrate(self.db)

    def close(self) -> None:
        """Close the connection."""
        self.db.close()

    def sign_in(self, name: str, class_code: str = "") -> Learner:
        """The learner with this name in this class, created on first sign-in."""
        name, code = normalise(name, class_code)
        now = stamp()
        rows = self.db.run([
            ("INSERT INTO learners (name, class_code, created) VALUES (?, ?, ?) "
             "ON CONFLICT (name, class_code) DO NOTHING", (name, code, now)),
            ("SELECT id FROM learners WHERE name = ? AND class_code = ?", (name, code)),
        ])[1]
        return Learner(int(rows[0][0]), name, code)

    def learners(self, name: str | None = None, class_code: str | None = None) -> list[Learner]:
        """The learners (with this name, in this class), by class then name."""
        where: list[str] = []
        params: list[str] = []
        if name is not None:
            where, params = ["name = ?"], [" ".join(str(name).split())]
        if class_code is not None:
            where, params = [*where, "class_code = ?"], [*params, normalise_class_code(class_code)]
        clause = f"WHERE {' AND '.join(where)} " if where else ""
        rows = self.db.query(f"SELECT id, name, class_code FROM learners {clause}"
                             "ORDER BY class_code, name, id", *params)
        return [Learner(int(row[0]), row[1], row[2]) for row in rows]

    def add(self, learner: Learner, record: Record) -> None:
        """Store ``record`` (a second write with the same uid changes nothing); a
        ``result`` goes to the results (ValueError naming the field if it is malformed)."""
        if record.kind == "result":
            result = Result.of_event(record.source, record.item, record.correct,
                                     {"lesson": record.lesson, **record.data}, record.at)
            self.add_result(learner, result, record.uid)
            return
        correct = None if record.correct is None else int(record.correct)
        self.db.run([(
            "INSERT INTO events (uid, learner_id, kind, lesson, source, item, correct, data, at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uid) DO NOTHING",
            (record.uid, learner.id, record.kind, record.lesson, record.source, record.item,
             correct, json.dumps(record.data, default=str), record.at))])

    def answers(self, learner: Learner, source: str) -> dict[str, bool]:
        """The first answer the learner gave to each item of quiz ``source``."""
        rows = self.db.query(
            "SELECT item, correct FROM events WHERE learner_id = ? AND kind = 'answer' "
            "AND source = ? ORDER BY id", learner.id, source)
        first: dict[str, bool] = {}
        for item, correct in rows:
            first.setdefault(item, bool(correct))
        return first

    def first_answers(self, learner: Learner) -> dict[str, dict[str, bool]]:
        """The first answer the learner gave to each item, by quiz (source)."""
        rows = self.db.query("SELECT source, item, correct FROM events WHERE learner_id = ? "
                             "AND kind = 'answer' ORDER BY id", learner.id)
        first: dict[str, dict[str, bool]] = {}
        for source, item, correct in rows:
            first.setdefault(source, {}).setdefault(item, bool(correct))
        return first

    def preferences(self, learner: Learner) -> Preferences | None:
        """The learner's saved language and faces (None before the first choice)."""
        rows = self.db.query("SELECT lang, faces, at FROM preferences WHERE learner_id = ?",
                             learner.id)
        return Preferences(*rows[0]) if rows else None

    def save_preferences(self, learner: Learner, prefs: Preferences) -> None:
        """Keep ``prefs`` unless a newer choice is already saved (another page, another
        machine): the latest choice wins."""
        self.db.run([(
            "INSERT INTO preferences (learner_id, lang, faces, at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (learner_id) DO UPDATE SET lang = excluded.lang, "
            "faces = excluded.faces, at = excluded.at WHERE excluded.at > preferences.at",
            (learner.id, prefs.lang, prefs.faces, prefs.at))])

    def completed_lessons(self, learner: Learner) -> set[str]:
        """The lessons whose quiz the learner finished."""
        rows = self.db.query("SELECT DISTINCT lesson FROM events WHERE learner_id = ? "
                             "AND kind = 'lesson_complete'", learner.id)
        return {row[0] for row in rows}

    def last_lesson(self, learner: Learner) -> str | None:
        """The lesson of the learner's latest event."""
        rows = self.db.query("SELECT lesson FROM events WHERE learner_id = ? AND lesson <> '' "
                             "ORDER BY id DESC LIMIT 1", learner.id)
        return rows[0][0] if rows else None

    def count(self, kind: str | None = None) -> int:
        """How many events are stored (of ``kind``)."""
        if kind is None:
            return int(self.db.query("SELECT COUNT(*) FROM events")[0][0])
        return int(self.db.query("SELECT COUNT(*) FROM events WHERE kind = ?", kind)[0][0])

    # -- results ----------------------------------------------------------------------
    def add_result(self, learner: Learner, result: Result, uid: str | None = None) -> None:
        """Store one attempt's result (a second write with the same uid changes nothing)."""
        self.db.run([(INSERT_RESULT, (
            uid or f"r-{result.attempt}-{result.source}-{result.item}", learner.id,
            result.lesson, result.source, result.item, result.exercise, int(result.solved),
            result.mistakes, result.hints, result.points_lost, result.seconds, result.attempt,
            json.dumps(result.data, default=str), result.at or stamp()))])

    def results(self, learner: Learner) -> list[Result]:
        """Every result of the learner, oldest first."""
        rows = self.db.query(f"SELECT {RESULT_COLUMNS} FROM results WHERE learner_id = ? "
                             "ORDER BY id", learner.id)
        return [_result(row[2:]) for row in rows]

    def class_results(self, class_code: str | None = None,
                      skipped: list[tuple[str, str]] | None = None) -> list[LearnerResult]:
        """Every result with its learner (of one class, or all), oldest first. With a
        ``skipped`` list, a row that cannot be read is left out and its learner's (name,
        class code) added to the list; without one, ValueError and the like."""
        where, params = ("WHERE l.class_code = ?", (class_code,)) if class_code else ("", ())
        columns = ", ".join(f"r.{name.strip()}" for name in RESULT_COLUMNS.split(","))
        rows = self.db.query(f"SELECT l.name, l.class_code, {columns} FROM results r JOIN "
                             f"learners l ON l.id = r.learner_id {where} ORDER BY r.id", *params)
        out = []
        for row in rows:
            try:
                out.append(LearnerResult(row[0], row[1], _result(row[4:])))
            except ROW_ERRORS:
                if skipped is None:
                    raise
                skipped.append((row[0], row[1]))
        return out

    # -- classes ----------------------------------------------------------------------
    def class_seed(self, class_code: str) -> int | None:
        """The seed of the class's deals, if the teacher set one."""
        rows = self.db.query("SELECT seed FROM classes WHERE class_code = ?",
                             normalise_class_code(class_code))
        return int(rows[0][0]) if rows else None

    def set_class_seed(self, class_code: str, seed: int | None) -> None:
        """Give the class one seed for everybody's deals (None: each learner their own)."""
        code = normalise_class_code(class_code)
        if seed is None:
            self.db.run([("DELETE FROM classes WHERE class_code = ?", (code,))])
            return
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**31:
            raise InputError("teacher.error.seed", "seed", most=2**31 - 1)
        self.db.run([("INSERT INTO classes (class_code, seed, set_at) VALUES (?, ?, ?) "
                      "ON CONFLICT (class_code) DO UPDATE SET seed = excluded.seed, "
                      "set_at = excluded.set_at", (code, seed, stamp()))])

    # -- matches left mid-way -----------------------------------------------------------
    def save_match(self, learner: Learner, page: str, state: dict[str, Any]) -> None:
        """Keep the state of the learner's match on ``page`` (the latest one replaces it)."""
        self.db.run([("INSERT INTO saved_matches (learner_id, page, state, at) "
                      "VALUES (?, ?, ?, ?) ON CONFLICT (learner_id, page) DO UPDATE SET "
                      "state = excluded.state, at = excluded.at",
                      (learner.id, page, json.dumps(state), stamp()))])

    def saved_match(self, learner: Learner, page: str) -> dict[str, Any] | None:
        """The learner's match left mid-way on ``page`` (None if there is none)."""
        rows = self.db.query("SELECT state FROM saved_matches WHERE learner_id = ? AND "
                             "page = ?", learner.id, page)
        return (_details(rows[0][0]) or None) if rows else None

    def clear_match(self, learner: Learner, page: str) -> None:
        """Forget the learner's match on ``page`` (it ended or was abandoned)."""
        self.db.run([("DELETE FROM saved_matches WHERE learner_id = ? AND page = ?",
                      (learner.id, page))])

    def rows(self, class_code: str | None = None) -> list[dict[str, Any]]:
        """Every event joined with its learner (for the teacher), oldest first; ``data`` is
        the event's details (a dict)."""
        where, params = ("WHERE l.class_code = ?", (class_code,)) if class_code else ("", ())
        rows = self.db.query(
            "SELECT l.name, l.class_code, e.kind, e.lesson, e.source, e.item, e.correct, e.at, "
            f"e.data FROM events e JOIN learners l ON l.id = e.learner_id {where} "
            "ORDER BY e.id", *params)
        keys = ("name", "class_code", "kind", "lesson", "source", "item", "correct", "at")
        return [{**dict(zip(keys, row[:-1], strict=True)), "data": _details(row[-1])}
                for row in rows]


def _result(row: Any) -> Result:
    """A result from its stored columns (``RESULT_COLUMNS`` after the learner id)."""
    (lesson, source, item, exercise, solved, mistakes, hints, lost, seconds, attempt, data,
     at) = row
    return Result(lesson, source, item, exercise, bool(solved), int(mistakes), int(hints),
                  None if lost is None else float(lost),
                  None if seconds is None else float(seconds), attempt, at, _details(data))


def _details(text: str) -> dict[str, Any]:
    """An event's stored details (an empty dict if they cannot be read)."""
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}
