"""What one learner costs a hub: the memory and CPU of their own single-user server.

    python benchmarks/learner_footprint.py [--runs R] [--no-postgres] [--json]

Each run starts, for one learner, what JupyterHub spawns for them: a Jupyter Server with
Voilà as its extension and ``binder/jupyter_server_config.json`` (the settings the hub and
Zero to JupyterHub give it; ``jupyterhub-singleuser`` is this same server plus the hub's
sign-in), on the repository, with a fresh progress database (PostgreSQL, one database per
run, from ``scripts/start-postgres``; ``--no-postgres``: SQLite). One headless Chromium then
walks a typical session, keeping each tab open as a learner does: the index (signing in),
lesson 02 (answering one quiz question), the play page (a match: one whole deal with an
exact hint before the fifth card, then the review of the deal).

Each run measures it twice: with one solver service beside the server, which the kernels
ask (``solver_in_service``), and without (``solver_in_kernel``: the play page's kernel loads
the compiled solver itself, as a hub's server does today). Figures, per process:
``rss_mb`` resident at the end, ``peak_mb`` the most it was ever resident (VmHWM),
``own_mb`` its private pages (what one more such process costs); for a kernel
``shown_mb`` once its page is shown, for the server and the solver service ``idle_mb``
and ``start_cpu_s`` once they have started (before any page). A kernel's ``start_cpu_s``:
its page's CPU seconds until it is shown (the kernel's and the server's rendering); its
``cpu_s``: all it used. ``session_cpu_s``: CPU seconds of the whole
session (everything after the server started: the server, the kernels, the solver service),
split into ``server_cpu_s``, ``kernels_cpu_s``, ``solver_cpu_s``. ``db_connections``: the
connections the learner's kernels hold open to PostgreSQL at the end, and ``db_backend_mb``
the private memory of PostgreSQL's processes serving them (in all).
Every figure is the median over ``--runs`` (default 3; the machine is noisy). The browser
(which runs on the learner's own machine) is not counted. ``benchmarks/sizing.py`` turns
this JSON into the sizes of a hub.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

from classroom_load import DEAL_PLAYS, HINT_AT, PLAY_DEAL, START_SHOWN, own_cpu
from headless import TABLE_SHOWN, launch, offline
from playwright.sync_api import Locator, Page, expect, sync_playwright

from tressette_learn.serve.server import VoilaServer, free_port, own_mb, rss_mb
from tressette_learn.teaching.course import by_role

ROOT = Path(__file__).resolve().parent.parent
SERVER_CONFIG = ROOT / "binder" / "jupyter_server_config.json"
TIMEOUT_MS = 180_000
LESSON = "03_card_order"  # a lesson with a quiz
SETTLE_S = 5.0  # seconds for a fresh server and solver service to finish starting
Tree = dict[str, Any]


def singleuser_command(port: int) -> list[str]:
    """A learner's Jupyter Server with Voilà as its extension, as the hub starts it."""
    return [sys.executable, "-m", "jupyter_server", f"--config={SERVER_CONFIG}",
            f"--ServerApp.root_dir={ROOT}", f"--port={port}", "--no-browser",
            "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0",
            "--ServerApp.allow_root=True", "--IdentityProvider.token="]


def peak_mb(pid: int) -> float:
    """The most process ``pid`` has ever held resident (VmHWM), in MB; 0 when it is gone."""
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0.0


def memory(pid: int) -> dict[str, float]:
    """Resident now, at its peak, and private memory of process ``pid``, in MB."""
    return {"rss_mb": round(rss_mb(pid), 1), "peak_mb": round(peak_mb(pid), 1),
            "own_mb": round(own_mb(pid), 1)}


# -- PostgreSQL: one throwaway server for all the runs ---------------------------------------
@contextlib.contextmanager
def postgres() -> Iterator[str]:
    """A throwaway PostgreSQL server (``scripts/start-postgres``): its URL."""
    folder = Path(tempfile.mkdtemp(prefix="tressette-pg-"))
    folder.chmod(0o755)  # its user must reach it
    started = subprocess.run([str(ROOT / "scripts/start-postgres"), str(folder),
                              str(free_port())], capture_output=True, text=True, timeout=180)
    if started.returncode != 0:
        raise RuntimeError(f"could not start PostgreSQL:\n{started.stderr}")
    try:
        yield started.stdout.strip()
    finally:
        subprocess.run([str(ROOT / "scripts/stop-postgres"), str(folder)], timeout=60,
                       check=False)
        shutil.rmtree(folder, ignore_errors=True)


