"""The card-memory drill of lesson 9 in real Chromium: each button shows when it can be used."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from tressette_learn.teaching.memory import drill_questions, memory_deal

FIRST = drill_questions(memory_deal(5), 5)[0]  # what memory.ipynb asks first


def test_the_drill_shows_its_buttons_one_step_after_another(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    open_notebook(page, "memory", ".tl-memory")
    hide, check = page.locator(".tl-memory-hide"), page.locator(".tl-memory-check")
    following, new = page.locator(".tl-memory-next"), page.locator(".tl-memory-new")
    expect(hide).to_be_visible()
    expect(new).to_be_visible()
    expect(check).to_be_hidden()
    hide.click()
    expect(check).to_be_visible()
    expect(hide).to_be_hidden()
    for card in FIRST.answer:
        page.locator(f'.tl-memory .tl-card[data-card="{card}"]').click()
    check.click()
    expect(following).to_be_visible()
    expect(check).to_be_hidden()
    expect(page.locator(".tl-memory")).to_contain_text("Right.")
    assert console_errors == []
