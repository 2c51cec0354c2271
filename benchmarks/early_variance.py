"""Two ways an early hint might need fewer deals for the same confidence, measured.

    python benchmarks/early_variance.py [--deals N] [--step S]

On every ``--step``-th position of each trick of the stored early reference
(``hint_reference_early_200.json``), ``--deals`` deals are drawn from the seat's view and the
close cards (within 0.5 points of the best two tricks deep) compared, deal by deal:

- **rotated hands**: each deal drawn and the deals that give its hidden hands to the other
  seats holding as many unseen cards (those that fit the view), searched two tricks deep.
  ``efficiency``: the variance of one deal's paired difference over the variance of a
  rotation group's mean times the group's size (1: as good as independent deals).
- **a one-trick control**: every deal searched one and two tricks deep. ``gain``: the
  work two tricks deep alone needs for a variance, over the work of the best two-level
  estimate (one trick deep on many deals, the two-level difference on a few) for the same.

Prints one line per position and the medians. Figures: ``docs/hints-early.md``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import statistics
import sys
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from hint_reference import TRICKS  # noqa: E402
from hints import positions  # noqa: E402

from tressette_learn.ai.inference import DealSampler, Knowledge, Sample, knowledge_from_view  # noqa: E402
from tressette_learn.ai.solve import RowSolver, warm_up_batch  # noqa: E402
from tressette_learn.engine import PlayerView, Rules  # noqa: E402

REFERENCE = ROOT / "benchmarks" / "measured" / "hint_reference_early_200.json"
CLOSE = 0.5  # points from the best: the cards whose comparison decides a hint
SEARCH_NODES = 20  # a search set up, in nodes (hint_search: SEARCH_MS * NODES_PER_MS)


def rotations(knowledge: Knowledge, deal: Sample) -> list[Sample]:
    """``deal`` and every deal giving its hidden hands to other seats of the same unseen
    size that still fits the view."""
    groups: dict[int, list[Any]] = {}
    for seat, info in knowledge.seats.items():
        groups.setdefault(info.unseen_count, []).append(seat)
    unseen = {seat: deal.hands[seat] & ~info.known for seat, info in knowledge.seats.items()}
    out: dict[tuple[Any, ...], Sample] = {}
    for combo in itertools.product(*(itertools.permutations(g) for g in groups.values())):
        hands = dict(deal.hands)
        for group, order in zip(groups.values(), combo, strict=True):
            for src, dst in zip(group, order, strict=True):
                hands[dst] = (deal.hands[dst] & knowledge.seats[dst].known) | unseen[src]
        sample = Sample(hands, deal.stock)
        if knowledge.violation(sample) is None:
            out.setdefault(tuple(sorted(hands.items())), sample)
    return list(out.values())


def close_pairs(points: Any) -> list[tuple[int, int]]:
    """(best, other) columns of the cards within :data:`CLOSE` of the best on average."""
    mean = points.mean(axis=0)
    best = int(np.argmax(mean))
    return [(best, j) for j in range(points.shape[1])
            if j != best and mean[best] - mean[j] <= CLOSE]


def rotated(view: PlayerView, deals: int, rng: random.Random) -> float | None:
    """The rotated hands' efficiency on this position (median over its close cards)."""
    knowledge = knowledge_from_view(view)
    sampler = DealSampler(knowledge)
    groups = [rotations(knowledge, sampler.draw_fitting(rng)) for _ in range(deals)]
    points = RowSolver(view, 2).solve([d for g in groups for d in g], 0).points.astype(float)
    starts = np.cumsum([0] + [len(g) for g in groups])
    size = statistics.mean(len(g) for g in groups)
    out = []
    for best, j in close_pairs(points):
        diff = points[:, best] - points[:, j]
        means = [diff[a:b].mean() for a, b in itertools.pairwise(starts)]
        alone = diff[starts[:-1]].var(ddof=1)
        if alone > 1e-9:
            out.append(alone / (size * max(float(np.var(means, ddof=1)), 1e-12)))
    return statistics.median(out) if out else None


def controlled(view: PlayerView, deals: int, rng: random.Random) -> float | None:
    """The one-trick control's gain on this position (median over its close cards)."""
    sampler = DealSampler(knowledge_from_view(view))
    drawn = [sampler.draw_fitting(rng) for _ in range(deals)]
    one, two = (RowSolver(view, h).solve(drawn, 0) for h in (1, 2))
    cost1, cost2 = ((s.nodes + SEARCH_NODES * s.searches) / deals for s in (one, two))
    p1, p2 = one.points.astype(float), two.points.astype(float)
    out = []
    for best, j in close_pairs(p2):
        d1, d2 = p1[:, best] - p1[:, j], p2[:, best] - p2[:, j]
        two_level = (np.sqrt(d1.var() * cost1) + np.sqrt((d2 - d1).var() * (cost1 + cost2)))
        if d2.var() > 1e-9:
            out.append(float(d2.var() * cost2 / two_level ** 2))
    return statistics.median(out) if out else None


def _shown(value: float | None) -> str:
    return "no close card" if value is None else f"{value:.2f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=24)
    parser.add_argument("--step", type=int, default=10)
    args = parser.parse_args(argv)
    warm_up_batch(background=False)
    data = json.loads(REFERENCE.read_text())
    rules = Rules.preset(data["preset"])
    found: dict[str, list[float]] = {"efficiency": [], "gain": []}
    for name, stored in ((n, data[n]) for n in TRICKS):
        views = positions(rules, (TRICKS[name],), len(stored), data["seed"] + TRICKS[name])
        for i in range(0, len(stored), args.step):
            view = views[i][1]
            if len(view.legal) < 2 or len(view.tricks) + 2 >= rules.tricks_per_deal:
                continue
            eff = rotated(view, args.deals, random.Random(1000 + i))
            gain = controlled(view, 4 * args.deals, random.Random(77 + i))
            for key, value in (("efficiency", eff), ("gain", gain)):
                if value is not None:
                    found[key].append(value)
            print(f"{name} {i}: efficiency {_shown(eff)}, gain {_shown(gain)}", flush=True)
    for key, values in found.items():
        print(f"median {key}: {statistics.median(values):.2f} over {len(values)} positions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
