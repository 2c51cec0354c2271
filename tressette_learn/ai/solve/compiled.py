"""The fast exact solver: the reference's answers from a compiled (numba) search core.

Same values as :mod:`tressette_learn.ai.solve.reference` (checked by the tests on many positions),
from a compiled alpha-beta core (:mod:`tressette_learn.ai.solve._kernel`) driven by null-window
tests on point thresholds, then on thirds inside the point bucket. The transposition table
is kept between queries at the same table (stock order, card values, sides, rules): its
bounds stay true, and entries of older queries are replaced first.

Compiling the core takes seconds the first time in a process (numba JIT) and is cached on
disk, so later processes load it in well under a second. :func:`warm_up` compiles or loads it
in a background thread; every entry point takes ``block``: with ``block=False`` it returns
``None`` at once while the core is not ready (the caller falls back to the reference solver
for small positions, or to a heuristic), and never waits for a compilation.

A server can run the core once for all its kernels (:mod:`service`): when this
process's environment names such a service, every search is asked there and this process
never loads numba; if the service cannot be reached, the core is loaded here after all.

Public API:

- :func:`fast_solve_full_deal` — exactly what ``reference.solve_full_deal`` returns;
- :func:`fast_points_values` — the same list with points only (``thirds`` is ``None``),
  cheaper: a hint that shows points needs no thirds;
- :func:`fast_card_values` — that list for a ``Position`` (e.g. a sampled deal of a hint),
  exact thirds or (``points_only=True``) points only;
- :func:`fast_position_card_values` — the same as a dict card index -> thirds;
- :func:`fast_position_value` — the first side's exact future thirds of a ``Position``
  (what ``ReferenceSolver(pos).search(-1, INFINITY)`` returns);
- :func:`warm_up`, :func:`is_ready`, :func:`reset_table`, :func:`last_stats`;
- :func:`new_core` — a core with tables of its own (for the service's workers).
"""

from __future__ import annotations

import contextlib
import importlib.util
import logging
import os
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol, TypeVar

from ...engine.cards import DECK
from ...engine.deal import Deal
from ...engine.rules import Rules
from ...runtime import IN_BROWSER
from . import client
from .position import Position, position_from_deal
from .reference import CardValue, equivalent_moves, future_thirds

__all__ = [
    "fast_card_values",
    "fast_position_card_values",
    "fast_points_values",
    "fast_position_value",
    "fast_solve_full_deal",
    "is_ready",
    "last_stats",
    "new_core",
    "reset_table",
    "warm_up",
]

# Transposition tables (40 bytes an entry), allocated on first use, by the cards still to
# be played: a small table stays in the processor's caches, which pays for small searches.
TABLE_LOG2_BY_CARDS = ((32, 16), (36, 18), (40, 20))  # (at most this many cards, log2 size)
PRIVATE_TABLE_LOG2 = 16  # for a non-blocking call made while another search runs


def _user_cache_dir() -> Path:
    if sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    elif os.name == "nt":
        base = Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "tressette_learn" / "numba"


def _configure_numba_cache() -> None:
    """Point numba's on-disk cache at a writable folder, unless the user chose one.

    numba caches next to the source (``__pycache__``) when that folder is writable; an
    installed package often is not, so then we use ``<user cache>/tressette_learn/numba``.
    ``NUMBA_CACHE_DIR`` is read when numba is imported, so this runs before that.
    """
    if os.environ.get("NUMBA_CACHE_DIR"):
        return
    here = Path(__file__).resolve().parent
    pycache = here / "__pycache__"
    if os.access(pycache if pycache.is_dir() else here, os.W_OK):
        return
    target = _user_cache_dir()
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError:
        return
    os.environ["NUMBA_CACHE_DIR"] = str(target)
    if "numba" in sys.modules:  # imported earlier by someone else: tell its config too
        with contextlib.suppress(AttributeError):
            sys.modules["numba"].config.CACHE_DIR = str(target)


_configure_numba_cache()

_kernel: ModuleType | None = None
_ready = threading.Event()
_failed: list[BaseException] = []
_warm_lock = threading.Lock()
_warm_thread: threading.Thread | None = None
_solve_lock = threading.Lock()  # one search at a time on the shared table
_shared: _Core | None = None
_remote: client.RemoteCore | None = None
_looked_up = False  # whether the environment was read (and the service not given up)
_T = TypeVar("_T")
LOG = logging.getLogger(__name__)


class SearchCore(Protocol):
    """What a search job calls: this process's core or the service's."""

    def position_value(self, pos: Position) -> int: ...

    def card_values(self, pos: Position, points_only: bool) -> dict[int, int]: ...

    def card_values_many(self, positions: Sequence[Position], points_only: bool
                         ) -> list[dict[int, int]]: ...


