"""Comparing legal cards over solved deals: exact averages, paired differences with their
uncertainty, the cards about as good as the best, and what another card could cost."""

from __future__ import annotations

import math

import pytest

from tressette_learn.ai.comparison import (
    FAR,
    MIN_DEALS,
    NEGLIGIBLE,
    SPREAD_FLOOR,
    Comparison,
    t_quantile,
)
from tressette_learn.engine import Card, Rules

A, B, C = Card.parse("4c"), Card.parse("Ac"), Card.parse("3s")


def test_exact_averages_decide_and_equal_averages_tie() -> None:
    rows = [[5, 5, 3], [7, 7, 7], [6, 6, 4]]
    comparison = Comparison((A, B, C), rows, exact=True)
    assert [(e.card, e.points) for e in comparison.estimates()][2] == (C, pytest.approx(14 / 3))
    assert set(comparison.equal()) == {A, B}
    assert comparison.lead(A, C) == (pytest.approx(4 / 3), 0.0)
    assert comparison.cost(A) == pytest.approx(4 / 3)
    assert comparison.settled()


def test_weights_count_a_row_as_often_as_it_was_drawn() -> None:
    twice = Comparison((A, B), [[3, 1], [0, 2]], weights=[2, 1])
    spelled = Comparison((A, B), [[3, 1], [3, 1], [0, 2]])
    assert twice.deals == spelled.deals == 3
    assert twice.lead(A, B) == pytest.approx(spelled.lead(A, B))
    with pytest.raises(ValueError, match="weight"):
        Comparison((A, B), [[3, 1]], weights=[1, 1])


def test_the_margin_is_the_one_sided_t_quantile_times_the_paired_standard_error() -> None:
    diffs = [2, 0, 1, 3, -1, 1, 2, 0, 1, 2, -1, 1]
    rows = [[d, 0] for d in diffs]
    lead, margin = Comparison((A, B), rows).lead(A, B)
    n = len(diffs)
    mean = sum(diffs) / n
    square = sum((d - mean) ** 2 for d in diffs) + SPREAD_FLOOR
    assert lead == pytest.approx(mean)
    assert margin == pytest.approx(t_quantile(n - 1) * math.sqrt(square / (n - 1) / n))
    assert t_quantile(n - 1) == pytest.approx(1.812)  # 11 degrees: the row of 10, larger


def test_pairing_removes_what_the_deals_share() -> None:
    # the deals differ a lot, but A is one point better than B on every one of them
    rows = [[p + 1, p] for p in (0, 9, 2, 11, 4, 7, 1, 10, 3, 8, 5, 6)]
    comparison = Comparison((A, B), rows)
    assert comparison.clearly_better(A, B)
    assert comparison.equal() == (A,)
    assert comparison.cost(A) == pytest.approx(1)


def test_a_few_deals_show_nothing_however_they_lean() -> None:
    assert Comparison((A, B), [[9, 0]]).lead(A, B) == (9, math.inf)
    few = Comparison((A, B), [[3, 0]] * (MIN_DEALS - 1))
    assert few.equal() == (A, B) and few.cost(A) is None and not few.settled()
    enough = Comparison((A, B), [[3, 0]] * MIN_DEALS)
    assert enough.equal() == (A,) and enough.cost(A) == 3 and enough.settled()


def test_noisy_small_leads_stay_equal_and_unsettled() -> None:
    rows = [[3, 0], [0, 3], [3, 0], [0, 2], [2, 0], [0, 3]] * 2
    comparison = Comparison((A, B), rows)
    assert set(comparison.equal()) == {A, B}
    assert comparison.cost(A) is None and comparison.cost(B) is None
    assert not comparison.settled()


def test_settled_when_every_other_card_is_clearly_worse_or_surely_close() -> None:
    same = Comparison((A, B), [[k % 5, k % 5] for k in range(200)])
    lead, margin = same.lead(A, B)
    assert lead == 0 and margin < NEGLIGIBLE
    assert same.settled() and set(same.equal()) == {A, B}
    few = Comparison((A, B), [[k % 5, k % 5] for k in range(12)])
    assert not few.settled()


def test_a_perdere_fewer_points_are_better() -> None:
    rows = [[p + 1, p] for p in range(12)]
    comparison = Comparison((A, B), rows, rules=Rules.preset("a_perdere"))
    assert comparison.best() == B and comparison.equal() == (B,)
    assert comparison.estimates()[0].card == B
    assert comparison.cost(B) == pytest.approx(1)


