"""The review on the table and a match resumed, in real Chromium: a learner plays a deal of a
match with a mistake, replays it from the review until a card is right, goes on to the next
deal, leaves the page and finds the match again where it was (a new kernel)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from .conftest import COMPUTER_TIMEOUT, server_with_store

NOTEBOOKS = Path(__file__).parent / "notebooks"
NOTEBOOK = "match_replay"  # MatchPlay(seed=3): the first legal card at trick 3 costs 3 points
HAND = ".tl-hand .tl-card"
COACH_TIMEOUT = 120_000  # ms: the review solves the deal (the solver may still be loading)
MAX_ACTIONS = 200


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Voilà on the test notebooks, with a progress store of its own."""
    with server_with_store(tmp_path_factory, "replay", NOTEBOOKS) as url:
        yield url


def act(table: Locator, target: Locator) -> None:
    """Click ``target`` and wait until the table has redrawn."""
    before = table.get_attribute("data-step")
    target.click()
    expect(table).not_to_have_attribute("data-step", before or "", timeout=COMPUTER_TIMEOUT)


def play(table: Locator, cards: int = MAX_ACTIONS) -> None:
    """The learner plays the first card it may, ``cards`` times or to the end of the deal."""
    for _ in range(MAX_ACTIONS):
        status, step = table.evaluate("(t) => [t.dataset.status, t.dataset.step]")
        if status == "over" or cards == 0:
            return
        if status == "your_turn":
            act(table, table.locator(f"{HAND}.legal").first)
            cards -= 1
        elif status == "trick_done":
            act(table, table.locator(".tl-next"))
        else:  # a computer is due: wait for its card
            expect(table).not_to_have_attribute("data-step", step, timeout=COMPUTER_TIMEOUT)
    raise AssertionError(f"the deal did not end after {MAX_ACTIONS} actions")


def sign_in(page: Page, name: str) -> None:
    page.locator(".tl-signin-name").fill(name)
    page.locator(".tl-signin-pin").fill("2468")  # the PIN chosen at the first sign-in
    page.locator(".tl-signin-start").click()
    expect(page.locator(".tl-signin-status")).to_have_text("Progress saved.")


def test_a_mistake_replayed_from_the_review_then_the_match_resumed(
    page: Page, open_notebook: Callable[..., Page], server: str, console_errors: list[str]
) -> None:
    open_notebook(page, NOTEBOOK, ".tl-match", base=server)
    sign_in(page, "Rosa")
    page.locator(".tl-match-start").click()
    table = page.locator(".tl-table")
    play(table)
    expect(table).to_have_attribute("data-status", "over")

    # the review lists the mistake, with its lesson
    page.locator(".tl-coach-review").click()
    mistake = page.locator(".tl-coach-mistake").first
    expect(mistake).to_be_visible(timeout=COACH_TIMEOUT)
    expect(mistake.locator("a.tl-coach-lesson")).to_have_text(re.compile(r"^Learn more: \d · "))
    played = mistake.get_attribute("data-card")

    # replayed: the card played then costs what the review said; another one is right
    page.locator(".tl-coach-replay").first.click()
    expect(table).to_have_attribute("data-status", "your_turn")
    message = table.locator(".tl-message")
    expect(message).to_contain_text("Find a better card")
    expect(table.locator(f'{HAND}[data-card="{played}"]')).to_be_visible()
    act(table, table.locator(f'{HAND}[data-card="{played}"]'))
    expect(message).to_have_text(re.compile(r"^Playing the .* would cost \d+ points? here\. "
                                            r"Try again\.$"))
    for card in table.locator(f"{HAND}.legal").evaluate_all("(cs) => cs.map(c => c.dataset.card)"):
        if card == played:
            continue
        target = table.locator(f'{HAND}[data-card="{card}"]')
        label = target.get_attribute("aria-label") or card
        act(table, target)
        # this card's verdict, not the last one's (the message can follow the redraw)
        expect(message).to_contain_text(label, timeout=COMPUTER_TIMEOUT)
        if "Solved!" in message.inner_text():
            break
    expect(message).to_contain_text("Solved!")
    shown = table.locator(f'.tl-trick .tl-played[data-seat="S"][data-card="{card}"]')
    expect(shown).to_be_visible()

    # back to the review, on to deal 2, two cards, and the page is left
    page.locator(".tl-coach-back").click()
    expect(table).to_have_attribute("data-status", "over")
    page.locator(".tl-match-next").click()
    expect(page.locator(".tl-match-status")).to_contain_text("Deal 2")
    play(table, cards=2)
    expect(table.locator(HAND)).to_have_count(8)
    assert console_errors == []
    context = page.context
    page.close()

    # a new page and kernel: the learner is signed in again, the match goes on where it was
    again = context.new_page()
    errors: list[str] = []
    again.on("pageerror", lambda error: errors.append(error.message))
    again.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    open_notebook(again, NOTEBOOK, ".tl-match", base=server)
    expect(again.locator(".tl-signin-status")).to_have_text("Progress saved.")
    expect(again.locator(".tl-match-status")).to_contain_text(
        "Match resumed: deal 2, score North–South ")
    expect(again.locator(f".tl-table {HAND}")).to_have_count(8)
    expect(again.locator(".tl-match-setup")).to_be_hidden()
    assert errors == []
