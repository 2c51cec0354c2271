"""The registry of computer-player levels: name -> factory taking a seed."""

from __future__ import annotations

from collections.abc import Callable

from .heuristic import BeginnerPlayer, RulesPlayer
from .pimc import expert_player, strong_player
from .players import Player, RandomPlayer

LEVELS: dict[str, Callable[[int | None], Player]] = {
    "random": RandomPlayer,
    "beginner": BeginnerPlayer,
    "club": RulesPlayer,
    "strong": strong_player,
    "expert": expert_player,
}
"""Level name -> factory taking a seed; extend it to add a level."""


def make_player(level: str, seed: int | None = None) -> Player:
    """A player of this level (``random``, ``beginner``, ``club``, ...)."""
    factory = LEVELS.get(level)
    if factory is None:
        raise ValueError(f"unknown player level {level!r}: choose one of {', '.join(LEVELS)}")
    return factory(seed)
