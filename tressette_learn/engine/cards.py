"""Cards, suits and ranks of the 40-card Italian deck, in notation (``3c``, ``Rd``).

Names in words (``the Three of cups``, ``il Tre di coppe``) are the words layer's
(``tressette_learn.i18n.card_name``): the engine speaks no language.

A card's index is ``10 * suit + strength``: suits in the order denari, coppe, spade,
bastoni, and strength 0..9 in trick order from the 4 (weakest) to the 3 (strongest).
Inside a suit a higher index wins; sets of cards are 40-bit masks of these indices.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Sequence
from typing import Final

from .svg import card_svg, display, hand_svg


class CardError(ValueError):
    """A card, suit or rank that cannot be read."""


class Suit(enum.IntEnum):
    """The four Italian suits, with their French equivalents."""

    DENARI = 0
    COPPE = 1
    SPADE = 2
    BASTONI = 3

    @property
    def symbol(self) -> str:
        """The one-letter notation: ``d c s b``."""
        return "dcsb"[self]

    @property
    def french_symbol(self) -> str:
        """The French suit sign: diamonds, hearts, spades, clubs."""
        return "♦♥♠♣"[self]

    @property
    def mask(self) -> int:
        """The bitmask of the ten cards of this suit."""
        return SUIT_MASKS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from ``d c s b``, a French symbol or a suit's name as typed in a
        record (``coppe``, ``cups``, ``hearts``): input only; the words layer names suits."""
        key = text.strip().lower()
        for suit in cls:
            if key in (suit.symbol, suit.french_symbol):
                return suit
        if key in _TYPED_SUITS:
            return _TYPED_SUITS[key]
        raise CardError(f"unknown suit {text!r}: use d, c, s or b")


_TYPED_SUITS: Final = {
    "♢": Suit.DENARI, "♡": Suit.COPPE, "♤": Suit.SPADE, "♧": Suit.BASTONI,
    "denari": Suit.DENARI, "coppe": Suit.COPPE, "spade": Suit.SPADE, "bastoni": Suit.BASTONI,
    "coins": Suit.DENARI, "cups": Suit.COPPE, "swords": Suit.SPADE, "batons": Suit.BASTONI,
    "diamonds": Suit.DENARI, "hearts": Suit.COPPE, "spades": Suit.SPADE, "clubs": Suit.BASTONI,
}


