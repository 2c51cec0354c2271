"""Memory of a learner's kernel on each lesson page, as a browser opens it.

    python benchmarks/lesson_kernels.py [--settle S] [--no-shared-solver] [--json]

Voilà serves ``notebooks/`` with the project's settings but no pre-heated kernels, so each
page a browser opens starts exactly one kernel. One headless Chromium opens every lesson in
turn, waits until the page is shown and then ``--settle`` seconds (default 8: guided hands
load the solver in the background), and reads that kernel's memory (on the play page also
once a match has started and after a hint), then the server's one solver service, which
every kernel asks (``--no-shared-solver``: each kernel loads the solver itself, as before
the service existed). Memory is resident (``rss_mb``, shared libraries counted in full) and
own (``own_mb``, private pages only: what one more learner on that page costs).
Goal (issue 6): <= 120 MB per learner kernel (the solver service is not a learner's).
JSON: ``{"lessons": {name: {"rss_mb": .., "own_mb": ..}}, "max_rss_mb": .., "max_own_mb": ..}``
(the largest of the learner kernels).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from headless import add_server_options, launch, offline
from playwright.sync_api import sync_playwright

from tressette_learn.serve.server import VoilaServer, own_mb, rss_mb, settings_option

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(p.stem for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


def memory(pid: int) -> dict[str, float]:
    """Resident and own memory of process ``pid``, in MB."""
    return {"rss_mb": round(rss_mb(pid), 1), "own_mb": round(own_mb(pid), 1)}


def measure(settle: float, shared: bool = True) -> dict[str, dict[str, float]]:
    """Each lesson's kernel memory, opened one after the other."""
    figures = {}
    option = "--VoilaConfiguration.preheat_kernel=False"
    env = {"TRESSETTE_DATA": tempfile.mkdtemp(prefix="tressette-kernels-")}
    with VoilaServer(NOTEBOOKS, settings_option(), option, env=env, solver=shared) as server, \
            sync_playwright() as pw:
        browser = launch(pw)
        for lesson in LESSONS:
            before = set(server.kernel_pids())
            page = offline(browser.new_page())
            page.goto(f"{server.url}/voila/render/{lesson}.ipynb", timeout=120_000)
            page.locator("#loading").wait_for(state="hidden", timeout=120_000)
            time.sleep(settle)
            new = set(server.kernel_pids()) - before
            if len(new) != 1:
                raise RuntimeError(f"{lesson}: expected one new kernel, found {len(new)}")
            pid = new.pop()
            figures[lesson] = memory(pid)
            if page.locator(".tl-match-start").count():  # the play page: start a match too
                page.locator(".tl-match-start").click()
                page.locator(".tl-table[data-status=your_turn]").wait_for(timeout=120_000)
                time.sleep(settle)
                figures[f"{lesson} (match started)"] = memory(pid)
                page.locator(".tl-coach-hint").click()  # a hint: a search on a sampled deal
                page.locator(".tl-card.hinted").wait_for(timeout=120_000)
                time.sleep(settle)
                figures[f"{lesson} (after a hint)"] = memory(pid)
            page.close()
        if server.solver is not None:
            figures["solver service (one per server)"] = memory(server.solver.process.pid)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--settle", type=float, default=8.0,
                        help="seconds to wait after a page is shown (default 8)")
    add_server_options(parser)
    args = parser.parse_args(argv)
    lessons = measure(args.settle, shared=not args.no_shared_solver)
    kernels = [f for name, f in lessons.items() if not name.startswith("solver service")]
    result = {"lessons": lessons,
              "max_rss_mb": max(f["rss_mb"] for f in kernels),
              "max_own_mb": max(f["own_mb"] for f in kernels)}
    if args.json:
        print(json.dumps(result))
        return 0
    for name, f in lessons.items():
        print(f"{name:34s} resident {f['rss_mb']:6.1f} MB   own {f['own_mb']:6.1f} MB")
    print(f"largest: resident {result['max_rss_mb']} MB, own {result['max_own_mb']} MB "
          "(goal <= 120 MB per learner kernel)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
