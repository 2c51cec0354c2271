"""Class deals in real Chromium: the teacher sets them on the dashboard, two learners of the
class (two browsers) each play the first deal on the play page and get the same cards, and
the teacher's dashboard compares the deal, with the mistakes of the review one asked for."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tressette_learn.i18n import t

from .conftest import COMPUTER_TIMEOUT, server_with_store

KEY = "k3y-for-class-deals"
NUMBER = "4242"
PLAYABLE = ".tl-hand button.tl-card.legal[data-msg]"
COMPUTER_PAUSE = 1_000  # ms: more than the table's pause before a computer's card
REVIEW_TIMEOUT = 180_000  # ms: the solver reviews every card of the deal
MAX_ACTIONS = 200


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Voilà on the whole checkout, with its own progress database and teacher key."""
    with server_with_store(tmp_path_factory, "class_deals", TRESSETTE_TEACHER_KEY=KEY) as url:
        yield url


def open_dashboard(page: Page, open_notebook: Callable[..., Page], base: str) -> None:
    open_notebook(page, "notebooks/teacher", ".tl-teacher", base=base)
    page.locator(".tl-teacher-key input").fill(KEY)
    page.locator(".tl-teacher-open").click()
    expect(page.locator(".tl-teacher-class select")).to_be_visible()


def learner_page(browser: Browser, open_notebook: Callable[..., Page], base: str,
                 name: str) -> Page:
    """A learner in a browser of their own, signed in with the class code on the play page."""
    page = browser.new_context().new_page()
    page.clock.install()  # so the computers' pause can be skipped
    open_notebook(page, "notebooks/12_play", ".tl-match-setup", base=base)
    page.locator(".tl-signin-name").fill(name)
    page.locator(".tl-signin-pin").fill("2468")  # the PIN chosen at the first sign-in
    page.locator(".tl-signin-code").fill("3b")
    page.locator(".tl-signin-start").click()
    expect(page.locator(".tl-signin-status")).to_have_text("Progress saved.")
    expect(page.locator(".tl-match-class-note")).to_contain_text(f"number {NUMBER}")
    return page


def start_match(page: Page) -> list[str]:
    """Start a match against the random computer; the learner's cards of the first deal."""
    page.locator(".tl-match-level select").select_option(label=t("match.level.random", "en"))
    page.locator(".tl-match-start").click()
    hand = page.locator(".tl-match .tl-hand .tl-card")
    expect(hand).to_have_count(10)
    return sorted(card.get_attribute("data-card") or "" for card in hand.all())


def play_the_deal(page: Page) -> None:
    """The learner plays the first card allowed each turn until the deal is over and the
    match has scored it (the table shows the end a moment before the match says so)."""
    table = page.locator(".tl-match .tl-table").first
    for _ in range(MAX_ACTIONS):
        status, step = table.evaluate("(t) => [t.dataset.status, t.dataset.step]")
        if status == "over":
            expect(page.locator(".tl-match-status")).to_contain_text("Deal 1 is over")
            return
        if status in ("waiting", "thinking"):
            if status == "waiting":
                page.clock.fast_forward(COMPUTER_PAUSE)
            expect(table).not_to_have_attribute("data-step", step, timeout=COMPUTER_TIMEOUT)
            continue
        target = table.locator(".tl-next") if status == "trick_done" else \
            table.locator(PLAYABLE).first
        target.click()
        expect(table).not_to_have_attribute("data-step", step)
    raise AssertionError(f"the deal did not end after {MAX_ACTIONS} actions")


def set_class_deals(page: Page) -> None:
    """The teacher gives class 3B its deals before any learner of it has signed in."""
    page.locator(".tl-teacher-seed-class input").fill("3b")
    page.locator(".tl-teacher-seed input").fill(NUMBER)
    page.locator(".tl-teacher-seed-set").click()
    expect(page.locator(".tl-teacher-seed-status")).to_contain_text(
        f"Class 3B plays the class deals number {NUMBER}")


def review(page: Page) -> None:
    """Ask the coach for the review of the deal just played."""
    page.locator(".tl-match .tl-coach-review").click()
    expect(page.locator(".tl-match .tl-coach-summary")).to_be_visible(timeout=REVIEW_TIMEOUT)


def test_the_teacher_sees_the_class_deal_compared(
    page: Page, browser: Browser, open_notebook: Callable[..., Page], classroom: str,
    console_errors: list[str]
) -> None:
    open_dashboard(page, open_notebook, classroom)
    set_class_deals(page)
    hands = {}
    for name in ("Anna", "Luca"):
        learner = learner_page(browser, open_notebook, classroom, name)
        try:
            hands[name] = start_match(learner)
            play_the_deal(learner)
            if name == "Anna":
                review(learner)
        finally:
            learner.context.close()
    assert hands["Anna"] == hands["Luca"]  # the same deal for both

    page.locator(".tl-teacher-refresh").click()
    deal = page.locator(".tl-teacher-deals").first
    expect(deal).to_contain_text(f"Class 3B · deals number {NUMBER} · Standard · deal 1")
    rows = deal.locator(".tl-teacher-deal tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.first).to_contain_text("Anna")
    expect(rows.last).to_contain_text("Luca")
    expect(deal).to_contain_text("Best:")
    expect(deal.get_by_text("Mistakes made by the class")
           .or_(deal.get_by_text("The reviews found no mistake"))).to_be_visible()
    assert console_errors == []
