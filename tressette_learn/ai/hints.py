"""Hints: the recommended card for a seat, what each legal card is worth, and why.

A hint sees only the seat's view. Within ``EXACT_HORIZON`` tricks of the end it solves
deals that fit what the seat has seen exactly and averages them (``exact``); earlier it
plays each card out with the club player on a few such deals (``estimated``).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from ..engine.cards import Card
from ..engine.tricks import Signal
from ..engine.views import PlayerView
from .arena import play_deal
from .explain import Explanation, explain
from .heuristic import Reading, RulesPlayer, choose_signal
from .inference import DealSampler, Sample, knowledge_from_view, sample_deals, sample_to_deal
from .pimc import Estimate, distinct_samples, estimate_cards, pick_card
from .solve import CardValue, Position, card_values

EXACT_HORIZON = 8
EXACT_SAMPLES = 6
ESTIMATE_SAMPLES = 3


@dataclasses.dataclass(frozen=True)
class Hint:
    """A recommended card (and signal), every legal card's value (averaged over the deals
    that fit the view), and the reason (:meth:`Explanation.get` words it)."""

    card: Card
    signal: Signal | None
    values: tuple[Estimate, ...]
    exact: bool
    deals: int
    possible: int
    explanation: Explanation

    def to_json(self) -> dict[str, Any]:
        """A plain object for the command line and the widgets."""
        return {"card": str(self.card), "signal": self.signal,
                "method": "exact" if self.exact else "estimated", "deals": self.deals,
                "possible_deals": self.possible,
                "values": [{"card": str(e.card), "points": round(e.points, 2),
                            "thirds": round(e.thirds, 2)} for e in self.values],
                "reason": self.explanation.reason,
                "en": self.explanation.get("en"), "it": self.explanation.get("it")}


def hint(view: PlayerView, *, seed: int = 0, block: bool = False) -> Hint:
    """The hint for the seat to play in ``view`` (it must be that seat's turn)."""
    if view.to_play != view.seat or not view.legal:
        raise ValueError(f"it is not {view.seat}'s turn to play")
    rng = random.Random(seed)
    possible = DealSampler(knowledge_from_view(view)).count
    left = view.rules.tricks_per_deal - len(view.tricks)
    values: list[Estimate] | None = None
    if left <= EXACT_HORIZON:
        samples = sample_deals(view, min(EXACT_SAMPLES, possible), rng)
        values = _solved(view, samples, block)
    exact = values is not None
    if values is None:
        samples = sample_deals(view, min(ESTIMATE_SAMPLES, possible), rng)
        values = rollout_estimates(view, samples)
    return _make_hint(view, values, exact, len(distinct_samples(samples)), possible)


def _solved(view: PlayerView, samples: list[Sample], block: bool) -> list[Estimate] | None:
    def solve(pos: Position) -> list[CardValue] | None:
        return card_values(pos, block=block)

    try:
        return estimate_cards(view, samples, solve)
    except RuntimeError:
        return None


def rollout_estimates(view: PlayerView, samples: list[Sample]) -> list[Estimate]:
    """Each legal card played out by club players on each sampled deal, averaged."""
    club = RulesPlayer()
    totals: dict[Card, list[float]] = {card: [0.0, 0.0] for card in view.legal}
    for sample in samples:
        for card in view.legal:
            deal = sample_to_deal(view, sample)
            deal.play(card)
            result = play_deal(deal, {seat: club for seat in deal.seats})
            mine = deal.side_of(view.seat)
            totals[card][0] += result.sides[mine].card_points
            totals[card][1] += result.sides[mine].thirds
    n = max(1, len(samples))
    out = [Estimate(c, p / n, t / n) for c, (p, t) in totals.items()]
    return sorted(out, key=lambda e: e.key(view.rules.a_perdere))


def _make_hint(view: PlayerView, values: list[Estimate], exact: bool, deals: int,
               possible: int) -> Hint:
    card = pick_card(view, values, RulesPlayer().choose(view).card)
    signal = None
    if not view.current_trick and view.rules.signals:
        signal = choose_signal(Reading.of(view), card.index)
    points = [e.points for e in values]
    best, worst = (min(points), max(points)) if view.rules.a_perdere else \
        (max(points), min(points))
    why = explain(view, card, best_points=best, worst_points=worst, basis="average")
    return Hint(card, signal, tuple(values), exact, deals, possible, why)
