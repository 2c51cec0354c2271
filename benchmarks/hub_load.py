"""A class through the class hub: N learners sign in to ``tressette-learn hub`` and play.

    python benchmarks/hub_load.py [--learners N] [--arrival S] [--lesson NAME] [--runs R]
                                  [--json] [--server-cores LIST --browser-cores LIST | --no-pin]

The same class as ``benchmarks/classroom_load.py`` (see there), but each learner first
signs in on the hub's login page with a name of their own and the class code, so that the
hub starts their own Jupyter Server (as a system user of their own when run as root), which
opens ``--lesson`` (default ``10_play``: start a match, play the deal, a hint, the review).
The time to an interactive page runs from the sign-in to the page's Start button (or card
table): it includes the learner's server starting. The hub, its proxy, the learners'
servers, their kernels and the class's solver service all run on ``--server-cores``; the
browsers on ``--browser-cores``. Progress goes to a SQLite file of the class.

JSON keys: those of ``classroom_load.py``'s class (``interactive_median_s``,
``interactive_p95_s``, ``click_p95_ms``, ``errors``, ``hint_*``, ``review_*``), the memory
of the kernels and of the solver service (``kernel_mb``, ``kernel_max_mb``,
``solver_service_mb``), ``server_mb`` (a learner's Jupyter Server, mean), ``hub_mb`` (the
hub and its proxy), and the CPU seconds of the server side in all and per learner and of
the browsers (``server_cpu_s``, ``server_cpu_s_per_learner``, ``browser_cpu_s``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import secrets
import shutil
import statistics
import sys
import tempfile
import urllib.parse
from collections.abc import Callable
from pathlib import Path

from classroom_load import (
    Figures,
    Opener,
    Pinning,
    add_pinning_options,
    children_cpu,
    class_figures,
    classroom,
    cores_report,
    cpu_figures,
    memory_figures,
    on_cores,
    pinning_of,
    repeated,
)
from playwright.async_api import Page

from tressette_learn.hub.process import Hub, settings_for
from tressette_learn.hub.spawner import remove_learner_users
from tressette_learn.server import _cmdline, descendants, rss_mb

CODE = "LOAD"
PLAYS = 5  # cards played on a lesson other than the play page (as classroom_load)


def signs_in(hub_url: str, lesson: str) -> Callable[[int], Opener]:
    """For learner ``i``: the hub's login page, their name and the class code, then the
    lesson on their own server (the hub's ``user-redirect``)."""
    after = urllib.parse.quote(f"/hub/user-redirect/voila/render/notebooks/{lesson}.ipynb")

    def opener(number: int) -> Opener:
        async def sign_in(page: Page) -> None:
            await page.goto(f"{hub_url}/hub/login?next={after}")
            await page.fill("#username_input", f"Learner {number + 1:02d}")
            await page.fill("#password_input", CODE)
            await page.click("#login_submit")
        return sign_in
    return opener


def footprint(hub: Hub) -> Figures:
    """Resident memory of the hub's processes, read while the learners' pages are open."""
    assert hub.process is not None
    every = {pid: _cmdline(pid) for pid in descendants(hub.process.pid)}
    kernels = [rss_mb(pid) for pid, line in every.items() if b"ipykernel" in line]
    servers = [rss_mb(pid) for pid, line in every.items() if b"jupyterhub-singleuser" in line]
    solver = [rss_mb(pid) for pid, line in every.items() if b"tressette_learn.hub.solver" in line]
    proxy = [rss_mb(pid) for pid, line in every.items() if b"configurable-http-proxy" in line]
    return {**memory_figures(kernels, sum(solver)),
            "server_mb": round(statistics.mean(servers), 1) if servers else -1,
            "hub_mb": round(rss_mb(hub.process.pid) + sum(proxy), 1)}


def run(learners: int, arrival: float, lesson: str, pinning: Pinning) -> Figures:
    """Start a hub for the class, run the class through it, return the figures."""
    state = Path(tempfile.mkdtemp(prefix="tressette-hub-load-", dir="/tmp"))
    start = children_cpu()
    memory: Figures = {}
    try:
        with contextlib.ExitStack() as stack:
            with on_cores(pinning.server):  # the hub and all it starts inherit them
                hub = stack.enter_context(Hub(settings_for(state, [CODE], start_timeout=600),
                                              teacher_key=secrets.token_urlsafe(24)))
            before = children_cpu()
            with on_cores(pinning.browsers):
                results = asyncio.run(classroom(
                    lesson, learners, arrival, PLAYS, opener=signs_in(hub.url, lesson),
                    done=lambda: memory.update(footprint(hub))))
            browsers = children_cpu() - before
    finally:
        remove_learner_users(str(state))
        shutil.rmtree(state, ignore_errors=True)
    server_cpu = children_cpu() - start - browsers  # the hub and everything it started
    return {**class_figures(results), **memory, **cpu_figures(server_cpu, browsers, learners)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--learners", type=int, default=10)
    parser.add_argument("--arrival", type=float, default=3.0,
                        help="seconds between two learners arriving (default 3)")
    parser.add_argument("--lesson", default="10_play")
    parser.add_argument("--runs", type=int, default=1,
                        help="run the class this many times and report medians (default 1)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    add_pinning_options(parser)
    args = parser.parse_args(argv)
    if args.learners < 1:
        parser.error("--learners must be at least 1")
    pinning = pinning_of(args, parser)
    figures = repeated(lambda: run(args.learners, args.arrival, args.lesson, pinning),
                       args.runs, pinning)
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"{figures['learners']} learners through the hub: interactive median "
              f"{figures['interactive_median_s']} s, p95 {figures['interactive_p95_s']} s; "
              f"hint p95 {figures.get('hint_p95_s', '-')} s, review p95 "
              f"{figures.get('review_p95_s', '-')} s; errors {figures['errors']}")
        print(f"memory: a learner's server {figures['server_mb']} MB, kernels "
              f"{figures['kernel_mb']} MB on average (largest {figures['kernel_max_mb']}), "
              f"the solver service {figures['solver_service_mb']} MB, the hub and proxy "
              f"{figures['hub_mb']} MB")
        print(f"CPU: server side {figures['server_cpu_s']} s, "
              f"{figures['server_cpu_s_per_learner']} s per learner; browsers "
              f"{figures['browser_cpu_s']} s; {cores_report(pinning)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
