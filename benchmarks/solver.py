"""Exact-solver timings: the compiled core by tricks left, full deals, and hint-sized work.

    python benchmarks/solver.py [--json] [--positions N] [--compile] [--hint-deals N]

Positions: seeded 4-player deals (``standard``) played at random up to a trick start with
3..10 tricks left (10 = the full deal at the opening lead). For each position the table is
cleared and :func:`solve.position_value` finds the first side's exact thirds
(the value of the best card). ``all cards`` is :func:`solve.solve_full_deal`
(exact thirds of every legal card: what a hint needs for one sampled deal) and ``points``
is ``solve.solve_full_deal(deal, points_only=True)``. Times are wall-clock seconds of the call (the
process's CPU time is also in the JSON: other work on the machine inflates wall time).
``--compile`` also measures loading the core in fresh processes, with an empty numba cache
(compiling) and with the cache just written.

Hints: :func:`measure_hint_latency_ms` times ``hint(view, block=True)`` at every decision of
``--hint-deals`` seeded ``standard`` deals (default 200; 0 skips it) played by club
players, split into exact hints (every deal that fits the view solved) and estimated ones
(see ``benchmarks/hints.py`` for the hints' own benchmark: agreement and latency).

JSON keys: ``full_deal_median_s``, ``full_deal_p90_s``, ``by_tricks_left`` (tricks left ->
``median_s``/``p90_s``/``max_s``), ``all_cards_by_tricks_left``, ``points_by_tricks_left``,
``cpu_by_tricks_left``, ``compile`` (with ``--compile``), ``hint_p90_ms`` (every decision)
and ``hint_latency`` (``deals``; ``overall``/``exact``/``estimated`` -> ``count``,
``p50_ms``, ``p90_ms``, ``max_ms``) unless ``--hint-deals 0``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tressette_learn.ai import make_player, play_deal, solve  # noqa: E402
from tressette_learn.ai.hints import hint  # noqa: E402
from tressette_learn.ai.players import Decision, Player  # noqa: E402
from tressette_learn.engine import DECK, Deal, PlayerView, Rules  # noqa: E402

TRICKS = range(3, 11)
HINT_TRICKS = range(3, 9)  # all-card solves (hints) are wanted up to 8 tricks left


def points_values(deal: Deal) -> object:
    """Every legal card's exact points (no thirds): what a points hint needs."""
    return solve.solve_full_deal(deal, points_only=True)


def random_deal(seed: int, tricks_left: int, preset: str = "standard") -> Deal:
    """A seeded deal played at random up to a trick start with ``tricks_left`` left."""
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed)
    while rules.tricks_per_deal - len(deal.tricks) > tricks_left:
        legal = deal.legal_mask()
        deal.play(DECK[rng.choice([c for c in range(40) if legal >> c & 1])])
    return deal


def p90(values: list[float]) -> float:
    """The 90th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, -(-9 * len(ordered) // 10) - 1)]


def summarize(values: list[float]) -> dict[str, float]:
    return {"median_s": statistics.median(values), "p90_s": p90(values), "max_s": max(values)}


def timed(deals: list[Deal], call: Callable[[Deal], Any]) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of ``call`` on each deal, the table cleared before each."""
    wall, cpu = [], []
    for deal in deals:
        solve.reset_table()
        w, c = time.perf_counter(), time.process_time()
        call(deal)
        wall.append(time.perf_counter() - w)
        cpu.append(time.process_time() - c)
    return wall, cpu


class _HintTimer(Player):
    """Plays as a club player; before each decision, times the hint for that view."""

    def __init__(self) -> None:
        self.inner = make_player("club")
        self.level = self.inner.level
        self.exact: list[float] = []
        self.estimated: list[float] = []

    def choose(self, view: PlayerView) -> Decision:
        start = time.perf_counter()
        found = hint(view, block=True)
        elapsed = 1000 * (time.perf_counter() - start)
        (self.exact if found.exact else self.estimated).append(elapsed)
        return self.inner.choose(view)


def _latency_summary(values: list[float]) -> dict[str, float]:
    if not values:
        return {"count": 0}
    return {"count": len(values), "p50_ms": statistics.median(values), "p90_ms": p90(values),
            "max_ms": max(values)}


