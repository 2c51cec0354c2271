"""Playing strength of the computer levels: duplicate deals and duplicate matches.

    python benchmarks/strength.py [--deals N] [--json] [--pairs a:b,c:d] [--preset P]
                                  [--matches M] [--match-pairs a:b,...|all|none] [--jobs J]

For a pairing ``A:B`` every seeded deal is played twice, A on the first side (N-S, or S
with two players) and then A on the second side, the cards dealt the same way: the luck of
the cards cancels. The deal's figure is A's points minus B's points (card points plus
declarations, what the scoreboard adds), averaged over the two seatings; the pairing's
``points_per_deal`` is the mean of those figures over the deals, with its standard error
(``se``, the sample standard deviation over sqrt(deals)). A perdere the sign is turned
round (fewer points is better there): a positive figure always means A played better.

Matches (to the preset's target, 21 for ``standard``) are duplicated the same way: each
match seed is played with A on either side, so ``--matches M`` plays M matches (M/2 seeds,
rounded up). ``match_win_rate`` is A's share of them, with a 95% Wilson interval
(``match_ci95``; the two matches of a seed are correlated, so the interval is a little
optimistic). Matches are played for the pairings listed in both ``--pairs`` and
``--match-pairs`` (default ``expert:random``); the others get ``null``.

Goals (points per deal): club >= +4 vs random; strong >= +1 vs club; expert >= +1.5 vs
club and >= +0.3 vs strong; expert wins >= 90% of matches to 21 against random; and
expert:club costs at most 2 s of CPU per duplicate deal (``seconds_per_deal``).

Work is spread over ``--jobs`` processes (default 2), each loading the compiled solver
core first (``solve.warm_up(background=False)``). Progress goes to stderr. ``--json``
prints ``{"pairings": [{"a", "b", "deals", "points_per_deal", "se", "match_win_rate",
"match_ci95", "matches", "seconds_per_deal", "seconds_per_match"}], "preset": ..., "jobs": ...}``;
``seconds_per_deal`` is the CPU time of one duplicate deal (both seatings) in a worker, so
a run takes about deals x seconds_per_deal / jobs seconds per pairing (and
``seconds_per_match`` is one match's CPU time).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tressette_learn.ai import LEVELS, make_player, play_deal, play_match  # noqa: E402
from tressette_learn.ai.players import Player  # noqa: E402
from tressette_learn.engine import Deal, Match, Rules, Seat  # noqa: E402
from tressette_learn.engine.seats import seats_for, side_of, sides_for  # noqa: E402

DEFAULT_PAIRS = "club:random,strong:club,expert:club,expert:strong,expert:random"
DEFAULT_MATCH_PAIRS = "expert:random"
DEFAULT_DEALS = 400
DEFAULT_MATCHES = 100
MATCH_SEED_BASE = 1_000_000  # match seeds apart from deal seeds
PROGRESS_EVERY_S = 10.0

Pair = tuple[str, str]
Seating = tuple[dict[Seat, Player], str, str]  # the players, A's side, B's side


def parse_pairs(text: str) -> list[Pair]:
    """``"a:b,c:d"`` -> [("a", "b"), ("c", "d")], every level checked."""
    out: list[Pair] = []
    for item in filter(None, (part.strip() for part in text.split(","))):
        a, sep, b = item.partition(":")
        if not sep or a not in LEVELS or b not in LEVELS:
            raise argparse.ArgumentTypeError(
                f"bad pairing {item!r}: write a:b with levels among {', '.join(LEVELS)}")
        out.append((a, b))
    return out


def table(rules: Rules, level_first: str, level_second: str, seed: int) -> dict[Seat, Player]:
    """One player per seat: ``level_first`` on the table's first side, the other on the
    second; each player seeded from ``seed`` and its seat."""
    first = sides_for(rules.players)[0]
    return {seat: make_player(level_first if side_of(seat, rules.players) == first
                              else level_second, seed=seed * 8 + seat)
            for seat in seats_for(rules.players)}


def sign(rules: Rules) -> int:
    """+1, or -1 a perdere (where fewer points is better)."""
    return -1 if rules.a_perdere else 1


def seatings(rules: Rules, pair: Pair, seed: int) -> Iterator[Seating]:
    """The two seatings of a duplicate: (players, A's side, B's side), A first on the
    table's first side, then on the second."""
    first, second = sides_for(rules.players)
    a, b = pair
    yield table(rules, a, b, seed), first, second
    yield table(rules, b, a, seed), second, first


