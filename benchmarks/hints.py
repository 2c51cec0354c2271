"""Hints: is the recommended card the best, and how long does a hint take?

    python benchmarks/hints.py [--json] [--preset P] [--positions N] [--sampled-positions N]
                               [--reference-deals N] [--latency-deals N] [--seed S]
                               [--early-reference PATH] [--no-early] [--runs R]
                               [--seeds K]

Positions are decisions of seeded deals played by club players (every seat, declaring
everything, through ``play_deal``): for position ``i`` the deal ``seed * 100_000 + i`` is
played and a decision picked at random (seeded) among those with the wanted tricks left.
Each gets ``hint(view, seed=hint_seed(i), block=True)`` with the default budget.

(a) **Exact region** (``--positions``, default 200; 3 or 4 tricks left, half each): every
deal that fits the seat's view is listed (``deal_table``) and solved by the batched solver
without a budget. The hint's card agrees when its average over all of them equals the best
card's within 1e-9 (ties allowed). Goal: 100%. Also: how many hints were exact, and the
points lost on average and at most when not.

(b) **Sampled region** (``--sampled-positions``, default 200; 5 or 6 tricks left): the
reference is the full enumeration when at most ``--reference-deals`` (default 2,000) deals
fit and there is no stock, else that many deals drawn at random (seeded) and solved without
a budget. The hint's card agrees when it is the reference's best, or its reference average
is behind the best's by at most two standard errors of that paired difference (the
reference cannot tell them apart at 95%; 1e-9 for an enumerated reference). Goal: >= 95%.
Also the rate with one standard error, and the points lost against the reference.

(c) **Latency** (``--latency-deals``, default 200): every decision of that many seeded deals
played by club players gets a timed ``hint(view, block=True)``: wall-clock and processor
milliseconds (``time.process_time``: the figure a quiet machine would give; the machine's
load average is printed too), p50, p90 and max, overall and by method. Goals: p90 <= 150 ms,
max <= 1 s. The solver is loaded and one hint made before timing.

(d) **Early region** (``--early``; on by default when the reference file exists): the
first- and second-trick positions of ``benchmarks/hint_reference.py`` (its stored file,
``--early-reference``), each card solved exactly on that file's deals per position. Two are
stored: ``hint_reference_early.json`` (the default: 29 + 40 positions, 8 deals each, so a
loose judge: two standard errors of 8 deals often cover a point) and
``hint_reference_early_200.json`` (200 first-trick and 200 second-trick positions with 200
deals each; the second trick's close cards, its best and every card within four standard
errors of it, on 2,000: ``hint_reference.py --extend``, judged on all their deals); their
figures are ``hints_early.json`` and ``hints_early_200.json``. Each
position's hint is made ``--runs`` times (default 3) and timed (wall and processor ms; the
median of the runs per position); the hint's card agrees when the reference's best card is
ahead of it by at most two standard errors of the paired difference, as in (b). Goals:
agreement >= 95%, p90 <= 300 ms. Also how many hints could not separate the cards (of
which ``unseparated_close``: enough deals, but no card clearly better than the club card's),
and the agreement's standard error (``agree_se``: binomial, over the positions).
One run's agreement moves by several positions with the hints' seed alone (the deals they
draw): ``--seeds K`` makes each position's hint with K seeds (:func:`hint_seed`, never the
reference's own; the first is the timed one) and the goal's figure is their mean (``seeds``:
each seed's count, the mean rate and its standard deviation). The figures measured, and how
each early setting was chosen: ``docs/hints-early.md``.

Progress goes to stderr. ``--json`` prints one object: ``preset``, ``exact_region``,
``sampled_region``, ``latency`` and ``goals`` (each goal's figure and whether it is met).
Smaller runs: ``--positions 20 --sampled-positions 20 --latency-deals 10``.
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
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tressette_learn.ai import RulesPlayer, play_deal  # noqa: E402
from tressette_learn.ai.deal_table import deal_table  # noqa: E402
from tressette_learn.ai.hints import Hint, hint, warm_up  # noqa: E402
from tressette_learn.ai.inference import DealSampler, knowledge_from_view  # noqa: E402
from tressette_learn.ai.players import Decision, Player  # noqa: E402
from tressette_learn.ai.solve import RowSolver  # noqa: E402
from tressette_learn.engine import Card, Deal, PlayerView, Rules  # noqa: E402

TIE = 1e-9
SEED_STRIDE = 100_000
EARLY_REFERENCE = ROOT / "benchmarks" / "measured" / "hint_reference_early.json"


class _Watcher(Player):
    """A club player that shows every view it plays from to ``watch`` first."""

    def __init__(self, watch: Callable[[PlayerView], object]):
        self.inner = RulesPlayer()
        self.level = self.inner.level
        self.watch = watch

    def choose(self, view: PlayerView) -> Decision:
        self.watch(view)
        return self.inner.choose(view)


def club_decisions(rules: Rules, seed: int) -> list[tuple[int, PlayerView]]:
    """Every decision of a seeded deal played by club players: (tricks left, view)."""
    out: list[tuple[int, PlayerView]] = []
    watcher = _Watcher(lambda view: out.append((_left(view), view)))
    deal = Deal.new(rules, seed=seed)
    play_deal(deal, dict.fromkeys(deal.seats, watcher))
    return out


def _left(view: PlayerView) -> int:
    return view.rules.tricks_per_deal - len(view.tricks)


def positions(rules: Rules, lefts: tuple[int, ...], count: int,
              seed: int) -> list[tuple[int, PlayerView]]:
    """``count`` decisions with ``lefts[i % len(lefts)]`` tricks left, one per deal."""
    return [position(rules, lefts[i % len(lefts)], seed, i) for i in range(count)]


def position(rules: Rules, left: int, seed: int, i: int) -> tuple[int, PlayerView]:
    """Position ``i`` of :func:`positions`: a decision with ``left`` tricks left, picked at
    random (seeded) in the deal ``seed * SEED_STRIDE + i`` played by club players."""
    rng = random.Random(seed * SEED_STRIDE + i)
    return rng.choice([d for d in club_decisions(rules, seed * SEED_STRIDE + i) if d[0] == left])


def hint_seed(i: int, s: int = 0) -> int:
    """The seed of position ``i``'s ``s``-th hint. Never one the references draw their deals
    with (``i``, or ``--seed`` + ``i``: below :data:`SEED_STRIDE`): a hint drawing the judge's
    own deals agrees more (with the seed ``i``, 390 of the 400 early positions against 372 to
    382 with five other seeds)."""
    return i + (s + 1) * SEED_STRIDE


def better(rules: Rules) -> Callable[[float], float]:
    """A card's average as goodness (a perdere fewer points are better)."""
    return (lambda points: -points) if rules.a_perdere else (lambda points: points)


