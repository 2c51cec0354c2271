"""The static site (``make lite``) in Chromium: its size, lesson 3 interactive, clicks.

    python benchmarks/lite.py [--runs N] [--plays N] [--dir SITE] [--json]

A plain static server hands out ``build/lite`` (build it first: ``make lite``); Chromium
resolves no host name, so a request outside the site fails (``outside`` counts them; the
site should ask for none). For each of ``--runs`` runs (default 3) a Chromium with a new
profile on disk (no cache; an ephemeral context's cache in memory would keep no file as large
as Pyodide's 8.6 MB WebAssembly, a learner's browser does) opens lesson 3 and times the
moment its card table is shown (Pyodide booted, the project's wheels loaded, every cell
run): *cold*; the same browser then reloads the page (files from the browser's cache, its
compiled WebAssembly too; Pyodide boots again): *warm*. On the last run the learner's cards
are clicked (``--plays``, default 6, within one deal) and each click-to-redraw is timed
inside the page, as ``benchmarks/ui.py`` does for Voilà.

Where the time goes, from the page's own progress calls (voici's ``update_loading_text``):
*page* (navigation to the kernel's start: the page and its scripts), *boot* (the kernel's
start to its first cell: Pyodide, the wheels unpacked, the kernel's imports), *cells* (the
first cell to the table shown: the lesson's cells run and their widgets drawn); and the
bytes the server sent for each open (a warm open gets 304s for what the browser holds).
JSON keys: ``site_mb``, ``site_files``, ``cold_s`` and ``warm_s`` (medians), ``cold_runs``,
``warm_runs``, ``{cold,warm}_{page,boot,cells}_s`` (medians), ``cold_mb`` and ``warm_mb``
(sent, medians), ``outside``, ``click_median_ms``, ``click_p95_ms``, ``plays``.
Goals (issue 16): warm lesson interactive <= 5 s, click p95 <= 300 ms.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import tempfile
import time
from pathlib import Path

from headless import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EXTERNAL,
    NO_HOSTS,
    TABLE_SHOWN,
    percentile,
    play_cards,
)
from playwright.sync_api import BrowserContext, Page, Playwright, Request, sync_playwright

from tressette_learn.serve.static_site import StaticSite, check_site, default_dir

LESSON = "voici/render/04_following_suit.html"
BOOT_MS = 300_000
PHASES = ("page", "boot", "cells")
# Record when voici's page reports the kernel's start (cell 0) and each cell's start, in ms
# since the navigation began (window.lite_marks).
MARKS = """(() => {
  const marks = (window.lite_marks = {});
  let report;
  Object.defineProperty(window, "update_loading_text", {
    configurable: true,
    set: (fn) => { report = fn; },
    get: () => report && ((cell, count, text) => {
      if (!(cell in marks)) marks[cell] = performance.now();
      return report(cell, count, text);
    }),
  });
})();"""


@dataclasses.dataclass
class Open:
    """One page open: seconds to the table shown, each phase's seconds, megabytes sent."""

    total: float
    phases: dict[str, float]
    sent_mb: float


def timed_open(page: Page, site: StaticSite, action: object) -> Open:
    """``action()`` (a navigation), timed until the card table is shown."""
    sent = site.sent[1]
    start = time.perf_counter()
    action()  # type: ignore[operator]
    page.wait_for_function(TABLE_SHOWN, timeout=BOOT_MS, polling=100)
    total = time.perf_counter() - start
    marks = page.evaluate("window.lite_marks")
    kernel, first = marks["0"] / 1000, marks["1"] / 1000
    return Open(total, {"page": kernel, "boot": first - kernel, "cells": total - first},
                (site.sent[1] - sent) / 1e6)


def summary(name: str, opens: list[Open]) -> dict[str, object]:
    """Medians (and each run's total) of ``opens``, keys prefixed by ``name``."""
    figures: dict[str, object] = {
        f"{name}_s": round(statistics.median(o.total for o in opens), 1),
        f"{name}_runs": [round(o.total, 1) for o in opens],
        f"{name}_mb": round(statistics.median(o.sent_mb for o in opens), 1)}
    for phase in PHASES:
        figures[f"{name}_{phase}_s"] = round(statistics.median(o.phases[phase] for o in opens), 2)
    return figures


def note_outside(request: Request, outside: list[str]) -> None:
    """Add ``request``'s address to ``outside`` if it is not the site's."""
    if EXTERNAL.match(request.url):
        outside.append(request.url)


def new_profile(pw: Playwright, folder: str) -> BrowserContext:
    """Chromium with a new profile in ``folder`` (its cache on disk), reaching only the site."""
    context = pw.chromium.launch_persistent_context(
        folder, executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, NO_HOSTS])
    context.add_init_script(MARKS)
    return context


def run(runs: int, plays: int, folder: Path) -> dict[str, object]:
    """Serve the site in ``folder``, open lesson 3 ``runs`` times cold and warm, time clicks
    once."""
    check_site(folder)
    files = [p for p in folder.rglob("*") if p.is_file()]
    cold: list[Open] = []
    warm: list[Open] = []
    clicks: list[float] = []
    outside: list[str] = []
    with StaticSite(folder) as site, sync_playwright() as pw:
        for index in range(runs):
            with tempfile.TemporaryDirectory(prefix="lite-profile-") as profile:
                context = new_profile(pw, profile)
                context.on("request", lambda request: note_outside(request, outside))
                page = context.new_page()
                cold.append(timed_open(page, site,
                                       lambda p=page: p.goto(f"{site.url}/{LESSON}")))
                warm.append(timed_open(page, site, page.reload))
                if index == runs - 1:
                    clicks = play_cards(page, plays)
                context.close()
    return {"site_mb": round(sum(p.stat().st_size for p in files) / 1e6, 1),
            "site_files": len(files), **summary("cold", cold), **summary("warm", warm),
            "outside": len(outside),
            "click_median_ms": round(statistics.median(clicks), 1),
            "click_p95_ms": round(percentile(clicks, 0.95), 1), "plays": plays}


def report(figures: dict[str, object]) -> str:
    """The figures in lines of text."""
    lines = [f"site: {figures['site_mb']} MB in {figures['site_files']} files",
             f"lesson 3 interactive: cold {figures['cold_s']} s {figures['cold_runs']}, "
             f"warm {figures['warm_s']} s {figures['warm_runs']} (goal warm <= 5 s)"]
    for name in ("cold", "warm"):
        phases = ", ".join(f"{phase} {figures[f'{name}_{phase}_s']} s" for phase in PHASES)
        lines.append(f"  {name} (medians): {phases}; {figures[f'{name}_mb']} MB sent")
    lines.append(f"requests outside the site: {figures['outside']}")
    lines.append(f"click-to-redraw over {figures['plays']} plays: median "
                 f"{figures['click_median_ms']} ms, p95 {figures['click_p95_ms']} ms "
                 "(goal <= 300)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="cold and warm loads (default 3)")
    parser.add_argument("--plays", type=int, default=6, help="clicks to time (default 6)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--dir", type=Path, default=default_dir(),
                        help="the built site (default build/lite)")
    args = parser.parse_args(argv)
    figures = run(args.runs, args.plays, args.dir)
    print(json.dumps(figures) if args.json else report(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
