"""The quiz widget driven from Python as the browser would: answers, feedback, score,
events, hints, language and faces switches, and forged messages that change nothing."""

from __future__ import annotations

import html
import pathlib

import pytest

from tressette_learn.engine import Card
from tressette_learn.i18n import card_name
from tressette_learn.teaching.questions import Question
from tressette_learn.teaching.results import Attempt
from tressette_learn.ui import SETTINGS, cardpicker
from tressette_learn.ui.cardpicker import CardPicker
from tressette_learn.ui.quiz import Quiz


@pytest.fixture(autouse=True)
def english_italian_faces():
    SETTINGS.lang, SETTINGS.faces = "en", "italian"
    yield
    SETTINGS.lang, SETTINGS.faces = "en", "italian"


def click(picker: CardPicker, card: object) -> None:
    picker._on_msg(picker, {"type": "toggle", "card": card}, [])


def right_answer(q: Question) -> object:
    if q.input == "choice" and isinstance(q.answer, frozenset):
        return sorted(q.answer)[0]
    return q.answer


def wrong_answer(q: Question) -> object:
    return next(c for c in q.cards if c != q.answer)


def enter(quiz: Quiz, answer: object) -> None:
    """Type or click ``answer`` into the quiz's inputs, as a learner would."""
    kind = quiz.question.input
    if kind in ("card", "cards", "order"):
        cards = [answer] if isinstance(answer, Card) else list(answer)  # type: ignore[arg-type]
        for card in cards:
            click(quiz.picker, str(card))
    elif kind == "number":
        quiz.number.value = str(answer)
    elif kind == "choice":
        quiz.choice.value = answer
    else:
        for key in answer:  # type: ignore[union-attr]
            quiz.checkboxes[key].value = True


def listen(quiz: Quiz) -> list:
    events: list = []
    quiz.on_event(events.append)
    return events


def test_a_right_answer_is_praised_explained_scored_and_recorded():
    quiz = Quiz.generated(["winner"], 3, seed=5, lesson="tricks")
    events = listen(quiz)
    assert "tl-quiz" in quiz._dom_classes
    q = quiz.question
    enter(quiz, q.answer)
    quiz.check_button.click()
    assert "tl-correct" in quiz.feedback._dom_classes
    assert "Right!" in quiz.feedback.value
    assert "the highest card of" in quiz.feedback.value
    assert "1 / 1" in quiz.score.value
    event, result = events
    assert (event.kind, event.source, event.item, event.correct) == \
        ("answer", "quiz-5", q.id, True)
    assert event.data == {"kind": "winner", "answer": str(q.answer), "lesson": "tricks"}
    assert (result.kind, result.source, result.item, result.correct) == \
        ("result", "quiz-5", q.id, True)
    assert {key: result.data[key] for key in ("lesson", "exercise", "attempt", "mistakes",
                                              "hints", "points_lost")} == {
        "lesson": "tricks", "exercise": "question", "attempt": quiz.attempt, "mistakes": 0,
        "hints": 0, "points_lost": None}
    assert result.data["seconds"] >= 0 and result.data["title"]["it"] == q.prompt.get("it")


def test_a_wrong_answer_after_a_hint_is_a_result_with_a_mistake_and_a_hint():
    quiz = Quiz.generated(["winner"], 2, seed=8)
    events = listen(quiz)
    quiz.hint_button.click()
    enter(quiz, wrong_answer(quiz.question))
    quiz.check_button.click()
    [result] = [event for event in events if event.kind == "result"]
    assert result.correct is False and "lesson" not in result.data  # the page's lesson
    assert (result.data["mistakes"], result.data["hints"]) == (1, 1)


def test_a_wrong_answer_shows_why_and_the_right_one():
    quiz = Quiz.generated(["winner"], 2, seed=8)
    events = listen(quiz)
    q = quiz.question
    enter(quiz, wrong_answer(q))
    quiz.check_button.click()
    assert "tl-wrong" in quiz.feedback._dom_classes
    assert "Not quite." in quiz.feedback.value
    assert f"The winner is {card_name(q.answer, 'en')}" in quiz.feedback.value
    assert "0 / 1" in quiz.score.value
    assert events[0].correct is False
    assert (events[1].kind, events[1].correct, events[1].data["mistakes"]) == ("result", False, 1)
    quiz.check_button.click()  # a second check of the same question counts nothing
    assert "0 / 1" in quiz.score.value and [e.kind for e in events] == ["answer", "result"]


