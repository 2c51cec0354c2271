"""The solver's line: a deal played on from one card with the best play at every seat
(every hand seen), and the trick that tells two cards' lines apart.

A review says why a better card beat the one played. When no rule of thumb explains it
(:func:`.explain.explain` answers ``best_line``), :func:`contrast` says what the solver
sees: both cards played on at their best, the trick in which the mover's side gains most
after the better card over the card played (takes more points, or fewer *a perdere*), told
for each line as who takes it, with which card and what it is worth. It is said only when
that one trick gains at least the whole difference.
"""

from __future__ import annotations

from ..engine.cards import Card
from ..engine.deal import Deal
from ..engine.seats import Seat
from ..engine.tricks import Trick, winning_play
from ..i18n import Phrase
from .explain import worth_phrase
from .solve import card_values, position_from_deal

__all__ = ["best_line", "contrast"]


def best_line(deal: Deal, first: Card) -> Deal:
    """``deal`` played out from ``first``: every later card a best one (the first best
    in card order), every hand seen."""
    deal = deal.copy()
    deal.play(first)
    while not deal.is_over():
        values = card_values(position_from_deal(deal), points_only=True)
        assert values is not None
        best = deal.rules.best(v.points for v in values)
        deal.play(min(v.card for v in values if v.points == best))
    return deal


def contrast(deal: Deal, card: Card, played: Card) -> Phrase | None:
    """``explain.best_line.contrast``: after ``played`` this seat takes ..., after ``card``
    ...; the trick from the current one where the mover's side gains most after ``card``
    (the first such). None unless that trick alone gains at least the whole difference
    (a gain spread over several tricks, or swings both ways, is no one trick's story)."""
    seat = deal.to_play
    assert seat is not None
    better, worse = best_line(deal, card), best_line(deal, played)
    sign = deal.rules.sign
    gains = [sign * (_taken(better, n, seat) - _taken(worse, n, seat))
             for n in range(len(deal.tricks), min(len(better.tricks), len(worse.tricks)))]
    if not gains or max(gains) <= 0 or max(gains) < sum(gains):
        return None
    number = len(deal.tricks) + gains.index(max(gains))
    return Phrase.of("explain.best_line.contrast", card=card, played=played,
                     then=_telling(worse, number, seat), instead=_telling(better, number, seat))


def _thirds(line: Deal, number: int) -> int:
    """The thirds trick ``number`` of ``line`` is worth, the last trick's point included."""
    rules = line.rules
    last = rules.last_trick_thirds if number == rules.tricks_per_deal - 1 else 0
    return sum(rules.card_values[c.index] for c in line.tricks[number].cards) + last


def _taken(line: Deal, number: int, seat: Seat) -> int:
    """What ``seat``'s side takes in trick ``number`` of ``line``, in thirds."""
    winner = line.tricks[number].winner
    mine = winner is not None and line.side_of(winner) == line.side_of(seat)
    return _thirds(line, number) if mine else 0


def _telling(line: Deal, number: int, seat: Seat) -> Phrase:
    """``East takes trick 7, worth 2 points, with the Three of cups``, for ``seat``."""
    trick: Trick = line.tricks[number]
    winner = trick.winner
    assert winner is not None
    who = ("you" if winner == seat
           else "partner" if line.side_of(winner) == line.side_of(seat) else "seat")
    last = ".last" if number == line.rules.tricks_per_deal - 1 else ""
    return Phrase.of(f"explain.line.{who}{last}", seat=winner, trick=number + 1,
                     worth=worth_phrase(_thirds(line, number)),
                     winner=winning_play(trick.plays).card)
