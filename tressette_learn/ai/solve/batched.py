"""The batched exact solver: every legal card's value on many deals of one view, in one call.

A hint solves hundreds or thousands of deals that differ only in the hidden hands (and, with
two players, the stock's order). One compiled call (:mod:`._batch_kernel`) solves them in a
row on one transposition table, so a three-trick deal costs microseconds instead of the
fraction of a millisecond a call per deal costs. A budget of search nodes bounds each call:
work, not wall-clock time, so the same view and seed always give the same answer.

This solver runs in this process, even when a solver service is configured for the
per-position searches (:mod:`.fastsolver`): it loads the compiled core here. Like the
per-position door it never waits for a compilation unless asked: :func:`is_ready` is false
until :func:`warm_up` (background by default) has loaded it.

The solver sees every card of the deals it is given (they are guesses built from a view).
"""

from __future__ import annotations

import contextlib
import dataclasses
import threading
from collections.abc import Sequence
from concurrent.futures import Future
from types import ModuleType
from typing import Any

try:
    import numpy as np
except ImportError:  # the static site (docs/lite.md): no numpy, so the core never loads
    np = None  # type: ignore[assignment]

from ...engine.cards import DECK, Card
from ...engine.seats import Seat
from ...engine.views import PlayerView
from ..inference import Sample
from . import compiled  # noqa: F401  (it points numba's disk cache at a writable folder)
from .position import Position, position_from_view
from .reference import equivalent_moves, future_thirds

# One table of 2**18 entries (10 MB) for every call: deals of one view share many
# positions after a trick or two, and a table that keeps them halves the work of a
# four-trick enumeration (a table of 2**14 made it twice as slow, 2**20 no faster).
TABLE_LOG2 = 18
SEATS = tuple(Seat(s) for s in range(4))  # the columns of a table of hands

_kernel: ModuleType | None = None
_loading: Future[None] | None = None
_load_lock = threading.Lock()
_solve_lock = threading.Lock()
_tables: list[Any] = []  # the shared table, once made
_generation = [0, 0]  # the last generation given, and how many times the numbers ran out


def warm_up(background: bool = True) -> None:
    """Compile the batched core (or load it from numba's disk cache); in a thread by
    default. With ``background=False`` it returns once the core is ready and raises
    ``RuntimeError`` if compiling failed."""
    global _loading
    with _load_lock:
        if _loading is None:
            _loading = Future()
            threading.Thread(target=_load, args=(_loading,), name="tressette-batch",
                             daemon=True).start()
    if not background:
        try:
            _loading.result()
        except Exception as err:
            raise RuntimeError("the batched solver's core failed to compile") from err


def is_ready() -> bool:
    """True once :func:`RowSolver.solve` can run without waiting for a compilation."""
    loading = _loading
    return loading is not None and loading.done() and loading.exception() is None


def _load(loading: Future[None]) -> None:
    """Import the core and solve one small deal with it (compiles or loads the cache)."""
    global _kernel
    try:
        from ...engine.deal import Deal
        from ...engine.rules import Rules
        from . import _batch_kernel

        deal = Deal.new(Rules.preset("standard"), seed=0)
        while len(deal.tricks) < 9:
            deal.play(deal.legal_cards()[0])
        assert deal.to_play is not None
        hands = {seat: deal.hand_mask(seat) for seat in deal.seats}
        _kernel = _batch_kernel
        RowSolver(deal.view(deal.to_play)).solve([Sample(hands)], 0)
        loading.set_result(None)
    except Exception as err:  # raised again by warm_up(background=False)
        loading.set_exception(err)


@dataclasses.dataclass(frozen=True)
class Solved:
    """The deals solved by one call: ``points[i, j]`` (a numpy array) is what the mover's
    side ends the deal with in points when ``cards[j]`` is played in deal ``i`` (both
    sides perfect)."""

    cards: tuple[Card, ...]
    points: Any
    nodes: int
    searches: int = 0

    @property
    def count(self) -> int:
        """How many deals were solved."""
        return len(self.points)


