"""Cards: notation, names, trick order and card points (RULES.md section 1)."""

from __future__ import annotations

import itertools
import random

import pytest

from tressette_learn.engine import DECK, Card, CardError, Hand, Rank, Suit, cards_of, mask_of
from tressette_learn.engine.cards import parse_cards, winning_offset
from tressette_learn.engine.deal import legal_mask
from tressette_learn.i18n import LANGUAGES, card_name

RANK_LETTERS = "A234567FCR"
SUIT_LETTERS = "dcsb"
TRICK_ORDER = "32ARCF7654"  # strongest first


def test_deck_has_40_distinct_cards_four_suits_ten_ranks() -> None:
    assert len(DECK) == 40
    assert len({str(c) for c in DECK}) == 40
    assert {c.suit for c in DECK} == set(Suit)
    assert {c.rank for c in DECK} == set(Rank)
    for suit in Suit:
        assert len([c for c in DECK if c.suit == suit]) == 10


@pytest.mark.parametrize("text", [r + s for s in SUIT_LETTERS for r in RANK_LETTERS])
def test_notation_round_trip_for_every_card(text: str) -> None:
    c = Card.parse(text)
    assert str(c) == text
    assert Card.parse(str(c)) is c
    assert c.rank.symbol == text[0]
    assert c.suit.symbol == text[1]
    assert Card.of(c.rank, c.suit) is c


def test_notation_covers_exactly_the_deck() -> None:
    texts = {r + s for s in SUIT_LETTERS for r in RANK_LETTERS}
    assert {str(c) for c in DECK} == texts


@pytest.mark.parametrize(("english", "italian"), [
    ("Jd", "Fd"), ("Nc", "Cc"), ("Ks", "Rs"), ("Jb", "Fb"), ("Nb", "Cb"), ("Kd", "Rd"),
])
def test_english_ranks_j_n_k(english: str, italian: str) -> None:
    assert Card.parse(english) is Card.parse(italian)
    assert str(Card.parse(english)) == italian


@pytest.mark.parametrize(("french", "italian"), [
    ("A♦", "Ad"), ("3♥", "3c"), ("R♠", "Rs"), ("K♣", "Rb"), ("J♥", "Fc"), ("N♦", "Cd"),
    ("7♣", "7b"), ("2♠", "2s"),
])
def test_french_suit_symbols(french: str, italian: str) -> None:
    assert Card.parse(french) is Card.parse(italian)


def test_suit_french_symbols_match_the_rule_book() -> None:
    assert [s.french_symbol for s in Suit] == ["♦", "♥", "♠", "♣"]
    assert [Suit.parse(s.french_symbol) for s in Suit] == list(Suit)


@pytest.mark.parametrize("bad", ["", "3", "Xd", "3x", "10d", "3cc", "  "])
def test_bad_card_text_is_refused_naming_it(bad: str) -> None:
    with pytest.raises(CardError) as err:
        Card.parse(bad)
    assert repr(bad) in str(err.value)


def test_card_error_is_a_value_error() -> None:
    assert issubclass(CardError, ValueError)
    with pytest.raises(ValueError):
        Card.parse("Zz")


def test_parse_cards_reads_space_separated_text_and_lists() -> None:
    assert parse_cards("3c Rd Ab") == (Card.parse("3c"), Card.parse("Rd"), Card.parse("Ab"))
    assert parse_cards(["3c", "Rd"]) == (Card.parse("3c"), Card.parse("Rd"))


def name(card: str, lang: str) -> str:
    return card_name(Card.parse(card), lang, "bare")


def test_names_in_english_and_italian() -> None:
    assert name("3c", "en") == "Three of cups"
    assert name("3c", "it") == "Tre di coppe"
    assert name("Rd", "it") == "Re di denari"
    assert name("Ab", "it") == "Asso di bastoni"
    assert name("Ab", "en") == "Ace of batons"
    assert name("Cs", "it") == "Cavallo di spade"
    assert name("Cs", "en") == "Knight of swords"
    assert name("Fd", "en") == "Jack of coins"
    assert name("Fd", "it") == "Fante di denari"


def test_suits_are_read_from_their_signs_and_names() -> None:
    for text, symbol in (("coppe", "c"), ("cups", "c"), ("hearts", "c"), ("bastoni", "b")):
        assert Suit.parse(text) is Suit.parse(symbol)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_names_are_distinct_for_all_40_cards(lang: str) -> None:
    assert len({card_name(c, lang) for c in DECK}) == 40


