"""The sums a comparison of cards is built from: the same whether a table is a numpy array
(a hint's search) or plain lists (the fallback, and the static site where numpy is absent)."""

from __future__ import annotations

import math
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tressette_learn.ai.paired_sums import paired_sums

WIDTH = 3
cell = st.one_of(st.none(), st.integers(0, 11))
tables = st.lists(st.tuples(st.lists(cell, min_size=WIDTH, max_size=WIDTH),
                            st.integers(1, 4)), max_size=12)


@given(tables)
def test_lists_and_arrays_give_the_same_sums(table: list[tuple[list[int | None], int]]) -> None:
    rows = [row for row, _ in table]
    weights = [w for _, w in table]
    array = np.array([[math.nan if v is None else v for v in row] for row in rows],
                     dtype=np.float64).reshape(len(rows), WIDTH)
    plain, fast = paired_sums(rows, weights, WIDTH), paired_sums(array, weights, WIDTH)
    assert plain.totals == pytest.approx(fast.totals)
    for name in ("weights", "diffs", "squares"):
        for mine, theirs in zip(getattr(plain, name), getattr(fast, name), strict=True):
            assert mine == pytest.approx(theirs), name


def test_a_pair_counts_only_the_rows_where_both_cards_were_solved() -> None:
    sums = paired_sums([[3, None], [5, 1], [None, 2]], [1, 2, 1], 2)
    assert sums.count(0) == 3 and sums.count(1) == 3
    assert sums.weights[0][1] == 2
    assert sums.diffs[0][1] == 2 * (5 - 1) and sums.diffs[1][0] == -8
    assert sums.squares[0][1] == 2 * 16
    assert sums.totals == (3 + 2 * 5, 2 * 1 + 2)


def test_a_row_of_the_wrong_width_or_a_missing_weight_is_refused() -> None:
    with pytest.raises(ValueError, match="one value per card"):
        paired_sums([[1, 2, 3]], [1], 2)
    with pytest.raises(ValueError, match="one value per card"):
        paired_sums(np.zeros((1, 3)), [1], 2)
    with pytest.raises(ValueError, match="one weight per row"):
        paired_sums([[1, 2]], [1, 1], 2)


def test_comparing_a_few_plain_rows_never_imports_numpy() -> None:
    code = ("import sys\n"
            "from tressette_learn.ai.comparison import Comparison\n"
            "from tressette_learn.engine import Card\n"
            "a, b = Card.parse('4c'), Card.parse('Ac')\n"
            "c = Comparison((a, b), [[3, 1], [2, 2]], exact=True)\n"
            "assert c.equal() == (a,) and c.cost(a) == 1.0, c.estimates()\n"
            "assert 'numpy' not in sys.modules\n")
    subprocess.run([sys.executable, "-c", code], check=True)
