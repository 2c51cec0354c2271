"""A class on one machine: N learners open a lesson and play cards, all against one server.

    python benchmarks/classroom_load.py [--learners N] [--arrival S] [--plays K] [--runs R]
                                        [--lesson NAME] [--no-shared-solver] [--json]
                                        [--client browser|protocol] [--class-size N]
                                        [--server-cores LIST --browser-cores LIST | --no-pin]

Voilà serves ``notebooks/`` with the project's settings (``notebooks/voila.json`` and
``voila.py``: the index and the play page have pre-heated kernels) and a fresh progress
database, as ``tressette-learn serve --class-size N`` serves a class of N
(``--class-size``, by default the number of learners; 0 for the default pools:
``tressette_learn/serve/pools.py``); the script waits until Voilà says the pools are full
(at most ``--warm`` seconds). Learners arrive ``--arrival`` seconds apart
(default 3: thirty learners sit down over a minute and a half), each in its own browser
context of one headless Chromium: each opens ``--lesson`` (default ``00_index``, where a
class starts; it has a card table), waits until the table is drawn and shown (time to an
interactive page), then plays ``--plays`` cards (default 5; click-to-redraw, as in
benchmarks/ui.py: the play runs inside the page, and a learner looks at the table for
300 ms before each click). When every learner is done the script reads the resident memory
of each kernel the server started.

In a classroom the browsers run on the learners' machines, so the server and the browsers
are kept apart: the server (Voilà, its kernels, the solver service: everything it starts)
runs on ``--server-cores`` and the browsers (Chromium and the Playwright driver) on
``--browser-cores`` (core lists such as ``0`` or ``0,2-3``; by default the first and the
second core this process may use: 0 and 1 on a machine with nothing reserved). A process
inherits the cores of the one that starts it, so the script runs itself on the server's
cores while it starts the server, then on the browsers' cores. ``--no-pin``, or a machine
with a single core, leaves every process free to run on every core.

With ``--runs R`` the class is run R times, each against a fresh server, and every figure
is the median over the runs (this machine is noisy); ``runs`` in the JSON lists each run.
Prints the median and p95 time to an interactive page, the click-to-redraw p95, the mean
and largest kernel, the number of errors (timeouts, exceptions, console errors), and the
CPU seconds of the server (in all and per learner) and of the browsers, with their cores.
With ``--lesson 12_play`` each learner starts a match instead (the page is interactive when
its Start button shows), plays the whole deal, asks for one exact hint and then for the
review of the deal: the figures add the hint's and the review's median and p95 times.

``--client protocol`` runs the learners without a browser (``widget_client.py`` on
``kernel_page.py``): each is a coroutine of this process that makes the requests a
learner's page makes (the page, its static files, the kernel's websocket and its widget
messages) and nothing else, as in a classroom where the browsers run on the learners'
machines; the class and its figures are the same. The static files are those a real
Chromium asked for on the page, recorded once before the first run on a server of their
own (not measured). Then ``browser_cpu_s`` is the CPU of this process while the class ran
(the client's, on the browsers' cores) and the errors are the client's: a refused
request, a wait that ran out, a kernel error, a cell that failed.
JSON keys: ``interactive_median_s``, ``interactive_p95_s``, ``click_p95_ms``, ``kernel_mb``,
``kernel_max_mb``, ``solver_service_mb`` (the server's one solver process; 0 without it),
``server_cpu_s`` and ``browser_cpu_s`` (CPU seconds of the server with its kernels and of
the browsers), ``server_cpu_s_per_learner`` (``server_cpu_s`` divided by the learners),
``voila_cpu_s`` (the Voilà process alone), ``kernels_cpu_s`` and ``solver_cpu_s`` (the
kernels, ``kernels`` of them, and the solver service with its idle searcher, read once
every learner is done),
``kernel_start_cpu_s`` (the median CPU of a pre-heated kernel before any learner came: its
start and its page's cells), ``server_cores`` and ``browser_cores`` (the
cores each side ran on, as lists), ``errors``, ``learners`` (and ``hint_median_s``,
``hint_p95_s``, ``review_median_s``, ``review_p95_s`` on the play page), ``class_size``,
``pools_filled_s`` (the wait for the pools), ``preheated_pages`` (the learners' pages
that got a pre-heated kernel, as Voilà's log says; the others started their own),
``warm_cpu_s`` (the server's CPU before the first learner: its start and its pools) and
``class_cpu_s_per_learner`` (the rest, per learner: what each learner of the class costs).
Goals:
interactive p95 <= 3 s, click p95 <= 300 ms, <= 120 MB per learner kernel, zero errors.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Collection, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from headless import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EXTERNAL,
    LOOK_MS,
    NO_HOSTS,
    PLAY_CARDS,
    TABLE_SHOWN,
    add_server_options,
    percentile,
)
from kernel_page import Assets, record_assets
from playwright.async_api import Browser, Page, async_playwright
from widget_client import DEAL_PLAYS, HINT_AT, Learner
from widget_client import classroom as protocol_classroom

from tressette_learn.serve.pools import CLASS_ENV, pools
from tressette_learn.serve.server import VoilaServer, rss_mb, settings_option
from tressette_learn.teaching.course import by_role

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
TIMEOUT_MS = 120_000


# The play page: the learner starts a match (the computers' level and the table as the form
# offers them) and plays the whole deal, asking for a hint before their fifth card (six
# tricks left: an exact hint, from the solver) and for the review once the deal is over.
# Times the hint (click to the hinted card) and the review (click to its summary).
START_SHOWN = """() => Boolean(document.querySelector(".tl-match-start")?.checkVisibility())"""
PLAY_DEAL = """async ([plays, hintAt]) => {
  const table = () => document.querySelector(".tl-table");
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const coach = () => document.querySelector(".tl-coach-output").innerText.slice(0, 300);
  const until = async (test, ms, what) => {
    const start = performance.now();
    while (!test()) {
      if (performance.now() - start > 120000) {
        const state = `table: ${table().dataset.status}; coach: ${coach()}`;
        throw new Error(`no ${what} in 120 s (${state})`);
      }
      await sleep(ms);
    }
  };
  const advance = async (wanted) => {
    while (!wanted.includes(table().dataset.status)) {
      const { status, step } = table().dataset;
      if (status === "trick_done") {
        table().querySelector(".tl-next").click();
        await until(() => table().dataset.step !== step, 10, "next trick");
      } else await until(() => table().dataset.status !== status, 20, `end of ${status}`);
    }
  };
  // a button is enabled by its own message, which may come after the table's
  const enabled = (css) => until(() => !document.querySelector(css).disabled, 10, `${css} on`);
  const out = { clicks: [], hint: null, review: null };
  for (let i = 0; i < plays; i++) {
    await advance(["your_turn"]);
    if (i === hintAt) {
      await enabled(".tl-coach-hint");
      const t0 = performance.now();
      document.querySelector(".tl-coach-hint").click();
      await until(() => table().querySelector(".tl-card.hinted"), 20, "hinted card");
      out.hint = (performance.now() - t0) / 1000;
    }
    await sleep(LOOK_MS);
    const card = table().querySelector(".tl-pos-bottom .tl-card.legal").dataset.card;
    const t0 = performance.now();
    table().querySelector(`.tl-pos-bottom .tl-card[data-card="${card}"]`).click();
    await until(() => table().querySelector(
      `.tl-trick .tl-played[data-seat="S"][data-card="${card}"]`), 5, "card in the trick");
    out.clicks.push(performance.now() - t0);
  }
  await advance(["over"]);
  await enabled(".tl-coach-review");
  const t0 = performance.now();
  document.querySelector(".tl-coach-review").click();
  await until(() => document.querySelector(".tl-coach-summary"), 50, "review");
  out.review = (performance.now() - t0) / 1000;
  return out;
}""".replace("LOOK_MS", str(LOOK_MS))


# What a page shows when a learner gives up on it: the table, Voilà's loading text, an error.
PAGE_STATE = """() => JSON.stringify({
  table: document.querySelector(".tl-table")?.dataset.status ?? null,
  loading: document.querySelector("#loading")?.checkVisibility()
    ? document.querySelector("#loading").innerText.slice(0, 120) : null,
  error: document.querySelector('[data-mime-type="application/vnd.jupyter.stderr"]')
    ?.innerText.slice(0, 200) ?? null,
})"""


async def page_state(page: Page) -> str:
    """:data:`PAGE_STATE`, or why it could not be read."""
    try:
        return str(await page.evaluate(PAGE_STATE))
    except Exception as err:  # the page may be gone
        return f"page unreadable ({type(err).__name__})"


Opener = Callable[[Page], Awaitable[object]]  # how one learner reaches the lesson's page


async def learner(browser: Browser, url: str, delay: float, plays: int,
                  opener: Opener | None = None, cached: bool = False) -> Learner:
    """One learner: arrive, open the lesson (``opener``: e.g. sign in on a hub first, which
    counts in the time to an interactive page), play cards. Other hosts are answered by
    routing, which turns the page's HTTP cache off, unless ``cached`` (the browser then
    resolves no other host: see :func:`classroom`)."""
    out = Learner()
    await asyncio.sleep(delay)
    context = await browser.new_context()
    page = await context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    if not cached:
        await page.route(EXTERNAL, lambda route: route.fulfill(status=200, body=""))
    page.on("pageerror", lambda err: out.errors.append(f"page error: {err}"))
    page.on("console", lambda msg: msg.type == "error" and "/voila/api/shutdown/" not in
            msg.location.get("url", "") and out.errors.append(f"console: {msg.text}"))
    try:
        start = time.monotonic()
        await (opener(page) if opener else page.goto(url, timeout=TIMEOUT_MS))
        match = by_role("play").id in url
        await page.wait_for_function(START_SHOWN if match else TABLE_SHOWN, polling=50,
                                     timeout=TIMEOUT_MS)
        out.interactive_s = time.monotonic() - start
        if match:
            await play_a_deal(page, out)
        else:
            out.clicks_ms = [float(ms) for ms in await page.evaluate(PLAY_CARDS, plays)]
    except Exception as err:  # a benchmark counts failures instead of stopping
        out.errors.append(f"{type(err).__name__}: {str(err).splitlines()[0]}; the page: "
                          f"{await page_state(page)}")
    return out


async def play_a_deal(page: Page, out: Learner) -> None:
    """Start a match on the play page, play the deal with a hint, then ask for the review."""
    await page.locator(".tl-match-start").click()
    await page.wait_for_function(TABLE_SHOWN, polling=50, timeout=TIMEOUT_MS)
    played = await page.evaluate(PLAY_DEAL, [DEAL_PLAYS, HINT_AT])
    out.clicks_ms = [float(ms) for ms in played["clicks"]]
    out.hint_s, out.review_s = float(played["hint"]), float(played["review"])


async def classroom(url: str, learners: int, arrival: float, plays: int,
                    done: Callable[[], object] = lambda: None,
                    opener: Callable[[int], Opener] | None = None,
                    cached: bool = False) -> list[Learner]:
    """Every learner at once, arriving ``arrival`` seconds apart; ``done`` is called once
    all of them are done, before their pages close (and their kernels with them);
    ``opener(i)`` opens the page for learner ``i`` (default: go to ``url``); with
    ``cached`` each keeps its HTTP cache from page to page (other hosts resolve to nothing
    instead of being routed)."""
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM,
                                           args=CHROMIUM_ARGS + [NO_HOSTS] * cached)
        results = await asyncio.gather(*(learner(browser, url, i * arrival, plays,
                                                 opener(i) if opener else None, cached)
                                         for i in range(learners)))
        done()
        await browser.close()
    return list(results)


Figures = dict[str, float | int]


@dataclass(frozen=True)
class Pinning:
    """The cores the server (with all it starts) and the browsers run on."""

    server: frozenset[int]
    browsers: frozenset[int]


def run(learners: int, arrival: float, plays: int, lesson: str, warm: float,
        pinning: Pinning, shared: bool = True, assets: Assets | None = None,
        class_size: int = 0) -> Figures:
    """Serve the lessons (pools for ``class_size`` learners; 0: the default pools), run
    the class, return the figures; with ``assets`` the learners are
    :mod:`widget_client`'s (asking for these static files), else browsers."""
    data = Path(tempfile.mkdtemp(prefix="tressette-load-"))
    env = {"TRESSETTE_DB": f"sqlite:///{data / 'progress.sqlite'}"}
    if class_size:
        env[CLASS_ENV] = str(class_size)
    start = children_cpu()
    with contextlib.ExitStack() as stack:
        with on_cores(pinning.server):  # Voilà, its kernels and the solver service inherit them
            server = stack.enter_context(
                VoilaServer(NOTEBOOKS, settings_option(), env=env, solver=shared,
                            timeout=warm))
        filled = wait_for_pools(server, class_size or None, warm)
        pooled = [own_cpu(pid) for pid in server.kernel_pids()]  # started, page run, unused
        assert server.process is not None
        warm_cpu = own_cpu(server.process.pid) + sum(pooled) + (
            own_cpu(server.solver.process.pid) if server.solver else 0.0)
        url = f"{server.url}/voila/render/{lesson}.ipynb"
        before, own = children_cpu(), self_cpu()
        split: dict[str, float] = {}

        def done() -> None:  # the kernels' CPU, read while the learners' pages are open
            split.update(cpu_split(server))
        with on_cores(pinning.browsers):  # the Playwright driver and Chromium inherit them
            results = asyncio.run(
                classroom(url, learners, arrival, plays, done) if assets is None else
                protocol_classroom(server.url, lesson, learners, arrival, plays, assets, done))
        browsers = children_cpu() - before  # Chromium and its driver have exited
        client = browsers + (self_cpu() - own if assets is not None else 0.0)
        kernels = [rss_mb(pid) for pid in server.kernel_pids()]
        service = rss_mb(server.solver.process.pid) if server.solver else 0.0
        assert server.process is not None
        voila = own_cpu(server.process.pid)
        preheated = server.log_text().count("Using pre-heated kernel: ")
    server_cpu = children_cpu() - start - browsers  # Voilà, its kernels, the solver service
    return {
        **class_figures(results),
        **memory_figures(kernels, service),
        **cpu_figures(server_cpu, client, learners),
        "voila_cpu_s": round(voila, 1),
        "kernels_cpu_s": round(split.get("kernels", 0.0), 1),
        "kernels": int(split.get("count", 0)),
        "solver_cpu_s": round(split.get("solver", 0.0), 1),
        "kernel_start_cpu_s": round(statistics.median(pooled), 2) if pooled else -1,
        "class_size": class_size, "pools_filled_s": round(filled, 1),
        "preheated_pages": preheated,
        "warm_cpu_s": round(warm_cpu, 1),
        "class_cpu_s_per_learner": round((server_cpu - warm_cpu) / max(learners, 1), 2),
    }


