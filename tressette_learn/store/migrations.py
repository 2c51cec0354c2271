"""The progress database's schema, by version, and the steps that bring an older database
up to date without losing a row.

Version 1 is the first release's tables (learners, events, preferences). Version 2 adds the
results of exercises (from which stars are computed), class settings and matches left
mid-way, and turns every answer already recorded into a result. Each step runs once, in the
same transaction as the version it records, while other kernels wait.

Version 3 gives learners a secret (:mod:`.identity`): each learner's key (the name without
case, spaces or accents), PIN hash and failed tries, and the browsers they are signed in
on. Existing learners get their key and no PIN: they choose one at their next sign-in.

Version 4 follows the course's new order (issue 27): every lesson id a lesson had before a
rename (``formerly:`` in ``lessons/course.yaml``, :mod:`.lesson_ids`) becomes its id today in
each table that holds one: the events' and results' lesson and source (stars, mastery and
the review deck are computed from them) and the page of a match left mid-way; the results of
puzzles that moved to another lesson (``puzzles_formerly:``) go with them.

Version 5 follows the course's next order (issue 27): the declarations and the match are two
lessons, and the lessons after them move one place on. The renames of version 4 run again
with the course's ids today, after the answers to the questions the new lesson's bank holds
(``questions_formerly:``) have moved to it from the lesson they were split from.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .database import Database, Execute
from .identity import adopt
from .lesson_ids import BANK, PUZZLES, Questions, moved, renames, sources, split_questions

VERSION_1 = [
    """CREATE TABLE IF NOT EXISTS learners (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL, class_code TEXT NOT NULL, created TEXT NOT NULL,
        UNIQUE (name, class_code))""",
    """CREATE TABLE IF NOT EXISTS events (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        uid TEXT NOT NULL UNIQUE,
        learner_id INTEGER NOT NULL REFERENCES learners (id),
        kind TEXT NOT NULL, lesson TEXT NOT NULL, source TEXT NOT NULL, item TEXT NOT NULL,
        correct INTEGER, data TEXT NOT NULL, at TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS events_learner ON events (learner_id, kind)",
    """CREATE TABLE IF NOT EXISTS preferences (
        learner_id INTEGER PRIMARY KEY REFERENCES learners (id),
        lang TEXT NOT NULL, faces TEXT NOT NULL, at TEXT NOT NULL)""",
]

