"""The classroom in real Chromium: a learner's answer reaches the teacher's dashboard, the
language chosen on one page is the language of the next (signed in or not), the teacher's
key is checked as typed, and the teacher's walk on a phone in Italian (a forgotten PIN reset,
a learner renamed, two records of one learner merged), read back from the store. Screenshots
of the walk go to build/screenshots/teacher/."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tressette_learn.i18n import t
from tressette_learn.store import Store
from tressette_learn.teaching.generate import make_quiz

from .conftest import CHECKOUT, server_with_store

KEY = "k3y-for-tests"
QUIZ = "tests/browser/notebooks/classroom_quiz"
QUESTIONS = make_quiz(["winner"], 2, seed=3)  # what classroom_quiz.ipynb shows
SHOTS = CHECKOUT / "build" / "screenshots" / "teacher"
#: What runs off the right of the screen (a part of a box that scrolls sideways does not).
OFF_SCREEN = """[...document.querySelectorAll("body *")].filter((el) => {
  const box = el.getBoundingClientRect();
  if (box.width === 0 || box.right <= window.innerWidth + 1) return false;
  for (let up = el.parentElement; up; up = up.parentElement) {
    if (["auto", "scroll"].includes(getComputedStyle(up).overflowX)) return false;
  }
  return true;
}).map((el) => el.className || el.tagName).slice(0, 5)"""
PHONE = {"viewport": {"width": 412, "height": 915}, "has_touch": True, "is_mobile": True}


@pytest.fixture(scope="module")
def class_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The classroom's progress database."""
    return f"sqlite:///{tmp_path_factory.mktemp('classroom-db') / 'progress.sqlite'}"


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory, class_db: str) -> Iterator[str]:
    """Voilà on the whole checkout, with its own progress database and teacher key."""
    with server_with_store(tmp_path_factory, "classroom", TRESSETTE_TEACHER_KEY=KEY,
                           TRESSETTE_DB=class_db) as url:
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
    # the class may have learners already (other tests of this file) or none
    learners = page.locator(".tl-teacher-learners")
    expect(learners.or_(page.get_by_text(t("teacher.empty", "it"))).first).to_be_visible()
    if learners.count():
        expect(learners).to_contain_text(t("teacher.col.last", "it"))
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


# -- the teacher's walk: PINs, a reset, a rename and a merge, on a phone in Italian -----------
def learner_signs_in(browser: Browser, open_notebook: Callable[..., Page], base: str,
                     name: str, pin: str, message: str | None, shown: str = "") -> Page:
    """``name`` signs in with ``pin`` on the quiz page, on a computer of their own; the bar
    then names them ``shown`` (the name as stored) and says ``message`` (None: nothing)."""
    page = browser.new_context().new_page()
    open_notebook(page, QUIZ, ".tl-quiz", base=base)
    page.locator(".tl-signin-name").fill(name)
    page.locator(".tl-signin-pin").fill(pin)
    page.locator(".tl-signin-code").fill("3b")
    page.locator(".tl-signin-start").click()
    expect(page.locator(".tl-signin-who")).to_contain_text(shown or name)
    if message is None:
        expect(page.locator(".tl-signin-message")).to_have_count(0)
    else:
        expect(page.locator(".tl-signin-message")).to_have_text(message)
    return page


def learner_answers(browser: Browser, open_notebook: Callable[..., Page], base: str,
                    name: str, pin: str) -> None:
    """``name`` chooses ``pin`` at a first sign-in and answers the first question right."""
    page = learner_signs_in(browser, open_notebook, base, name, pin,
                            t("signin.chose_pin", "en"))
    try:
        page.locator(f'.tl-quiz-picker .tl-card[data-card="{QUESTIONS[0].answer}"]').click()
        page.locator(".tl-quiz-check").click()
        expect(page.locator(".tl-quiz-score")).to_contain_text("1 / 1")
    finally:
        page.context.close()


