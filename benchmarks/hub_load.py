"""A class through the class hub: N learners sign in to ``tressette-learn hub`` and play.

    python benchmarks/hub_load.py [--learners N] [--arrival S] [--lesson NAME] [--runs R]
                                  [--json] [--client browser|protocol]
                                  [--server-cores LIST --browser-cores LIST | --no-pin]

The same class as ``benchmarks/classroom_load.py`` (see there), but each learner first
signs in on the hub's login page with a name of their own, the class code and a PIN; the
hub sends them to the lessons service's index (one Voilà for the class, its pools sized for
``--learners``, filled before the class arrives, as a teacher starts the hub before the
lesson); once the index is usable (its sign-in bar names the learner) they open
``--lesson`` (default ``12_play``: start a match, play the deal, a hint, the review). The
hub, its proxy, the lessons service, its kernels and the class's solver service all run on
``--server-cores``; the browsers on ``--browser-cores``. Progress goes to a SQLite file of
the class.

JSON keys: those of ``classroom_load.py``'s class (``interactive_median_s``,
``interactive_p95_s`` — here from the sign-in to the lesson's Start button —,
``click_p95_ms``, ``errors``, ``hint_*``, ``review_*``), ``index_median_s``,
``index_p95_s`` (sign-in to a usable index), ``play_median_s``, ``play_p95_s`` (the lesson
opened from the index to its Start button), the memory of the kernels, of the lessons
service and of the solver service (``kernel_mb``, ``kernel_max_mb``, ``service_mb``,
``solver_service_mb``), ``hub_mb`` (the hub and its proxy), where the server side's CPU
went during the class (``kernels_cpu_s``, ``service_cpu_s`` — the lessons service's
Voilà —, ``solver_cpu_s``, ``proxy_cpu_s``, ``hub_cpu_s``, ``other_cpu_s``), ``pools_s`` and
``pools_cpu_s`` (filling the pools before the class), and the CPU seconds of the server
side during the class in all and per learner and of the browsers (``server_cpu_s``,
``server_cpu_s_per_learner``, ``browser_cpu_s``); ``load_before`` and ``load_after``: the
machine's load average (1 min) when the run began and ended (a loaded machine is slower).

The browsers keep their HTTP cache from the index to the lesson, as a learner's does (no
request routing, which turns it off: other hosts resolve to nothing instead). Chromium
runs every learner's page on ``--browser-cores``: each page parses and runs Voilà's
front-end (~100 files), so with more than a few learners, or a loaded machine, the figures
measure the browsers' core (5 learners at load average 17-25: index 61 s, with 21 CPU s
in the browsers and 13 on the server side). ``--client protocol`` runs the learners
without a browser, as ``classroom_load.py --client protocol`` does (``widget_client.py``
on ``kernel_page.py``): each is a coroutine of this process that signs in over HTTP as a
browser would (the login page and its files, the form with its XSRF token, the redirects
through the hub's OAuth to the lessons service's index), then speaks Voilà's page and the
widget protocol through the hub's proxy. The index's and the lesson's static files are
those a real Chromium asked for, recorded once before the first run on a Voilà of their
own; the lesson asks only for those a browser would not keep from the index (Voilà's lab
extensions, sent ``no-cache``, are asked again). Leaving the index shuts its kernel down,
as the page's ``beforeunload`` does. ``browser_cpu_s`` is then this process's CPU during
the class.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import secrets
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import aiohttp
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
    recorded_assets,
    repeated,
    self_cpu,
    waits,
)
from kernel_page import Assets, KernelPage, PageError
from playwright.async_api import Page
from widget_client import Learner, failure, open_and_play, session

from tressette_learn.serve.hub.lessons import PREFIX
from tressette_learn.serve.hub.process import Hub, settings_for
from tressette_learn.serve.pools import pools
from tressette_learn.serve.server import _cmdline, descendants, rss_mb
from tressette_learn.teaching.course import by_role

CODE = "LOAD"
INDEX = by_role("index").id
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


# -- the learners without a browser (--client protocol) ----------------------------------------
HUB_FILE = re.compile(r'(?:href|src)="(/hub/(?:static|logo)[^"]*)"')  # the login page's files
XSRF_FIELD = re.compile(r'name="_xsrf" value="([^"]+)"')
NO_CACHE = "/voila/labextensions/"  # Voilà sends these with Cache-Control: no-cache


def named(page: KernelPage) -> bool:
    """The index is usable: its sign-in bar names the learner (:data:`INDEX_USABLE`)."""
    return any(isinstance(state.get("state"), dict)
               and "Learner" in str(state["state"].get("who", ""))
               for _, state in page.widgets.walk())


async def sign_in_over_http(http: aiohttp.ClientSession, hub_url: str,
                            number: int) -> tuple[str, str]:
    """What a browser does on the hub's login page: GET it (and its files), POST the form
    with its XSRF token, follow the redirects (the hub, the service, the hub's OAuth, the
    service's callback) to the index: its path under the service, and its HTML."""
    async with http.get(f"{hub_url}/hub/login", headers={"Sec-Fetch-Mode": "navigate"}) as answer:
        login = await answer.text()
    xsrf = XSRF_FIELD.search(login)
    if answer.status != 200 or xsrf is None:
        raise PageError(f"GET /hub/login: {answer.status}, no form")
    await asyncio.gather(*(hub_file(http, hub_url + path) for path in HUB_FILE.findall(login)))
    form = {"_xsrf": xsrf.group(1), "username": f"Learner {number + 1:02d}",
            "password": CODE, "pin": f"{1000 + number}"}
    async with http.post(f"{hub_url}/hub/login?next=", data=form,
                         headers={"Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "same-origin",
                                  "Origin": hub_url}) as answer:
        html = await answer.text()
        where = answer.url.path
    if answer.status != 200 or not where.startswith(PREFIX):
        raise PageError(f"sign-in ended on {where} ({answer.status})")
    return where[len(PREFIX) - 1:], html


async def hub_file(http: aiohttp.ClientSession, url: str) -> None:
    """One static file of the hub's login page."""
    async with http.get(url, headers={"Sec-Fetch-Mode": "no-cors"}) as answer:
        await answer.read()
        if answer.status != 200:
            raise PageError(f"GET {url}: {answer.status}")


async def leave(page: KernelPage) -> None:
    """The page is left: its ``beforeunload`` asks Voilà to shut its kernel down (as
    Voilà's front-end does, with the service's XSRF token), and its websocket closes."""
    kernel = page.kernel_id
    await page.close()
    if kernel:
        xsrf = page.http.cookie_jar.filter_cookies(
            aiohttp.client.URL(page.base + "/")).get("_xsrf")
        headers = {"Sec-Fetch-Mode": "cors", "Sec-Fetch-Site": "same-origin",
                   "X-XSRFToken": xsrf.value if xsrf else ""}
        async with page.http.post(f"{page.base}/voila/api/shutdown/{kernel}",
                                  headers=headers) as answer:
            await answer.read()


def cached(assets: Assets, fetched: set[str]) -> Assets:
    """A page's static files less those the browser keeps from an earlier page (Voilà's
    are cached: a version in the query, or a Last-Modified date; its lab extensions are
    sent with ``no-cache`` and asked again), noting the new ones as fetched."""
    def asked(paths: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(path for path in paths if path not in fetched or NO_CACHE in path)
    fetched.update(assets.before, assets.after)
    return Assets(asked(assets.before), asked(assets.after))


async def protocol_learner(hub_url: str, http: aiohttp.ClientSession, number: int,
                           lesson: str, delay: float, assets: dict[str, Assets],
                           marks: Marks) -> tuple[Learner, KernelPage]:
    """One learner without a browser: sign in on the hub, the index until it names them,
    then the lesson, played as in ``classroom_load.py --client protocol``; what they
    measured and the lesson's page (still open)."""
    out = Learner()
    await asyncio.sleep(delay)
    fetched: set[str] = set()
    base = hub_url + PREFIX.rstrip("/")
    index, page = KernelPage(base, http), KernelPage(base, http)
    try:
        start = time.monotonic()
        path, html = await sign_in_over_http(http, hub_url, number)
        await index.connect(html, path, cached(assets[INDEX], fetched))
        await index.until(lambda: named(index), "the index naming the learner")
        usable = time.monotonic() - start
        await leave(index)
        marks[number] = (usable, time.monotonic() - start)
        await open_and_play(page, lesson, PLAYS, cached(assets[lesson], fetched), out, start)
    except Exception as err:  # a benchmark counts failures instead of stopping
        out.errors.append(failure(err))
    out.errors += index.errors + page.errors
    return out, page


async def protocol_class(hub_url: str, lesson: str, learners: int, arrival: float,
                         assets: dict[str, Assets], marks: Marks,
                         done: Callable[[], object]) -> list[Learner]:
    """Every learner at once, ``arrival`` seconds apart, each with a session of their
    own; ``done`` once all are done, before their pages close."""
    http = [session() for _ in range(learners)]
    pages: list[KernelPage] = []
    try:
        ended = await asyncio.gather(*(protocol_learner(hub_url, client, i, lesson, i * arrival,
                                                        assets, marks)
                                       for i, client in enumerate(http)))
        pages = [page for _, page in ended]
        done()
    finally:
        for page in pages:
            await page.close()
        for client in http:
            await client.close()
    return [out for out, _ in ended]


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


PARTS = {b"ipykernel": "kernels", b"tressette_learn.serve.hub.lessons": "service",
         b"tressette_learn.serve.hub.solver": "solver", b"configurable-http-proxy": "proxy",
         b"jupyterhub\0": "hub"}  # what a command line runs -> its part of the server side


def cpu_parts(hub: Hub) -> dict[str, float]:
    """CPU seconds so far of each part of the server side (:data:`PARTS`, the rest
    ``other``): a process's own, and its ended children's (the lessons service's are
    kernels it shut down)."""
    assert hub.process is not None
    parts: dict[str, float] = dict.fromkeys([*PARTS.values(), "other"], 0.0)
    for pid in [hub.process.pid, *descendants(hub.process.pid)]:
        line = _cmdline(pid)
        part = next((name for words, name in PARTS.items() if words in line), "other")
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        own, ended = (int(fields[11]) + int(fields[12]), int(fields[13]) + int(fields[14]))
        parts[part] += own / os.sysconf("SC_CLK_TCK")
        parts["kernels" if part == "service" else part] += ended / os.sysconf("SC_CLK_TCK")
    return parts


def tree_cpu(pid: int) -> float:
    """CPU seconds of process ``pid`` and of its ended children (0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return sum(int(field) for field in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def wait_for_pools(hub: Hub, learners: int, most: float = 900) -> float:
    """Wait until the lessons service's pools are full and quiet; the seconds it took.

    Full: every pooled kernel runs and the service says each pool is filled. Quiet: for a
    second, the hub's processes used less than a tenth of a core and none of them was
    running or waiting for a core (state ``R``). A kernel still rendering its page but
    starved of the core (other work on it) looks idle by its CPU alone: a learner given
    it waits for the rest of its page ("Executing 10 of 10", no kernel websocket yet)."""
    assert hub.process is not None
    sizes = {page: pool["pool_size"]
             for page, pool in pools(learners)["kernel_pools_config"].items()
             if pool["pool_size"]}
    began, last = time.monotonic(), -1.0
    while time.monotonic() - began < most:
        every = [hub.process.pid, *descendants(hub.process.pid)]
        kernels = [pid for pid in every if b"ipykernel" in _cmdline(pid)]
        log = hub.log_text()
        filled = all(f"Kernel pool of {page} is filled" in log for page in sizes)
        used = live_cpu(hub)
        if (filled and len(kernels) >= sum(sizes.values()) and used - last < 0.1
                and not any(running(pid) for pid in every)):
            break
        last = used
        time.sleep(1.0)
    else:
        print(f"note: the pools were not full after {most:.0f} s", file=sys.stderr)
    return time.monotonic() - began


def running(pid: int) -> bool:
    """Whether process ``pid`` runs or waits for a core (its state is ``R``)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "R"
    except OSError:
        return False


def run(learners: int, arrival: float, lesson: str, pinning: Pinning,
        assets: dict[str, Assets] | None = None) -> Figures:
    """Start a hub for the class, run the class through it, return the figures; with
    ``assets`` (the index's and the lesson's static files) the learners are protocol
    clients, else Chromium pages."""
    state = Path(tempfile.mkdtemp(prefix="tressette-hub-load-", dir="/tmp"))
    load_before = os.getloadavg()[0]
    memory: Figures = {}
    marks: Marks = {}
    try:
        with contextlib.ExitStack() as stack:
            with on_cores(pinning.server):  # the hub and all it starts inherit them
                hub = stack.enter_context(Hub(settings_for(state, [CODE], start_timeout=600,
                                                           class_size=learners),
                                              teacher_key=secrets.token_urlsafe(24)))
            pools_s = wait_for_pools(hub, learners)
            before, browsers_before, own = live_cpu(hub), children_cpu(), self_cpu()
            parts = cpu_parts(hub)

            def done() -> None:  # all learners done, their pages (and kernels) still open
                memory.update(footprint(hub))
                memory["server_cpu"] = live_cpu(hub) - before
                memory.update({f"{part}_cpu_s": round(cpu - parts[part], 1)
                               for part, cpu in cpu_parts(hub).items()})

            with on_cores(pinning.browsers):
                results = asyncio.run(
                    classroom(lesson, learners, arrival, PLAYS,
                              opener=signs_in(hub.url, lesson, marks), done=done,
                              cached=True)
                    if assets is None else
                    protocol_class(hub.url, lesson, learners, arrival, assets, marks, done))
            server_cpu = float(memory.pop("server_cpu", -1))
            browsers = children_cpu() - browsers_before + (
                self_cpu() - own if assets is not None else 0.0)
    finally:
        shutil.rmtree(state, ignore_errors=True)
    index = [marks[i][0] if i in marks else None for i in range(learners)]
    play = [r.interactive_s - marks[i][1] if i in marks and r.interactive_s is not None
            else None for i, r in enumerate(results)]
    return {**class_figures(results), **waits("index", index), **waits("play", play),
            **memory, "pools_s": round(pools_s, 1), "pools_cpu_s": round(before, 1),
            **cpu_figures(server_cpu, browsers, learners),
            "load_before": round(load_before, 1), "load_after": round(os.getloadavg()[0], 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--learners", type=int, default=10)
    parser.add_argument("--arrival", type=float, default=3.0,
                        help="seconds between two learners arriving (default 3)")
    parser.add_argument("--lesson", default=by_role("play").id)
    parser.add_argument("--runs", type=int, default=1,
                        help="run the class this many times and report medians (default 1)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--client", choices=["browser", "protocol"], default="browser",
                        help="the learners: Chromium pages (default) or protocol clients "
                             "(widget_client.py's, signing in over HTTP), which load only "
                             "the server")
    add_pinning_options(parser)
    args = parser.parse_args(argv)
    if args.learners < 1:
        parser.error("--learners must be at least 1")
    pinning = pinning_of(args, parser)
    assets = ({page: recorded_assets(page) for page in (INDEX, args.lesson)}
              if args.client == "protocol" else None)
    figures = repeated(lambda: run(args.learners, args.arrival, args.lesson, pinning, assets),
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
