"""The teacher's changes to learners, from the command line (``tressette-learn learners``,
SQLite and PostgreSQL) and from the dashboard (behind the teacher key): rename, merge, reset
a forgotten PIN, remove. Each is checked by reading the store back; a refused one changes
nothing."""

from __future__ import annotations

import html
import json
import re

import pytest

from tressette_learn.cli import main
from tressette_learn.i18n import t
from tressette_learn.store import Learner, Record, Store, identity
from tressette_learn.store.identity import Identities
from tressette_learn.ui.classroom import teacher
from tressette_learn.ui.classroom.learners_box import LearnersBox
from tressette_learn.ui.classroom.teacher import TeacherDashboard
from tressette_learn.ui.settings import Settings


@pytest.fixture
def people(url: str, monkeypatch: pytest.MonkeyPatch) -> Identities:
    """Ada (class 3B, PIN 2718, one answer), "ada r" (3B, a second record of her) and Bruno
    (3B); the store is the one ``TRESSETTE_DB`` names."""
    monkeypatch.setattr(identity, "ITERATIONS", 1000)
    monkeypatch.setenv("TRESSETTE_DB", url)
    found = Identities(Store(url))
    ada = found.sign_in("Ada Rossi", "3B", "2718")
    found.store.add(ada, Record("answer", "01_deck", "bank", "q1", True))
    second = found.sign_in("Ada R", "3B", "1111")
    found.store.add(second, Record("answer", "01_deck", "bank", "q2", False))
    found.sign_in("Bruno", "3B", "3141")
    return found


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["learners", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def stored(people: Identities) -> list[object]:
    db = people.db
    return [db.query("SELECT id, name, class_code FROM learners ORDER BY id"),
            db.query("SELECT learner_id, learner_key, pin_hash FROM identities ORDER BY 1"),
            db.query("SELECT uid, learner_id FROM events ORDER BY 1")]


def named(people: Identities, name: str) -> Learner:
    found = people.find(name, "3B")
    assert found is not None
    return found


def test_the_list_shows_ids_and_who_has_a_pin(people: Identities, capsys) -> None:
    people.reset_pin(named(people, "Bruno"))
    status, out, _ = run(capsys, "list", "--class", "3b", "--json")
    assert status == 0
    rows = json.loads(out)["learners"]
    assert [(row["name"], row["pin"]) for row in rows] == [
        ("Ada R", True), ("Ada Rossi", True), ("Bruno", False)]
    status, out, _ = run(capsys, "list")
    assert "no PIN yet" in out and "#" in out
    status, out, _ = run(capsys, "list", "--lang", "it")
    assert status == 0 and "nessun PIN per ora" in out
    status, _, err = run(capsys, "rename", "Nobody", "X", "--class", "3B", "--lang", "it")
    assert status == 2 and "nessun allievo si chiama 'Nobody' nella classe 3B" in err


def test_rename_merge_reset_and_remove_from_the_command_line(people: Identities,
                                                            capsys) -> None:
    ada, second = named(people, "Ada Rossi"), named(people, "Ada R")
    assert run(capsys, "rename", "ada rossi", "Ada Rossini", "--class", "3B")[0] == 0
    assert people.by_id(ada.id).name == "Ada Rossini"  # type: ignore[union-attr]
    assert people.sign_in("ADA ROSSINI", "3B", "2718").id == ada.id
    status, out, _ = run(capsys, "merge", f"#{second.id}", "Ada Rossini", "--class", "3B")
    assert status == 0 and "merged" in out
    assert people.by_id(second.id) is None
    assert people.store.answers(people.by_id(ada.id), "bank") == {  # type: ignore[arg-type]
        "q1": True, "q2": False}
    assert run(capsys, "reset-pin", "ada rossini", "--class", "3B")[0] == 0
    assert people.enter("Ada Rossini", "3B", "9999").chose_pin  # she chose a new PIN
    assert run(capsys, "remove", "bruno", "--class", "3B", "--yes")[0] == 0
    assert people.find("Bruno", "3B") is None
    assert [who.name for who in people.store.learners()] == ["Ada Rossini"]


@pytest.mark.parametrize(("argv", "says"), [
    (["rename", "Ada Rossi", "BRUNO", "--class", "3B"], "already has that name"),
    (["rename", "Nobody", "X", "--class", "3B"], "no learner named 'Nobody' in class 3B"),
    (["rename", "Ada Rossi", "X"], "without a class"),
    (["rename", "Ada Rossi", "   ", "--class", "3B"], "type your name"),
    (["merge", "Ada Rossi", "ada rossi", "--class", "3B"], "two different learners"),
    (["merge", "#999999", "Bruno", "--class", "3B"], "no learner has the id #999999"),
    (["remove", "Bruno", "--class", "3B"], "--yes"),
    (["reset-pin", "Bruno", "--class", "3/B"], "class code"),
])
def test_a_refused_change_is_one_line_and_changes_nothing(people: Identities, capsys,
                                                          argv: list[str], says: str) -> None:
    before = stored(people)
    status, out, err = run(capsys, *argv)
    assert status == 2 and says in err and err.count("\n") == 1 and out == ""
    assert stored(people) == before


# -- the dashboard ---------------------------------------------------------------------------
@pytest.fixture
def board(people: Identities, monkeypatch: pytest.MonkeyPatch) -> TeacherDashboard:
    monkeypatch.setattr(teacher, "WRONG_KEY_PAUSE", 0.0)
    return TeacherDashboard(people.store, key="k3y", settings=Settings())


def test_the_changes_are_behind_the_teacher_key(board: TeacherDashboard) -> None:
    assert board.learners_box is None
    board.unlock("wrong")
    assert board.learners_box is None and board.content.children == ()
    board.unlock("k3y")
    assert isinstance(board.learners_box, LearnersBox)
    assert board.learners_box in board.content.children


def test_the_dashboard_renames_merges_resets_and_removes(board: TeacherDashboard,
                                                         people: Identities) -> None:
    board.unlock("k3y")
    box = board.learners_box
    assert box is not None
    ada, second, bruno = (named(people, name) for name in ("Ada Rossi", "Ada R", "Bruno"))
    assert [value for _label, value in box.learner.options] == [second.id, ada.id, bruno.id]
    box.learner.value = ada.id
    assert box.rename("Ada  Rossini")
    assert people.by_id(ada.id).name == "Ada Rossini"  # type: ignore[union-attr]
    assert "Renamed to Ada Rossini" in box.status.value
    assert "Ada Rossini" in "".join(label for label, _ in box.learner.options)
    box.learner.value = second.id
    assert box.merge(ada.id) and people.by_id(second.id) is None
    assert set(people.store.answers(people.by_id(ada.id), "bank")) == {  # type: ignore[arg-type]
        "q1", "q2"}
    box.learner.value = ada.id
    assert box.reset_pin() and not people.has_pin(ada)
    assert html_text(box.status.value) == t("teacher.learner.pin_reset", "en", name="Ada Rossini")
    box.learner.value = bruno.id
    assert not box.remove() and people.by_id(bruno.id) is not None  # asks first
    assert "Press Remove again" in box.status.value
    assert box.remove() and people.by_id(bruno.id) is None


def test_a_refused_change_on_the_dashboard_is_said_and_changes_nothing(
        board: TeacherDashboard, people: Identities) -> None:
    board.unlock("k3y")
    box = board.learners_box
    assert box is not None
    before = stored(people)
    box.learner.value = named(people, "Ada Rossi").id
    assert not box.rename("bruno")
    assert html_text(box.status.value) == t("teacher.error.name_taken", "en")
    assert not box.merge(box.learner.value)
    assert html_text(box.status.value) == t("teacher.error.merge_same", "en")
    assert not box.merge(None)
    box.settings.lang = "it"
    board.refresh()
    assert html_text(box.status.value) == t("teacher.error.no_learner", "it")
    assert stored(people) == before


def html_text(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", value))
