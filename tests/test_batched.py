"""The batched solver: the same values as the per-position solver on every deal of a batch,
at every kind of table, a node budget that keeps a prefix of the deals, and the same work
for the same deals."""

from __future__ import annotations

import random

import pytest

from tressette_learn.ai import RulesPlayer
from tressette_learn.ai.inference import DealSampler, Sample, knowledge_from_view
from tressette_learn.ai.solve import batched, position_from_view
from tressette_learn.ai.solve import compiled as fastsolver
from tressette_learn.engine import Deal, PlayerView, Rules


@pytest.fixture(scope="module", autouse=True)
def loaded() -> None:
    batched.warm_up(background=False)
    fastsolver.warm_up(background=False)


def club_views(preset: str, seed: int, most_left: int) -> list[PlayerView]:
    """The views of a club-played deal with at most ``most_left`` tricks to go."""
    deal = Deal.new(Rules.preset(preset), seed=seed)
    club = RulesPlayer()
    out = []
    while not deal.is_over():
        assert deal.to_play is not None
        view = deal.view(deal.to_play)
        if deal.rules.tricks_per_deal - len(deal.tricks) <= most_left:
            out.append(view)
        decision = club.choose(view)
        deal.play(decision.card, decision.signal)
    return out


@pytest.mark.parametrize(("preset", "most_left"),
                         [("standard", 5), ("col_morto", 5), ("a_perdere", 5), ("a_due", 12)])
def test_every_row_has_the_per_position_values(preset: str, most_left: int) -> None:
    checked = 0
    for view in club_views(preset, 7, most_left)[::2]:
        sampler = DealSampler(knowledge_from_view(view))
        deals = [sampler.draw_fitting(random.Random(checked)) for _ in range(5)]
        solved = batched.RowSolver(view).solve(deals, 0)
        assert solved.count == len(deals) and sorted(solved.cards) == sorted(view.legal)
        for deal, row in zip(deals, solved.points.tolist(), strict=True):
            pos = position_from_view(view, deal.hands, deal.stock)
            values = fastsolver.fast_card_values(pos, points_only=True)
            assert values is not None
            alone = {v.card: v.points for v in values}
            assert row == [alone[card] for card in solved.cards]
            checked += 1
    assert checked >= 20


def deals_of(preset: str, seed: int, most_left: int,
             count: int) -> tuple[PlayerView, list[Sample]]:
    """The first view of a club deal within ``most_left`` tricks, and deals drawn for it."""
    view = club_views(preset, seed, most_left)[0]
    sampler = DealSampler(knowledge_from_view(view))
    rng = random.Random(seed)
    return view, [sampler.draw_fitting(rng) for _ in range(count)]


def test_a_node_budget_keeps_the_first_deals_solved() -> None:
    view, deals = deals_of("standard", 3, 7, 12)
    whole = batched.RowSolver(view).solve(deals, 0)
    part = batched.RowSolver(view).solve(deals, whole.nodes // 3)
    assert 0 < part.count < whole.count == len(deals)
    assert part.points.tolist() == whole.points[:part.count].tolist()
    assert part.nodes <= whole.nodes // 3 + 200  # the abandoned searches stop at once


def test_a_solver_keeps_what_its_table_learnt_from_call_to_call() -> None:
    view, deals = deals_of("standard", 3, 7, 6)
    solver = batched.RowSolver(view)
    first = solver.solve(deals, 0)
    again = solver.solve(deals, 0)
    assert again.points.tolist() == first.points.tolist()
    assert again.nodes < first.nodes / 10


def test_the_same_deals_take_the_same_work() -> None:
    view, deals = deals_of("standard", 4, 6, 8)
    first = batched.RowSolver(view).solve(deals, 0)
    other, more = deals_of("a_due", 1, 12, 4)
    batched.RowSolver(other).solve(more, 0)  # other work in between
    again = batched.RowSolver(view).solve(deals, 0)
    assert (again.points.tolist(), again.nodes) == (first.points.tolist(), first.nodes)


def test_some_cards_only() -> None:
    view, deals = deals_of("standard", 5, 5, 6)
    whole = batched.RowSolver(view).solve(deals, 0)
    some = batched.RowSolver(view).solve(deals, 0, whole.cards[1::2])
    assert some.cards == whole.cards[1::2]
    assert some.points.tolist() == whole.points[:, 1::2].tolist()
    assert some.searches < whole.searches


def test_only_the_seat_to_play_is_solved_for() -> None:
    deal = Deal.new(Rules.preset("standard"), seed=1)
    other = next(s for s in deal.seats if s != deal.to_play)
    with pytest.raises(ValueError, match="turn"):
        batched.RowSolver(deal.view(other))


def test_a_search_cut_short_plays_the_rest_out() -> None:
    """A search stopped one trick before the end is still exact (the last trick plays
    itself); two tricks deep on the first trick it is an estimate at a fraction of the work."""
    checked = 0
    for view in club_views("standard", 7, 4)[::3]:
        left = view.rules.tricks_per_deal - len(view.tricks)
        sampler = DealSampler(knowledge_from_view(view))
        deals = [sampler.draw_fitting(random.Random(checked)) for _ in range(4)]
        exact = batched.RowSolver(view).solve(deals, 0)
        cut = batched.RowSolver(view, horizon=left - 1).solve(deals, 0)
        assert cut.points.tolist() == exact.points.tolist()
        checked += 1
    assert checked >= 5
    lead = club_views("standard", 7, 10)[0]
    assert not lead.tricks and not lead.current_trick
    sampler = DealSampler(knowledge_from_view(lead))
    deals = [sampler.draw_fitting(random.Random(1)) for _ in range(3)]
    quick = batched.RowSolver(lead, horizon=2).solve(deals, 0)
    assert quick.count == 3 and quick.nodes < 3 * 200_000
    assert ((quick.points >= 0) & (quick.points <= 11)).all()


def test_the_batched_core_names_the_kernel_it_was_compiled_with() -> None:
    """numba's cache of the batched core is keyed on its own file: a change to ``_kernel.py``
    alone ran a stale core. The stamp makes that change touch ``_batch_kernel.py`` too (and
    the module refuses to load without it)."""
    from tressette_learn.ai.solve import _batch_kernel

    digest = _batch_kernel.kernel_digest()
    assert digest == _batch_kernel.KERNEL_SOURCE, (
        f"_kernel.py changed: set KERNEL_SOURCE = {digest!r} in _batch_kernel.py")