def test_checking_with_nothing_chosen_asks_for_an_answer_and_scores_nothing():
    quiz = Quiz.generated(["legal"], 1, seed=1)
    events = listen(quiz)
    quiz.check_button.click()
    assert "tl-invalid" in quiz.feedback._dom_classes
    assert "Choose your answer first." in quiz.feedback.value
    assert "0 / 0" in quiz.score.value and events == []
    quiz.next_button.click()  # cannot skip ahead without an answer
    assert quiz.index == 0


@pytest.mark.parametrize("typed", ["2.5", "2,5", "-3", "three"])
def test_a_number_that_is_not_whole_is_refused_in_words_and_scores_nothing(typed):
    """A browser's number box read "2.5" as 25; the quiz reads what the learner typed."""
    quiz = Quiz.generated(["thirds"], 1, seed=3)
    assert quiz.question.input == "number"
    events = listen(quiz)
    quiz.number.value = typed
    quiz.check_button.click()
    assert "tl-invalid" in quiz.feedback._dom_classes
    assert "Write a whole number, 0 or more." in quiz.feedback.value
    assert "0 / 0" in quiz.score.value and events == []
    quiz.number.value = f" {quiz.question.answer} "
    quiz.check_button.click()
    assert "tl-correct" in quiz.feedback._dom_classes and "1 / 1" in quiz.score.value


def test_hint_next_and_the_end_of_the_quiz():
    quiz = Quiz.generated(["thirds", "order"], 2, seed=3)
    events = listen(quiz)
    quiz.hint_button.click()
    assert quiz.question.hint.get("en") in quiz.hint_text.value
    assert events[-1].kind == "hint"
    enter(quiz, quiz.question.answer)
    quiz.check_button.click()
    assert events[-1].kind == "result" and events[-1].data["hints"] == 1  # hint before answering
    quiz.next_button.click()
    assert quiz.index == 1 and quiz.hint_text.value == "" and quiz.feedback.value == ""
    assert "Question 2 of 2" in quiz.progress.value
    enter(quiz, quiz.question.answer)
    quiz.check_button.click()
    quiz.hint_button.click()  # a hint read after answering costs nothing
    assert [e.data["hints"] for e in events if e.kind == "result"] == [1, 0]
    quiz.next_button.click()
    assert quiz.finished and "Quiz finished: 2 of 2 right." in quiz.prompt.value
    assert events[-1].kind == "quiz_end" and events[-1].data["right"] == 2
    quiz.check_button.click()
    assert "2 / 2" in quiz.score.value


def test_the_whole_example_bank_can_be_answered_through_the_widget():
    quiz = Quiz.from_bank("example")
    events = listen(quiz)
    for _ in quiz.questions:
        enter(quiz, right_answer(quiz.question))
        quiz.check_button.click()
        assert "tl-correct" in quiz.feedback._dom_classes, quiz.question.id
        quiz.next_button.click()
    total = len(quiz.questions)
    assert f"{total} / {total}" in quiz.score.value
    assert [e.item for e in events if e.kind == "answer"] == [q.id for q in quiz.questions]
    assert {e.data["attempt"] for e in events if e.kind == "result"} == {quiz.attempt}
    assert all(e.data["lesson"] == "example" for e in events)


def test_switching_language_redraws_prompt_buttons_cards_and_feedback():
    quiz = Quiz.generated(["winner"], 1, seed=11)
    q = quiz.question
    enter(quiz, wrong_answer(q))
    quiz.check_button.click()
    SETTINGS.lang = "it"
    assert q.prompt.get("it") in quiz.prompt.value
    assert quiz.check_button.description == "Controlla"
    assert "Non proprio." in quiz.feedback.value
    assert quiz.picker.items[0]["label"] == card_name(q.cards[0], "it", "bare")
    assert "Punteggio: 0 / 1" in quiz.score.value
    SETTINGS.lang = "en"
    assert q.prompt.get("en") in quiz.prompt.value and "Not quite." in quiz.feedback.value


