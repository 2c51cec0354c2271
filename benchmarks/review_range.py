"""How far back a review solves exactly: its time, and what the estimate before it misses.

    python benchmarks/review_range.py [--preset P] [--limits 10 8 7] [--deals N] [--jobs J]
                                      [--json]

Each deal is played by beginners (seed ``i``) and the first seat's cards are reviewed once
for each exact range (``exact_limit``, tricks left), the solver's table emptied before each
review. The largest limit is the judge: of the seat's plays it solves exactly and a smaller
limit estimates (:mod:`tressette_learn.ai.review`, the club player's play-out), it counts
those whose verdict changes (a mistake or not), those whose estimated better card is not an
exact best card, and the mean error of the estimated cost. Printed per limit: the review's
processor time (median, 90th percentile, max over the deals) and those counts.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tressette_learn.ai import make_player, play_deal  # noqa: E402
from tressette_learn.ai.review import Review, review  # noqa: E402
from tressette_learn.ai.solve import reset_table  # noqa: E402
from tressette_learn.engine import Deal, Rules  # noqa: E402


def one_deal(job: tuple[str, int, tuple[int, ...]]) -> dict[int, Any]:
    """The review of deal ``seed`` at each limit: its time and the first seat's plays."""
    preset, seed, limits = job
    deal = Deal.new(Rules.preset(preset), seed=seed)
    play_deal(deal, {seat: make_player("beginner", seed) for seat in deal.seats})
    out = {}
    for limit in limits:
        reset_table()
        start = time.process_time()
        reviewed = review(deal, deal.seats[0], exact_limit=limit, estimate=True)
        out[limit] = {"seconds": time.process_time() - start, "plays": plays(reviewed)}
    return out


def plays(reviewed: Review) -> list[dict[str, Any]]:
    """What the comparison needs of each play."""
    return [{"exact": p.exact, "cost": p.cost, "card": str(p.card),
             "best": [str(c) for c in p.best]} for p in reviewed.plays]


def compare(judge: list[dict[str, Any]], tried: list[dict[str, Any]]) -> dict[str, float]:
    """The plays ``tried`` estimates and ``judge`` solves: how the estimate fares."""
    pairs = [(j, t) for j, t in zip(judge, tried, strict=True) if j["exact"] and not t["exact"]]
    return {"estimated": len(pairs),
            "verdict_changed": sum((j["cost"] > 0) != (t["cost"] > 0) for j, t in pairs),
            "best_not_best": sum(not set(t["best"]) <= set(j["best"]) for j, t in pairs),
            "cost_error": sum(abs(j["cost"] - t["cost"]) for j, t in pairs),
            "exact_mistakes": sum(j["cost"] > 0 for j, _ in pairs)}


def summary(results: list[dict[int, Any]], limits: tuple[int, ...]) -> dict[int, Any]:
    """Per limit, over the deals: times and the comparison with the largest limit."""
    judge = max(limits)
    out = {}
    for limit in limits:
        seconds = sorted(r[limit]["seconds"] for r in results)
        counts: dict[str, float] = {}
        for r in results:
            for key, value in compare(r[judge]["plays"], r[limit]["plays"]).items():
                counts[key] = counts.get(key, 0) + value
        if counts.get("estimated"):
            counts["cost_error"] = round(counts["cost_error"] / counts["estimated"], 2)
        out[limit] = {"median_s": round(statistics.median(seconds), 2),
                      "p90_s": round(seconds[math.ceil(0.9 * len(seconds)) - 1], 2),
                      "max_s": round(seconds[-1], 2), "total_s": round(sum(seconds), 1),
                      **counts}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--preset", default="traversone")
    parser.add_argument("--limits", type=int, nargs="+", default=[10, 8, 7, 6])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    limits = tuple(sorted(set(args.limits), reverse=True))
    jobs = [(args.preset, seed, limits) for seed in range(args.deals)]
    with Pool(args.jobs) as pool:
        results = pool.map(one_deal, jobs, chunksize=1)
    report = summary(results, limits)
    if args.json:
        print(json.dumps({"preset": args.preset, "deals": args.deals, "limits": report}))
        return
    print(f"{args.preset}, {args.deals} deals, the first seat's plays judged at "
          f"{max(limits)} tricks left")
    for limit, r in report.items():
        print(f"exact from {limit:2} tricks left: review median {r['median_s']} s, p90 "
              f"{r['p90_s']} s, max {r['max_s']} s (processor); estimated plays "
              f"{r.get('estimated', 0)}, verdict changed {r.get('verdict_changed', 0)} "
              f"(of {r.get('exact_mistakes', 0)} mistakes), better card not a best "
              f"{r.get('best_not_best', 0)}, cost off by {r.get('cost_error', 0)} points "
              "on average")


if __name__ == "__main__":
    main()
