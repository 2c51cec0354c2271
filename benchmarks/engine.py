"""Engine benchmark: random 4-player deals per second, fast path and public API.

    python benchmarks/engine.py [--json] [--seconds S] [--repeats R] [--wall]

Each measurement plays random deals (dealing included) for S seconds; it is repeated R
times and the median is reported. By default the clock is the process CPU time, so the
figure is "deals per second on one core" even when other programs share the machine;
``--wall`` uses the wall clock instead.

(a) ``fast_deals_per_s``: :func:`_playout.random_deal_playout` (``benchmarks/_playout.py``)
    (uniform deal, uniformly random legal cards, card thirds of both sides).
(b) ``api_deals_per_s``: the public engine, ``Deal.new`` then ``deal.play`` of a random
    legal card until ``deal.is_over()``, then ``deal.result()``.

With ``--json`` one JSON object is printed: ``{"fast_deals_per_s": N, "api_deals_per_s": N}``
(``null`` for a part that could not run; the reason goes to stderr).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import _playout  # noqa: E402  (benchmarks/_playout.py, beside this file)

Clock = Callable[[], float]


def rate(step: Callable[[], object], batch: int, seconds: float, clock: Clock) -> float:
    """Deals per second: call ``step`` (one deal) in batches for about ``seconds``."""
    count = 0
    start = clock()
    elapsed = 0.0
    while elapsed < seconds:
        for _ in range(batch):
            step()
        count += batch
        elapsed = clock() - start
    return count / elapsed


def median_rate(step: Callable[[], object], batch: int, seconds: float, repeats: int,
                clock: Clock) -> tuple[float, list[float]]:
    """The median and all the rates of ``repeats`` measurements."""
    rates = [rate(step, batch, seconds, clock) for _ in range(repeats)]
    return statistics.median(rates), rates


def fast_steps(seed: int) -> tuple[Callable[[], object], Callable[[], object]]:
    """The fused deal-and-playout, and the same from the public primitives."""
    rng = random.Random(seed)
    fused = _playout.random_deal_playout
    deal_hands = _playout.deal_hands
    playout = _playout.random_playout
    fused(rng)  # build the tables outside the timing

    def step_fused() -> object:
        return fused(rng)

    def step_composed() -> object:
        return playout(deal_hands(rng), 0, rng)

    return step_fused, step_composed


def api_step(seed: int) -> Callable[[], object]:
    """One random deal through the public engine API."""
    from tressette_learn.engine import Deal, Rules, Seat

    rules = Rules.preset("standard")
    rng = random.Random(seed)
    counter = [seed]

    def step() -> object:
        counter[0] += 1
        deal = Deal.new(rules, dealer=Seat.E, seed=counter[0])
        while not deal.is_over():
            deal.play(rng.choice(deal.legal_cards()))
        return deal.result()

    step()  # fail fast, outside the timing, if the API does not fit
    return step


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Random 4-player deals per second, fast path and public API.")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="seconds per measurement (default 2)")
    parser.add_argument("--repeats", type=int, default=5,
                        help="measurements per figure; the median is reported (default 5)")
    parser.add_argument("--wall", action="store_true",
                        help="time with the wall clock instead of the process CPU time")
    parser.add_argument("--seed", type=int, default=2024, help="random seed")
    args = parser.parse_args(argv)
    clock: Clock = time.perf_counter if args.wall else time.process_time
    repeats = max(1, args.repeats)
    unit = "deals/s (wall clock)" if args.wall else "deals/s (per CPU second, one core)"
    lines: list[str] = []

    step_fused, step_composed = fast_steps(args.seed)
    fast_median, fast_rates = median_rate(step_fused, 200, args.seconds, repeats, clock)
    lines.append(f"fast  random_deal_playout             median {fast_median:9,.0f} {unit}  "
                 f"[{', '.join(f'{r:,.0f}' for r in fast_rates)}]")
    if not args.json:
        composed_median, composed_rates = median_rate(step_composed, 200, args.seconds,
                                                      repeats, clock)
        lines.append(f"fast  deal_hands + random_playout     median {composed_median:9,.0f} "
                     f"{unit}  [{', '.join(f'{r:,.0f}' for r in composed_rates)}]")

    api_median: float | None = None
    try:
        step = api_step(args.seed)
    except Exception as err:  # any mismatch: report it and keep part (a)
        print(f"benchmarks/engine.py: the public API benchmark cannot run: "
              f"{type(err).__name__}: {err}", file=sys.stderr)
    else:
        api_median, api_rates = median_rate(step, 5, args.seconds, repeats, clock)
        lines.append(f"api   Deal.new + play + result        median {api_median:9,.0f} "
                     f"{unit}  [{', '.join(f'{r:,.0f}' for r in api_rates)}]")

    if args.json:
        print(json.dumps({
            "fast_deals_per_s": round(fast_median),
            "api_deals_per_s": None if api_median is None else round(api_median),
        }))
    else:
        print(f"Random 4-player deals, dealing included; median of {repeats} x "
              f"{args.seconds:g} s")
        print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