def test_choices_are_relabelled_in_the_other_language_and_keep_the_selection():
    quiz = Quiz.generated(["signal"], 1, seed=4)
    quiz.choice.value = "volo"
    SETTINGS.lang = "it"
    assert quiz.choice.value == "volo"
    assert any(label.startswith("Volo (la carta") for label, _ in quiz.choice.options)


def test_switching_faces_redraws_the_cards():
    quiz = Quiz.generated(["points"], 1, seed=2)
    picker_quiz = Quiz.generated(["order"], 1, seed=2)
    before, svg_before = quiz.context.value, picker_quiz.picker.items[0]["svg"]
    SETTINGS.faces = "french"
    assert quiz.context.value != before
    assert picker_quiz.picker.items[0]["svg"] != svg_before


@pytest.mark.parametrize("message", [
    {"type": "toggle", "card": "4z"},
    {"type": "toggle", "card": 3},
    {"type": "toggle"},
    {"type": "toggle", "card": "3c", "extra": 1},
    {"type": "play", "card": "3c"},
    ["toggle", "3c"],
    "3c",
])
def test_forged_messages_are_ignored_and_change_nothing(message, caplog):
    quiz = Quiz.generated(["winner"], 1, seed=9)
    before = (list(quiz.picker.selected), quiz.feedback.value, quiz.score.value)
    quiz.picker._on_msg(quiz.picker, message, [])
    assert (list(quiz.picker.selected), quiz.feedback.value, quiz.score.value) == before
    assert "forged" in caplog.text or "unknown card" in caplog.text


def test_a_card_not_shown_and_a_forged_selection_are_dropped(caplog):
    quiz = Quiz.generated(["winner"], 1, seed=9)
    hidden = next(c for c in ("3d", "3c", "3s", "3b") if Card.parse(c) not in quiz.question.cards)
    click(quiz.picker, hidden)
    assert quiz.picker.selected == []
    quiz.picker.selected = [hidden, str(quiz.question.cards[0])]
    assert quiz.picker.selected == [str(quiz.question.cards[0])]
    assert "does not show" in caplog.text and "dropped forged" in caplog.text


def test_after_checking_the_cards_are_locked():
    quiz = Quiz.generated(["winner"], 1, seed=6)
    enter(quiz, quiz.question.answer)
    quiz.check_button.click()
    chosen = list(quiz.picker.selected)
    click(quiz.picker, str(wrong_answer(quiz.question)))
    assert quiz.picker.disabled and quiz.picker.selected == chosen


def test_picker_modes_single_multiple_and_order():
    cards = [Card.parse(t) for t in ("3c", "2c", "Ac")]
    picker = CardPicker(cards, mode="single")
    click(picker, "3c")
    click(picker, "2c")
    assert picker.value == (cards[1],)
    picker.show(cards, "order")
    for text in ("Ac", "3c", "2c"):
        click(picker, text)
    assert [str(c) for c in picker.value] == ["Ac", "3c", "2c"]
    click(picker, "3c")
    assert [str(c) for c in picker.value] == ["Ac", "2c"]
    picker.show(cards, "multiple")
    click(picker, "2c")
    click(picker, "Ac")
    click(picker, "2c")
    assert picker.value == (cards[2],)
    assert [item["card"] for item in picker.items] == ["3c", "2c", "Ac"]


def test_picker_assets_are_package_files_without_a_cdn():
    folder = pathlib.Path(cardpicker.__file__).parent
    js = (folder / "cardpicker.js").read_text()
    css = (folder / "cardpicker.css").read_text()
    assert "dataset.card" in js and '"selected"' in js and "model.send" in js
    assert "http" not in js + css and "@import" not in css and "font-face" not in css


def test_a_quiz_resumes_its_latest_attempt_at_the_first_question_not_answered():
    quiz = Quiz.generated(["winner", "order"], 4, seed=9)
    ids = [q.id for q in quiz.questions]
    quiz.resume([Attempt("old", dict.fromkeys(ids, True)),
                 Attempt("new", {ids[0]: True, ids[1]: False})])
    assert quiz.index == 2 and quiz.answered == 2 and quiz.right == 1
    assert quiz.attempt == "new" and quiz.best == 4 and not quiz.finished
    assert "1 / 2" in quiz.score.value
    events = listen(quiz)
    enter(quiz, right_answer(quiz.question))
    quiz.check_button.click()
    assert events[-1].data["attempt"] == "new"  # the same attempt goes on


