"""Play deals and matches between computer players, each seeing only its own view."""

from __future__ import annotations

from collections.abc import Mapping

from ..engine.deal import Deal
from ..engine.match import Match, MatchResult
from ..engine.refusals import Refusal
from ..engine.scoring import DealResult
from ..engine.seats import Seat
from .players import Decision, Player


class PlayerError(RuntimeError):
    """A player broke the rules (an illegal card, a false signal, a bad declaration)."""


def play_deal(deal: Deal, players: Mapping[Seat, Player]) -> DealResult:
    """Play ``deal`` to its end; the dealer's player also plays the dummy (col morto)."""
    _check_players(deal, players)
    asked_declarations = False
    calls_checked = -1
    while not deal.is_over():
        if not asked_declarations and deal.declaration_window():
            ask_declarations(deal, players)
            asked_declarations = True
        if calls_checked != len(deal.tricks) and not deal.current:
            calls_checked = len(deal.tricks)
            if ask_calls(deal, players):
                continue
        play_one(deal, players)
    return deal.result()


def play_match(match: Match, players: Mapping[Seat, Player]) -> MatchResult:
    """Play deals until the match has a winner."""
    while not match.is_over():
        play_deal(match.deal, players)
        match.next_deal()
    outcome = match.result()
    assert outcome is not None
    return outcome


def _check_players(deal: Deal, players: Mapping[Seat, Player]) -> None:
    missing = sorted({deal.controller(seat) for seat in deal.seats} - set(players))
    if missing:
        raise ValueError(f"no player for seat {', '.join(map(str, missing))}")


def _player(deal: Deal, players: Mapping[Seat, Player], seat: Seat) -> Player:
    return players[deal.controller(seat)]


def play_one(deal: Deal, players: Mapping[Seat, Player]) -> Decision:
    """Let the player of the seat to play choose, check the choice and play it."""
    seat = deal.to_play
    assert seat is not None
    player = _player(deal, players, seat)
    decision = player.choose(deal.view(seat))
    reason = _decision_problem(deal, decision)
    if reason is not None:
        raise PlayerError(f"{player.level} player at {seat} played illegally: {reason}")
    deal.play(decision.card, decision.signal)
    return decision


def _decision_problem(deal: Deal, decision: object) -> Refusal | str | None:
    """What is wrong with a computer's choice (a bug, said for a developer), or None."""
    if not isinstance(decision, Decision):
        return f"choose() returned {decision!r}, not a Decision"
    return deal.play_reason(decision.card, decision.signal)


def ask_declarations(deal: Deal, players: Mapping[Seat, Player]) -> None:
    """Let each seat whose controller is in ``players`` declare what it wants to."""
    for seat in deal.seats:
        if deal.controller(seat) not in players:
            continue
        available = deal.available_declarations(seat)
        if not available:
            continue
        player = _player(deal, players, seat)
        for decl in player.declare(deal.view(seat), list(available)):
            reason = deal.declaration_reason(decl) if decl.seat == seat else \
                f"{decl} is not {seat}'s to declare"
            if reason is not None:
                raise PlayerError(f"{player.level} player at {seat} declared wrongly: {reason}")
            deal.declare(decl)


def ask_calls(deal: Deal, players: Mapping[Seat, Player]) -> bool:
    """Ask each seat in ``players``, in turn from the seat to play, whether its side calls
    out; ``True`` when one did (the deal is then over)."""
    if deal.call_reason(deal.sides[0]) is not None or deal.to_play is None:
        return False
    for seat in _turn_order(deal, deal.to_play):
        if seat == deal.dummy or deal.controller(seat) not in players:
            continue
        if _player(deal, players, seat).call_out(deal.view(seat)):
            deal.call_out(deal.side_of(seat))
            return True
    return False


def _turn_order(deal: Deal, first: Seat) -> list[Seat]:
    order = [first]
    while len(order) < len(deal.seats):
        order.append(deal.rules.next_seat(order[-1]))
    return order
