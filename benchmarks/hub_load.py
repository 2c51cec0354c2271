"""A class through the class hub: N learners sign in to ``tressette-learn hub`` and play.

    python benchmarks/hub_load.py [--learners N] [--arrival S] [--lesson NAME] [--runs R]
                                  [--json] [--server-cores LIST --browser-cores LIST | --no-pin]

The same class as ``benchmarks/classroom_load.py`` (see there), but each learner first
signs in on the hub's login page with a name of their own, the class code and a PIN; the
hub sends them to the lessons service's index (one Voilà for the class, its pools sized for
``--learners``, filled before the class arrives, as a teacher starts the hub before the
lesson); once the index is usable (its sign-in bar names the learner) they open
``--lesson`` (default ``11_play``: start a match, play the deal, a hint, the review). The
hub, its proxy, the lessons service, its kernels and the class's solver service all run on
``--server-cores``; the browsers on ``--browser-cores``. Progress goes to a SQLite file of
the class.

JSON keys: those of ``classroom_load.py``'s class (``interactive_median_s``,
``interactive_p95_s`` — here from the sign-in to the lesson's Start button —,
``click_p95_ms``, ``errors``, ``hint_*``, ``review_*``), ``index_median_s``,
``index_p95_s`` (sign-in to a usable index), ``play_median_s``, ``play_p95_s`` (the lesson
opened from the index to its Start button), the memory of the kernels, of the lessons
service and of the solver service (``kernel_mb``, ``kernel_max_mb``, ``service_mb``,
``solver_service_mb``), ``hub_mb`` (the hub and its proxy), ``pools_s`` and
``pools_cpu_s`` (filling the pools before the class), and the CPU seconds of the server
side during the class in all and per learner and of the browsers (``server_cpu_s``,
``server_cpu_s_per_learner``, ``browser_cpu_s``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import secrets
import shutil
import sys
import tempfile
import time
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
    waits,
)
from playwright.async_api import Page

from tressette_learn.serve.hub.lessons import PREFIX
from tressette_learn.serve.hub.process import Hub, settings_for
from tressette_learn.serve.pools import pools
from tressette_learn.serve.server import _cmdline, descendants, rss_mb
from tressette_learn.teaching.course import by_role

CODE = "LOAD"
PLAYS = 5  # cards played on a lesson other than the play page (as classroom_load)


INDEX_USABLE = "() => document.querySelector('.tl-signin-who')?.textContent.includes('Learner')"
Marks = dict[int, tuple[float, float]]  # learner: (sign-in to usable index, to the lesson asked)


def signs_in(hub_url: str, lesson: str, marks: Marks) -> Callable[[int], Opener]:
    """For learner ``i``: the hub's login page, their name, the class code and a PIN; the
    index the hub sends them to, until its bar names them; then the lesson."""
    def opener(number: int) -> Opener:
        async def sign_in(page: Page) -> None:
            start = time.monotonic()
            await page.goto(f"{hub_url}/hub/login")
            await page.fill("#username_input", f"Learner {number + 1:02d}")
            await page.fill("#password_input", CODE)
            await page.fill("#pin_input", f"{1000 + number}")
            await page.click("#login_submit")
            await page.wait_for_function(INDEX_USABLE, polling=50, timeout=120_000)
            index = time.monotonic() - start
            marks[number] = (index, time.monotonic() - start)
            await page.goto(f"{hub_url}{PREFIX}voila/render/{lesson}.ipynb")
        return sign_in
    return opener


def footprint(hub: Hub) -> Figures:
    """Resident memory of the hub's processes, read while the learners' pages are open."""
    assert hub.process is not None
    every = {pid: _cmdline(pid) for pid in descendants(hub.process.pid)}
    kernels = [rss_mb(pid) for pid, line in every.items() if b"ipykernel" in line]
    service = [rss_mb(pid) for pid, line in every.items()
               if b"tressette_learn.serve.hub.lessons" in line]
    solver = [rss_mb(pid) for pid, line in every.items()
              if b"tressette_learn.serve.hub.solver" in line]
    proxy = [rss_mb(pid) for pid, line in every.items() if b"configurable-http-proxy" in line]
    return {**memory_figures(kernels, sum(solver)), "service_mb": round(sum(service), 1),
            "hub_mb": round(rss_mb(hub.process.pid) + sum(proxy), 1)}


def live_cpu(hub: Hub) -> float:
    """CPU seconds the hub and every process it runs (or ran: their ended children's are
    counted in their parents') have used so far."""
    assert hub.process is not None
    return sum(tree_cpu(pid) for pid in [hub.process.pid, *descendants(hub.process.pid)])


def tree_cpu(pid: int) -> float:
    """CPU seconds of process ``pid`` and of its ended children (0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return sum(int(field) for field in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def wait_for_pools(hub: Hub, learners: int, most: float = 900) -> float:
    """Wait until the lessons service's pools are full and quiet; the seconds it took."""
    assert hub.process is not None
    expected = sum(pool["pool_size"] for pool in pools(learners)["kernel_pools_config"].values())
    began, last = time.monotonic(), -1.0
    while time.monotonic() - began < most:
        kernels = [pid for pid in descendants(hub.process.pid) if b"ipykernel" in _cmdline(pid)]
        used = live_cpu(hub)
        if len(kernels) >= expected and used - last < 0.3:  # a third of a core: quiet
            break
        last = used
        time.sleep(1.0)
    else:
        print(f"note: the pools were not full after {most:.0f} s", file=sys.stderr)
    return time.monotonic() - began


def run(learners: int, arrival: float, lesson: str, pinning: Pinning) -> Figures:
    """Start a hub for the class, run the class through it, return the figures."""
    state = Path(tempfile.mkdtemp(prefix="tressette-hub-load-", dir="/tmp"))
    memory: Figures = {}
    marks: Marks = {}
    try:
        with contextlib.ExitStack() as stack:
            with on_cores(pinning.server):  # the hub and all it starts inherit them
                hub = stack.enter_context(Hub(settings_for(state, [CODE], start_timeout=600,
                                                           class_size=learners),
                                              teacher_key=secrets.token_urlsafe(24)))
            pools_s = wait_for_pools(hub, learners)
            before, browsers_before = live_cpu(hub), children_cpu()

            def done() -> None:  # all learners done, their pages (and kernels) still open
                memory.update(footprint(hub))
                memory["server_cpu"] = live_cpu(hub) - before

            with on_cores(pinning.browsers):
                results = asyncio.run(classroom(
                    lesson, learners, arrival, PLAYS, opener=signs_in(hub.url, lesson, marks),
                    done=done))
            server_cpu = float(memory.pop("server_cpu", -1))
            browsers = children_cpu() - browsers_before
    finally:
        shutil.rmtree(state, ignore_errors=True)
    index = [marks[i][0] if i in marks else None for i in range(learners)]
    play = [r.interactive_s - marks[i][1] if i in marks and r.interactive_s is not None
            else None for i, r in enumerate(results)]
    return {**class_figures(results), **waits("index", index), **waits("play", play),
            **memory, "pools_s": round(pools_s, 1), "pools_cpu_s": round(before, 1),
            **cpu_figures(server_cpu, browsers, learners)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--learners", type=int, default=10)
    parser.add_argument("--arrival", type=float, default=3.0,
                        help="seconds between two learners arriving (default 3)")
    parser.add_argument("--lesson", default=by_role("play").id)
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
        print(f"{figures['learners']} learners through the hub: sign-in to a usable index "
              f"median {figures.get('index_median_s', '-')} s, p95 "
              f"{figures.get('index_p95_s', '-')} s; the lesson median "
              f"{figures.get('play_median_s', '-')} s, p95 {figures.get('play_p95_s', '-')} s; "
              f"hint p95 {figures.get('hint_p95_s', '-')} s, review p95 "
              f"{figures.get('review_p95_s', '-')} s; errors {figures['errors']}")
        print(f"memory: the lessons service {figures['service_mb']} MB, kernels "
              f"{figures['kernel_mb']} MB on average (largest {figures['kernel_max_mb']}), "
              f"the solver service {figures['solver_service_mb']} MB, the hub and proxy "
              f"{figures['hub_mb']} MB")
        print(f"CPU: server side {figures['server_cpu_s']} s, "
              f"{figures['server_cpu_s_per_learner']} s per learner; browsers "
              f"{figures['browser_cpu_s']} s; {cores_report(pinning)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
