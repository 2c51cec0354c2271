"""Shared pieces of the browser benchmarks: Chromium's launch, timing a card click."""

from __future__ import annotations

import re
from collections.abc import Sequence

from playwright.sync_api import Browser, Page, Playwright

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic"]
EXTERNAL = re.compile(r"^https?://(?!127\.0\.0\.1[:/])")
MY_CARD = ".tl-seat.tl-pos-bottom .tl-card"
SETTLED = ", ".join(f'.tl-table[data-status="{s}"]' for s in ("your_turn", "trick_done", "over"))

# Click a card of the learner and wait, frame by frame, until it is drawn in the trick.
CLICK_AND_WAIT = """async (card) => {
  const t0 = performance.now();
  document.querySelector(`.tl-seat.tl-pos-bottom .tl-card[data-card="${card}"]`).click();
  await new Promise((resolve) => {
    const seen = () => document.querySelector(
      `.tl-trick .tl-played[data-seat="S"][data-card="${card}"]`);
    const poll = () => (seen() ? resolve() : requestAnimationFrame(poll));
    poll();
  });
  return performance.now() - t0;
}"""


def launch(pw: Playwright) -> Browser:
    """Debian's Chromium, headless, kept off the network."""
    return pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def offline(page: Page) -> Page:
    """Answer every request for another host with an empty page (classrooms are offline)."""
    page.route(EXTERNAL, lambda route: route.fulfill(status=200, body=""))
    return page


def until_my_turn(page: Page) -> None:
    """Clear finished tricks and start new deals until the learner may play."""
    table = page.locator(".tl-table").first
    while True:
        page.locator(SETTLED).first.wait_for()
        status = table.get_attribute("data-status")
        if status == "your_turn":
            return
        step = table.get_attribute("data-step")
        page.locator(".tl-next" if status == "trick_done" else ".tl-new").first.click()
        page.wait_for_function(
            "(s) => document.querySelector('.tl-table').dataset.step !== s", arg=step)


def play_cards(page: Page, plays: int) -> list[float]:
    """Click ``plays`` legal cards, one per learner turn; each redraw's time in ms."""
    times = []
    while len(times) < plays:
        until_my_turn(page)
        card = page.locator(f"{MY_CARD}.legal").first.get_attribute("data-card")
        times.append(float(page.evaluate(CLICK_AND_WAIT, card)))
    return times


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) by linear interpolation."""
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q
    low, high = int(pos), min(int(pos) + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)
