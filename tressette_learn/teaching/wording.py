"""The words of the quiz in English and Italian: the :class:`Text` value and how to name
cards, suits, seats and amounts in a sentence. The texts live in ``quiz.yaml`` (read through
:mod:`tressette_learn.i18n`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any

from ..engine.cards import Card, Rank, Suit
from ..engine.seats import Seat
from ..i18n import LANGUAGES, t


@dataclasses.dataclass(frozen=True)
class Text:
    """One text in English and Italian."""

    en: str
    it: str

    def get(self, lang: str) -> str:
        """The text in ``lang`` (``en`` or ``it``)."""
        return self.it if lang == "it" else self.en

    @staticmethod
    def join(parts: Iterable[Text], sep: str = " ") -> Text:
        """The parts one after the other, in each language."""
        items = list(parts)
        return Text(sep.join(p.en for p in items), sep.join(p.it for p in items))

    def lower_first(self) -> Text:
        """The text with its first letter in lower case, to go inside a sentence."""
        return Text(*(_first_letter(self.get(lang), str.lower) for lang in LANGUAGES))


def tr(key: str, **values: Any) -> Text:
    """The sentence ``key`` in both languages, capitalised; :class:`Text` values are filled
    per language."""
    return Text(*(_first_letter(_fill(key, lang, values), str.upper) for lang in LANGUAGES))


def word(key: str) -> Text:
    """A word used inside a sentence, kept lower case."""
    return Text(*(t(key, lang) for lang in LANGUAGES))


def _fill(key: str, lang: str, values: dict[str, Any]) -> str:
    return t(key, lang, **{name: value.get(lang) if isinstance(value, Text) else value
                           for name, value in values.items()})


def _first_letter(text: str, change: Callable[[str], str]) -> str:
    return change(text[:1]) + text[1:]


def card_text(card: Card, article: bool = True) -> Text:
    """``the Three of cups`` / ``il Tre di coppe`` (``l'Asso``); bare names without article."""
    if not article:
        return Text(card.english_name, card.italian_name)
    italian = ("l'" if card.rank == Rank.ASSO else "il ") + card.italian_name
    return Text(f"the {card.english_name}", italian)


def cards_text(cards: Iterable[Card], article: bool = True) -> Text:
    """``the Three of cups and the Ace of coins`` (``none`` when there are none)."""
    names = [card_text(card, article) for card in cards]
    if not names:
        return word("quiz.none")
    if len(names) == 1:
        return names[0]
    last = Text.join([word("quiz.and"), names[-1]])
    return Text.join([Text.join(names[:-1], ", "), last])


def suit_text(suit: Suit) -> Text:
    """``cups`` / ``coppe``."""
    return Text(suit.english_name, suit.italian_name)


def seat_text(seat: Seat) -> Text:
    """``North`` / ``Nord``."""
    return Text(seat.english_name, seat.italian_name)


def units(n: int, unit: str) -> Text:
    """``1 third``, ``5 thirds``, ``1 punto``, ``0 punti``."""
    return tr(f"quiz.unit.{unit}.{'one' if n == 1 else 'many'}", n=n)
