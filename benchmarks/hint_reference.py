"""The reference that early hints are judged against: first- and second-trick positions,
each card solved exactly on many deals drawn from what the seat has seen.

    python benchmarks/hint_reference.py [--first N] [--second N] [--deals M] [--seed S]
                                        [--out PATH] [--extend DEALS [--within K]]

Positions are those of ``benchmarks/hints.py`` (``positions``: decisions of seeded deals
played by club players) with 10 and 9 tricks left. For each, ``--deals`` deals are drawn
at random (``random.Random(seed * 1000 + i)``, the sampler's ``draw_fitting``) and every
legal card is solved to the end on each (the batched solver, no budget). The file keeps,
per position, its trick, seat, hand and legal cards (to check that the benchmark rebuilds
the same view), each card's points per deal and the seconds it took. It is written after
every position and a rerun goes on where it stopped (the same arguments give the same
deals). The file says how long each position took (wall and processor seconds, and the
load average). The two tricks can be made in two processes (``--second 0 --out A`` and
``--first 0 --out B``), then ``--merge A B`` writes them into ``--out``.

``--extend 2000`` gives the first ``--first`` and ``--second`` positions of ``--out`` more
deals where more could change the verdict: the best card and the cards within ``--within``
standard errors of it (4 by default) are solved on the deals that follow the position's own
in the same draw, up to 2,000 in all (``more`` in the position; ``benchmarks/hints.py``
judges those cards on all their deals). A card further behind would stay behind.

Cost. With 8 deals per position (first stored file): 29 first-trick positions took 56 s of
processor time (0.24 s a deal on average, 2 s a deal at most: the leads). The file
``hint_reference_early_200.json`` has 200 deals per position (a standard error of about
0.05 point on a card's lead over another), made in December at a load average of 3 to 70 on
2 cores under ``nice -n 19``: 108 first-trick positions took 8,900 s of processor time
(median 34 s, the leads up to 534 s) and 200 second-trick positions 2,540 s (median 6 s, at
most 80 s); 31 first-trick positions more (to 139) took 4,605 s (median 45 s, one lead
1,711 s) at a load of 1 to 3, 21 more (to 160) 1,882 s (median 42 s, at most 336 s) and
the last 40 (to 200) 2,755 s (median 32 s, at most 450 s): 20,689 s for the 400 positions.
At 2,000 deals (the issue's goal) the whole would take about 57 hours of processor time.
``--extend 2000`` solves only the cards close to each position's best on the added deals
(where it stands, and what it cost: ``docs/hints-early.md``). The stored file says how many
deals it holds (``deals``, and ``more`` in each position extended).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from hints import _best, _lead, positions  # noqa: E402

from tressette_learn.ai.hints import warm_up  # noqa: E402
from tressette_learn.ai.inference import DealSampler, knowledge_from_view  # noqa: E402
from tressette_learn.ai.solve import RowSolver  # noqa: E402
from tressette_learn.engine import PlayerView, Rules  # noqa: E402

OUT = ROOT / "benchmarks" / "measured" / "hint_reference_early.json"
TRICKS = {"first": 10, "second": 9}


def describe(view: PlayerView) -> dict[str, Any]:
    """What identifies a position's view (checked when the benchmark rebuilds it)."""
    return {"trick": len(view.tricks) + 1, "seat": view.seat.name, "hand": str(view.hand),
            "cards": [str(c) for c in sorted(view.legal)]}


def solve_position(view: PlayerView, deals: int, seed: int) -> dict[str, Any]:
    """Every legal card's points on ``deals`` deals drawn at random, solved exactly."""
    sampler = DealSampler(knowledge_from_view(view))
    rng = random.Random(seed)
    solver = RowSolver(view)
    start, cpu = time.perf_counter(), time.process_time()
    points = []
    for _ in range(deals):
        solved = solver.solve([sampler.draw_fitting(rng)], 0)
        points.extend(solved.points.tolist())
    return describe(view) | {
        "seed": seed, "points": points, "seconds": round(time.perf_counter() - start, 2),
        "cpu_seconds": round(time.process_time() - cpu, 2),
        "load_average": [round(x, 1) for x in os.getloadavg()]}


