"""The Review page's deck: the signed-in learner's missed questions come back when due
(with the clock shifted), answering one records its result under the question's own set and
lesson so the schedule moves on, then fresh drills; in English and Italian."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from tressette_learn.classroom.schedule import schedule
from tressette_learn.ui.classroom.recorder import Recorder
from tressette_learn.ui.classroom.review_page import review_deck
from tressette_learn.ui.quiz import Quiz
from tressette_learn.ui.review_deck import day_words
from tressette_learn.ui.settings import Settings


@pytest.fixture
def settings() -> Settings:
    return Settings(lang="en")


@pytest.fixture
def rec(tmp_path: Path, settings: Settings):
    recorder = Recorder(f"sqlite:///{tmp_path / 'progress.sqlite'}", settings=settings)
    yield recorder
    recorder.close()


def answer(quiz: Quiz, right: bool) -> None:
    """Pick the right card, or a wrong one, and check (the questions here are cards)."""
    question = quiz.question
    if question.input == "choice":
        quiz.choice.value = sorted(question.answer)[0] if right else next(
            c.key for c in question.choices if c.key not in question.answer)
    else:
        cards = question.answer if isinstance(question.answer, frozenset) else {question.answer}
        wrong = next(c for c in question.cards if c not in cards)
        for card in (sorted(cards) if right else [wrong]):
            quiz.picker.toggle(card)
    quiz.check_answer()


def miss_a_question(rec: Recorder, settings: Settings) -> Quiz:
    rec.sign_in("Anna")
    lesson_quiz = Quiz.generated(["winner"], 2, seed=3, lesson="03_card_order",
                                 settings=settings)
    answer(lesson_quiz, right=False)
    return lesson_quiz


def test_the_day_to_come_back_is_in_words():
    when = datetime(2026, 12, 3, 23, 30, tzinfo=timezone.utc)
    assert day_words(when, "en") == "Thursday 3 December"
    assert day_words(when, "it") == "giovedì 3 dicembre"


def test_not_signed_in_it_says_to_sign_in(rec: Recorder, settings: Settings) -> None:
    deck = review_deck(rec, settings, seed=1)
    assert deck.quiz is None and "Type your name" in deck.status_text("en")
    assert "Scrivi il tuo nome" in deck.status_text("it")


def test_a_missed_question_is_not_due_the_same_day(rec, settings) -> None:
    miss_a_question(rec, settings)
    deck = review_deck(rec, settings, seed=1)
    assert not deck.reviewing and deck.quiz.exercise.exercise == "drill"
    assert "Nothing due: come back on" in deck.status_text("en")
    assert "Niente da ripassare: torna " in deck.status_text("it")


def test_a_missed_question_comes_back_when_due_and_moves_up_a_box(rec, settings,
                                                                  monkeypatch) -> None:
    missed = miss_a_question(rec, settings).questions[0]
    monkeypatch.setenv("TRESSETTE_CLOCK_SHIFT", "2d")
    deck = review_deck(rec, settings, seed=1)
    assert deck.reviewing and deck.quiz.question == missed
    assert "Due for review: 1 question" in deck.status_text("en")
    assert "From the lesson: Card order and the trick" in deck.quiz.heading.value
    answer(deck.quiz, right=True)
    [item] = schedule(rec.store().results(rec.learner))
    assert (item.source, item.item, item.lesson, item.box) == (
        "quiz-3", missed.id, "03_card_order", 2)
    deck.quiz.next_question()
    assert not deck.reviewing and deck.quiz.exercise.exercise == "drill"
    assert "come back on" in deck.status_text("en")


def test_a_drill_answered_records_a_drill_result_and_the_next_drill_follows(rec,
                                                                           settings) -> None:
    rec.sign_in("Bea")
    deck = review_deck(rec, settings, seed=2)
    first = deck.quiz.question
    answer(deck.quiz, right=False)
    [result] = rec.store().results(rec.learner)
    drill = deck.quiz.exercise
    assert (result.exercise, result.source, result.item, result.lesson, result.solved) == (
        "drill", drill.source, first.id, drill.lesson, False)
    deck.quiz.next_question()
    assert deck.quiz.question != first and deck.position == 1
    for _ in range(5):  # the drills never run out
        answer(deck.quiz, right=True)
        deck.quiz.next_question()
    assert len(rec.store().results(rec.learner)) == 6


def test_a_missed_drill_comes_back_as_a_drill(rec, settings, monkeypatch) -> None:
    rec.sign_in("Bea")
    deck = review_deck(rec, settings, seed=2)
    missed = deck.quiz.question
    answer(deck.quiz, right=False)
    monkeypatch.setenv("TRESSETTE_CLOCK_SHIFT", "2d")
    again = review_deck(rec, settings, seed=3)
    assert again.reviewing and again.quiz.question == missed
    assert "Drill: " in again.quiz.heading.value
    answer(again.quiz, right=True)
    last = rec.store().results(rec.learner)[-1]
    assert (last.exercise, last.item, last.solved) == ("drill", missed.id, True)


def test_a_review_is_never_resumed_from_earlier_answers(rec, settings, monkeypatch) -> None:
    miss_a_question(rec, settings)
    monkeypatch.setenv("TRESSETTE_CLOCK_SHIFT", "2d")
    deck = review_deck(rec, settings, seed=1)
    rec.opened(deck.quiz)  # as when the page shows it
    assert deck.quiz.result is None and not deck.quiz.finished


def test_signing_in_and_out_follows_the_learner(rec, settings, monkeypatch) -> None:
    deck = review_deck(rec, settings, seed=1)
    miss_a_question(rec, settings)
    assert not deck.reviewing
    rec.sign_out()
    assert deck.quiz is None
    monkeypatch.setenv("TRESSETTE_CLOCK_SHIFT", "2d")
    rec.sign_in("Anna")
    assert deck.reviewing
    rec.sign_out()
    assert deck.quiz is None and "Type your name" in deck.status_text("en")


def test_the_deck_redraws_in_italian_on_a_switch(rec, settings, monkeypatch) -> None:
    miss_a_question(rec, settings)
    monkeypatch.setenv("TRESSETTE_CLOCK_SHIFT", "2d")
    deck = review_deck(rec, settings, seed=1)
    settings.lang = "it"
    assert "Da ripassare: 1 domanda" in deck.status.value
    assert "Dalla lezione" in deck.quiz.heading.value
    question = deck.quiz.question
    assert question.prompt.get("it") in deck.quiz.prompt.value.replace("&#x27;", "'")


def test_an_unreadable_store_is_told_not_raised(rec, settings, monkeypatch) -> None:
    rec.sign_in("Anna")

    def broken(_learner):
        from tressette_learn.store import StoreError
        raise StoreError("the database is locked")

    monkeypatch.setattr(rec.store(), "results", broken)
    deck = review_deck(rec, settings, seed=1)
    assert deck.quiz is None and "the database is locked" in deck.status_text("en")


def test_a_question_that_cannot_be_rebuilt_is_left_out(rec, settings, monkeypatch) -> None:
    from tressette_learn.teaching.results import Result
    rec.sign_in("Anna")
    rec.store().add_result(rec.learner, Result("03_card_order", "bank-gone", "x", "question",
                                               False))
    monkeypatch.setenv("TRESSETTE_CLOCK_SHIFT", "2d")
    deck = review_deck(rec, settings, seed=1)
    assert not deck.reviewing and deck.quiz.exercise.exercise == "drill"


def test_a_quiz_off_the_screen_is_closed_a_step_later_and_none_outlives_the_deck(
        rec, settings) -> None:
    """A quiz the browser may still be drawing when Next is pressed stays open one more
    step (closing it at once made "widget model not found" under load); none leaks."""
    rec.sign_in("Bea")
    deck = review_deck(rec, settings, seed=2)
    shown = [deck.quiz]
    for _ in range(3):
        answer(deck.quiz, right=True)
        deck.quiz.next_question()
        shown.append(deck.quiz)
    assert [q.comm is None for q in shown] == [True, True, False, False]
    assert deck.children == (deck.status, shown[-1])
    deck.close()
    assert all(q.comm is None for q in shown)
