"""The classroom in real Chromium: a learner's answer reaches the teacher's dashboard."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tressette_learn.server import VoilaServer, settings_option
from tressette_learn.teaching.generate import make_quiz

ROOT = Path(__file__).resolve().parents[2]
KEY = "k3y-for-tests"
QUIZ = "tests/browser/notebooks/classroom_quiz"
QUESTIONS = make_quiz(["winner"], 2, seed=3)  # what classroom_quiz.ipynb shows


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Voilà on the whole checkout, with its own progress database and teacher key."""
    db = tmp_path_factory.mktemp("classroom") / "progress.sqlite"
    env = {"TRESSETTE_DB": f"sqlite:///{db}", "TRESSETTE_TEACHER_KEY": KEY}
    with VoilaServer(ROOT, settings_option(), "--show_tracebacks=True", env=env) as server:
        yield server.url


def sign_in(page: Page, name: str) -> None:
    page.locator(".tl-signin-name").fill(name)
    page.locator(".tl-signin-code").fill("3b")
    page.locator(".tl-signin-start").click()
    expect(page.locator(".tl-signin-status")).to_have_text("Progress saved.")


def open_dashboard(page: Page, open_notebook: Callable[..., Page], base: str, key: str) -> None:
    open_notebook(page, "notebooks/teacher", ".tl-teacher", base=base)
    page.locator(".tl-teacher-key input").fill(key)
    page.locator(".tl-teacher-open").click()


def test_an_answer_in_a_lesson_shows_on_the_teachers_dashboard(
    page: Page, open_notebook: Callable[..., Page], classroom: str, console_errors: list[str]
) -> None:
    open_notebook(page, QUIZ, ".tl-quiz", base=classroom)
    sign_in(page, "Anna <b>Bold</b>")
    page.locator(f'.tl-quiz-picker .tl-card[data-card="{QUESTIONS[0].answer}"]').click()
    page.locator(".tl-quiz-check").click()
    expect(page.locator(".tl-quiz-score")).to_contain_text("1 / 1")

    open_dashboard(page, open_notebook, classroom, KEY)
    table = page.locator(".tl-teacher-learners")
    expect(table).to_contain_text("Anna <b>Bold</b>")  # shown as text, not as markup
    expect(table.locator("b")).to_have_count(0)
    expect(table).to_contain_text("100%")
    expect(page.locator(".tl-teacher-questions")).to_contain_text(QUESTIONS[0].id)
    assert console_errors == []


def test_the_learner_is_remembered_on_the_next_page(
    page: Page, open_notebook: Callable[..., Page], classroom: str
) -> None:
    open_notebook(page, QUIZ, ".tl-quiz", base=classroom)
    sign_in(page, "Luca")
    page.reload()
    page.locator("#loading").wait_for(state="hidden")
    expect(page.locator(".tl-signin-who")).to_contain_text("Luca")


def test_a_wrong_teacher_key_shows_nothing(
    page: Page, open_notebook: Callable[..., Page], classroom: str
) -> None:
    open_dashboard(page, open_notebook, classroom, "not-the-key")
    expect(page.locator(".tl-teacher-message")).to_contain_text("Wrong key")
    expect(page.locator(".tl-teacher-learners")).to_have_count(0)
