"""Progress files saved on the static site, imported on the teacher's dashboard of the served
course into a real database (SQLite and PostgreSQL): hostile files (too big, too deep, bad
times, huge numbers, wrong types, unknown lessons, long texts) are refused in words and
change nothing; a file the database refuses half-way leaves nothing behind."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tressette_learn.store import Preferences, Record, Store
from tressette_learn.store.browser_store import BrowserStore, MirroredStorage
from tressette_learn.store.progress_file import Progress
from tressette_learn.store.progress_import import MAX_BYTES
from tressette_learn.ui.classroom.teacher import TeacherDashboard
from tressette_learn.ui.settings import Settings

KEY = "k"


def saved_file(name: str = "Anna", code: str = "3b", attempts: int = 2) -> bytes:
    """What the static site's "save my progress" gives: the learner's document."""
    store = BrowserStore(MirroredStorage())
    learner = store.sign_in(name, code)
    for number in range(attempts):
        store.add(learner, Record("answer", "01_deck", "bank-01_deck", f"q{number}", True,
                                  {"number": number + 1}))
        store.add(learner, Record("result", "01_deck", "bank-01_deck", f"q{number}", True,
                                  {"exercise": "question", "attempt": "a1"}))
    store.save_preferences(learner, Preferences("it", "french", "2025-01-01T10:00:00+00:00"))
    return store.progress(learner).text().encode()


def dashboard(url: str, lang: str = "en") -> TeacherDashboard:
    board = TeacherDashboard(Store(url), key=KEY, settings=Settings(lang=lang))
    board.unlock(KEY)
    return board


def learners_table(board: TeacherDashboard) -> str:
    return next(child.value for child in board.content.children
                if "tl-teacher-learners" in getattr(child, "value", ""))


def test_an_imported_file_joins_the_class_once(url: str) -> None:
    board, anna_file = dashboard(url), saved_file()
    said = board.importer.import_files([("anna.json", anna_file)])
    assert [p.get("en") for p in said] == [
        "anna.json: Anna, class 3B. New attempts: 2; already here: 0."]
    store = Store(url)
    anna = store.sign_in("Anna", "3B")
    assert len(store.results(anna)) == 2 and store.count("answer") == 2
    assert store.preferences(anna) == Preferences("it", "french", "2025-01-01T10:00:00+00:00")
    assert "Anna" in learners_table(board)  # the dashboard shows her
    again = board.importer.import_files([("anna.json", anna_file),
                                         ("luca.json", saved_file("Luca", "3B", 1))])
    assert "New attempts: 0; already here: 2." in again[0].get("en")
    assert len(store.results(anna)) == 2 and store.count("answer") == 3
    assert {r.name for r in store.class_results("3B")} == {"Anna", "Luca"}


def test_a_file_joins_the_learner_whose_name_differs_only_in_case_or_accents(url: str) -> None:
    """"ada  rossi" in a file is the Àda Rossi who signed in with her PIN: one learner."""
    from tressette_learn.store.identity import Identities

    store = Store(url)
    ada = Identities(store).sign_in("Àda Rossi", "3B", "4321")
    board = dashboard(url)
    said = board.importer.import_files([("ada.json", saved_file("ada  rossi", "3b"))])
    assert "Àda Rossi, class 3B" in said[0].get("en")
    assert [learner.id for learner in store.learners(class_code="3B")] == [ada.id]
    assert len(store.results(ada)) == 2
    assert Identities(store).sign_in("ADA ROSSI", "3B", "4321") == ada  # her PIN still


def choose(board: TeacherDashboard, files: list[tuple[str, bytes | None]]) -> None:
    """What the import box's page sends when files are chosen: each file as one message
    with its bytes, or (too big to send) with none."""
    for index, (name, content) in enumerate(files):
        kind = "file" if content is not None else "too_big"
        board.importer.picker._handle_msg({"content": {"data": {"method": "custom", "content": {
            "type": kind, "name": name, "index": index, "count": len(files)}}},
            "buffers": [memoryview(content)] if content is not None else []})


def test_the_files_chosen_each_say_what_they_did(url: str) -> None:
    board, anna = dashboard(url, "it"), saved_file()
    handled = board.importer.picker.handled
    choose(board, [("anna.json", anna), ("grande.json", None),
                   ("luca.json", saved_file("Luca", attempts=1))])
    status = board.importer.status.value
    assert "anna.json: Anna, classe 3B. Tentativi nuovi: 2; già presenti: 0." in status
    assert "grande.json non è stato importato: supera i 10 MB." in status
    assert "luca.json: Luca, classe 3B. Tentativi nuovi: 1" in status
    assert board.importer.picker.handled == handled + 1  # the page stops waiting
    assert len(Store(url).class_results("3B")) == 3
    assert "Luca" in learners_table(board)  # the dashboard was redrawn
    choose(board, [("anna.json", anna)])  # the next choice replaces the lines
    assert "già presenti: 2" in board.importer.status.value
    assert "grande.json" not in board.importer.status.value


def test_forged_messages_from_the_page_change_nothing(url: str) -> None:
    board = dashboard(url)
    for content, buffers in [
        ({"type": "file", "name": "a.json", "index": 0, "count": 1}, []),
        ({"type": "too_big", "name": "a.json", "index": 0, "count": 1}, [saved_file()]),
        ({"type": "file", "name": "a.json", "index": 3, "count": 1}, [saved_file()]),
        ({"type": "file", "name": "a" * 201, "index": 0, "count": 1}, [saved_file()]),
        ({"type": "run", "code": "import os"}, []),
    ]:
        board.importer.picker._handle_msg({"content": {"data": {
            "method": "custom", "content": content}}, "buffers": buffers})
    assert board.importer.status.value == "" and Store(url).learners() == []


def test_a_file_sent_before_the_teacher_key_is_given_is_not_imported(url: str) -> None:
    """The picker is on the teacher's page before the key is typed (served by ``serve`` to
    anyone): a file sent to it then imports nothing."""
    board = TeacherDashboard(Store(url), key=KEY, settings=Settings())
    content = {"type": "file", "name": "anna.json", "index": 0, "count": 1}
    board.importer.picker._handle_msg({"content": {"data": {
        "method": "custom", "content": content}}, "buffers": [saved_file()]})
    assert board.importer.status.value == "" and Store(url).learners() == []
    board.unlock(KEY)  # the same message once the teacher has opened the dashboard
    board.importer.picker._handle_msg({"content": {"data": {
        "method": "custom", "content": content}}, "buffers": [saved_file()]})
    assert [learner.name for learner in Store(url).learners()] == ["Anna"]


def test_a_malformed_file_is_refused_naming_its_field_and_changes_nothing(url: str) -> None:
    board = dashboard(url)
    doc = json.loads(saved_file())
    doc["results"][1]["mistakes"] = "two"
    other = {**json.loads(saved_file("Luca")), "version": 2}
    said = [p.get(lang) for p in board.importer.import_files(
        [("anna.json", json.dumps(doc).encode()), ("luca.json", json.dumps(other).encode()),
         ("notes.txt", b"\xff\xfe not json")]) for lang in ("en", "it")]
    assert said[0] == ("anna.json was not imported: the field “mistakes” of entry 2 of "
                       "“results” must be a whole number from 0 to 10000.")
    assert said[1].startswith("anna.json non è stato importato: il campo «mistakes» della "
                              "voce 2 di «results»")
    assert said[2] == ("luca.json was not imported: this file was saved by another version of "
                       "the course (file format 2; this course reads format 1).")
    assert "not a progress file" in said[4]
    store = Store(url)
    assert store.learners() == [] and store.class_results() == [] and store.count() == 0


def test_an_empty_progress_still_names_its_learner(url: str) -> None:
    board = dashboard(url)
    text = Progress("Zoë", "").text().encode()
    [said] = board.importer.import_files([("zoe.json", text)])
    assert said.get("en") == "zoe.json: Zoë, class –. New attempts: 0; already here: 0."
    assert [learner.name for learner in Store(url).learners()] == ["Zoë"]


# -- hostile files -------------------------------------------------------------------------
def changed(**changes: Any) -> Callable[[], bytes]:
    """A saved file with fields changed (``"results.1.at"``: the field of entry 1)."""

    def make() -> bytes:
        doc = json.loads(saved_file())
        for path, value in changes.items():
            *parents, last = path.split(".")
            target = doc
            for part in parents:
                target = target[int(part) - 1] if isinstance(target, list) else target[part]
            target[int(last) - 1 if isinstance(target, list) else last] = value
        return json.dumps(doc).encode()

    return make


def nested(levels: int) -> Callable[[], bytes]:
    return changed(**{"events.1.data": json.loads("[" * levels + "]" * levels)})


HOSTILE: dict[str, tuple[Callable[[], bytes], str]] = {
    "bigger than 10 MB": (lambda: saved_file()[:-1] + b" " * MAX_BYTES + b"}",
                          "it is larger than 10 MB"),
    "nested past the parser": (lambda: b"[" * 200_000 + b"]" * 200_000,
                               "its fields are nested more than 32 levels deep"),
    "nested 40 levels in an event": (nested(40), "its fields are nested more than 32 levels"),
    "a time that is not one": (changed(**{"results.1.at": "garbage"}),
                               "the field “at” of entry 1 of “results” must be a date and "
                               "time between the years 2000 and 2100, written as "
                               "2025-03-14T09:30:00+00:00"),
    "a month 13": (changed(**{"events.2.at": "2025-13-01T10:00:00+00:00"}),
                   "the field “at” of entry 2 of “events” must be a date and time"),
    "the year 9999": (changed(**{"learner.created": "9999-12-31T23:59:59+00:00"}),
                      "the field “created” in “learner” must be a date and time"),
    "preferences with no time": (changed(**{"preferences.at": ""}),
                                 "the field “at” in “preferences” must be a date and time"),
    "10**23 mistakes": (changed(**{"results.1.mistakes": 10**23}),
                        "the field “mistakes” of entry 1 of “results” must be a whole number "
                        "from 0 to 10000"),
    "1e300 seconds": (changed(**{"results.2.seconds": 1e300}),
                      "the field “seconds” of entry 2 of “results” must be a number from 0 to "
                      "100000000"),
    "a digit string too long for JSON": (
        lambda: saved_file().replace(b'"mistakes":0', b'"mistakes":' + b"9" * 5000, 1),
        "this is not a progress file saved from the course (it is not JSON text)"),
    "negative hints": (changed(**{"results.1.hints": -1}),
                       "the field “hints” of entry 1 of “results” must be a whole number "
                       "from 0 to 10000"),
    "solved as text": (changed(**{"results.1.solved": "yes"}),
                       "the field “solved” of entry 1 of “results” must be true or false"),
    "events not a list": (changed(events={"1": {}}), "the field “events” must be a list"),
    "data not an object": (changed(**{"results.1.data": [1, 2]}),
                           "the field “data” of entry 1 of “results” must be a group of "
                           "named fields (a JSON object)"),
    "an unknown lesson": (changed(**{"results.2.lesson": "99_secrets"}),
                          "the field “lesson” of entry 2 of “results” names “99_secrets”, "
                          "which is not a lesson of this course"),
    "an event of an unknown lesson": (changed(**{"events.1.lesson": "../etc/passwd"}),
                                      "the field “lesson” of entry 1 of “events” names "
                                      "“../etc/passwd”, which is not a lesson"),
    "a 1 MB text in the details": (changed(**{"events.1.data": {"note": "x" * 1_000_000}}),
                                   "the field “data” of entry 1 of “events” holds a text "
                                   "longer than 10000 characters"),
    "a 1 MB field name": (changed(**{"events.1.data": {"x" * 1_000_000: 1}}),
                          "the field “data” of entry 1 of “events” holds a text longer"),
    "a 1 MB item": (changed(**{"results.1.item": "q" * 1_000_000}),
                    "the field “item” of entry 1 of “results” holds a text longer"),
    "a 300-character source": (changed(**{"results.1.source": "s" * 300}),
                               "the field “source” of entry 1 of “results” must be a text of "
                               "1 to 200 characters, without control"),
    "a NUL in a name": (changed(**{"events.1.item": "q\u0000"}),
                        "the field “item” of entry 1 of “events” must be a text of at most "
                        "200 characters, without control characters"),
    "a 1 MB learner name": (changed(**{"learner.name": "A" * 1_000_000}),
                            "the field “name” in “learner” holds a text longer"),
}


@pytest.mark.parametrize("case", HOSTILE)
def test_a_hostile_file_is_refused_in_words_and_changes_nothing(url: str, case: str) -> None:
    make, words = HOSTILE[case]
    board = dashboard(url)
    [said] = board.importer.import_files([("anna.json", make())])
    assert said.get("en").startswith(f"anna.json was not imported: {words}")
    assert said.get("it").startswith("anna.json non è stato importato: ")
    assert len(said.get("en")) < 400  # a sentence, never the file's own contents
    store = Store(url)
    assert store.learners() == [] and store.count() == 0 and store.class_results() == []


def test_italian_names_the_field_and_the_limit(url: str) -> None:
    [said] = dashboard(url).importer.import_files(
        [("anna.json", changed(**{"results.1.at": "garbage"})())])
    assert said.get("it") == (
        "anna.json non è stato importato: il campo «at» della voce 1 di «results» deve essere "
        "una data con l'ora tra gli anni 2000 e 2100, scritta come 2025-03-14T09:30:00+00:00.")


def refuse_results(store: Store, reason: str) -> None:
    """Make the database itself refuse every new result (as a full disk would)."""
    if store.db.postgres:
        store.db.run([(f"CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION "
                       f"'{reason}'; END $$ LANGUAGE plpgsql", ()),
                      ("CREATE TRIGGER refuse BEFORE INSERT ON results FOR EACH ROW "
                       "EXECUTE FUNCTION refuse()", ())])
    else:
        store.db.run([(f"CREATE TRIGGER refuse BEFORE INSERT ON results BEGIN "
                       f"SELECT RAISE(ABORT, '{reason}'); END", ())])


def test_a_file_the_database_refuses_half_way_leaves_nothing_not_even_its_learner(
        url: str) -> None:
    store = Store(url)
    refuse_results(store, "disk is full")
    board = dashboard(url)
    [said] = board.importer.import_files([("anna.json", saved_file())])
    assert said.get("en").startswith("anna.json was not imported: the database refused it (")
    assert "disk is full" in said.get("en")
    assert store.learners() == [] and store.count() == 0  # its events went back too
    assert store.db.query("SELECT COUNT(*) FROM preferences")[0][0] == 0
    store.db.run([("DROP TRIGGER refuse ON results" if store.db.postgres
                   else "DROP TRIGGER refuse", ())])
    [said] = board.importer.import_files([("anna.json", saved_file())])
    assert "New attempts: 2; already here: 0." in said.get("en")  # the same file, whole
