"""Computer players: the interface, and a random player (the levels are in :mod:`.levels`).

A player sees one :class:`PlayerView` (what its seat may see) and nothing else.
"""

from __future__ import annotations

import abc
import dataclasses
import random

from ..engine.cards import Card
from ..engine.declarations import Declaration
from ..engine.scoring import call_points
from ..engine.tricks import Signal
from ..engine.views import PlayerView


@dataclasses.dataclass(frozen=True)
class Decision:
    """The card to play and, when leading, the signal that goes with it."""

    card: Card
    signal: Signal | None = None


class Player(abc.ABC):
    """A computer player: it chooses cards, declarations and calls from a view only."""

    level: str = "player"

    @abc.abstractmethod
    def choose(self, view: PlayerView) -> Decision:
        """The card (and signal) for the seat to play, whose view this is."""

    def declare(self, view: PlayerView, available: list[Declaration]) -> list[Declaration]:
        """Which of the available combinations to declare: all of them."""
        return list(available)

    def call_out(self, view: PlayerView) -> bool:
        """Whether the view's side claims the target now (only when the claim is right)."""
        rules = view.rules
        if not rules.calling_out or rules.fixed_deals is not None:
            return False
        return call_points(view, view.side_of(view.seat)) >= rules.target


class RandomPlayer(Player):
    """Plays a uniformly random legal card and never signals."""

    level = "random"

    def __init__(self, seed: int | None = None):
        """``seed`` makes the player's choices reproducible."""
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Decision:
        """Any legal card."""
        return Decision(self.rng.choice(view.legal))
