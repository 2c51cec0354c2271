"""The classroom in real Chromium: a learner's answer reaches the teacher's dashboard, the
language chosen on one page is the language of the next (signed in or not), and the teacher's
key is checked as typed."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tressette_learn.teaching.generate import make_quiz

from .conftest import server_with_store

KEY = "k3y-for-tests"
QUIZ = "tests/browser/notebooks/classroom_quiz"
QUESTIONS = make_quiz(["winner"], 2, seed=3)  # what classroom_quiz.ipynb shows


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Voilà on the whole checkout, with its own progress database and teacher key."""
    with server_with_store(tmp_path_factory, "classroom", TRESSETTE_TEACHER_KEY=KEY) as url:
        yield url


def sign_in(page: Page, name: str, status: str = "Progress saved.") -> None:
    page.locator(".tl-signin-name").fill(name)
    page.locator(".tl-signin-pin").fill("2468")  # the PIN chosen at the first sign-in
    page.locator(".tl-signin-code").fill("3b")
    page.locator(".tl-signin-start").click()
    expect(page.locator(".tl-signin-status")).to_have_text(status)


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
    questions = page.locator(".tl-teacher-questions")
    expect(questions).to_contain_text(QUESTIONS[0].prompt.get("en"))
    expect(questions).not_to_contain_text(QUESTIONS[0].id)
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


# -- the language follows the learner ---------------------------------------------------------
#: Records every text a lesson title shows while it can be seen (visible, not hidden).
SEEN_TITLES = """
window.seenTitles = [];
new MutationObserver(() => {
  for (const el of document.querySelectorAll(".tl-lesson-title")) {
    const text = el.textContent.trim();
    const shown = el.offsetParent !== null && getComputedStyle(el).visibility !== "hidden";
    if (text && shown && window.seenTitles.at(-1) !== text) window.seenTitles.push(text);
  }
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""


def choose_italian_on_the_index(page: Page, open_notebook: Callable[..., Page], base: str,
                                name: str | None) -> None:
    open_notebook(page, "notebooks/00_index", ".tl-lesson-title", base=base)
    if name:
        sign_in(page, name)
    page.locator(".tl-lang-switch").get_by_role("button", name="Italiano").click()
    expect(page.locator(".tl-lesson-title")).to_have_text("0 · Impara il Tressette")


def expect_following_suit_in_italian(page: Page, open_notebook: Callable[..., Page],
                               base: str) -> None:
    open_notebook(page, "notebooks/04_following_suit", ".tl-lesson-title", base=base)
    expect(page.locator(".tl-lesson-title")).to_have_text("4 · Rispondere al seme")
    expect(page.locator(".tl-lesson-goal")).to_contain_text("Obiettivo:")
    nav = page.locator(".tl-lesson-nav")
    expect(nav).to_have_text("← 3 · L'ordine delle carte e la presa · "
                             "Avanti: 5 · Il punteggio in terzi →")
    expect(page).to_have_title("4 · Rispondere al seme · Tressette")
    expect(page.locator(".tl-quiz-check").first).to_have_text("Controlla")
    english = [t for t in page.evaluate("window.seenTitles") if "Following suit" in t]
    assert english == [], "the page showed its English title before the Italian one"


@pytest.mark.parametrize("signed_in", [False, True], ids=["not-signed-in", "signed-in"])
def test_italiano_on_the_index_opens_following_suit_in_italian(
    page: Page, open_notebook: Callable[..., Page], classroom: str, console_errors: list[str],
    signed_in: bool
) -> None:
    choose_italian_on_the_index(page, open_notebook, classroom,
                                "Giulia" if signed_in else None)
    assert console_errors == []
    # the next page in the same browser (a new tab: leaving the index while its table's
    # computers play is table.js's own matter)
    lesson = page.context.new_page()
    lesson.add_init_script(SEEN_TITLES)
    errors: list[str] = []
    lesson.on("pageerror", lambda error: errors.append(error.message))
    expect_following_suit_in_italian(lesson, open_notebook, classroom)
    if signed_in:
        expect(lesson.locator(".tl-signin-who")).to_contain_text("Giulia")
    assert errors == []


def test_a_signed_in_learners_language_follows_them_to_another_browser(
    page: Page, open_notebook: Callable[..., Page], classroom: str, browser: Browser
) -> None:
    choose_italian_on_the_index(page, open_notebook, classroom, "Marta")
    other = browser.new_context().new_page()  # nothing saved in this browser
    try:
        open_notebook(other, "notebooks/04_following_suit", ".tl-lesson-title", base=classroom)
        expect(other.locator(".tl-lesson-title")).to_have_text("4 · Following suit")
        sign_in(other, "Marta", status="Progressi salvati.")
        expect(other.locator(".tl-lesson-title")).to_have_text("4 · Rispondere al seme")
        expect(other.locator(".tl-lesson-nav")).to_contain_text("Avanti: 5 · Il punteggio")
    finally:
        other.context.close()


def test_the_teacher_dashboard_opens_in_the_chosen_language(
    page: Page, open_notebook: Callable[..., Page], classroom: str, console_errors: list[str]
) -> None:
    choose_italian_on_the_index(page, open_notebook, classroom, None)
    open_dashboard(page, open_notebook, classroom, KEY)
    expect(page.locator(".tl-teacher-learners")).to_contain_text("Ultima attività")
    expect(page).to_have_title("Pannello dell'insegnante · Tressette")
    expect(page.locator(".tl-teacher-key")).to_be_hidden()
    assert console_errors == []


def test_the_right_key_opens_the_dashboard_after_wrong_ones(
    page: Page, open_notebook: Callable[..., Page], classroom: str
) -> None:
    """Typed while the kernel still pauses after a wrong key, the right key must count."""
    open_notebook(page, "notebooks/teacher", ".tl-teacher", base=classroom)
    key, button = page.locator(".tl-teacher-key input"), page.locator(".tl-teacher-open")
    for typed in ("guess-1", "guess-2", KEY):
        key.press_sequentially(typed)
        button.click()
    opened = page.locator(".tl-teacher-learners").or_(page.get_by_text("No learner has saved"))
    expect(opened.first).to_be_visible()
    expect(page.locator(".tl-teacher-message")).not_to_contain_text("Wrong key")
    expect(key).to_be_hidden()
