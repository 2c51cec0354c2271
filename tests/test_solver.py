"""The reference exact solver against plain minimax over the engine on small positions."""

from __future__ import annotations

import random

import pytest

from tressette_learn.ai.solve.position import position_from_deal
from tressette_learn.ai.solve.reference import equivalent_moves, solve_full_deal
from tressette_learn.engine import Card, Deal, Rules


def minimax(deal: Deal, side: str) -> int:
    """``side``'s final thirds with best play by everyone, by trying every legal card."""
    if deal.is_over():
        return deal.result().sides[side].thirds
    seat = deal.to_play
    assert seat is not None
    wants_high = (deal.side_of(seat) == side) != deal.rules.low_wins
    values = []
    for card in deal.legal_cards():
        deal.play(card)
        values.append(minimax(deal, side))
        deal.undo()
    return max(values) if wants_high else min(values)


def small_position(preset: str, seed: int, tricks_left: int) -> Deal:
    """A random deal played at random to ``tricks_left`` tricks, then part of a trick."""
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed)
    while len(deal.tricks) < rules.tricks_per_deal - tricks_left:
        deal.play(rng.choice(deal.legal_cards()))
    for _ in range(rng.randrange(deal.trick_size)):
        deal.play(rng.choice(deal.legal_cards()))
    return deal


@pytest.mark.parametrize("preset", ["standard", "a_due", "gamelake", "col_morto", "a_perdere"])
def test_every_card_value_equals_minimax(preset: str) -> None:
    tricks_left = 2 if Rules.preset(preset).players == 2 else 3
    for seed in range(12):
        deal = small_position(preset, seed, tricks_left)
        assert deal.to_play is not None
        side = deal.side_of(deal.to_play)
        expected: dict[Card, int] = {}
        for card in deal.legal_cards():
            deal.play(card)
            expected[card] = minimax(deal, side)
            deal.undo()
        got = {v.card: v.thirds for v in solve_full_deal(deal)}
        assert got == expected
        assert all(v.points == v.thirds // 3 for v in solve_full_deal(deal))


def test_equivalent_cards_are_adjacent_equal_values_with_gaps_closed() -> None:
    rules = Rules.preset("standard")
    deal = Deal.new(rules, seed=3)
    pos = position_from_deal(deal)
    moves = equivalent_moves(pos, pos.legal())
    assert len({rep for rep, _ in moves}) < len(moves)  # this hand has a run to merge
    for rep, card in moves:
        run = sum(1 << c for r, c in moves if r == rep)
        low, high = sorted((rep, card))
        between = ((1 << high) - 1) & ~((1 << (low + 1)) - 1)
        assert rep // 10 == card // 10
        assert pos.values[rep] == pos.values[card]
        assert not between & ~pos.gone & ~run
