"""The random playouts that ``benchmarks/engine.py`` times (``benchmarks/_playout.py``).

Every playout is replayed against a small reference implementation written here, and the
random choices are checked to be uniform with loose chi-square bounds and fixed seeds.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest

from tressette_learn.engine.cards import FULL_DECK_MASK, SUIT_MASKS, THIRDS_BY_INDEX, Card

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import _playout  # noqa: E402
from _playout import (  # noqa: E402
    bits,
    deal_hands,
    iter_bits,
    popcount,
    random_deal_playout,
    random_playout,
    thirds_of,
)

DENARI, COPPE, SPADE, BASTONI = range(4)


def c(text: str) -> int:
    """Card index of ``"3c"``."""
    return Card.parse(text).index


def m(text: str) -> int:
    """Mask of ``"3c 2c Ad"``."""
    mask = 0
    for item in text.split():
        mask |= 1 << c(item)
    return mask


# --- reference implementation: one card at a time, as RULES.md section 2 says -------------

def ref_legal(hand: int, trick: Sequence[int]) -> int:
    if not trick:
        return hand
    follow = hand & SUIT_MASKS[trick[0] // 10]
    return follow if follow else hand


def ref_winner_offset(trick: Sequence[int]) -> int:
    led = trick[0] // 10
    best = max(card for card in trick if card // 10 == led)
    return list(trick).index(best)


def replay(hands: Sequence[int], leader: int, played: Sequence[int],
           trace: Sequence[int]) -> tuple[int, int]:
    """Check every card of ``trace`` is legal; return the thirds of both sides."""
    hands = list(hands)
    trick = list(played)
    thirds = [0, 0]
    seat = (leader + len(trick)) % 4
    for card in trace:
        assert hands[seat] >> card & 1, f"seat {seat} does not hold {card}"
        assert ref_legal(hands[seat], trick) >> card & 1, f"seat {seat} may not play {card}"
        hands[seat] &= ~(1 << card)
        trick.append(card)
        if len(trick) == 4:
            leader = (leader + ref_winner_offset(trick)) % 4
            thirds[leader % 2] += sum(THIRDS_BY_INDEX[x] for x in trick)
            trick = []
            seat = leader
        else:
            seat = (seat + 1) % 4
    assert hands == [0, 0, 0, 0] and not trick, "the playout stopped before the end"
    thirds[leader % 2] += 3  # the last trick
    return thirds[0], thirds[1]


def chi_square(counts: Counter[int], outcomes: Sequence[int]) -> float:
    total = sum(counts[o] for o in outcomes)
    assert total == sum(counts.values()), f"an outcome outside {outcomes}: {counts}"
    expected = total / len(outcomes)
    return sum((counts[o] - expected) ** 2 / expected for o in outcomes)


# A loose bound: above the 99.9999th percentile of chi-square with k - 1 degrees of freedom
# for every k used here (1 df: 23.9 < 32, 3 df: 30.7 < 44, 9 df: 40 < 80); seeds are fixed.
# It catches gross errors; exactness is checked on the tables themselves below.
def assert_uniform(counts: Counter[int], outcomes: Sequence[int]) -> None:
    assert set(counts) == set(outcomes)
    assert chi_square(counts, outcomes) < 6 * len(outcomes) + 20, counts


# --- primitives -------------------------------------------------------------------------------

def test_popcount_bits_thirds() -> None:
    hand = m("Ac 3c 4c 2s")
    assert popcount(hand) == 4
    assert bits(hand) == tuple(sorted(c(x) for x in ["Ac", "3c", "4c", "2s"]))
    assert list(iter_bits(hand)) == list(bits(hand))
    assert bits(FULL_DECK_MASK) == tuple(range(40))
    assert thirds_of(hand) == 3 + 1 + 0 + 1
    assert thirds_of(FULL_DECK_MASK) == 32  # plus 3 for the last trick = 35


# --- dealing ---------------------------------------------------------------------------------

def test_deal_hands_gives_four_disjoint_hands_of_ten() -> None:
    rng = random.Random(1)
    for _ in range(500):
        hands = deal_hands(rng)
        assert [popcount(h) for h in hands] == [10, 10, 10, 10]
        assert hands[0] | hands[1] | hands[2] | hands[3] == FULL_DECK_MASK
        assert sum(hands) == FULL_DECK_MASK


def test_deal_hands_sends_each_card_to_each_seat_evenly() -> None:
    rng = random.Random(2)
    owners: dict[int, Counter[int]] = {card: Counter() for card in range(40)}
    for _ in range(4000):
        for seat, hand in enumerate(deal_hands(rng)):
            for card in iter_bits(hand):
                owners[card][seat] += 1
    for card in range(40):
        assert_uniform(owners[card], range(4))


class TiedKeysFirst(random.Random):
    """A generator whose first 40 keys of 30 bits all tie (then behaves normally)."""

    ties = 40

    def getrandbits(self, k: int, /) -> int:
        if k == 30 and self.ties:
            self.ties -= 1
            return 12345
        return super().getrandbits(k)


def test_deal_draws_again_when_keys_tie() -> None:
    rng = TiedKeysFirst(3)
    hands = deal_hands(rng)
    assert rng.ties == 0
    assert sum(hands) == FULL_DECK_MASK and [popcount(h) for h in hands] == [10] * 4
    # With the tied keys a stable sort would have dealt the cards in index order.
    assert hands != list(SUIT_MASKS)


# --- playouts --------------------------------------------------------------------------------

def test_random_playout_plays_40_legal_cards_and_thirds_sum_to_35() -> None:
    rng = random.Random(5)
    for i in range(1500):
        hands = deal_hands(rng)
        leader = i % 4
        trace: list[int] = []
        result = random_playout(hands, leader, rng, out=trace)
        assert len(trace) == 40 and sorted(trace) == list(range(40))
        assert sum(result) == 35
        assert result == replay(hands, leader, (), trace)


def test_random_deal_playout_thirds_sum_to_35_and_repeat_with_seed() -> None:
    results = [random_deal_playout(random.Random(seed), seed % 4) for seed in range(300)]
    assert all(a + b == 35 and a >= 0 and b >= 0 for a, b in results)
    assert len(set(results)) > 10
    assert results[:20] == [random_deal_playout(random.Random(s), s % 4) for s in range(20)]


def random_position(rng: random.Random) -> tuple[list[int], int, list[int]]:
    """A legal position part way through a deal: hands, leader, cards of the trick so far."""
    hands = deal_hands(rng)
    leader = rng.randrange(4)
    trick: list[int] = []
    for _ in range(rng.randrange(40)):
        seat = (leader + len(trick)) % 4
        card = rng.choice(bits(ref_legal(hands[seat], trick)))
        hands[seat] &= ~(1 << card)
        trick.append(card)
        if len(trick) == 4:
            leader = (leader + ref_winner_offset(trick)) % 4
            trick = []
    return hands, leader, trick


def test_random_playout_from_any_position_including_mid_trick() -> None:
    rng = random.Random(6)
    for _ in range(1500):
        hands, leader, trick = random_position(rng)
        trace: list[int] = []
        result = random_playout(hands, leader, rng, played=trick, out=trace)
        left = sum(popcount(h) for h in hands)
        assert len(trace) == left
        assert sum(result) == thirds_of(sum(hands)) + sum(THIRDS_BY_INDEX[x] for x in trick) + 3
        assert result == replay(hands, leader, trick, trace)


def test_last_card_of_the_last_trick() -> None:
    # N leads 4d; E has 3d; S and W discard: E wins the last trick.
    hands = [0, m("3d"), m("Ab"), m("Rc")]
    trace: list[int] = []
    assert random_playout(hands, 0, random.Random(0), played=[c("4d")], out=trace) == (0, 8)
    assert trace == [c("3d"), c("Ab"), c("Rc")]
    assert random_playout([m("Ad"), m("2c"), m("3d"), m("Fd")], 3, random.Random(0)) == (9, 0)


@pytest.mark.parametrize("hands, leader, played", [
    ([m("Ad"), m("Ad"), m("2d"), m("3d")], 0, []),                  # a card in two hands
    ([m("Ad 4d"), m("2d"), m("3d"), m("Rd")], 0, []),               # uneven hands
    ([0, 0, 0, 0], 0, []),                                          # nothing to play
    ([m("Ad"), m("2d"), m("3d"), m("Rd")], 0, [c("Ad")]),           # played card still held
    ([0, m("2d"), m("3d"), m("Rd")], 0, [c("4d"), c("5d")]),        # E played yet holds 1
    ([0, 0, 0, m("Rd")], 0, [c("4d"), c("5d"), c("6d"), c("7d")]),  # four on the table
    ([1 << 40, 2, 4, 8], 0, []),                                    # not a card
])
def test_random_playout_refuses_impossible_positions(
        hands: list[int], leader: int, played: list[int]) -> None:
    with pytest.raises(ValueError):
        random_playout(hands, leader, random.Random(0), played=played)


# --- uniform choices ---------------------------------------------------------------------------

N = 12000


def test_leader_first_card_is_uniform_over_the_hand() -> None:
    hands = deal_hands(random.Random(7))
    rng = random.Random(8)
    firsts: Counter[int] = Counter()
    for _ in range(N):
        trace: list[int] = []
        random_playout(hands, 2, rng, out=trace)
        firsts[trace[0]] += 1
    assert_uniform(firsts, bits(hands[2]))


# N leads from 5 low denari and 5 coppe; E holds the 5 high denari; S and W have no denari.
FOLLOW_HANDS = [
    m("4d 5d 6d 7d Fd 4c 5c 6c 7c Fc"),
    m("Cd Rd Ad 2d 3d Cc Rc Ac 2c 3c"),
    m("4s 5s 6s 7s Fs Cs Rs As 2s 3s"),
    m("4b 5b 6b 7b Fb Cb Rb Ab 2b 3b"),
]


def test_followers_choose_uniformly_in_suit_and_when_void() -> None:
    rng = random.Random(9)
    leads: Counter[int] = Counter()
    east: Counter[int] = Counter()
    south: Counter[int] = Counter()
    for _ in range(N):
        trace: list[int] = []
        random_playout(FOLLOW_HANDS, 0, rng, out=trace)
        leads[trace[0]] += 1
        if trace[0] // 10 == DENARI:
            east[trace[1]] += 1  # must follow: one of its five denari
        south[trace[2]] += 1  # void in the led suit (denari or coppe): any of its ten
    assert_uniform(leads, bits(FOLLOW_HANDS[0]))
    assert_uniform(east, bits(FOLLOW_HANDS[1] & SUIT_MASKS[DENARI]))
    assert_uniform(south, bits(FOLLOW_HANDS[2]))


def test_mid_trick_followers_choose_uniformly() -> None:
    rng = random.Random(10)
    hands = [m("4d 5d"), m("Cd Rd 4c"), m("Ad 2d 3d"), m("5c 6c 7c")]  # N led 6d
    east: Counter[int] = Counter()
    west: Counter[int] = Counter()
    for _ in range(N):
        trace: list[int] = []
        random_playout(hands, 0, rng, played=[c("6d")], out=trace)
        east[trace[0]] += 1
        west[trace[2]] += 1
    assert_uniform(east, bits(m("Cd Rd")))
    assert_uniform(west, bits(hands[3]))


class RejectFirstBytes(random.Random):
    """Every pre-drawn byte is 255, which no table accepts for 3, 5, 6, 7, 9 or 10 cards,
    so those choices come from the fresh draws of the rejection loop."""

    def randbytes(self, n: int) -> bytes:
        return b"\xff" * n


def test_rejected_bytes_are_drawn_again_uniformly() -> None:
    rng = RejectFirstBytes(12)
    hands = deal_hands(random.Random(13))
    firsts: Counter[int] = Counter()
    for _ in range(N // 2):
        trace: list[int] = []
        result = random_playout(hands, 1, rng, out=trace)
        assert result == replay(hands, 1, (), trace)
        firsts[trace[0]] += 1
    assert_uniform(firsts, bits(hands[1]))


def test_every_pick_table_is_exactly_uniform() -> None:
    random_deal_playout(random.Random(0))  # builds the tables
    for n in range(1, 11):
        counts = Counter(_playout._PICK[n])
        accepted = 256 - counts.pop(255, 0)
        assert sorted(counts) == list(range(n))
        assert set(counts.values()) == {accepted // n} and accepted % n == 0
    for suit in range(4):
        for mask in range(1, 1024):
            counts = Counter(_playout._FOLLOW[suit][mask])
            counts.pop(255, None)
            cards = {10 * suit + r for r in range(10) if mask >> r & 1}
            assert set(counts) == cards and len(set(counts.values())) == 1
