"""The sums a comparison of cards needs, taken once from a table of per-deal values.

A table has one row per deal and one column per card (NaN or ``None``: the card was not
solved on that deal), each row counted ``weight`` times. For every pair of cards ``(i, j)``,
over the deals where both were solved: the weight ``n``, the sum of the differences
``w * (g_i - g_j)`` and of their squares. The diagonal's weights are the deals where a card
was solved; ``totals`` its values' sum there. Everything a :class:`~.comparison.Comparison`
reports (averages, paired leads and their margins) follows from these without the table.

Two ways to take them, same sums: numpy for the thousands of rows a hint's search solves,
plain Python for a few rows (the static site has no numpy; a fallback's rows are lists).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

Matrix = tuple[tuple[float, ...], ...]


@dataclasses.dataclass(frozen=True)
class PairedSums:
    """Per pair of columns over the rows where both have a value: ``weights[i][j]``,
    ``diffs[i][j]`` (sum of ``w * (g_i - g_j)``) and ``squares[i][j]`` (of their squares);
    ``totals[i]``: the sum of ``w * g_i`` over the rows where column ``i`` has one."""

    weights: Matrix
    diffs: Matrix
    squares: Matrix
    totals: tuple[float, ...]

    def count(self, i: int) -> float:
        """The weight of the rows where column ``i`` has a value."""
        return self.weights[i][i]


def paired_sums(rows: Sequence[Sequence[float | None]] | Any, weights: Sequence[float],
                width: int) -> PairedSums:
    """The sums of ``rows`` (a list of lists, or a numpy array) counted ``weights`` times;
    ``ValueError`` when a row has not ``width`` values or the weights are not one per row."""
    if len(weights) != len(rows):
        raise ValueError("one weight per row")
    if isinstance(rows, list | tuple):
        return _from_lists(rows, weights, width)
    return _from_array(rows, weights, width)


def _from_lists(rows: Sequence[Sequence[float | None]], weights: Sequence[float],
                width: int) -> PairedSums:
    """The sums in plain Python (a few rows)."""
    count = [[0.0] * width for _ in range(width)]
    diffs = [[0.0] * width for _ in range(width)]
    squares = [[0.0] * width for _ in range(width)]
    totals = [0.0] * width
    for row, w in zip(rows, weights, strict=True):
        if len(row) != width:
            raise ValueError(f"each row has one value per card ({width}), not {len(row)}")
        solved = [(i, float(v)) for i, v in enumerate(row) if v is not None
                  and not math.isnan(v)]
        for i, a in solved:
            totals[i] += w * a
            for j, b in solved:
                count[i][j] += w
                diffs[i][j] += w * (a - b)
                squares[i][j] += w * (a - b) ** 2
    return PairedSums(_frozen(count), _frozen(diffs), _frozen(squares), tuple(totals))


def _from_array(rows: Any, weights: Sequence[float], width: int) -> PairedSums:
    """The sums with numpy: each is a product of two (rows x cards) matrices."""
    import numpy as np  # only this path needs it

    table = np.asarray(rows, dtype=np.float64)
    if table.shape != (len(weights), width):
        raise ValueError(f"each row has one value per card ({width})")
    solved = (~np.isnan(table)).astype(np.float64)
    good = np.where(solved > 0, table, 0.0)
    w = np.asarray(weights, dtype=np.float64)[:, None]
    count = (w * solved).T @ solved
    first = (w * good).T @ solved  # [i, j]: w * g_i where j is solved too
    square = (w * good * good).T @ solved
    squares = square + square.T - 2 * ((w * good).T @ good)
    return PairedSums(_frozen_array(count), _frozen_array(first - first.T),
                      _frozen_array(squares), tuple(np.diagonal(first).tolist()))


def _frozen(matrix: list[list[float]]) -> Matrix:
    return tuple(tuple(row) for row in matrix)


def _frozen_array(matrix: np.ndarray) -> Matrix:
    return tuple(tuple(row) for row in matrix.tolist())