def _service() -> client.RemoteCore | None:
    """The solver service named by the environment, unless it failed before."""
    global _remote, _looked_up
    if not _looked_up:
        _remote, _looked_up = client.from_environment(), True
    return _remote


def has_service() -> bool:
    """Whether this process searches on a solver service (named, and not given up)."""
    return _service() is not None


def _on_service(call: Callable[[client.RemoteCore], _T]) -> tuple[bool, _T | None]:
    """``(True, call(service))`` with a solver service; ``(False, None)`` without one, or
    once it fails (from then on this process searches itself)."""
    global _remote
    service = _service()
    if service is None:
        return False, None
    try:
        return True, call(service)
    except client.ServiceUnavailable as err:
        _remote = None
        LOG.warning("%s; loading the solver in this process instead", err)
        return False, None


def _compile() -> None:
    """Import the kernel and run it once on a small position (compiles or loads the cache)."""
    global _kernel
    try:
        from . import _kernel as kernel  # here, not at the top: it imports numba (seconds)

        deal = Deal.new(Rules.preset("standard"), seed=0)
        while len(deal.tricks) < 8:
            legal = deal.legal_mask()
            deal.play(DECK[(legal & -legal).bit_length() - 1])
        pos = position_from_deal(deal)
        tiny = _Core(kernel, log2_size=4)
        tiny.position_value(pos)
        tiny.card_values(pos, points_only=False)
        _kernel = kernel
        _ready.set()
    except BaseException as err:  # surfaced by the blocking entry points
        _failed.append(err)
        _ready.set()
        raise


def warm_up(background: bool = True) -> None:
    """Compile (or load from the disk cache) the search core; in a thread by default.

    Safe to call many times. With ``background=False`` it returns once the core is ready
    (and raises if compiling failed). With a solver service, its core is the one waited for.
    """
    global _warm_thread

    def wait(service: client.RemoteCore) -> None:
        if not background:
            service.wait_ready()

    if _on_service(wait)[0]:
        return
    with _warm_lock:
        if _warm_thread is None and not _ready.is_set():
            if (missing := cannot_compile()) is not None:
                _failed.append(missing)  # no thread: the browser cannot start one
                _ready.set()
            else:
                _warm_thread = threading.Thread(target=_compile_quietly,
                                                name="tressette-numba", daemon=True)
                _warm_thread.start()
    if not background:
        _ready.wait()
        if _failed:
            raise RuntimeError("the fast solver's core failed to compile") from _failed[0]


def cannot_compile() -> RuntimeError | None:
    """Why no compiled core can load in this process (the browser, where threads cannot
    start either; numba not installed), or ``None``."""
    if IN_BROWSER:
        return RuntimeError("no compiled solver in the browser")
    if importlib.util.find_spec("numba") is None:
        return RuntimeError("numba is not installed")
    return None


def _compile_quietly() -> None:
    with contextlib.suppress(BaseException):  # kept in _failed for the blocking callers
        _compile()


def is_ready() -> bool:
    """True once the compiled core can be called without waiting for a compilation."""
    asked, ready = _on_service(lambda service: service.ready())
    if asked:
        return bool(ready)
    return _ready.is_set() and not _failed


def _core(block: bool) -> _Core | None:
    """The shared core (waiting for the compilation only if ``block``)."""
    global _shared
    if not is_ready():
        warm_up(background=True)
        if not block:
            return None
        warm_up(background=False)
    if _shared is None:
        assert _kernel is not None
        _shared = _Core(_kernel)
    return _shared


def _run(block: bool, job: Callable[[SearchCore], _T]) -> _T | None:
    """Run ``job`` on the service's core, or on this process's shared core; there, if
    another thread is searching and ``block`` is False, on a private small table."""
    asked, answer = _on_service(lambda service: job(service) if block or service.ready()
                                else None)
    if asked:
        return answer
    core = _core(block)
    if core is None:
        return None
    if _solve_lock.acquire(blocking=block):
        try:
            return job(core)
        finally:
            _solve_lock.release()
    assert _kernel is not None
    return job(_Core(_kernel, PRIVATE_TABLE_LOG2))


