"""The solver's answer to a puzzle: what every legal card is worth, on the deal as it lies
(every hand shown) or on every deal that fits what the learner sees (hidden hands).

With hidden hands a card is *sound* when it is as good as the best card on every fitting
deal (Bridge Master's rule: the hidden cards are re-dealt, so a card that works only on the
actual layout fails). The fitting deals are enumerated, never sampled: a puzzle is chosen
late enough for that (:data:`ENUMERATION_LIMIT`). This module sees every card of the deal
(it is an analysis tool); the hidden-hand answer uses only the learner's view.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...ai.inference import DealSampler, Sample, knowledge_from_view
from ...ai.solve import RowSolver, card_values, position_from_deal, warm_up, warm_up_batch
from ...engine.cards import Card, Hand
from ...engine.deal import Deal
from ...engine.seats import Seat

if TYPE_CHECKING:
    import numpy as np

ENUMERATION_LIMIT = 40_000  # fitting deals a puzzle may have (all are solved)


class CheckError(ValueError):
    """A position the checker cannot answer (too many fitting deals, none, game over)."""


@dataclasses.dataclass(frozen=True)
class CardResult:
    """One legal card: ``points`` its side ends the deal with on the actual layout;
    ``loss`` the points it gives away against the best card, on average over the fitting
    deals (one deal when every hand is shown); ``worst`` the most it gives away on one of
    them; ``best_share`` the share of the deals where it is as good as the best; ``layout``
    the other seats' hands on a deal where it gives away ``worst`` (hidden hands only)."""

    card: Card
    points: int
    loss: float
    worst: int
    best_share: float
    layout: Mapping[Seat, Hand] | None = None

    @property
    def sound(self) -> bool:
        """As good as the best card on every deal."""
        return self.worst == 0

    def to_json(self) -> dict[str, Any]:
        """The stored form (cards as text)."""
        out: dict[str, Any] = {"points": self.points, "loss": round(self.loss, 3),
                               "worst": self.worst, "best_share": round(self.best_share, 4)}
        if self.layout is not None:
            out["layout"] = {seat.name: [str(c) for c in hand]
                             for seat, hand in self.layout.items()}
        return out


@dataclasses.dataclass(frozen=True)
class Answer:
    """Every legal card's result and how many deals were solved (1: every hand shown);
    ``chosen``: the cards a theme accepts by another rule than the solver's (a lead that
    makes a signal true), or ``None``; ``low_wins``: the table's rules want the fewest
    points (a perdere)."""

    cards: tuple[CardResult, ...]
    deals: int
    low_wins: bool = False
    chosen: tuple[Card, ...] | None = None

    @property
    def accepted(self) -> tuple[Card, ...]:
        """The ``chosen`` cards, else the sound cards (as good as the best on every deal)."""
        if self.chosen is not None:
            return self.chosen
        return tuple(r.card for r in self.cards if r.sound)

    def choosing(self, cards: tuple[Card, ...]) -> Answer:
        """This answer accepting ``cards`` (in card order) instead of the sound cards."""
        return dataclasses.replace(self, chosen=tuple(sorted(cards)))

    @property
    def least_loss(self) -> float:
        """The average loss of the best card (the one that gives away least)."""
        return min(r.loss for r in self.cards)

    def result(self, card: Card) -> CardResult:
        """The result of ``card`` (``KeyError`` if it is not a legal card here)."""
        for r in self.cards:
            if r.card == card:
                return r
        raise KeyError(str(card))

    @property
    def best_points(self) -> int:
        """What the best card makes on the actual layout."""
        pick = min if self.low_wins else max
        return pick(r.points for r in self.cards)

    def lost_here(self, card: Card) -> int:
        """Points ``card`` gives away on the actual layout."""
        return abs(self.best_points - self.result(card).points)

    def lucky(self, card: Card) -> bool:
        """``card`` is as good as the best on the actual layout, but not on every deal."""
        return not self.result(card).sound and self.lost_here(card) == 0

    def to_json(self) -> dict[str, Any]:
        """The stored form: ``{"deals": n, "accepted": [...], "cards": {card: ...}}``."""
        return {"deals": self.deals, "accepted": [str(c) for c in self.accepted],
                "cards": {str(r.card): r.to_json() for r in self.cards}}


def warm(block: bool = True) -> None:
    """Load both compiled solvers (seconds the first time in a process)."""
    warm_up(background=not block)
    warm_up_batch(background=not block)


def check(deal: Deal, shown: bool) -> Answer:
    """The answer for the seat to play in ``deal``: the full deal when ``shown``, else every
    deal that fits that seat's view."""
    if deal.to_play is None:
        raise CheckError("the deal is over: no card to play")
    return _shown(deal) if shown else _hidden(deal)


def _shown(deal: Deal) -> Answer:
    values = card_values(position_from_deal(deal), points_only=True)
    assert values is not None  # block=True waits for the compiled core
    points = {v.card: v.points for v in values}
    best = deal.rules.best(points.values())
    return Answer(tuple(CardResult(c, p, float(abs(best - p)), abs(best - p),
                                   float(p == best)) for c, p in sorted(points.items())),
                  1, deal.rules.low_wins)


def fitting_deals(deal: Deal) -> np.ndarray:
    """Every deal that fits the view of the seat to play: one row of the four seats' hands
    (masks) per deal. ``CheckError`` when there are more than :data:`ENUMERATION_LIMIT`."""
    from ...ai.deal_table import deal_table  # numpy: not on the static site (docs/lite.md)

    assert deal.to_play is not None
    sampler = DealSampler(knowledge_from_view(deal.view(deal.to_play)))
    if not sampler.count:
        raise CheckError("no deal fits the learner's view")
    if sampler.count > ENUMERATION_LIMIT:
        raise CheckError(f"{sampler.count} deals fit the view: more than {ENUMERATION_LIMIT}")
    return deal_table(sampler)


def _hidden(deal: Deal) -> Answer:
    import numpy as np  # here: the static site (no numpy) never checks a puzzle this way

    assert deal.to_play is not None
    view = deal.view(deal.to_play)
    rows = fitting_deals(deal)
    warm_up_batch(background=False)
    solver = RowSolver(view)
    solved = solver.solve_table(rows, 0)
    actual = solver.solve([Sample({s: deal.hand_mask(s) for s in deal.seats})], 0).points[0]
    points = np.asarray(solved.points)
    best = points.min(axis=1) if deal.rules.low_wins else points.max(axis=1)
    losses = np.abs(points - best[:, None])
    out = []
    for j, card in enumerate(solved.cards):
        column = losses[:, j]
        worst_row = int(column.argmax())
        layout = None
        if column[worst_row]:
            layout = {s: Hand.from_mask(int(rows[worst_row, s])) for s in deal.seats
                      if s != deal.to_play}
        out.append(CardResult(card, int(actual[j]), float(column.mean()), int(column.max()),
                              float((column == 0).mean()), layout))
    return Answer(tuple(out), len(rows), deal.rules.low_wins)


def layout_loss(deal: Deal, card: Card, layout: Mapping[Seat, Hand]) -> int:
    """What ``card`` gives away against the best card when the other hands are ``layout``
    (every card seen): how a stored re-dealt layout is checked."""
    assert deal.to_play is not None
    hands = {s: deal.hand_mask(s) for s in deal.seats}
    hands.update({s: h.mask for s, h in layout.items()})
    solver = RowSolver(deal.view(deal.to_play))
    solved = solver.solve([Sample(hands)], 0)
    row = list(solved.points[0])
    return abs(deal.rules.best(row) - row[solved.cards.index(card)])
