"""The same card table in JupyterLab 4 and Notebook 7 (Voilà is tested elsewhere)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tressette_learn.server import VoilaServer

NOTEBOOKS = Path(__file__).parent / "notebooks"
MY_CARDS = ".tl-seat.tl-pos-bottom .tl-card"
PAGES = {"jupyterlab": "/lab/tree/table.ipynb", "notebook": "/notebooks/table.ipynb"}


@pytest.fixture(scope="module", params=["jupyterlab", "notebook"])
def jupyter(request: pytest.FixtureRequest) -> Iterator[tuple[str, str]]:
    """A JupyterLab or Notebook 7 server on the test notebooks (no token: local tests)."""
    with VoilaServer.lab(NOTEBOOKS, app=request.param) as server:
        yield request.param, server.url


def run_all_cells(page: Page) -> None:
    """Run → Run All Cells, as a learner would (the same menu in both applications)."""
    page.locator(".jp-Notebook .jp-Cell").first.wait_for()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()


def test_the_table_plays_in_jupyter(
    page: Page, jupyter: tuple[str, str], console_errors: list[str]
) -> None:
    app, url = jupyter
    page.set_default_timeout(60_000)
    page.goto(url + PAGES[app])
    run_all_cells(page)
    expect(page.locator('.tl-table[data-status="your_turn"]')).to_be_visible(timeout=90_000)
    page.locator(f"{MY_CARDS}.illegal").first.click()
    expect(page.locator(".tl-message.tl-error")).to_contain_text("you must follow")
    legal = page.locator(f"{MY_CARDS}.legal").first
    card = legal.get_attribute("data-card")
    legal.click()
    expect(page.locator(f'.tl-trick .tl-played[data-seat="S"][data-card="{card}"]')).to_be_visible()
    # the applications log errors of their own (Notebook 7: a collaborative-model warning);
    # none may come from our widgets
    assert [e for e in console_errors if "tl-" in e or "anywidget" in e] == []
