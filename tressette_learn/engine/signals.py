"""Signals (busso, volo, striscio): when each one is true."""

from __future__ import annotations

from .cards import DECK, SUIT_MASKS, Card
from .tricks import SIGNALS, Signal


def signal_problem(signal: str, card: Card, hand_after: int, unplayed: int) -> str | None:
    """Why ``signal`` on leading ``card`` would be false, or None when it is true.

    ``hand_after`` is the leader's hand without the card; ``unplayed`` holds every card
    not yet played (the lead card excluded).
    """
    if signal not in SIGNALS:
        return f"unknown signal {signal!r}: use busso, volo or striscio"
    suit_mask = SUIT_MASKS[card.suit]
    left = hand_after & suit_mask
    name = card.suit.italian_name
    if signal == "volo" and left:
        return f"volo means your last {name}, but you still hold {_names(left)}"
    if signal == "striscio" and not left:
        return f"striscio means more {name} to come, but {card} was your last"
    if signal == "busso":
        out = unplayed & suit_mask
        if not out:
            return f"busso needs a {name} card still out, and none is left"
        top = out.bit_length() - 1
        if not left >> top & 1:
            return f"busso means you hold the master {name}, but the {DECK[top]} is not yours"
    return None


def true_signals(card: Card, hand_after: int, unplayed: int) -> tuple[Signal, ...]:
    """The signals that would be true on this lead."""
    return tuple(s for s in SIGNALS if signal_problem(s, card, hand_after, unplayed) is None)


def _names(mask: int) -> str:
    cards = [DECK[i] for i in range(40) if mask >> i & 1]
    return ", ".join(str(c) for c in sorted(cards, reverse=True))
