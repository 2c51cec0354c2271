"""Answering a quiz as a learner: the hint, Check with nothing chosen, then a wrong or a
right answer, and what the quiz must say to each (the engine's own feedback, the score)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from playwright.sync_api import Locator, expect

from tressette_learn.i18n import t
from tressette_learn.teaching.questions import Question

from . import key
from .page import Findings

PICKER = ("card", "cards", "order")
STALE_TIMEOUT = 5_000  # ms for the feedback of the question before to go
GIVE_UP = 3  # broken questions in a row: the rest of the quiz would only repeat them


def css_class(name: str) -> re.Pattern[str]:
    return re.compile(rf"(^|\s){name}(\s|$)")


def answer_quiz(quiz: Locator, questions: Sequence[Question], lang: str, findings: Findings,
                where: str, wrong_first: bool, upto: int | None = None) -> None:
    """Answer every question of ``quiz`` (or the first ``upto``): a wrong answer to every
    other question (starting with the first when ``wrong_first``) and a right one to the
    rest, then finish it."""
    right = answered = broken = 0
    for number, question in enumerate(questions[:upto]):
        here = f"{where}, question {number + 1} (“{question.prompt.get(lang)[:60]}”)"
        if broken == GIVE_UP:
            findings.add(where, f"the walk gave up after {GIVE_UP} broken questions in a row "
                                f"({len(questions) - number} not answered)")
            return
        before = len(findings.items)
        with findings.step(here):
            expect(quiz.locator(".tl-quiz-progress")).to_have_text(
                t("quiz.progress", lang, number=number + 1, total=len(questions)))
            expect(quiz.locator(".tl-quiz-prompt")).to_have_text(question.prompt.get(lang))
        with findings.step(f"{here}, before any answer"):
            expect(quiz.locator(".tl-quiz-feedback")).to_have_text("", timeout=STALE_TIMEOUT)
        with findings.step(f"{here}, Hint"):
            quiz.locator(".tl-quiz-hint").click()
            expect(quiz.locator(".tl-quiz-hint-text")).to_have_text(question.hint.get(lang))
        nothing = key.empty(question)
        if number == 0 and nothing is not None:
            with findings.step(f"{here}, Check with nothing chosen"):
                check(quiz, question, nothing, "tl-invalid", lang)
        wrong = key.wrong(question)
        answer = wrong if wrong is not None and (number % 2 == 0) == wrong_first \
            else key.right(question)
        verdict = answer.correct(question)
        answered, right = answered + 1, right + verdict
        with findings.step(f"{here}, {'right' if verdict else 'wrong'} answer {answer.entry}"):
            enter(quiz, question, answer, lang)
            check(quiz, question, answer, "tl-correct" if verdict else "tl-wrong", lang)
            expect(quiz.locator(".tl-quiz-score")).to_have_text(
                t("quiz.score_label", lang, right=right, answered=answered))
        with findings.step(f"{here}, Next"):
            quiz.locator(".tl-quiz-next").click()
        broken = broken + 1 if len(findings.items) > before else 0
    if upto is not None:
        return
    with findings.step(f"{where}, the end"):
        expect(quiz.locator(".tl-quiz-prompt")).to_have_text(
            t("quiz.done", lang, right=right, total=len(questions)))


def check(quiz: Locator, question: Question, answer: key.Answer, css: str, lang: str) -> None:
    """Press Check; the feedback must be the engine's verdict on this very question."""
    quiz.locator(".tl-quiz-check").click()
    feedback = quiz.locator(".tl-quiz-feedback")
    expect(feedback).to_have_class(css_class(css))
    expect(feedback).to_have_text(answer.feedback(question, lang))


def enter(quiz: Locator, question: Question, answer: key.Answer, lang: str) -> None:
    """Pick the cards, type the number or tick the choices of ``answer``."""
    kind, entry = question.input, answer.entry
    if kind == "number":
        assert isinstance(entry, int)
        box = quiz.locator(".tl-quiz-number input")
        box.fill(str(entry))
        box.press("Enter")
        return
    assert isinstance(entry, tuple)
    for item in entry:
        if kind in PICKER:
            card = quiz.locator(f'.tl-quiz-picker .tl-card[data-card="{item}"]')
            card.click()
            expect(card).to_have_class(css_class("selected"))
        else:
            label = question.choice(item).label.get(lang)
            boxes = quiz.get_by_role("radio" if kind == "choice" else "checkbox", name=label,
                                     exact=True)
            boxes.check()
