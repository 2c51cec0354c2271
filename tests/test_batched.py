"""The batched solver: the same values as the per-position solver on every deal of a batch,
at every kind of table, a node budget that keeps a prefix of the deals, and the same work
for the same deals."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tressette_learn.ai import RulesPlayer
from tressette_learn.ai.inference import DealSampler, Sample, knowledge_from_view
from tressette_learn.ai.solve import _kernel, batched, position_from_view
from tressette_learn.ai.solve import compiled as fastsolver
from tressette_learn.ai.solve.position import Position
from tressette_learn.ai.solve.reference import ReferenceSolver, future_thirds
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


class _HorizonReference(ReferenceSolver):
    """The pure-Python search, stopped at the start of the trick with ``stop`` tricks left
    and played out there by the compiled core's quick rule (and its correction)."""

    def __init__(self, pos: Position, stop: int):
        super().__init__(pos)
        self.stop = stop
        self.above = np.array([((1 << (10 * (c // 10) + 10)) - 1) & ~((1 << (c + 1)) - 1)
                               for c in range(40)], dtype=np.int64)

    def search(self, alpha: int, beta: int) -> int:
        pos = self.pos
        if pos.trick or pos.tricks_left != self.stop:
            return super().search(alpha, beta)
        hands = np.array(pos.hands, dtype=np.int64)
        gained, _ = _kernel.playout(
            hands, pos.to_play, pos.tricks_left, pos.gone,
            np.array(pos.kernel_values(), dtype=np.int64),
            np.array(pos.next_seat, dtype=np.int64), np.array(pos.side, dtype=np.int64),
            pos.trick_size, self.above)
        if pos.tricks_left >= _kernel.BIAS_TRICKS:
            gained += _kernel.playout_bias(hands, pos.to_play,
                                           np.array(pos.side, dtype=np.int64))
        return min(max(gained, 0), future_thirds(pos))


def test_quick_values_are_a_plain_search_to_the_horizon_then_the_play_out() -> None:
    """The compiled core keeps each horizon's play-out value in its table and uses it again
    when the horizon is reached by another way: its values are those of a plain search that
    plays every horizon out (a late seat of the first two tricks, two tricks deep)."""
    checked = 0
    for seed in range(4):
        views = [v for v in club_views("standard", 30 + seed, 10)
                 if len(v.current_trick) >= 2 and len(v.tricks) < 2]
        for view in views[:2]:
            sampler = DealSampler(knowledge_from_view(view))
            deals = [sampler.draw_fitting(random.Random(seed)) for _ in range(3)]
            quick = batched.RowSolver(view, 2).solve(deals, 0)
            left = view.rules.tricks_per_deal - len(view.tricks)
            for deal, row in zip(deals, quick.points.tolist(), strict=True):
                pos = position_from_view(view, deal.hands, ())
                side = pos.side[pos.to_play]
                expected = []
                for card in quick.cards:
                    value = _HorizonReference(pos, left - 2).child(card.index, -1, 10_000)
                    thirds = value if side == 0 else future_thirds(pos) - value
                    expected.append((pos.captured[side] + thirds) // 3)
                assert row == expected, (seed, view.seat, deal)
                checked += 1
    assert checked == 24


def test_a_deals_quick_values_do_not_depend_on_what_was_solved_before() -> None:
    """The play-out's value at a horizon is kept in the table and used again: a deal's
    values are the same solved alone, card by card, or after other deals and cards."""
    checked = 0
    for seed in range(4):
        for view in club_views("standard", 20 + seed, 10)[:8:2]:
            sampler = DealSampler(knowledge_from_view(view))
            deals = [sampler.draw_fitting(random.Random(seed)) for _ in range(12)]
            for horizon in (2, 3):
                together = batched.RowSolver(view, horizon).solve(deals, 0)
                backwards = batched.RowSolver(view, horizon).solve(deals[::-1], 0)
                assert backwards.points[::-1].tolist() == together.points.tolist()
                card = together.cards[-1]
                alone = [batched.RowSolver(view, horizon).solve([deal], 0, [card]).points[0, 0]
                         for deal in deals[:3]]
                assert alone == together.points[:3, -1].tolist(), (seed, horizon, card)
                checked += 1
    assert checked == 32


def test_the_batched_core_names_the_kernel_it_was_compiled_with() -> None:
    """numba's cache of the batched core is keyed on its own file: a change to ``_kernel.py``
    alone ran a stale core. The stamp makes that change touch ``_batch_kernel.py`` too (and
    the module refuses to load without it)."""
    from tressette_learn.ai.solve import _batch_kernel

    digest = _batch_kernel.kernel_digest()
    assert digest == _batch_kernel.KERNEL_SOURCE, (
        f"_kernel.py changed: set KERNEL_SOURCE = {digest!r} in _batch_kernel.py")