def measure_hint_latency_ms(deals: int = 200, preset: str = "standard",
                            progress: bool = True) -> dict[str, Any] | None:
    """The latency of a hint (ms) at EVERY decision of ``deals`` seeded deals played by club
    players: before each decision ``hint(deal.view(seat), block=True)`` is timed (after a
    warm-up: the core loaded and one untimed hint). Returns ``overall``, ``exact``
    (every fitting deal solved) and ``estimated`` (the others), each with
    ``count``/``p50_ms``/``p90_ms``/``max_ms``; None when ``deals`` is 0."""
    if deals <= 0:
        return None
    solve.warm_up(background=False)
    rules = Rules.preset(preset)
    warm = Deal.new(rules, seed=-1)
    assert warm.to_play is not None
    hint(warm.view(warm.to_play), block=True)  # untimed: first-call imports and tables
    timer = _HintTimer()
    start = time.perf_counter()
    for n in range(deals):
        deal = Deal.new(rules, seed=50_000 + n)
        play_deal(deal, dict.fromkeys(deal.seats, timer))
        if progress and ((n + 1) % 10 == 0 or n + 1 == deals):
            print(f"hints: {n + 1}/{deals} deals, {time.perf_counter() - start:.0f} s",
                  file=sys.stderr, flush=True)
    return {"deals": deals, "overall": _latency_summary(timer.exact + timer.estimated),
            "exact": _latency_summary(timer.exact),
            "estimated": _latency_summary(timer.estimated)}


COMPILE_SCRIPT = """
import time
t = time.perf_counter()
from tressette_learn.ai import solve
solve.warm_up(background=False)
print(time.perf_counter() - t)
"""


def measure_compile() -> dict[str, float]:
    """Seconds until the core is ready in a fresh process: empty cache, then warm cache."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=str(ROOT))
        runs = []
        for _ in range(2):
            out = subprocess.run([sys.executable, "-c", COMPILE_SCRIPT], env=env, check=True,
                                 capture_output=True, text=True)
            runs.append(float(out.stdout.strip().splitlines()[-1]))
    return {"cold_cache_s": runs[0], "warm_cache_s": runs[1]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--positions", type=int, default=20, help="positions per row")
    parser.add_argument("--compile", action="store_true", help="also time cold/warm loads")
    parser.add_argument("--hint-deals", type=int, default=200,
                        help="deals whose every decision gets a timed hint (0 skips it)")
    args = parser.parse_args(argv)

    report: dict[str, Any] = {}
    if args.compile:
        report["compile"] = measure_compile()
    t = time.perf_counter()
    solve.warm_up(background=False)
    report["ready_in_this_process_s"] = time.perf_counter() - t

    by, cpu_by, all_by, points_by = {}, {}, {}, {}
    for tricks in TRICKS:
        deals = [random_deal(10_000 * tricks + i, tricks) for i in range(args.positions)]
        wall, cpu = timed(deals, lambda d: solve.position_value(solve.position_from_deal(d)))
        by[str(tricks)] = summarize(wall)
        cpu_by[str(tricks)] = summarize(cpu)
        if tricks in HINT_TRICKS:
            all_by[str(tricks)] = summarize(timed(deals, solve.solve_full_deal)[0])
            points_by[str(tricks)] = summarize(timed(deals, points_values)[0])
    report["full_deal_median_s"] = by["10"]["median_s"]
    report["full_deal_p90_s"] = by["10"]["p90_s"]
    report["by_tricks_left"] = by
    report["cpu_by_tricks_left"] = cpu_by
    report["all_cards_by_tricks_left"] = all_by
    report["points_by_tricks_left"] = points_by
    report["positions"] = args.positions
    hint = measure_hint_latency_ms(args.hint_deals)
    if hint is not None:
        report["hint_p90_ms"] = hint["overall"]["p90_ms"]
        report["hint_latency"] = hint

    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    if "compile" in report:
        c = report["compile"]
        print(f"core ready in a fresh process: {c['cold_cache_s']:.2f} s with an empty cache, "
              f"{c['warm_cache_s']:.2f} s with the cache")
    print(f"{args.positions} random 4-player positions per row (trick starts); seconds")
    print(f"{'tricks':>6} | {'value med':>9} {'p90':>7} {'max':>7} | {'cpu med':>7} {'p90':>7} "
          f"| {'all cards med':>13} {'p90':>7} | {'points med':>10} {'p90':>7}")
    for tricks in TRICKS:
        k = str(tricks)
        row = (f"{tricks:>6} | {by[k]['median_s']:>9.4f} {by[k]['p90_s']:>7.4f} "
               f"{by[k]['max_s']:>7.3f} | {cpu_by[k]['median_s']:>7.4f} {cpu_by[k]['p90_s']:>7.4f}")
        if k in all_by:
            row += (f" | {all_by[k]['median_s']:>13.4f} {all_by[k]['p90_s']:>7.4f}"
                    f" | {points_by[k]['median_s']:>10.4f} {points_by[k]['p90_s']:>7.4f}")
        print(row)
    print(f"full deal (10 tricks, opening lead): median {report['full_deal_median_s']:.3f} s, "
          f"p90 {report['full_deal_p90_s']:.3f} s")
    if "hint_latency" in report:
        h = report["hint_latency"]
        print(f"hint latency (ms) at every decision of {h['deals']} club-played deals:")
        for kind in ("overall", "exact", "estimated"):
            r = h[kind]
            if r["count"]:
                print(f"  {kind:>9}: {r['count']:>5} hints, p50 {r['p50_ms']:7.1f}, "
                      f"p90 {r['p90_ms']:7.1f}, max {r['max_ms']:7.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
