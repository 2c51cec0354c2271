"""The teacher dashboard: its figures from the stored events, and its key."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from tressette_learn.classroom import teacher
from tressette_learn.classroom.dashboard import (
    learner_lines,
    learners_csv,
    lesson_rates,
    question_rates,
)
from tressette_learn.classroom.store import Record, Store
from tressette_learn.classroom.teacher import TeacherDashboard


@pytest.fixture
def store(tmp_path: Path) -> Store:
    store = Store(f"sqlite:///{tmp_path / 'p.sqlite'}")
    anna, luca = store.sign_in("Anna", "3B"), store.sign_in("<script>x</script>", "3C")
    for learner, item, correct in [(anna, "q1", True), (anna, "q1", False), (anna, "q2", False),
                                   (luca, "q1", False), (luca, "q2", False)]:
        store.add(learner, Record("answer", "02_card_order", "bank-02", item, correct))
    store.add(anna, Record("answer", "04_scoring", "bank-04", "q1", True))
    store.add(anna, Record("lesson_complete", "02_card_order", "02_card_order"))
    store.add(luca, Record("match_end", "10_play", "match"))
    return store


@pytest.fixture(autouse=True)
def no_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(teacher, "WRONG_KEY_PAUSE", 0.0)


def test_only_first_answers_count(store: Store) -> None:
    lines = {line.name: line for line in learner_lines(store.rows())}
    anna = lines["Anna"]
    assert (anna.answered, anna.right, anna.lessons_done) == (3, 2, ("02_card_order",))
    assert lines["<script>x</script>"].matches == 1


def test_error_rates_put_the_most_missed_first(store: Store) -> None:
    questions = question_rates(store.rows())
    assert (questions[0].key, questions[0].error_rate) == ("bank-02 · q2", 1.0)
    lessons = lesson_rates(store.rows())
    assert [r.key for r in lessons] == ["02_card_order", "04_scoring"]
    assert lessons[0].answers == 4 and lessons[0].wrong == 3


def test_the_csv_has_one_line_per_learner_and_no_formulas(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'p.sqlite'}")
    store.add(store.sign_in("=HYPERLINK(1)"), Record("answer", "01_deck", "b", "q", True))
    rows = list(csv.reader(io.StringIO(learners_csv(learner_lines(store.rows())))))
    assert rows[0][0] == "name" and rows[1][0] == "'=HYPERLINK(1)"


def test_no_key_set_means_no_data(store: Store) -> None:
    board = TeacherDashboard(store, key="")
    assert board.open_button.disabled and not board.unlock("")
    assert board.content.children == () and "No teacher key" in board.message.value


def test_a_wrong_key_shows_nothing(store: Store) -> None:
    board = TeacherDashboard(store, key="s3cret")
    assert not board.unlock("guess")
    assert board.content.children == () and "Wrong key" in board.message.value


def test_the_right_key_shows_the_class_with_names_escaped(store: Store) -> None:
    board = TeacherDashboard(store, key="s3cret")
    assert board.unlock("s3cret")
    page = "".join(getattr(w, "value", "") for w in board.content.children
                   if isinstance(getattr(w, "value", None), str))
    assert "&lt;script&gt;x&lt;/script&gt;" in page and "<script>" not in page
    assert "Anna" in page and "download=\"progress.csv\"" in page
    board.refresh("3B")
    page = "".join(getattr(w, "value", "") for w in board.content.children
                   if isinstance(getattr(w, "value", None), str))
    assert "Anna" in page and "script" not in page
