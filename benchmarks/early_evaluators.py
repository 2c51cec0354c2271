"""Early hints: candidate ways of valuing the cards, each judged against the stored exact
reference of the first and second trick.

    python benchmarks/early_evaluators.py [--reference PATH] [--candidates SPEC ...]
                                          [--first N] [--second N] [--json]

Each candidate is ``HORIZON/BUDGET_MS``: the early search (``hint_search``, three or four
hands with more than ``SOLVE_TRICKS`` tricks to go) solves ``HORIZON`` tricks exactly (the
one in play counts; 0: to the end of the deal, today's search) and values the rest of the
deal by the compiled core's quick play-out (``_kernel.playout``), within a budget of
``BUDGET_MS`` ms of work (``EARLY_MS``; the first deal's allowance stays ``EARLY_FIRST_MS``
unless the spec adds ``/FIRST_MS``; the search is quick with more than ``--quick-tricks``
tricks to go); a spec ending in ``:free`` turns off the rule that
early another card than the club player's must be clearly better than the club card
(``hints.EARLY_CLUB``). ``club`` is the club player's card, no search.

``--third N`` judges N third-trick positions instead, against ``--third-deals`` deals each
solved exactly on the spot (about 1 s of processor time a deal).

For every position of the reference (``benchmarks/hint_reference.py``; the default is the
200-deal file) the full hint is made once (seed ``hints.hint_seed``, never the reference's)
with the candidate's settings, and judged as ``benchmarks/hints.py`` judges the early
region: the hint's card agrees when the reference's best card is ahead of it by at most two
standard errors of the paired difference. Printed per candidate: agreement (first, second,
overall, with its binomial standard error), how many hints were not separated, the
processor ms per hint (p50, p90, max) and the load average. Work, not time, bounds the
search, so the agreement does not depend on the machine's load; the milliseconds do.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from hint_reference import TRICKS, describe, solve_position  # noqa: E402
from hints import _stored_lead, _summary, hint_seed, positions, shown  # noqa: E402

from tressette_learn.ai import hint_search, hints  # noqa: E402
from tressette_learn.ai.heuristic import Reading, advice_for  # noqa: E402
from tressette_learn.ai.hints import hint, warm_up  # noqa: E402
from tressette_learn.ai.inference import DealSampler, knowledge_from_view  # noqa: E402
from tressette_learn.ai.solve import RowSolver  # noqa: E402
from tressette_learn.engine import PlayerView, Rules  # noqa: E402

REFERENCE = ROOT / "benchmarks" / "measured" / "hint_reference_early_200.json"
CANDIDATES = ("club", "0/200", "1/200", "2/200", "3/200")


def load(path: Path, first: int | None,
         second: int | None) -> tuple[Rules, list[tuple[str, PlayerView, dict[str, Any]]]]:
    """The reference's positions, rebuilt (checked against the stored description)."""
    data = json.loads(path.read_text())
    rules = Rules.preset(data["preset"])
    wanted = {"first": first, "second": second}
    out = []
    for name in TRICKS:
        stored = data.get(name, [])[:wanted[name]]
        views = positions(rules, (TRICKS[name],), len(stored), data["seed"] + TRICKS[name])
        for (_, view), ref in zip(views, stored, strict=True):
            if describe(view) != {k: ref[k] for k in ("trick", "seat", "hand", "cards")}:
                raise SystemExit(f"{path}: a position of the {name} trick is not this one")
            out.append((name, view, ref))
    return rules, out


def third_trick(count: int,
                deals: int) -> tuple[Rules, list[tuple[str, PlayerView, dict[str, Any]]]]:
    """``count`` third-trick positions (8 tricks left, as ``benchmarks/hints.py`` picks
    them), each with a reference of ``deals`` deals solved exactly now (minutes of work)."""
    rules = Rules.preset("standard")
    out = []
    for i, (_, view) in enumerate(positions(rules, (8,), count, 8)):
        out.append(("third", view, solve_position(view, deals, 5000 + i)))
        print(f"third-trick reference {i + 1}/{count}", file=sys.stderr, flush=True)
    return rules, out


