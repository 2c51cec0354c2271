"""Player views: exactly what one seat may see. Computer players get nothing else."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from .cards import FULL_DECK_MASK, Hand
from .declarations import Declaration
from .rules import Rules
from .seats import Seat
from .tricks import Play, Trick

if TYPE_CHECKING:
    from .actions import Call, Draw
    from .deal import Deal


@dataclasses.dataclass(frozen=True)
class PlayerView:
    """One seat's observation of a deal.

    ``known_hands`` holds the other hands this seat can see: the exposed dummy, and for
    the dummy (played by the dealer) the dealer's own hand. Signals ride on the plays.
    """

    seat: Seat
    rules: Rules
    dealer: Seat
    hand: Hand
    legal: Hand
    to_play: Seat | None
    current_trick: tuple[Play, ...]
    tricks: tuple[Trick, ...]
    declarations: tuple[Declaration, ...]
    draws: tuple[Draw, ...]
    stock_size: int
    hand_sizes: dict[Seat, int]
    dummy: Seat | None
    known_hands: dict[Seat, Hand]
    calls: tuple[Call, ...]
    match_scores: dict[str, int]

    @property
    def sides(self) -> tuple[str, ...]:
        """The table's sides (``NS``, ``EW``, or seats)."""
        return self.rules.sides

    def side_of(self, seat: Seat) -> str:
        """The side ``seat`` plays for."""
        return self.rules.side_of(seat)

    @property
    def played_mask(self) -> int:
        """Every card played so far."""
        mask = 0
        for trick in (*self.tricks, Trick(self.current_trick)):
            for play in trick.plays:
                mask |= play.card.bit
        return mask

    def unseen_mask(self) -> int:
        """Cards this seat cannot see: not in its hand, not played, not in a known hand."""
        seen = self.hand.mask | self.played_mask
        for hand in self.known_hands.values():
            seen |= hand.mask
        return FULL_DECK_MASK & ~seen

    def cards(self) -> frozenset[str]:
        """Every card named anywhere in the view (for checking nothing hidden leaks)."""
        named = {str(c) for c in self.hand} | {str(p.card) for p in self.current_trick}
        named |= {str(p.card) for t in self.tricks for p in t.plays}
        named |= {str(c) for d in self.declarations for c in d.cards}
        named |= {str(d.card) for d in self.draws}
        named |= {str(c) for h in self.known_hands.values() for c in h}
        return frozenset(named)


def view_of(deal: Deal, seat: Seat) -> PlayerView:
    """Build ``seat``'s view of ``deal``."""
    known: dict[Seat, Hand] = {}
    to_play = deal.to_play
    if deal.dummy is not None:
        if seat == deal.dummy:
            known[deal.dealer] = deal.hand(deal.dealer)
        elif deal.dummy_exposed or (seat == deal.dealer and to_play == deal.dummy):
            known[deal.dummy] = deal.hand(deal.dummy)
    legal = deal.legal_cards() if to_play == seat else Hand()
    return PlayerView(
        seat=seat, rules=deal.rules, dealer=deal.dealer, hand=deal.hand(seat), legal=legal,
        to_play=to_play, current_trick=tuple(deal.current), tricks=tuple(deal.tricks),
        declarations=tuple(deal.declarations), draws=tuple(deal.draws),
        stock_size=len(deal.stock),
        hand_sizes={s: bin(deal.hand_mask(s)).count("1") for s in deal.seats},
        dummy=deal.dummy, known_hands=known, calls=tuple(deal.calls),
        match_scores=dict(deal.match_scores))
