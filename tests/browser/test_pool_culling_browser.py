"""A pre-heated kernel handed to a page long after it was started is not culled before the
page connects (the learner walk once met a play page that never showed its widgets)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tressette_learn.serve.server import VoilaServer, notebooks_dir, settings_option

IDLE = 3  # seconds after which the server culls an idle kernel
STALE = 3 * IDLE  # how long the pre-heated kernels wait before the learner comes


def serve(*extra: str) -> Iterator[str]:
    options = (settings_option(), f"--MappingKernelManager.cull_idle_timeout={IDLE}",
               "--MappingKernelManager.cull_interval=1", *extra)
    with VoilaServer(notebooks_dir(), *options, env={"TRESSETTE_DB": ""}, timeout=120) as server:
        time.sleep(STALE)  # the pools are full and their kernels look idle for long
        yield server.url


@pytest.fixture
def eager_culler() -> Iterator[str]:
    yield from serve()


def test_a_stale_pre_heated_play_page_opens_and_plays(page: Page, eager_culler: str) -> None:
    for _ in range(2):  # two kernels of the play page's pool
        page.goto(f"{eager_culler}/voila/render/12_play.ipynb")
        start = page.locator(".tl-match-start")
        expect(start).to_be_visible(timeout=60_000)
        time.sleep(IDLE + 2)  # the culler has run several times since the page connected
        start.click()
        expect(page.locator(".tl-table")).to_be_visible(timeout=30_000)
