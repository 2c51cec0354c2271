"""Browser tests: Voilà serves ``tests/browser/notebooks`` and Debian's Chromium opens them.

Fixtures: ``voila_url`` (one server per session, also pytest-playwright's ``base_url``),
``console_errors`` (the page's console errors and uncaught exceptions) and
``open_notebook(page, name)``. Every test collected under this folder, the notebooks run
by nbval included, gets the ``browser`` marker (skip them with ``-m "not browser"``).
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tressette_learn.serve.server import ServerError, VoilaServer, settings_option

from .page_errors import follow_errors

HERE = Path(__file__).parent
NOTEBOOKS = HERE / "notebooks"
CHECKOUT = HERE.parents[1]  # the whole checkout: its notebooks/ are the lesson pages
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]
START_TIMEOUT = 60  # seconds for Voilà to answer
EXTERNAL = re.compile(r"^https?://(?!127\.0\.0\.1[:/])")
ERROR_OUTPUT = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
PAGE_TIMEOUT = 60_000  # ms for a page to render its widgets (cold 2-3 s, 15-30 s under load)
COMPUTER_TIMEOUT = 60_000  # ms for a computer's card (its pause, then its search, under load)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: run scripts/ensure-chromium (or `make chromium`)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS,
            "headless": True}


@pytest.fixture(scope="session")
def voila_url() -> Iterator[str]:
    """Start Voilà on a free local port; yield its base URL; stop it (and its kernels)."""
    extra = (settings_option(), "--show_tracebacks=True",
             # Kernels of closed pages are not shut down by Voilà: cull the idle ones.
             "--MappingKernelManager.cull_idle_timeout=120",
             "--MappingKernelManager.cull_interval=30")
    try:
        with VoilaServer(NOTEBOOKS, *extra, timeout=START_TIMEOUT) as server:
            yield server.url
    except ServerError as err:
        pytest.fail(str(err), pytrace=False)


@pytest.fixture(scope="session")
def base_url(voila_url: str) -> str:
    """pytest-playwright's base URL: ``page.goto("/voila/render/x.ipynb")`` works too."""
    return voila_url


@pytest.fixture
def console_errors(page: Page) -> list[str]:
    """Console errors and uncaught exceptions of ``page``; ``assert console_errors == []``."""
    return follow_errors(page)


@pytest.fixture
def open_notebook(voila_url: str, console_errors: list[str]) -> Callable[..., Page]:
    """``open_notebook(page, "settings")`` renders ``notebooks/settings.ipynb`` in Voilà and
    waits until ``selector`` (by default any widget) is visible; returns the page.
    Fails at once, with the traceback, if a cell of the notebook raised."""

    def open_(page: Page, name: str, selector: str = ".jupyter-widgets",
              base: str | None = None) -> Page:
        return open_page(page, f"{base or voila_url}/voila/render/{name}.ipynb", selector)

    return open_


def open_page(page: Page, url: str, selector: str = ".jupyter-widgets",
              timeout: float = PAGE_TIMEOUT) -> Page:
    """Render the Voilà page at ``url`` and wait until ``selector`` is visible (``timeout``
    ms); fails at once, with the traceback, if a cell of the notebook raised."""
    page.set_default_timeout(PAGE_TIMEOUT)
    # Voilà's template links an icon font from a CDN: answer every request that is not
    # for Voilà with an empty page, so tests run offline and log no failed loads.
    page.route(EXTERNAL, lambda route: route.fulfill(status=200, body=""))
    page.goto(url, timeout=timeout)
    page.locator("#loading").wait_for(state="hidden", timeout=timeout)
    # Wait for the widgets, or for a traceback (shown because of --show_tracebacks).
    target = page.locator(selector).first
    error = page.locator(ERROR_OUTPUT).filter(has_text=re.compile("Error|Traceback")).first
    target.or_(error).first.wait_for(state="visible", timeout=timeout)
    if error.is_visible():
        pytest.fail(f"{url} failed in Voilà:\n{error.inner_text()}", pytrace=False)
    return page


@contextlib.contextmanager
def server_with_store(tmp_path_factory: pytest.TempPathFactory, name: str,
                      folder: Path = CHECKOUT, **env: str) -> Iterator[str]:
    """Voilà on ``folder`` with a progress database of its own (and ``env``); its URL."""
    db = tmp_path_factory.mktemp(name) / "progress.sqlite"
    with VoilaServer(folder, settings_option(), "--show_tracebacks=True",
                     env={"TRESSETTE_DB": f"sqlite:///{db}", **env}) as server:
        yield server.url
