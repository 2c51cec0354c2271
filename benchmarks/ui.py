"""Click-to-redraw time of the card table in a real browser, and a table kernel's memory.

    python benchmarks/ui.py [--plays N] [--json]

Voilà serves ``benchmarks/notebooks/ui_table.ipynb`` (a four-player table, club
computers, no delay) and Debian's Chromium opens it. For each of the learner's cards the
script clicks a legal card and measures, inside the page, the time from the click until
the card is drawn in the trick (polled every animation frame, so the figure includes
the frame that shows it). Between cards the computers play and finished tricks are
cleared; at the end of a deal a new one starts. Prints the median and p95 over
``--plays`` clicks (default 50) and the resident memory of the kernel showing the table.
JSON keys: ``click_median_ms``, ``click_p95_ms``, ``kernel_mb``, ``plays``.
Goal: click-to-redraw p95 <= 150 ms on this machine.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from tressette_learn.server import VoilaServer, rss_mb

HERE = Path(__file__).parent
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic"]
EXTERNAL = re.compile(r"^https?://(?!127\.0\.0\.1[:/])")
MY_CARD = ".tl-seat.tl-pos-bottom .tl-card"
SETTLED = ", ".join(f'.tl-table[data-status="{s}"]' for s in ("your_turn", "trick_done", "over"))

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


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by linear interpolation."""
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q
    low, high = int(pos), min(int(pos) + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def until_my_turn(page: Page) -> None:
    """Clear finished tricks and start new deals until the learner may play."""
    table = page.locator(".tl-table")
    while True:
        page.locator(SETTLED).first.wait_for()
        status = table.get_attribute("data-status")
        if status == "your_turn":
            return
        button = ".tl-next" if status == "trick_done" else ".tl-new"
        step = table.get_attribute("data-step")
        page.locator(button).click()
        page.wait_for_function(
            "(s) => document.querySelector('.tl-table').dataset.step !== s", arg=step)


def measure(page: Page, plays: int) -> list[float]:
    """Click ``plays`` legal cards, one per learner turn; the time of each redraw in ms."""
    times = []
    while len(times) < plays:
        until_my_turn(page)
        card = page.locator(f"{MY_CARD}.legal").first.get_attribute("data-card")
        times.append(float(page.evaluate(CLICK_AND_WAIT, card)))
    return times


def run(plays: int) -> dict[str, float]:
    """Serve the benchmark notebook, drive it in Chromium, return the figures."""
    with VoilaServer(HERE / "notebooks") as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.set_default_timeout(60_000)
        page.route(EXTERNAL, lambda route: route.fulfill(status=200, body=""))
        page.goto(f"{server.url}/voila/render/ui_table.ipynb")
        page.locator(".tl-table").wait_for()
        measure(page, 3)  # warm-up: first paints, caches
        times = measure(page, plays)
        kernel_mb = max((rss_mb(pid) for pid in server.kernel_pids()), default=0.0)
        browser.close()
    return {"click_median_ms": round(statistics.median(times), 1),
            "click_p95_ms": round(percentile(times, 0.95), 1),
            "kernel_mb": round(kernel_mb, 1), "plays": plays}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--plays", type=int, default=50, help="clicks to time (default 50)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    figures = run(args.plays)
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"click-to-redraw over {figures['plays']} plays: median "
              f"{figures['click_median_ms']} ms, p95 {figures['click_p95_ms']} ms (goal <= 150)")
        print(f"kernel showing a table: {figures['kernel_mb']} MB resident")
    return 0


if __name__ == "__main__":
    sys.exit(main())
