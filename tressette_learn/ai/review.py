"""After-the-deal review: what each card a seat played cost, the best card, and why.

A review is an analysis made **after the deal**, so the solver sees the full deal: every
hand and the stock order (the record holds them all). That is what makes its verdicts exact:
"at trick 7 your 3 of coins cost you a point" means that with the cards as they really lay,
perfect play from that moment gives your side one point more after the best card than after
the card you played. Only the *explanation* of the best card is limited to what the seat
could see then: it comes from :func:`.explain.explain` on the seat's own view.

How each card is valued, for the side of the seat that played it (points at the end of the
deal, card points and the last trick; declarations are fixed and left out):

- **exact** when at most ``exact_limit`` tricks are left (by default :func:`exact_range`: the
  whole deal at four players in partnerships and col morto; the last ten tricks with two
  players; the last :data:`EACH_FOR_HIMSELF_LIMIT` each for himself) and, with two players,
  when the stock is empty or at most :data:`STOCK_EXACT_LIMIT` tricks are left: each legal
  card is solved by the exact solver (the compiled core, waited for; the pure-Python
  reference for small positions if the core cannot be built);
- **estimated** earlier (two players with the stock still in play, or any play beyond a
  smaller ``exact_limit``): each legal card is played on the real deal, then every seat
  plays on as the club player until the position is within the exact range, which is then
  solved exactly. One deterministic play-out per card on the real cards (the review may see
  everything), not the hint's sample of deals guessed from the seat's view: it judges the
  card against the cards as they lay, like the exact part. It is an estimate all the same:
  checked against the exact solver at 13-14 tricks left of two-player deals (365
  positions), its best card was an exact best card 75% of the time, and its cost for the
  played card was off by 0.7 points on average (by 2 or more 13% of the time). Estimated
  plays are flagged (``exact=False``), come after exact ones of the same cost among the
  costliest mistakes (:attr:`Review.costliest`), and never make turning points.
- **not judged** each for himself (the Traversone): there the estimate misjudges about half
  the plays (``benchmarks/review_range.py``: 10 of 20 verdicts changed, the cost off by 4
  points on average, the Ace of batons worth 11 going to whoever a single play-out gives it),
  so the seat's plays before the exact range are left out and :attr:`Review.judged_from`
  says from which trick the review judges.

The *cost* of a play is the points it gave away against the best card at that moment: best
minus played, or played minus best *a perdere*, where points are bad. A revoke (a card that
did not follow suit, let through from a real table) is valued at the penalty: the deal is
lost (no points, or all of them *a perdere*). After the first revoke the deal's score is
fixed by the penalty: later cards are still judged as card play (what they would be worth
without the penalty), but they are not turning points.

*Turning points* are the plays by any seat where the deal's exact value for the first side
(NS, or S with two players) swung the most. The value before a play is the best card's and
after it the played card's; since a deal's points always add up to 11 (21 *a perdere* with
the 11-point ace), the swing is the mover's cost, so turning points are the costliest exact
plays of the whole deal (the top three with a cost above 0), told in the order played.

The record is replayed once, forward: before each play the position is built with
:func:`.solve.position_from_deal` from a fresh deal that takes the record's actions one
by one (never ``Deal.undo``, which replays from the start).

A review at the end of the deal searches mostly the first tricks (forty cards still in the
hands). :class:`ReviewAhead` values those positions while the deal is played, on the solver
service at low priority (between cards, when nothing else waits for it), so that the review
at the end only gathers what is already known (``known``): a position's values are its
values however and whenever they are searched, so the review is the same.

When no rule of thumb explains the better card (``best_line``), an exact play's reason is
the solver's: :func:`.solver_line.contrast` plays both cards on at their best and tells the
trick where the better card gains at least the whole difference, else the two tricks that
together do ("after the Seven of batons, East takes trick 7 ...; after the Four of swords,
you take trick 7 ..."). It needs the compiled
core (a line solves every card to the end); without it the reason says only that the whole
deal shows it. *A perdere*, a better card that only takes the trick ("the Three beats the
Jack, and no opponent ... can beat it") is no reason: the lines say why taking it now is
better (:func:`.solver_line.take_now`: the card would take a dearer trick later, or the
lead it wins loses the next trick), or they alone are the reason.

Besides the cards, the review lists what the seat said at the table (:mod:`.review_talk`):
each combination it did not declare in time, priced exactly, and each of its leads with a
false signal (a real table's record; the signal is taken out of the replay, so the card
values and explanations do not see it) or without the true one, priced as an estimate.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..engine.actions import Action, Play
from ..engine.cards import Card, Hand
from ..engine.deal import Deal
from ..engine.records import DealRecord, load_json
from ..engine.seats import Seat, SeatError
from ..i18n import LANGUAGES, Phrase
from .explain import Explanation, explain
from .heuristic import RulesPlayer
from .review_talk import (
    FalseSignal,
    MissedDeclaration,
    SignalNote,
    missed_declarations,
    replay_reading_false_signals,
    signal_note,
)
from .solve import (
    REFERENCE_LIMIT,
    CardValue,
    Position,
    card_values,
    card_values_many,
    future_thirds,
    has_service,
    idle_card_values,
    position_from_deal,
    position_value,
    reference_card_values,
    reference_position_value,
    warm_up,
)
from .solver_line import TAKES_TRICK, Parted, contrasted, parting, take_now

__all__ = ["EACH_FOR_HIMSELF_LIMIT", "EXACT_LIMIT", "STOCK_EXACT_LIMIT", "TURNING_POINTS",
           "Review", "ReviewAhead", "ReviewedPlay", "TurningPoint", "exact_range", "judge_play",
           "position_key", "review"]

#: Tricks left from which a table of players each for himself is solved exactly: its paranoid
#: search (the seat against the three others) took 20 s of processor time per review at the
#: median and up to 570 s from 10 tricks left, 1.1 s and at most 8.4 s from 8
#: (``benchmarks/review_range.py``, 10 beginners' deals).
EACH_FOR_HIMSELF_LIMIT = 8
EXACT_LIMIT = 10  # the whole deal with three or four hands; the last ten tricks with two
STOCK_EXACT_LIMIT = 12  # two players, stock in play: above this many tricks left a solve
#                         can take seconds (measured: 12 left < 0.1 s, 14 left up to 11 s)
TURNING_POINTS = 3
#: Explanations that state a fact, not a reason: an exact review adds the solver's lines.
SOLVER_TOLD = ("best_line", "overtake")

RecordLike = Deal | DealRecord | Mapping[str, Any] | str | Path
Progress = Callable[[int, int], None]
Known = Mapping[str, Sequence[CardValue]]  # a position's exact values, by position_key


@dataclasses.dataclass(frozen=True)
class ReviewedPlay:
    """One card played, judged against the best card(s) at that moment.

    ``played_points``, ``best_points`` and ``values`` are the points the mover's ``side``
    ends the deal with (``values[i].thirds`` is None: the review solves in points, the
    score's unit, which is faster); ``cost`` is how many of them the card gave away.
    ``explanation`` says why ``explained`` (the played card when it was one of the best,
    else a best card) is good, from the seat's view only; :attr:`mistake` is what the
    card cost, as a sentence's key and facts. ``a_perdere``: the deal is played *a perdere*
    (the fewest points win), whatever reason the explanation gives.
    """

    number: int
    trick: int
    seat: Seat
    side: str
    card: Card
    best: tuple[Card, ...]
    played_points: int
    best_points: int
    worst_points: int
    cost: int
    exact: bool
    explained: Card
    explanation: Explanation
    values: tuple[CardValue, ...]
    revoke: bool = False
    own: bool = True  # a seat the reviewed player controls (else the review names the seat)
    a_perdere: bool = False

    @property
    def better(self) -> Phrase:
        """``Better: the Three of cups.`` (the best cards; ``any of`` when several)."""
        key = "review.better.one" if len(self.best) == 1 else "review.better.many"
        return Phrase.of(key, best=self.best)

    @property
    def mistake(self) -> Phrase:
        """``Trick 3, South: the Ace of cups cost 2 points. Better: the Three of cups.``
        and the explanation (without what another card could cost: the line says what
        this one cost)."""
        key = "review.mistake" if self.exact else "review.mistake.estimated"
        if not self.own:  # the explanations speak to "you": not to another seat's play
            return Phrase.of(f"{key}.other", trick=self.trick, seat=self.seat, card=self.card,
                             cost=self.cost, better=self.better)
        why = dataclasses.replace(self.explanation, cost=None)
        return Phrase.of(key, trick=self.trick, seat=self.seat, card=self.card, cost=self.cost,
                         better=self.better, why=why)

    @property
    def method(self) -> str:
        """``exact`` or ``estimated``."""
        return "exact" if self.exact else "estimated"

    def to_json(self) -> dict[str, Any]:
        """A plain object (cards as text)."""
        return {"number": self.number, "trick": self.trick, "seat": self.seat.name,
                "side": self.side, "card": str(self.card),
                "best": [str(c) for c in self.best], "played_points": self.played_points,
                "best_points": self.best_points, "worst_points": self.worst_points,
                "cost": self.cost, "exact": self.exact, "method": self.method,
                "revoke": self.revoke, "explained": str(self.explained),
                "reason": self.explanation.reason,
                **{lang: self.explanation.get(lang) for lang in LANGUAGES},
                "values": [{"card": str(v.card), "points": v.points} for v in self.values]}


@dataclasses.dataclass(frozen=True)
class TurningPoint:
    """A play that swung the deal: ``side``'s exact points ``before`` and ``after`` it."""

    play: ReviewedPlay
    side: str
    before: int
    after: int

    @property
    def swing(self) -> int:
        """How far the value moved (the mover's cost)."""
        return abs(self.before - self.after)

    def to_json(self) -> dict[str, Any]:
        """The play's fields plus ``value_side``, ``before``, ``after`` and ``swing``."""
        return {**self.play.to_json(), "value_side": self.side, "before": self.before,
                "after": self.after, "swing": self.swing}


@dataclasses.dataclass(frozen=True)
class Review:
    """A seat's plays in one deal, judged with the full deal seen (see the module).

    ``seats`` are the seats whose cards were reviewed (the dealer and the dummy at col
    morto); ``value_side`` is the side whose points the turning points follow (NS, or S
    with two players); ``complete`` is False for a deal still in play. ``declarations``:
    the combinations those seats did not declare in time; ``signals``: their leads with a
    false signal or without the true one (see :mod:`.review_talk`). ``judged_from``: the
    first trick whose cards are judged (after 1 only each for himself, where the plays before
    the exact range are not estimated).
    """

    seat: Seat
    side: str
    seats: tuple[Seat, ...]
    plays: tuple[ReviewedPlay, ...]
    turning_points: tuple[TurningPoint, ...]
    complete: bool
    value_side: str
    declarations: tuple[MissedDeclaration, ...] = ()
    signals: tuple[SignalNote, ...] = ()
    judged_from: int = 1

    @property
    def mistakes(self) -> tuple[ReviewedPlay, ...]:
        """The plays that cost points, in the order they were played (by trick, then within
        a trick: col morto, the dealer's and the dummy's). Each says what it cost."""
        return tuple(sorted((p for p in self.plays if p.cost > 0), key=lambda p: p.number))

    @property
    def costliest(self) -> tuple[ReviewedPlay, ...]:
        """The :attr:`mistakes`, costliest first (exact before estimated, then in order of
        play)."""
        return tuple(sorted(self.mistakes, key=lambda p: (-p.cost, not p.exact, p.number)))

    @property
    def unjudged(self) -> Phrase | None:
        """``Your cards in the first 2 tricks are not judged: ...`` (None when every trick
        is)."""
        if self.judged_from <= 1:
            return None
        return Phrase.of("review.unjudged", n=self.judged_from - 1, first=self.judged_from)

    @property
    def total_cost(self) -> int:
        """The points all the seat's plays gave away (exact and estimated)."""
        return sum(p.cost for p in self.plays)

    def to_json(self) -> dict[str, Any]:
        """A plain object for the command line and the widgets."""
        return {"seat": self.seat.name, "side": self.side,
                "seats": [s.name for s in self.seats], "complete": self.complete,
                "value_side": self.value_side, "judged_from": self.judged_from,
                "total_cost": self.total_cost,
                "exact_plays": sum(1 for p in self.plays if p.exact),
                "estimated_plays": sum(1 for p in self.plays if not p.exact),
                "plays": [p.to_json() for p in self.plays],
                "mistakes": [p.to_json() for p in self.mistakes],
                "turning_points": [t.to_json() for t in self.turning_points],
                "declarations": [d.to_json() for d in self.declarations],
                "signals": [s.to_json() for s in self.signals]}


# -- the review ----------------------------------------------------------------------------
def review(record_or_deal: RecordLike, seat: Seat | str, *, progress: Progress | None = None,
           exact_limit: int | None = None, known: Known | None = None,
           estimate: bool | None = None) -> Review:
    """Review the cards ``seat`` played in a finished or partial deal, with the full deal
    seen (an after-the-deal analysis: see the module docstring).

    ``record_or_deal`` is a :class:`Deal`, a :class:`DealRecord`, a parsed record, JSON
    text or a ``Path``. At col morto the dealer's review covers the dummy's cards too (the
    dealer plays them); the dummy's own seat has nothing to review (``ValueError``). A bad
    record raises :class:`~tressette_learn.engine.records.RecordError`.

    ``progress(done, total)`` is called after each solved position. Plays with at most
    ``exact_limit`` tricks left (:func:`exact_range` by default) are solved exactly; the
    seat's earlier ones are estimated, or left out when ``estimate`` is False (by default
    each for himself, see the module docstring). A record
    may hold a false signal (from a real table): the review lists it. ``known``: exact
    values already searched (:class:`ReviewAhead`), by :func:`position_key`; the positions
    found there are not searched again.
    """
    final, false = _final_deal(record_or_deal)
    me = _check_seat(final, seat)
    return _Reviewer(final, me, exact_limit, progress, false=false, known=known,
                     estimate=estimate).run()


def exact_range(rules: Any) -> int:
    """How many tricks left a review solves exactly by default: :data:`EXACT_LIMIT`, but
    :data:`EACH_FOR_HIMSELF_LIMIT` when each plays for himself."""
    return EACH_FOR_HIMSELF_LIMIT if rules.each_for_himself else EXACT_LIMIT


def position_key(pos: Position) -> str:
    """A position as text, equal for equal positions: the key of ``known`` values."""
    return repr(dataclasses.astuple(pos))


def _exact_at(rules: Any, exact_limit: int, tricks_done: int, stock_left: int) -> bool:
    """Whether a position after ``tricks_done`` tricks, ``stock_left`` cards in the stock,
    is solved exactly by a review with ``exact_limit``."""
    left = rules.tricks_per_deal - tricks_done
    return left <= exact_limit and (not stock_left or left <= STOCK_EXACT_LIMIT)


class ReviewAhead:
    """The exact values a review of the deal will need, searched while the deal is played.

    :meth:`follow` after every card (it copies the deal): a thread of this process values
    each position of the deal so far that the review solves exactly (every seat's card in
    the exact range: the turning points need them all), one position a request to the
    solver service at low priority, oldest first, and keeps them in :attr:`known`, which
    :func:`review` takes. Only with a solver service (without one nothing is searched
    ahead: it would compete with the learner's own kernel). :meth:`pause` before the
    review: nothing more is asked (the one search under way ends), the review solves what
    is missing itself.
    """

    KEEP = 160  # positions kept: four deals of four players

    def __init__(self, exact_limit: int | None = None) -> None:
        self.exact_limit = exact_limit  # None: the deal's exact_range
        self.known: dict[str, list[CardValue]] = {}
        self.searched = 0  # positions this helper had searched (for tests and figures)
        self._cond = threading.Condition()
        self._latest: Deal | None = None
        self._thread: threading.Thread | None = None
        self._walker: Deal | None = None  # the deal replayed so far, from its start
        self._stopped = False  # the service failed: nothing more is asked
        self._paused = self._closed = False
        self._busy = False  # the thread is valuing a deal's positions

    def follow(self, deal: Deal) -> None:
        """Value ``deal``'s positions so far in the background (a copy is taken)."""
        if self._stopped or not has_service():
            return
        with self._cond:
            self._latest = deal.copy()
            self._cond.notify()
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="tressette-review-ahead",
                                                daemon=True)
                self._thread.start()

    def pause(self) -> None:
        """Ask the service nothing more until the next :meth:`follow`."""
        with self._cond:
            self._latest, self._paused = None, True

    def close(self) -> None:
        """End the thread (after the search under way, if any)."""
        with self._cond:
            self._latest, self._paused, self._closed = None, True, True
            self._cond.notify_all()

    def wait(self, timeout: float = 60.0) -> bool:
        """Wait until every position followed so far is valued (tests); False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: self._latest is None and not self._busy,
                                       timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._busy = False
                self._cond.notify_all()
                self._cond.wait_for(lambda: self._latest is not None or self._closed)
                if self._closed:
                    return
                deal, self._latest, self._busy, self._paused = self._latest, None, True, False
            assert deal is not None
            for pos in self._positions(deal):
                if self._paused or self._closed:
                    break
                key = position_key(pos)
                if key in self.known:
                    continue
                try:
                    values = idle_card_values(pos, points_only=True)
                except Exception:  # noqa: BLE001  the review will search it itself
                    values = None
                if values is None:  # no service any more
                    with self._cond:
                        self._stopped, self._busy = True, False
                        self._cond.notify_all()
                    return
                self.known[key] = values
                self.searched += 1
                while len(self.known) > self.KEEP:
                    del self.known[next(iter(self.known))]

    def _positions(self, deal: Deal) -> list[Position]:
        """The positions of ``deal`` so far that a review solves exactly, oldest first,
        and the one now to play; the walker goes on from where it was when the deal is the
        one it follows."""
        walker = self._walker
        if walker is None or walker.rules != deal.rules or \
                any(walker.dealt_hand(s) != deal.dealt_hand(s) for s in deal.seats) or \
                walker.dealt_stock != deal.dealt_stock or walker.dealer != deal.dealer or \
                list(deal.actions[:len(walker.actions)]) != list(walker.actions):
            walker = Deal(deal.rules, deal.dealer, {s: deal.dealt_hand(s) for s in deal.seats},
                          deal.dealt_stock, deal.match_scores)
        out = []
        for action in deal.actions[len(walker.actions):]:
            if isinstance(action, Play):
                out.append(self._position(walker))
            walker.apply(action)
        out.append(self._position(walker))
        self._walker = walker
        return [pos for pos in out if pos is not None]

    def _position(self, deal: Deal) -> Position | None:
        limit = exact_range(deal.rules) if self.exact_limit is None else self.exact_limit
        if deal.is_over() or deal.to_play is None or \
                not _exact_at(deal.rules, limit, len(deal.tricks), len(deal.stock)):
            return None
        return position_from_deal(deal)


def judge_play(deal: Deal, card: Card, *, exact_limit: int | None = None,
               values: Sequence[CardValue] | None = None) -> ReviewedPlay:
    """Judge ``card`` for the seat to play in ``deal`` (the full deal seen), as the review
    would: the best cards, what ``card`` costs and why the best one is good.
    ``values``: every legal card's exact value, when already known (then nothing is solved
    and the compiled solver is not loaded)."""
    seat = deal.to_play
    if seat is None:
        raise ValueError("the deal is over: there is no card to judge")
    reviewer = _Reviewer(deal, deal.controller(seat), exact_limit, None, solve=values is None)
    return reviewer.judge(deal.copy(), len(deal.plays), card, values)


def _final_deal(source: RecordLike) -> tuple[Deal, dict[int, FalseSignal]]:
    if isinstance(source, Deal):
        return source, {}
    return replay_reading_false_signals(load_json(source) if isinstance(source, Path)
                                        else source)


def _check_seat(deal: Deal, seat: Seat | str) -> Seat:
    me = Seat.parse(seat)
    if me not in deal.seats:
        raise SeatError(f"{me} has no place at a {deal.rules.players}-player table "
                        f"(seats {', '.join(map(str, deal.rules.seats))})")
    if deal.controller(me) != me:
        raise ValueError(f"{me} is the dummy: its cards are played by the dealer "
                         f"{deal.controller(me)}, so review {deal.controller(me)}")
    return me


class _Reviewer:
    """One forward walk through the deal's actions, solving before each play."""

    def __init__(self, final: Deal, seat: Seat, exact_limit: int | None,
                 progress: Progress | None, solve: bool = True,
                 false: Mapping[int, FalseSignal] | None = None, known: Known | None = None,
                 estimate: bool | None = None):
        self.final = final
        self.known = known or {}
        self.seat = seat
        self.false = dict(false or {})
        self.progress = progress
        self.exact_limit = exact_range(final.rules) if exact_limit is None else exact_limit
        self.estimate = not final.rules.each_for_himself if estimate is None else estimate
        self.fast = solve and _core_available()
        if not self.fast:
            self.exact_limit = min(self.exact_limit, REFERENCE_LIMIT)
        self.club = RulesPlayer()
        rules = final.rules
        self.points_total = rules.deal_points  # both sides' points always add up to it
        self.first = final.sides[0]

    def fresh(self) -> Deal:
        final = self.final
        return Deal(final.rules, final.dealer,
                    {s: final.dealt_hand(s) for s in final.seats}, final.dealt_stock,
                    final.match_scores)

    def exact_here(self, deal: Deal) -> bool:
        """Whether the position of ``deal`` is solved exactly."""
        return self.exact_at(len(deal.tricks), len(deal.stock))

    def exact_at(self, tricks_done: int, stock_left: int) -> bool:
        """Whether a position after ``tricks_done`` tricks, ``stock_left`` cards in the
        stock, is solved exactly."""
        return _exact_at(self.final.rules, self.exact_limit, tricks_done, stock_left)

    def mine(self, seat: Seat) -> bool:
        return self.final.controller(seat) == self.seat

    def run(self) -> Review:
        final = self.final
        size = final.trick_size
        stock = len(final.dealt_stock)
        # which plays to solve (and how many), from the record alone: every play in the
        # exact range, and the seat's own plays before it when they are estimated
        exact = [self.exact_at(n // size, max(0, stock - 2 * (n // size)))
                 for n in range(len(final.plays))]
        todo = [here or (self.estimate and self.mine(play.seat))
                for here, play in zip(exact, final.plays, strict=True)]
        total = sum(todo)
        done = 0
        judged: list[ReviewedPlay] = []
        signals: list[SignalNote] = []
        walker = self.fresh()
        number = 0
        known: dict[int, list[CardValue]] = {}
        for i, action in enumerate(final.actions):  # one forward replay
            if isinstance(action, Play):
                if todo[number]:
                    if self.fast and number not in known and self.exact_here(walker):
                        known = self.solve_trick(walker, final.actions[i:], number, todo)
                    judged.append(self.judge(walker, number, action.card,
                                             known.pop(number, None)))
                    done += 1
                    if self.progress is not None:
                        self.progress(done, total)
                note = self.signal_note(walker, action.card, action.signal)
                if note is not None:
                    signals.append(note)
                number += 1
            walker.apply(action)
        mine = tuple(p for p in judged if self.mine(p.seat))
        seats = tuple(s for s in final.seats if self.mine(s))
        judged_from = 1 if self.estimate else \
            next((n // size + 1 for n, here in enumerate(exact) if here),
                 final.rules.tricks_per_deal - self.exact_limit + 1)
        return Review(self.seat, final.side_of(self.seat), seats, mine,
                      self.turning_points(judged), final.is_over(), self.first,
                      missed_declarations(final, seats), tuple(signals), judged_from)

    def solve_trick(self, deal: Deal, actions: Sequence[Action], number: int,
                    todo: Sequence[bool]) -> dict[int, list[CardValue]]:
        """The exact values of the plays to judge from play ``number`` (next in ``deal``,
        whose ``actions`` follow) to the end of its trick, in one call: the solver searches
        them in turn on one table, each reusing what the others stored."""
        twin, trick, positions = deal.copy(), len(deal.tricks), {}
        for action in actions:
            if isinstance(action, Play):
                if len(twin.tricks) != trick or twin.is_over():
                    break
                if todo[number] and self.exact_here(twin):
                    positions[number] = position_from_deal(twin)
                number += 1
            twin.apply(action)
        out = {n: list(v) for n, pos in positions.items()
               if (v := self.known.get(position_key(pos))) is not None}
        missing = {n: pos for n, pos in positions.items() if n not in out}
        if missing:
            values = card_values_many(list(missing.values()), points_only=True)
            out.update(zip(missing, values, strict=True))
        return out

    def signal_note(self, deal: Deal, card: Card, signal: str | None) -> SignalNote | None:
        """The line for a lead by a reviewed seat with a false signal, or without a signal
        where the partner is another player (not the dealer's own dummy)."""
        seat = deal.to_play
        if seat is None or deal.current or not self.mine(seat) or not deal.rules.signals:
            return None
        false = self.false.get(len(deal.plays))
        if false is None and (signal is not None or self.mine(seat.partner)):
            return None
        return signal_note(deal, card, self.club, false)

    def judge(self, deal: Deal, number: int, card: Card,
              known: Sequence[CardValue] | None = None) -> ReviewedPlay:
        """Value every legal card of the seat to play in ``deal`` (unless ``known``), which
        then plays ``card``."""
        seat = deal.to_play
        assert seat is not None
        rules = deal.rules
        exact = known is not None or self.exact_here(deal)
        if known is not None:
            values = list(known)
        else:
            values = self.exact_values(deal) if exact else self.estimated_values(deal)
        points = {v.card: v.points for v in values}
        best_points = rules.best(points.values())
        worst_points = rules.worst(points.values())
        best = Hand.from_mask(sum(c.bit for c, p in points.items() if p == best_points))
        revoke = card not in points
        played = self.revoke_points() if revoke else points[card]
        cost = rules.sign * (best_points - played)
        view = deal.view(seat)
        explained = card if card in best else self.best_to_explain(deal, best)
        why = explain(view, explained, best_points=best_points, worst_points=worst_points,
                      deal=deal, played=card, as_good=tuple(best),
                      basis="exact" if exact else "estimate")
        if why.reason in SOLVER_TOLD:
            why = self.solver_reason(deal, why, explained, card, exact and not revoke)
        return ReviewedPlay(number, len(deal.tricks) + 1, seat, deal.side_of(seat), card,
                            tuple(best), played, best_points, worst_points, cost, exact,
                            explained, why, tuple(values), revoke, self.mine(seat),
                            rules.a_perdere)

    def solver_reason(self, deal: Deal, why: Explanation, explained: Card, card: Card,
                      exact: bool) -> Explanation:
        """``why`` gives no reason (:data:`SOLVER_TOLD`): an exact play adds at which trick
        the solver's lines after ``explained`` and after ``card`` part; an estimated
        ``best_line`` says it was played on by the club player first. *A perdere* a card
        said only to take the trick (:data:`.solver_line.TAKES_TRICK`) gets the reason the
        lines show (:func:`.solver_line.take_now`), else the lines alone."""
        parted = None
        if exact and card != explained and self.fast:
            parted = parting(deal, explained, card)
        if deal.rules.a_perdere and why.phrase.key in TAKES_TRICK:
            why = _taken_now(deal, why, explained, card, parted)
        if parted is not None:
            told = contrasted(deal, explained, card, parted)
            if why.reason != "best_line":  # "the Ace beats the Four." and the lines
                told = Phrase.of("explain.fact_then_line", fact=why.phrase, line=told)
            return dataclasses.replace(why, phrase=told)
        if exact or why.reason != "best_line":
            return why
        key = "explain.best_line.estimate" + (".perdere" if deal.rules.a_perdere else "")
        return dataclasses.replace(why, phrase=Phrase.of(key, card=explained))

    def revoke_points(self) -> int:
        """What a revoke leaves the offenders: nothing, or every point *a perdere*."""
        return self.final.rules.offenders_points

    def best_to_explain(self, deal: Deal, best: Hand) -> Card:
        """Among the best cards, the club player's choice, else the cheapest card."""
        seat = deal.to_play
        assert seat is not None
        advised = self.club.choose(deal.view(seat)).card
        if advised in best:
            return advised
        return min(best, key=lambda c: (c.thirds, c.rank))

    # -- values ---------------------------------------------------------------------------
    def exact_values(self, deal: Deal) -> list[CardValue]:
        """Each legal card's exact value (the full deal seen)."""
        return self.solve_cards(position_from_deal(deal))

    def solve_cards(self, pos: Position) -> list[CardValue]:
        if self.fast:
            values = card_values(pos, points_only=True, block=True)
            assert values is not None
            return values
        return [dataclasses.replace(v, thirds=None) for v in reference_card_values(pos)]

    def first_side_future(self, pos: Position) -> int:
        """The first side's exact thirds from ``pos`` to the end."""
        if pos.to_play < 0 or pos.tricks_left == 0:
            return 0
        if self.fast:
            value = position_value(pos, block=True)
            assert value is not None
            return value
        return reference_position_value(pos)

    def estimated_values(self, deal: Deal) -> list[CardValue]:
        """Each legal card played on the real deal, the club player for every seat until
        the position is in the exact range, then solved exactly."""
        seat = deal.to_play
        assert seat is not None
        side = deal.side_of(seat)
        out = []
        for card in deal.legal_cards():
            twin = deal.copy()
            twin.play(card)
            while not twin.is_over() and not self.exact_here(twin):
                turn = twin.to_play
                assert turn is not None
                decision = self.club.choose(twin.view(turn))
                twin.play(decision.card, decision.signal)
            thirds = self.side_thirds(twin, side)
            out.append(CardValue(card, None, thirds // 3))
        return out

    def side_thirds(self, deal: Deal, side: str) -> int:
        """``side``'s thirds at the end of ``deal`` played on perfectly from here."""
        if deal.is_over():
            return deal.result().sides[side].thirds
        pos = position_from_deal(deal)
        total = pos.captured[0] + pos.captured[1] + future_thirds(pos)
        first = pos.captured[0] + self.first_side_future(pos)
        return first if side == self.first else total - first

    # -- turning points --------------------------------------------------------------------
    def turning_points(self, judged: list[ReviewedPlay]) -> tuple[TurningPoint, ...]:
        revokes = [n for n, play in enumerate(self.final.plays) if play.revoke]
        decided = revokes[0] if revokes else len(self.final.plays)  # the penalty fixes it
        costly = sorted((p for p in judged if p.exact and p.cost > 0 and p.number <= decided),
                        key=lambda p: (-p.cost, p.number))
        return tuple(TurningPoint(p, self.first, self.for_first(p, p.best_points),
                                  self.for_first(p, p.played_points))
                     for p in sorted(costly[:TURNING_POINTS], key=lambda p: p.number))

    def for_first(self, play: ReviewedPlay, points: int) -> int:
        """The mover's side's points as the first side's points."""
        return points if play.side == self.first else self.points_total - points


def _taken_now(deal: Deal, why: Explanation, card: Card, played: Card,
               parted: Parted | None) -> Explanation:
    """*A perdere*, ``why`` says only that ``card`` takes the trick: the reason taking it
    beats ``played`` (:func:`.solver_line.take_now`), else ``best_line``."""
    fact = None if parted is None else take_now(deal, card, played, parted)
    if fact is not None:
        return dataclasses.replace(why, phrase=fact)
    return dataclasses.replace(why, reason="best_line",
                               phrase=Phrase.of("explain.best_line.perdere", card=card))


def _core_available() -> bool:
    """Whether the compiled solver core can be used (waiting for it to compile or load)."""
    try:
        warm_up(background=False)
    except RuntimeError:
        return False
    return True
