"""What the quick play-out misses: the weights of ``_kernel.playout_bias``, fitted again.

    python benchmarks/playout_bias.py [--positions N] [--seed S] [--json]

Early hints search two or three tricks and value the rest of the deal by a quick rule played
with every card seen (``_kernel.playout``). Here ``--positions`` (default 9,000) trick starts
of seeded standard deals played by club players, with 6, 7 and 8 tricks left in turn (where
those searches stop), are solved exactly and played out by the rule. The difference (the
first side's thirds) is fitted by least squares on four numbers of the position: +1 or -1
for the side on lead, and how many more Threes, Twos and Aces the first side holds than the
other. Printed: the fitted weights beside the kernel's, and on the positions with an odd
index (fitted on the even ones) the play-out's error in points (mean absolute and root mean
square) alone, with the kernel's correction (``BIAS_*``, rounded to thirds) and with a richer
fit that was tried (``shrunk``: per tricks left, a constant and the play-out's own value too).

Measured in December (9,000 positions, 90 s of processor time to solve them): weights
lead 1.27, Three 0.59, Two 0.34, Ace 0.22 thirds; on the held-out half the root mean square
error falls from 1.57 to 1.48 points. In the early hints' evaluator on the stored reference's
own deals (``benchmarks/early_evaluators.py --same-deals``) the correction took the agreement
of two tricks searched from 236 to 238 of 260 positions, and with the close cards searched a
third trick from 244 to 248. The hint itself (``benchmarks/hints.py --seeds 6``, 308
positions) agrees as often with it as without: 281.0 against 279.8 on average over six
seeds (with the close cards valued on every deal), 278.7 against 281.2 without that.
Those weights came from deals 900,001 on, 199 of which are deals of the hints' second-trick
reference (other positions of them); the deals now start at 3,000,001, none of the
reference's, and give lead 1.32, Three 0.60, Two 0.34, Ace 0.20 (held-out root mean square
error 1.54 to 1.45 points): the kernel's weights are unchanged.

The richer fit (tried in December) finds the play-out's value worth about half of itself
(its weight -0.45 to -0.55 beside the constant) and the Threes, Twos and Aces kept about
three times the weights above; on the held-out half (1,500 positions) the error falls from
1.58 to 1.14 points, against 1.47 with the kernel's. In the kernel (weights fitted on
``--seed 1``) it ranked the cards better on the hints' reference's own deals two tricks deep
(311 of 339 positions against 307; three deep 322 against 321), but the hint agreed less
often (``hint_search``): the kernel keeps the four weights.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from hints import club_decisions  # noqa: E402

from tressette_learn.ai.solve import compiled  # noqa: E402  (sets numba's cache first)
from tressette_learn.ai.solve.position import Position, position_from_view  # noqa: E402
from tressette_learn.engine import Deal, Rules  # noqa: E402
from tressette_learn.engine.cards import mask_of  # noqa: E402

LEFTS = (6, 7, 8)
SEED_BASE = 3_000_000


def trick_starts(count: int, seed: int) -> list[Position]:
    """``count`` trick starts, one per seeded deal played by club players."""
    rules = Rules.preset("standard")
    out: list[Position] = []
    n = 0
    while len(out) < count:
        n += 1
        deal_seed = SEED_BASE + seed * 100_000 + n
        dealt = Deal.new(rules, seed=deal_seed)
        start = {s: dealt.hand_mask(s) for s in dealt.seats}
        wanted = LEFTS[n % len(LEFTS)]
        for left, view in club_decisions(rules, deal_seed):
            if left == wanted and not view.current_trick:
                played = mask_of(c for t in view.tricks for c in t.cards)
                out.append(position_from_view(view, {s: m & ~played for s, m in start.items()}))
                break
    return out


def features(pos: Position) -> list[int]:
    """Side on lead (+1 first side), then the first side's extra Threes, Twos and Aces."""
    ours = theirs = 0
    for seat, hand in enumerate(pos.hands):
        if pos.side[seat] == 0:
            ours |= hand
        else:
            theirs |= hand
    out = [1 if pos.side[pos.to_play] == 0 else -1]
    for strength in (9, 8, 7):
        ranks = sum(1 << (10 * suit + strength) for suit in range(4))
        out.append((ours & ranks).bit_count() - (theirs & ranks).bit_count())
    return out


