"""Saving a learner's progress from the widgets: sign-in, events, failures, resuming."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest

from tressette_learn.classroom.recorder import Recorder
from tressette_learn.classroom.signin import SignIn
from tressette_learn.classroom.store import Store
from tressette_learn.ui.quiz import Quiz
from tressette_learn.ui.settings import Settings


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'data' / 'progress.sqlite'}"


@pytest.fixture
def rec(url: str):
    recorder = Recorder(url)
    yield recorder
    recorder.close()


def answer(quiz: Quiz, right: bool) -> None:
    question = quiz.question
    card = question.answer if right else next(c for c in question.cards if c != question.answer)
    quiz.picker.toggle(card)
    quiz.check_answer()
    quiz.next_question()


def test_answers_are_saved_for_the_signed_in_learner(rec: Recorder, url: str) -> None:
    rec.sign_in("Anna", "3B")
    quiz = Quiz.generated(["winner"], 3, seed=4, lesson="02_card_order")
    answer(quiz, True)
    answer(quiz, False)
    rows = Store(url).rows()
    assert [(r["kind"], r["lesson"], r["source"], r["correct"]) for r in rows] == [
        ("answer", "02_card_order", quiz.quiz_id, 1), ("answer", "02_card_order", quiz.quiz_id, 0)]
    assert rec.status == "saved"


def test_answers_before_signing_in_are_kept_and_saved_after(rec: Recorder, url: str) -> None:
    quiz = Quiz.generated(["winner"], 2, seed=4)
    answer(quiz, True)
    assert rec.status == "anonymous" and len(rec.pending) == 1
    rec.sign_in("Anna")
    assert Store(url).count("answer") == 1 and rec.pending == []


def test_a_refused_write_is_kept_told_and_saved_later(rec: Recorder, url: str) -> None:
    rec.sign_in("Anna")
    folder = Path(url.removeprefix("sqlite:///")).parent
    rec.store().close()
    shutil.move(folder, folder.with_name("away"))
    folder.write_text("the disk refuses")
    quiz = Quiz.generated(["winner"], 3, seed=4)
    answer(quiz, True)  # the lesson goes on
    answer(quiz, False)
    assert rec.status == "failed" and len(rec.pending) == 2 and rec.problem
    folder.unlink()
    shutil.move(folder.with_name("away"), folder)
    assert rec.flush() and rec.status == "saved"
    assert Store(url).count("answer") == 2


def test_a_new_kernel_resumes_the_quiz_where_the_learner_left_off(url: str) -> None:
    first = Recorder(url)
    first.sign_in("Anna")
    quiz = Quiz.generated(["winner"], 4, seed=4)
    answer(quiz, True)
    answer(quiz, False)
    first.close()
    again = Recorder(url)  # the kernel restarted: a new recorder, the same database
    fresh = Quiz.generated(["winner"], 4, seed=4)
    again.sign_in("Anna")
    assert (fresh.index, fresh.answered, fresh.right) == (2, 2, 1)
    again.close()


def test_the_sign_in_bar_signs_in_restores_and_signs_out(rec: Recorder) -> None:
    bar = SignIn(rec)
    bar._on_message(bar, {"type": "restore", "name": "Luca", "class_code": "4a"}, [])
    assert bar.state["signed_in"] and bar.state["class_code"] == "4A"
    assert bar.state["status"] == "Progress saved."
    bar._on_message(bar, {"type": "sign_out"}, [])
    assert not bar.state["signed_in"] and rec.learner is None


def test_a_bad_name_is_told_in_the_bar(rec: Recorder) -> None:
    bar = SignIn(rec, settings=Settings())
    bar._on_message(bar, {"type": "sign_in", "name": "   ", "class_code": ""}, [])
    assert not bar.state["signed_in"]
    assert bar.state["message"] == "Please type your name first."
    bar.settings.lang = "it"  # the message follows the learner's language
    assert bar.state["message"] == "Prima scrivi il tuo nome."
    bar.settings.lang = "en"
    bar._on_message(bar, {"type": "sign_in", "name": "Anna", "class_code": "3/B"}, [])
    assert bar.state["message"] == "A class code has at most 16 letters, digits or dashes."


@pytest.mark.parametrize("content", [
    None, {"type": "sign_in"}, {"type": "sign_in", "name": 3, "class_code": ""},
    {"type": "sign_in", "name": "x" * 100, "class_code": ""}, {"type": "drop"},
])
def test_a_forged_message_changes_nothing(rec: Recorder, content: object, caplog) -> None:
    bar = SignIn(rec)
    before = dict(bar.state)
    with caplog.at_level(logging.WARNING, logger="tressette_learn.ui"):
        bar._on_message(bar, content, [])
    assert bar.state == before and "forged" in caplog.text


def _answer_bank(rec: Recorder, learner, name: str, right: int, total: int | None = None):
    from tressette_learn.classroom.store import Record
    from tressette_learn.teaching.bank import load_bank

    questions = load_bank(name)
    for number, question in enumerate(questions[:total]):
        rec.store().add(learner, Record("answer", name, f"bank-{name}", question.id,
                                        number < right))


def test_the_course_progress_ticks_passed_lessons_and_points_to_the_next(rec: Recorder) -> None:
    from tressette_learn.classroom.progress import CourseProgress

    panel = CourseProgress(rec, settings=Settings())
    assert "Type your name" in panel.value
    learner = rec.sign_in("Anna")
    _answer_bank(rec, learner, "01_deck", right=8)
    _answer_bank(rec, learner, "02_card_order", right=1, total=3)
    panel.draw()
    assert '<li data-lesson="01_deck" class="passed">' in panel.value
    assert '<li data-lesson="02_card_order" class="started">' in panel.value
    assert "3 questions of 11 answered." in panel.value
    assert "Carry on with: Card order" in panel.value
    assert 'class="tl-progress-next" href="02_card_order.ipynb"' in panel.value


def test_every_lesson_is_done_only_when_every_quiz_is_passed(rec: Recorder) -> None:
    """3 right of 12 in lesson 10 does not finish the course."""
    from tressette_learn.classroom.progress import CourseProgress
    from tressette_learn.classroom.store import Record
    from tressette_learn.teaching.course import course

    learner = rec.sign_in("Anna")
    for lesson in course()[1:]:
        if lesson.quiz and lesson.id != "10_play":
            _answer_bank(rec, learner, lesson.id, right=99)
    _answer_bank(rec, learner, "10_play", right=3)
    for lesson in course():  # every quiz was finished (its last Next clicked)
        rec.store().add(learner, Record("lesson_complete", lesson.id, lesson.id))
    panel = CourseProgress(rec, settings=Settings())
    assert "Well done" not in panel.value and "finished every lesson" not in panel.value
    assert "worth reading again: 10 · Play a match" in panel.value
    assert '<li data-lesson="10_play" class="finished">' in panel.value
    assert "3 of 12 right: not passed" in panel.value
    _answer_bank(rec, learner, "00_index", right=99)
    rec2 = Recorder(rec.url, settings=Settings())  # another learner, every quiz passed
    try:
        luca = rec2.sign_in("Luca")
        for lesson in course():
            if lesson.quiz:  # the review page has none
                _answer_bank(rec2, luca, lesson.id, right=99)
        assert "Well done" in CourseProgress(rec2, settings=Settings()).value
    finally:
        rec2.close()


def test_a_result_goes_to_the_results_and_a_malformed_one_is_dropped(rec: Recorder,
                                                                     url: str) -> None:
    from tressette_learn.ui.events import Event, EventSource

    rec.sign_in("Anna")
    widget = EventSource()
    data = {"lesson": "09_strategy", "exercise": "puzzle", "attempt": "a1", "mistakes": 0,
            "hints": 1, "points_lost": 0.0, "seconds": 3.0}
    widget.emit(Event("result", "puzzles-09", "p1", True, data))
    widget.emit(Event("result", "puzzles-09", "p2", True, {**data, "hints": -2}))
    widget.emit(Event("result", "puzzles-09", "p3", "yes", data))
    store = Store(url)
    [kept] = store.results(store.sign_in("Anna"))
    assert (kept.item, kept.hints) == ("p1", 1) and rec.pending == [] and rec.status == "saved"
