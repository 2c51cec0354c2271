"""``tressette-learn progress``: each learner's stars, passed lessons and attempts from the
progress store ``TRESSETTE_DB`` names (SQLite and PostgreSQL), and the review items due; a
learner not found is one line and exit status 2; a learner whose stored rows are malformed is
reported as such and the others still are. ``--import`` refuses the files the teacher's
dashboard refuses, in the same words."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from test_progress_import import HOSTILE, dashboard, saved_file

from tressette_learn.cli import main
from tressette_learn.store import Store
from tressette_learn.teaching.course import course, lesson
from tressette_learn.teaching.exercises import exercises
from tressette_learn.teaching.results import Result


@pytest.fixture
def db(url: str, monkeypatch: pytest.MonkeyPatch) -> Store:
    """Anna (class 3B) passed lesson 1 on her second try; Anna (no class) and Luca did
    nothing."""
    monkeypatch.setenv("TRESSETTE_DB", url)
    store = Store(url)
    anna = store.sign_in("Anna", "3B")
    store.sign_in("Anna")
    store.sign_in("Luca", "3B")
    items = exercises("01_deck")
    for number, item in enumerate(items):
        store.add_result(anna, Result(item.lesson, item.source, item.item, item.exercise,
                                      number < 3, attempt="first"))
        store.add_result(anna, Result(item.lesson, item.source, item.item, item.exercise,
                                      True, hints=int(number == 5), attempt="second",
                                      seconds=2.0))
    yield store
    store.close()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["progress", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_one_learners_lessons_as_json(db: Store, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--learner", "Anna", "--class", "3b", "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert (data["learner"], data["class_code"], data["next"]) == ("Anna", "3B", "00_index")
    assert [item["lesson"] for item in data["lessons"]] == \
        [page.id for page in course() if exercises(page.id)]  # the review page has none
    deck = data["lessons"][1]
    assert {key: deck[key] for key in ("lesson", "stars", "passed", "attempts")} == {
        "lesson": "01_deck", "stars": 2, "passed": True, "attempts": 2}
    assert (deck["hints"], deck["exercises"], deck["seconds"]) == (1, 9, 18.0)
    assert data["lessons"][2] == {**data["lessons"][2], "stars": 0, "passed": False,
                                  "attempts": 0, "state": "todo"}


def test_every_learner_as_json_and_one_class(db: Store,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = run(capsys, "--json")
    assert status == 0
    assert [(who["learner"], who["class_code"]) for who in json.loads(out)["learners"]] == [
        ("Anna", ""), ("Anna", "3B"), ("Luca", "3B")]
    status, out, _err = run(capsys, "--class", "3B", "--json")
    assert [who["learner"] for who in json.loads(out)["learners"]] == ["Anna", "Luca"]


def test_the_text_in_english_and_italian(db: Store, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = run(capsys, "--learner", "Anna", "--class", "3B")
    lines = out.splitlines()
    assert status == 0 and lines[0] == "Anna, class 3B"
    assert "  ★★☆ 1 · The deck: passed (2 attempts)" in lines
    assert f"  ☆☆☆ {lesson('03_card_order').number} · Card order and the trick: to do" in lines
    assert lines[-2:] == ["Carry on with: 0 · Learn Tressette", "To review now: 0 exercises."]
    status, out, _err = run(capsys, "--learner", "Anna", "--class", "3B", "--lang", "it")
    assert "  ★★☆ 1 · Il mazzo: superata (2 tentativi)" in out.splitlines()
    assert out.splitlines()[-2] == "Continua con: 0 · Impara il Tressette"


def test_the_questions_missed_are_due_for_review_days_later(
        db: Store, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Six questions missed then answered right wait three days in box 2."""
    status, out, _err = run(capsys, "--learner", "Anna", "--class", "3B", "--json")
    assert json.loads(out)["due"] == []
    monkeypatch.setenv("TRESSETTE_CLOCK_SHIFT", "4d")
    status, out, _err = run(capsys, "--learner", "Anna", "--class", "3B", "--json")
    due = json.loads(out)["due"]
    assert sorted(item["item"] for item in due) == \
        sorted(item.item for item in exercises("01_deck")[3:])
    assert {(item["source"], item["box"]) for item in due} == {("bank-01_deck", 2)}
    status, out, _err = run(capsys, "--learner", "Anna", "--class", "3B")
    assert out.splitlines()[-1] == "To review now: 6 exercises."
    status, out, _err = run(capsys, "--learner", "Luca", "--lang", "it")
    assert out.splitlines()[-1] == "Da ripassare ora: 0 esercizi."


