"""``tressette-learn progress``: each learner's stars, passed lessons and attempts from the
progress store ``TRESSETTE_DB`` names (SQLite and PostgreSQL), and the review items due; a
learner not found is one line and exit status 2."""

from __future__ import annotations

import json

import pytest

from tressette_learn.classroom.store import Store
from tressette_learn.cli import main
from tressette_learn.teaching.course import course
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
    assert "  ☆☆☆ 2 · Card order and the trick: to do" in lines
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