def duplicate_deal(preset: str, pair: Pair, seed: int) -> float:
    """A's points minus B's on deal ``seed``, averaged over A on either side."""
    rules = Rules.preset(preset)
    total = 0
    for players, a_side, b_side in seatings(rules, pair, seed):
        result = play_deal(Deal.new(rules, seed=seed), players)
        total += result.total(a_side) - result.total(b_side)
    return sign(rules) * total / 2


def duplicate_match(preset: str, pair: Pair, seed: int) -> int:
    """How many of the two matches of ``seed`` (A on either side) A wins: 0, 1 or 2."""
    rules = Rules.preset(preset)
    return sum(play_match(Match(rules, seed=seed), players).winner == a_side
               for players, a_side, _ in seatings(rules, pair, seed))


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_se(values: list[float]) -> tuple[float, float]:
    """The mean and its standard error."""
    if not values:
        return (math.nan, math.nan)
    if len(values) < 2:
        return (values[0], math.nan)
    return statistics.fmean(values), statistics.stdev(values) / math.sqrt(len(values))


# -- workers -------------------------------------------------------------------------------
def _init_worker() -> None:
    from tressette_learn.ai import solve

    solve.warm_up(background=False)


Result = tuple[float, float]  # (the job's figure, its CPU seconds in the worker)


def _deal_job(job: tuple[str, Pair, int]) -> Result:
    start = time.process_time()
    return duplicate_deal(*job), time.process_time() - start


def _match_job(job: tuple[str, Pair, int]) -> Result:
    start = time.process_time()
    return float(duplicate_match(*job)), time.process_time() - start


class Runner:
    """Runs jobs in a process pool (or in this process with one job)."""

    def __init__(self, jobs: int):
        self.jobs = jobs
        self.pool: Any = None
        if jobs > 1:
            # spawn: every worker loads the numba core itself, nothing is inherited
            self.pool = multiprocessing.get_context("spawn").Pool(jobs, _init_worker)
        else:
            _init_worker()

    def map(self, fn: Callable[[tuple[str, Pair, int]], Result],
            jobs: list[tuple[str, Pair, int]]) -> Iterator[Result]:
        if self.pool is None:
            return map(fn, jobs)
        return iter(self.pool.imap_unordered(fn, jobs))

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()
            self.pool.join()


def _collect(results: Iterable[Result], total: int, label: str,
             describe: Callable[[list[float]], str]) -> tuple[list[float], float]:
    """Gather results, printing progress to stderr; returns the figures and the CPU
    seconds the workers spent on them."""
    start = last = time.perf_counter()
    out: list[float] = []
    cpu = 0.0
    for value, seconds in results:
        out.append(value)
        cpu += seconds
        now = time.perf_counter()
        if now - last >= PROGRESS_EVERY_S or len(out) == total:
            last = now
            print(f"  {label}: {len(out)}/{total} done, {now - start:.0f} s, {describe(out)}",
                  file=sys.stderr, flush=True)
    return out, cpu


def _describe_points(values: list[float]) -> str:
    m, se = mean_se(values)
    return f"mean {m:+.2f} ± {se:.2f} points/deal" if not math.isnan(se) else f"mean {m:+.2f}"


def _describe_wins(values: list[float]) -> str:
    return f"A won {sum(values):.0f} of {2 * len(values)} matches"


