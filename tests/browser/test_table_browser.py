"""The card table in real Chromium: computers play, the learner clicks, the kernel answers."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

MY_CARDS = ".tl-seat.tl-pos-bottom .tl-card"


def open_table(page: Page, open_notebook: Callable[..., Page]) -> None:
    open_notebook(page, "table", ".tl-table")
    # North and West play first, each after the table's short delay
    expect(page.locator('.tl-table[data-status="your_turn"]')).to_be_visible(timeout=20_000)


def play_legal(page: Page, keyboard: bool = False) -> str:
    """Play the learner's first legal card (click, or Tab focus and Enter); its name."""
    legal = page.locator(f"{MY_CARDS}.legal").first
    card = legal.get_attribute("data-card")
    assert card is not None
    if keyboard:
        legal.focus()
        page.keyboard.press("Enter")
    else:
        legal.click()
    expect(page.locator(f'.tl-trick .tl-played[data-seat="S"][data-card="{card}"]')).to_be_visible()
    return card


def test_an_illegal_card_shows_the_rule_and_stays_in_hand(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    open_table(page, open_notebook)
    illegal = page.locator(f"{MY_CARDS}.illegal").first
    card = illegal.get_attribute("data-card")
    illegal.click()
    expect(page.locator(".tl-message.tl-error")).to_contain_text("you must follow")
    expect(page.locator(f'{MY_CARDS}[data-card="{card}"]')).to_have_count(1)
    expect(page.locator(".tl-trick .tl-played")).to_have_count(2)
    assert console_errors == []


def test_a_legal_card_goes_to_the_trick_and_the_computers_finish_it(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    open_table(page, open_notebook)
    card = play_legal(page)
    expect(page.locator(f'{MY_CARDS}[data-card="{card}"]')).to_have_count(0)
    # East plays after the delay; the finished trick stays until "Next trick"
    expect(page.locator('.tl-table[data-status="trick_done"]')).to_be_visible(timeout=10_000)
    expect(page.locator(".tl-trick .tl-played")).to_have_count(4)
    expect(page.locator(".tl-trick .tl-winner")).to_have_count(1)
    page.locator(".tl-next").click()
    expect(page.locator('.tl-table[data-status="trick_done"]')).to_have_count(0)
    assert console_errors == []


def test_the_keyboard_plays_a_card(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    open_table(page, open_notebook)
    play_legal(page, keyboard=True)
    assert console_errors == []


def test_the_table_switches_to_italian(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    open_table(page, open_notebook)
    page.locator(".tl-lang-switch").get_by_role("button", name="Italiano").click()
    expect(page.locator(".tl-status")).to_contain_text("Tocca a te")
    page.locator(f"{MY_CARDS}.illegal").first.click()
    expect(page.locator(".tl-message.tl-error")).to_contain_text("devi rispondere a")
    assert console_errors == []
