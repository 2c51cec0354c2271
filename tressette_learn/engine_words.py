"""The engine's facts as phrases of the words layer: refusals, declarations, a deal's score,
why a match ended, and the labels of the card drawings.

The engine says what happened with facts and keys (:class:`~.engine.refusals.Refusal`,
``MatchResult.reason``); ``lessons/strings/*/reasons.yaml`` and ``engine.yaml`` word them.
Nothing here re-derives a rule: every fact comes from the engine.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from .engine.cards import Card
from .engine.declarations import Declaration
from .engine.match import MatchResult
from .engine.refusals import Refusal
from .engine.scoring import DealResult
from .engine.seats import Seat, SeatError
from .engine.svg import Labels
from .i18n import Phrase, card_name, faces_of, seat_name, speaking, t


def refusal_phrase(refusal: Refusal) -> Phrase:
    """``reason.<kind>`` with the refusal's facts (a declaration named in words)."""
    facts = {name: declaration_phrase(value) if isinstance(value, Declaration) else value
             for name, value in refusal.values}
    return Phrase.of(f"reason.{refusal.kind}", **facts)


def refusal_text(refusal: Refusal, lang: str) -> str:
    """The refusal as one sentence in ``lang``."""
    return refusal_phrase(refusal).get(lang)


def declaration_phrase(decl: Declaration) -> Phrase:
    """``the napoletana of cups``, ``the buon gioco of three Aces, without the Ace of cups``."""
    if decl.combo == "napoletana":
        return Phrase.of("declaration.napoletana", suit=decl.suit)
    assert decl.rank is not None
    ranks = Phrase.of(f"declaration.ranks.{decl.rank.symbol}")
    if decl.missing is None:
        return Phrase.of("declaration.buon_gioco.four", ranks=ranks)
    return Phrase.of("declaration.buon_gioco.three", ranks=ranks,
                     missing=Card.of(decl.rank, decl.missing))


def declared_phrase(decl: Declaration) -> Phrase:
    """``North declared the napoletana of cups: 3 points.``"""
    return Phrase.of("declaration.declared", seat=decl.seat,
                     declaration=declaration_phrase(decl), points=decl.points)


def declaration_short(decl: Declaration) -> Phrase:
    """``North: the napoletana of cups (3)``."""
    return Phrase.of("declaration.short", seat=decl.seat, declaration=declaration_phrase(decl),
                     points=decl.points)


def match_reason(outcome: MatchResult) -> Phrase:
    """Why the match ended: ``North–South reached 21 with the higher total``."""
    return Phrase.of(f"match.reason.{outcome.reason}", **dict(outcome.facts))


def result_text(result: DealResult, lang: str) -> str:
    """A deal's score on one line: ``North–South 7 (21 thirds) + 3 declared = 10; ...``."""
    if result.redeal_by is not None:
        return t("result.redeal", lang, seat=result.redeal_by)
    parts = []
    for side, score in result.sides.items():
        words = [t("result.side", lang, side=side, points=score.card_points,
                   thirds=score.thirds)]
        if score.declarations:
            words.append(t("result.declared", lang, n=score.declarations))
        if score.bonus:
            words.append(t("result.cappotto", lang, n=score.bonus))
        if score.total != score.card_points:
            words.append(t("result.total", lang, n=score.total))
        parts.append(" ".join(words))
    return "; ".join(parts)


class WordLabels(Labels):
    """The card drawings' titles and aria-labels in a language (``svg.*`` texts)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def card(self, card: Card) -> str:
        """``Three of cups``."""
        return card_name(card, self.lang, "bare")

    def back(self) -> str:
        """``Face-down card``."""
        return t("svg.back", self.lang)

    def seat(self, seat: str) -> str:
        """``North`` for ``N``; a text that is no seat as it is."""
        try:
            return seat_name(Seat.parse(seat), self.lang)
        except SeatError:
            return seat

    def play(self, seat: str, card: Card, wins: bool) -> str:
        """``North: Three of cups (takes the trick)``."""
        return t("svg.play.wins" if wins else "svg.play", self.lang, seat=self.seat(seat),
                 card=card)

    def hand(self, cards: Sequence[Card]) -> str:
        """``Hand``."""
        return t("svg.hand", self.lang)

    def trick(self, plays: Sequence[tuple[str, Card]]) -> str:
        """``Trick``."""
        return t("svg.trick", self.lang)


def svg_labels(lang: str) -> Labels:
    """The labels of card drawings in ``lang``: ``card_svg(card, labels=svg_labels("it"))``;
    cards named after the faces of ``lang`` (a :class:`~.i18n.Language`)."""
    return _svg_labels(str(lang), faces_of(lang))


@functools.cache
def _svg_labels(code: str, faces: str) -> Labels:
    return WordLabels(speaking(code, faces))