def close_cards(ref: dict[str, Any], within: float, a_perdere: bool = False) -> list[str]:
    """The stored position's best card and every card whose lead over it is at most
    ``within`` standard errors of their paired difference (as ``hints.py`` judges): the
    cards more deals could judge otherwise."""
    sign = -1 if a_perdere else 1
    rows = [[sign * p for p in row] for row in ref["points"]]
    top = _best(rows)
    leads = [_lead(rows, top, j) for j in range(len(ref["cards"]))]
    return [card for j, (card, (lead, se, _)) in enumerate(zip(ref["cards"], leads, strict=True))
            if j == top or lead <= within * se]


CHUNK = 50  # deals solved between two writes of a position's added deals


def extend_position(view: PlayerView, ref: dict[str, Any], deals: int, within: float,
                    save: Callable[[dict[str, Any]], None] = lambda more: None
                    ) -> dict[str, Any]:
    """``ref``'s close cards (:func:`close_cards`) solved on the deals that follow its own
    in the same draw, up to ``deals`` in all: ``ref["more"]`` (no deals more when the best
    card has no close card: nothing to judge again). Goes on from a ``more`` left
    unfinished (its ``deals`` short of ``deals``), and hands the record so far to ``save``
    every :data:`CHUNK` deals."""
    cards = close_cards(ref, within, view.rules.a_perdere)
    chosen = [c for c in sorted(view.legal) if str(c) in cards]
    more = ref.get("more", {})
    if (more.get("within_se"), more.get("cards")) != (within, [str(c) for c in chosen]):
        more = {"within_se": within, "deals": len(ref["points"]), "cards": [str(c) for c in chosen],
                "points": [], "seconds": 0.0, "cpu_seconds": 0.0}
    sampler = DealSampler(knowledge_from_view(view))
    rng = random.Random(ref["seed"])
    for _ in range(more["deals"]):  # the deals already solved, drawn again
        sampler.draw_fitting(rng)
    solver = RowSolver(view)
    solving = len(chosen) > 1  # a lone best card: nothing to solve, the record completes
    while more["deals"] < deals:
        step = min(CHUNK, deals - more["deals"]) if solving else deals - more["deals"]
        start, cpu = time.perf_counter(), time.process_time()
        for _ in range(step if solving else 0):
            more["points"].extend(
                solver.solve([sampler.draw_fitting(rng)], 0, chosen).points.tolist())
        more = more | {
            "deals": more["deals"] + step,
            "seconds": round(more["seconds"] + time.perf_counter() - start, 2),
            "cpu_seconds": round(more["cpu_seconds"] + time.process_time() - cpu, 2),
            "load_average": [round(x, 1) for x in os.getloadavg()]}
        save(more)
    return more


def extend(out: Path, counts: dict[str, int], deals: int, within: float,
           start: int = 0) -> int:
    """Give positions ``start`` to ``counts[trick] - 1`` of ``out`` their close cards on
    ``deals`` deals (``more``), writing ``out`` every :data:`CHUNK` deals; a rerun goes on
    where it stopped (parts made in parallel from copies of ``out`` join with ``--merge``)."""
    data = json.loads(out.read_text())
    rules = Rules.preset(data["preset"])
    warm_up(background=False)
    for name, count in counts.items():
        stored = data.get(name, [])[:count]
        views = positions(rules, (TRICKS[name],), len(stored), data["seed"] + TRICKS[name])
        for i, ((_, view), ref) in enumerate(zip(views, stored, strict=True)):
            if describe(view) != {k: ref[k] for k in ("trick", "seat", "hand", "cards")}:
                raise SystemExit(f"{out}: position {name} {i} is not this one")
            more = ref.get("more", {})
            if i < start or (more.get("within_se"), more.get("deals")) == (within, deals):
                continue

            def save(more: dict[str, Any], ref: dict[str, Any] = ref) -> None:
                ref["more"] = more
                out.write_text(json.dumps(data, separators=(",", ":")) + "\n")

            more = extend_position(view, ref, deals, within, save)
            print(f"{name} {i + 1}/{count}: {len(more['cards'])} of "
                  f"{len(ref['cards'])} cards, {more['cpu_seconds']} s",
                  file=sys.stderr, flush=True)
    return 0