def wait_for_pools(server: VoilaServer, class_size: int | None, most: float) -> float:
    """Wait until every pre-heated kernel has started and run its page (Voilà says each
    pool is filled, and the kernels and Voilà are idle for a second), at most ``most``
    seconds; the seconds it took. (Idleness alone is not enough on a loaded machine: a
    kernel waiting for the core looks idle.)"""
    config = pools(class_size)["kernel_pools_config"]
    sizes = {page: pool["pool_size"] for page, pool in config.items() if pool["pool_size"]}
    began, last = time.monotonic(), -1.0
    while time.monotonic() - began < most:
        log = server.log_text()
        filled = all(f"Kernel pool of {page} is filled with {size} kernel(s)" in log
                     for page, size in sizes.items())
        pids = server.kernel_pids()
        assert server.process is not None  # Voilà renders each pooled kernel's page
        used = sum(own_cpu(pid) for pid in pids) + own_cpu(server.process.pid)
        if filled and len(pids) >= sum(sizes.values()) and used - last < 0.05:
            break
        last = used
        time.sleep(1.0)
    else:
        print(f"note: the pools were not ready after {most:.0f} s", file=sys.stderr)
    return time.monotonic() - began


def class_figures(results: list[Learner]) -> Figures:
    """What the learners measured: time to an interactive page, clicks, hints, reviews,
    errors (the first ten printed)."""
    ready = [r.interactive_s for r in results if r.interactive_s is not None]
    clicks = [c for r in results for c in r.clicks_ms]
    errors = [e for r in results for e in r.errors]
    print("interactive s per learner:", [r.interactive_s and round(r.interactive_s, 2)
                                          for r in results], file=sys.stderr)
    for error in errors[:10]:
        print("error:", error, file=sys.stderr)
    return {
        "learners": len(results),
        "interactive_median_s": round(statistics.median(ready), 2) if ready else -1,
        "interactive_p95_s": round(percentile(ready, 0.95), 2) if ready else -1,
        "click_p95_ms": round(percentile(clicks, 0.95), 1) if clicks else -1,
        "errors": len(errors),
        **waits("hint", [r.hint_s for r in results]),
        **waits("review", [r.review_s for r in results]),
    }