def exact_region(rules: Rules, count: int, seed: int) -> dict[str, Any]:
    """(a): the hint's card against the best by full enumeration, 3 and 4 tricks left."""
    good = better(rules)
    rows: list[dict[str, Any]] = []
    for i, (left, view) in enumerate(positions(rules, (3, 4), count, seed)):
        found = hint(view, seed=hint_seed(i), block=True)
        table = deal_table(DealSampler(knowledge_from_view(view)))
        solved = RowSolver(view).solve_table(table, 0)
        means = dict(zip(solved.cards, solved.points.mean(axis=0).tolist(), strict=True))
        best = max(good(m) for m in means.values())
        loss = best - good(means[found.card])
        rows.append({"left": left, "exact": found.exact, "loss": loss, "agree": loss <= TIE,
                     "deals": len(table)})
        _progress("exact region", i + 1, count)
    return _agreement(rows) | {"by_tricks_left": {
        str(left): _agreement([r for r in rows if r["left"] == left]) for left in (3, 4)}}


def _agreement(rows: list[dict[str, Any]]) -> dict[str, Any]:
    losses = [r["loss"] for r in rows]
    agree = sum(r["agree"] for r in rows)
    return {"positions": len(rows), "agree": agree, "agree_rate": agree / max(1, len(rows)),
            "exact_hints": sum(r["exact"] for r in rows),
            "mean_loss": statistics.fmean(losses) if losses else 0.0,
            "max_loss": max(losses, default=0.0)}


