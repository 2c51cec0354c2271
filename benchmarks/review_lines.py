"""How a review tells the mistakes no rule of thumb explains: by the solver's lines.

    python benchmarks/review_lines.py [--deals N] [--presets P ...] [--json]

Each deal of each preset is played by beginners (seed ``i``) and the first seat's cards are
reviewed. Of its exact mistakes whose better card no rule of thumb explains (``best_line``)
or only by a fact (``overtake``: "the Ace beats the Four"), it counts those told by one
trick of the solver's lines, by two (:func:`~tressette_learn.ai.solver_line.story`) and
those left with the plain "the whole deal does". Printed per preset, with the review's
processor time (median and total over the deals).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tressette_learn.ai import make_player, play_deal  # noqa: E402
from tressette_learn.ai.review import SOLVER_TOLD, ReviewedPlay, review  # noqa: E402
from tressette_learn.engine import Deal, Rules  # noqa: E402
from tressette_learn.i18n import Phrase  # noqa: E402

PRESETS = ("standard", "col_morto", "a_perdere", "traversone", "a_due")


def told(play: ReviewedPlay) -> str:
    """``one``, ``two`` or ``none``: how many tricks of the lines tell the mistake."""
    said = play.explanation.phrase
    if said.key == "explain.fact_then_line":
        said = said.facts["line"]
    if said.key != "explain.best_line.contrast":
        return "none"
    then = said.facts["then"]
    return "two" if isinstance(then, Phrase) and then.key == "explain.line.both" else "one"


def measure(preset: str, deals: int) -> dict[str, Any]:
    """The counts and the review times of ``deals`` deals of ``preset``."""
    counts: Counter[str] = Counter()
    seconds = []
    for seed in range(deals):
        deal = Deal.new(Rules.preset(preset), seed=seed)
        play_deal(deal, {seat: make_player("beginner", seed) for seat in deal.seats})
        start = time.process_time()
        reviewed = review(deal, deal.seats[0])
        seconds.append(time.process_time() - start)
        for play in reviewed.mistakes:
            if play.exact and play.explanation.reason in SOLVER_TOLD:
                counts[f"{play.explanation.reason}:{told(play)}"] += 1
    return {"deals": deals, "counts": dict(sorted(counts.items())),
            "review_median_s": statistics.median(seconds), "review_total_s": sum(seconds)}


def show(preset: str, r: dict[str, Any]) -> None:
    """One preset's counts and times, as lines of text."""
    c = r["counts"]
    for reason in SOLVER_TOLD:
        one, two, none = (c.get(f"{reason}:{k}", 0) for k in ("one", "two", "none"))
        print(f"{preset:>10} {reason:>9}: {one + two + none:3} exact mistakes, told by one "
              f"trick {one}, by two {two}, by neither {none}")
    print(f"{'':>10} review: median {r['review_median_s']:.2f} s, total "
          f"{r['review_total_s']:.1f} s (processor, {r['deals']} deals)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--presets", nargs="+", default=list(PRESETS))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = {}
    for preset in args.presets:  # a preset's lines as soon as it is measured
        report[preset] = measure(preset, args.deals)
        if not args.json:
            show(preset, report[preset])
    if args.json:
        print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