def run_pairing(runner: Runner, preset: str, pair: Pair, deals: int,
                matches: int) -> dict[str, Any]:
    """One pairing's duplicate deals (and matches when ``matches`` > 0)."""
    label = f"{pair[0]}:{pair[1]}"
    entry: dict[str, Any] = {"a": pair[0], "b": pair[1], "deals": deals,
                             "points_per_deal": None, "se": None, "match_win_rate": None,
                             "match_ci95": None, "matches": 0, "seconds_per_deal": None,
                             "seconds_per_match": None}
    if deals:
        jobs = [(preset, pair, seed) for seed in range(deals)]
        values, cpu = _collect(runner.map(_deal_job, jobs), deals, f"{label} deals",
                                   _describe_points)
        m, se = mean_se(values)
        entry.update(points_per_deal=m, se=None if math.isnan(se) else se,
                     seconds_per_deal=cpu / deals)
    if matches:
        seeds = -(-matches // 2)
        jobs = [(preset, pair, MATCH_SEED_BASE + seed) for seed in range(seeds)]
        wins, cpu = _collect(runner.map(_match_job, jobs), seeds, f"{label} matches",
                           _describe_wins)
        played = 2 * seeds
        lo, hi = wilson(sum(wins), played)
        entry.update(match_win_rate=sum(wins) / played, match_ci95=[lo, hi], matches=played,
                     seconds_per_match=cpu / played)
    return entry


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=DEFAULT_DEALS,
                        help=f"seeded deals per pairing, each played twice "
                             f"(default {DEFAULT_DEALS})")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--pairs", type=parse_pairs, default=parse_pairs(DEFAULT_PAIRS),
                        help=f"pairings A:B (default {DEFAULT_PAIRS})")
    parser.add_argument("--preset", default="standard", help="rules preset (default standard)")
    parser.add_argument("--matches", type=int, default=DEFAULT_MATCHES,
                        help=f"matches per match pairing, half of them with the seats "
                             f"swapped (default {DEFAULT_MATCHES})")
    parser.add_argument("--match-pairs", default=DEFAULT_MATCH_PAIRS,
                        help=f"pairings that also play matches: a:b,..., 'all' or 'none' "
                             f"(default {DEFAULT_MATCH_PAIRS})")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    args = parser.parse_args(argv)
    Rules.preset(args.preset)  # an unknown preset fails here, not in the workers
    if args.match_pairs == "all":
        match_pairs = set(args.pairs)
    elif args.match_pairs == "none":
        match_pairs = set()
    else:
        match_pairs = set(parse_pairs(args.match_pairs))

    runner = Runner(max(1, args.jobs))
    report: dict[str, Any] = {"preset": args.preset, "jobs": runner.jobs, "pairings": []}
    try:
        for pair in args.pairs:
            print(f"{pair[0]}:{pair[1]} ({args.preset})", file=sys.stderr, flush=True)
            matches = args.matches if pair in match_pairs else 0
            report["pairings"].append(run_pairing(runner, args.preset, pair, args.deals,
                                                  matches))
    finally:
        runner.close()

    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"duplicate deals ({args.preset}): A's points minus B's per deal, both seatings")
    print(f"{'A:B':>16} | {'deals':>5} {'pts/deal':>8} {'se':>5} {'cpu s':>6} | "
          f"{'matches':>7} {'A wins':>6} {'95% interval':>14}")
    for e in report["pairings"]:
        pts = "-" if e["points_per_deal"] is None else f"{e['points_per_deal']:+.2f}"
        se = "-" if e["se"] is None else f"{e['se']:.2f}"
        secs = "-" if e["seconds_per_deal"] is None else f"{e['seconds_per_deal']:.2f}"
        row = f"{e['a'] + ':' + e['b']:>16} | {e['deals']:>5} {pts:>8} {se:>5} {secs:>6} | "
        if e["match_win_rate"] is None:
            row += f"{'-':>7}"
        else:
            lo, hi = e["match_ci95"]
            row += (f"{e['matches']:>7} {100 * e['match_win_rate']:>5.1f}% "
                    f"[{100 * lo:5.1f}, {100 * hi:5.1f}]%")
        print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
