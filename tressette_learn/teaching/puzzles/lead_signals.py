"""Which card signals? The learner is on lead and must lead the card that carries a given
signal truthfully (RULES.md §4: a busso is true when the leader still holds the highest
card of the suit not yet played, a volo when the lead was the leader's last card of the
suit, a striscio when the leader holds more). The accepted cards are the leads on which a
good player gives that signal (:meth:`~.engine.deal.Deal.good_signal`: true, and no true
signal tells more: a lead that keeps the master is a busso, not a striscio), not the
solver's best ones.

A position makes such a puzzle when one or two leads, at most half of the legal cards,
make the signal true (:func:`~.find.is_clear`), and each of them is also sound play: over
the fitting deals it gives away on average at most :data:`MARGIN` more than the best lead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.cards import DECK, SUIT_MASKS, Card, Hand
from ...engine.deal import Deal
from ...engine.tricks import Signal
from .check import Answer

MARGIN = 1 / 3  # points a signalled lead may give away, on average, beyond the best lead


def signal_leads(deal: Deal, signal: Signal) -> tuple[Card, ...]:
    """The legal leads of the seat to play on which a good player gives ``signal``: it is
    true and no other true signal tells more (in card order)."""
    return tuple(sorted(c for c in deal.legal_cards() if deal.good_signal(c) == signal))


def asks(signal: Signal) -> Callable[[Deal], dict[str, Any] | None]:
    """A theme's shape test: the learner leads and some lead makes ``signal`` true; the
    fact is the signal."""
    def fits(deal: Deal) -> dict[str, Any] | None:
        leads = signal_leads(deal, signal) if not deal.current else ()
        return {"signal": signal} if leads else None
    return fits


def sound_leads(_deal: Deal, answer: Answer) -> dict[str, Any] | None:
    """Every accepted lead is within :data:`MARGIN` of the best lead on average."""
    best = answer.least_loss
    return {} if all(answer.result(c).loss - best <= MARGIN for c in answer.accepted) else None


def after_lead(deal: Deal, card: Card) -> dict[str, Any]:
    """What the leader holds after leading ``card``: ``held``, the cards of its suit left;
    ``master``, the highest card of the suit not yet played (``None`` when none is left)."""
    seat = deal.to_play
    assert seat is not None
    suit = SUIT_MASKS[card.suit]
    held = deal.hand_mask(seat) & suit & ~card.bit
    out = suit & ~deal.played_mask & ~card.bit
    master = DECK[out.bit_length() - 1] if out else None
    return {"card": card, "suit": card.suit, "held": Hand.from_mask(held), "master": master}
