"""A quiz in real Chromium: a right and a wrong answer, each with its explanation."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

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
    expect(feedback).to_contain_text(second.answer.name("en"))
    expect(page.locator(".tl-quiz-score")).to_contain_text("1 / 2")
    assert console_errors == []


def test_the_quiz_switches_to_italian(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    open_notebook(page, "quiz", ".tl-quiz")
    page.locator(".tl-lang-switch").get_by_role("button", name="Italiano").click()
    expect(page.locator(".tl-quiz-prompt")).to_contain_text(QUESTIONS[0].prompt.get("it"))
    assert console_errors == []
