"""The course on a phone (412 × 915, touch): every card stays on the felt and on the screen,
the match form's lists fit the screen with their labels whole above them, and a table of four
hands fits the screen's height.
Seen on a walk: East's cards were cut at the table's edge, the level and table lists ran
off the screen and the index's table was taller than the screen."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .conftest import PHONE, lesson_url
from .page import OUTSIDE


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport=PHONE, is_mobile=True,  # type: ignore[arg-type]
                                  has_touch=True)
    yield context
    context.close()


def opened(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    page.goto(url, timeout=60_000)
    page.locator("#loading").wait_for(state="hidden", timeout=60_000)
    expect(page.locator(".tl-felt").first).to_be_visible(timeout=60_000)
    return page


def test_the_index_table_fits_a_phone(phone: BrowserContext, walk_url: str) -> None:
    page = opened(phone, lesson_url(walk_url, "00_index"))
    assert page.evaluate(OUTSIDE) == []
    felt = page.locator(".tl-felt").first.bounding_box()
    assert felt is not None and felt["height"] <= PHONE["height"], felt


#: A learner who chose Italian in this browser (what preferences.js keeps).
ITALIAN_SAVED = """localStorage.setItem("tressette_learn.preferences", JSON.stringify(
    {lang: "it", faces: "italian", at: "2026-01-01T00:00:00.000000+00:00"}));"""
#: The match form's labels that are cut short or overlap their list (none expected).
LABELS_WHOLE = """() => [...document.querySelectorAll(".tl-match-setup .widget-dropdown")]
  .filter((box) => {
    const label = box.querySelector(".widget-label"), list = box.querySelector("select");
    if (!label || !list) return false;
    const a = label.getBoundingClientRect(), b = list.getBoundingClientRect();
    const over = a.bottom > b.top + 1 && a.top < b.bottom - 1 && a.right > b.left + 1;
    return label.scrollWidth > label.clientWidth + 1 || over;
  }).map((box) => box.innerText)"""


def test_a_match_is_played_by_touch_on_a_phone(phone: BrowserContext, walk_url: str) -> None:
    """In Italian, whose labels are the longest ("Livello del computer")."""
    page = phone.new_page()
    page.add_init_script(ITALIAN_SAVED)
    page.goto(lesson_url(walk_url, "12_play"), timeout=60_000)
    page.locator("#loading").wait_for(state="hidden", timeout=60_000)
    start = page.locator(".tl-match-start")
    expect(start).to_be_visible(timeout=60_000)
    assert page.evaluate(OUTSIDE) == []
    expect(page.locator(".tl-match-level .widget-label")).to_have_text("Livello del computer")
    assert page.evaluate(LABELS_WHOLE) == []  # "Livello del compu…" cut, or over its list
    start.tap()
    playable = page.locator(".tl-match .tl-pos-bottom .tl-card.legal").first
    expect(playable).to_be_visible(timeout=60_000)
    assert page.evaluate(OUTSIDE) == []
    before = page.locator(".tl-match .tl-pos-bottom .tl-card").count()
    playable.tap()
    expect(page.locator(".tl-match .tl-pos-bottom .tl-card")).to_have_count(before - 1)


def test_a_quiz_hand_of_ten_fits_a_phone(phone: BrowserContext, walk_url: str) -> None:
    """The declarations quiz asks what a hand of ten cards holds: all ten must be on the
    screen (the row ran six cards past its right edge)."""
    page = phone.new_page()
    page.goto(lesson_url(walk_url, "09_declarations"), timeout=60_000)
    page.locator("#loading").wait_for(state="hidden", timeout=60_000)
    hand = page.locator(".tl-quiz-context svg[role=group]").first
    expect(hand).to_be_visible(timeout=60_000)
    assert page.evaluate(OUTSIDE) == []
