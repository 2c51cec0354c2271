"""What the quick search of the first two tricks overvalues: a high card led early, and a
Three that takes the first trick.

Early in a deal a hint searches a few tricks with every seat at its best, then a rule of
thumb plays the rest out (``hint_search.EARLY_HORIZON``, ``_kernel.playout``). That rule plays
the rest worse than the best play does, so the points a card takes at once count for more
than those it would take later: a Three played now takes its trick, while a Three kept
(every seat at its best) later captures the cards that must fall to it, and leading it
makes the Two of its suit the master. Solved to the end, the lead of a Three, of a Two or
of an Ace whose Three the leader holds is worth less than the quick value says, most of
all a Three without its Two; so is a Three that takes the first trick as it follows.

:data:`LEAD_BIAS` and :data:`FOLLOW_BIAS` are by how many points the quick value of such a
card is too high on average, beside the hand's other legal cards, for each depth searched
(the trick in play counts); a hint takes it off every deal's quick value of that card and
says so (``Hint.marked_down``). Fitted by ``benchmarks/early_bias.py`` on positions of
club-played deals that are none of the hints' reference, each card solved to the end and
quickly on the same deals; fitted on half of them, on the other half the cards' values
beside each other come nearer the exact ones:

- leads: 164 (42 of the first trick on 24 deals, 122 of the second on 40), a root mean
  square error of 0.275 points becomes 0.200 two tricks deep, 0.193 becomes 0.157 three
  deep. Kinds added beside these (an Ace without its Three, a figure, the suit's length, a
  singleton, a low card under the Three or the Ace, a Two or Three with the Ace) brought the
  held-out error no lower.
- follows of the first trick: 240 on 24 deals, 0.166 becomes 0.152 two deep, 0.130 becomes
  0.126 three deep. A Two or an Ace that takes brought it little lower, and on
  the second trick the Three's and the Two's fitted values are smaller (0.22 and 0.15 three
  deep) and cost the hint agreement with its reference (``docs/hints-early.md``): the first
  trick's Three only.

Only for four hands in two partnerships (where it was fitted).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..engine.cards import Card, Rank
from ..engine.views import PlayerView

# depth searched -> kind of lead -> points the quick value is too high on average
LEAD_BIAS: Final[dict[int, dict[str, float]]] = {
    2: {"three_alone": 0.73, "three_two": 0.51, "two_master": 0.56, "two": 0.13,
        "ace_three": 0.21},
    3: {"three_alone": 0.43, "three_two": 0.37, "two_master": 0.36, "two": 0.04,
        "ace_three": 0.13},
}
# depth searched -> kind of follow -> the same
FOLLOW_BIAS: Final[dict[int, dict[str, float]]] = {
    2: {"three_takes": 0.47},
    3: {"three_takes": 0.33},
}


def lead_kind(card: Card, view: PlayerView) -> str | None:
    """The kind of lead ``card`` is in ``view``: a Three with the Two of its suit in the
    hand (``three_two``) or without it (``three_alone``); a Two whose Three is in the hand
    or already played (``two_master``) or still out (``two``); an Ace whose Three is in the
    hand (``ace_three``); None for any other card."""
    three = Card.of(Rank.THREE, card.suit)
    if card.rank == Rank.THREE:
        return "three_two" if Card.of(Rank.TWO, card.suit) in view.hand else "three_alone"
    if card.rank == Rank.TWO:
        played = any(p.card == three for trick in view.tricks for p in trick.plays)
        return "two_master" if played or three in view.hand else "two"
    if card.rank == Rank.ASSO and three in view.hand:
        return "ace_three"
    return None


def follow_kind(card: Card, view: PlayerView) -> str | None:
    """The kind of follow ``card`` is in ``view``: the Three of the suit led to the first
    trick (it takes the trick, nothing being higher: ``three_takes``); None otherwise."""
    plays = view.current_trick
    if view.tricks or not plays or card.rank != Rank.THREE:
        return None
    return "three_takes" if card.suit == plays[0].card.suit else None


def early_bias(view: PlayerView, cards: Sequence[Card], depth: int) -> list[float]:
    """Per card of ``cards``, the points to take off its quick value searched ``depth``
    tricks deep (:data:`LEAD_BIAS` on a lead, :data:`FOLLOW_BIAS` on a follow); 0 for any
    other card, and outside four hands in partnerships."""
    rules = view.rules
    follows = bool(view.current_trick)
    table = (FOLLOW_BIAS if follows else LEAD_BIAS).get(depth)
    if table is None or rules.players != 4 or not rules.partners:
        return [0.0] * len(cards)
    kind = follow_kind if follows else lead_kind
    return [table.get(kind(card, view) or "", 0.0) for card in cards]
