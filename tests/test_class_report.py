"""What the teacher reads of the exercises' results: stars, attempts, hints and time by
learner and lesson, and the exercises the class misses most (from a real store)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from tressette_learn.classroom.class_report import (
    LESSON_CSV_FIELDS,
    lesson_lines,
    lessons_csv,
    missed_exercises,
)
from tressette_learn.store import Result, Store
from tressette_learn.teaching.course import by_role
from tressette_learn.teaching.exercises import Exercise, exercises
from tressette_learn.ui.classroom.teacher_report import (
    duration,
    exercise_name,
    lessons_csv_link,
    lessons_html,
    missed_html,
)

DECK = exercises("01_deck")  # nine quiz questions
PUZZLES = [item for item in exercises("07_strategy") if item.exercise == "puzzle"]
P1, P2 = PUZZLES[:2]


def result(item: Exercise, solved: bool, **facts) -> Result:
    return Result(item.lesson, item.source, item.item, item.exercise, solved, **facts)


@pytest.fixture
def store(url: str) -> Store:
    """Anna and Luca of class 3B, Carla of 3C."""
    store = Store(url)
    anna, luca, carla = (store.sign_in(n, c) for n, c in
                         (("Anna", "3B"), ("Luca", "3B"), ("Carla", "3C")))
    anna_results = [result(DECK[0], False, seconds=30.0),
                    result(DECK[0], True, hints=1, seconds=45.0)]  # two stars
    anna_results += [result(item, True, seconds=20.0) for item in DECK[1:7]]  # three each
    for learner, done in [
        *((anna, r) for r in anna_results),
        (luca, result(DECK[0], False, mistakes=2, seconds=60.0)),
        (luca, result(P1, False, seconds=15.0)),
        (luca, result(P1, True, hints=2, seconds=300.0)),  # one star
        (luca, result(P2, False)),
        (carla, result(P1, False)),
        (carla, result(P2, False)),
    ]:
        store.add_result(learner, done)
    return store


def test_each_learner_has_stars_attempts_hints_and_time_per_lesson(store: Store) -> None:
    lines = {(line.name, line.lesson): line for line in lesson_lines(store.class_results("3B"))}
    assert set(lines) == {("Anna", "01_deck"), ("Luca", "01_deck"), ("Luca", "07_strategy")}
    anna = lines[("Anna", "01_deck")]
    assert (anna.attempts, anna.hints, anna.seconds) == (8, 1, 195.0)
    assert (anna.earned, anna.exercises, anna.passed) == (7, len(DECK), True)
    assert anna.stars == 2  # (2 + 6 × 3) / 9, rounded down
    luca = lines[("Luca", "07_strategy")]
    assert (luca.attempts, luca.hints, luca.earned, luca.passed, luca.stars) == \
        (3, 2, 1, False, 0)
    assert luca.exercises == len(exercises("07_strategy"))


def test_the_most_missed_exercises_come_first_named_as_the_course_names_them(
        store: Store) -> None:
    missed = missed_exercises(store.class_results())
    assert [(m.item, m.tried, m.unsolved) for m in missed] == [
        (P2.item, 2, 2), (DECK[0].item, 2, 1), (P1.item, 2, 1)]
    assert missed[1].share == 0.5
    assert exercise_name(missed[0], "en") == f"Puzzle: {P2.title['en']}"
    assert exercise_name(missed[0], "it") == f"Problema: {P2.title['it']}"
    assert exercise_name(missed[1], "it") == \
        f"Domanda 1 di {len(DECK)}: {DECK[0].title['it']}"


def test_an_exercise_no_longer_in_the_course_is_named_by_its_result(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'p.sqlite'}")
    anna = store.sign_in("Anna")
    store.add_result(anna, Result("08_signals", "drill-x", "d1", "drill", False))
    title = {"en": "Count the aces", "it": "Conta gli assi"}
    store.add_result(anna, Result("08_signals", "drill-x", "d2", "drill", False,
                                  data={"title": title}))
    names = {m.item: exercise_name(m, "it") for m in missed_exercises(store.class_results())}
    assert names == {"d1": "Un esercizio senza nome (esercizio)",
                     "d2": "Esercizio: Conta gli assi"}


def test_the_tables_read_in_italian(store: Store) -> None:
    page = lessons_html(lesson_lines(store.class_results("3B")), "it")
    assert "1 · Il mazzo" in page and f"{by_role('strategy').number} · La strategia" in page
    assert f"★★☆ 7/{len(DECK)} · 8 tentativi · 1 suggerimento · 3 min ✓" in page
    assert "2 suggerimenti · 5 min" in page
    assert "01_deck" not in page and "puzzles-09" not in page
    missed = missed_html(missed_exercises(store.class_results("3B")), "it")
    assert "Gli esercizi che la classe sbaglia di più" in missed and "1 (100%)" in missed


@pytest.mark.parametrize(("seconds", "en", "it"), [
    (0, "no time", "nessun tempo"), (40.4, "40 s", "40 s"), (89, "1 min", "1 min"),
    (725, "12 min", "12 min"), (3900, "1 h 5 min", "1 h 5 min")])
def test_time_spent_reads_as_a_person_says_it(seconds: float, en: str, it: str) -> None:
    assert (duration(seconds, "en"), duration(seconds, "it")) == (en, it)


def test_the_lessons_csv_has_a_row_per_learner_and_lesson(store: Store) -> None:
    lines = lesson_lines(store.class_results())
    text = lessons_csv(lines, list(LESSON_CSV_FIELDS), {"01_deck": "1 · The deck"},
                       ("yes", "no"))
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [(r["name"], r["class"], r["lesson"], r["stars"], r["passed"]) for r in rows] == [
        ("Anna", "3B", "1 · The deck", "2", "yes"), ("Luca", "3B", "1 · The deck", "0", "no"),
        ("Luca", "3B", "07_strategy", "0", "no"), ("Carla", "3C", "07_strategy", "0", "no")]
    assert rows[0]["attempts"] == "8" and rows[0]["minutes"] == "3.2"
    assert 'download="lessons.csv"' in lessons_csv_link(lines, "it")


def test_a_name_typed_as_a_formula_stays_text_in_the_csv(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'p.sqlite'}")
    store.add_result(store.sign_in("=CMD()"), result(DECK[0], True))
    text = lessons_csv(lesson_lines(store.class_results()), list(LESSON_CSV_FIELDS), {},
                       ("yes", "no"))
    assert list(csv.reader(io.StringIO(text)))[1][0] == "'=CMD()"
