"""A new variant is one class and a preset: a throw-away variant, defined only here, is
dealt, played, scored, recorded and solved with no other file touched."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from tressette_learn.ai.solve import card_values, position_from_deal, reference_card_values
from tressette_learn.engine import PRESETS, Deal, Match, Rules, RulesError, register
from tressette_learn.engine.records import read_record, record_from_deal, replay


@dataclasses.dataclass(frozen=True)
class NoLastTrick(Rules):
    """A table where the last trick is worth nothing (and the match is played to 11)."""

    name = "no_last_trick"
    target: int = 11

    @property
    def last_trick_thirds(self) -> int:
        return 0


@pytest.fixture
def no_last_trick() -> Iterator[Rules]:
    """The variant registered (in PRESETS, by its name) for one test."""
    register(NoLastTrick)
    yield Rules.preset("no_last_trick")
    del PRESETS["no_last_trick"]


def played_out(rules: Rules, seed: int) -> Deal:
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed)
    while not deal.is_over():
        deal.play(rng.choice(sorted(deal.legal_cards())))
    return deal


def test_a_deal_scores_without_the_last_trick(no_last_trick: Rules) -> None:
    assert no_last_trick.total_thirds == 32 and no_last_trick.deal_points == 10
    for seed in range(5):
        deal = played_out(no_last_trick, seed)
        result = deal.result()
        assert sum(s.thirds for s in result.sides.values()) == 32
        assert all(s.last_trick == 0 for s in result.sides.values())
        standard = played_out(Rules(target=11), seed)  # the same cards, the usual rules
        last_side = deal.side_of(result.last_trick)
        for side, score in result.sides.items():
            extra = 3 if side == last_side else 0
            assert standard.result().sides[side].thirds == score.thirds + extra


def test_the_record_names_the_variant_and_options_over_it(no_last_trick: Rules) -> None:
    deal = played_out(no_last_trick.with_options(signals=False), 7)
    record = record_from_deal(deal)
    assert record["rules"] == {"preset": "no_last_trick", "signals": False}
    again = replay(read_record(record))
    assert type(again.rules) is NoLastTrick and again.result() == deal.result()
    with pytest.raises(RulesError, match="unknown rules option 'last_trick'"):
        Rules.from_json({"preset": "no_last_trick", "last_trick": 0})


def test_a_match_is_won_with_the_variants_points(no_last_trick: Rules) -> None:
    match = Match(no_last_trick, seed=5)
    rng = random.Random(5)
    while match.result() is None:
        while not match.deal.is_over():
            match.deal.play(rng.choice(sorted(match.deal.legal_cards())))
        result = match.next_deal()
        assert sum(s.card_points for s in result.sides.values()) <= 10
    outcome = match.result()
    assert outcome is not None and outcome.totals[outcome.winner] >= 11


def test_the_solver_counts_no_last_trick(no_last_trick: Rules) -> None:
    deal = Deal.new(no_last_trick, seed=11)
    rng = random.Random(11)
    while len(deal.tricks) < 7:
        deal.play(rng.choice(sorted(deal.legal_cards())))
    pos = position_from_deal(deal)
    fast = card_values(pos)
    assert fast is not None
    assert sorted(fast, key=str) == sorted(reference_card_values(position_from_deal(deal)),
                                           key=str)
    mover = deal.side_of(deal.to_play)
    best = max(fast, key=lambda v: v.thirds or 0)
    while not deal.is_over():  # every seat plays a best card: the best value is reached
        pos = position_from_deal(deal)
        values = card_values(pos)
        assert values is not None
        wants_high = deal.side_of(deal.to_play) == mover
        pick = max if wants_high else min
        top = pick(v.thirds or 0 for v in values)
        deal.play(min(v.card for v in values if v.thirds == top))
    assert deal.result().sides[mover].thirds == best.thirds
