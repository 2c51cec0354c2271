"""How plausible a sampled deal is, given what the other players chose to play.

The model: the other players play like the club player with probability ``FOLLOWS``, and
otherwise pick any legal card. A sampled deal in which they would have chosen the cards
they did is more likely than one in which those cards look like blunders.
"""

from __future__ import annotations

from ..engine.deal import Deal
from ..engine.views import PlayerView
from .heuristic import advise
from .inference import Sample, sample_to_deal

FOLLOWS = 0.7
RECENT_TRICKS = 4


def plausibility(view: PlayerView, sample: Sample, recent: int = RECENT_TRICKS) -> float:
    """The likelihood of the other seats' plays in the last ``recent`` tricks."""
    now = sample_to_deal(view, sample)
    replay = Deal(now.rules, now.dealer, {s: now.dealt_hand(s) for s in now.seats},
                  now.dealt_stock, now.match_scores)
    first = max(0, len(now.tricks) - recent) * now.trick_size
    me = now.controller(view.seat)
    weight = 1.0
    for n, play in enumerate(now.plays):
        _declare_open(replay, now)
        if n >= first and now.controller(play.seat) != me:
            weight *= _chance(replay, play.card.index)
        replay.play(play.card, play.signal, allow_revoke=play.revoke)
    return weight


def _chance(deal: Deal, card: int) -> float:
    """The model's probability that the seat to play chooses ``card``."""
    legal = deal.legal_cards()
    if len(legal) == 1 or deal.to_play is None:
        return 1.0
    uniform = (1 - FOLLOWS) / len(legal)
    advised = advise(deal.view(deal.to_play)).card
    return FOLLOWS + uniform if advised.index == card else uniform


def _declare_open(replay: Deal, source: Deal) -> None:
    """Make the source's declarations as soon as the replay's window opens."""
    if replay.declaration_window():
        for decl in source.declarations:
            if replay.declaration_reason(decl) is None:
                replay.declare(decl)
