"""The batched exact solver: every legal card's value on many deals of one view, in one call.

A hint solves hundreds or thousands of deals that differ only in the hidden hands (and, with
two players, the stock's order). One compiled call (:mod:`._batch_kernel`) solves them in a
row on one transposition table, so a three-trick deal costs microseconds instead of the
fraction of a millisecond a call per deal costs. A budget of search nodes bounds each call:
work, not wall-clock time, so the same view and seed always give the same answer.

When the environment names a solver service (:mod:`.service`), the calls are asked there,
like the per-position searches (:mod:`.compiled`): this process then never loads numba (a
hint's few calls cost the service milliseconds; loading the core cost each kernel ~0.6 s of
CPU and ~90 MB). The service keeps a table per solver (``session``), so a hint's calls
reuse their entries as they do here. If the service cannot be reached the core is loaded
here after all. Like the per-position door it never waits for a compilation unless asked:
:func:`is_ready` is false until :func:`warm_up` (background by default) has loaded it.

The solver sees every card of the deals it is given (they are guesses built from a view).
"""

from __future__ import annotations

import contextlib
import dataclasses
import secrets
import threading
from collections.abc import Sequence
from concurrent.futures import Future
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
else:  # numpy is imported at its first use (tressette_learn.lazy_module)
    from ...lazy_module import LazyModule

    np = LazyModule("numpy")

from ...engine.cards import DECK, Card
from ...engine.seats import Seat
from ...engine.views import PlayerView
from ..inference import Sample
from . import compiled  # (it points numba's disk cache at a writable folder)
from .position import Position, position_from_view
from .reference import equivalent_moves, future_thirds
from .wire import Rows

# One table of 2**18 entries (10 MB) for every call: deals of one view share many
# positions after a trick or two, and a table that keeps them halves the work of a
# four-trick enumeration (a table of 2**14 made it twice as slow, 2**20 no faster).
TABLE_LOG2 = 18
SEATS = tuple(Seat(s) for s in range(4))  # the columns of a table of hands

_kernel: ModuleType | None = None
_loading: Future[None] | None = None
_load_lock = threading.Lock()


def warm_up(background: bool = True) -> None:
    """Compile the batched core (or load it from numba's disk cache); in a thread by
    default. With ``background=False`` it returns once the core is ready and raises
    ``RuntimeError`` if compiling failed. With a solver service, its core is the one
    waited for."""
    global _loading

    def wait(service: Any) -> None:
        if not background:
            service.wait_ready()

    if compiled._on_service(wait)[0]:
        return
    with _load_lock:
        if _loading is None:
            _loading = Future()
            if (missing := compiled.cannot_compile()) is not None:
                _loading.set_exception(missing)  # no thread (the browser cannot start one)
            else:
                threading.Thread(target=_load, args=(_loading,), name="tressette-batch",
                                 daemon=True).start()
    if not background:
        try:
            _loading.result()
        except Exception as err:
            raise RuntimeError("the batched solver's core failed to compile") from err


