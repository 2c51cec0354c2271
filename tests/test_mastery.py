"""A lesson's exercises and how well a learner knows each lesson, from their results: the
best attempt counts, a lesson passes at three quarters, old answers read as one attempt."""

from __future__ import annotations

import json
import re

import pytest

from tressette_learn.classroom.mastery import (
    attempt_of,
    course_mastery,
    lesson_mastery,
    next_step,
    quiz_attempts,
)
from tressette_learn.content import ContentError
from tressette_learn.serve.server import notebooks_dir
from tressette_learn.teaching import exercises as module
from tressette_learn.teaching.bank import load_bank
from tressette_learn.teaching.course import course, lesson
from tressette_learn.teaching.exercises import Exercise, exercises
from tressette_learn.teaching.guided import HandScript
from tressette_learn.teaching.results import Result


def result(item: Exercise, solved: bool = True, attempt: str = "a1", **fields: object) -> Result:
    return Result(item.lesson, item.source, item.item, item.exercise, solved,
                  attempt=attempt, **fields)  # type: ignore[arg-type]


# -- exercises -------------------------------------------------------------------------------
def test_a_lessons_exercises_are_its_quiz_questions_with_their_prompts() -> None:
    found = exercises("01_deck")
    questions = load_bank("01_deck")
    assert [(e.exercise, e.source, e.item) for e in found] == \
        [("question", "bank-01_deck", q.id) for q in questions]
    assert found[0].title == {"en": questions[0].prompt.get("en"),
                              "it": questions[0].prompt.get("it")}


def test_the_guided_hands_that_ask_for_a_card_are_exercises_the_others_are_not() -> None:
    guided = [e for e in exercises("06_whole_deal") if e.exercise == "guided"]
    assert [(e.source, e.item) for e in guided] == [("find_the_cards", "find_the_cards")]
    assert not HandScript.load("seed002").your_moves  # only shown: not an exercise
    assert guided[0].title == dict(HandScript.load("find_the_cards").title)
    strategy = [e.item for e in exercises("07_strategy") if e.exercise == "guided"]
    assert strategy == list(lesson("07_strategy").hands) and len(strategy) == 12


@pytest.mark.parametrize("page", [page.id for page in course()])
def test_the_hands_a_page_lists_are_the_hands_its_notebook_shows(page: str) -> None:
    notebook = json.loads((notebooks_dir() / f"{page}.ipynb").read_text(encoding="utf-8"))
    source = "".join("".join(cell["source"]) for cell in notebook["cells"]
                     if "try-it" not in cell["metadata"].get("tags", []))
    assert tuple(re.findall(r'GuidedHand\("(\w+)"', source)) == lesson(page).hands


def test_a_lessons_puzzles_are_exercises_named_as_the_puzzle_widget_names_them() -> None:
    from tressette_learn.teaching.puzzles.bank import load_puzzles
    from tressette_learn.ui.puzzle import PuzzleSet

    puzzles = [e for e in exercises("06_whole_deal") if e.exercise == "puzzle"]
    assert [e.item for e in puzzles] == [p.id for p in load_puzzles("06_whole_deal")]
    assert {e.source for e in puzzles} == {PuzzleSet("06_whole_deal").source}
    assert all(e.title["en"] and e.title["it"] and e.title["en"] != e.title["it"]
               for e in puzzles)
    assert not [e for e in exercises("01_deck") if e.exercise == "puzzle"]  # none there


def test_a_new_kind_of_exercise_is_one_more_provider(monkeypatch: pytest.MonkeyPatch) -> None:
    def drills(page):
        return [Exercise(page.id, "drill", f"drill-{page.id}", "d1", {"en": "D", "it": "D"})]

    monkeypatch.setattr(module, "PROVIDERS", [*module.PROVIDERS, drills])
    exercises.cache_clear()
    try:
        assert exercises("01_deck")[-1].key == ("drill-01_deck", "d1")
        assert len(exercises("01_deck")) == len(load_bank("01_deck")) + 1
    finally:
        exercises.cache_clear()


def test_two_exercises_with_one_key_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(module, "PROVIDERS", [module.quiz_exercises, module.quiz_exercises])
    exercises.cache_clear()
    try:
        with pytest.raises(ContentError, match="01_deck"):
            exercises("01_deck")
    finally:
        exercises.cache_clear()


# -- mastery ---------------------------------------------------------------------------------
def test_the_best_attempt_of_each_exercise_counts() -> None:
    first = exercises("01_deck")[0]
    tries = [result(first, solved=False, mistakes=1), result(first, attempt="a2", hints=1),
             result(first, solved=False, attempt="a3", mistakes=1)]
    done = lesson_mastery(lesson("01_deck"), tries)
    [mine] = [item for item in done.exercises if item.exercise == first]
    assert (mine.stars, mine.attempts, mine.hints) == (2, 3, 1)
    assert done.attempts == 3 and done.earned == 1 and done.state == "started"


def test_a_lesson_passes_when_three_quarters_of_its_exercises_have_a_star() -> None:
    items = exercises("01_deck")  # 9 questions: 7 are needed (6.75 rounded up)
    done = lesson_mastery(lesson("01_deck"), [result(item) for item in items[:6]])
    assert (done.passed, done.left, done.stars, done.state) == (False, 1, 0, "started")
    done = lesson_mastery(lesson("01_deck"), [result(item) for item in items[:7]])
    assert (done.passed, done.left, done.state) == (True, 0, "passed")
    assert done.stars == 2  # 21 stars over 9 exercises, rounded down
    assert done.attempts == 1  # one go through the quiz


def test_results_of_exercises_a_lesson_no_longer_has_are_ignored() -> None:
    gone = Result("01_deck", "bank-01_deck", "a-question-removed", "question", True)
    other = Result("01_deck", "quiz-5", "1", "question", True)  # a practice drill
    done = lesson_mastery(lesson("01_deck"), [gone, other])
    assert (done.earned, done.attempts, done.state) == (0, 0, "todo")


def test_answers_from_before_the_results_count_as_one_attempt_per_quiz() -> None:
    items = exercises("01_deck")
    migrated = [result(item, attempt=f"v2-u{n}") for n, item in enumerate(items)]
    assert {attempt_of(r) for r in migrated} == {"v2-bank-01_deck"}
    done = lesson_mastery(lesson("01_deck"), migrated)
    assert done.attempts == 1 and done.passed and done.stars == 3
    [attempt] = quiz_attempts(migrated, "bank-01_deck")
    assert attempt.answers == {item.item: True for item in items}


def test_quiz_attempts_are_in_order_with_each_questions_answer() -> None:
    q1, q2 = exercises("01_deck")[:2]
    results = [result(q1, attempt="a"), result(q2, solved=False, attempt="a"),
               result(q1, solved=False, attempt="b"),
               Result("01_deck", "find_the_cards", "find_the_cards", "guided", True)]
    assert [(a.uid, dict(a.answers)) for a in quiz_attempts(results, "bank-01_deck")] == [
        ("a", {q1.item: True, q2.item: False}), ("b", {q1.item: False})]


def test_carry_on_with_the_first_lesson_not_passed() -> None:
    passed = [result(item) for page in ("00_index", "01_deck", "02_table", "04_following_suit")
              for item in exercises(page)]
    mastery = course_mastery(passed)
    assert list(mastery) == [page.id for page in course() if page.id != "13_review"]
    assert not exercises("13_review")  # the review page: its questions are other lessons'
    assert next_step(mastery) == lesson("03_card_order")
    everything = [result(item) for page in course() for item in exercises(page.id)]
    assert next_step(course_mastery(everything)) is None
