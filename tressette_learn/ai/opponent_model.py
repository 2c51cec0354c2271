"""How plausible a sampled deal is, given what the other players chose to play.

The model: the other players play like the club player with probability ``FOLLOWS``, and
otherwise pick any legal card. A sampled deal in which they would have chosen the cards
they did is more likely than one in which those cards look like blunders.

Weighing many samples of one decision, pass the same ``Advised`` memo to every call: a
seat that held the same cards at the same point of the history was advised the same card
(the club player is deterministic and sees nothing else), so it is asked once.
"""

from __future__ import annotations

from ..engine.cards import cards_of
from ..engine.deal import Deal
from ..engine.tricks import Play
from ..engine.views import PlayerView
from .heuristic import advise
from .inference import Sample

FOLLOWS = 0.7
RECENT_TRICKS = 4

# (plays so far, seat to play, its hand, the hands it may see) -> the club player's card
Advised = dict[tuple[int, int, int, tuple[int, int]], int]


def plausibility(view: PlayerView, sample: Sample, recent: int = RECENT_TRICKS,
                 advised: Advised | None = None) -> float:
    """The likelihood of the other seats' plays in the last ``recent`` tricks.

    ``advised`` memoizes the club player's choices between samples of the same ``view``.
    """
    plays = [play for trick in view.tricks for play in trick.plays] + list(view.current_trick)
    replay = dealt_deal(view, sample, plays)
    first = max(0, len(view.tricks) - recent) * replay.trick_size
    me = replay.controller(view.seat)
    memo: Advised = {} if advised is None else advised
    weight = 1.0
    for n, play in enumerate(plays):
        _declare_open(replay, view)
        if n >= first and replay.controller(play.seat) != me:
            weight *= _chance(replay, play.card.index, memo)
        replay.play(play.card, play.signal, allow_revoke=play.revoke)
    return weight


def dealt_deal(view: PlayerView, sample: Sample, plays: list[Play]) -> Deal:
    """The deal of ``sample`` at its start (``plays``: the view's plays so far): hands as
    dealt, the stock as it was."""
    played: dict[int, int] = {}
    for play in plays:
        played[play.seat] = played.get(play.seat, 0) | play.card.bit
    drawn: dict[int, int] = {}
    for draw in view.draws:
        drawn[draw.seat] = drawn.get(draw.seat, 0) | draw.card.bit
    hands = {seat: cards_of((hand | played.get(seat, 0)) & ~drawn.get(seat, 0))
             for seat, hand in sample.hands.items()}
    stock = tuple(d.card for d in view.draws) + sample.stock
    return Deal(view.rules, view.dealer, hands, stock, view.match_scores)


def _chance(deal: Deal, card: int, memo: Advised) -> float:
    """The model's probability that the seat to play chooses ``card``."""
    seat = deal.to_play
    choices = deal.legal_mask().bit_count()
    if seat is None or choices == 1:
        return 1.0
    uniform = (1 - FOLLOWS) / choices
    key = (len(deal.plays), seat, deal.hand_mask(seat), _shown(deal))
    if key not in memo:
        memo[key] = advise(deal.view(seat)).card.index
    return FOLLOWS + uniform if memo[key] == card else uniform


def _shown(deal: Deal) -> tuple[int, int]:
    """The hands that a seat may see besides its own: at col morto, some of the dealer's
    and the dummy's (both are named: more than the seat sees is a safe memo key)."""
    if deal.dummy is None:
        return (0, 0)
    return (deal.hand_mask(deal.dealer), deal.hand_mask(deal.dummy))


def _declare_open(replay: Deal, view: PlayerView) -> None:
    """Make the view's declarations as soon as the replay's window opens."""
    if replay.declaration_window():
        for decl in view.declarations:
            if replay.declaration_reason(decl) is None:
                replay.declare(decl)
