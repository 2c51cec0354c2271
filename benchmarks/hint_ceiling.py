"""What the early-hint goal asks, in deals solved exactly: how often a hint that solved every
card to the end on K deals would agree with the judge of ``benchmarks/hints.py``.

    python benchmarks/hint_ceiling.py [--reference PATH] [--parts PART ...] [--k 25 50 ...]

For each position of the stored reference whose close cards reached the reference's target
(``hint_reference.py --extend``: ``more``), K of its first deals (every legal card solved
there) are drawn at random, the card with the most points on them is the exact hint's, and
the benchmark's own judge (``hints._agrees``) rules on the position's other deals, so that the
hint never sees the deals it is judged on. Each K is drawn ``--draws`` times per position;
the figure is the mean agreement, by trick. ``--parts`` adds positions from references being
extended (per position, the file that went furthest: ``hint_reference.merge``).

This is the ceiling of sampling, not of a method: no hint can do better on K deals than
solving each of them exactly, and a hint of 300 ms solves none of the first two tricks' deals
exactly (one such deal costs 0.01 s to 24 s). Figures: ``docs/hints-early.md``.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from hint_reference import TRICKS, merge  # noqa: E402
from hints import _agrees, _best  # noqa: E402

REFERENCE = ROOT / "benchmarks" / "measured" / "hint_reference_early_200.json"
TARGET = 2000  # the deals the goal's judge rules on


def exact_hint_agrees(ref: dict[str, Any], chosen: list[int]) -> bool:
    """Whether the card with the most points on deals ``chosen`` (indices into the position's
    first deals) agrees with the judge ruling on every other deal of the position."""
    rows = ref["points"]
    card = ref["cards"][_best([rows[d] for d in chosen])]
    kept = set(range(len(rows))) - set(chosen)
    return _agrees(ref | {"points": [rows[d] for d in sorted(kept)]}, card, False)


def ceiling(positions: list[dict[str, Any]], k: int, draws: int, seed: int = 0) -> float:
    """The mean number of ``positions`` where an exact hint on ``k`` deals agrees."""
    total = 0.0
    for i, ref in enumerate(positions):
        rng = random.Random(seed * 1_000_003 + i * 1009 + k)
        deals = range(len(ref["points"]))
        total += statistics.fmean(exact_hint_agrees(ref, rng.sample(deals, k))
                                  for _ in range(draws))
    return total


def cost(positions: list[dict[str, Any]], k: int) -> tuple[float, float]:
    """Processor seconds to solve every card on ``k`` deals (p50, p90 over ``positions``),
    from the reference's own times on its first deals."""
    each = [k * p["cpu_seconds"] / len(p["points"]) for p in positions]
    return statistics.median(each), statistics.quantiles(each, n=10)[8]


def complete(data: dict[str, Any], name: str) -> list[dict[str, Any]]:
    """The positions of trick ``name`` whose close cards are on all the deals asked for."""
    return [p for p in data.get(name, []) if p.get("more", {}).get("deals", 0) >= TARGET]


def _load(reference: Path, parts: list[Path]) -> dict[str, Any]:
    if not parts:
        return json.loads(reference.read_text())
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "merged.json"
        shutil.copy(reference, out)
        merge(out, parts)
        return json.loads(out.read_text())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, default=REFERENCE)
    parser.add_argument("--parts", type=Path, nargs="*", default=[])
    parser.add_argument("--k", type=int, nargs="+", default=[25, 50, 100, 150])
    parser.add_argument("--draws", type=int, default=40, help="draws of K deals a position")
    args = parser.parse_args(argv)
    data = _load(args.reference, args.parts)
    if data["preset"] != "standard":
        raise SystemExit("the ceiling is measured on the standard preset (points to win)")
    for name in TRICKS:
        found = complete(data, name)
        if not found:
            print(f"{name} trick: no position on {TARGET} deals yet")
            continue
        figures = ", ".join(f"K={k}: {100 * ceiling(found, k, args.draws) / len(found):.1f}%"
                            for k in args.k)
        print(f"{name} trick, {len(found)} positions judged on {TARGET} deals: {figures}")
        print("  processor time to solve every card exactly on K deals (p50, p90): " +
              ", ".join("K={}: {:.1f} s, {:.1f} s".format(k, *cost(found, k)) for k in args.k))
    return 0


if __name__ == "__main__":
    sys.exit(main())
