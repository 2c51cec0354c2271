"""Plays and tricks: small immutable records of what happened at the table."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Literal

from .cards import Card, Suit, winning_offset
from .seats import Seat
from .svg import display, trick_svg

Signal = Literal["busso", "volo", "striscio"]
SIGNALS: tuple[Signal, ...] = ("busso", "volo", "striscio")


@dataclasses.dataclass(frozen=True)
class Play:
    """One card played by one seat, with the leader's signal and whether it was a revoke."""

    seat: Seat
    card: Card
    signal: Signal | None = None
    revoke: bool = False

    def to_json(self) -> dict[str, str]:
        """The record form: ``{"seat": "N", "card": "3c", "signal": "busso"}``."""
        out = {"seat": self.seat.name, "card": str(self.card)}
        if self.signal:
            out["signal"] = self.signal
        return out


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