def fresh_database(base: str, name: str) -> str:
    """A new empty database ``name`` on the server at ``base``: its URL."""
    import psycopg

    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return base.rsplit("/", 1)[0] + f"/{name}"


def connections(base: str, name: str) -> dict[str, float]:
    """The connections open to database ``name`` and its backends' private memory."""
    import psycopg

    with psycopg.connect(base, autocommit=True) as conn:
        pids = [row[0] for row in conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s", (name,))]
    return {"db_connections": len(pids),
            "db_backend_mb": round(sum(own_mb(pid) for pid in pids), 1)}


# -- the learner's session -------------------------------------------------------------------
class Session:
    """One learner's pages on one server, with the CPU each step cost."""

    def __init__(self, server: VoilaServer, page_of: Any) -> None:
        self.server = server
        self.new_page = page_of
        self.kernels: dict[str, int] = {}
        self.figures: Tree = {}

    def server_cpu(self) -> float:
        assert self.server.process is not None
        return own_cpu(self.server.process.pid)

    def open(self, name: str, notebook: str, shown: str) -> Page:
        """Open ``notebook`` in a new tab; its kernel's memory and start CPU as ``name``."""
        before, cpu = set(self.server.kernel_pids()), self.server_cpu()
        page = self.new_page()
        page.goto(f"{self.server.url}/voila/render/notebooks/{notebook}.ipynb",
                  timeout=TIMEOUT_MS)
        page.wait_for_function(shown, polling=50, timeout=TIMEOUT_MS)
        new = set(self.server.kernel_pids()) - before
        if len(new) != 1:
            raise RuntimeError(f"{notebook}: expected one new kernel, found {len(new)}")
        pid = self.kernels[name] = new.pop()
        self.figures[name] = {"start_cpu_s": round(own_cpu(pid) + self.server_cpu() - cpu, 2),
                              "shown_mb": round(rss_mb(pid), 1)}
        return page

    def walk(self) -> None:
        """The index (sign in), a lesson (one quiz answer), the play page (a deal)."""
        index = self.open("index_kernel", by_role("index").id, TABLE_SHOWN)
        index.locator(".tl-signin-name").fill("Footprint Learner")
        index.locator(".tl-signin-pin").fill("2468")  # the PIN chosen at the first sign-in
        index.locator(".tl-signin-code").fill("SIZE1")
        index.locator(".tl-signin-start").click()
        expect(index.locator(".tl-signin-who")).to_contain_text("Footprint", timeout=TIMEOUT_MS)
        lesson = self.open("lesson_kernel", LESSON, QUIZ_SHOWN)
        answer_one(lesson.locator(".tl-quiz").first)
        play = self.open("play_kernel", by_role("play").id, START_SHOWN)
        play.locator(".tl-match-start").click()
        play.wait_for_function(TABLE_SHOWN, polling=50, timeout=TIMEOUT_MS)
        play.evaluate(PLAY_DEAL, [DEAL_PLAYS, HINT_AT])  # the deal, a hint, the review

    def solver_cpu(self) -> float:
        return own_cpu(self.server.solver.process.pid) if self.server.solver else 0.0

    def measure(self, idle: Tree) -> Tree:
        """Every process's memory and the session's CPU, as they are now (``idle``: the
        server's memory and both processes' CPU right after they started)."""
        assert self.server.process is not None
        for name, pid in self.kernels.items():
            self.figures[name].update(memory(pid), cpu_s=round(own_cpu(pid), 2))
        self.figures["server"] = {**memory(self.server.process.pid),
                                  "idle_mb": idle["server_mb"],
                                  "start_cpu_s": round(idle["server_cpu_s"], 2)}
        server_cpu = self.server_cpu() - idle["server_cpu_s"]
        kernels_cpu = sum(self.figures[name]["cpu_s"] for name in self.kernels)
        solver_cpu = self.solver_cpu() - idle["solver_cpu_s"]
        if self.server.solver is not None:
            self.figures["solver_service"] = {
                **memory(self.server.solver.process.pid), "idle_mb": idle["solver_mb"],
                "start_cpu_s": round(idle["solver_cpu_s"], 2), "cpu_s": round(solver_cpu, 2)}
        self.figures.update(
            session_cpu_s=round(server_cpu + kernels_cpu + solver_cpu, 2),
            server_cpu_s=round(server_cpu, 2), kernels_cpu_s=round(kernels_cpu, 2),
            solver_cpu_s=round(solver_cpu, 2))
        return self.figures


QUIZ_SHOWN = """() => Boolean(document.querySelector(".tl-quiz-check")?.checkVisibility())"""
ANSWERED = re.compile(r"(^|\s)tl-(correct|wrong|invalid)(\s|$)")


def answer_one(quiz: Locator) -> None:
    """Answer the quiz's first question with the first thing it offers, and press Check."""
    card = quiz.locator(".tl-quiz-picker .tl-card")
    number = quiz.locator(".tl-quiz-number input")
    if card.count():
        card.first.click()
        expect(card.first).to_have_class(re.compile(r"(^|\s)selected(\s|$)"),
                                          timeout=TIMEOUT_MS)
    elif number.count():
        number.fill("1")
    else:
        quiz.locator("input[type=radio], input[type=checkbox]").first.check()
    quiz.locator(".tl-quiz-check").click()
    expect(quiz.locator(".tl-quiz-feedback")).to_have_class(ANSWERED, timeout=TIMEOUT_MS)


def run_once(shared: bool, database: str | None,
             also: Callable[[], Tree] = dict) -> Tree:
    """One learner's session on a fresh server (``shared``: with a solver service); ``also``
    adds its figures while the session's pages are still open."""
    env = {"TRESSETTE_DB": database or
           f"sqlite:///{Path(tempfile.mkdtemp(prefix='tressette-footprint-')) / 'p.sqlite'}"}
    server = VoilaServer(ROOT, env=env, solver=shared, timeout=120)
    server.command = singleuser_command(server.port)
    with server, sync_playwright() as pw:
        browser = launch(pw)
        context = browser.new_context()  # one learner: the tabs share the signed-in name
        session = Session(server, lambda: offline(context.new_page()))
        time.sleep(SETTLE_S)  # the server and the solver service finish starting
        assert server.process is not None
        idle = {"server_mb": round(rss_mb(server.process.pid), 1),
                "server_cpu_s": session.server_cpu(), "solver_cpu_s": session.solver_cpu(),
                "solver_mb": round(rss_mb(server.solver.process.pid), 1) if server.solver else 0}
        session.walk()
        figures = {**session.measure(idle), **also()}
        browser.close()
    return figures


def median_tree(trees: list[Tree]) -> Tree:
    """Each leaf's median over ``trees`` (dicts of the same shape)."""
    first = trees[0]
    if isinstance(first, dict):
        return {key: median_tree([t[key] for t in trees]) for key in first}
    return round(statistics.median(trees), 2)


def measure(runs: int, use_postgres: bool) -> Tree:
    """The medians over ``runs`` of both ways of running the solver."""
    modes = {"solver_in_service": True, "solver_in_kernel": False}
    found: dict[str, list[Tree]] = {mode: [] for mode in modes}
    with contextlib.ExitStack() as stack:
        base = stack.enter_context(postgres()) if use_postgres else None
        for run in range(runs):
            for mode, shared in modes.items():  # alternate: the machine's load hits both
                name = f"footprint_{run}_{int(shared)}"
                database = fresh_database(base, name) if base else None
                figures = run_once(shared, database,
                                   partial(connections, base, name) if base else dict)
                print(f"run {run + 1} {mode}:", json.dumps(figures), file=sys.stderr)
                found[mode].append(figures)
    return {"runs": runs, "database": "postgresql" if use_postgres else "sqlite",
            **{mode: median_tree(trees) for mode, trees in found.items()}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3,
                        help="sessions per way of running the solver (default 3)")
    parser.add_argument("--no-postgres", action="store_true",
                        help="SQLite instead of a throwaway PostgreSQL (no connection figures)")
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    figures = measure(args.runs, use_postgres=not args.no_postgres)
    if args.json:
        print(json.dumps(figures))
    else:
        print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