def memory_figures(kernels: list[float], service: float) -> Figures:
    """The kernels' mean and largest resident memory and the solver service's, in MB."""
    return {"kernel_mb": round(statistics.mean(kernels), 1) if kernels else -1,
            "kernel_max_mb": round(max(kernels), 1) if kernels else -1,
            "solver_service_mb": round(service, 1)}


def cpu_figures(server_cpu: float, browsers: float, learners: int) -> Figures:
    """The server's CPU seconds, in all and per learner, and the browsers'."""
    return {"server_cpu_s": round(server_cpu, 1),
            "server_cpu_s_per_learner": round(server_cpu / learners, 2),
            "browser_cpu_s": round(browsers, 1)}


@contextlib.contextmanager
def on_cores(cores: Iterable[int]) -> Iterator[None]:
    """Run this process on ``cores`` inside the block: what it starts there keeps them."""
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, cores)
    try:
        yield
    finally:
        os.sched_setaffinity(0, before)


def core_list(text: str) -> frozenset[int]:
    """The cores of a list such as ``0`` or ``0,2-3``, all usable by this process (an
    argparse type: anything else is refused with a clear message)."""
    cores: set[int] = set()
    try:
        for part in text.split(","):
            low, _, high = part.partition("-")
            cores.update(range(int(low), int(high or low) + 1))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of cores such as 0 or "
                                         "0,2-3") from None
    usable = os.sched_getaffinity(0)
    if not cores or not cores <= usable:
        raise argparse.ArgumentTypeError(f"{text!r}: this process may use "
                                         f"{listed(usable)} only")
    return frozenset(cores)