class _Core:
    """One transposition table and the calls into the kernel."""

    def __init__(self, kernel: ModuleType, log2_size: int | None = None):
        """``log2_size`` fixes the table's size; by default it follows the position."""
        import numpy as np  # here, not at the top: a process asking a service never loads it

        self.np = np
        self.kernel = kernel
        self.log2_size = log2_size
        self.tables: dict[int, Any] = {}
        self.gen = 0  # bumped when the context changes (24 bits are stored)
        self.age = 0  # bumped every query: older queries' entries are replaced first
        self.context: tuple[Any, ...] | None = None
        self.stats = np.zeros(kernel.STATS_SIZE, dtype=np.int64)

    def reset(self) -> None:
        """Forget every stored bound (a new generation; nothing is cleared)."""
        self.gen = self.gen % ((1 << 23) - 1) + 1
        self.context = None

    def _args(self, pos: Position) -> tuple[Any, ...]:
        np = self.np
        log2 = self.log2_size
        if log2 is None:
            cards = sum(h.bit_count() for h in pos.hands) + len(pos.stock) - pos.stock_pos
            log2 = next((size for most, size in TABLE_LOG2_BY_CARDS if cards <= most),
                        TABLE_LOG2_BY_CARDS[-1][1])
        if log2 not in self.tables:
            self.tables[log2] = self.kernel.new_table(log2)
        context = (tuple(pos.stock), pos.must_follow_with_stock, tuple(pos.next_seat),
                   tuple(pos.side), tuple(pos.values), pos.last_trick, pos.low_wins)
        if context != self.context:
            # bounds are valid for one table (stock order, values, sides, rules) only
            self.gen = self.gen % ((1 << 23) - 1) + 1
            self.context = context
        self.age = (self.age + 1) % 256
        logc = np.zeros(64, dtype=np.int64)
        logs = np.zeros(64, dtype=np.int64)
        for i, (seat, card) in enumerate(pos.trick):
            logc[i] = card
            logs[i] = seat
        stock = np.zeros(max(2, len(pos.stock)), dtype=np.int64)
        stock[:len(pos.stock)] = pos.stock
        return (np.array(pos.hands, dtype=np.int64), logc, logs, len(pos.trick), pos.to_play,
                pos.tricks_left, pos.gone, stock, len(pos.stock), pos.stock_pos,
                not pos.must_follow_with_stock, np.array(pos.kernel_values(), dtype=np.int64),
                np.array(pos.next_seat, dtype=np.int64), np.array(pos.side, dtype=np.int64),
                pos.low_wins, pos.trick_size, self.tables[log2], (self.gen << 8) | self.age)

    def bounds(self, pos: Position, first_move: int, cap_shift: int, lo: int, hi: int,
               guess: int, points_only: bool) -> tuple[int, int]:
        """Bounds of the first side's future thirds (after ``first_move`` if >= 0), known to
        lie in ``[lo, hi]``: exact, or with ``points_only`` its range in its point bucket."""
        args = self._args(pos)
        low, high = self.kernel.exact_value(*args, first_move, cap_shift, lo, hi, guess,
                                            points_only, self.stats)
        return int(low), int(high)

    def position_value(self, pos: Position) -> int:
        """The first side's exact future thirds."""
        if pos.to_play < 0 or pos.tricks_left == 0:
            return 0
        return self.bounds(pos, -1, pos.captured[0], 0, future_thirds(pos), -1, False)[0]

    def card_values(self, pos: Position, points_only: bool) -> dict[int, int]:
        """The first side's future thirds after each representative legal card (with
        ``points_only``, some value in the right point bucket of the mover's side)."""
        side = pos.side[pos.to_play]
        remaining = future_thirds(pos)
        # the kernel's point buckets are (shift + v) // 3; the second side's points
        # (cap1 + remaining - v) // 3 change between v and v + 1 when cap1 + remaining - v is
        # a multiple of 3, which is that form with shift = -(cap1 + remaining + 1)
        shift = pos.captured[0] if side == 0 else (-(pos.captured[1] + remaining + 1)) % 3
        reps = list(dict.fromkeys(rep for rep, _ in equivalent_moves(pos, pos.legal())))
        np = self.np
        out = np.zeros(len(reps), dtype=np.int64)
        self.kernel.card_values(*self._args(pos), np.array(reps, dtype=np.int64), shift,
                                remaining, points_only, out, self.stats)
        return dict(zip(reps, (int(v) for v in out), strict=True))


    def card_values_many(self, positions: Sequence[Position], points_only: bool
                         ) -> list[dict[int, int]]:
        """:meth:`card_values` of each position in turn (one table: each reuses the
        bounds the others stored)."""
        return [self.card_values(pos, points_only) for pos in positions]


def new_core() -> _Core:
    """A core with transposition tables of its own, once the kernel is compiled (waits)."""
    warm_up(background=False)
    assert _kernel is not None
    return _Core(_kernel)


def reset_table() -> None:
    """Forget the transposition table's contents (they are kept between queries)."""
    with _solve_lock:
        if _shared is not None:
            _shared.reset()


