"""One door to the exact solver: the compiled core when it is ready, else the reference.

Callers that must not wait (a hint in a fresh kernel) pass ``block=False``: while the core
compiles in the background they get the pure-Python reference for small positions, and
``None`` for large ones.
"""

from __future__ import annotations

from .position import Position
from .solver import CardValue, position_card_values

REFERENCE_LIMIT = 5  # tricks left that the pure-Python reference solves in milliseconds


def exact_card_values(pos: Position, *, points_only: bool = False,
                      block: bool = True) -> list[CardValue] | None:
    """Every legal card's exact value for the mover's side (see ``solver.CardValue``)."""
    from .fastsolver import fast_card_values

    values = fast_card_values(pos, points_only=points_only, block=block)
    if values is None and pos.tricks_left <= REFERENCE_LIMIT:
        from ..engine.cards import DECK

        return [CardValue(DECK[c], t, t // 3) for c, t in position_card_values(pos).items()]
    return values
