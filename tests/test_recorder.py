"""Saving a learner's progress from the widgets: sign-in, events, failures, resuming."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest

from tressette_learn.store import Store
from tressette_learn.ui.classroom.recorder import Recorder
from tressette_learn.ui.classroom.signin import SignIn
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
    quiz = Quiz.generated(["winner"], 3, seed=4, lesson="03_card_order")
    answer(quiz, True)
    answer(quiz, False)
    rows = Store(url).rows()
    assert [(r["kind"], r["lesson"], r["source"], r["correct"]) for r in rows] == [
        ("answer", "03_card_order", quiz.quiz_id, 1), ("answer", "03_card_order", quiz.quiz_id, 0)]
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
    quiz = Quiz.generated(["winner"], 4, seed=4, lesson="03_card_order")
    answer(quiz, True)
    answer(quiz, False)
    first.close()
    again = Recorder(url)  # the kernel restarted: a new recorder, the same database
    fresh = Quiz.generated(["winner"], 4, seed=4, lesson="03_card_order")
    again.sign_in("Anna")
    assert (fresh.index, fresh.answered, fresh.right) == (2, 2, 1)
    assert fresh.attempt == quiz.attempt  # the same attempt goes on
    again.close()


def test_after_a_retry_a_new_kernel_shows_the_latest_score_and_keeps_the_best(url: str) -> None:
    first = Recorder(url)
    first.sign_in("Anna")
    quiz = Quiz.generated(["winner"], 3, seed=4, lesson="03_card_order")
    for right in (True, True, False):
        answer(quiz, right)
    quiz.try_again()
    for right in (False, False, True):
        answer(quiz, right)
    assert quiz.finished and (quiz.right, quiz.best) == (1, 2)
    first.close()
    again = Recorder(url)
    fresh = Quiz.generated(["winner"], 3, seed=4, lesson="03_card_order")
    again.sign_in("Anna")
    assert fresh.finished and (fresh.right, fresh.best) == (1, 2)
    assert "Your best so far: 2 of 3 right." in fresh.best_text.value
    fresh.try_again()  # never locked for good
    assert not fresh.finished and fresh.index == 0
    answer(fresh, True)
    stored = again.store().results(again.learner)
    assert len(stored) == 7 and len({r.attempt for r in stored}) == 3
    again.close()


def test_a_quiz_without_a_lesson_is_recorded_under_its_page(rec: Recorder, url: str) -> None:
    rec.page = "03_card_order"
    rec.sign_in("Anna")
    answer(Quiz.generated(["winner"], 2, seed=4), True)
    [kept] = Store(url).results(Store(url).sign_in("Anna"))
    assert (kept.lesson, kept.exercise, kept.solved) == ("03_card_order", "question", True)


def test_answers_recorded_before_the_results_resume_as_one_attempt(url: str) -> None:
    """The migration gave each old answer an attempt of its own: together they are one go."""
    from tressette_learn.store.database import Database
    from tressette_learn.store.migrations import VERSION_1

    questions = Quiz.generated(["winner"], 3, seed=4).questions
    old = Database(url)
    insert = ("INSERT INTO events (uid, learner_id, kind, lesson, source, item, correct, "
              "data, at) VALUES (?, 1, 'answer', '03_card_order', 'quiz-4', ?, ?, '{}', "
              "'2026-01-05T09:00:00+00:00')")
    old.run([(statement, ()) for statement in VERSION_1]
            + [("INSERT INTO learners (name, class_code, created) VALUES ('Anna', '', 'x')",
                ())]
            + [(insert, (f"u{n}", q.id, int(n != 1))) for n, q in enumerate(questions)])
    old.close()
    rec = Recorder(url)
    quiz = Quiz.generated(["winner"], 3, seed=4, lesson="03_card_order")
    rec.sign_in("Anna")
    assert quiz.finished and (quiz.right, quiz.best) == (2, 2)
    rec.close()


def test_the_sign_in_bar_signs_in_restores_and_signs_out(rec: Recorder, url: str) -> None:
    bar = SignIn(rec)
    sent: list[dict] = []
    bar.send = sent.append  # type: ignore[method-assign]
    bar._on_message(bar, {"type": "sign_in", "name": "Luca", "class_code": "4a", "pin": "1357",
                          "stored": {}}, [])
    assert bar.state["signed_in"] and bar.state["class_code"] == "4A"
    assert bar.state["status"] == "Progress saved."
    [session] = sent
    bar._on_message(bar, {"type": "sign_out"}, [])
    assert not bar.state["signed_in"] and rec.learner is None
    other = Recorder(url)  # another page of this browser resumes with the session ...
    again = SignIn(other)
    again._on_message(again, {"type": "restore", "learner": session["learner"],
                              "token": session["token"], "stored": {}}, [])
    assert other.learner is None  # ... but "Not you?" ended it
    other.close()


def test_a_bad_name_is_told_in_the_bar(rec: Recorder) -> None:
    bar = SignIn(rec, settings=Settings())
    bar._on_message(bar, {"type": "sign_in", "name": "   ", "class_code": "", "pin": "1357",
                          "stored": {}}, [])
    assert not bar.state["signed_in"]
    assert bar.state["message"] == "Please type your name first."
    bar.settings.lang = "it"  # the message follows the learner's language
    assert bar.state["message"] == "Prima scrivi il tuo nome."
    bar.settings.lang = "en"
    bar._on_message(bar, {"type": "sign_in", "name": "Anna", "class_code": "3/B",
                          "pin": "1357", "stored": {}}, [])
    assert bar.state["message"] == "A class code has at most 16 letters, digits or dashes."


def test_on_the_hub_the_bar_signs_in_as_the_hubs_learner_without_asking(
        rec: Recorder, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "nicolo-rossi")
    monkeypatch.setenv("TRESSETTE_LEARNER", "Nicolò Rossi")
    monkeypatch.setenv("TRESSETTE_CLASS", "3B")
    bar = SignIn(rec)
    assert (rec.learner.name, rec.learner.class_code) == ("Nicolò Rossi", "3B")
    assert bar.state["signed_in"] and bar.state["hub"]  # no form, nothing kept in the browser
    for forged in ({"type": "restore", "learner": 1, "token": "x" * 43, "stored": {}},
                   {"type": "sign_in", "name": "Luca", "class_code": "4A", "pin": "1357",
                    "stored": {}},
                   {"type": "sign_out"}):
        bar._on_message(bar, forged, [])
        assert rec.learner.name == "Nicolò Rossi"


def test_on_the_hub_without_a_typed_name_the_hub_name_is_used(
        rec: Recorder, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "ada")
    monkeypatch.delenv("TRESSETTE_LEARNER", raising=False)
    monkeypatch.delenv("TRESSETTE_CLASS", raising=False)
    SignIn(rec)
    assert (rec.learner.name, rec.learner.class_code) == ("ada", "")


def test_off_the_hub_the_bar_asks(rec: Recorder, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    monkeypatch.setenv("TRESSETTE_LEARNER", "Nicolò Rossi")
    bar = SignIn(rec)
    assert rec.learner is None and not bar.state["signed_in"] and not bar.state["hub"]


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


def _answer_bank(rec: Recorder, learner, name: str, right: int, total: int | None = None,
                 attempt: str = "a1"):
    """Results of one attempt at lesson ``name``'s quiz, as its widget reports them: the
    first ``right`` questions right, the rest (up to ``total``) wrong."""
    from tressette_learn.teaching.bank import load_bank
    from tressette_learn.ui.events import Event, EventSource

    assert rec.learner == learner
    widget = EventSource()
    for number, question in enumerate(load_bank(name)[:total]):
        right_here = number < right
        widget.emit(Event("result", f"bank-{name}", question.id, right_here, {
            "lesson": name, "exercise": "question", "attempt": attempt,
            "mistakes": int(not right_here)}))


def test_the_progress_map_shows_stars_and_points_to_the_first_lesson_not_passed(
        rec: Recorder) -> None:
    from tressette_learn.ui.classroom.progress import CourseProgress

    panel = CourseProgress(rec, settings=Settings())
    assert "Type your name" in panel.value
    learner = rec.sign_in("Anna")
    _answer_bank(rec, learner, "00_index", right=99)
    _answer_bank(rec, learner, "01_deck", right=8)
    _answer_bank(rec, learner, "02_table", right=99)
    _answer_bank(rec, learner, "03_card_order", right=1, total=3)
    assert '<li data-lesson="01_deck" class="passed">' in panel.value  # redrawn on its own
    assert 'aria-label="3 stars of 3"' in panel.value
    assert '<li data-lesson="03_card_order" class="started">' in panel.value
    assert "1 of 11 exercises with a star, 8 more to pass (1 attempt)" in panel.value
    assert "Carry on with: 3 · Card order" in panel.value
    assert 'class="tl-progress-next" href="03_card_order.ipynb"' in panel.value
    _answer_bank(rec, learner, "03_card_order", right=99, attempt="a2")  # tried again
    assert '<li data-lesson="03_card_order" class="passed">' in panel.value
    assert "passed (2 attempts)" in panel.value
    assert "Carry on with: 4 · Following suit" in panel.value
    panel.settings.lang = "it"
    assert "Continua con: 4 · Rispondere al seme" in panel.value
    assert 'aria-label="3 stelle su 3"' in panel.value and "superata (2 tentativi)" in panel.value


def test_every_lesson_is_done_only_when_every_lesson_is_passed(rec: Recorder) -> None:
    """3 right of the play page's 12 questions does not finish the course, nor a retry at
    9 of 12: with its match it has 13 exercises, 10 needed; a match won then does."""
    from tressette_learn.teaching.course import course
    from tressette_learn.teaching.exercises import exercises
    from tressette_learn.ui.classroom.progress import CourseProgress
    from tressette_learn.ui.events import Event, EventSource

    learner = rec.sign_in("Anna")
    for lesson in course():
        for item in exercises(lesson.id) if lesson.id != "12_play" else ():
            EventSource().emit(Event("result", item.source, item.item, True, {
                "lesson": lesson.id, "exercise": item.exercise, "attempt": "h1",
                "mistakes": 1}))
    _answer_bank(rec, learner, "12_play", right=3)
    panel = CourseProgress(rec, settings=Settings())
    assert "Well done" not in panel.value
    assert "Carry on with: 12 · Play a match" in panel.value
    assert '<li data-lesson="12_play" class="started">' in panel.value
    assert "3 of 13 exercises with a star, 7 more to pass" in panel.value
    _answer_bank(rec, learner, "12_play", right=9, attempt="a2")
    assert "9 of 13 exercises with a star, 1 more to pass" in panel.value
    EventSource().emit(Event("result", "match", "won", True, {
        "lesson": "12_play", "exercise": "match", "attempt": "m1"}))
    assert "You have passed every lesson. Well done!" in panel.value
    assert 'class="tl-progress-next"' not in panel.value


def test_a_lesson_page_shows_its_stars_and_what_is_left(rec: Recorder) -> None:
    from tressette_learn.ui.classroom.progress import LessonStars

    line = LessonStars("01_deck", rec, settings=Settings())
    assert line.value == ""  # nobody signed in
    learner = rec.sign_in("Anna")
    assert "To pass this lesson, earn at least one star in 7 of its 9 exercises." in line.value
    _answer_bank(rec, learner, "01_deck", right=6)
    assert "This lesson: 6 of 9 exercises with a star; 1 more to pass it." in line.value
    line.settings.lang = "it"
    assert "Questa lezione: 6 esercizi su 9 con una stella; ancora 1 per superarla." \
        in line.value
    _answer_bank(rec, learner, "01_deck", right=9, attempt="a2")
    assert "Lezione superata: 3 stelle su 3." in line.value
    assert 'aria-label="3 stelle su 3"' in line.value and "★★★" in line.value


def test_a_result_goes_to_the_results_and_a_malformed_one_is_dropped(rec: Recorder,
                                                                     url: str) -> None:
    from tressette_learn.ui.events import Event, EventSource

    rec.sign_in("Anna")
    widget = EventSource()
    data = {"lesson": "07_strategy", "exercise": "puzzle", "attempt": "a1", "mistakes": 0,
            "hints": 1, "points_lost": 0.0, "seconds": 3.0}
    widget.emit(Event("result", "puzzles-09", "p1", True, data))
    widget.emit(Event("result", "puzzles-09", "p2", True, {**data, "hints": -2}))
    widget.emit(Event("result", "puzzles-09", "p3", "yes", data))
    store = Store(url)
    [kept] = store.results(store.sign_in("Anna"))
    assert (kept.item, kept.hints) == ("p1", 1) and rec.pending == [] and rec.status == "saved"
