"""The compiled loop of the batched solver: many deals of one seat's view in one call.

Imported by :mod:`tressette_learn.ai.solve.batched` only. Every deal (a row of hands, and of
stock order) shares everything else: the trick in play, the cards gone, the card values,
the seats, the legal cards to try. Each row is solved as ``_kernel.card_values`` solves one
position, on one transposition table (entries of different rows stay valid when their
``gens`` are equal: the same stock order). A budget of search nodes bounds the whole call:
the row being solved when it runs out is abandoned and the rows before it are kept.
No recursion, so numba's disk cache is safe. That cache holds the code of ``_kernel`` too
and is keyed on this file only, so this file names the ``_kernel.py`` it was compiled with
(:data:`KERNEL_SOURCE`, checked on import): a change to ``_kernel.py`` changes this file
too, and every cache of the old core is compiled again.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
from numba import njit

from ._kernel import (
    STATS_LIMIT,
    STATS_NODES,
    STATS_SEARCHES,
    STATS_SIZE,
    STATS_STOP,
    card_values,
    new_table,
)

# The first 16 hex digits of _kernel.py's SHA-256 (tests/test_batched.py)
KERNEL_SOURCE = "5e917e2afcaaa33b"


def kernel_digest() -> str:
    """The stamp :data:`KERNEL_SOURCE` should hold for the ``_kernel.py`` beside this file."""
    return hashlib.sha256(Path(__file__).with_name("_kernel.py").read_bytes()).hexdigest()[:16]


if kernel_digest() != KERNEL_SOURCE:  # a stale stamp would run numba's cached older core
    raise ImportError(f"_kernel.py changed: set KERNEL_SOURCE = {kernel_digest()!r} in "
                      f"{Path(__file__).name} (numba's cache of the batched core is keyed "
                      "on that file only)")

__all__ = ["STATS_NODES", "STATS_SEARCHES", "STATS_SIZE", "STATS_STOP", "new_table",
           "solve_rows"]


@njit(cache=True, nogil=True)
def solve_rows(hands, stocks, nstock, logc0, logs0, t0, to_play, tricks_left, gone, stock_pos,
               free_with_stock, values, nxt, side, perdere, tsize, tt, gens, reps, cap0, hi,
               points_only, node_budget, out, stats):
    """Fill ``out[i]`` (one value per card of ``reps``, as ``_kernel.card_values``) for the
    rows ``hands[i]``/``stocks[i]`` in order; returns how many rows were finished before
    ``node_budget`` nodes were spent (``node_budget <= 0``: no limit)."""
    limit = stats[STATS_NODES] + node_budget if node_budget > 0 else np.int64(0)
    stats[STATS_LIMIT] = limit
    done = 0
    for i in range(hands.shape[0]):
        row = hands[i].copy()
        logc = logc0.copy()
        logs = logs0.copy()
        card_values(row, logc, logs, t0, to_play, tricks_left, gone, stocks[i], nstock,
                    stock_pos, free_with_stock, values, nxt, side, perdere, tsize, tt, gens[i],
                    reps, cap0, hi, points_only, out[i], stats)
        if limit > 0 and stats[STATS_NODES] > limit:
            break
        done += 1
    stats[STATS_LIMIT] = 0
    return done