def sampled_region(rules: Rules, count: int, seed: int, reference: int) -> dict[str, Any]:
    """(b): the hint's card against a big reference, 5 and 6 tricks left."""
    rows: list[dict[str, Any]] = []
    for i, (left, view) in enumerate(positions(rules, (5, 6), count, seed + 1)):
        found = hint(view, seed=hint_seed(i), block=True)
        lead, se, enumerated = _reference_lead(view, found.card, reference, seed + i)
        rows.append({"left": left, "exact": found.exact, "loss": lead,
                     "agree": lead <= (TIE if enumerated else 2 * se),
                     "agree_1se": lead <= (TIE if enumerated else se)})
        _progress("sampled region", i + 1, count)
    out = _agreement(rows)
    out["agree_rate_1se"] = sum(r["agree_1se"] for r in rows) / max(1, len(rows))
    out["by_tricks_left"] = {str(left): _agreement([r for r in rows if r["left"] == left])
                             for left in (5, 6)}
    return out


def _reference_lead(view: PlayerView, card: Card, reference: int,
                    seed: int) -> tuple[float, float, bool]:
    """How far the reference's best card is ahead of ``card`` (points, >= 0), the standard
    error of that paired difference, and whether the reference is every fitting deal."""
    sampler = DealSampler(knowledge_from_view(view))
    solver = RowSolver(view)
    if not sampler.knowledge.stock_size and sampler.count <= reference:
        points, enumerated = solver.solve_table(deal_table(sampler), 0).points, True
    else:
        rng = random.Random(seed)
        deals = [sampler.draw_fitting(rng) for _ in range(reference)]
        points, enumerated = solver.solve(deals, 0).points, False
    good = (-1 if view.rules.a_perdere else 1) * points.astype(float)
    mine = solver.cards.index(card)
    top = int(good.mean(axis=0).argmax())
    diffs = good[:, top] - good[:, mine]
    se = float(diffs.std(ddof=1)) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return float(diffs.mean()), se, enumerated


def latency(rules: Rules, deals: int, seed: int) -> dict[str, Any]:
    """(c): wall and processor milliseconds of a hint at every decision of club deals."""
    first = club_decisions(rules, -1)[0][1]
    hint(first, block=True)  # untimed: imports, tables
    times: list[tuple[float, float, Hint]] = []

    def timed(view: PlayerView) -> None:
        wall, cpu = time.perf_counter(), time.process_time()
        found = hint(view, block=True)
        times.append((1000 * (time.perf_counter() - wall),
                      1000 * (time.process_time() - cpu), found))

    for n in range(deals):
        deal = Deal.new(rules, seed=seed * SEED_STRIDE + 50_000 + n)
        play_deal(deal, dict.fromkeys(deal.seats, _Watcher(timed)))
        _progress("latency", n + 1, deals)
    out: dict[str, Any] = {"deals": deals, "load_average": os.getloadavg()}
    for name, keep in (("overall", lambda h: True), ("exact", lambda h: h.exact),
                       ("estimated", lambda h: not h.exact)):
        chosen = [(w, c) for w, c, h in times if keep(h)]
        out[name] = {"count": len(chosen), "wall": _summary([w for w, _ in chosen]),
                     "cpu": _summary([c for _, c in chosen])}
    return out


