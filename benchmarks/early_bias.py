"""What the quick search overvalues early: ``early_bias.LEAD_BIAS`` (leads) and
``FOLLOW_BIAS`` (the first trick's follows, ``--follows``), fitted again.

    python benchmarks/early_bias.py [--follows] [--first N] [--second N] [--data PATH]
                                    [--fit-only] [--requick OUT] [--json]

Positions of the first and second tricks (positions ``i < N`` of ``hints.positions`` with
seeds 60 and 59, whose deals are none of the hints' reference; only those where the seat
leads, or with ``--follows`` those where it follows with a choice) get deals drawn at random
(``random.Random(777_000 + i)``; :data:`DEALS`) and every legal card solved on them three
ways: searched two and three tricks deep then played out (as an early hint does, before the
correction) and solved to the end. Each position is appended to ``--data`` (JSON lines) as
it is done, and a rerun goes on where it stopped. After a change to the quick play-out,
``--requick OUT`` solves the quick values of ``--data`` again on the same deals (a few
minutes; the exact ones are kept) and fits ``OUT``.

Fit: per position and card, how much higher the quick average is than the exact one,
less the position's mean over its cards (only the cards' relative values decide a hint),
by least squares on the kinds of card (``early_bias.lead_kind``, ``follow_kind``, centred
the same way), for each depth. Printed: the weights beside the module's, and on the odd
positions (weights fitted on the even ones) how often the quick search's best card is a
best card on the position's own deals (within two standard errors of the paired
difference), and the root mean square of the cards' relative errors, without and with the
correction.

Measured in December, with other work on the machine: 164 leads (the stored file; 42
first-trick leads took 7 to 640 s of processor time each, 122 second-trick leads 2 to 70 s),
the weights of ``LEAD_BIAS``; on the odd half, relative error 0.275 -> 0.200 points two
tricks deep and 0.193 -> 0.157 three deep, the quick best card a best card on 75 -> 79 and
79 -> 80 of 82 leads. The first trick's follows (``--follows --first 400 --second 0``: 240
positions, 915 s in all): ``FOLLOW_BIAS``; 0.166 -> 0.152 and 0.130 -> 0.126.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from hints import _agrees as near_best  # noqa: E402
from hints import position  # noqa: E402

from tressette_learn.ai.early_bias import (  # noqa: E402
    FOLLOW_BIAS,
    LEAD_BIAS,
    follow_kind,
    lead_kind,
)
from tressette_learn.ai.hints import warm_up  # noqa: E402
from tressette_learn.ai.inference import DealSampler, knowledge_from_view  # noqa: E402
from tressette_learn.ai.solve import RowSolver  # noqa: E402
from tressette_learn.engine import Card, PlayerView, Rules  # noqa: E402

TRICKS = {"first": 10, "second": 9}
DEALS = {10: 24, 9: 40}  # per position, by tricks left (a first-trick lead: about a minute)
SEED = 50  # the positions' seed is this plus the tricks left
DEPTHS = (2, 3)


@dataclasses.dataclass(frozen=True)
class Part:
    """The leads or the follows: their stored data, the module's table and kinds."""

    data: Path
    table: dict[int, dict[str, float]]
    kind: Callable[[Card, PlayerView], str | None]
    follows: bool

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kinds the module corrects."""
        return tuple(self.table[DEPTHS[0]])

    def wanted(self, view: PlayerView) -> bool:
        """Whether ``view`` is one of this part's positions (a follow with a choice)."""
        return bool(view.current_trick) == self.follows and len(view.legal) > 1


MEASURED = ROOT / "benchmarks" / "measured"
LEADS = Part(MEASURED / "lead_bias.jsonl", LEAD_BIAS, lead_kind, False)
FOLLOWS = Part(MEASURED / "follow_bias.jsonl", FOLLOW_BIAS, follow_kind, True)


def solve_cards(view: PlayerView, i: int, deals: int,
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


def make(rules: Rules, counts: dict[str, int], part: Part, data: Path) -> None:
    """Solve the part's positions not yet in ``data``."""
    done = {(r["left"], r["i"]) for r in _read(data)}
    warm_up(background=False)
    for name, count in counts.items():
        left = TRICKS[name]
        for i in range(count):
            _, view = position(rules, left, SEED + left, i)
            if not part.wanted(view) or (left, i) in done:
                continue
            with data.open("a") as out:
                out.write(json.dumps(solve_cards(view, i, DEALS[left])) + "\n")
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
        again = solve_cards(view, r["i"], len(r["h0"]), DEPTHS)
        assert again["cards"] == r["cards"], (r["left"], r["i"])
        with out.open("a") as f:
            f.write(json.dumps(r | {f"h{d}": again[f"h{d}"] for d in DEPTHS}) + "\n")


def _read(data: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in data.read_text().splitlines()] if data.exists() else []


def fit(rules: Rules, records: list[dict[str, Any]], part: Part = LEADS) -> dict[str, Any]:
    """The weights on every record and on the even ones, and the held-out agreement."""
    import numpy as np

    rows = []
    kinds_fitted = part.kinds
    for r in records:
        _, view = position(rules, r["left"], SEED + r["left"], r["i"])
        kinds = [part.kind(Card.parse(c), view) for c in r["cards"]]
        x = np.array([[k == kind for kind in kinds_fitted] for k in kinds], dtype=float)
        rows.append((x - x.mean(axis=0), {d: np.array(r[f"h{d}"], dtype=float)
                                          for d in (*DEPTHS, 0)}, r["cards"]))
    out: dict[str, Any] = {"positions": len(rows), "module": part.table}
    for depth in DEPTHS:
        everything = _weights(rows, depth)
        even = _weights(rows[::2], depth)
        held_out = rows[1::2]
        out[str(depth)] = {
            "weights": dict(zip(kinds_fitted, everything.round(2).tolist(), strict=True)),
            "weights_even_half": dict(zip(kinds_fitted, even.round(2).tolist(), strict=True)),
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
    parser.add_argument("--follows", action="store_true",
                        help="the follows (FOLLOW_BIAS) instead of the leads (LEAD_BIAS)")
    parser.add_argument("--first", type=int, help="first-trick positions scanned "
                        "(154 for the leads, 400 for the follows)")
    parser.add_argument("--second", type=int, help="second-trick positions scanned "
                        "(500 for the leads, 0 for the follows)")
    parser.add_argument("--data", type=Path, help="the part's stored file by default")
    parser.add_argument("--fit-only", action="store_true", help="fit the data as it is")
    parser.add_argument("--requick", type=Path, metavar="OUT",
                        help="solve the quick values of --data again into OUT, then fit OUT")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    part = FOLLOWS if args.follows else LEADS
    data = args.data or part.data
    first = args.first if args.first is not None else (400 if args.follows else 154)
    second = args.second if args.second is not None else (0 if args.follows else 500)
    rules = Rules.preset("standard")
    if args.requick:
        requick(rules, data, args.requick)
    elif not args.fit_only:
        make(rules, {"first": first, "second": second}, part, data)
    out = fit(rules, _read(args.requick or data), part)
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"{out['positions']} {'follows' if args.follows else 'leads'}")
    for depth in DEPTHS:
        found = out[str(depth)]
        print(f"  {depth} tricks deep: weights {found['weights']}, module {part.table[depth]}")
        held = found["held_out"]
        print(f"    even half {found['weights_even_half']}; on the odd half the cards' "
              f"relative error {held['error_alone']} points, corrected {held['error_corrected']}"
              f" (root mean square); the quick best card is a best card on "
              f"{held['agree_alone']} of {held['positions']}, corrected on "
              f"{held['agree_corrected']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
