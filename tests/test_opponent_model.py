"""The opponent model's weights: the same with the memo of advice shared by a decision's
samples as without it, and each seat's advice asked once per hand and moment."""

from __future__ import annotations

import random

import pytest
from test_pimc import decisions

from tressette_learn.ai import RulesPlayer, opponent_model
from tressette_learn.ai.inference import sample_deals
from tressette_learn.ai.opponent_model import Advised, plausibility
from tressette_learn.engine import Deal, PlayerView, Rules


def views(preset: str, seed: int) -> list[PlayerView]:
    """Every view before a play of a deal played by the club player."""
    return list(decisions(Deal.new(Rules.preset(preset), seed=seed), RulesPlayer()))


@pytest.mark.parametrize("preset", ["standard", "col_morto", "a_due", "romana"])
def test_a_shared_memo_changes_no_weight(preset: str) -> None:
    rng = random.Random(preset)
    for view in views(preset, seed=3)[4::5]:
        memo: Advised = {}
        for sample in sample_deals(view, 8, rng):
            assert plausibility(view, sample, advised=memo) == plausibility(view, sample)


def test_the_memo_asks_the_club_player_once_per_hand_and_moment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []
    advise = opponent_model.advise

    def counting(view: PlayerView) -> object:
        asked.append(1)
        return advise(view)

    monkeypatch.setattr(opponent_model, "advise", counting)
    view = views("standard", seed=1)[30]
    sample = sample_deals(view, 1, random.Random(0))[0]
    memo: Advised = {}
    first = plausibility(view, sample, advised=memo)
    assert asked and len(memo) == len(asked)
    asked.clear()
    assert plausibility(view, sample, advised=memo) == first
    assert not asked