def run(spec: str, rules: Rules,
        cases: list[tuple[str, PlayerView, dict[str, Any]]]) -> dict[str, Any]:
    """One candidate on every position."""
    saved = (hint_search.EARLY_HORIZON, hint_search.EARLY_MS, hint_search.EARLY_FIRST_MS,
             hints.EARLY_CLUB)
    rows = []
    try:
        if spec != "club":
            hints.EARLY_CLUB = not spec.endswith(":free")
            parts = [float(x) for x in spec.removesuffix(":free").split("/")]
            hint_search.EARLY_HORIZON = int(parts[0])
            hint_search.EARLY_MS = parts[1]
            if len(parts) > 2:
                hint_search.EARLY_FIRST_MS = parts[2]
        for i, (name, view, ref) in enumerate(cases):
            index = sum(1 for n, _, _ in cases[:i] if n == name)
            cpu = time.process_time()
            if spec == "club":
                card, separated, deals, basis = advice_for(Reading.of(view)).card, False, 0, ""
            else:
                found = hint(view, seed=hint_seed(index), block=True)
                card, separated, deals, basis = (found.card, found.separated, found.deals,
                                                 found.basis)
            ms = 1000 * (time.process_time() - cpu)
            lead, se, best = _stored_lead(ref, str(card), rules.a_perdere)
            rows.append({"trick": name, "agree": lead <= 2 * se, "best": best, "loss": lead,
                         "separated": separated, "deals": deals, "cpu": ms,
                         "lead": not view.current_trick, "basis": basis,
                         "position": f"{name} {index}", "card": str(card),
                         "club": str(advice_for(Reading.of(view)).card)})
    finally:
        (hint_search.EARLY_HORIZON, hint_search.EARLY_MS, hint_search.EARLY_FIRST_MS,
         hints.EARLY_CLUB) = saved
    out: dict[str, Any] = {"candidate": spec,
                           "load_average": [round(x, 1) for x in os.getloadavg()]}
    for name, keep in (("first", lambda r: r["trick"] == "first"),
                       ("second", lambda r: r["trick"] == "second"),
                       ("third", lambda r: r["trick"] == "third"),
                       ("leads", lambda r: r["lead"]), ("follows", lambda r: not r["lead"]),
                       ("overall", lambda r: True)):
        out[name] = summary([r for r in rows if keep(r)])
    out["misses"] = [r for r in rows if not r["agree"]]
    return out