def listed(cores: Collection[int]) -> str:
    """``core 0``, ``cores 0,2,3``: the cores in order."""
    return f"core{'s' * (len(cores) > 1)} " + ",".join(str(core) for core in sorted(cores))


def pinning_of(args: argparse.Namespace, parser: argparse.ArgumentParser) -> Pinning:
    """The cores each side runs on, from the options (the defaults: the first and the second
    core this process may use; a machine with a single core has only that one)."""
    usable = sorted(os.sched_getaffinity(0))
    if args.no_pin:
        if args.server_cores or args.browser_cores:
            parser.error("--no-pin lets both sides use every core: "
                         "it takes no --server-cores or --browser-cores")
        return Pinning(frozenset(usable), frozenset(usable))
    return Pinning(args.server_cores or frozenset(usable[:1]),
                   args.browser_cores or frozenset(usable[1:2] or usable[:1]))


def cpu_split(server: VoilaServer) -> dict[str, float]:
    """CPU seconds so far of the server's kernels (all, and how many) and of its solver
    service: where the server's CPU went, read while the learners' kernels still run."""
    kernels = [own_cpu(pid) for pid in server.kernel_pids()]
    solver = server.solver.process.pid if server.solver else None
    return {"kernels": sum(kernels), "count": len(kernels),
            "solver": tree_cpu(solver) if solver else 0.0}


