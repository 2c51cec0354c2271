"""Shared pieces of the browser benchmarks: Chromium's launch, waiting for the table, playing,
and their common options."""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence

from playwright.sync_api import Browser, Page, Playwright

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic"]
EXTERNAL = re.compile(r"^https?://(?!127\.0\.0\.1[:/])")
# Chromium's switch that resolves no host name but 127.0.0.1: offline without Playwright's
# routing, which turns the browser's HTTP cache off (see offline()).
NO_HOSTS = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
# True once the card table is drawn and shown (Voilà shows the page when every cell is ready).
TABLE_SHOWN = """() => {
  const table = document.querySelector(".tl-table[data-status]");
  return Boolean(table && table.checkVisibility());
}"""

# Play ``plays`` cards inside the page, as a learner would: clear finished tricks, start a
# new deal when one ends, look at the table for LOOK_MS (no one clicks faster than they can
# see), click a legal card and time it, frame by frame, until it is drawn in the trick
# (click-to-redraw, in ms). Running in the page keeps the harness's own work (polling, hit
# tests, forced layouts) out of the figures.
LOOK_MS = 300
PLAY_CARDS = """async (plays) => {
  const table = () => document.querySelector(".tl-table");
  const until = (test, ms) => new Promise((resolve) => {
    const poll = () => (test() ? resolve() : setTimeout(poll, ms));
    poll();
  });
  const frames = (test) => new Promise((resolve) => {
    const poll = () => (test() ? resolve() : requestAnimationFrame(poll));
    poll();
  });
  const times = [];
  while (times.length < plays) {
    await until(() => ["your_turn", "trick_done", "over"].includes(table().dataset.status), 20);
    const { status, step } = table().dataset;
    if (status !== "your_turn") {
      table().querySelector(status === "trick_done" ? ".tl-next" : ".tl-new").click();
      await until(() => table().dataset.step !== step, 10);
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, LOOK_MS));
    const card = table().querySelector(".tl-pos-bottom .tl-card.legal").dataset.card;
    const t0 = performance.now();
    table().querySelector(`.tl-pos-bottom .tl-card[data-card="${card}"]`).click();
    await frames(() => table().querySelector(
      `.tl-trick .tl-played[data-seat="S"][data-card="${card}"]`));
    times.push(performance.now() - t0);
  }
  return times;
}""".replace("LOOK_MS", str(LOOK_MS))


def launch(pw: Playwright) -> Browser:
    """Debian's Chromium, headless, kept off the network."""
    return pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def offline(page: Page) -> Page:
    """Answer every request for another host with an empty page (classrooms are offline).
    Routing turns the page's HTTP cache off."""
    page.route(EXTERNAL, lambda route: route.fulfill(status=200, body=""))
    return page


def play_cards(page: Page, plays: int) -> list[float]:
    """Click ``plays`` legal cards, one per learner turn; each redraw's time in ms."""
    return [float(ms) for ms in page.evaluate(PLAY_CARDS, plays)]


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) by linear interpolation."""
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q
    low, high = int(pos), min(int(pos) + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def add_server_options(parser: argparse.ArgumentParser) -> None:
    """``--no-shared-solver`` (each kernel loads the solver itself) and ``--json``."""
    parser.add_argument("--no-shared-solver", action="store_true",
                        help="no solver service: each kernel loads the solver itself")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
