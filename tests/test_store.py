"""The progress store against SQLite and a real PostgreSQL server (started by the project's
scripts), including many writers at once."""

from __future__ import annotations

import multiprocessing
import shutil
from pathlib import Path

import pytest
from conftest import fresh_database

from tressette_learn.store import Preferences, Record, Store, StoreError, open_store
from tressette_learn.store.migrations import VERSION_1

WRITERS, ANSWERS = 20, 500


def test_signing_in_twice_finds_the_same_learner(store_url: str) -> None:
    store = open_store(store_url)
    first = store.sign_in("  Anna   Rossi ", "3b")
    again = store.sign_in("Anna Rossi", "3B")
    assert first == again and first.name == "Anna Rossi" and first.class_code == "3B"
    assert store.sign_in("Anna Rossi", "") != first  # another class, another learner


@pytest.mark.parametrize(("name", "code", "field"), [
    ("", "", "name"), ("x" * 41, "", "name"), ("Anna", "3b; drop", "class code"),
])
def test_a_bad_name_or_class_code_is_refused_with_the_field(store_url: str, name: str,
                                                            code: str,
                                                            field: str) -> None:
    store = open_store(store_url)
    with pytest.raises(ValueError, match=field):
        store.sign_in(name, code)
    assert store.rows() == []


def test_a_write_retried_with_the_same_uid_is_stored_once(store_url: str) -> None:
    store = open_store(store_url)
    learner = store.sign_in("Luca")
    record = Record("answer", "01_deck", "bank-01_deck", "q1", True)
    store.add(learner, record)
    store.add(learner, record)
    assert store.count() == 1


def test_the_first_answer_to_each_item_is_the_one_that_counts(store_url: str) -> None:
    store = open_store(store_url)
    learner = store.sign_in("Luca")
    for item, correct in [("q1", False), ("q2", True), ("q1", True)]:
        store.add(learner, Record("answer", "01_deck", "bank-01_deck", item, correct))
    assert store.answers(learner, "bank-01_deck") == {"q1": False, "q2": True}
    store.add(learner, Record("lesson_complete", "01_deck", "01_deck"))
    store.add(learner, Record("answer", "03_card_order", "bank-02", "q1", True))
    assert store.completed_lessons(learner) == {"01_deck"}
    assert store.last_lesson(learner) == "03_card_order"


def test_names_come_back_exactly_as_typed_for_the_teacher(store_url: str) -> None:
    store = open_store(store_url)
    learner = store.sign_in("<b>Zoë</b> & 'co'")
    store.add(learner, Record("answer", "01_deck", "q", "1", False))
    assert store.rows()[0]["name"] == "<b>Zoë</b> & 'co'"


def _write_answers(url: str, writer: int) -> None:
    store = Store(url)
    learner = store.sign_in(f"learner {writer}", "LOAD")
    for number in range(ANSWERS):
        store.add(learner, Record("answer", "01_deck", "bank-01_deck", f"q{number}",
                                  number % 3 == 0))
        if number % 10 == 0:  # and a result now and then
            store.add(learner, Record("result", "01_deck", "bank-01_deck", f"q{number}", True,
                                      {"exercise": "question", "attempt": f"a{number}"}))
    store.close()


def test_twenty_writers_at_once_lose_nothing(url: str) -> None:
    Store(url).close()  # create the tables once
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(WRITERS) as pool:
        pool.starmap(_write_answers, [(url, n) for n in range(WRITERS)])
    store = Store(url)
    assert store.count("answer") == WRITERS * ANSWERS
    assert len({row["name"] for row in store.rows("LOAD")}) == WRITERS
    assert len(store.class_results("LOAD")) == WRITERS * ANSWERS // 10


def _open(url: str) -> str:
    try:
        Store(url).close()
    except StoreError as err:
        return str(err)
    return "opened"


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_many_kernels_opening_a_new_database_at_once_all_succeed(
        request: pytest.FixtureRequest, tmp_path: Path, kind: str) -> None:
    """After an upgrade every kernel creates the new tables: none may fail (PostgreSQL
    refused about one kernel in twenty when they raced)."""
    opened = []
    with multiprocessing.get_context("spawn").Pool(WRITERS) as pool:
        for number in range(5):
            url = fresh_database(request, kind, tmp_path / str(number))
            opened += pool.map(_open, [url] * WRITERS)
    assert set(opened) == {"opened"}


def test_a_database_that_cannot_be_written_raises_a_store_error(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    store = Store(f"sqlite:///{folder / 'p.sqlite'}")
    learner = store.sign_in("Anna")
    store.close()
    shutil.rmtree(folder)
    folder.write_text("the disk now refuses this folder")
    with pytest.raises(StoreError):
        store.add(learner, Record("answer"))


# -- preferences, and databases made by the first release ----------------------------------
#: The first release's schema (the schema only grows: its first statements stay as they
#: were), with a learner and an answer, before the preferences table.
OLD_SCHEMA = [*VERSION_1[:3],
              "INSERT INTO learners (name, class_code, created) VALUES ('Anna', '3B', '2024-01')",
              "INSERT INTO events (uid, learner_id, kind, lesson, source, item, correct, data, at) "
              "VALUES ('u1', 1, 'answer', '01_deck', 'bank-01_deck', 'q1', 1, '{}', '2024-01')"]


def test_a_database_of_the_first_release_keeps_its_rows_and_gains_preferences(url: str) -> None:
    from tressette_learn.store.database import Database

    old = Database(url)
    old.run([(statement, ()) for statement in OLD_SCHEMA])
    assert "preferences" not in " ".join(OLD_SCHEMA)
    old.close()
    store = Store(url)
    assert [(r["name"], r["item"], r["correct"]) for r in store.rows()] == [("Anna", "q1", 1)]
    anna = store.sign_in("Anna", "3B")
    assert anna.id == 1 and store.preferences(anna) is None
    store.save_preferences(anna, Preferences("it", "french", "2024-02-01T10:00:00+00:00"))
    assert Store(url).preferences(anna) == Preferences("it", "french",
                                                       "2024-02-01T10:00:00+00:00")
    assert store.count() == 1


def test_the_latest_choice_of_preferences_wins(store_url: str) -> None:
    store = open_store(store_url)
    luca = store.sign_in("Luca")
    newer = Preferences("it", "italian", "2024-02-01T10:00:05+00:00")
    store.save_preferences(luca, newer)
    store.save_preferences(luca, Preferences("en", "french", "2024-02-01T10:00:01+00:00"))
    assert store.preferences(luca) == newer  # a page that chose earlier does not undo it
    assert store.preferences(store.sign_in("Anna")) is None


@pytest.mark.parametrize(("lang", "faces", "at"), [("fr", "italian", "x"),
                                                   ("it", "tarot", "x"), ("it", "french", "")])
def test_bad_preferences_are_refused(lang: str, faces: str, at: str) -> None:
    with pytest.raises(ValueError, match="preferences"):
        Preferences(lang, faces, at)


def test_first_answers_by_quiz(store_url: str) -> None:
    store = open_store(store_url)
    anna = store.sign_in("Anna")
    for source, item, correct in [("bank-a", "1", False), ("bank-a", "1", True),
                                  ("bank-b", "1", True)]:
        store.add(anna, Record("answer", "x", source, item, correct))
    assert store.first_answers(anna) == {"bank-a": {"1": False}, "bank-b": {"1": True}}
    assert [row["data"] for row in store.rows()] == [{}, {}, {}]