VERSION_2 = [
    """CREATE TABLE IF NOT EXISTS results (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        uid TEXT NOT NULL UNIQUE,
        learner_id INTEGER NOT NULL REFERENCES learners (id),
        lesson TEXT NOT NULL, source TEXT NOT NULL, item TEXT NOT NULL,
        exercise TEXT NOT NULL, solved INTEGER NOT NULL,
        mistakes INTEGER NOT NULL, hints INTEGER NOT NULL,
        points_lost DOUBLE PRECISION, seconds DOUBLE PRECISION,
        attempt TEXT NOT NULL, data TEXT NOT NULL, at TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS results_learner ON results (learner_id, lesson)",
    """CREATE TABLE IF NOT EXISTS classes (
        class_code TEXT PRIMARY KEY, seed INTEGER NOT NULL, set_at TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS saved_matches (
        learner_id INTEGER NOT NULL REFERENCES learners (id), page TEXT NOT NULL,
        state TEXT NOT NULL, at TEXT NOT NULL, PRIMARY KEY (learner_id, page))""",
]

LOCK = 7_240_301  # PostgreSQL advisory lock held while the schema changes
RESULT_COLUMNS = ("uid, learner_id, lesson, source, item, exercise, solved, mistakes, hints, "
                  "points_lost, seconds, attempt, data, at")
INSERT_RESULT = (f"INSERT INTO results ({RESULT_COLUMNS}) VALUES "
                 "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uid) DO NOTHING")


def _version_2(execute: Execute) -> None:
    for statement in VERSION_2:
        execute(statement)
    rows = execute("SELECT uid, learner_id, lesson, source, item, correct, at FROM events "
                   "WHERE kind = 'answer' AND correct IS NOT NULL ORDER BY id")
    for values in answers_as_results(rows):
        execute(INSERT_RESULT, values)


def answers_as_results(rows: list[Any]) -> list[tuple[Any, ...]]:
    """Results from the answers of version 1: a quiz question's first answer is one
    attempt; a guided hand's answers to its moves are one attempt at the hand (solved when
    every move it asks for was found; each wrong card a mistake)."""
    firsts: dict[tuple[Any, str, str], tuple[Any, ...]] = {}
    hands: dict[tuple[Any, str], list[Any]] = {}
    for uid, learner, lesson, source, item, correct, at in rows:
        if str(item).startswith("move"):
            hands.setdefault((learner, source), []).append((uid, lesson, item, correct, at))
            continue
        kind = "drill" if str(source).startswith("memory-") else "question"
        firsts.setdefault((learner, source, item), (
            f"v2-{uid}", learner, lesson or "?", source, item, kind, int(bool(correct)),
            0 if correct else 1, 0, None, None, f"v2-{uid}", "{}", at))
    return [*firsts.values(), *(_hand(learner, source, answers)
                                for (learner, source), answers in hands.items())]


def _hand(learner: Any, source: str, answers: list[Any]) -> tuple[Any, ...]:
    uid, lesson, _item, _correct, _at = answers[0]
    found = {item for _u, _l, item, correct, _a in answers if correct}
    mistakes = sum(1 for *_rest, correct, _a in answers if not correct)
    asked = _moves_asked(source)
    solved = bool(found) and (found >= asked if asked else True)
    data = json.dumps({"moves_found": len(found)})
    return (f"v2-{uid}", learner, lesson or "?", source, source, "guided", int(solved),
            mistakes, 0, None, None, f"v2-{uid}", data, answers[-1][4])


def _moves_asked(source: str) -> set[str]:
    """The moves a guided hand asks for (empty if the hand is no longer in the course)."""
    from ..teaching.guided import HandScript

    try:
        return {f"move{step}" for step in HandScript.load(source).your_moves}
    except (OSError, ValueError):
        return set()


VERSION_3 = [
    """CREATE TABLE IF NOT EXISTS identities (
        learner_id INTEGER PRIMARY KEY REFERENCES learners (id),
        class_code TEXT NOT NULL, learner_key TEXT,
        pin_hash TEXT, failures INTEGER NOT NULL, locked_until TEXT,
        UNIQUE (class_code, learner_key))""",
    """CREATE TABLE IF NOT EXISTS sessions (
        token_hash TEXT PRIMARY KEY,
        learner_id INTEGER NOT NULL REFERENCES learners (id), created TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS sessions_learner ON sessions (learner_id)",
]


def _version_3(execute: Execute) -> None:
    for statement in VERSION_3:
        execute(statement)
    adopt(execute)


def rename_lessons(execute: Execute, table: dict[str, str], puzzles: dict[str, str],
                   questions: Questions) -> None:
    """The results of puzzles that moved (``puzzles``) and the answers to questions split off
    into another lesson's bank (``questions``) under the lesson that has them, then every
    old lesson id of ``table`` (and the sources named after it) as its id today."""
    for old, (new, items) in questions.items():
        if not items:
            continue
        marks = ", ".join("?" for _ in items)
        for name in ("events", "results"):
            execute(f"UPDATE {name} SET lesson = CASE WHEN lesson = ? THEN ? ELSE lesson END, "
                    f"source = ? WHERE source = ? AND item IN ({marks})",
                    (old, new, BANK + new, BANK + old, *sorted(items)))
    for old, new in puzzles.items():
        for name in ("events", "results"):
            execute(f"UPDATE {name} SET lesson = ?, source = ? WHERE lesson = ? AND source = ?",
                    (new, PUZZLES + new, old, PUZZLES + old))
    for old, new in table.items():
        for name in ("events", "results"):
            execute(f"UPDATE {name} SET lesson = ? WHERE lesson = ?", (new, old))
        execute("UPDATE saved_matches SET page = ? WHERE page = ? AND NOT EXISTS (SELECT 1 "
                "FROM saved_matches AS kept WHERE kept.learner_id = saved_matches.learner_id "
                "AND kept.page = ?)", (new, old, new))
        execute("DELETE FROM saved_matches WHERE page = ?", (old,))
    for old, new in sources(table).items():
        for name in ("events", "results"):
            execute(f"UPDATE {name} SET source = ? WHERE source = ?", (new, old))


def _follow_the_course(execute: Execute) -> None:
    rename_lessons(execute, renames(), moved(), split_questions())


STEPS: list[tuple[int, Callable[[Execute], None]]] = [(2, _version_2), (3, _version_3),
                                                       (4, _follow_the_course),
                                                       (5, _follow_the_course)]
VERSION = STEPS[-1][0]


def migrate(db: Database) -> int:
    """Create the tables or bring them up to :data:`VERSION`; the version reached."""
    def work(execute: Execute) -> int:
        if db.postgres:  # kernels starting together take turns (SQLite's BEGIN IMMEDIATE does)
            execute("SELECT pg_advisory_xact_lock(?)", (LOCK,))
        for statement in VERSION_1:
            execute(statement)
        execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        version = int(execute("SELECT MAX(version) FROM schema_version")[0][0] or 1)
        for number, step in STEPS:
            if number > version:
                step(execute)
                execute("INSERT INTO schema_version (version) VALUES (?)", (number,))
                version = number
        return version

    return db.within(work)
