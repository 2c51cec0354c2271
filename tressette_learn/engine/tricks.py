"""Tricks: the plays of one round, in order, and who took them (``Play`` lives in
:mod:`.actions` and is re-exported here)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from .actions import SIGNALS, Play, Signal
from .cards import Card, Suit, winning_offset
from .seats import Seat
from .svg import display, trick_svg

__all__ = ["SIGNALS", "Play", "Signal", "Trick", "winning_play"]


@dataclasses.dataclass(frozen=True)
class Trick:
    """A trick: its plays in order and, once complete, the seat that took it."""

    plays: tuple[Play, ...]
    winner: Seat | None = None

    @property
    def leader(self) -> Seat:
        """The seat that led."""
        return self.plays[0].seat

    @property
    def led_suit(self) -> Suit:
        """The suit every other player had to follow."""
        return self.plays[0].card.suit

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in the order played."""
        return tuple(play.card for play in self.plays)

    @property
    def thirds(self) -> int:
        """The card points of the trick in thirds (the last-trick bonus not included)."""
        return sum(card.thirds for card in self.cards)

    @property
    def signal(self) -> Signal | None:
        """The leader's signal, if any."""
        return self.plays[0].signal

    def _repr_svg_(self) -> str:
        return trick_svg([(p.seat, p.card) for p in self.plays], winner=self.winner, **display())


def winning_play(plays: Sequence[Play]) -> Play:
    """The highest card of the suit led; a card of another suit never wins."""
    return plays[winning_offset([play.card.index for play in plays])]