def last_stats() -> dict[str, int]:
    """Counters since the process started: nodes searched, table hits, null-window searches."""
    if _shared is None:
        return {"nodes": 0, "table_hits": 0, "searches": 0}
    s = _shared.stats
    return {"nodes": int(s[0]), "table_hits": int(s[1]), "searches": int(s[2])}


def fast_position_value(pos: Position, *, block: bool = True) -> int | None:
    """The first side's exact thirds from ``pos`` to the end of the deal (the value of
    ``ReferenceSolver(pos).search``), or ``None`` if ``block=False`` and the core is not
    compiled yet. ``pos`` is not changed."""
    return _run(block, lambda core: core.position_value(pos))


def fast_card_values(pos: Position, *, points_only: bool = False,
                     block: bool = True) -> list[CardValue] | None:
    """Every legal card of ``pos``'s seat to play with its side's thirds and points at the
    end of the deal (the list ``solve_full_deal`` makes), for a position of one's own, e.g.
    a sampled deal of a hint. With ``points_only`` the thirds are ``None`` (fewer searches).
    ``None`` if ``block=False`` and the core is not compiled yet. ``pos`` is not changed."""
    if not is_ready() and not block:
        warm_up(background=True)
        return None
    if pos.to_play < 0:
        return []
    values = _run(block, lambda core: core.card_values(pos, points_only))
    return None if values is None else _card_list_of(pos, values, points_only)


def fast_card_values_many(positions: Sequence[Position], *, points_only: bool = False,
                          block: bool = True) -> list[list[CardValue]] | None:
    """:func:`fast_card_values` of each position, in one call: positions of one deal in
    play order (a review) share one transposition table, so later ones reuse the earlier
    ones' bounds (the service searches them in turn without another request between)."""
    if not is_ready() and not block:
        warm_up(background=True)
        return None
    live = [pos for pos in positions if pos.to_play >= 0]
    answers = _run(block, lambda core: core.card_values_many(live, points_only)) if live else []
    if answers is None:
        return None
    found = iter(answers)
    return [_card_list_of(pos, next(found), points_only) if pos.to_play >= 0 else []
            for pos in positions]


def idle_card_values(pos: Position, *, points_only: bool = False) -> list[CardValue] | None:
    """:func:`fast_card_values` searched by the solver service at low priority, when
    nothing else waits for it (blocks until then); ``None`` without a service (this
    process never searches at low priority itself; nor once the service failed to answer
    one)."""
    if pos.to_play < 0:
        return []
    service = _service()
    if service is None:
        return None
    try:  # a failure here only ends the searches ahead: the service stays this process's
        values = service.card_values(pos, points_only, idle=True)
    except client.ServiceUnavailable as err:
        LOG.warning("%s; no more searches ahead", err)
        return None
    return _card_list_of(pos, values, points_only)


def _card_list_of(pos: Position, values: dict[int, int], points_only: bool
                  ) -> list[CardValue]:
    """The card values of ``pos`` from the core's answer (representative -> first side's
    future thirds)."""
    side = pos.side[pos.to_play]
    remaining = future_thirds(pos)
    out = []
    for rep, card in equivalent_moves(pos, pos.legal()):
        first = values[rep]
        thirds = pos.captured[side] + (first if side == 0 else remaining - first)
        if points_only:
            out.append(CardValue(DECK[card], None, thirds // 3))
        else:
            out.append(CardValue(DECK[card], thirds, thirds // 3))
    return out


def fast_position_card_values(pos: Position, *, block: bool = True) -> dict[int, int] | None:
    """Each legal card's (index ->) final thirds for the mover's side, captured included:
    the dict form of :func:`fast_card_values` (``None`` if ``block=False`` and the core is
    not compiled yet)."""
    values = fast_card_values(pos, block=block)
    if values is None:
        return None
    return {v.card.index: v.thirds for v in values if v.thirds is not None}


def _card_list(deal: Deal, points_only: bool, block: bool) -> list[CardValue] | None:
    if not is_ready() and not block:
        warm_up(background=True)
        return None
    return fast_card_values(position_from_deal(deal), points_only=points_only, block=block)


def fast_solve_full_deal(deal: Deal, *, block: bool = True) -> list[CardValue] | None:
    """Exactly ``reference.solve_full_deal(deal)``: every legal card of the seat to play with
    the thirds and points its side ends the deal with, all cards seen and played perfectly.

    ``None`` if ``block=False`` and the compiled core is not ready yet.
    """
    return _card_list(deal, points_only=False, block=block)


def fast_points_values(deal: Deal, *, block: bool = True) -> list[CardValue] | None:
    """Like :func:`fast_solve_full_deal` but exact in points only (``thirds`` is ``None``):
    fewer searches, for hints that show points."""
    return _card_list(deal, points_only=True, block=block)
