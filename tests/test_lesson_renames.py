"""Progress stored under a lesson's old id (before the course's order changed, issue 27) lands
on the lesson's id today: in a database of the previous schema (SQLite and PostgreSQL), in the
browser's document and in a progress file imported on the dashboard. The ids come from the
course's ``formerly:`` (no test names one). A lesson split in two (``questions_formerly:``)
gives the answers to the questions of the new lesson's bank to it, the rest staying with the
lesson it was split from, from a database of version 4 (the order before the split) or of
version 3 (two orders before), and from the browser's document."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tressette_learn.store import Record, Store
from tressette_learn.store.browser_store import BrowserStore, MirroredStorage
from tressette_learn.store.database import Database, Execute
from tressette_learn.store.lesson_ids import source_now
from tressette_learn.store.migrations import STEPS, VERSION, VERSION_1
from tressette_learn.store.progress_import import import_file
from tressette_learn.teaching.bank import bank_source, load_bank
from tressette_learn.teaching.course import (
    by_role,
    course,
    current_id,
    former_ids,
    lesson,
    moved_puzzles,
    moved_questions,
)
from tressette_learn.teaching.puzzles.bank import puzzle_source


def moved() -> tuple[str, str]:
    """The lesson (as stored) whose puzzles moved, and the lesson that has them today."""
    table = moved_puzzles()
    assert len(table) == 1, "the following-suit puzzles moved to the whole deal"
    return next(iter(table.items()))


def renamed() -> tuple[str, str]:
    """The signals lesson's old id and its id today."""
    lesson = by_role("signals")
    assert lesson.formerly, "the signals lesson moved: course.yaml lists its old id"
    return lesson.formerly[0], lesson.id


def test_every_old_id_names_a_lesson_today_and_no_lesson_of_today() -> None:
    ids = {lesson.id for lesson in course()}
    table = former_ids()
    assert table and set(table.values()) <= ids and not set(table) & ids
    assert all(current_id(old) == new for old, new in table.items())
    assert all(current_id(lesson) == lesson for lesson in ids)
    old, new = renamed()
    assert source_now(puzzle_source(old), table) == puzzle_source(new)
    assert source_now(bank_source(old), table) == bank_source(new)
    assert source_now("seed002", table) == "seed002"


def _schema(execute: Execute, version: int) -> None:
    """The tables of schema ``version`` (the renames of versions 4 and 5 ran on the course
    of their day: they are left out) and Anna, learner 1."""
    for statement in VERSION_1:
        execute(statement)
    execute("INSERT INTO learners (name, class_code, created) VALUES ('Anna', '3B', "
            "'2025-01-01T10:00:00+00:00')")
    execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    for number, step in STEPS:
        if number <= version:
            if number < 4:
                step(execute)
            execute("INSERT INTO schema_version (version) VALUES (?)", (number,))


def _before_the_rename(url: str, old: str) -> None:
    """A database of the schema before version 4, with Anna's progress under ``old``."""
    def work(execute: Execute) -> None:
        _schema(execute, 3)
        at = "2025-01-02T10:00:00+00:00"
        for uid, source in (("e1", bank_source(old)), ("e2", puzzle_source(old))):
            execute("INSERT INTO events (uid, learner_id, kind, lesson, source, item, correct, "
                    "data, at) VALUES (?, 1, 'answer', ?, ?, 'q1', 1, '{}', ?)",
                    (uid, old, source, at))
            execute("INSERT INTO results (uid, learner_id, lesson, source, item, exercise, "
                    "solved, mistakes, hints, points_lost, seconds, attempt, data, at) VALUES "
                    "(?, 1, ?, ?, 'q1', 'question', 1, 0, 0, NULL, NULL, 'a1', '{}', ?)",
                    (f"r{uid}", old, source, at))
        execute("INSERT INTO saved_matches (learner_id, page, state, at) VALUES (1, ?, ?, ?)",
                (old, json.dumps({"left": "mid-way"}), at))
        before, _ = moved()
        for uid, source in (("m1", puzzle_source(before)), ("m2", bank_source(before))):
            execute("INSERT INTO results (uid, learner_id, lesson, source, item, exercise, "
                    "solved, mistakes, hints, points_lost, seconds, attempt, data, at) VALUES "
                    "(?, 1, ?, ?, 'q1', 'question', 1, 0, 0, NULL, NULL, 'a1', '{}', ?)",
                    (uid, before, source, at))

    db = Database(url)
    db.within(work)
    db.close()