class RowSolver:
    """Solves deals that complete one view (the mover's hand is the view's own)."""

    def __init__(self, view: PlayerView):
        if view.to_play != view.seat:
            raise ValueError(f"it is not {view.seat}'s turn to play")
        self.view = view
        self.cards = tuple(sorted(view.legal))
        # (round, generation) of the shared table for deals without a stock
        self.generation: tuple[int, int] | None = None

    def solve(self, deals: Sequence[Sample], node_budget: int,
              cards: Sequence[Card] | None = None) -> Solved:
        """Every legal card's value (or only ``cards``') on each deal, in order, until
        ``node_budget`` search nodes are spent (``<= 0``: no limit). The deal being solved
        when the budget runs out is dropped; the deals before it are all in the answer."""
        hands = np.array([[d.hands.get(seat, 0) for seat in SEATS] for d in deals],
                         dtype=np.int64).reshape(len(deals), 4)
        nstock = len(deals[0].stock) if deals else 0
        stocks = np.zeros((len(deals), max(2, nstock)), dtype=np.int64)
        if nstock:
            stocks[:, :nstock] = [[c.index for c in d.stock] for d in deals]
        return self._solve(hands, stocks, nstock, node_budget, cards)

    def solve_table(self, hands: Any, node_budget: int,
                    cards: Sequence[Card] | None = None) -> Solved:
        """:meth:`solve` for deals without a stock given as a table: one row of the four
        seats' hands (int64 masks, seats 0..3) per deal (see :mod:`.deal_table`)."""
        stocks = np.zeros((len(hands), 2), dtype=np.int64)
        return self._solve(np.ascontiguousarray(hands, dtype=np.int64), stocks, 0,
                           node_budget, cards)

    def _solve(self, hands: Any, stocks: Any, nstock: int, node_budget: int,
               cards: Sequence[Card] | None = None) -> Solved:
        chosen = tuple(c for c in self.cards if cards is None or c in cards)
        if not len(hands) or not chosen:
            return Solved(chosen, np.zeros((0, len(chosen)), dtype=np.int64), 0)
        if _kernel is None:
            raise RuntimeError("the batched solver is not ready: call warm_up() first")
        first = {seat: int(hands[0, seat]) for seat in SEATS}
        pos = position_from_view(self.view, first, [DECK[c] for c in stocks[0, :nstock]])
        moves = [(rep, card) for rep, card in equivalent_moves(pos, pos.legal())
                 if DECK[card] in chosen]
        reps = list(dict.fromkeys(rep for rep, _ in moves))
        column = {card: reps.index(rep) for rep, card in moves}
        out = np.zeros((len(hands), len(reps)), dtype=np.int64)
        remaining = future_thirds(pos)
        done, nodes, searches = self._run(pos, hands, stocks, np.array(reps, dtype=np.int64),
                                          remaining, node_budget, out)
        side = pos.side[pos.to_play]
        values = out[:done]
        thirds = pos.captured[side] + (values if side == 0 else remaining - values)
        points = (thirds // 3)[:, [column[card.index] for card in chosen]]
        return Solved(chosen, points, nodes, searches)

    def _run(self, pos: Position, hands: Any, stocks: Any, reps: Any, remaining: int,
             node_budget: int, out: Any) -> tuple[int, int, int]:
        """One compiled call: rows done, nodes, searches. Deals without a stock use this
        solver's generation of the shared table (empty at the first call, then kept from
        call to call), deals with one a fresh generation each: so the same calls always
        take the same work. A private table if another thread holds the shared one."""
        assert _kernel is not None
        side = pos.side[pos.to_play]
        shift = pos.captured[0] if side == 0 else (-(pos.captured[1] + remaining + 1)) % 3
        logc = np.zeros(64, dtype=np.int64)
        logs = np.zeros(64, dtype=np.int64)
        for i, (seat, card) in enumerate(pos.trick):
            logc[i], logs[i] = card, seat
        stats = np.zeros(_kernel.STATS_SIZE, dtype=np.int64)
        with _table() as (table, shared):
            gens = self._generations(len(hands), not pos.stock) if shared else \
                [(1 + (0 if not pos.stock else i)) << 8 for i in range(len(hands))]
            done = _kernel.solve_rows(
                hands, stocks, len(pos.stock), logc, logs, len(pos.trick), pos.to_play,
                pos.tricks_left, pos.gone, 0, not pos.must_follow_with_stock,
                np.array(pos.values, dtype=np.int64), np.array(pos.next_seat, dtype=np.int64),
                np.array(pos.side, dtype=np.int64), pos.a_perdere, pos.trick_size, table,
                np.array(gens, dtype=np.int64), reps, shift, remaining, True, node_budget,
                out, stats)
        return int(done), int(stats[_kernel.STATS_NODES]), int(stats[_kernel.STATS_SEARCHES])

    def _generations(self, rows: int, same: bool) -> list[int]:
        """The rows' generations on the shared table (call with its lock held)."""
        if not same:
            return _generations(rows, False)
        if self.generation is None or self.generation[0] != _generation[1]:
            generation = _generations(1, True)[0]
            self.generation = (_generation[1], generation)
        return [self.generation[1]] * rows


def _generations(rows: int, same: bool) -> list[int]:
    """Table generations (context << 8) for the rows of one call: one for all when the rows
    share a stock order (none), else one each; every older entry becomes void. Once the 23
    bits of contexts are used up the tables start again empty. Call with the lock held."""
    count = 1 if same else rows
    if _generation[0] + count >= 1 << 23:  # every number used: empty the table, start again
        _generation[0] = 0
        _generation[1] += 1
        for table in _tables:
            table.fill(0)
    first = _generation[0] + 1
    _generation[0] += count
    return [(first + (0 if same else i)) << 8 for i in range(rows)]


@contextlib.contextmanager
def _table() -> Any:
    """The shared table (and True), or a fresh one (and False) while another search holds
    the shared one."""
    assert _kernel is not None
    if _solve_lock.acquire(blocking=False):
        try:
            if not _tables:
                _tables.append(_kernel.new_table(TABLE_LOG2))
            yield _tables[0], True
        finally:
            _solve_lock.release()
    else:
        yield _kernel.new_table(TABLE_LOG2), False
