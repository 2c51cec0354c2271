"""What the quick search misjudges in an early lead: ``lead_bias.LEAD_BIAS``, fitted again.

    python benchmarks/lead_bias.py [--first N] [--second N] [--data PATH] [--fit-only]
                                   [--requick OUT] [--json]

Leads of the first and second tricks (positions ``i < N`` of ``hints.positions`` with
seeds 60 and 59, whose deals are none of the hints' reference; only those where the seat
leads) get deals drawn at random (``random.Random(777_000 + i)``; :data:`DEALS`) and every
legal card solved on them three ways: searched two and three tricks deep then played out
(as an early hint does, before the correction) and solved to the end. Each position is
appended to ``--data`` (JSON lines) as it is done, and a rerun goes on where it stopped.
After a change to the quick play-out, ``--requick OUT`` solves the quick values of ``--data``
again on the same deals (a few minutes; the exact ones are kept) and fits ``OUT``.

Fit: per position and card, how much higher the quick average is than the exact one,
less the position's mean over its cards (only the cards' relative values decide a hint),
by least squares on the kinds of lead (``lead_bias.lead_kind``, centred the same way), for
each depth. Printed: the weights beside the module's, and on the odd positions (weights
fitted on the even ones) how often the quick search's best card is a best card on the
position's own deals (within two standard errors of the paired difference), and the root
mean square of the cards' relative errors, without and with the correction.

Measured in December (164 leads, the stored file; 42 first-trick leads took 7 to 640 s
of processor time each, 122 second-trick leads 2 to 70 s, with other work on the machine):
the weights of ``LEAD_BIAS``; on the odd half, relative error 0.275 -> 0.200 points two
tricks deep and 0.193 -> 0.157 three deep, the quick best card a best card on 75 -> 79 and
79 -> 80 of 82 leads.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from hints import _agrees as near_best  # noqa: E402
from hints import position  # noqa: E402

from tressette_learn.ai.hints import warm_up  # noqa: E402
from tressette_learn.ai.inference import DealSampler, knowledge_from_view  # noqa: E402
from tressette_learn.ai.lead_bias import LEAD_BIAS, lead_kind  # noqa: E402
from tressette_learn.ai.solve import RowSolver  # noqa: E402
from tressette_learn.engine import Card, PlayerView, Rules  # noqa: E402

DATA = ROOT / "benchmarks" / "measured" / "lead_bias.jsonl"
TRICKS = {"first": 10, "second": 9}
DEALS = {10: 24, 9: 40}  # per lead, by tricks left (a first-trick lead: about a minute)
SEED = 50  # the positions' seed is this plus the tricks left
DEPTHS = (2, 3)
KINDS = tuple(LEAD_BIAS[DEPTHS[0]])  # the kinds of lead the module corrects


def solve_lead(view: PlayerView, i: int, deals: int,
               depths: tuple[int, ...] = (*DEPTHS, 0)) -> dict[str, Any]:
    """Every legal card's points on the same deals, quick at each depth and exact (0)."""
    sampler = DealSampler(knowledge_from_view(view))
    rng = random.Random(777_000 + i)
    drawn = [sampler.draw_fitting(rng) for _ in range(deals)]
    cpu = time.process_time()
    record: dict[str, Any] = {"left": 10 - len(view.tricks), "i": i}
    for depth in depths:
        solved = RowSolver(view, horizon=depth).solve(drawn, 0)
        record["cards"] = [str(c) for c in solved.cards]
        record[f"h{depth}"] = solved.points.tolist()
    return record | {"cpu_seconds": round(time.process_time() - cpu, 2)}


def make(rules: Rules, counts: dict[str, int], data: Path) -> None:
    """Solve the leads not yet in ``data``."""
    done = {(r["left"], r["i"]) for r in _read(data)}
    warm_up(background=False)
    for name, count in counts.items():
        left = TRICKS[name]
        for i in range(count):
            _, view = position(rules, left, SEED + left, i)
            if view.current_trick or (left, i) in done:
                continue
            with data.open("a") as out:
                out.write(json.dumps(solve_lead(view, i, DEALS[left])) + "\n")
            print(f"{name} trick, position {i + 1}/{count}", file=sys.stderr, flush=True)