def is_ready() -> bool:
    """True once :func:`RowSolver.solve` can run without waiting for a compilation."""
    asked, ready = compiled._on_service(lambda service: service.ready())
    if asked:
        return bool(ready)
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

    def __init__(self, view: PlayerView, horizon: int = 0):
        if view.to_play != view.seat:
            raise ValueError(f"it is not {view.seat}'s turn to play")
        self.view = view
        # ``horizon`` > 0: only that many tricks are searched (the one in play counts), the
        # rest of the deal is valued by a quick play-out (``_kernel.playout``): estimates.
        # Not with a stock still to draw (the play-out knows none)
        left = view.rules.tricks_per_deal - len(view.tricks)
        self.stop = left - horizon if 0 < horizon < left and not view.stock_size else 0
        self.cards = tuple(sorted(view.legal))
        self.user = TableUser()  # its generation on this process's shared table
        self.session = secrets.token_hex(8)  # its table at the solver service

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
        first = {seat: int(hands[0, seat]) for seat in SEATS}
        pos = position_from_view(self.view, first, [DECK[c] for c in stocks[0, :nstock]])
        moves = [(rep, card) for rep, card in equivalent_moves(pos, pos.legal())
                 if DECK[card] in chosen]
        reps = list(dict.fromkeys(rep for rep, _ in moves))
        column = {card: reps.index(rep) for rep, card in moves}
        remaining = future_thirds(pos)
        values, nodes, searches = self._run(pos, hands, stocks[:, :nstock], reps, node_budget)
        side = pos.side[pos.to_play]
        thirds = pos.captured[side] + (values if side == 0 else remaining - values)
        points = (thirds // 3)[:, [column[card.index] for card in chosen]]
        return Solved(chosen, points, nodes, searches)

    def _run(self, pos: Position, hands: Any, stocks: Any, reps: list[int],
             node_budget: int) -> tuple[Any, int, int]:
        """The values of the rows done (rows x ``reps``), nodes, searches: asked of the
        solver service when there is one, else computed here."""
        def ask(service: Any) -> tuple[list[list[int]], int, int]:
            stock_rows = tuple(map(tuple, stocks.tolist())) if pos.stock else ()
            return service.rows(pos, Rows(tuple(map(tuple, hands.tolist())), stock_rows,
                                          tuple(reps), node_budget, self.session, self.stop))

        asked, answer = compiled._on_service(ask)
        if asked and answer is not None:
            values, nodes, searches = answer
            return np.array(values, dtype=np.int64).reshape(-1, len(reps)), nodes, searches
        if _kernel is None:
            raise RuntimeError("the batched solver is not ready: call warm_up() first")
        return solve_rows(pos, hands, stocks, reps, node_budget, _shared(), self.user,
                          self.stop)


class TableUser:
    """A solver's generation on a :class:`RowTable`: its deals without a stock share it
    from call to call, so later calls reuse what earlier ones stored."""

    def __init__(self) -> None:
        self.generation: tuple[int, int] | None = None  # (the table's round, generation)

    def generations(self, table: RowTable, rows: int, same: bool) -> list[int]:
        """The rows' generations (``same``: the rows share a stock order, none); call with
        the table's lock held."""
        if not same:
            first = table.fresh(rows)
            return [(first + i) << 8 for i in range(rows)]
        if self.generation is None or self.generation[0] != table.round:
            self.generation = (table.round, table.fresh(1) << 8)
        return [self.generation[1]] * rows


class RowTable:
    """A transposition table for batched calls (one for this process; one per solver at
    the service) and the generations (context << 8) it gave: each new one voids every
    older entry. Once the 23 bits of contexts are used up the table starts again empty."""

    def __init__(self) -> None:
        assert _kernel is not None
        self.table = _kernel.new_table(TABLE_LOG2)
        self.lock = threading.Lock()
        self.given = 0  # the last generation given
        self.round = 0  # how many times the numbers ran out

    def fresh(self, count: int) -> int:
        """The first of ``count`` new generations (call with the lock held)."""
        if self.given + count >= 1 << 23:  # every number used: empty the table, start again
            self.given = 0
            self.round += 1
            self.table.fill(0)
        self.given += count
        return self.given - count + 1


_tables: list[RowTable] = []  # this process's shared table, once made


def _shared() -> RowTable:
    if not _tables:
        with _load_lock:
            if not _tables:
                _tables.append(RowTable())
    return _tables[0]


def solve_rows(pos: Position, hands: Any, stock_rows: Any, reps: Sequence[int],
               node_budget: int, table: RowTable, user: TableUser,
               stop: int = 0) -> tuple[Any, int, int]:
    """One compiled call on ``table`` (a fresh table if another thread holds it): the
    values of the rows done (rows x ``reps``), nodes, searches. ``pos`` is the first row's
    position; the rows (``hands``: seats' masks, ``stock_rows``: the stock still to draw)
    differ only in the hidden hands and the stock's order. Nothing is checked here: the
    compiled core trusts its input (the service checks what it is sent, :mod:`.wire`)."""
    assert _kernel is not None
    hands = np.ascontiguousarray(hands, dtype=np.int64).reshape(-1, 4)
    stocks = np.zeros((len(hands), max(2, len(pos.stock))), dtype=np.int64)
    if pos.stock:
        stocks[:, :len(pos.stock)] = stock_rows
    out = np.zeros((len(hands), len(reps)), dtype=np.int64)
    remaining = future_thirds(pos)
    side = pos.side[pos.to_play]
    shift = pos.captured[0] if side == 0 else (-(pos.captured[1] + remaining + 1)) % 3
    logc = np.zeros(64, dtype=np.int64)
    logs = np.zeros(64, dtype=np.int64)
    for i, (seat, card) in enumerate(pos.trick):
        logc[i], logs[i] = card, seat
    stats = np.zeros(_kernel.STATS_SIZE, dtype=np.int64)
    stats[_kernel.STATS_STOP] = stop
    with _held(table) as held:
        gens = user.generations(table, len(hands), not pos.stock) if held else \
            [(1 + (0 if not pos.stock else i)) << 8 for i in range(len(hands))]
        done = _kernel.solve_rows(
            hands, stocks, len(pos.stock), logc, logs, len(pos.trick), pos.to_play,
            pos.tricks_left, pos.gone, 0, not pos.must_follow_with_stock,
            np.array(pos.kernel_values(), dtype=np.int64), np.array(pos.next_seat, dtype=np.int64),
            np.array(pos.side, dtype=np.int64), pos.low_wins, pos.trick_size,
            table.table if held else _kernel.new_table(TABLE_LOG2),
            np.array(gens, dtype=np.int64), np.array(reps, dtype=np.int64), shift, remaining,
            True, node_budget, out, stats)
    return out[:int(done)], int(stats[_kernel.STATS_NODES]), int(stats[_kernel.STATS_SEARCHES])


@contextlib.contextmanager
def _held(table: RowTable) -> Any:
    """True with ``table``'s lock held, or False at once while another search holds it."""
    if table.lock.acquire(blocking=False):
        try:
            yield True
        finally:
            table.lock.release()
    else:
        yield False
