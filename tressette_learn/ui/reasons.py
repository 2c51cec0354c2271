"""The engine's reasons for refusing a card or a signal, told in the learner's language.

The engine decides; this module only words its decision (it rereads the same facts the
engine used: the suit led, the cards held, the master card still out).
"""

from __future__ import annotations

from ..engine.cards import DECK, SUIT_MASKS, Card, Hand
from ..engine.deal import Deal
from .i18n import t


def play_reason(deal: Deal, card: Card, signal: str | None, lang: str) -> str | None:
    """Why the seat to play may not lead or play ``card`` (with ``signal``), or None."""
    english = deal.illegal_reason(card)
    if english is not None:
        return english if lang == "en" else _illegal(deal, card, lang)
    english = None if signal is None else deal.signal_reason(card, signal)
    if english is None or signal is None:
        return None
    return english if lang == "en" else _false_signal(deal, card, signal, lang)


def _illegal(deal: Deal, card: Card, lang: str) -> str:
    if deal.to_play is None:
        return t("reason.deal_over", lang)
    hand = deal.hand_mask(deal.to_play)
    if not hand & card.bit:
        return t("reason.not_in_hand", lang, card=card.name(lang))
    led = deal.current[0].card.suit
    held = ", ".join(map(str, Hand.from_mask(hand & SUIT_MASKS[led])))
    return t("reason.follow", lang, suit=led.italian_name, held=held)


def _false_signal(deal: Deal, card: Card, signal: str, lang: str) -> str:
    if not deal.rules.signals:
        return t("reason.no_signals", lang)
    if deal.current:
        return t("reason.signal_not_leading", lang)
    assert deal.to_play is not None
    left = deal.hand_mask(deal.to_play) & ~card.bit & SUIT_MASKS[card.suit]
    suit = card.suit.italian_name
    if signal == "volo":
        return t("reason.volo", lang, suit=suit, held=", ".join(map(str, Hand.from_mask(left))))
    if signal == "striscio":
        return t("reason.striscio", lang, suit=suit, card=str(card))
    out = SUIT_MASKS[card.suit] & ~deal.played_mask & ~card.bit
    if not out:
        return t("reason.busso_none", lang, suit=suit)
    return t("reason.busso", lang, suit=suit, card=str(DECK[out.bit_length() - 1]))
