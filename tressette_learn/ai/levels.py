"""The registry of computer-player levels: name -> factory taking a seed."""

from __future__ import annotations

from collections.abc import Callable

from .heuristic import BeginnerPlayer, RulesPlayer
from .hints import exact_hint_decision
from .pimc import expert_player, strong_player
from .players import Player, RandomPlayer
from .solve import cannot_compile

LEVELS: dict[str, Callable[[int | None], Player]] = {
    "random": RandomPlayer,
    "beginner": BeginnerPlayer,
    "club": RulesPlayer,
    # each for himself both play the exact hint's card, else the club player's (.pimc)
    "strong": lambda seed: strong_player(seed, alone=exact_hint_decision),
    "expert": lambda seed: expert_player(seed, alone=exact_hint_decision),
}
"""Level name -> factory taking a seed; extend it to add a level."""


SOLVER_LEVELS = frozenset({"strong", "expert"})
"""The levels that search with the compiled solver (none in the browser)."""


def playable_levels() -> tuple[str, ...]:
    """The levels that can play here: every one where the compiled solver can load, else
    (the static site in the browser) those that need no solver."""
    if cannot_compile() is None:
        return tuple(LEVELS)
    return tuple(name for name in LEVELS if name not in SOLVER_LEVELS)


def make_player(level: str, seed: int | None = None) -> Player:
    """A player of this level (``random``, ``beginner``, ``club``, ...)."""
    factory = LEVELS.get(level)
    if factory is None:
        raise ValueError(f"unknown player level {level!r}: choose one of {', '.join(LEVELS)}")
    return factory(seed)
