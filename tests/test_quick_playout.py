"""The quick play-out's lead (``_kernel._lead``, what early hints value the rest of a deal
with): a master worth less than an Ace is kept when its lead would make an opponent's
guarded card the master; towards the partner's master it leads the card worth the most;
else its cheapest card."""

from __future__ import annotations

from typing import Any

import pytest

from tressette_learn.engine import Card, Rules
from tressette_learn.engine.cards import DECK

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

SEATS = (0, 1, 2, 3)  # the leader, its left-hand opponent, its partner, the last opponent
SIDE = (0, 1, 0, 1)


def lead(*hands: str) -> str:
    """The quick rule's lead of seat 0 with these hands (every card seen)."""
    from tressette_learn.ai.solve import _kernel

    rules = Rules.preset("standard")
    masks = [sum(1 << Card.parse(c).index for c in hand.split()) for hand in hands]
    live = 0
    for mask in masks:
        live |= mask
    card = _kernel._lead(np.array(masks, dtype=np.int64), 0, np.array(SEATS, dtype=np.int64),
                         np.int64(live), _values(rules), np.array(SIDE, dtype=np.int64), 4,
                         _above())
    return str(DECK[int(card)])


def _values(rules: Rules) -> Any:
    return np.array([*rules.card_values, rules.last_trick_thirds], dtype=np.int64)


def _above() -> Any:
    """Per card, the same suit's cards above it (as the search builds it)."""
    above = np.zeros(40, dtype=np.int64)
    for c in range(40):
        top = (1 << (10 * (c // 10) + 10)) - 1
        above[c] = top & ~((1 << (c + 1)) - 1)
    return above


def test_a_three_is_kept_while_an_opponent_guards_the_two() -> None:
    # the Two of swords guarded by the Six: leading the Three would make it the master
    assert lead("3s 4s 5c", "2s 6s 4b", "7c 4d", "5s 6d") == "5c"


def test_a_three_is_led_when_the_two_falls_to_it_or_is_ours() -> None:
    assert lead("3s 4s 5c", "2s 4b 5b", "7c 4d", "5s 6d") == "3s"  # the Two is alone
    assert lead("3s 2s 5c", "As 6s 4b", "7c 4d", "5s 6d") == "3s"  # the Two is the leader's


def test_towards_the_partners_master_the_card_worth_the_most() -> None:
    # the partner holds the Three of cups: the King (a third) goes to it, not the Four
    assert lead("Rc 4c 5b", "Ac 6c Rb", "3c 4d", "5c 6d") == "Rc"


def test_without_a_master_or_the_partners_the_cheapest_card() -> None:
    assert lead("Rc 4b 5b", "3c 3b 4d", "6c 5d", "2c 2b 6d") == "4b"
