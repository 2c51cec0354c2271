"""Signals (busso, volo, striscio): when each one is true."""

from __future__ import annotations

from .cards import DECK, SUIT_MASKS, Card, Hand
from .refusals import Refusal
from .tricks import SIGNALS, Signal


def signal_problem(signal: str, card: Card, hand_after: int, unplayed: int) -> Refusal | None:
    """Why ``signal`` on leading ``card`` would be false, or None when it is true.

    ``hand_after`` is the leader's hand without the card; ``unplayed`` holds every card
    not yet played (the lead card excluded).
    """
    if signal not in SIGNALS:
        return Refusal.of("unknown_signal", signal=signal)
    suit = card.suit
    left = hand_after & SUIT_MASKS[suit]
    if signal == "volo" and left:
        return Refusal.of("false_volo", card=card, suit=suit, held=Hand.from_mask(left))
    if signal == "striscio" and not left:
        return Refusal.of("false_striscio", card=card, suit=suit)
    if signal == "busso":
        out = unplayed & SUIT_MASKS[suit]
        if not out:
            return Refusal.of("busso_none", card=card, suit=suit)
        top = out.bit_length() - 1
        if not left >> top & 1:
            return Refusal.of("false_busso", card=card, suit=suit, master=DECK[top])
    return None


def true_signals(card: Card, hand_after: int, unplayed: int) -> tuple[Signal, ...]:
    """The signals that would be true on this lead."""
    return tuple(s for s in SIGNALS if signal_problem(s, card, hand_after, unplayed) is None)