def requick(rules: Rules, data: Path, out: Path) -> None:
    """Copy ``data`` to ``out`` with the quick values solved again by the current kernel on
    the same deals (the exact ones kept): after a change to the play-out or its correction."""
    warm_up(background=False)
    done = {(r["left"], r["i"]) for r in _read(out)}
    for r in _read(data):
        if (r["left"], r["i"]) in done:
            continue
        _, view = position(rules, r["left"], SEED + r["left"], r["i"])
        again = solve_lead(view, r["i"], len(r["h0"]), DEPTHS)
        assert again["cards"] == r["cards"], (r["left"], r["i"])
        with out.open("a") as f:
            f.write(json.dumps(r | {f"h{d}": again[f"h{d}"] for d in DEPTHS}) + "\n")


def _read(data: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in data.read_text().splitlines()] if data.exists() else []


def fit(rules: Rules, records: list[dict[str, Any]]) -> dict[str, Any]:
    """The weights on every record and on the even ones, and the held-out agreement."""
    import numpy as np

    rows = []
    for r in records:
        _, view = position(rules, r["left"], SEED + r["left"], r["i"])
        kinds = [lead_kind(Card.parse(c), view) for c in r["cards"]]
        x = np.array([[k == kind for kind in KINDS] for k in kinds], dtype=float)
        rows.append((x - x.mean(axis=0), {d: np.array(r[f"h{d}"], dtype=float)
                                          for d in (*DEPTHS, 0)}, r["cards"]))
    out: dict[str, Any] = {"positions": len(rows), "module": LEAD_BIAS}
    for depth in DEPTHS:
        everything = _weights(rows, depth)
        even = _weights(rows[::2], depth)
        held_out = rows[1::2]
        out[str(depth)] = {
            "weights": dict(zip(KINDS, everything.round(2).tolist(), strict=True)),
            "weights_even_half": dict(zip(KINDS, even.round(2).tolist(), strict=True)),
            "held_out": {"positions": len(held_out),
                         "error_alone": _error(held_out, depth, 0 * even),
                         "error_corrected": _error(held_out, depth, even),
                         "agree_alone": sum(_agrees(h, depth, 0 * even) for h in held_out),
                         "agree_corrected": sum(_agrees(h, depth, even) for h in held_out)}}
    return out


def _weights(rows: list[Any], depth: int) -> Any:
    import numpy as np

    x = np.concatenate([row[0] for row in rows])
    y = np.concatenate([_relative(row, depth) for row in rows])
    return np.linalg.lstsq(x, y, rcond=None)[0]


def _relative(row: Any, depth: int) -> Any:
    """Per card, how much higher its quick average is than its exact one, less the
    position's mean over its cards."""
    points = row[1]
    gap = (points[depth] - points[0]).mean(axis=0)
    return gap - gap.mean()


def _error(rows: list[Any], depth: int, weights: Any) -> float:
    """The root mean square of the cards' relative errors (points), once corrected."""
    import numpy as np

    misses = np.concatenate([_relative(row, depth) - row[0] @ weights for row in rows])
    return round(float(np.sqrt((misses ** 2).mean())), 3)


def _agrees(row: Any, depth: int, weights: Any) -> bool:
    """Whether the corrected quick search's best card is a best card on the exact values
    (as ``hints.py`` judges a hint against its reference)."""
    x, points, cards = row
    pick = int((points[depth].mean(axis=0) - x @ weights).argmax())
    return near_best({"points": points[0].tolist(), "cards": cards}, cards[pick], False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=154, help="first-trick positions scanned")
    parser.add_argument("--second", type=int, default=500, help="second-trick positions scanned")
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--fit-only", action="store_true", help="fit the data as it is")
    parser.add_argument("--requick", type=Path, metavar="OUT",
                        help="solve the quick values of --data again into OUT, then fit OUT")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    rules = Rules.preset("standard")
    if args.requick:
        requick(rules, args.data, args.requick)
    elif not args.fit_only:
        make(rules, {"first": args.first, "second": args.second}, args.data)
    out = fit(rules, _read(args.requick or args.data))
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"{out['positions']} leads")
    for depth in DEPTHS:
        found = out[str(depth)]
        print(f"  {depth} tricks deep: weights {found['weights']}, module {LEAD_BIAS[depth]}")
        held = found["held_out"]
        print(f"    even half {found['weights_even_half']}; on the odd half the cards' "
              f"relative error {held['error_alone']} points, corrected {held['error_corrected']}"
              f" (root mean square); the quick best card is a best card on "
              f"{held['agree_alone']} of {held['positions']}, corrected on "
              f"{held['agree_corrected']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