@pytest.mark.parametrize(("argv", "message"), [
    (["--learner", "Nobody"], "error: --learner: no learner named 'Nobody'\n"),
    (["--learner", "Luca", "--class", "4A"],
     "error: --learner: no learner named 'Luca' in class '4A'\n"),
    (["--learner", "Anna"], "error: --learner: 2 learners are named 'Anna' (classes '', "
                            "'3B'): choose one with --class\n"),
    (["--class", "3/B"], "error: --class: A class code has at most 16 letters, digits or "
                         "dashes.\n"),
])
def test_a_learner_not_found_is_one_line_and_status_2(
        db: Store, capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    status, out, err = run(capsys, *argv, "--json")
    assert (status, out, err) == (2, "", message)


def test_a_store_that_cannot_be_opened_is_one_line(
        tmp_path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv("TRESSETTE_DB", f"sqlite:///{tmp_path / 'file' / 'progress.sqlite'}")
    status, out, err = run(capsys)
    assert status == 2 and out == ""
    assert err.startswith("error: the progress store cannot be opened: ")
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize("argv", [[], ["--json"], ["--lang", "it"]])
def test_a_class_with_no_learner_is_said_in_words(
        db: Store, capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, out, err = run(capsys, "--class", "5b", *argv)
    words = ("nessun allievo è entrato nella classe 5B" if "it" in argv
             else "no learner has signed in to class 5B")
    assert (status, out, err) == (2, "", f"error: --class: {words}\n")


def test_an_empty_store_says_so(url: str, monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TRESSETTE_DB", url)
    assert run(capsys) == (0, "No learner has saved any progress yet.\n", "")
    assert run(capsys, "--json") == (0, '{\n  "learners": []\n}\n', "")


def test_a_malformed_row_is_reported_with_its_learner_and_the_others_go_on(
        db: Store, capsys: pytest.CaptureFixture[str]) -> None:
    """As an import before its dates were checked left one: ``"at": "garbage"``."""
    luca = db.sign_in("Luca", "3B")
    db.add_result(luca, Result("01_deck", "bank-01_deck", "q1", "question", True))
    db.db.run([("UPDATE results SET at = 'garbage' WHERE learner_id = ?", (luca.id,))])
    status, out, err = run(capsys, "--class", "3B")
    reason = "ValueError: result: at must be a date and time (ISO 8601) or empty"
    assert status == 1
    assert out.startswith("Anna, class 3B\n") and "  ★★☆ 1 · The deck: passed (2 attempts)" in out
    assert out.endswith(f"Luca, class 3B\n  Their stored progress cannot be read ({reason}); "
                        "the report of the others goes on.\n")
    assert err == (f"error: Luca, class 3B Their stored progress cannot be read ({reason}); "
                   "the report of the others goes on.\n")
    status, out, _err = run(capsys, "--json")
    assert status == 1
    assert [who.get("error") for who in json.loads(out)["learners"]] == [None, None, reason]
    status, out, _err = run(capsys, "--learner", "Luca", "--json")
    assert (status, json.loads(out)) == (1, {"learner": "Luca", "class_code": "3B",
                                             "error": reason})


def test_a_row_the_store_cannot_even_build_is_reported_too(
        db: Store, capsys: pytest.CaptureFixture[str]) -> None:
    luca = db.sign_in("Luca", "3B")
    db.add_result(luca, Result("01_deck", "bank-01_deck", "q1", "question", True))
    db.db.run([("UPDATE results SET exercise = 'essay' WHERE learner_id = ?", (luca.id,))])
    status, out, err = run(capsys, "--lang", "it")
    assert status == 1 and "Anna, classe 3B\n" in out
    assert "Luca, classe 3B\n  Non si riescono a leggere i suoi progressi salvati (ValueError: " \
        "result: exercise must be one of" in out
    assert err.startswith("error: Luca, classe 3B Non si riescono")


# -- imports ---------------------------------------------------------------------------------
def test_the_command_line_imports_a_file_once(
        db: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    Path("zoe.json").write_bytes(saved_file("Zoë", "4a", attempts=2))
    assert run(capsys, "--import", "zoe.json") == (
        0, "zoe.json: Zoë, class 4A. New attempts: 2; already here: 0.\n", "")
    status, out, _err = run(capsys, "--import", "zoe.json", "--json", "--lang", "it")
    assert (status, json.loads(out)) == (0, [{
        "file": "zoe.json", "imported": True,
        "message": "zoe.json: Zoë, classe 4A. Tentativi nuovi: 0; già presenti: 2."}])
    status, out, _err = run(capsys, "--learner", "Zoë", "--json")
    assert (status, json.loads(out)["class_code"]) == (0, "4A")


def test_the_command_line_refuses_what_the_dashboard_refuses_in_the_same_words(
        db: Store, url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    board, before = dashboard(url), db.count()
    for number, (make, _words) in enumerate(HOSTILE.values()):
        name = f"file{number}.json"
        Path(name).write_bytes(make())
        [said] = board.importer.import_files([(name, Path(name).read_bytes())])
        for lang in ("en", "it"):
            assert run(capsys, "--import", name, "--lang", lang) == (
                2, "", said.get(lang) + "\n")
    assert db.count() == before and len(db.learners()) == 3


def test_the_command_line_says_which_files_of_several_were_refused(
        db: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    Path("big.json").write_bytes(b" " * 12_000_000)
    Path("zoe.json").write_bytes(saved_file("Zoë", attempts=1))
    status, out, err = run(capsys, "--import", "missing.json", "big.json", "zoe.json")
    assert status == 2
    assert out == "zoe.json: Zoë, class 3B. New attempts: 1; already here: 0.\n"
    assert err == ("missing.json was not imported: it cannot be read (No such file or "
                   "directory).\nbig.json was not imported: it is larger than 10 MB.\n")
    assert run(capsys, "--import", "zoe.json", "--class", "3B")[:2] == (2, "")


@pytest.mark.parametrize("bad", ["bogus://x", "sqlite://relative.db", "mysql://u@h/db"])
def test_a_database_url_of_an_unknown_scheme_is_refused_and_creates_nothing(
        bad: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TRESSETTE_DB", bad)
    scheme = bad.split("://")[0]
    for argv in ([], ["--json"], ["--class", "3B"]):
        assert run(capsys, *argv) == (2, "", (
            f"error: the progress store cannot be opened: {scheme}:// is not a database this "
            "course opens: use sqlite:///PATH (a file) or postgresql://USER@HOST/NAME\n"))
    assert os.listdir(tmp_path) == []
