"""Progress stored under a lesson's old id (before the course's order changed, issue 27) lands
on the lesson's id today: in a database of the previous schema (SQLite and PostgreSQL), in the
browser's document and in a progress file imported on the dashboard. The ids come from the
course's ``formerly:`` (no test names one)."""

from __future__ import annotations

import json
from typing import Any

from tressette_learn.store import Record, Store
from tressette_learn.store.browser_store import BrowserStore, MirroredStorage
from tressette_learn.store.database import Database, Execute
from tressette_learn.store.lesson_ids import source_now
from tressette_learn.store.migrations import STEPS, VERSION, VERSION_1
from tressette_learn.store.progress_import import import_file
from tressette_learn.teaching.bank import bank_source
from tressette_learn.teaching.course import by_role, course, current_id, former_ids, moved_puzzles
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


def _before_the_rename(url: str, old: str) -> None:
    """A database of the schema before version 4, with Anna's progress under ``old``."""
    def work(execute: Execute) -> None:
        for statement in VERSION_1:
            execute(statement)
        execute("INSERT INTO learners (name, class_code, created) VALUES ('Anna', '3B', "
                "'2025-01-01T10:00:00+00:00')")
        execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        for number, step in STEPS:
            if number < 4:
                step(execute)
                execute("INSERT INTO schema_version (version) VALUES (?)", (number,))
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
    assert store.db.query("SELECT MAX(version) FROM schema_version")[0][0] == VERSION == 4
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
