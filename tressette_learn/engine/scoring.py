"""Scoring a deal in thirds: card points, the last trick, declarations, revokes, cappotto."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from .cards import Card
from .declarations import Declaration
from .rules import ACE_OF_BASTONI, LAST_TRICK_THIRDS, Rules
from .seats import Seat

if TYPE_CHECKING:
    from .actions import Call
    from .deal import Deal
    from .rules import Rules
    from .tricks import Trick

__all__ = ["ACE_OF_BASTONI", "LAST_TRICK_THIRDS"]


@dataclasses.dataclass(frozen=True)
class Revoke:
    """A card played without following suit while the player could."""

    trick: int
    seat: Seat
    card: Card

    def to_json(self) -> dict[str, Any]:
        """``{"trick": 3, "seat": "W", "card": "4s"}`` (tricks count from 1)."""
        return {"trick": self.trick, "seat": self.seat.name, "card": str(self.card)}


@dataclasses.dataclass(frozen=True)
class SideScore:
    """One side's line on the scoreboard for a deal: ``thirds`` counts the cards taken and
    the last trick (``last_trick`` thirds of them)."""

    thirds: int
    card_points: int
    declarations: int
    bonus: int
    last_trick: int = 0

    @property
    def taken_thirds(self) -> int:
        """The thirds of the cards taken, without the last trick."""
        return self.thirds - self.last_trick

    @property
    def total(self) -> int:
        """Card points, declarations and any cappotto bonus."""
        return self.card_points + self.declarations + self.bonus


@dataclasses.dataclass(frozen=True)
class DealResult:
    """A deal's score; ``complete`` is False for a deal still in play or ended early."""

    sides: dict[str, SideScore]
    last_trick: Seat | None
    complete: bool
    declarations: tuple[Declaration, ...]
    revokes: tuple[Revoke, ...] = ()
    penalised: str | None = None
    cappotto: str | None = None
    call: Call | None = None
    redeal_by: Seat | None = None
    low_wins: bool = False
    reversed_cappotto: bool = False

    def total(self, side: str) -> int:
        """The points this deal adds to ``side``'s match total."""
        return self.sides[side].total

    @property
    def winner(self) -> str | None:
        """The side with the best total (the lowest a perdere); None when the best total is
        shared or the deal was not played to its end (redeal, call, still in play)."""
        if not self.complete or self.redeal_by is not None or self.call is not None:
            return None
        pick = min if self.low_wins else max
        best = pick(self.total(side) for side in self.sides)
        leaders = [side for side in self.sides if self.total(side) == best]
        return leaders[0] if len(leaders) == 1 else None



def card_thirds(card: Card, rules: Rules) -> int:
    """A card's points in thirds at this table (the ace of bastoni may be worth 11)."""
    return rules.card_values[card.index]


class Table(Protocol):
    """What the call-out count reads: a deal, or one seat's view of it (all public)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def sides(self) -> tuple[str, ...]: ...
    @property
    def tricks(self) -> Sequence[Trick]: ...
    @property
    def declarations(self) -> Sequence[Declaration]: ...
    @property
    def match_scores(self) -> Mapping[str, int]: ...
    def side_of(self, seat: Seat) -> str: ...


def captured_thirds(deal: Table, side: str) -> int:
    """The thirds of the cards a side has taken so far (no last-trick bonus)."""
    return thirds_by_side(deal)[side]


def thirds_by_side(deal: Table) -> dict[str, int]:
    """The thirds of the cards each side has taken so far (no last-trick bonus)."""
    thirds = dict.fromkeys(deal.sides, 0)
    rules = deal.rules
    for trick in deal.tricks:
        if trick.winner is not None:
            thirds[deal.side_of(trick.winner)] += sum(card_thirds(card, rules)
                                                      for card in trick.cards)
    return thirds


def declared_points(deal: Table, side: str) -> int:
    """Points of the side's declarations so far."""
    return sum(d.points for d in deal.declarations if deal.side_of(d.seat) == side)


def call_points(table: Table, side: str) -> int:
    """What a call-out by ``side`` counts: rounded captured card points (no last trick),
    its declarations and its match score; a deal and any seat's view of it agree."""
    return captured_thirds(table, side) // 3 + declared_points(table, side) \
        + table.match_scores[side]


def score_deal(deal: Deal) -> DealResult:
    """The score of a deal, following RULES.md sections 1, 3, 5, 6 and 9."""
    rules = deal.rules
    complete = len(deal.tricks) == rules.tricks_per_deal
    last = deal.tricks[-1].winner if complete else None
    thirds = thirds_by_side(deal)
    last_thirds = dict.fromkeys(deal.sides, 0)
    if last is not None:
        last_thirds[deal.side_of(last)] = rules.last_trick_thirds
        thirds[deal.side_of(last)] += rules.last_trick_thirds
    points = {side: t // 3 for side, t in thirds.items()}
    revokes = _revokes(deal)
    penalised = deal.side_of(revokes[0].seat) if revokes else None
    if penalised is not None:
        points = _revoke_penalty(deal, penalised)
    cappotto = _cappotto(deal, points) if complete and penalised is None else None
    declared = {side: declared_points(deal, side) for side in deal.sides}
    bonus = dict.fromkeys(deal.sides, 0)
    if cappotto is not None:
        for side in deal.sides:
            if side != cappotto:
                declared[side] = 0
        points, bonus = rules.after_cappotto(cappotto, points)
    if deal.redeal_by is not None:
        points, declared = dict.fromkeys(deal.sides, 0), dict.fromkeys(deal.sides, 0)
    sides = {s: SideScore(thirds[s], points[s], declared[s], bonus[s], last_thirds[s])
             for s in deal.sides}
    return DealResult(sides, last, complete, tuple(deal.declarations), revokes, penalised,
                      cappotto, deal.ended_by_call, deal.redeal_by, rules.low_wins,
                      rules.reversed_cappotto)


def _revokes(deal: Deal) -> tuple[Revoke, ...]:
    size = deal.trick_size
    return tuple(Revoke(n // size + 1, play.seat, play.card)
                 for n, play in enumerate(deal.plays) if play.revoke)


def _revoke_penalty(deal: Deal, offenders: str) -> dict[str, int]:
    """The offending side loses the deal (RULES.md §6; the rule set says what that is)."""
    return deal.rules.revoke_points(offenders, deal.sides)


def _cappotto(deal: Deal, points: dict[str, int]) -> str | None:
    winners = (deal.side_of(t.winner) for t in deal.tricks if t.winner is not None)
    return deal.rules.cappotto_of(points, winners)
