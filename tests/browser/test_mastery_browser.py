"""Mastery in real Chromium: a learner answers lesson 1's quiz (wrong answers too), finishes
it, tries again and gets more right; after a reload the quiz shows its finished state with
the best score kept and Try again, and the index's progress map shows the lesson passed with
its stars."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Locator, Page, expect

from tressette_learn.i18n import t
from tressette_learn.teaching.bank import load_bank

from .conftest import server_with_store
from .walk import key
from .walk.quizzes import enter

LESSON = "notebooks/01_deck"
QUESTIONS = load_bank("01_deck")  # what page.quiz() shows on lesson 1


@pytest.fixture(scope="module")
def school(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Voilà on the whole checkout, with a progress database of its own."""
    with server_with_store(tmp_path_factory, "mastery") as url:
        yield url


def go_through(quiz: Locator, right: int) -> None:
    """Answer the first ``right`` questions right and the others wrong, then finish."""
    for number, question in enumerate(QUESTIONS):
        expect(quiz.locator(".tl-quiz-progress")).to_have_text(
            t("quiz.progress", "en", number=number + 1, total=len(QUESTIONS)))
        answer = key.right(question) if number < right else key.wrong(question)
        assert answer is not None
        enter(quiz, question, answer, "en")
        quiz.locator(".tl-quiz-check").click()
        expect(quiz.locator(".tl-quiz-feedback")).to_have_text(answer.feedback(question, "en"))
        quiz.locator(".tl-quiz-next").click()


def expect_finished(quiz: Locator, right: int, best: int) -> None:
    total = len(QUESTIONS)
    expect(quiz.locator(".tl-quiz-prompt")).to_have_text(
        t("quiz.done", "en", right=right, total=total))
    expect(quiz.locator(".tl-quiz-best")).to_have_text(
        t("quiz.best", "en", best=best, total=total))
    expect(quiz.locator(".tl-quiz-retry")).to_be_visible()


def test_retry_a_finished_quiz_keep_the_best_and_earn_stars(
    page: Page, open_notebook: Callable[..., Page], school: str, console_errors: list[str]
) -> None:
    open_notebook(page, LESSON, ".tl-quiz", base=school)
    page.locator(".tl-signin-name").fill("Mara")
    page.locator(".tl-signin-pin").fill("2468")  # the PIN chosen at the first sign-in
    page.locator(".tl-signin-start").click()
    expect(page.locator(".tl-signin-status")).to_have_text("Progress saved.")
    stars_line = page.locator(".tl-lesson-stars")
    expect(stars_line).to_contain_text("To pass this lesson, earn at least one star in 7 of "
                                       "its 9 exercises.")
    quiz = page.locator(".tl-quiz")
    expect(quiz.locator(".tl-quiz-retry")).to_be_hidden()

    go_through(quiz, right=5)
    expect_finished(quiz, right=5, best=5)
    expect(stars_line).to_contain_text("This lesson: 5 of 9 exercises with a star; 2 more "
                                       "to pass it.")
    quiz.locator(".tl-quiz-retry").click()
    expect(quiz.locator(".tl-quiz-retry")).to_be_hidden()
    expect(quiz.locator(".tl-quiz-score")).to_have_text(
        t("quiz.score_label", "en", right=0, answered=0))
    go_through(quiz, right=8)
    expect_finished(quiz, right=8, best=8)
    expect(stars_line).to_contain_text("This lesson is passed: 2 stars of 3.")

    page.reload()  # a new kernel: the quiz resumes from the store
    page.locator("#loading").wait_for(state="hidden")
    expect(page.locator(".tl-signin-who")).to_contain_text("Mara")
    quiz = page.locator(".tl-quiz")
    expect_finished(quiz, right=8, best=8)
    expect(page.locator(".tl-lesson-stars .tl-stars")).to_have_attribute(
        "aria-label", "2 stars of 3")
    quiz.locator(".tl-quiz-retry").click()  # never locked for good
    expect(quiz.locator(".tl-quiz-progress")).to_have_text(
        t("quiz.progress", "en", number=1, total=len(QUESTIONS)))

    open_notebook(page, "notebooks/00_index", ".tl-progress-lessons", base=school)
    lesson = page.locator('.tl-progress li[data-lesson="01_deck"]')
    expect(lesson).to_have_class("passed")
    expect(lesson.locator(".tl-stars")).to_have_attribute("aria-label", "2 stars of 3")
    expect(lesson.locator(".tl-stars")).to_have_text("★★☆")
    expect(lesson).to_contain_text("passed (2 attempts)")
    expect(page.locator(".tl-progress-head")).to_have_text("Carry on with: 0 · Learn Tressette →")
    expect(page.locator(".tl-progress-next")).to_have_attribute("href", "00_index.ipynb")
    assert console_errors == []