def test_a_quiz_answered_to_the_end_resumes_finished_with_try_again():
    quiz = Quiz.generated(["winner"], 2, seed=9)
    ids = [q.id for q in quiz.questions]
    quiz.resume([Attempt("a", dict.fromkeys(ids, True)), Attempt("b", dict.fromkeys(ids, False))])
    assert quiz.finished and quiz.right == 0 and quiz.best == 2
    assert quiz.check_answer() is None
    assert "Quiz finished: 0 of 2 right." in quiz.prompt.value
    assert "Your best so far: 2 of 2 right." in quiz.best_text.value
    assert quiz.retry_button.layout.display is None
    quiz.retry_button.click()
    assert not quiz.finished and quiz.index == 0 and quiz.attempt not in ("a", "b")


def test_resuming_after_an_answer_in_this_session_changes_nothing():
    quiz = Quiz.generated(["winner"], 3, seed=9)
    quiz.picker.toggle(quiz.question.answer)
    quiz.check_answer()
    quiz.resume([Attempt("x", {q.id: False for q in quiz.questions})])
    assert quiz.index == 0 and quiz.right == 1 and quiz.best == 1


def test_resuming_with_attempts_at_other_questions_changes_nothing():
    quiz = Quiz.generated(["winner"], 2, seed=9)
    quiz.resume([Attempt("x", {"another-quiz-1": True})])
    assert (quiz.index, quiz.answered, quiz.best, quiz.finished) == (0, 0, 0, False)


def finish(quiz: Quiz, right: int) -> None:
    """Answer the first ``right`` questions right, the rest wrong, and finish."""
    for number in range(len(quiz.questions)):
        question = quiz.question
        enter(quiz, right_answer(question) if number < right else wrong_answer(question))
        quiz.check_button.click()
        quiz.next_button.click()


def test_try_again_starts_a_new_attempt_at_every_question_and_keeps_the_best():
    quiz = Quiz.generated(["winner"], 3, seed=4)
    events = listen(quiz)
    assert quiz.retry_button.layout.display == "none"
    finish(quiz, right=2)
    first = quiz.attempt
    assert quiz.finished and quiz.retry_button.layout.display is None
    assert "Your best so far: 2 of 3 right." in quiz.best_text.value
    quiz.retry_button.click()
    assert (quiz.index, quiz.right, quiz.answered, quiz.finished) == (0, 0, 0, False)
    assert quiz.attempt != first and quiz.retry_button.layout.display == "none"
    assert quiz.best_text.value == "" and not quiz.picker.disabled
    finish(quiz, right=1)
    assert "Quiz finished: 1 of 3 right." in quiz.prompt.value
    assert "Your best so far: 2 of 3 right." in quiz.best_text.value  # the best is kept
    quiz.retry_button.click()
    finish(quiz, right=3)
    assert "Your best so far: 3 of 3 right." in quiz.best_text.value
    attempts = [e.data["attempt"] for e in events if e.kind == "result"]
    assert len(attempts) == 9 and len(set(attempts)) == 3
    assert [e.kind for e in events].count("quiz_end") == 3


def test_a_forged_click_on_try_again_before_the_end_changes_nothing():
    quiz = Quiz.generated(["winner"], 2, seed=4)
    enter(quiz, right_answer(quiz.question))
    quiz.check_button.click()
    before = (quiz.attempt, quiz.index, quiz.right, quiz.answered, quiz.feedback.value)
    quiz.retry_button._handle_button_msg(None, {"event": "click"}, [])
    assert (quiz.attempt, quiz.index, quiz.right, quiz.answered, quiz.feedback.value) == before


def test_the_finished_quiz_speaks_italian():
    quiz = Quiz.generated(["winner"], 2, seed=4)
    finish(quiz, right=1)
    SETTINGS.lang = "it"
    assert "Quiz finito: 1 risposta giusta su 2." in quiz.prompt.value
    assert "Il tuo miglior risultato finora: 1 risposta giusta su 2." in quiz.best_text.value
    assert quiz.retry_button.description == "Riprova"


