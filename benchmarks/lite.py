"""The static site (``make lite``) in Chromium: its size, lesson 3 interactive, clicks.

    python benchmarks/lite.py [--runs N] [--plays N] [--json]

A plain static server hands out ``build/lite`` (build it first: ``make lite``); every request
for another host is answered empty. For each of ``--runs`` runs (default 3) a fresh browser
context (no cache) opens lesson 3 and times the moment its card table is shown (Pyodide
booted, the project's wheels loaded, every cell run): *cold*; the same context then reloads
the page (files from the browser's cache; Pyodide boots again): *warm*. On the last run the
learner's cards are clicked (``--plays``, default 6, within one deal) and each
click-to-redraw is timed inside the page, as ``benchmarks/ui.py`` does for Voilà.
JSON keys: ``site_mb``, ``site_files``, ``cold_s`` and ``warm_s`` (medians), ``cold_runs``,
``warm_runs``, ``click_median_ms``, ``click_p95_ms``, ``plays``.
Goals (issue 16): warm lesson interactive <= 5 s, click p95 <= 300 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from headless import TABLE_SHOWN, launch, offline, percentile, play_cards
from playwright.sync_api import Page, sync_playwright

from tressette_learn.static_site import StaticSite, check_site, default_dir

LESSON = "voici/render/03_following_suit.html"
BOOT_MS = 300_000


def shown_after(page: Page, action: object) -> float:
    """Seconds from ``action()`` (a navigation) until the card table is shown."""
    start = time.perf_counter()
    action()  # type: ignore[operator]
    page.wait_for_function(TABLE_SHOWN, timeout=BOOT_MS, polling=100)
    return time.perf_counter() - start


def run(runs: int, plays: int) -> dict[str, float]:
    """Serve the site, open lesson 3 ``runs`` times cold and warm, time clicks once."""
    folder = default_dir()
    check_site(folder)
    files = [p for p in folder.rglob("*") if p.is_file()]
    cold, warm, clicks = [], [], []
    with StaticSite(folder) as site, sync_playwright() as pw:
        browser = launch(pw)
        for index in range(runs):
            context = browser.new_context()
            page = offline(context.new_page())
            cold.append(shown_after(page, lambda p=page: p.goto(f"{site.url}/{LESSON}")))
            warm.append(shown_after(page, page.reload))
            if index == runs - 1:
                clicks = play_cards(page, plays)
            context.close()
        browser.close()
    return {"site_mb": round(sum(p.stat().st_size for p in files) / 1e6, 1),
            "site_files": len(files),
            "cold_s": round(statistics.median(cold), 1),
            "warm_s": round(statistics.median(warm), 1),
            "cold_runs": [round(s, 1) for s in cold], "warm_runs": [round(s, 1) for s in warm],
            "click_median_ms": round(statistics.median(clicks), 1),
            "click_p95_ms": round(percentile(clicks, 0.95), 1), "plays": plays}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="cold and warm loads (default 3)")
    parser.add_argument("--plays", type=int, default=6, help="clicks to time (default 6)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    figures = run(args.runs, args.plays)
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"site: {figures['site_mb']} MB in {figures['site_files']} files\n"
              f"lesson 3 interactive: cold {figures['cold_s']} s {figures['cold_runs']}, "
              f"warm {figures['warm_s']} s {figures['warm_runs']} (goal warm <= 5 s)\n"
              f"click-to-redraw over {figures['plays']} plays: median "
              f"{figures['click_median_ms']} ms, p95 {figures['click_p95_ms']} ms (goal <= 300)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
