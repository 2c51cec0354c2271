"""What the quick search of the first two tricks gets wrong about the card led: it
overvalues a high card led early.

Early in a deal a hint searches a few tricks with every seat at its best, then a rule of
thumb plays the rest out (``hint_search.EARLY_HORIZON``, ``_kernel.playout``). That rule plays
the rest worse than the best play does, so the points a lead takes at once count for more
than those its cards would take later: a Three led takes its trick now, while a Three kept
(every seat at its best) later captures the cards that must fall to it, and leading it
makes the Two of its suit the master. Solved to the end, the lead of a Three, of a Two or
of an Ace whose Three the leader holds is worth less than the quick value says, most of
all a Three without its Two.

:data:`LEAD_BIAS` is by how many points the quick value of such a lead is too high on
average, beside the other leads of the same hand, for each depth searched (the trick in
play counts); a hint takes it off every deal's quick value of that card and says so
(``Hint.marked_down``). Fitted by ``benchmarks/lead_bias.py`` on first- and second-trick
leads of club-played deals that are none of the hints' reference, each card solved to the
end and quickly on the same deals (164 leads: 42 of the first trick on 24 deals, 122 of the
second on 40). Fitted on half of them, on the other half the cards' values beside each other
come nearer the exact ones: a root mean square error of 0.275 points becomes 0.200 two
tricks deep, 0.193 becomes 0.157 three deep. On the hints' reference (its first 308 positions; see
``hint_search``) the hint agrees on 288.2 on average over six seeds, against 281.0. Kinds
added beside these (an Ace without its Three, a figure, the suit's length, a singleton, a low
card under the Three or the Ace, a Two or Three with the Ace) brought the held-out error no
lower (0.1995 two deep, 0.157 three deep, both halves held out in turn). Only for
four hands in two partnerships (where it was fitted).
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


def lead_bias(view: PlayerView, cards: Sequence[Card], depth: int) -> list[float]:
    """Per card of ``cards``, the points to take off its quick value searched ``depth``
    tricks deep: 0 for a card that is not led, and outside four hands in partnerships."""
    table = LEAD_BIAS.get(depth)
    rules = view.rules
    if table is None or view.current_trick or rules.players != 4 or not rules.partners:
        return [0.0] * len(cards)
    return [table.get(lead_kind(card, view) or "", 0.0) for card in cards]