def _solved(position: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in position.items() if k != "more"}


def merge(out: Path, parts: list[Path]) -> int:
    """Write into ``out`` each trick's longest list of positions among ``out`` and ``parts``
    (all of one reference: the same deals and seed, the positions in the same order), each
    position with the close cards' deals (``more``) of the file that has the most."""
    files = [json.loads(p.read_text()) for p in [out, *parts] if p.exists()]
    kinds = {(f["preset"], f["seed"], f["deals"]) for f in files}
    if len(kinds) != 1:
        raise SystemExit(f"not one reference (preset, seed, deals): {sorted(kinds)}")
    data = {k: files[0][k] for k in ("preset", "seed", "deals")}
    for name in TRICKS:
        data[name] = max((f.get(name, []) for f in files), key=len)
        for f in files:
            for a, b in zip(f.get(name, []), data[name][:len(f.get(name, []))], strict=True):
                if _solved(a) != _solved(b):
                    raise SystemExit(f"the {name}-trick positions of two files differ")
                if "more" in a and a["more"].get("deals", 0) > b.get("more", {}).get("deals", -1):
                    b["more"] = a["more"]
    out.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"{out}: " + ", ".join(f"{len(data[n])} {n}-trick" for n in TRICKS), file=sys.stderr)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=200, help="first-trick positions")
    parser.add_argument("--second", type=int, default=200, help="second-trick positions")
    parser.add_argument("--deals", type=int, default=2000, help="deals per position")
    parser.add_argument("--seed", type=int, default=0, help="seed of the positions")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--merge", type=Path, nargs="+", metavar="PART",
                        help="only write into --out the positions of these files (made with "
                             "--first 0 or --second 0 in parallel), the longest list of each "
                             "trick, after --out's own")
    parser.add_argument("--extend", type=int, metavar="DEALS",
                        help="give the close cards of --out's first --first and --second "
                             "positions DEALS deals in all (the same draw continued)")
    parser.add_argument("--within", type=float, default=4.0,
                        help="with --extend: the cards within this many standard errors of "
                             "the best (default 4)")
    parser.add_argument("--start", type=int, default=0,
                        help="with --extend: begin at this position of each trick")
    args = parser.parse_args(argv)
    if args.extend:
        return extend(args.out, {"first": args.first, "second": args.second}, args.extend,
                      args.within, args.start)
    if args.merge:
        return merge(args.out, args.merge)
    rules = Rules.preset("standard")
    data: dict[str, Any] = json.loads(args.out.read_text()) if args.out.exists() else {}
    if data.get("deals") not in (None, args.deals) or data.get("seed") not in (None, args.seed):
        parser.error(f"{args.out} holds another reference (deals, seed): move it away")
    data.update({"preset": "standard", "seed": args.seed, "deals": args.deals})
    warm_up(background=False)
    for name, count in (("first", args.first), ("second", args.second)):
        done = data.setdefault(name, [])
        views = positions(rules, (TRICKS[name],), count, args.seed + TRICKS[name])
        for i, (_, view) in enumerate(views[len(done):], start=len(done)):
            done.append(solve_position(view, args.deals, args.seed * 1000 + i))
            args.out.parent.mkdir(parents=True, exist_ok=True)
            args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n")
            print(f"{name} {i + 1}/{count}: {done[-1]['seconds']} s "
                  f"(load {done[-1]['load_average'][0]})", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