def test_a_database_of_the_old_order_moves_every_row_to_the_lessons_new_id(url: str) -> None:
    old, new = renamed()
    _before_the_rename(url, old)
    store = Store(url)
    assert store.db.query("SELECT MAX(version) FROM schema_version")[0][0] == VERSION == 5
    anna = store.sign_in("Anna", "3B")
    results = store.results(anna)
    before, after = moved()
    assert {(r.lesson, r.source) for r in results} == {
        (new, bank_source(new)), (new, puzzle_source(new)),
        (after, puzzle_source(after)), (current_id(before), bank_source(current_id(before)))}
    assert {(row["lesson"], row["source"]) for row in store.rows()} == {
        (new, bank_source(new)), (new, puzzle_source(new))}
    assert store.saved_match(anna, new) == {"left": "mid-way"}
    assert store.saved_match(anna, old) is None
    every: list[Any] = store.db.query("SELECT lesson FROM events UNION ALL SELECT lesson FROM "
                                      "results UNION ALL SELECT page FROM saved_matches")
    assert old not in {row[0] for row in every}
    Store(url)  # opening it again changes nothing
    assert Store(url).results(anna) == results


def _old_document(old: str) -> tuple[BrowserStore, Any]:
    store = BrowserStore(MirroredStorage())
    anna = store.sign_in("Anna", "3B")
    store.add(anna, Record("answer", old, bank_source(old), "q1", True, {"number": 1}))
    store.add(anna, Record("result", old, puzzle_source(old), "p1", True,
                           {"exercise": "puzzle", "attempt": "a1"}))
    store.save_match(anna, old, {"left": "mid-way"})
    before, _ = moved()
    store.add(anna, Record("result", before, puzzle_source(before), "p2", False,
                           {"exercise": "puzzle", "attempt": "a2"}))
    return store, anna


def test_the_browsers_document_of_the_old_order_reads_back_under_the_new_ids() -> None:
    old, new = renamed()
    store, anna = _old_document(old)
    _, after = moved()
    assert [(r.lesson, r.source) for r in store.results(anna)] == [
        (new, puzzle_source(new)), (after, puzzle_source(after))]
    assert store.saved_match(anna, new) == {"left": "mid-way"}
    progress = store.progress(anna)
    assert {record.lesson for record in progress.events.values()} == {new}
    assert old not in progress.text()


def test_an_imported_file_of_the_old_order_lands_on_the_new_ids(url: str) -> None:
    old, new = renamed()
    browser, anna = _old_document(old)
    before, after = moved()
    content = (json.dumps(browser.progress(anna).to_json()).replace(new, old)
               .replace(puzzle_source(after), puzzle_source(before))
               .replace(f'"{after}"', f'"{before}"').encode())
    assert old in content.decode() and new not in content.decode()
    assert puzzle_source(before) in content.decode()
    store = Store(url)
    import_file(store, "anna.json", content)
    anna_here = store.sign_in("Anna", "3B")
    assert [(r.lesson, r.source) for r in store.results(anna_here)] == [
        (new, puzzle_source(new)), (after, puzzle_source(after))]
    assert {row["lesson"] for row in store.rows()} == {new}


# -- a lesson split in two ------------------------------------------------------------------


def split() -> tuple[str, str, str, str, str]:
    """The split lesson's id before the split, its id today, the new lesson's id, a question
    that moved to the new lesson and one that stayed."""
    new = next(item for item in course() if item.questions_formerly)
    old = new.questions_formerly[0]
    kept = current_id(old)
    assert kept != old and moved_questions()[old] == new.id
    assert new.quiz and lesson(kept).quiz
    went = load_bank(new.quiz)[0].id
    stayed = next(q.id for q in load_bank(lesson(kept).quiz or "") if q.kind == "choice")
    return old, kept, new.id, went, stayed


