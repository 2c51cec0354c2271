"""The solver's line: a deal played on from one card with the best play at every seat
(every hand seen), and the trick that tells two cards' lines apart.

A review says why a better card beat the one played. When no rule of thumb explains it
(:func:`.explain.explain` answers ``best_line``), :func:`contrast` says what the solver
sees: both cards played on at their best, the trick in which the mover's side gains most
after the better card over the card played (takes more points, or fewer *a perdere*), told
for each line as who takes it, with which card and what it is worth. It is said only when
that one trick gains at least the whole difference; else the two tricks that gain most,
when together they do (:func:`story`). A puzzle that shows every hand says what goes wrong
after a wrong card (:func:`consequence`): the same tricks, told for the wrong card's line
only, so that the right card is still to be found.

*A perdere* a better card that takes the trick is no reason by itself (the aim is to take
few points): :func:`take_now` says why taking it is better when the two lines show it, the
card would take a dearer trick later, or the lead it wins loses the next trick.
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

__all__ = ["QUICK_TRICKS", "TAKES_TRICK", "Parted", "best_line", "consequence", "contrast",
           "contrasted", "parting", "story", "take_now", "taken_now_against"]

QUICK_TRICKS = 4  # tricks left a line is solved in moments without the compiled core
#: Sentences that say only that the card takes the trick (a perdere no aim: see take_now).
TAKES_TRICK = ("explain.overtake", "explain.overtake.last")

Parted = tuple[tuple[int, ...], Deal, Deal]
"""The told tricks' numbers, the line after the better card and after the card played."""


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
    ...; the tricks where the lines part (:func:`parting`), or None."""
    parted = parting(deal, card, played)
    return None if parted is None else contrasted(deal, card, played, parted)


def contrasted(deal: Deal, card: Card, played: Card, parted: Parted) -> Phrase:
    """:func:`contrast` from the lines already :func:`parting`."""
    numbers, better, worse = parted
    seat = deal.to_play
    assert seat is not None
    return Phrase.of("explain.best_line.contrast", card=card, played=played,
                     then=_telling(worse, numbers, seat, len(deal.tricks)),
                     instead=_telling(better, numbers, seat, len(deal.tricks)))


def take_now(deal: Deal, card: Card, played: Card, parted: Parted) -> Phrase | None:
    """*A perdere*, why taking the current trick with ``card`` beats ``played``, when the
    lines (:func:`parting`) show it and ``card`` wins the trick in its line:
    ``explain.overtake.now``, after ``played`` ``card`` wins a told trick worth more;
    ``explain.overtake.lead``, the lead is then the seat's and the next trick, a told one,
    goes to an opponent, while after ``played`` another seat wins this one and the side takes
    the next. None when neither holds."""
    numbers, better, worse = parted
    seat, now = deal.to_play, len(deal.tricks)
    assert seat is not None
    if not _won_with(better, now, seat, card):
        return None
    worth = worth_phrase(_thirds(better, now))
    if any(n > now and _won_with(worse, n, seat, card)
           and _thirds(worse, n) > _thirds(better, now) for n in numbers):
        return Phrase.of("explain.overtake.now", card=card, worth=worth)
    if _lead_loses(numbers, better, worse, seat, now):
        return Phrase.of("explain.overtake.lead", card=card, worth=worth)
    return None


def taken_now_against(deal: Deal, card: Card, others: Sequence[Card]) -> Phrase | None:
    """:func:`take_now` against the first of ``others`` whose lines show it (a puzzle's
    right card against the wrong ones, nearest first); None when none does, or where no
    compiled core can load beyond :data:`QUICK_TRICKS` tricks left."""
    tricks_left = deal.rules.tricks_per_deal - len(deal.tricks)
    if not (cannot_compile() is None or tricks_left <= QUICK_TRICKS):
        return None
    for other in others:
        parted = parting(deal, card, other)
        said = None if parted is None else take_now(deal, card, other, parted)
        if said is not None:
            return said
    return None


def _won_with(line: Deal, number: int, seat: Seat, card: Card) -> bool:
    """Whether ``seat`` wins trick ``number`` of ``line`` with ``card``."""
    trick = line.tricks[number]
    return trick.winner == seat and winning_play(trick.plays).card == card


def _lead_loses(numbers: tuple[int, ...], better: Deal, worse: Deal, seat: Seat,
                now: int) -> bool:
    """The told tricks are this one and the next, or the next alone; ``seat`` (winning
    this trick in ``better``) leads the next, which an opponent takes; in ``worse``
    another seat wins this trick and ``seat``'s side the next."""
    after = now + 1
    return (after in numbers and set(numbers) <= {now, after}
            and worse.tricks[now].winner != seat and not _ours(better, after, seat)
            and _ours(worse, after, seat))