def test_the_cost_leaves_out_the_equal_cards() -> None:
    rows = [[4, 4, 2]] * 30 + [[5, 4, 2]] * 2
    comparison = Comparison((A, B, C), rows)
    assert set(comparison.equal()) == {A, B}
    assert comparison.cost(B) == pytest.approx(2)


def test_a_card_not_solved_on_later_deals_is_measured_against_one_that_was() -> None:
    nan = float("nan")
    early = [[5, 4, 1]] * 12
    later = [[8, 5, nan], [6, 4, None]] * 20  # the later deals happen to be better
    comparison = Comparison((A, B, C), early + later)
    means = {e.card: e.points for e in comparison.estimates()}
    assert means[A] == pytest.approx((12 * 5 + 20 * 14) / 52)
    assert comparison.lead(A, C)[0] == 4  # on the twelve deals where both were solved
    assert means[C] == pytest.approx(means[A] - 4)  # not its own average, 1
    assert comparison.cost(A) == pytest.approx(4)
    assert comparison.deals == 52
    assert comparison.far_behind() == (B, C)


def test_far_behind_needs_more_than_a_clear_lead() -> None:
    rows = [[1, 0]] * 6 + [[0, 0]] * 6  # A leads by half a point
    comparison = Comparison((A, B), rows)
    lead, margin = comparison.lead(A, B)
    assert comparison.clearly_better(A, B) == (lead > margin)
    assert (B in comparison.far_behind()) == (lead > FAR * margin)
    assert Comparison((A, B), [[3, 0]] * 40).far_behind() == (B,)


def test_a_dropped_card_is_never_the_best_nor_equal() -> None:
    nan = float("nan")
    rows = [[5, 5, 4], [4, 4, 5]] * 6 + [[6, 6, nan]] * 30  # C dropped after twelve deals
    loose = Comparison((A, B, C), rows)
    assert C in loose.equal()  # on its twelve deals alone C is not clearly worse
    comparison = Comparison((A, B, C), rows, dropped=(C,))
    assert set(comparison.equal()) == {A, B} and comparison.best() in (A, B)
    assert C in comparison.far_behind()
    leading = Comparison((A, B, C), [[1, 0, 9]] * 12, dropped=(C,))
    assert leading.best() == A


def test_a_dropped_card_is_placed_by_the_best_card_not_lifted_by_another() -> None:
    """C trailed the best card A by a point on its twelve deals; B was poor on those deals
    only. C is placed by its lead over A (a point behind it), not by B's bad start."""
    nan = float("nan")
    rows = [[1, 5, 4]] * 12 + [[5, 6, nan]] * 30
    comparison = Comparison((B, A, C), rows, dropped=(C,))
    means = {e.card: e.points for e in comparison.estimates()}
    assert means[A] == pytest.approx((12 * 5 + 30 * 6) / 42)
    assert means[C] == pytest.approx(means[A] - 1)  # against B it would be above A
    assert comparison.estimates()[0].card == A == comparison.best()


def test_a_dropped_card_is_never_shown_above_the_best() -> None:
    nan = float("nan")
    # C trailed A when it was dropped; on its deals it was ahead of B, which then rose
    rows = [[5, 1, 3]] * 12 + [[5, 9, nan]] * 30
    comparison = Comparison((A, B, C), rows, dropped=(C,))
    means = {e.card: e.points for e in comparison.estimates()}
    assert comparison.best() == B and means[C] <= means[B]
    assert [e.card for e in comparison.estimates()][0] == B
    leading = Comparison((A, B, C), [[1, 0, 9]] * 12, dropped=(C,))
    assert max(e.points for e in leading.estimates()) == 1


def test_a_sample_of_a_finite_population_is_surer_and_exact_once_complete() -> None:
    rows = [[1, 0], [0, 0], [2, 0], [0, 1]] * 5
    infinite = Comparison((A, B), rows)
    half = Comparison((A, B), rows, population=40)
    whole = Comparison((A, B), rows, population=20)
    assert infinite.lead(A, B)[0] == half.lead(A, B)[0] == whole.lead(A, B)[0] == 0.5
    assert half.lead(A, B)[1] == pytest.approx(infinite.lead(A, B)[1] * (20 / 39) ** 0.5)
    assert whole.lead(A, B)[1] == 0 and whole.equal() == (A,)
    few = Comparison((A, B), [[1, 0], [0, 0]], population=2)  # every deal: no minimum
    assert few.lead(A, B) == (0.5, 0.0)
