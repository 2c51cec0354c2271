"""The learner's language follows the learner: chosen once, kept by the browser for every
later page, and kept with the signed-in learner, so that signing in on another computer
brings it back; the teacher's dashboard honours it too.

A learner signs in on the index (name and class code), chooses Italiano and opens another
lesson; then, on another computer (a fresh browser profile), signs in on a lesson page,
answers a question, opens the teacher's dashboard, and the index (where one answer has
finished no lesson). Everything wrong is listed at once.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Browser, Page, expect

from tressette_learn.i18n import t

from . import conftest, key
from .page import Findings, open_page, read_texts, settle
from .quizzes import answer_quiz, css_class

NAME, CODE = "Giulia Walk", "WALK-1"
LANG = "it"


def sign_in(page: Page) -> None:
    page.locator(".tl-signin-name").fill(NAME)
    page.locator(".tl-signin-pin").fill("2468")  # the PIN chosen at the first sign-in
    page.locator(".tl-signin-code").fill(CODE)
    page.locator(".tl-signin-start").click()
    expect(page.locator(".tl-signin-who")).to_contain_text(NAME)


def in_italian(page: Page, lesson_id: str, findings: Findings, where: str) -> None:
    with findings.step(where):
        expect(page.locator(".tl-lesson-title")).to_have_text(conftest.title(lesson_id, LANG))


def test_the_language_follows_the_signed_in_learner(
    browser: Browser, walk_url: str, errors_of: Callable[[Page], list[str]]
) -> None:
    findings = Findings("the language of a signed-in learner who chose Italiano")
    errors: list[str] = []
    home, school = conftest.new_profile(browser), conftest.new_profile(browser)
    try:
        page = home.new_page()
        errors += errors_of(page)
        assert open_page(page, conftest.lesson_url(walk_url, "00_index"), findings)
        sign_in(page)
        page.locator(".tl-lang-switch").get_by_role("button", name="Italiano").click()
        in_italian(page, "00_index", findings, "index, after pressing Italiano")
        page.close()

        page = home.new_page()
        errors += errors_of(page)
        assert open_page(page, conftest.lesson_url(walk_url, "04_following_suit"), findings)
        in_italian(page, "04_following_suit", findings, "lesson 3 in the same browser")
        page.close()

        page = school.new_page()
        errors += errors_of(page)
        assert open_page(page, conftest.lesson_url(walk_url, "01_deck"), findings)
        sign_in(page)
        in_italian(page, "01_deck", findings, "lesson 1 on another computer, once signed in")
        settle(page, quiet=500)
        answer_quiz(page.locator(".tl-quiz").first, key.quizzes("01_deck")[0], LANG, findings,
                    "lesson 1 on another computer, quiz 1", wrong_first=True, upto=1)
        page.close()

        page = school.new_page()
        errors += errors_of(page)
        assert open_page(page, conftest.lesson_url(walk_url, "teacher"), findings)
        teacher_dashboard(page, findings)
        page.close()

        page = school.new_page()
        errors += errors_of(page)
        assert open_page(page, conftest.lesson_url(walk_url, "00_index"), findings)
        progress(page, findings)
        page.close()
    finally:
        home.close()
        school.close()
    for error in errors:
        findings.add("browser console", error)
    assert not findings.items, findings.report()


def teacher_dashboard(page: Page, findings: Findings) -> None:
    """The dashboard opens in the learner's Italian, and shows the answer in words."""
    where = "teacher's dashboard (same browser)"
    button = page.locator(".tl-teacher-open")
    with findings.step(f"{where}, in Italian"):
        expect(button).to_have_text(t("teacher.open", LANG))
    with findings.step(f"{where}, unlocked with the key"):
        page.locator(".tl-teacher-key input").fill(conftest.TEACHER_KEY)
        button.click()
        expect(page.locator(".tl-teacher-learners")).to_contain_text(NAME)
        expect(page.locator(".tl-teacher-key")).to_be_hidden()
    read_texts(page, findings, LANG)


def progress(page: Page, findings: Findings) -> None:
    """One question answered in lesson 1: no lesson is done, and the index says so."""
    where = "index, the learner's progress after one answer in lesson 1"
    box = page.locator(".tl-progress")
    with findings.step(where):
        expect(box.locator('li[data-lesson="01_deck"]')).not_to_have_class(css_class("done"))
        expect(box.locator("li.done")).to_have_count(0)
        expect(box).not_to_contain_text(t("progress.all_done", LANG))
