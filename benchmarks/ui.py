"""Click-to-redraw time of the card table in a real browser, and a table kernel's memory.

    python benchmarks/ui.py [--plays N] [--json]

Voilà serves ``benchmarks/notebooks/ui_table.ipynb`` (a four-player table, club
computers, no delay) and Debian's Chromium opens it. For each of the learner's cards the
page waits 300 ms (a learner looks before clicking), clicks a legal card and measures,
inside the page, the time from the click until
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
import statistics
import sys
from pathlib import Path

from headless import launch, offline, percentile, play_cards
from playwright.sync_api import sync_playwright

from tressette_learn.serve.server import VoilaServer, rss_mb, settings_option

HERE = Path(__file__).parent


def run(plays: int) -> dict[str, float]:
    """Serve the benchmark notebook, drive it in Chromium, return the figures."""
    with VoilaServer(HERE / "notebooks", settings_option()) as server, sync_playwright() as pw:
        browser = launch(pw)
        page = offline(browser.new_page())
        page.set_default_timeout(60_000)
        page.goto(f"{server.url}/voila/render/ui_table.ipynb")
        page.locator(".tl-table").wait_for()
        play_cards(page, 3)  # warm-up: first paints, caches
        times = play_cards(page, plays)
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