def recorded_assets(lesson: str) -> Assets:
    """The static files a real Chromium asks for on ``lesson``'s page, recorded on a server
    of their own (no pre-heated kernels: the page is rendered for this one visit) before
    anything is measured."""
    data = Path(tempfile.mkdtemp(prefix="tressette-assets-"))
    with VoilaServer(NOTEBOOKS, settings_option(), "--VoilaConfiguration.preheat_kernel=False",
                     env={"TRESSETTE_DB": f"sqlite:///{data / 'progress.sqlite'}"},
                     solver=False) as server:
        assets = asyncio.run(record_assets(f"{server.url}/voila/render/{lesson}.ipynb",
                                           CHROMIUM, CHROMIUM_ARGS))
    print(f"static files of {lesson}: {len(assets.before)} before the kernel, "
          f"{len(assets.after)} after", file=sys.stderr)
    return assets


def self_cpu() -> float:
    """CPU seconds this process has used so far (all its threads)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def children_cpu() -> float:
    """CPU seconds of this process's finished children (and theirs, once reaped)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def own_cpu(pid: int) -> float:
    """CPU seconds process ``pid`` itself has used so far (not its children; 0 when it is
    gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tree_cpu(pid: int) -> float:
    """CPU seconds of process ``pid`` and of its living descendants (the solver service
    and its idle searcher)."""
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
        children = [int(c) for t in tasks for c in (t / "children").read_text().split()]
    except OSError:
        children = []
    return own_cpu(pid) + sum(tree_cpu(child) for child in children)


def waits(name: str, times: list[float | None]) -> Figures:
    """``{name}_median_s`` and ``{name}_p95_s`` of the measured ``times`` (none: nothing)."""
    measured = [t for t in times if t is not None]
    if not measured:
        return {}
    return {f"{name}_median_s": round(statistics.median(measured), 2),
            f"{name}_p95_s": round(percentile(measured, 0.95), 2)}


def median_of(runs: list[Figures]) -> dict[str, object]:
    """Each figure's median over ``runs``, with the runs themselves under ``runs``."""
    figures: dict[str, object] = {key: statistics.median(r[key] for r in runs)
                                  for key in runs[0] if all(key in r for r in runs)}
    if len(runs) > 1:
        figures["runs"] = runs
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--arrival", type=float, default=3.0,
                        help="seconds between two learners arriving (default 3)")
    parser.add_argument("--warm", type=float, default=180.0,
                        help="wait at most this long for the pre-heated pools to fill "
                             "(default 180 s)")
    parser.add_argument("--class-size", type=int, default=None, metavar="N",
                        help="serve as `tressette-learn serve --class-size N` does (default: "
                             "the number of learners; 0: the default pools)")
    parser.add_argument("--plays", type=int, default=5, help="cards each learner plays")
    parser.add_argument("--lesson", default=by_role("index").id)
    parser.add_argument("--client", choices=["browser", "protocol"], default="browser",
                        help="the learners: Chromium pages (default) or widget_client.py's "
                             "coroutines, which load only the server")
    parser.add_argument("--runs", type=int, default=1,
                        help="run the class this many times and report medians (default 1)")
    add_pinning_options(parser)
    add_server_options(parser)
    args = parser.parse_args(argv)
    pinning = pinning_of(args, parser)
    assets = recorded_assets(args.lesson) if args.client == "protocol" else None
    class_size = args.learners if args.class_size is None else args.class_size
    figures = repeated(lambda: run(args.learners, args.arrival, args.plays, args.lesson,
                                   args.warm, pinning, shared=not args.no_shared_solver,
                                   assets=assets, class_size=class_size),
                       args.runs, pinning)
    if args.json:
        print(json.dumps(figures))
    else:
        if args.runs > 1:
            print(f"medians over {args.runs} runs:")
        print(f"{figures['learners']} learners: interactive page median "
              f"{figures['interactive_median_s']} s, p95 {figures['interactive_p95_s']} s "
              f"(goal <= 3); click-to-redraw p95 {figures['click_p95_ms']} ms (goal <= 300)")
        print(f"kernels: {figures['kernel_mb']} MB each on average, largest "
              f"{figures['kernel_max_mb']} MB (goal <= 120); the solver service "
              f"{figures['solver_service_mb']} MB; errors: {figures['errors']}")
        print(f"CPU: server {figures['server_cpu_s']} s, "
              f"{figures['server_cpu_s_per_learner']} s per learner (Voilà itself "
              f"{figures['voila_cpu_s']} s, its {figures['kernels']} kernels "
              f"{figures['kernels_cpu_s']} s, the solver service {figures['solver_cpu_s']} s; "
              f"a pre-heated kernel's start {figures['kernel_start_cpu_s']} s), browsers "
              f"{figures['browser_cpu_s']} s; {cores_report(pinning)}")
        if "hint_p95_s" in figures:
            print(f"hint: median {figures['hint_median_s']} s, p95 {figures['hint_p95_s']} s; "
                  f"review: median {figures['review_median_s']} s, "
                  f"p95 {figures['review_p95_s']} s")
    return 0