def consequence(deal: Deal, played: Card, better: Sequence[Card]) -> Phrase | None:
    """``explain.line.after``: what goes wrong after ``played``, at the tricks where its line
    parts from the first of ``better`` that has a story to tell, each taken by the other side
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
            numbers, _, worse = parted
            return Phrase.of("explain.line.after", played=played,
                             then=_telling(worse, numbers, seat, len(deal.tricks)))
    return None


def _changes_hands(numbers: tuple[int, ...], better: Deal, worse: Deal, seat: Seat) -> bool:
    """Whether each trick of ``numbers`` goes to the other side in ``worse`` than in
    ``better``: told alone, the worse line's tricks then show what went wrong."""
    return all(_ours(better, n, seat) != _ours(worse, n, seat) for n in numbers)


def parting(deal: Deal, card: Card, played: Card) -> Parted | None:
    """The tricks from the current one that tell why ``card`` is better than ``played``
    (:func:`story` of the mover's side's gain in each trick), with both lines; None when no
    one or two tricks account for the whole difference."""
    seat = deal.to_play
    assert seat is not None
    better, worse = best_line(deal, card), best_line(deal, played)
    sign = deal.rules.sign
    now = len(deal.tricks)
    gains = [sign * (_taken(better, n, seat) - _taken(worse, n, seat))
             for n in range(now, min(len(better.tricks), len(worse.tricks)))]
    told = story(gains)
    return None if told is None else (tuple(now + i for i in told), better, worse)


def story(gains: Sequence[int]) -> tuple[int, ...] | None:
    """The indices of the fewest tricks, one or two, each with a gain, whose gains reach the
    sum of ``gains``: the trick that gains most (the first such), else the two that gain most
    together (the first such pair), in order; None when no one or two do (a gain spread
    wider, or swings both ways, is no short story)."""
    whole = sum(gains)
    top = max(gains, default=0)
    if top <= 0:
        return None
    if top >= whole:
        return (gains.index(top),)
    pairs = [(gains[i] + gains[j], -i, -j) for i in range(len(gains))
             for j in range(i + 1, len(gains)) if gains[i] > 0 and gains[j] > 0]
    if not pairs:
        return None
    total, i, j = max(pairs)
    return (-i, -j) if total >= whole else None


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


def _telling(line: Deal, numbers: tuple[int, ...], seat: Seat, now: int) -> Phrase:
    """``East takes trick 7, worth 2 points, with the Three of cups`` for ``seat``, and for a
    second trick ``, and trick 9, ...`` (its winner named again only when another)."""
    first = _trick_told(line, numbers[0], seat, now)
    if len(numbers) == 1:
        return first
    again = line.tricks[numbers[1]].winner == line.tricks[numbers[0]].winner
    return Phrase.of("explain.line.both", first=first,
                     second=_trick_told(line, numbers[1], seat, now, again))


def _trick_told(line: Deal, number: int, seat: Seat, now: int, again: bool = False) -> Phrase:
    """``East takes trick 7, worth 2 points, with the Three of cups``, for ``seat``
    (``this trick`` when ``number`` is trick ``now``, the one in play; ``again``: the
    winner was just named, ``trick 7, worth ...``)."""
    trick: Trick = line.tricks[number]
    winner = trick.winner
    assert winner is not None
    who = ("again" if again else "you" if winner == seat
           else "partner" if _ours(line, number, seat) else "seat")
    last = (".last" if number == line.rules.tricks_per_deal - 1
            else ".this" if number == now else "")
    return Phrase.of(f"explain.line.{who}{last}", seat=winner, trick=number + 1,
                     worth=worth_phrase(_thirds(line, number)),
                     winner=winning_play(trick.plays).card)