def a_wrong_answer(q: Question) -> object:
    """An answer the learner could enter that is not right."""
    if q.input in ("choice", "choices"):
        right = q.answer if isinstance(q.answer, frozenset) else {q.answer}
        key = next(c.key for c in q.choices if c.key not in right)
        return key if q.input == "choice" else [key]
    if q.input == "number":
        return q.answer + 1  # type: ignore[operator]
    if q.input == "order":
        return list(q.cards)
    if q.input == "cards":
        return [next(c for c in q.cards if frozenset({c}) != q.answer)]
    return wrong_answer(q)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_after_a_checkbox_question_every_feedback_matches_its_answer_and_the_score(lang):
    """The play page's quiz has a "choose every declaration" question, then other kinds: each
    answer's feedback says right or wrong as the score does, and the hint is the question's."""
    SETTINGS.lang = lang
    quiz = Quiz.from_bank("12_play", lesson="12_play")
    events = listen(quiz)
    inputs = [q.input for q in quiz.questions]
    assert "choices" in inputs and inputs.index("choices") < len(inputs) - 2
    praise, blame = ("Right!", "Not quite.") if lang == "en" else ("Giusto!", "Non proprio.")
    for number, question in enumerate(quiz.questions):
        assert quiz.question is question and quiz.feedback.value == ""
        quiz.hint_button.click()
        assert question.hint.get(lang) in html.unescape(quiz.hint_text.value)
        right = number % 2 == 1
        enter(quiz, right_answer(question) if right else a_wrong_answer(question))
        quiz.check_button.click()
        answer = [e for e in events if e.kind == "answer"][-1]
        assert answer.item == question.id and answer.correct is right
        assert (praise in quiz.feedback.value) is right, (question.id, quiz.feedback.value)
        assert (blame in quiz.feedback.value) is not right, (question.id, quiz.feedback.value)
        assert ("tl-correct" if right else "tl-wrong") in quiz.feedback._dom_classes
        assert question.explanation.get(lang) in html.unescape(quiz.feedback.value)
        assert f"{(number + 1) // 2} / {number + 1}" in quiz.score.value
        quiz.next_button.click()
    assert quiz.finished


def test_an_error_while_showing_a_question_is_logged_and_leaves_nothing_of_the_last(
        monkeypatch, caplog):
    quiz = Quiz.generated(["winner"], 3, seed=5)
    enter(quiz, quiz.question.answer)
    quiz.check_button.click()
    assert "Right!" in quiz.feedback.value
    drawn = Quiz._context_html

    def fails_on_the_second(self: Quiz) -> str:
        if self.index == 1:
            raise RuntimeError("cannot draw")
        return drawn(self)

    monkeypatch.setattr(Quiz, "_context_html", fails_on_the_second)
    quiz.next_button.click()
    assert "Right!" not in quiz.feedback.value and quiz.hint_text.value == ""
    assert "could not be shown" in quiz.feedback.value and quiz.prompt.value == ""
    assert "could not show question 2" in caplog.text and "cannot draw" in caplog.text
    assert quiz.check_button.disabled and not quiz.next_button.disabled
    quiz.next_button.click()
    assert quiz.index == 2 and quiz.feedback.value == "" and "1 / 1" in quiz.score.value
    enter(quiz, wrong_answer(quiz.question))
    quiz.check_button.click()
    assert "Not quite." in quiz.feedback.value and "1 / 2" in quiz.score.value


def test_a_quiz_shows_its_title_in_the_learners_language():
    quiz = Quiz.generated(["winner"], 1, seed=5, title="quiz.title.drill")
    assert quiz.children[0] is quiz.heading and "Practice drill" in quiz.heading.value
    SETTINGS.lang = "it"
    assert "Esercizio" in quiz.heading.value
    assert Quiz.generated(["winner"], 1, seed=5).heading not in \
        Quiz.generated(["winner"], 1, seed=5).children


@pytest.mark.parametrize(("lang", "suits"), [
    ("en", ("diamonds", "hearts", "spades", "clubs")),
    ("it", ("quadri", "cuori", "picche", "fiori")),
])
def test_a_card_named_in_a_prompt_follows_the_french_faces(lang, suits):
    quiz = Quiz.generated(["name"], 1, seed=3)
    SETTINGS.lang, SETTINGS.faces = lang, "french"  # "Click the Three of hearts" over ♥
    prompt = html.unescape(quiz.prompt.value)
    assert any(f" {suit}" in prompt for suit in suits), prompt
    labels = [item["label"] for item in quiz.picker.items]
    assert all(label.split()[-1] in suits for label in labels), labels
