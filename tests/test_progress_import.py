"""Progress files saved on the static site, imported on the teacher's dashboard of the served
course into a real database (SQLite and PostgreSQL)."""

from __future__ import annotations

import json

from tressette_learn.classroom.browser_store import BrowserStore, MirroredStorage
from tressette_learn.classroom.progress_file import Progress
from tressette_learn.classroom.store import Preferences, Record, Store
from tressette_learn.classroom.teacher import TeacherDashboard
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


def test_the_upload_button_imports_each_file_chosen(url: str) -> None:
    board = dashboard(url, "it")
    upload = board.importer.upload
    upload.set_state({"value": [{"name": "anna.json", "type": "application/json", "size": 1,
                                 "content": memoryview(saved_file()), "last_modified": 0}]})
    assert "Tentativi nuovi: 2; già presenti: 0." in board.importer.status.value
    assert upload.value == ()  # ready for the next files
    assert len(Store(url).class_results("3B")) == 2


def test_a_malformed_file_is_refused_naming_its_field_and_changes_nothing(url: str) -> None:
    board = dashboard(url)
    doc = json.loads(saved_file())
    doc["results"][1]["mistakes"] = "two"
    other = {**json.loads(saved_file("Luca")), "version": 2}
    said = [p.get(lang) for p in board.importer.import_files(
        [("anna.json", json.dumps(doc).encode()), ("luca.json", json.dumps(other).encode()),
         ("notes.txt", b"\xff\xfe not json")]) for lang in ("en", "it")]
    assert said[0] == ("anna.json was not imported: the field “mistakes” of entry 2 of "
                       "“results” must be a whole number, 0 or more.")
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
