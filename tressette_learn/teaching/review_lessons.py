"""Which lesson teaches the point of each mistake a review lists.

A card's mistake is named by the reason the review gives for the better card
(:data:`~tressette_learn.ai.explain.REASONS`): a revoke is following suit, the reasons about
the partner's busso are signals, those of *a perdere* are the variants, every other one
(guarding aces, leading threes, discarding, the last trick, counting) is strategy. A
declaration not made is lesson 7, a signal false or left out lesson 6.
"""

from __future__ import annotations

from ..ai.explain import REASONS
from ..ai.review import ReviewedPlay
from ..ai.review_talk import MissedDeclaration, SignalNote

__all__ = ["BY_REASON", "DECLARATIONS", "FOLLOWING", "SIGNALS", "STRATEGY", "lesson_for"]

FOLLOWING = "03_following_suit"
SIGNALS = "06_signals"
DECLARATIONS = "07_declarations_match"
VARIANTS = "08_variants"
STRATEGY = "09_strategy"

#: The lesson for each reason a review gives for the better card.
BY_REASON: dict[str, str] = {
    **dict.fromkeys(REASONS, STRATEGY),
    "return_busso": SIGNALS, "win_for_busso": SIGNALS,
    "dump_points": VARIANTS, "take_cheaply": VARIANTS, "overtake": VARIANTS,
    "lead_to_lose": VARIANTS,
}


def lesson_for(item: ReviewedPlay | MissedDeclaration | SignalNote) -> str:
    """The id of the lesson that teaches what the review says about ``item``."""
    if isinstance(item, MissedDeclaration):
        return DECLARATIONS
    if isinstance(item, SignalNote):
        return SIGNALS
    if item.revoke:
        return FOLLOWING
    return BY_REASON.get(item.explanation.reason, STRATEGY)
