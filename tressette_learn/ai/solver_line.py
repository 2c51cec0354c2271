"""The solver's line: a deal played on from one card with the best play at every seat
(every hand seen), and the trick that tells two cards' lines apart.

A review says why a better card beat the one played. When no rule of thumb explains it
(:func:`.explain.explain` answers ``best_line``), :func:`contrast` says what the solver
sees: both cards played on at their best, the trick in which the mover's side gains most
after the better card over the card played (takes more points, or fewer *a perdere*), told
for each line as who takes it, with which card and what it is worth. It is said only when
that one trick gains at least the whole difference. A puzzle that shows every hand says
what goes wrong after a wrong card (:func:`consequence`): the same trick, told for the wrong
card's line only, so that the right card is still to be found.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.cards import Card
from ..engine.deal import Deal
from ..engine.seats import Seat
from ..engine.tricks import Trick, winning_play
from ..i18n import Phrase
from .explain import worth_phrase
from .solve import cannot_compile, card_values, position_from_deal

__all__ = ["QUICK_TRICKS", "best_line", "consequence", "contrast", "parting"]

QUICK_TRICKS = 4  # tricks left a line is solved in moments without the compiled core


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
    ...; the trick where the lines part (:func:`parting`), or None."""
    parted = parting(deal, card, played)
    if parted is None:
        return None
    number, better, worse = parted
    seat = deal.to_play
    assert seat is not None
    return Phrase.of("explain.best_line.contrast", card=card, played=played,
                     then=_telling(worse, number, seat, len(deal.tricks)),
                     instead=_telling(better, number, seat, len(deal.tricks)))


def consequence(deal: Deal, played: Card, better: Sequence[Card]) -> Phrase | None:
    """``explain.line.after``: what goes wrong after ``played``, at the trick where its line
    parts from the first of ``better`` that has one trick to tell, taken by the other side
    than after that card; the better card is not given away (a puzzle's answer is still
    to be found). None where no compiled core can load (the static site) beyond
    :data:`QUICK_TRICKS` tricks left: the pure-Python solver would take too long."""
    seat = deal.to_play
    tricks_left = deal.rules.tricks_per_deal - len(deal.tricks)
    if seat is None or not (cannot_compile() is None or tricks_left <= QUICK_TRICKS):
        return None
    for card in better:
        parted = parting(deal, card, played)
        if parted is not None and _changes_hands(*parted, seat):
            number, _, worse = parted
            return Phrase.of("explain.line.after", played=played,
                             then=_telling(worse, number, seat, len(deal.tricks)))
    return None


def _changes_hands(number: int, better: Deal, worse: Deal, seat: Seat) -> bool:
    """Whether trick ``number`` goes to the other side in ``worse`` than in ``better``: told
    alone, the worse line's trick then shows what went wrong."""
    return _ours(better, number, seat) != _ours(worse, number, seat)


def parting(deal: Deal, card: Card, played: Card) -> tuple[int, Deal, Deal] | None:
    """The trick from the current one where the mover's side gains most after ``card``
    over ``played`` (the first such), with both lines. None unless that trick alone gains at
    least the whole difference (a gain spread over several tricks, or swings both ways, is
    no one trick's story)."""
    seat = deal.to_play
    assert seat is not None
    better, worse = best_line(deal, card), best_line(deal, played)
    sign = deal.rules.sign
    gains = [sign * (_taken(better, n, seat) - _taken(worse, n, seat))
             for n in range(len(deal.tricks), min(len(better.tricks), len(worse.tricks)))]
    if not gains or max(gains) <= 0 or max(gains) < sum(gains):
        return None
    return len(deal.tricks) + gains.index(max(gains)), better, worse


def _thirds(line: Deal, number: int) -> int:
    """The thirds trick ``number`` of ``line`` is worth, the last trick's point included."""
    rules = line.rules
    last = rules.last_trick_thirds if number == rules.tricks_per_deal - 1 else 0
    return sum(rules.card_values[c.index] for c in line.tricks[number].cards) + last


def _ours(line: Deal, number: int, seat: Seat) -> bool:
    """Whether ``seat``'s side takes trick ``number`` of ``line``."""
    winner = line.tricks[number].winner
    return winner is not None and line.side_of(winner) == line.side_of(seat)


def _taken(line: Deal, number: int, seat: Seat) -> int:
    """What ``seat``'s side takes in trick ``number`` of ``line``, in thirds."""
    return _thirds(line, number) if _ours(line, number, seat) else 0


def _telling(line: Deal, number: int, seat: Seat, now: int) -> Phrase:
    """``East takes trick 7, worth 2 points, with the Three of cups``, for ``seat``
    (``this trick`` when ``number`` is trick ``now``, the one in play)."""
    trick: Trick = line.tricks[number]
    winner = trick.winner
    assert winner is not None
    who = "you" if winner == seat else "partner" if _ours(line, number, seat) else "seat"
    last = (".last" if number == line.rules.tricks_per_deal - 1
            else ".this" if number == now else "")
    return Phrase.of(f"explain.line.{who}{last}", seat=winner, trick=number + 1,
                     worth=worth_phrase(_thirds(line, number)),
                     winner=winning_play(trick.plays).card)
