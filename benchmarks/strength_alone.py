"""Playing strength each for himself (the Traversone): one player against three club players.

    python benchmarks/strength_alone.py [--level L] [--horizon H] [--samples S] [--deals N]
                                        [--jobs J] [--preset P]

For each seeded deal and each seat, the level's player plays that seat and club players the
other three (``--level hint``: the card of the coach's hint; with ``--horizon``: the search
player of that level, ``--samples`` deals solved exactly over that many tricks, as it plays
with partners, not by the hint). The figure is the club player's points at that seat when
all four are club players minus the level's points there (a perdere fewer points are
better: a positive figure means the level played better), averaged over the four seats.
Printed: the mean over the deals with its standard error, and the processor time of the
level's moves (median, 99th percentile, max).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tressette_learn.ai import make_player  # noqa: E402
from tressette_learn.ai.hints import hint  # noqa: E402
from tressette_learn.ai.pimc import SearchPlayer  # noqa: E402
from tressette_learn.ai.players import Decision, Player  # noqa: E402
from tressette_learn.engine import Deal, Rules, Seat  # noqa: E402
from tressette_learn.engine.views import PlayerView  # noqa: E402


class HintPlayer(Player):
    """The card the coach's hint recommends (the signal it names)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> Decision:
        advice = hint(view, seed=self.seed, block=True)
        return Decision(advice.card, advice.signal)


def player(level: str, horizon: int | None, samples: int, seed: int) -> Player:
    if level == "hint":
        return HintPlayer(seed)
    if horizon is None:
        return make_player(level, seed)
    return SearchPlayer(level, seed, samples=samples, horizon=horizon,
                        weighted=level == "expert")


def one_deal(job: tuple[str, str, int | None, int, int]) -> tuple[float, list[float]]:
    """The level's gain on deal ``seed`` over the four seats, and its moves' times."""
    preset, level, horizon, samples, seed = job
    rules = Rules.preset(preset)
    club = {seat: make_player("club", seed) for seat in rules.seats}
    base = play(Deal.new(rules, seed=seed), club, None, [])
    gains, times = [], []
    for seat in rules.seats:
        players = {**club, seat: player(level, horizon, samples, seed)}
        got = play(Deal.new(rules, seed=seed), players, seat, times)
        gains.append((base[seat] - got[seat]) * (1 if rules.a_perdere else -1))
    return statistics.mean(gains), times


def play(deal: Deal, players: dict[Seat, Player], timed: Seat | None,
         times: list[float]) -> dict[Seat, int]:
    """Play ``deal`` out; the points of each seat (each its own side)."""
    while not deal.is_over():
        seat = deal.to_play
        assert seat is not None
        start = time.process_time()
        decision = players[seat].choose(deal.view(seat))
        if seat == timed:
            times.append(time.process_time() - start)
        deal.play(decision.card, decision.signal)
    result = deal.result()
    return {seat: result.total(deal.side_of(seat)) for seat in deal.seats}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--preset", default="traversone")
    parser.add_argument("--level", default="strong")
    parser.add_argument("--horizon", type=int)
    parser.add_argument("--samples", type=int, default=6, help="with --horizon (default 6)")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    jobs = [(args.preset, args.level, args.horizon, args.samples, seed)
            for seed in range(args.deals)]
    with Pool(args.jobs) as pool:
        results = pool.map(one_deal, jobs, chunksize=1)
    gains = [gain for gain, _ in results]
    times = sorted(t for _, moves in results for t in moves)
    se = statistics.stdev(gains) / len(gains) ** 0.5
    print(f"{args.level} (horizon {args.horizon or 'default'}) against club, {args.preset}, "
          f"{args.deals} deals: {statistics.mean(gains):+.2f} points a deal (se {se:.2f}); "
          f"moves {statistics.median(times):.3f} s median, "
          f"{times[int(0.99 * (len(times) - 1))]:.2f} s p99, {times[-1]:.2f} s max (processor)")


if __name__ == "__main__":
    main()
