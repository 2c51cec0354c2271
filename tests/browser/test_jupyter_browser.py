"""The same card table in JupyterLab 4 and Notebook 7 (Voilà is tested elsewhere)."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tressette_learn.serve.server import VoilaServer

NOTEBOOKS = Path(__file__).parent / "notebooks"
MY_CARDS = ".tl-seat.tl-pos-bottom .tl-card"
PAGES = {"jupyterlab": "/lab/tree/table.ipynb", "notebook": "/notebooks/table.ipynb"}


@pytest.fixture(scope="module", params=["jupyterlab", "notebook"])
def jupyter(request: pytest.FixtureRequest,
            tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A JupyterLab or Notebook 7 server on a copy of the test notebooks (it may save them)."""
    copy = tmp_path_factory.mktemp(request.param) / "notebooks"
    shutil.copytree(NOTEBOOKS, copy, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    with VoilaServer.lab(copy, app=request.param) as server:
        yield request.param, server.url


def run_all_cells(page: Page) -> None:
    """Run → Run All Cells, as a learner would (the same menu in both applications).

    A command given while the kernel is still connecting can be lost: try again until the
    first cell has run or is running."""
    page.locator(".jp-Notebook .jp-Cell").first.wait_for()
    started = page.locator(".jp-InputPrompt").filter(has_text=re.compile(r"\[(\*|\d+)\]"))
    for _ in range(4):
        accept_kernel(page)
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
        accept_kernel(page)
        try:
            started.first.wait_for(timeout=15_000)
            return
        except PlaywrightTimeout:
            continue
    raise AssertionError("the notebook's cells never ran")


def accept_kernel(page: Page) -> None:
    """Run pressed before the notebook's kernel is attached opens "Select Kernel": take
    the kernel it offers, as a learner would."""
    dialog = page.locator(".jp-Dialog")
    try:
        dialog.wait_for(timeout=2_000)
    except PlaywrightTimeout:
        return
    dialog.get_by_role("button", name="Select").click()
    expect(dialog).to_have_count(0)


def test_the_table_plays_in_jupyter(
    page: Page, jupyter: tuple[str, str], console_errors: list[str]
) -> None:
    app, url = jupyter
    page.set_default_timeout(60_000)
    page.goto(url + PAGES[app])
    run_all_cells(page)
    expect(page.locator('.tl-table[data-status="your_turn"]')).to_be_visible(timeout=90_000)
    page.locator(f"{MY_CARDS}.illegal").first.click(force=True)  # aria-disabled, yet explained
    expect(page.locator(".tl-message.tl-error")).to_contain_text("You must follow")
    legal = page.locator(f"{MY_CARDS}.legal").first
    card = legal.get_attribute("data-card")
    legal.focus()
    page.keyboard.press("Space")  # a card's key, not the notebook's shortcut
    expect(page.locator(f'.tl-trick .tl-played[data-seat="S"][data-card="{card}"]')).to_be_visible()
    # the applications log errors of their own (Notebook 7: a collaborative-model warning);
    # none may come from our widgets
    assert [e for e in console_errors if "tl-" in e or "anywidget" in e] == []
