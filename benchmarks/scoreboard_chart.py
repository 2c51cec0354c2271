"""CPU time of the scoreboard's redraw (its chart of totals) as a match goes on.

    python benchmarks/scoreboard_chart.py [--runs N] [--deals D] [--code DIR] [--json]

Each run is a fresh interpreter (as a learner's kernel is): it imports the scoreboard,
plays ``D`` standard deals (default 5) by always playing the first legal card, shows an
empty board to a match to 31, then adds the deals one at a time and times each
``add_deal`` (which redraws the deal panel, the progress and the chart) in CPU seconds
(``time.process_time``). The first redraw pays for whatever the chart loads the first
time (matplotlib's import, before the SVG chart). Printed: the medians over ``--runs``
(default 7) of the first redraw (``first_ms``), the last (``last_ms``, with ``D`` deals
on the chart) and of all of them (``match_ms``). ``--code DIR`` measures the
``tressette_learn`` found in DIR (e.g. another worktree, to compare with main).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Run in each fresh interpreter: prints the CPU ms of every add_deal as JSON.
CHILD = """
import json, sys, time
from tressette_learn.engine import Deal, Rules
from tressette_learn.ui.scoreboard import Scoreboard

rules = Rules.preset("standard")
deals = []
for seed in range(int(sys.argv[1])):
    deal = Deal.new(rules, seed=seed)
    while not deal.is_over():
        deal.play(deal.legal_cards()[0])
    deals.append(deal.result())
board = Scoreboard(rules, target=31)
times = []
for result in deals:
    start = time.process_time()
    board.add_deal(result)
    times.append(1000 * (time.process_time() - start))
print(json.dumps(times))
"""


def one_run(code: Path, deals: int) -> list[float]:
    """The CPU ms of each ``add_deal`` in a fresh interpreter importing from ``code``."""
    env = {**os.environ, "PYTHONPATH": str(code)}
    out = subprocess.run([sys.executable, "-c", CHILD, str(deals)], capture_output=True,
                         text=True, check=True, env=env, cwd=code, timeout=300)
    return [float(ms) for ms in json.loads(out.stdout)]


def run(code: Path, runs: int, deals: int) -> dict[str, float]:
    """Medians over ``runs`` fresh interpreters."""
    times = [one_run(code, deals) for _ in range(runs)]
    return {"first_ms": round(statistics.median(t[0] for t in times), 1),
            "last_ms": round(statistics.median(t[-1] for t in times), 1),
            "match_ms": round(statistics.median(sum(t) for t in times), 1),
            "deals": deals, "runs": runs}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="fresh interpreters (default 7)")
    parser.add_argument("--deals", type=int, default=5, help="deals added (default 5)")
    parser.add_argument("--code", type=Path, default=ROOT,
                        help="directory holding the tressette_learn to measure")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    figures = run(args.code.resolve(), args.runs, args.deals)
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"scoreboard redraw CPU ms, median of {args.runs} runs ({args.code}): "
              f"after 1 deal {figures['first_ms']}, after {args.deals} deals "
              f"{figures['last_ms']}, the {args.deals} redraws {figures['match_ms']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