def _summary(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    p90 = ordered[max(0, -(-9 * len(ordered) // 10) - 1)]
    return {"p50_ms": statistics.median(ordered), "p90_ms": p90, "max_ms": ordered[-1]}


def shown(path: Path) -> str:
    """``path`` as a report names it: within the repository, relative to its root."""
    path = path.resolve()
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def _progress(what: str, done: int, total: int) -> None:
    if done % 10 == 0 or done == total:
        print(f"{what}: {done}/{total}", file=sys.stderr, flush=True)


def goals(report: dict[str, Any]) -> dict[str, Any]:
    """Each goal's figure and whether it is met."""
    out: dict[str, Any] = {}
    if "exact_region" in report:
        rate = report["exact_region"]["agree_rate"]
        out["exact_region_agreement"] = {"figure": rate, "goal": 1.0, "met": rate >= 1.0}
    if "sampled_region" in report:
        rate = report["sampled_region"]["agree_rate"]
        out["sampled_region_agreement"] = {"figure": rate, "goal": 0.95, "met": rate >= 0.95}
    if "early_region" in report:
        early = report["early_region"]["overall"]
        rate = report["early_region"]["seeds"]["mean_rate"]
        out["early_region_agreement"] = {"figure": rate, "goal": 0.95, "met": rate >= 0.95}
        for clock in ("wall", "cpu"):
            p90 = early[clock]["p90_ms"]
            out[f"early_p90_{clock}_ms"] = {"figure": p90, "goal": 300, "met": p90 <= 300}
    if "latency" in report:
        for clock in ("wall", "cpu"):
            figures = report["latency"]["overall"][clock]
            out[f"latency_p90_{clock}_ms"] = {"figure": figures["p90_ms"], "goal": 150,
                                              "met": figures["p90_ms"] <= 150}
            out[f"latency_max_{clock}_ms"] = {"figure": figures["max_ms"], "goal": 1000,
                                              "met": figures["max_ms"] <= 1000}
    return out


def early_region(path: Path, runs: int, seeds: int = 1) -> dict[str, Any]:
    """(d): first- and second-trick hints against the stored exact reference; with
    ``seeds`` > 1 each position's hint is also made with other seeds (untimed)."""
    from hint_reference import TRICKS, describe

    data = json.loads(path.read_text())
    rules = Rules.preset(data["preset"])
    out: dict[str, Any] = {"reference": shown(path),
                           "deals": data["deals"],
                           "close_cards_deals": {  # hint_reference.py --extend, by trick
                               n: Counter(p.get("more", {}).get("deals", data["deals"])
                                          for p in data.get(n, [])) for n in TRICKS},
                           "load_average": [round(x, 1) for x in os.getloadavg()]}
    for name, stored in ((n, data.get(n, [])) for n in TRICKS):
        views = positions(rules, (TRICKS[name],), len(stored), data["seed"] + TRICKS[name])
        rows = []
        for i, ((_, view), ref) in enumerate(zip(views, stored, strict=True)):
            if describe(view) != {k: ref[k] for k in ("trick", "seat", "hand", "cards")}:
                raise SystemExit(f"{path}: position {name} {i} is not this one: rebuild it")
            timings, found = [], None
            for _ in range(runs):
                wall, cpu = time.perf_counter(), time.process_time()
                found = hint(view, seed=hint_seed(i), block=True)
                timings.append((1000 * (time.perf_counter() - wall),
                                1000 * (time.process_time() - cpu)))
            assert found is not None
            lead, se, best = _stored_lead(ref, str(found.card), rules.a_perdere)
            others = [hint(view, seed=hint_seed(i, s), block=True).card
                      for s in range(1, seeds)]
            rows.append({"agree": lead <= 2 * se, "best": best, "loss": lead,
                         "separated": found.separated, "basis": found.basis,
                         "wall": statistics.median(w for w, _ in timings),
                         "cpu": statistics.median(c for _, c in timings),
                         "by_seed": [lead <= 2 * se] + [
                             _agrees(ref, str(c), rules.a_perdere) for c in others]})
            _progress(f"early region ({name} trick)", i + 1, len(stored))
        out[name] = _early_summary(rows)
    everything = [r for n in TRICKS for r in out[n].pop("rows")]
    out["overall"] = _early_summary(everything)
    out["overall"].pop("rows")
    out["seeds"] = _by_seed(everything, seeds)
    return out


def _agrees(ref: dict[str, Any], card: str, a_perdere: bool) -> bool:
    lead, se, _ = _stored_lead(ref, card, a_perdere)
    return lead <= 2 * se


def _by_seed(rows: list[dict[str, Any]], seeds: int) -> dict[str, Any]:
    """Agreement with each seed of the hints (one run's figure moves by several positions
    with the seed alone): the count per seed, their mean rate and standard deviation."""
    counts = [sum(r["by_seed"][s] for r in rows) for s in range(seeds)]
    rates = [c / max(1, len(rows)) for c in counts]
    return {"count": seeds, "agree": counts, "mean_rate": statistics.fmean(rates),
            "sd_rate": statistics.stdev(rates) if seeds > 1 else 0.0}


def _stored_lead(ref: dict[str, Any], card: str, a_perdere: bool) -> tuple[float, float, bool]:
    """How far the reference's best card is ahead of ``card`` (points), the standard error
    of that paired difference, and whether ``card`` is a best card. A position whose close
    cards were solved on more deals (``hint_reference.py --extend``: ``more``) has its best
    card among them on all their deals, and judges them there; any other card on the
    position's first deals."""
    sign = -1 if a_perdere else 1
    cards, more = ref["cards"], ref.get("more")
    first = [[sign * p for p in row] for row in ref["points"]]
    if not more or not more["points"]:
        return _lead(first, _best(first), cards.index(card))
    columns = [cards.index(c) for c in more["cards"]]
    close = [[row[j] for j in columns] for row in first] + \
        [[sign * p for p in row] for row in more["points"]]
    top = more["cards"][_best(close)]
    if card in more["cards"]:
        return _lead(close, more["cards"].index(top), more["cards"].index(card))
    return _lead(first, cards.index(top), cards.index(card))


def _best(rows: list[list[int]]) -> int:
    """The column (card) with the highest mean."""
    return max(range(len(rows[0])), key=lambda j: statistics.fmean(row[j] for row in rows))


def _lead(rows: list[list[int]], top: int, mine: int) -> tuple[float, float, bool]:
    """:func:`_stored_lead` for columns ``top`` and ``mine`` of ``rows`` (deals x cards)."""
    diffs = [row[top] - row[mine] for row in rows]
    se = statistics.stdev(diffs) / math.sqrt(len(rows)) if len(rows) > 1 else 0.0
    lead = statistics.fmean(diffs)
    return lead, se, lead <= TIE


def _early_summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    count = max(1, len(rows))
    rate = sum(r["agree"] for r in rows) / count
    return {"positions": len(rows), "agree": sum(r["agree"] for r in rows),
            "agree_rate": rate, "agree_se": math.sqrt(rate * (1 - rate) / count),
            "best_rate": sum(r["best"] for r in rows) / count,
            "mean_loss": statistics.fmean(r["loss"] for r in rows) if rows else 0.0,
            "unseparated": sum(not r["separated"] for r in rows),
            "unseparated_close": sum(r["basis"].startswith("unseparated.close") for r in rows),
            "wall": _summary([r["wall"] for r in rows]),
            "cpu": _summary([r["cpu"] for r in rows]), "rows": rows}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--preset", default="standard", help="the table (default standard)")
    parser.add_argument("--positions", type=int, default=200,
                        help="positions with 3-4 tricks left (0 skips them)")
    parser.add_argument("--sampled-positions", type=int, default=200,
                        help="positions with 5-6 tricks left (0 skips them)")
    parser.add_argument("--reference-deals", type=int, default=2000,
                        help="deals in the reference of the 5-6 tricks positions")
    parser.add_argument("--latency-deals", type=int, default=200,
                        help="deals whose every decision gets a timed hint (0 skips it)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the positions")
    parser.add_argument("--early-reference", type=Path, default=EARLY_REFERENCE,
                        help="the stored reference of benchmarks/hint_reference.py")
    parser.add_argument("--no-early", action="store_true", help="skip the early region")
    parser.add_argument("--runs", type=int, default=3, help="timed hints per early position")
    parser.add_argument("--seeds", type=int, default=1,
                        help="hint seeds per early position (the agreement is their mean)")
    args = parser.parse_args(argv)
    rules = Rules.preset(args.preset)
    warm_up(background=False)

    report: dict[str, Any] = {"preset": args.preset}
    if args.positions > 0:
        report["exact_region"] = exact_region(rules, args.positions, args.seed)
    if args.sampled_positions > 0:
        report["sampled_region"] = sampled_region(rules, args.sampled_positions, args.seed,
                                                  args.reference_deals)
    if args.latency_deals > 0:
        report["latency"] = latency(rules, args.latency_deals, args.seed)
    if not args.no_early and args.early_reference.exists():
        report["early_region"] = early_region(args.early_reference, args.runs, args.seeds)
    report["goals"] = goals(report)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    return 0


def print_report(report: dict[str, Any]) -> None:
    print(f"preset {report['preset']}")
    for key, title in (("exact_region", "3-4 tricks left vs every fitting deal"),
                       ("sampled_region", "5-6 tricks left vs the reference")):
        if key in report:
            r = report[key]
            print(f"{title}: {r['agree']}/{r['positions']} agree ({100 * r['agree_rate']:.1f}%), "
                  f"{r['exact_hints']} exact hints, loss mean {r['mean_loss']:.3f} "
                  f"max {r['max_loss']:.3f} points")
    if "latency" in report:
        lat = report["latency"]
        print(f"latency over every decision of {lat['deals']} deals (load average "
              f"{' '.join(f'{x:.1f}' for x in lat['load_average'])}):")
        for name in ("overall", "exact", "estimated"):
            for clock in ("wall", "cpu"):
                s = lat[name][clock]
                if s:
                    print(f"  {name:>9} {clock:>4}: {lat[name]['count']:>5} hints, p50 "
                          f"{s['p50_ms']:7.1f}, p90 {s['p90_ms']:7.1f}, max {s['max_ms']:7.1f} ms")
    if "early_region" in report:
        early = report["early_region"]
        counts = early["close_cards_deals"]
        more = {n: sum(c for d, c in counts[n].items() if int(d) > early["deals"])
                for n in counts}
        most = max(int(d) for n in counts for d in counts[n])
        print(f"first and second trick vs {early['reference']} ({early['deals']} deals each; "
              f"the close cards on more, up to {most}, for {more['first']} first-trick and "
              f"{more['second']} second-trick positions; load average "
              f"{' '.join(f'{x:.1f}' for x in early['load_average'])}):")
        for name in ("first", "second", "overall"):
            r = early[name]
            print(f"  {name:>8}: {r['agree']}/{r['positions']} agree "
                  f"({100 * r['agree_rate']:.1f}% +- {100 * r['agree_se']:.1f}), "
                  f"best {100 * r['best_rate']:.1f}%, "
                  f"loss mean {r['mean_loss']:.3f}, {r['unseparated']} not separated; "
                  f"wall p50 {r['wall'].get('p50_ms', 0):.1f} p90 {r['wall'].get('p90_ms', 0):.1f}"
                  f" ms, cpu p90 {r['cpu'].get('p90_ms', 0):.1f} ms")
    if "early_region" in report and report["early_region"]["seeds"]["count"] > 1:
        seeds = report["early_region"]["seeds"]
        print(f"  over {seeds['count']} seeds of the hints: agree "
              f"{' '.join(str(c) for c in seeds['agree'])}, mean "
              f"{100 * seeds['mean_rate']:.1f}% (sd {100 * seeds['sd_rate']:.1f})")
    for name, goal in report["goals"].items():
        print(f"goal {name}: {goal['figure']:.3f} (goal {goal['goal']}) "
              f"{'met' if goal['met'] else 'NOT met'}")


if __name__ == "__main__":
    sys.exit(main())
