"""A lesson's puzzles in real Chromium: on lesson 3's page the learner plays a wrong card
(told what it costs, the card stays in the hand), then the right one, and sees it solved
with what to do next under the verdict; Next puzzle opens the second one."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Page, expect

from tressette_learn.teaching.puzzles.bank import load_puzzles

from .conftest import server_with_store

LESSON = "06_whole_deal"
PUZZLES = load_puzzles(LESSON)
BOARD = ".tl-puzzles"
SOUTH = f"{BOARD} .tl-seat.tl-pos-bottom .tl-card"


@pytest.fixture(scope="module")
def lessons(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Voilà on the whole checkout (the lesson pages), with its own progress database."""
    with server_with_store(tmp_path_factory, "puzzles") as url:
        yield url


def test_a_puzzle_on_a_lesson_page_gets_a_wrong_card_then_the_right_one(
    page: Page, open_notebook: Callable[..., Page], lessons: str, console_errors: list[str]
) -> None:
    first = PUZZLES[0]
    wrong = next(r.card for r in first.answer.cards if not r.sound)
    right = first.answer.accepted[0]
    open_notebook(page, f"notebooks/{LESSON}", f'{BOARD} .tl-table[data-status="your_turn"]',
                  base=lessons)
    expect(page.locator(f"{BOARD} .tl-stepper-text")).to_have_text(
        f"Puzzle 1 of {len(PUZZLES)}")

    page.locator(f'{SOUTH}.legal[data-card="{wrong}"]').click()
    expect(page.locator(f"{BOARD} .tl-message.tl-error")).to_contain_text(
        f"costs {first.answer.lost_here(wrong)} point")
    expect(page.locator(f'{SOUTH}[data-card="{wrong}"]')).to_be_visible()  # still in hand

    page.locator(f'{SOUTH}.legal[data-card="{right}"]').click()
    expect(page.locator(f"{BOARD} .tl-message.tl-good")).to_contain_text("Solved!")
    # the verdict first, then what to do next
    expect(page.locator(f"{BOARD} .tl-message.tl-good + .tl-status")).to_contain_text(
        "Go on to the next puzzle")
    expect(page.locator(f'{BOARD} .tl-played[data-seat="S"][data-card="{right}"]')) \
        .to_be_visible()
    expect(page.locator(f'{BOARD} .tl-step-hint[aria-disabled="true"]')).to_have_count(1)

    page.locator(f"{BOARD} .tl-step-next").click()
    expect(page.locator(f"{BOARD} .tl-stepper-text")).to_have_text(
        f"Puzzle 2 of {len(PUZZLES)}")
    expect(page.locator(f'{BOARD} .tl-table[data-status="your_turn"]')).to_be_visible()
    assert console_errors == []
