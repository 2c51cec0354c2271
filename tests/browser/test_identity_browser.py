"""PINs in real Chromium on the served course (as ``tressette-learn serve`` runs it): the
first sign-in chooses the PIN, another spelling of a learner's name without it signs in no
one, a forged session in the browser's storage neither, guessing locks the name, and "Not
you?" leaves nothing of the previous learner on screen. The store is read back after each
refusal. Screenshots of the walk (English and Italian) go to build/screenshots/identity/."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tressette_learn.i18n import t
from tressette_learn.store import Store
from tressette_learn.store.identity import LOCK_MINUTES, MAX_FAILURES
from tressette_learn.teaching.generate import make_quiz

from .conftest import CHECKOUT, PAGE_TIMEOUT, server_with_store

QUIZ = "tests/browser/notebooks/classroom_quiz"
QUESTIONS = make_quiz(["winner"], 2, seed=3)  # what classroom_quiz.ipynb shows
SESSION = "tressette_learn.learner"  # signin.js's key
SHOTS = CHECKOUT / "build" / "screenshots" / "identity"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """Voilà on the checkout with a progress database of its own: (its URL, the database)."""
    db = f"sqlite:///{tmp_path_factory.mktemp('identity-db') / 'progress.sqlite'}"
    with server_with_store(tmp_path_factory, "identity", TRESSETTE_DB=db) as url:
        yield url, db


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def fill(page: Page, name: str, pin: str, code: str = "3b") -> None:
    page.locator(".tl-signin-name").fill(name)
    page.locator(".tl-signin-code").fill(code)
    page.locator(".tl-signin-pin").fill(pin)
    page.locator(".tl-signin-start").click()


def kept(db: str) -> list[list[object]]:
    """The store as a refusal must leave it (PIN hashes included, failure counts aside)."""
    store = Store(db)
    try:
        return [store.db.query("SELECT id, name, class_code FROM learners ORDER BY id"),
                store.db.query("SELECT learner_id, pin_hash FROM identities ORDER BY 1"),
                store.db.query("SELECT token_hash, learner_id FROM sessions ORDER BY 1"),
                store.db.query("SELECT uid, learner_id FROM events ORDER BY 1")]
    finally:
        store.close()


def not_you(page: Page) -> None:
    """Press "Not you?" and wait for the page to open again, empty."""
    with page.expect_navigation(timeout=PAGE_TIMEOUT):
        page.locator(".tl-signin-out").click()
    page.locator("#loading").wait_for(state="hidden", timeout=PAGE_TIMEOUT)
    expect(page.locator(".tl-signin-name")).to_be_visible(timeout=PAGE_TIMEOUT)


def tried(db: str, name: str, count: int) -> None:
    """Wait until the store holds ``count`` wrong PINs for ``name`` (the last one locks)."""
    deadline = time.monotonic() + PAGE_TIMEOUT / 1000
    while time.monotonic() < deadline:
        store = Store(db)
        rows = store.db.query("SELECT i.failures, i.locked_until FROM identities i JOIN "
                              "learners l ON l.id = i.learner_id WHERE l.name = ?", name)
        store.close()
        if rows and (rows[0][0] == count or (count == MAX_FAILURES and rows[0][1])):
            return
        time.sleep(0.2)
    raise AssertionError(f"the kernel did not count wrong PIN {count} for {name}")


def answer_first(page: Page) -> None:
    page.locator(f'.tl-quiz-picker .tl-card[data-card="{QUESTIONS[0].answer}"]').click()
    page.locator(".tl-quiz-check").click()
    expect(page.locator(".tl-quiz-score")).to_contain_text("1 / 1")



def quiz_page(browser: Browser, open_notebook: Callable[..., Page], url: str) -> Page:
    """The quiz page in a browser of its own (another computer)."""
    page = browser.new_context().new_page()
    open_notebook(page, QUIZ, ".tl-quiz", base=url)
    return page


def signed_in(browser: Browser, open_notebook: Callable[..., Page], url: str, name: str,
              pin: str) -> Page:
    """The quiz page in a browser of its own, where ``name`` has signed in with ``pin``."""
    page = quiz_page(browser, open_notebook, url)
    fill(page, name, pin)
    expect(page.locator(".tl-signin-who")).to_contain_text(name)
    return page


def kept_session(page: Page) -> dict:
    """The session this browser keeps, once the kernel has sent it (the bar may name the
    learner a moment before)."""
    page.wait_for_function(f"localStorage.getItem('{SESSION}') !== null")
    return json.loads(page.evaluate(f"localStorage.getItem('{SESSION}')"))


def test_not_you_leaves_nothing_of_the_previous_learner_on_screen(
        page: Page, open_notebook: Callable[..., Page], served: tuple[str, str],
        console_errors: list[str]) -> None:
    url, _db = served
    open_notebook(page, QUIZ, ".tl-quiz", base=url)
    expect(page.locator(".tl-signin-pin")).to_have_attribute("type", "password")
    expect(page.locator(".tl-signin-pin-note")).to_contain_text("choose a PIN")
    fill(page, "Alice Verdi", "1111")
    expect(page.locator(".tl-signin-message")).to_have_text(t("signin.chose_pin", "en"))
    expect(page.locator(".tl-signin-who")).to_contain_text("Alice Verdi")
    saved = kept_session(page)
    assert set(saved) == {"learner", "token"} and "1111" not in json.dumps(saved)
    answer_first(page)
    shot(page, "en-1-alice-answered")
    not_you(page)
    page.locator(".tl-quiz").wait_for()
    expect(page.locator(".tl-quiz-progress")).to_contain_text("Question 1 of 2")
    expect(page.locator(".tl-quiz-score")).not_to_contain_text("1 / 1")
    assert page.evaluate(f"localStorage.getItem('{SESSION}')") is None
    fill(page, "Bruno Neri", "2222")
    expect(page.locator(".tl-signin-who")).to_contain_text("Bruno Neri")
    expect(page.locator(".tl-quiz-progress")).to_contain_text("Question 1 of 2")
    expect(page.locator(".tl-quiz-score")).not_to_contain_text("1 / 1")
    expect(page.locator("body")).not_to_contain_text("Alice")
    shot(page, "en-2-bruno-after-not-you")
    assert console_errors == []


def test_another_spelling_of_a_name_without_its_pin_signs_in_no_one(
        browser: Browser, open_notebook: Callable[..., Page], served: tuple[str, str]) -> None:
    url, db = served
    page = signed_in(browser, open_notebook, url, "Carla Blu", "3333")
    answer_first(page)
    page.context.close()
    before = kept(db)
    thief = quiz_page(browser, open_notebook, url)  # another computer
    for typed in ("CARLA BLU", "carla  blu", "Càrla Blù"):
        fill(thief, typed, "0000")
        expect(thief.locator(".tl-signin-message")).to_have_text(
            t("signin.error.wrong_pin", "en"))
        expect(thief.locator(".tl-signin-who")).to_have_count(0)
    shot(thief, "en-3-wrong-pin")
    assert thief.evaluate(f"localStorage.getItem('{SESSION}')") is None
    assert kept(db) == before
    thief.context.close()


def test_a_forged_session_in_the_browser_signs_in_no_one(
        browser: Browser, open_notebook: Callable[..., Page], served: tuple[str, str]) -> None:
    url, db = served
    page = signed_in(browser, open_notebook, url, "Dario Rosa", "4444")
    dario = kept_session(page)
    page.context.close()
    before = kept(db)
    forger = quiz_page(browser, open_notebook, url)
    made_up = json.dumps({"learner": dario["learner"], "token": "A" * 43})
    forger.evaluate(f"localStorage.setItem('{SESSION}', {json.dumps(made_up)})")
    open_notebook(forger, QUIZ, ".tl-quiz", base=url)
    expect(forger.locator(".tl-signin-name")).to_be_visible()
    expect(forger.locator(".tl-signin-who")).to_have_count(0)
    forger.wait_for_function(f"localStorage.getItem('{SESSION}') === null")  # forgotten
    assert kept(db) == before
    forger.context.close()


def test_guessing_a_pin_locks_the_name(
        browser: Browser, open_notebook: Callable[..., Page], served: tuple[str, str]) -> None:
    url, db = served
    page = signed_in(browser, open_notebook, url, "Elena Gialli", "5555")
    page.context.close()
    thief = quiz_page(browser, open_notebook, url)
    for number in range(MAX_FAILURES):
        fill(thief, "elena gialli", f"{9000 + number}")
        tried(db, "Elena Gialli", number + 1)  # the kernel answered (each PIN is hashed)
    locked = t("signin.error.locked", "en", minutes=LOCK_MINUTES)
    # each PIN is hashed in the kernel (a few tenths of a second, more on a loaded machine)
    expect(thief.locator(".tl-signin-message")).to_have_text(locked, timeout=PAGE_TIMEOUT)
    expect(thief.locator(".tl-signin-who")).to_have_count(0)
    shot(thief, "en-4-locked")
    store = Store(db)
    assert store.db.query("SELECT i.locked_until IS NOT NULL FROM identities i JOIN learners l "
                          "ON l.id = i.learner_id WHERE l.name = 'Elena Gialli'") == [(1,)]
    store.close()
    thief.context.close()


def test_the_walk_in_italian(browser: Browser, open_notebook: Callable[..., Page],
                             served: tuple[str, str]) -> None:
    url, _db = served
    page = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
    open_notebook(page, "notebooks/04_following_suit", ".tl-lesson-title", base=url)
    page.locator(".tl-lang-switch").get_by_role("button", name="Italiano").click()
    expect(page.locator(".tl-signin-pin")).to_have_attribute(
        "placeholder", t("signin.pin", "it"))
    expect(page.locator(".tl-signin-pin-note")).to_have_text(t("signin.pin_note", "it"))
    shot(page, "it-1-form")
    fill(page, "Giulia Bianchi", "12")
    expect(page.locator(".tl-signin-message")).to_have_text(
        t("signin.error.pin_format", "it", least=4, most=8))
    fill(page, "Giulia Bianchi", "6666")
    expect(page.locator(".tl-signin-message")).to_have_text(t("signin.chose_pin", "it"))
    shot(page, "it-2-chose-pin")
    not_you(page)
    page.locator(".tl-lesson-title").wait_for()
    fill(page, "giulia bianchi", "6667")
    expect(page.locator(".tl-signin-message")).to_have_text(t("signin.error.wrong_pin", "it"))
    shot(page, "it-3-wrong-pin")
    fill(page, "giulia bianchi", "6666")
    expect(page.locator(".tl-signin-who")).to_contain_text("Giulia Bianchi")
    expect(page.locator(".tl-signin-message")).to_have_count(0)
    shot(page, "it-4-signed-in")
    page.context.close()


def test_not_you_in_one_tab_clears_the_other_tabs_too(
        browser: Browser, open_notebook: Callable[..., Page], served: tuple[str, str]) -> None:
    url, _db = served
    context = browser.new_context()
    first = context.new_page()
    open_notebook(first, QUIZ, ".tl-quiz", base=url)
    fill(first, "Franca Viola", "7777")
    expect(first.locator(".tl-signin-who")).to_contain_text("Franca Viola")
    second = context.new_page()  # another page of the same browser resumes her
    open_notebook(second, QUIZ, ".tl-quiz", base=url)
    expect(second.locator(".tl-signin-who")).to_contain_text("Franca Viola",
                                                             timeout=PAGE_TIMEOUT)
    with first.expect_navigation(timeout=PAGE_TIMEOUT):
        not_you(second)
    first.locator("#loading").wait_for(state="hidden", timeout=PAGE_TIMEOUT)
    expect(first.locator(".tl-signin-name")).to_be_visible(timeout=PAGE_TIMEOUT)
    expect(first.locator("body")).not_to_contain_text("Franca")
    context.close()
