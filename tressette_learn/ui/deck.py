"""The whole deck laid out by suit, redrawn when the learner switches faces or language."""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..engine.cards import Card, Rank, Suit
from ..engine.svg import hand_svg
from ..engine_words import svg_labels
from .i18n import t
from .settings import SETTINGS, Settings

#: Ranks from the ace to the king, the order of the printed deck.
DECK_ORDER = (Rank.ASSO, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN,
              Rank.FANTE, Rank.CAVALLO, Rank.RE)


def suit_row(suit: Suit, faces: str, lang: str) -> str:
    """One suit's ten cards in a row, with the suit's names above."""
    cards = [Card.of(rank, suit) for rank in DECK_ORDER]
    key = f"deck.suit.french.{suit.symbol}" if faces == "french" else f"deck.suit.{suit.symbol}"
    name = escape(t(key, lang))
    row = hand_svg(cards, faces=faces, labels=svg_labels(lang), overlap=0.35)
    return (f'<div class="tl-deck-suit" data-suit="{suit.symbol}"><strong>{name}</strong>'
            f"<div>{row}</div></div>")


def deck_view(settings: Settings = SETTINGS) -> widgets.HTML:
    """All 40 cards, one row per suit."""
    box = widgets.HTML()
    box.add_class("tl-deck")

    def draw(_change: object = None) -> None:
        box.value = "".join(suit_row(suit, settings.faces, settings.lang) for suit in Suit)

    draw()
    settings.observe(draw, ["faces", "lang"])
    return box
