"""The engine's refusals and declarations as phrases of the words layer.

The engine says why it refuses an action with facts (:class:`~.engine.refusals.Refusal`);
``reason.<kind>`` in ``lessons/strings/*/reasons.yaml`` words them. Nothing here re-derives
a rule: every fact comes from the engine.
"""

from __future__ import annotations

from .engine.cards import Card
from .engine.declarations import Declaration
from .engine.refusals import Refusal
from .i18n import Phrase


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
