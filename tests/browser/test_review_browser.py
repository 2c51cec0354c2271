"""Spaced review in real Chromium: a question missed in a lesson's quiz is not due the same
day; on the Review page served two days later (``TRESSETTE_CLOCK_SHIFT=2d`` in the server's
environment) it comes back, is answered, and the page says when to come back."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

from playwright.sync_api import Page, expect

from tressette_learn.serve.server import VoilaServer, settings_option
from tressette_learn.teaching.generate import make_quiz
from tressette_learn.ui.review_deck import day_words

ROOT = Path(__file__).resolve().parents[2]
QUIZ = "tests/browser/notebooks/classroom_quiz"
QUESTIONS = make_quiz(["winner"], 2, seed=3)  # what classroom_quiz.ipynb shows
REVIEW = "notebooks/13_review"
WAIT = 30_000  # ms: kernels answer slowly on a loaded machine


def serve(db: Path, shift: str = "") -> VoilaServer:
    """Voilà on the whole checkout with this progress database and clock shift."""
    env = {"TRESSETTE_DB": f"sqlite:///{db}", "TRESSETTE_CLOCK_SHIFT": shift}
    return VoilaServer(ROOT, settings_option(), "--show_tracebacks=True", env=env)


def sign_in(page: Page, name: str) -> None:
    page.locator(".tl-signin-name").fill(name)
    page.locator(".tl-signin-pin").fill("2468")  # the PIN chosen at the first sign-in
    page.locator(".tl-signin-start").click()
    expect(page.locator(".tl-signin-status")).to_have_text("Progress saved.", timeout=WAIT)


def day(days: int) -> str:
    """The day ``days`` from now, as the page writes it."""
    return day_words(datetime.now(timezone.utc) + timedelta(days=days), "en")


def test_a_missed_question_comes_back_on_the_review_page_when_due(
    page: Page, open_notebook: Callable[..., Page], tmp_path: Path, console_errors: list[str]
) -> None:
    missed = QUESTIONS[0]
    wrong = next(card for card in missed.cards if card != missed.answer)
    db = tmp_path / "progress.sqlite"
    with serve(db) as today:
        open_notebook(page, QUIZ, ".tl-quiz", base=today.url)
        sign_in(page, "Rita")
        page.locator(f'.tl-quiz-picker .tl-card[data-card="{wrong}"]').click()
        page.locator(".tl-quiz-check").click()
        expect(page.locator(".tl-quiz-feedback")).to_contain_text("Not quite", timeout=WAIT)
        expect(page.locator(".tl-signin-status")).to_have_text("Progress saved.")

        open_notebook(page, REVIEW, ".tl-review", base=today.url)  # signed in again by itself
        status = page.locator(".tl-review-status")
        expect(status).to_contain_text(f"Nothing due: come back on {day(1)}", timeout=WAIT)
        page.goto("about:blank")  # leave before the server stops: no broken connection

    with serve(db, "2d") as later:
        open_notebook(page, REVIEW, ".tl-review", base=later.url)
        expect(page.locator(".tl-review-status")).to_contain_text("Type your name above")
        sign_in(page, "Rita")
        status = page.locator(".tl-review-status")
        expect(status).to_contain_text("Due for review: 1 question", timeout=WAIT)
        quiz = page.locator(".tl-review-quiz")
        expect(quiz.locator(".tl-quiz-prompt")).to_contain_text(missed.prompt.get("en"))
        quiz.locator(f'.tl-quiz-picker .tl-card[data-card="{missed.answer}"]').click()
        quiz.locator(".tl-quiz-check").click()
        expect(quiz.locator(".tl-quiz-feedback")).to_contain_text("Right!", timeout=WAIT)
        quiz.locator(".tl-quiz-next").click()
        # Right once: box 2, due three days after this answer (given two days from now).
        expect(status).to_contain_text(f"Nothing due: come back on {day(5)}", timeout=WAIT)
        expect(page.locator(".tl-review-quiz .tl-quiz-prompt")).not_to_contain_text(
            missed.prompt.get("en"))
    assert console_errors == []