def repeated(one_run: Callable[[], Figures], runs: int, pinning: Pinning) -> dict[str, object]:
    """``runs`` runs of the class (each printed as it ends), their medians, and the cores."""
    done = []
    for _ in range(max(1, runs)):
        done.append(one_run())
        print("run:", json.dumps(done[-1]), file=sys.stderr)
    return {**median_of(done), "server_cores": sorted(pinning.server),
            "browser_cores": sorted(pinning.browsers)}


def add_pinning_options(parser: argparse.ArgumentParser) -> None:
    """--server-cores, --browser-cores and --no-pin (read by :func:`pinning_of`)."""
    parser.add_argument("--server-cores", type=core_list, metavar="LIST",
                        help="cores of the server and all it starts, e.g. 0 or 0,2-3 "
                             "(default: the first core this process may use)")
    parser.add_argument("--browser-cores", type=core_list, metavar="LIST",
                        help="cores of Chromium and the Playwright driver "
                             "(default: the second core this process may use)")
    parser.add_argument("--no-pin", action="store_true",
                        help="let the server and the browsers share every core")


def cores_report(pinning: Pinning) -> str:
    """Which cores the server and the browsers ran on, in words."""
    if pinning.server == pinning.browsers:
        return f"the server and the browsers shared {listed(pinning.server)}"
    return f"the server ran on {listed(pinning.server)}, the browsers on {listed(pinning.browsers)}"


if __name__ == "__main__":
    sys.exit(main())