class Rank(enum.IntEnum):
    """Ranks, valued by their strength in a trick (4 weakest, 3 strongest)."""

    FOUR = 0
    FIVE = 1
    SIX = 2
    SEVEN = 3
    FANTE = 4
    CAVALLO = 5
    RE = 6
    ASSO = 7
    TWO = 8
    THREE = 9

    @property
    def symbol(self) -> str:
        """The notation letter: ``4 5 6 7 F C R A 2 3``."""
        return "4567FCRA23"[self]

    @property
    def thirds(self) -> int:
        """Card points in thirds: ace 3; 3, 2 and figures 1; 7 to 4 nothing."""
        return _THIRDS[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank from ``A 2 3 4 5 6 7 F C R`` or English ``J N K``."""
        key = text.strip().upper()
        key = _ENGLISH_RANKS.get(key, key)
        index = "4567FCRA23".find(key) if len(key) == 1 else -1
        if index < 0:
            raise CardError(f"unknown rank {text!r}: use A 2 3 4 5 6 7 F C R")
        return cls(index)


_THIRDS: Final = (0, 0, 0, 0, 1, 1, 1, 3, 1, 1)
_ENGLISH_RANKS: Final = {"J": "F", "N": "C", "K": "R"}

SUIT_MASKS: Final = tuple(((1 << 10) - 1) << (10 * s) for s in range(4))
FULL_DECK_MASK: Final = (1 << 40) - 1
THIRDS_BY_INDEX: Final = tuple(_THIRDS[i % 10] for i in range(40))


class Card:
    """One card; immutable, interned (``Card.parse("3c") is Card.parse("3c")``)."""

    __slots__ = ("_index",)
    _index: int
    _all: list[Card] = []

    def __new__(cls, index: int) -> Card:
        """Return the card with index ``10 * suit + strength``."""
        if not isinstance(index, int) or not 0 <= index < 40:
            raise CardError(f"card index out of range: {index!r}")
        if cls._all:
            return cls._all[index]
        card = object.__new__(cls)
        object.__setattr__(card, "_index", index)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (self._index,))

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        """The card of this rank and suit."""
        return cls(10 * int(suit) + int(rank))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``"3c"``, ``"Rd"``, ``"K♥"`` or ``"A♣"`` (rank then suit)."""
        if not isinstance(text, str):
            raise CardError(f"a card must be text like '3c', not {text!r}")
        key = text.strip()
        if len(key) < 2:
            raise CardError(f"unknown card {text!r}: write rank then suit, e.g. '3c'")
        try:
            return cls.of(Rank.parse(key[0]), Suit.parse(key[1:]))
        except CardError as err:
            raise CardError(f"unknown card {text!r}: {err}") from None

    @property
    def index(self) -> int:
        """``10 * suit + strength``: the bit of this card in a mask."""
        return self._index

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return Suit(self._index // 10)

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return Rank(self._index % 10)

    @property
    def bit(self) -> int:
        """The card as a one-bit mask."""
        return 1 << self._index

    @property
    def thirds(self) -> int:
        """Card points in thirds."""
        return _THIRDS[self._index % 10]

    def beats(self, other: Card) -> bool:
        """True when this card, played after ``other`` was led, takes it (same suit, higher)."""
        return beats(self._index, other._index)

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        return self._index < other._index

    def __hash__(self) -> int:
        return self._index

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Card) and other._index == self._index)

    def _repr_svg_(self) -> str:
        return card_svg(self, **display())


def beats(card: int, best: int) -> bool:
    """Whether card index ``card``, played to a trick that ``best`` wins so far, takes it:
    the same suit (the suit led) and higher. A card of another suit never wins.

    The one statement of the trick-winner rule: the engine, the solvers and the compiled
    core (which compiles this very function with numba: plain ints only) call it.
    """
    return best < card < best // 10 * 10 + 10  # above it, below the end of its suit


def winning_offset(cards: Sequence[int]) -> int:
    """Which card takes the trick: its position in ``cards``, the card indexes in play
    order (the leader's first)."""
    won = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[won]):
            won = i
    return won


BEATERS: Final = tuple(sum(1 << c for c in range(40) if beats(c, card)) for card in range(40))
"""Per card index, the mask of the cards that take it (the rule of :func:`beats`, as masks)."""


Card._all = [Card(i) for i in range(40)]
DECK: Final = tuple(Card._all)


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask of some cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, in index order (suit by suit, weakest first)."""
    return tuple(_iter_mask(mask))


def _iter_mask(mask: int) -> Iterator[Card]:
    while mask:
        low = mask & -mask
        yield DECK[low.bit_length() - 1]
        mask ^= low


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read cards from ``"3c 2c Ad"`` or a list of card texts."""
    items = text.split() if isinstance(text, str) else list(text)
    return tuple(Card.parse(item) for item in items)


class Hand(tuple[Card, ...]):
    """Some cards shown suit by suit, strongest first; draws itself in Jupyter."""

    __slots__ = ()

    def __new__(cls, cards: Iterable[Card] = ()) -> Hand:
        """Sort the cards: denari, coppe, spade, bastoni; 3 first, 4 last."""
        return super().__new__(cls, sorted(cards, key=lambda c: (c.index // 10, -c.index)))

    @classmethod
    def from_mask(cls, mask: int) -> Hand:
        """The hand of a bitmask."""
        return cls(_iter_mask(mask))

    @property
    def mask(self) -> int:
        """The hand as a bitmask."""
        return mask_of(self)

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    def __repr__(self) -> str:
        return f"Hand(parse_cards({str(self)!r}))"

    def _repr_svg_(self) -> str:
        return hand_svg(self, **display())