def choose(page: Page, box: str, name: str) -> None:
    """Choose ``name`` in the dashboard's list ``box`` (each line: name · class · #id;
    ipywidgets shows its spaces as no-break spaces)."""
    labels = page.locator(f"{box} select option").all_text_contents()
    page.locator(f"{box} select").select_option(label=next(
        label for label in labels if label.replace("\xa0", " ").startswith(f"{name} ·")))


def change(page: Page, button: str, said: str, shot: str) -> None:
    page.locator(button).click()
    expect(page.locator(".tl-teacher-learners-status")).to_have_text(said)
    page.screenshot(path=str(SHOTS / f"{shot}.png"), full_page=True)


def stored(db: str) -> dict[str, int]:
    """Each learner of class 3B with the number of answers stored for them."""
    store = Store(db)
    try:
        return {name: count for name, count in store.db.query(
            "SELECT l.name, COUNT(e.uid) FROM learners l LEFT JOIN events e ON "
            "e.learner_id = l.id WHERE l.class_code = '3B' AND (l.name LIKE 'Giulia %' OR "
            "l.name LIKE 'Marco %') "
            "GROUP BY l.id, l.name")}
    finally:
        store.close()


def test_the_teachers_walk_on_a_phone_in_italian(
    browser: Browser, open_notebook: Callable[..., Page], classroom: str, class_db: str
) -> None:
    for name, pin in (("Giulia Bianchi", "1357"), ("Marco Rossi", "2468"),
                      ("Marco R", "1111")):  # the last one by mistake, Marco's second record
        learner_answers(browser, open_notebook, classroom, name, pin)
    assert stored(class_db) == {"Giulia Bianchi": 1, "Marco Rossi": 1, "Marco R": 1}

    page = browser.new_context(**PHONE).new_page()
    try:
        choose_italian_on_the_index(page, open_notebook, classroom, None)
        open_dashboard(page, open_notebook, classroom, KEY)
        expect(page.locator(".tl-teacher-learners")).to_contain_text("Giulia Bianchi")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "1-dashboard-phone-it.png"), full_page=True)
        page.locator(".tl-teacher-learners").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "1-dashboard-phone-it-learners.png"))
        assert page.evaluate(OFF_SCREEN) == [], "parts of the dashboard run off a phone"

        choose(page, ".tl-teacher-learner", "Giulia Bianchi")
        change(page, ".tl-teacher-reset-pin",
               t("teacher.learner.pin_reset", "it", name="Giulia Bianchi"), "2-pin-reset")
        choose(page, ".tl-teacher-learner", "Marco R")
        choose(page, ".tl-teacher-into", "Marco Rossi")
        change(page, ".tl-teacher-merge",
               t("teacher.learner.merged", "it", name="Marco R", into="Marco Rossi"), "3-merged")
        choose(page, ".tl-teacher-learner", "Marco Rossi")
        page.locator(".tl-teacher-new-name input").fill("Marco Rossini")
        change(page, ".tl-teacher-rename",
               t("teacher.learner.renamed", "it", name="Marco Rossini"), "4-renamed")
    finally:
        page.context.close()
    assert stored(class_db) == {"Giulia Bianchi": 1, "Marco Rossini": 2}

    # Giulia forgot her PIN: she chooses a new one and finds her answer; Marco signs in
    # under his new name with his own PIN
    giulia = learner_signs_in(browser, open_notebook, classroom, "Giulia Bianchi", "9753",
                              t("signin.chose_pin", "en"))
    expect(giulia.locator(".tl-quiz-score")).to_have_text(
        t("quiz.score_label", "en", right=1, answered=1))
    giulia.screenshot(path=str(SHOTS / "5-giulia-new-pin.png"))
    giulia.context.close()
    marco = learner_signs_in(browser, open_notebook, classroom, "marco  rossini", "2468", None,
                             shown="Marco Rossini")
    marco.screenshot(path=str(SHOTS / "6-marco-renamed.png"))
    marco.context.close()
    assert stored(class_db) == {"Giulia Bianchi": 1, "Marco Rossini": 2}
