"""A quiz in real Chromium: a right and a wrong answer, each with its explanation; after a
"choose every ..." (checkbox) question, the next answer gets its own feedback."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tressette_learn.i18n import card_name
from tressette_learn.teaching.generate import make_quiz

QUESTIONS = make_quiz(["winner"], 2, seed=3)  # what quiz.ipynb shows


def has_class(name: str) -> re.Pattern[str]:
    return re.compile(rf"(^|\s){name}(\s|$)")


def pick(page: Page, card: str) -> None:
    page.locator(f'.tl-quiz-picker .tl-card[data-card="{card}"]').click()
    expect(page.locator(f'.tl-quiz-picker .tl-card.selected[data-card="{card}"]')).to_be_visible()
    page.locator(".tl-quiz-check").click()


def test_a_right_then_a_wrong_answer_get_feedback_and_a_score(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    open_notebook(page, "quiz", ".tl-quiz")
    first, second = QUESTIONS
    expect(page.locator(".tl-quiz-prompt")).to_contain_text(first.prompt.get("en"))
    pick(page, str(first.answer))
    feedback = page.locator(".tl-quiz-feedback")
    expect(feedback).to_have_class(has_class("tl-correct"))
    expect(page.locator(".tl-quiz-score")).to_contain_text("1 / 1")

    page.locator(".tl-quiz-next").click()
    wrong = next(str(c) for c in second.cards if c != second.answer)
    pick(page, wrong)
    expect(feedback).to_have_class(has_class("tl-wrong"))
    expect(feedback).to_contain_text(card_name(second.answer, "en", "bare"))
    expect(page.locator(".tl-quiz-score")).to_contain_text("1 / 2")
    assert console_errors == []


def test_the_quiz_switches_to_italian(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    open_notebook(page, "quiz", ".tl-quiz")
    page.locator(".tl-lang-switch").get_by_role("button", name="Italiano").click()
    expect(page.locator(".tl-quiz-prompt")).to_contain_text(QUESTIONS[0].prompt.get("it"))
    assert console_errors == []


KINDS = make_quiz(["declarations", "winner", "choice", "choice"], 4, seed=3)  # quiz_kinds.ipynb
SAID = {"en": ("Right!", "Not quite."), "it": ("Giusto!", "Non proprio.")}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_after_a_checkbox_question_a_wrong_answer_is_told_not_quite(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str], lang: str
) -> None:
    open_notebook(page, "quiz_kinds", ".tl-quiz-choices")
    if lang == "it":
        page.locator(".tl-lang-switch").get_by_role("button", name="Italiano").click()
    right, wrong = SAID[lang]
    declarations, trick, value, other_value = KINDS
    assert len(declarations.answer) == 2
    for key in sorted(declarations.answer):  # type: ignore[arg-type]
        label = declarations.choice(key).label.get(lang)
        page.locator(".tl-quiz-choices").get_by_label(label, exact=True).check()
    page.locator(".tl-quiz-check").click()
    feedback = page.locator(".tl-quiz-feedback")
    expect(feedback).to_have_class(has_class("tl-correct"))
    expect(feedback).to_contain_text(right)

    page.locator(".tl-quiz-next").click()
    expect(page.locator(".tl-quiz-prompt")).to_contain_text(trick.prompt.get(lang))
    expect(feedback).to_have_text("")
    pick(page, next(str(c) for c in trick.cards if c != trick.answer))
    expect(feedback).to_have_class(has_class("tl-wrong"))
    expect(feedback).to_contain_text(wrong)
    expect(feedback).not_to_contain_text(right)
    expect(page.locator(".tl-quiz-score")).to_contain_text("1 / 2")
    page.locator(".tl-quiz-hint").click()
    expect(page.locator(".tl-quiz-hint-text")).to_have_text(trick.hint.get(lang))

    for question, said in ((value, right), (other_value, wrong)):  # two radio questions
        page.locator(".tl-quiz-next").click()
        expect(page.locator(".tl-quiz-prompt")).to_contain_text(question.prompt.get(lang))
        expect(feedback).to_have_text("")
        key = question.answer if said == right else \
            next(c.key for c in question.choices if c.key != question.answer)
        label = question.choice(str(key)).label.get(lang)
        page.locator(".tl-quiz-choice").get_by_label(label, exact=True).check()
        page.locator(".tl-quiz-check").click()
        expect(feedback).to_contain_text(said)
    expect(page.locator(".tl-quiz-score")).to_contain_text("2 / 4")
    assert console_errors == []
