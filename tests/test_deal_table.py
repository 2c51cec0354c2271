"""Every fitting deal as a numpy table: the same deals as the sampler's enumeration, each
once, the dealt-hand limits applied, and no table with a stock."""

from __future__ import annotations

import random

import pytest
from test_inference import key_of, limited_positions, play_random

from tressette_learn.ai.deal_table import deal_table
from tressette_learn.ai.inference import DealSampler, knowledge_from_view
from tressette_learn.engine import Deal, Rules, Seat


def rows(table) -> list[tuple[int, ...]]:
    return [tuple(int(x) for x in row) for row in table]


def as_row(key: tuple[tuple[Seat, int], ...]) -> tuple[int, ...]:
    hands = dict(key)
    return tuple(hands.get(Seat(s), 0) for s in range(4))


@pytest.mark.parametrize("preset", ["standard", "col_morto", "a_due", "a_perdere"])
def test_the_table_is_the_enumeration(preset: str) -> None:
    checked = 0
    for seed in range(60):
        rng = random.Random(seed)
        deal = Deal.new(Rules.preset(preset), seed=seed)
        total = deal.rules.tricks_per_deal * deal.trick_size
        play_random(deal, rng.randrange(total // 2, total), rng)
        if deal.to_play is None:
            continue
        sampler = DealSampler(knowledge_from_view(deal.view(deal.to_play)))
        if sampler.knowledge.stock_size:
            with pytest.raises(ValueError, match="stock"):
                deal_table(sampler)
            continue
        if sampler.count > 20000:
            continue
        found = rows(deal_table(sampler))
        assert len(found) == len(set(found)) == sampler.count
        assert set(found) == {as_row(key_of(d)) for d in sampler.deals()}
        assert as_row(tuple((s, deal.hand_mask(s)) for s in deal.seats)) in set(found)
        checked += 1
    assert checked >= 20


def test_the_table_leaves_out_deals_over_the_dealt_hand_limits() -> None:
    for _knowledge, sampler in limited_positions(3000):
        found = rows(deal_table(sampler))
        assert sorted(found) == sorted(as_row(key_of(d)) for d in sampler.deals())
        assert len(found) < sampler.count
