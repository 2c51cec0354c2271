"""Review benchmark: what the lines about declarations and signals add to a deal's review.

    python benchmarks/review.py [--json] [--deals N] [--repeats R]

Each deal is a standard deal where South (the learner) never declares nor signals and the
other seats are club players. For each deal the whole review of South is timed once (the
solver keeps what it solved, so a second review of a deal is much faster), and the part about
what South said at the table (:func:`~tressette_learn.ai.review_talk.signal_note` on each of
South's silent leads, :func:`~tressette_learn.ai.review_talk.missed_declarations`) is the
median of R runs. Times are wall clock (the solver may run in another process). Printed, over
the deals: ``review_median_s``, ``talk_median_s``, ``talk_max_s`` and
``signal_lines_per_deal``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tressette_learn.ai import make_player, play_deal  # noqa: E402
from tressette_learn.ai.players import Decision, Player  # noqa: E402
from tressette_learn.ai.review import review  # noqa: E402
from tressette_learn.ai.review_talk import missed_declarations, signal_note  # noqa: E402
from tressette_learn.engine import Deal, Play, Rules, Seat  # noqa: E402
from tressette_learn.engine.declarations import Declaration  # noqa: E402
from tressette_learn.engine.views import PlayerView  # noqa: E402


class Quiet(Player):
    """The club player's cards, never a declaration nor a signal."""

    def __init__(self) -> None:
        self.club = make_player("club")

    def choose(self, view: PlayerView) -> Decision:
        return Decision(self.club.choose(view).card)

    def declare(self, view: PlayerView, available: list[Declaration]) -> list[Declaration]:
        return []


def quiet_deal(seed: int) -> Deal:
    deal = Deal.new(Rules.preset("standard"), seed=seed)
    club = make_player("club")
    play_deal(deal, {s: Quiet() if s is Seat.S else club for s in deal.seats})
    return deal


def talk(deal: Deal) -> int:
    """South's lines, as the review makes them; returns how many signal lines."""
    club = make_player("club")
    walker = Deal(deal.rules, deal.dealer, {s: deal.dealt_hand(s) for s in deal.seats})
    lines = 0
    for action in deal.actions:
        if isinstance(action, Play) and walker.to_play is Seat.S and not walker.current:
            lines += signal_note(walker, action.card, club) is not None
        walker.apply(action)
    missed_declarations(deal, [Seat.S])
    return lines


def timed(step: Callable[[], object], repeats: int) -> float:
    runs = []
    for _ in range(repeats):
        start = time.perf_counter()
        step()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    deals = [quiet_deal(seed) for seed in range(args.deals)]
    review(deals[0], "S")  # load the compiled solver first
    reviews = [timed(lambda d=d: review(d, "S"), 1) for d in deals]
    talks = [timed(lambda d=d: talk(d), args.repeats) for d in deals]
    out = {"review_median_s": round(statistics.median(reviews), 4),
           "talk_median_s": round(statistics.median(talks), 4),
           "talk_max_s": round(max(talks), 4),
           "signal_lines_per_deal": statistics.mean(talk(d) for d in deals)}
    print(json.dumps(out) if args.json else "\n".join(f"{k}: {v}" for k, v in out.items()))


if __name__ == "__main__":
    main()
