"""The language switch in real Chromium: clicking "Italiano" redraws a translated label."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect


def test_language_switch_translates_label(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    open_notebook(page, "settings", ".tl-test-label")
    label = page.locator(".tl-test-label")
    expect(label).to_have_text("North")

    page.locator(".tl-lang-switch").get_by_role("button", name="Italiano").click()
    expect(label).to_have_text("Nord")
    assert console_errors == []
