"""Signals (busso, volo, striscio): when each one is true, under either convention.

``seed`` (RULES.md §4, seed 001): busso = the leader keeps the master card of the suit,
striscio = the leader keeps a card of the suit. ``club`` (Italian club practice): busso = the
leader keeps a *pezzo* (Three, Two or Ace) of the suit, striscio = the leader keeps a card of
the suit but no pezzo. Volo = no card of the suit left, in both. Of the true signals, a good
player gives the one that tells most (:func:`most_telling`): busso, then volo, then striscio.
"""

from __future__ import annotations

from .cards import DECK, SUIT_MASKS, Card, Hand
from .refusals import Refusal
from .tricks import SIGNALS, Signal

PEZZI_MASK = sum(1 << (10 * suit + offset) for suit in range(4) for offset in (7, 8, 9))
"""The Aces, Twos and Threes (the *pezzi*) of every suit."""


def signal_problem(signal: str, card: Card, hand_after: int, unplayed: int,
                   convention: str = "seed") -> Refusal | None:
    """Why ``signal`` on leading ``card`` would be false, or None when it is true.

    ``hand_after`` is the leader's hand without the card; ``unplayed`` holds every card
    not yet played (the lead card excluded); ``convention`` is ``seed`` or ``club``.
    """
    if signal not in SIGNALS:
        return Refusal.of("unknown_signal", signal=signal)
    suit = card.suit
    left = hand_after & SUIT_MASKS[suit]
    if signal == "volo":
        return Refusal.of("false_volo", card=card, suit=suit, held=Hand.from_mask(left)) \
            if left else None
    if convention == "club":
        return _club_problem(signal, card, left)
    if signal == "striscio":
        return None if left else Refusal.of("false_striscio", card=card, suit=suit)
    out = unplayed & SUIT_MASKS[suit]
    if not out:
        return Refusal.of("busso_none", card=card, suit=suit)
    top = out.bit_length() - 1
    if not left >> top & 1:
        return Refusal.of("false_busso", card=card, suit=suit, master=DECK[top])
    return None


def _club_problem(signal: str, card: Card, left: int) -> Refusal | None:
    """Busso: a pezzo kept; striscio: a card kept but no pezzo."""
    pezzi = left & PEZZI_MASK
    if signal == "busso":
        return None if pezzi else Refusal.of("club_false_busso", card=card, suit=card.suit)
    if not left:
        return Refusal.of("club_false_striscio", card=card, suit=card.suit)
    if pezzi:
        return Refusal.of("club_striscio_pezzo", card=card, suit=card.suit,
                          held=Hand.from_mask(pezzi))
    return None


def true_signals(card: Card, hand_after: int, unplayed: int,
                 convention: str = "seed") -> tuple[Signal, ...]:
    """The signals that would be true on this lead."""
    return tuple(s for s in SIGNALS
                 if signal_problem(s, card, hand_after, unplayed, convention) is None)


TELLING: tuple[Signal, ...] = ("busso", "volo", "striscio")
"""The signals from the one that tells partner most to the one that tells least."""


def most_telling(truths: tuple[Signal, ...]) -> Signal | None:
    """Of ``truths``, the signal that tells partner most (None when there is none)."""
    return next((s for s in TELLING if s in truths), None)