def _database_at(url: str, version: int, rows: list[tuple[str, str, str]]) -> None:
    """A database of schema ``version``, Anna's answers and results (lesson, source, item)
    stored as they were then, and a match left mid-way on each lesson named."""
    def work(execute: Execute) -> None:
        _schema(execute, version)
        at = "2025-01-02T10:00:00+00:00"
        for number, (lesson_id, source, item) in enumerate(rows):
            execute("INSERT INTO events (uid, learner_id, kind, lesson, source, item, correct, "
                    "data, at) VALUES (?, 1, 'answer', ?, ?, ?, 1, '{}', ?)",
                    (f"e{number}", lesson_id, source, item, at))
            execute("INSERT INTO results (uid, learner_id, lesson, source, item, exercise, "
                    "solved, mistakes, hints, points_lost, seconds, attempt, data, at) VALUES "
                    "(?, 1, ?, ?, ?, 'question', 1, 0, 0, NULL, NULL, ?, '{}', ?)",
                    (f"r{number}", lesson_id, source, item, f"a{number}", at))
        for lesson_id in sorted({row[0] for row in rows}):
            execute("INSERT INTO saved_matches (learner_id, page, state, at) VALUES "
                    "(1, ?, ?, ?)", (lesson_id, json.dumps({"page": lesson_id}), at))

    db = Database(url)
    db.within(work)
    db.close()


def _split_rows(old: str) -> list[tuple[str, str, str]]:
    """Answers stored under ``old``: to a question that moved, to one that stayed, to a
    puzzle; and the review page re-asking the moved question (its own lesson, the bank's
    source)."""
    _, _, _, went, stayed = split()
    review = by_role("review")
    before = next(name for name in review.formerly if current_id(name) == review.id)
    return [(old, bank_source(old), went), (old, bank_source(old), stayed),
            (old, puzzle_source(old), "p1"), (before, bank_source(old), went)]


def _expected() -> set[tuple[str, str, str]]:
    _, kept, new, went, stayed = split()
    review = by_role("review").id
    return {(new, bank_source(new), went), (kept, bank_source(kept), stayed),
            (kept, puzzle_source(kept), "p1"), (review, bank_source(new), went)}


@pytest.mark.parametrize("version", [4, 3])
def test_a_database_before_the_split_gives_the_new_lesson_its_questions(url: str,
                                                                       version: int) -> None:
    old, kept, new, _went, _stayed = split()
    if version == 3:  # two orders before: the lesson's id of the order before this one
        old = next(name for name in lesson(kept).formerly if name != old)
    rows = _split_rows(old)
    _database_at(url, version, rows)
    store = Store(url)
    assert store.db.query("SELECT MAX(version) FROM schema_version")[0][0] == VERSION
    anna = store.sign_in("Anna", "3B")
    assert {(r.lesson, r.source, r.item) for r in store.results(anna)} == _expected()
    assert {(row["lesson"], row["source"], row["item"]) for row in store.rows()} == _expected()
    assert store.saved_match(anna, kept) == {"page": old}
    every: list[Any] = store.db.query("SELECT lesson FROM events UNION ALL SELECT lesson FROM "
                                      "results UNION ALL SELECT page FROM saved_matches")
    assert not {row[0] for row in every} & set(former_ids())
    results = store.results(anna)
    assert Store(url).results(anna) == results  # opening it again changes nothing
    assert {r.lesson for r in results} == {kept, new, by_role("review").id}


def test_the_browsers_document_before_the_split_reads_back_under_the_new_lessons() -> None:
    old, kept, _new, _went, _stayed = split()
    store = BrowserStore(MirroredStorage())
    anna = store.sign_in("Anna", "3B")
    for number, (lesson_id, source, item) in enumerate(_split_rows(old)):
        store.add(anna, Record("result", lesson_id, source, item, True,
                               {"exercise": "question", "attempt": f"a{number}"}))
        store.add(anna, Record("answer", lesson_id, source, item, True, {"number": 1}))
    store.save_match(anna, old, {"left": "mid-way"})
    assert {(r.lesson, r.source, r.item) for r in store.results(anna)} == _expected()
    progress = store.progress(anna)
    assert {(e.lesson, e.source, e.item) for e in progress.events.values()} == _expected()
    assert store.saved_match(anna, kept) == {"left": "mid-way"}
    assert f'"{old}"' not in progress.text() and bank_source(old) not in progress.text()
