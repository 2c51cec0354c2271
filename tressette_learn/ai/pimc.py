"""Search players: sample the hidden cards, solve each sample exactly, play the best card.

``strong`` is plain PIMC (Perfect Information Monte Carlo); ``expert`` also weights the
samples by how likely the other players' past plays were under the club player's model,
and searches one trick deeper. Before the search horizon both play as the club player, and
so they do when every legal card is worth the same (no search can tell them apart).

The expert's horizon is 9 tricks, not the whole deal: solving sampled deals from the first
trick took three quarters of its time (up to 8 s for one card), and over 200 duplicate
deals against the club player it scored the same with either horizon
(``benchmarks/strength.py``).

Each for himself (the Traversone) the exact solver is paranoid (the seat against the three
others together), and PIMC with it played worse than the club player (against three club
players, 60 deals at each seat, ``benchmarks/strength_alone.py``: strong -1.05 points a deal,
standard error 0.3, with moves of up to 28 s; -0.49 searching 6 tricks; expert -0.50
searching 7): on sampled deals the others' perfect play together is a poor model. There both
levels play the coach's hint's card when the hint is exact (every fitting deal solved, near
the end), else the club player's card (``alone``, given by :mod:`.levels`:
:func:`.hints.exact_hint_decision`, which this module cannot import): +0.18 points a deal for
strong, +0.16 for expert (standard error 0.07, 200 deals), moves of at most 0.5 s.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from typing import Any

from ..engine.cards import Card
from ..engine.rules import Rules
from ..engine.scoring import card_thirds
from ..engine.views import PlayerView
from .heuristic import Reading, RulesPlayer, choose_signal
from .inference import Sample, sample_deals
from .opponent_model import Advised, plausibility
from .players import Decision, Player
from .solve import CardValue, Position, card_values, equivalent_moves, position_from_view

CardSolver = Callable[[Position], "list[CardValue] | None"]
#: Each for himself, the decision instead of the search (the view, a seed), or None for the
#: club player's card.
AloneChooser = Callable[[PlayerView, int], "Decision | None"]


def points_solver(pos: Position) -> list[CardValue] | None:
    """Exact values in points (the compiled core's cheaper mode), waiting for the core."""
    return card_values(pos, points_only=True, block=True)


@dataclasses.dataclass(frozen=True)
class Estimate:
    """A legal card's average over the samples: points and thirds for the mover's side."""

    card: Card
    points: float
    thirds: float

    def key(self, rules: Rules) -> tuple[float, float]:
        """Sort key: the best points at this table (the most, a perdere the fewest) first,
        thirds breaking ties."""
        return (-rules.sign * self.points, -rules.sign * self.thirds)


def estimate_cards(view: PlayerView, samples: list[Sample],
                   solve: CardSolver = points_solver) -> list[Estimate]:
    """Average each legal card's exact value over sampled deals, best card first.

    A solver that gives points only counts each point as three thirds for tie-breaks.
    """
    points: dict[Card, float] = {}
    thirds: dict[Card, float] = {}
    for sample, times in distinct_samples(samples):
        values = solve(position_from_view(view, sample.hands, sample.stock))
        if values is None:
            raise RuntimeError("the exact solver is not available")
        for v in values:
            points[v.card] = points.get(v.card, 0.0) + times * v.points
            third = v.thirds if v.thirds is not None else 3 * v.points
            thirds[v.card] = thirds.get(v.card, 0.0) + times * third
    n = max(1, len(samples))
    out = [Estimate(c, points[c] / n, thirds[c] / n) for c in points]
    return sorted(out, key=lambda e: e.key(view.rules))


def distinct_samples(samples: list[Sample]) -> list[tuple[Sample, int]]:
    """Each distinct sampled deal with the number of times it was drawn."""
    seen: dict[tuple[object, ...], list[Any]] = {}
    for sample in samples:
        key = (tuple(sorted(sample.hands.items())), sample.stock)
        seen.setdefault(key, [sample, 0])[1] += 1
    return [(sample, times) for sample, times in seen.values()]


class SearchPlayer(Player):
    """PIMC: ``samples`` deals per decision, solved exactly within ``horizon`` tricks."""

    def __init__(self, level: str, seed: int | None = None, *, samples: int = 6,
                 horizon: int = 7, weighted: bool = False,
                 solve: CardSolver = points_solver, alone: AloneChooser | None = None):
        self.level = level
        self.samples = samples
        self.horizon = horizon
        self.weighted = weighted
        self.solve = solve
        self.alone = alone  # each for himself (None: PIMC as with partners)
        self.rng = random.Random(seed)
        self.fallback = RulesPlayer()

    def choose(self, view: PlayerView) -> Decision:
        """The card with the best average exact value, with a true signal when leading."""
        left = view.rules.tricks_per_deal - len(view.tricks)
        if left > self.horizon or one_choice(view):
            return self.fallback.choose(view)
        if view.rules.each_for_himself and self.alone is not None:
            return self.alone(view, self.rng.getrandbits(32)) or self.fallback.choose(view)
        weights = _plausibility(view) if self.weighted else None
        samples = sample_deals(view, self.samples, self.rng, weights=weights)
        best = self._pick(view, estimate_cards(view, samples, self.solve))
        signal = None
        if not view.current_trick and view.rules.signals:
            signal = choose_signal(Reading.of(view), best.index)
        return Decision(best, signal)


    def _pick(self, view: PlayerView, estimates: list[Estimate]) -> Card:
        return pick_card(view, estimates, self.fallback.choose(view).card)


def one_choice(view: PlayerView) -> bool:
    """Whether every legal card is worth the same in any deal (one card, or a run of
    cards of one value in a suit with only played cards between them): then every sample
    ties them all and the club player's card is the pick, with no search."""
    pos = position_from_view(view, {view.seat: view.hand.mask})
    return len({rep for rep, _ in equivalent_moves(pos, view.legal.mask)}) == 1


def pick_card(view: PlayerView, estimates: list[Estimate], advised: Card) -> Card:
    """The best estimate; among equals the club player's card, else the cheapest."""
    top = estimates[0].key(view.rules)
    tied = [e.card for e in estimates if _close(e.key(view.rules), top)]
    return prefer(view, tied, advised)


def prefer(view: PlayerView, cards: Sequence[Card], advised: Card) -> Card:
    """Among equally good ``cards``: the club player's card if it is one, else the cheapest
    (fewest thirds, then the lowest rank)."""
    if advised in cards:
        return advised
    return min(cards, key=lambda c: (card_thirds(c, view.rules), c.rank))


def _close(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) < 1e-9 and abs(a[1] - b[1]) < 1e-9


def strong_player(seed: int | None = None, alone: AloneChooser | None = None) -> SearchPlayer:
    """PIMC over 6 sampled deals, exact search over the last 8 tricks (each for himself:
    ``alone``, see the module)."""
    return SearchPlayer("strong", seed, samples=6, horizon=8, alone=alone)


def expert_player(seed: int | None = None, alone: AloneChooser | None = None) -> SearchPlayer:
    """PIMC over 6 deals weighted by the other players' plays, exact over the last 9 tricks
    (each for himself: ``alone``, see the module)."""
    return SearchPlayer("expert", seed, samples=6, horizon=9, weighted=True, alone=alone)


def _plausibility(view: PlayerView) -> Callable[[Sample], float]:
    advised: Advised = {}  # the club player's choices, shared by this decision's samples
    return lambda sample: plausibility(view, sample, advised=advised)
