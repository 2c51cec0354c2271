"""A full-information position in bitmasks, for the exact solver (it sees every card)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from ...engine.cards import Card, mask_of
from ...engine.deal import Deal, legal_mask
from ...engine.rules import Rules
from ...engine.seats import Seat
from ...engine.tricks import Play, Trick
from ...engine.views import PlayerView


@dataclasses.dataclass
class Position:
    """Everything the solver needs, as plain ints; seats are ``Seat`` values 0..3.

    ``side[seat]`` is 0 for the first side of the table (NS, or S with two players).
    ``values[card]`` is the card's thirds at this table, ``last_trick`` the last trick's and
    ``low_wins`` whether the fewest points win: the rule set's answers, read once
    (:func:`build_position`) so the search reads ints.
    """

    hands: list[int]
    trick: list[tuple[int, int]]
    to_play: int
    tricks_left: int
    gone: int
    stock: tuple[int, ...]
    stock_pos: int
    must_follow_with_stock: bool
    next_seat: tuple[int, ...]
    side: tuple[int, ...]
    values: tuple[int, ...]
    last_trick: int
    low_wins: bool
    captured: list[int]

    @property
    def trick_size(self) -> int:
        """Cards in a trick: one per hand."""
        return sum(1 for s in range(4) if self.next_seat[s] >= 0)

    def kernel_values(self) -> list[int]:
        """What the compiled core reads as ``values``: the 40 cards' thirds, then the last
        trick's."""
        return [*self.values, self.last_trick]

    def legal(self) -> int:
        """The legal cards of the seat to play, as a mask."""
        hand = self.hands[self.to_play]
        if not self.trick:
            return hand
        if self.stock_pos < len(self.stock) and not self.must_follow_with_stock:
            return hand
        return legal_mask(hand, self.trick[0][1] // 10)

    def key(self) -> tuple[int, ...]:
        """Identifies a trick-start position for the transposition table."""
        return (*self.hands, self.to_play, self.stock_pos)


def position_from_deal(deal: Deal) -> Position:
    """The full deal as a solver position (every hand and the stock order are seen)."""
    hands = {seat: deal.hand_mask(seat) for seat in deal.seats}
    return build_position(deal.rules, hands, tuple(deal.current), tuple(deal.tricks),
                          tuple(c.index for c in deal.stock), deal.to_play)


def position_from_view(view: PlayerView, hands: Mapping[Seat, int],
                       stock: Sequence[Card] = ()) -> Position:
    """A seat's view completed by guessed hands and stock order (one PIMC sample)."""
    return build_position(view.rules, hands, view.current_trick, view.tricks,
                          tuple(c.index for c in stock), view.to_play)


def build_position(rules: Rules, hands: Mapping[Seat, int], current: Sequence[Play],
                   tricks: Sequence[Trick], stock: tuple[int, ...],
                   to_play: Seat | None) -> Position:
    """A solver position from current hands, the trick in play, finished tricks, stock.

    With more than two sides (each for himself) the search is paranoid: side 0 is the seat
    to play, side 1 every other seat together, so the seat's own points are searched against
    the best the others can do to it.
    """
    nxt = [-1] * 4
    side = [0] * 4
    sides = rules.sides
    for seat in rules.seats:
        nxt[seat] = rules.next_seat(seat)
        if len(sides) == 2:
            side[seat] = sides.index(rules.side_of(seat))
        else:
            side[seat] = 0 if seat == to_play else 1
    values = rules.card_values
    captured = [0, 0]
    gone = 0
    for trick in tricks:
        assert trick.winner is not None
        captured[side[trick.winner]] += sum(values[c.index] for c in trick.cards)
        gone |= mask_of(trick.cards)
    return Position(
        hands=[hands.get(Seat(s), 0) if nxt[s] >= 0 else 0 for s in range(4)],
        trick=[(p.seat.value, p.card.index) for p in current],
        to_play=-1 if to_play is None else to_play.value,
        tricks_left=rules.tricks_per_deal - len(tricks), gone=gone,
        stock=stock, stock_pos=0, must_follow_with_stock=rules.must_follow(rules.stock_size),
        next_seat=tuple(nxt), side=tuple(side), values=values,
        last_trick=rules.last_trick_thirds, low_wins=rules.low_wins, captured=captured)