def same_deals(horizon: int, rules: Rules,
               cases: list[tuple[str, PlayerView, dict[str, Any]]]) -> dict[str, Any]:
    """The evaluator alone, without sampling noise: ``horizon`` tricks searched and the rest
    played out, on the reference's own deals (redrawn from its seed), no budget. The card
    with the best average agrees as in :func:`run`; also the mean absolute error of a card's
    points on a deal and the search nodes per deal."""
    rows = []
    for name, view, ref in cases:
        sampler = DealSampler(knowledge_from_view(view))
        rng = random.Random(ref["seed"])
        deals = [sampler.draw_fitting(rng) for _ in ref["points"]]
        solver = RowSolver(view, horizon)
        cpu = time.process_time()
        solved = solver.solve(deals, 0)
        ms = 1000 * (time.process_time() - cpu)
        exact = [[row[ref["cards"].index(str(c))] for c in solver.cards] for row in ref["points"]]
        sign = -1 if rules.a_perdere else 1
        means = (sign * solved.points).mean(axis=0)
        card = solver.cards[int(means.argmax())]
        lead, se, best = _stored_lead(ref, str(card), rules.a_perdere)
        error = abs(solved.points - exact).mean()
        rows.append({"trick": name, "agree": lead <= 2 * se, "best": best, "loss": lead,
                     "separated": True, "deals": len(deals), "cpu": ms / len(deals),
                     "error": float(error), "nodes": solved.nodes / len(deals),
                     "lead": not view.current_trick})
    out: dict[str, Any] = {"candidate": f"same deals, horizon {horizon}"}
    for name, keep in (("leads", lambda r: r["lead"]), ("follows", lambda r: not r["lead"]),
                       ("overall", lambda r: True)):
        chosen = [r for r in rows if keep(r)]
        out[name] = summary(chosen) | {
            "error": statistics.fmean(r["error"] for r in chosen),
            "nodes_per_deal": _summary([r["nodes"] for r in chosen])}
    return out


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    count = max(1, len(rows))
    rate = sum(r["agree"] for r in rows) / count
    return {"positions": len(rows), "agree": sum(r["agree"] for r in rows),
            "agree_rate": rate, "agree_se": math.sqrt(rate * (1 - rate) / count),
            "mean_loss": statistics.fmean(r["loss"] for r in rows) if rows else 0.0,
            "unseparated": sum(not r["separated"] for r in rows),
            "deals_p50": statistics.median(r["deals"] for r in rows) if rows else 0,
            "cpu": _summary([r["cpu"] for r in rows])}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, default=REFERENCE)
    parser.add_argument("--candidates", nargs="*", default=list(CANDIDATES))
    parser.add_argument("--first", type=int, default=None, help="first-trick positions")
    parser.add_argument("--second", type=int, default=None, help="second-trick positions")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--same-deals", type=int, nargs="*", default=[], metavar="HORIZON",
                        help="also each horizon on the reference's own deals, no budget")
    parser.add_argument("--third", type=int, default=0, metavar="N",
                        help="instead of the stored reference, N third-trick positions, each "
                             "judged against --third-deals deals solved exactly here")
    parser.add_argument("--third-deals", type=int, default=60)
    parser.add_argument("--quick-tricks", type=int, default=hint_search.QUICK_TRICKS,
                        help="the quick search with more than this many tricks to go "
                             "(default: the hints'; 7 to try it in the third trick)")
    args = parser.parse_args(argv)
    hint_search.QUICK_TRICKS = args.quick_tricks
    warm_up(background=False)
    if args.third:
        rules, cases = third_trick(args.third, args.third_deals)
    else:
        rules, cases = load(args.reference, args.first, args.second)
    hint(cases[0][1], block=True)  # untimed: the compiled core's first call
    report = []
    for horizon in args.same_deals:
        result = same_deals(horizon, rules, cases)
        report.append(result)
        print(f"same deals, horizon {horizon}: " + ", ".join(
            f"{n} {result[n]['agree']}/{result[n]['positions']} (error "
            f"{result[n]['error']:.2f} points, nodes per deal p50 "
            f"{result[n]['nodes_per_deal']['p50_ms']:.0f} p90 "
            f"{result[n]['nodes_per_deal']['p90_ms']:.0f})"
            for n in ("leads", "follows", "overall")), file=sys.stderr, flush=True)
    for spec in args.candidates:
        result = run(spec, rules, cases)
        report.append(result)
        o = result["overall"]
        print(f"{spec:>10}: " + ", ".join(
            f"{n} {result[n]['agree']}/{result[n]['positions']}"
            for n in ("first", "second", "third", "leads", "follows"))
            + f"; overall {100 * o['agree_rate']:.1f}% +- {100 * o['agree_se']:.1f}, "
            f"loss {o['mean_loss']:.3f}, {o['unseparated']} not separated, deals p50 "
            f"{o['deals_p50']}, cpu p50 {o['cpu'].get('p50_ms', 0):.0f} p90 "
            f"{o['cpu'].get('p90_ms', 0):.0f} max {o['cpu'].get('max_ms', 0):.0f} ms "
            f"(load {result['load_average'][0]})", file=sys.stderr, flush=True)
    if args.json:
        print(json.dumps({"reference": shown(args.reference),
                          "candidates": report}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