@pytest.mark.parametrize("suit", SUIT_LETTERS)
def test_trick_order_3_2_A_R_C_F_7_6_5_4(suit: str) -> None:
    ordered = [Card.parse(r + suit) for r in TRICK_ORDER]
    for i, j in itertools.combinations(range(10), 2):
        stronger, weaker = ordered[i], ordered[j]
        assert stronger.beats(weaker), f"{stronger} should beat {weaker}"
        assert not weaker.beats(stronger), f"{weaker} should not beat {stronger}"
    for c in ordered:
        assert not c.beats(c)


def test_three_beats_the_ace() -> None:
    assert Card.parse("3c").beats(Card.parse("Ac"))
    assert not Card.parse("Ac").beats(Card.parse("3c"))


def test_a_card_of_another_suit_never_beats_the_lead() -> None:
    for led, other in itertools.product(DECK, DECK):
        if led.suit != other.suit:
            assert not other.beats(led)


@pytest.mark.parametrize(("rank", "thirds"), [
    ("A", 3), ("3", 1), ("2", 1), ("R", 1), ("C", 1), ("F", 1),
    ("7", 0), ("6", 0), ("5", 0), ("4", 0),
])
def test_card_points_in_thirds(rank: str, thirds: int) -> None:
    for suit in SUIT_LETTERS:
        assert Card.parse(rank + suit).thirds == thirds
    assert Rank.parse(rank).thirds == thirds


def test_deck_holds_32_thirds_plus_3_for_the_last_trick_makes_35() -> None:
    # 4 aces x 3 + 20 of (3, 2, R, C, F) x 1 = 32; plus the last trick's 3 = 35 = 11 2/3 points
    assert sum(c.thirds for c in DECK) == 4 * 3 + 20 * 1 == 32


def test_masks_round_trip() -> None:
    some = parse_cards("3c Rd Ab 4s")
    assert set(cards_of(mask_of(some))) == set(some)
    assert cards_of(mask_of(DECK)) == DECK


def test_hand_is_shown_suit_by_suit_strongest_first() -> None:
    hand = Hand(parse_cards("4d Ac 3d Rb 2c 7d"))
    assert str(hand) == "3d 7d 4d 2c Ac Rb"
    assert Hand.from_mask(hand.mask) == hand


def test_cards_are_immutable_and_interned() -> None:
    c = Card.parse("3c")
    assert Card.parse("3♥") is c
    with pytest.raises(AttributeError):
        c._index = 0  # type: ignore[misc]
    assert len({Card.parse("3c"), Card.parse("3♥"), Card.parse("3c")}) == 1


# -- the trick winner and legal cards on card indexes (what the solvers call) ---------------
def idx(text: str) -> list[int]:
    """The card indexes of ``"Ad 3d 2d"``, in order."""
    return [c.index for c in parse_cards(text)]


def test_winning_offset_the_three_beats_ace_and_two() -> None:
    assert winning_offset(idx("Ad 3d 2d Rd")) == 1
    assert winning_offset(idx("4b 5b")) == 1
    assert winning_offset(idx("Fb Cb 3d Rb")) == 3


def test_winning_offset_a_card_of_another_suit_never_wins() -> None:
    # the 4 of denari, the weakest card, takes the 3s of the other suits when led
    assert winning_offset(idx("4d 3c 3s 3b")) == 0
    assert winning_offset(idx("5s 3d 4s Ab")) == 0


def test_winning_offset_is_the_highest_of_the_suit_led_on_random_tricks() -> None:
    rng = random.Random(11)
    for _ in range(2000):
        trick = rng.sample(range(40), rng.randint(1, 4))
        best = max(c for c in trick if c // 10 == trick[0] // 10)
        assert winning_offset(trick) == trick.index(best)


def test_legal_mask_follows_suit_when_able_else_anything() -> None:
    hand = mask_of(parse_cards("3c 4c Ad Rb"))
    assert legal_mask(hand, Suit.COPPE) == mask_of(parse_cards("3c 4c"))
    assert legal_mask(hand, Suit.DENARI) == mask_of(parse_cards("Ad"))
    assert legal_mask(hand, Suit.SPADE) == hand
    assert legal_mask(hand, None) == hand
    assert legal_mask(0, Suit.COPPE) == 0
