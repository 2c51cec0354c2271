"""Which lesson teaches the point of each mistake a review lists.

A revoke is following suit. Any other card's mistake in a deal played *a perdere* is the
variants lesson, whatever reason the review gives for the better card (a shared one such
as ``duck`` or ``best_line`` too: the strategy lesson teaches the normal aim, wrong advice
there). Otherwise a mistake is named by that reason
(:data:`~tressette_learn.ai.explain.REASONS`): the reasons about the partner's busso are
signals, every other one (guarding aces, leading threes, discarding, the last trick,
counting) is strategy. A declaration not made is the declarations lesson, a signal false or
left out the signals one.
Lessons are named by their role in ``lessons/course.yaml`` (:func:`..course.by_role`).
"""

from __future__ import annotations

from ..ai.explain import REASONS
from ..ai.review import ReviewedPlay
from ..ai.review_talk import MissedDeclaration, SignalNote
from .course import by_role

__all__ = ["BY_REASON", "DECLARATIONS", "FOLLOWING", "SIGNALS", "STRATEGY", "lesson_for",
           "role_for"]

FOLLOWING = "following"
SIGNALS = "signals"
DECLARATIONS = "declarations"
VARIANTS = "variants"
STRATEGY = "strategy"

#: The lesson (its role) for each reason a review gives for the better card (a deal
#: played a perdere: always the variants).
BY_REASON: dict[str, str] = {
    **dict.fromkeys(REASONS, STRATEGY),
    "return_busso": SIGNALS, "win_for_busso": SIGNALS,
    "dump_points": VARIANTS, "take_cheaply": VARIANTS, "overtake": VARIANTS,
    "lead_to_lose": VARIANTS,
}


def lesson_for(item: ReviewedPlay | MissedDeclaration | SignalNote) -> str:
    """The id of the lesson that teaches what the review says about ``item``."""
    return by_role(role_for(item)).id


def role_for(item: ReviewedPlay | MissedDeclaration | SignalNote) -> str:
    """The role of the lesson that teaches what the review says about ``item``."""
    if isinstance(item, MissedDeclaration):
        return DECLARATIONS
    if isinstance(item, SignalNote):
        return SIGNALS
    if item.revoke:
        return FOLLOWING
    if item.a_perdere:
        return VARIANTS
    return BY_REASON.get(item.explanation.reason, STRATEGY)