def measure(count: int, seed: int) -> dict[str, Any]:
    import numpy as np

    from tressette_learn.ai.solve import _kernel

    compiled.warm_up(background=False)
    core = compiled.new_core()
    above = np.array([((1 << (10 * (c // 10) + 10)) - 1) & ~((1 << (c + 1)) - 1)
                      for c in range(40)], dtype=np.int64)
    rows, missed, corrected, quicks, lefts = [], [], [], [], []
    for pos in trick_starts(count, seed):
        args = (np.array(pos.hands, dtype=np.int64), pos.to_play)
        side = np.array(pos.side, dtype=np.int64)
        quick, _ = _kernel.playout(*args, pos.tricks_left, pos.gone,
                                   np.array(pos.kernel_values(), dtype=np.int64),
                                   np.array(pos.next_seat, dtype=np.int64), side,
                                   pos.trick_size, above)
        miss = core.position_value(pos) - int(quick)
        rows.append(features(pos))
        missed.append(miss)
        corrected.append(miss - int(_kernel.playout_bias(*args, side)))
        quicks.append(int(quick))
        lefts.append(pos.tricks_left)
    x, y = np.array(rows, dtype=float), np.array(missed, dtype=float)
    weights = np.linalg.lstsq(x[::2], y[::2], rcond=None)[0]
    held_out = slice(1, None, 2)
    names = ("lead", "three", "two", "ace")
    kernel = (_kernel.BIAS_LEAD, _kernel.BIAS_THREE, _kernel.BIAS_TWO, _kernel.BIAS_ACE)
    everything = np.linalg.lstsq(x, y, rcond=None)[0]
    return {"positions": len(rows),
            "weights": dict(zip(names, everything.round(3).tolist(), strict=True)),
            "weights_even_half": dict(zip(names, weights.round(3).tolist(), strict=True)),
            "kernel": dict(zip(names, kernel, strict=True)),
            "held_out_points": {"alone": _errors(y[held_out] / 3),
                                "corrected": _errors(np.array(corrected)[held_out] / 3),
                                "shrunk": _errors(_shrunk(x, y, quicks, lefts) / 3)}}


def _shrunk(x: Any, y: Any, quicks: list[int], lefts: list[int]) -> Any:
    """The held-out misses of a richer fit (tried, not the kernel's): per tricks left, the
    four numbers plus a constant and the play-out's own value, fitted on the even
    positions."""
    import numpy as np

    wide = np.column_stack([x, np.ones(len(y)), quicks])
    misses = []
    for left in LEFTS:
        rows = np.flatnonzero(np.array(lefts) == left)
        even, odd = rows[rows % 2 == 0], rows[rows % 2 == 1]  # the halves of the others
        weights = np.linalg.lstsq(wide[even], y[even], rcond=None)[0]
        misses.append(y[odd] - np.floor(wide[odd] @ weights + 0.5))
    return np.concatenate(misses)


def _errors(errors: Any) -> dict[str, float]:
    return {"mae": round(float(statistics.fmean(abs(e) for e in errors)), 3),
            "rmse": round(float(statistics.fmean(e * e for e in errors)) ** 0.5, 3),
            "bias": round(float(statistics.fmean(errors)), 3)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=9000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    out = measure(args.positions, args.seed)
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"{out['positions']} trick starts, 6 to 8 tricks left")
    for key in ("weights", "weights_even_half", "kernel"):
        print(f"  {key:>17}: " + ", ".join(f"{k} {v}" for k, v in out[key].items()))
    for key, e in out["held_out_points"].items():
        print(f"  held out, {key:>9}: mae {e['mae']}, rmse {e['rmse']}, bias {e['bias']} points")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
