"""The exact solver, one door for every caller: it sees every card (full information).

Import from here only (the solver's own tests excepted). The package's files:

- ``position.py``: :class:`Position`, a full-information position as plain ints and bitmasks,
  built from a deal (:func:`position_from_deal`) or from a seat's view completed by a
  sampled deal (:func:`position_from_view`);
- ``reference.py``: the pure-Python alpha-beta solver, slow but simple: the answers the
  compiled core is checked against, and the fallback for small positions;
- ``compiled.py``: drives the compiled core: compiling or loading it (numba's disk cache) in
  the background, its transposition tables, and asking the solver service when there is one;
- ``_kernel.py``: the numba search core itself (imported by ``compiled.py`` only);
- ``batched.py``: many deals of one seat's view solved in one compiled call
  (``_batch_kernel.py``), each card's points per deal, under a budget of search nodes: what
  lets a hint solve every deal that fits the view (runs in this process, never the service);
- ``wire.py``: the solver service's messages (checked JSON) and the environment variables
  that name the service to a kernel;
- ``client.py``: a kernel's side of the service (its core's calls over a socket);
- ``service.py``: :class:`SolverService`, the one process that runs the core for every
  kernel of a server (``python -m tressette_learn.ai.solve`` runs it, see ``__main__.py``).

Callers that must not wait (a hint in a fresh kernel) pass ``block=False``: while the core
compiles in the background they get the pure-Python reference for small positions, and
``None`` for large ones.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.cards import DECK
from ...engine.deal import Deal
from .batched import RowSolver, Solved
from .batched import is_ready as batch_ready
from .batched import warm_up as warm_up_batch
from .compiled import (
    cannot_compile,
    fast_card_values,
    fast_card_values_many,
    fast_position_value,
    has_service,
    idle_card_values,
    is_ready,
    reset_table,
    warm_up,
)
from .position import Position, position_from_deal, position_from_view
from .reference import (
    INFINITY,
    CardValue,
    ReferenceSolver,
    equivalent_moves,
    future_thirds,
    position_card_values,
)
from .service import SolverService
from .service import main as run_service
from .wire import ADDRESS_ENV, KEY_ENV

__all__ = [
    "ADDRESS_ENV", "KEY_ENV", "run_service",
    "REFERENCE_LIMIT", "CardValue", "Position", "RowSolver", "Solved", "SolverService",
    "batch_ready", "cannot_compile", "card_values", "card_values_many", "warm_up_batch",
    "equivalent_moves", "future_thirds", "has_service", "idle_card_values",
    "is_ready", "position_from_deal", "position_from_view", "position_value",
    "reference_card_values", "reference_position_value", "reset_table", "solve_full_deal",
    "warm_up",
]

REFERENCE_LIMIT = 5  # tricks left that the pure-Python reference solves in milliseconds


def card_values(pos: Position, *, points_only: bool = False,
                block: bool = True) -> list[CardValue] | None:
    """Every legal card of ``pos``'s seat to play with the thirds and points its side ends
    the deal with, every card seen and played perfectly (with ``points_only`` the compiled
    core leaves ``thirds`` ``None``: fewer searches). The compiled core when it is ready (or
    ``block``), else the reference up to :data:`REFERENCE_LIMIT` tricks left, else ``None``."""
    values = fast_card_values(pos, points_only=points_only, block=block)
    if values is None and pos.tricks_left <= REFERENCE_LIMIT:
        return reference_card_values(pos)
    return values


def card_values_many(positions: Sequence[Position], *, points_only: bool = False
                     ) -> list[list[CardValue]]:
    """:func:`card_values` of each position (waiting for the compiled core), in one call
    on one transposition table: positions of one deal in play order (a review) reuse what
    the earlier ones stored. Without the compiled core, the reference's values."""
    values = fast_card_values_many(positions, points_only=points_only, block=True)
    if values is None:  # the core failed to build: the reference, slow beyond a few tricks
        return [reference_card_values(pos) for pos in positions]
    return values


def position_value(pos: Position, *, block: bool = True) -> int | None:
    """The first side's exact thirds from ``pos`` to the end of the deal, from the same
    sources as :func:`card_values` (``None`` when none may answer now)."""
    value = fast_position_value(pos, block=block)
    if value is None and pos.tricks_left <= REFERENCE_LIMIT:
        return reference_position_value(pos)
    return value


def solve_full_deal(deal: Deal, *, points_only: bool = False,
                    block: bool = True) -> list[CardValue] | None:
    """:func:`card_values` of the deal's position (the solver sees every hand)."""
    return card_values(position_from_deal(deal), points_only=points_only, block=block)


def reference_card_values(pos: Position) -> list[CardValue]:
    """:func:`card_values` from the pure-Python reference only (slow beyond a few tricks)."""
    return [CardValue(DECK[c], t, t // 3) for c, t in position_card_values(pos).items()]


def reference_position_value(pos: Position) -> int:
    """:func:`position_value` from the pure-Python reference only (``pos`` is searched in
    place and restored)."""
    if pos.to_play < 0 or pos.tricks_left == 0:
        return 0
    return ReferenceSolver(pos).search(-1, INFINITY)
