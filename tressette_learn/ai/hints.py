"""Hints: the recommended card for a seat, what each legal card is worth, how sure, and why.

A hint sees only the seat's view. It solves deals that fit what the seat has seen — every
legal card on each deal, played out to the end with every card seen — and compares the
cards' averages (:mod:`.comparison`); :mod:`.hint_search` chooses the deals and spends the
budget of work, with the compiled batched solver (:mod:`.solve.batched`).

- **Exact**: every card solved on every fitting deal (listed without an unknown stock
  order, each once, weighted uniformly as the sampler weights them). The averages are the
  cards' exact expected values; equal averages are equal cards. Always so in the last three
  tricks, mostly in the fourth from the end (``benchmarks/hints.py``).
- **Estimated**: otherwise, deals drawn at random (or part of the list) until the best card
  is clearly better than each other card at 95% confidence (one-sided, paired over the same
  deals) or surely within a fiftieth of a point of it, or until the budget is spent. The
  cards within the uncertainty of the best are *equal*: the hint says so and names them.
- **Quick** (the first two tricks with three or four hands, not a perdere): each deal is
  searched only two tricks deep and the rest of it played out by a quick rule in the core
  (:mod:`.hint_search`, ``EARLY_HORIZON``), so hundreds of deals fit where one solved to the
  end could take seconds. The values estimate the cards' worth; the hint says how they were
  found (``basis`` ends in ``.quick``, :attr:`Hint.searched_to`) and never calls them
  solved to the end. Its closest cards are searched a trick deeper
  (``hint_search.DEEPER_MARGIN``) and high cards corrected (:mod:`.early_bias`); against the
  stored exact reference of the first two tricks (``benchmarks/hints.py``, the early region)
  it agrees on about 370 of 400 positions (92.5%; ``docs/hints-early.md``).
- **Not separated**: on fewer than ``MIN_DEALS`` deals nothing can be told apart at that
  confidence (:mod:`.comparison`): the hint says so plainly, recommends the club player's
  card with the club player's reason, and shows no values (a handful of deals is noise).
  Early in a deal solved to the end (a perdere, or the third trick) one deal can take the
  compiled solver seconds: the search gives up as soon as it sees that it cannot reach
  ``MIN_DEALS`` (``hint_search.EARLY_MS``). Early in a deal and solved to the end
  (:data:`EARLY_CLUB`), on enough deals, another card than the club player's is recommended
  only when it is clearly better than the club card (95%, paired): otherwise the hint says
  that no card did clearly better than the club player's (``unseparated.close``) and gives
  the club card and reason, values not shown. Quick hints (the first two tricks) do not:
  their closest cards are searched a trick deeper instead (``hint_search.DEEPER_MARGIN``),
  and without the rule they agree with the exact reference more often
  (``docs/hints-early.md``).

- **Each for himself** (the Traversone) the solver is paranoid: on each deal the seat plays
  against the three others together. Played out against three club players, the hints' cards
  did worse than the club player's (-0.67 points a deal, standard error 0.25, 60 deals at
  each seat, ``benchmarks/strength_alone.py --level hint``): on deals drawn at random the
  others' perfect play together is a poor model of real opponents. Only an exact hint (every
  fitting deal solved) recommends the solver's card there; otherwise the hint gives the club
  player's card and reason and says why (``unseparated.alone``). So the hints' cards gain
  0.17 points a deal on the club player's (standard error 0.07, 200 deals).

Whatever the basis, the recommended card is never below another card in the values shown:
with values it is the best by average (among exact ties, the club player's card if it is
one, else the cheapest) of the cards still compared: a card dropped as far behind on the
first deals (:meth:`.comparison.Comparison.far_behind`) is never recommended nor shown above
it.

The budget is work, not wall-clock time: the same view and seed always give the same hint.

Before the compiled solver is loaded (a fresh kernel, ``block=False``), the hint falls back:
within :data:`FALLBACK_TRICKS` tricks of the end, when at most :data:`FALLBACK_DEALS` deals
fit, it solves every one of them with the pure-Python reference (an exact answer); otherwise
it is not separated.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from ..engine.cards import Card
from ..engine.tricks import Signal
from ..engine.views import PlayerView
from ..i18n import LANGUAGES, Phrase
from .comparison import CONFIDENCE, MIN_DEALS, Comparison
from .early_bias import early_bias
from .explain import Explanation, explain
from .heuristic import Reading, advice_for, choose_signal
from .hint_search import BUDGET_MS, SOLVE_TRICKS, Search
from .inference import DealSampler, InferenceError, Sample, knowledge_from_view
from .pimc import Estimate, prefer
from .players import Decision
from .solve import REFERENCE_LIMIT, batch_ready, card_values, position_from_view, warm_up_batch
from .solve import warm_up as solve_warm_up

FALLBACK_DEALS = 6  # deals solved by the reference before the compiled core is loaded
# ... within this many tricks of the end: in the static site's Pyodide six deals of five
# tricks take 0.19 s (median), 0.59 s at most (benchmarks/lite_hints.py)
FALLBACK_TRICKS = REFERENCE_LIMIT
EARLY_CLUB = True  # early, solved to the end: another card must be clearly better than the club's


@dataclasses.dataclass(frozen=True)
class Hint:
    """A recommended card (and signal), every legal card's value averaged over the deals
    that fit the view, which cards are about as good as the best, and the reason
    (:meth:`Explanation.get` words it).

    ``exact``: the values are over every fitting deal. ``deals``: how many were solved (or
    played out), of ``possible``. ``equal``: the cards within the uncertainty of the best
    (exactly equal when exact), the recommended one among them. ``margins``: per card, how
    much its average could be off relative to the recommended card's (``t * SE``; 0 when
    exact). ``separated``: the deals were enough to compare the cards at the stated
    confidence (every fitting deal, or at least ``MIN_DEALS``); when not, the card is the
    club player's, ``values`` are not worth showing and ``equal`` holds every legal card.
    ``deeper``: early, the cards close to the best, searched one trick beyond
    :attr:`searched_to` on the first ``deeper_deals`` of the deals (their values come from
    that: ``hint_search.Search._with_deeper``).
    """

    card: Card
    signal: Signal | None
    values: tuple[Estimate, ...]
    exact: bool
    deals: int
    possible: int
    explanation: Explanation
    equal: tuple[Card, ...] = ()
    confidence: float = 1.0
    separated: bool = True
    margins: tuple[float, ...] = ()
    close: bool = False
    searched_to: int = 0
    deeper: tuple[Card, ...] = ()
    deeper_deals: int = 0
    marked_down: tuple[Card, ...] = ()
    leading: bool = False  # the seat leads the trick
    alone: bool = False  # each for himself, not every fitting deal solved: the club card

    @property
    def quick(self) -> bool:
        """Whether each deal was searched only to the end of trick :attr:`searched_to` and
        the rest of it played out by a quick rule (early in a deal): the values are then
        estimates of estimates, never "solved to the end"."""
        return self.searched_to > 0

    @property
    def method(self) -> str:
        """``exact`` or ``estimated``."""
        return "exact" if self.exact else "estimated"

    @property
    def basis(self) -> str:
        """How the values were found, as the last part of a wording's key: ``exact.one``
        (the only deal that fits), ``exact``, ``estimated`` (deals drawn at random, solved)
        ``unseparated`` (too few deals solved to tell the cards apart),
        ``unseparated.close`` (early in a deal, enough deals but no card clearly better than
        the club player's), ``unseparated.alone`` (each for himself, not every fitting deal
        solved) or ``unseparated.none`` (no deal solved); the first three end in
        ``.quick`` when the deals were searched only to the end of trick
        :attr:`searched_to` and played out by a quick rule after (:attr:`quick`)."""
        if self.exact:
            return "exact.one" if self.deals == 1 else "exact"
        if self.alone:
            return "unseparated.alone"
        if not self.deals:
            return "unseparated.none"
        if self.separated:
            basis = "estimated"
        else:
            basis = "unseparated.close" if self.close else "unseparated"
        return f"{basis}.quick" if self.quick else basis

    @property
    def marked_down_follows(self) -> bool:
        """Whether :attr:`marked_down` are follows (else leads)."""
        return not self.leading

    @property
    def advice(self) -> Phrase:
        """``Play the Ace of swords.``, on a lead ``Lead the Ace of swords.``, with the
        signal to make: ``Lead the Ace of swords with a busso.``"""
        if self.signal is not None:
            return Phrase.of(f"coach.lead.{self.signal}", card=self.card)
        return Phrase.of("coach.lead" if self.leading else "coach.play", card=self.card)

    @property
    def deeper_note(self) -> Phrase | None:
        """What the deeper search did (:attr:`deeper`), or None when there was none."""
        if not self.deeper:
            return None
        if self.deeper_deals >= self.deals:
            return Phrase.of("coach.deeper", cards=self.deeper, last=self.searched_to + 1)
        return Phrase.of("coach.deeper.some", cards=self.deeper, last=self.searched_to + 1,
                         deeper=self.deeper_deals)

    @property
    def notes(self) -> tuple[Phrase, ...]:
        """What the method line adds: the deeper search (:meth:`deeper_note`) and the
        cards whose quick values were lowered (:attr:`marked_down`, :mod:`.early_bias`)."""
        deeper = self.deeper_note
        key = "coach.follow_bias" if self.marked_down_follows else "coach.lead_bias"
        lowered = Phrase.of(key, cards=self.marked_down) \
            if self.marked_down and self.shown else None
        return tuple(note for note in (deeper, lowered) if note is not None)

    @property
    def forced(self) -> bool:
        """Whether the card is the only legal one."""
        return len(self.equal) == 1 and len(self.values) <= 1

    @property
    def shown(self) -> tuple[Estimate, ...]:
        """The values worth showing a learner: none when the cards were not separated (or
        the card is forced); the recommended card is never below another one of them, and
        comes first of the cards with its very value."""
        if not self.separated or len(self.values) < 2:
            return ()
        mine = next(i for i, e in enumerate(self.values) if e.card == self.card)
        tie = (self.values[mine].points, self.values[mine].thirds)
        first = next(i for i, e in enumerate(self.values) if (e.points, e.thirds) == tie)
        rest = self.values[:mine] + self.values[mine + 1:]
        return rest[:first] + (self.values[mine],) + rest[first:]

    @property
    def percent(self) -> int:
        """The confidence in percent (95)."""
        return round(100 * self.confidence)

    def to_json(self) -> dict[str, Any]:
        """A plain object for the command line and the widgets."""
        margins = self.margins or (0.0,) * len(self.values)
        return {"card": str(self.card), "signal": self.signal, "method": self.method,
                "deals": self.deals, "possible_deals": self.possible,
                "confidence": self.confidence, "equal_cards": [str(c) for c in self.equal],
                "evaluation": ("quick" if self.quick else "solved") if self.deals else "none",
                "searched_to_trick": self.searched_to or None, "separated": self.separated,
                "searched_deeper": [str(c) for c in self.deeper],
                "searched_deeper_deals": self.deeper_deals,
                "marked_down": [str(c) for c in self.marked_down],
                "values": [{"card": str(e.card), "points": round(e.points, 2),
                            "thirds": round(e.thirds, 2), "margin": _rounded(m)}
                           for e, m in zip(self.values, margins, strict=True)],
                "reason": self.explanation.reason,
                **{lang: self.explanation.get(lang) for lang in LANGUAGES}}


def _rounded(margin: float) -> float | None:
    return None if margin == float("inf") else round(margin, 2)


def warm_up(background: bool = True) -> None:
    """Load the compiled solvers a hint uses (in a thread by default)."""
    solve_warm_up(background=True)
    warm_up_batch(background=background)


def hint(view: PlayerView, *, seed: int = 0, block: bool = False,
         budget_ms: float = BUDGET_MS) -> Hint:
    """The hint for the seat to play in ``view`` (it must be that seat's turn, else
    ``ValueError``; a view no deal fits raises :class:`InferenceError`, a ``ValueError`` too).

    ``block``: wait for the compiled solver to load if it is not ready (else fall back at
    once). ``budget_ms``: the work allowed (see the module's docstring).
    """
    if view.to_play != view.seat or not view.legal:
        raise ValueError(f"it is not {view.seat}'s turn to play")
    if not budget_ms > 0:
        raise ValueError(f"budget_ms must be positive, not {budget_ms!r}")
    rng = random.Random(seed)
    sampler = DealSampler(knowledge_from_view(view))
    if not sampler.count:
        raise InferenceError(f"{view.seat}: no deal fits the public history")
    if _compiled(block):
        verdict = _searched(view, sampler, rng, budget_ms)
    else:
        verdict = _fallback(view, sampler, rng)
    return _make_hint(view, verdict)


def _compiled(block: bool) -> bool:
    """Whether the batched solver can be used now (waiting for it if ``block``)."""
    if batch_ready():
        return True
    warm_up_batch(background=True)
    if not block:
        return False
    try:
        warm_up_batch(background=False)
    except RuntimeError:
        return False
    return True


@dataclasses.dataclass(frozen=True)
class _Verdict:
    """What the deals showed: the comparison (``None``: no deal solved), the deals
    possible and the tricks searched before the quick play-out (0: to the end)."""

    comparison: Comparison | None
    possible: int
    horizon: int = 0
    deeper: tuple[Card, ...] = ()
    deeper_deals: int = 0


def _searched(view: PlayerView, sampler: DealSampler, rng: random.Random,
              budget_ms: float) -> _Verdict:
    """The batched solver's verdict (no comparison when it solved no deal)."""
    found = Search(view, sampler, rng, budget_ms).run()
    if found is None:
        return _Verdict(None, sampler.count)
    return _Verdict(found.comparison, found.possible, found.horizon, found.deeper,
                    found.deeper_deals)


def _fallback(view: PlayerView, sampler: DealSampler, rng: random.Random) -> _Verdict:
    """Without the compiled solver: every fitting deal by the reference solver when there
    are few, near the end; else no deal (a few drawn ones could not separate the cards)."""
    left = view.rules.tricks_per_deal - len(view.tricks)
    every = left <= FALLBACK_TRICKS and not sampler.knowledge.stock_size \
        and sampler.count <= FALLBACK_DEALS
    if not every:
        return _Verdict(None, sampler.count)
    cards = tuple(sorted(view.legal))
    rows = [_reference_row(view, deal, cards) for deal in sampler.deals()]
    return _Verdict(Comparison(cards, rows, exact=True, rules=view.rules),
                    len(rows))


def _reference_row(view: PlayerView, deal: Sample, cards: tuple[Card, ...]) -> list[int]:
    """Each card's points on one deal, solved exactly (compiled if loaded, else the
    pure-Python reference)."""
    values = card_values(position_from_view(view, deal.hands, deal.stock), points_only=True,
                         block=False)
    if values is None:
        raise RuntimeError("no exact solver for this position")
    points = {v.card: v.points for v in values}
    return [points[card] for card in cards]


def _make_hint(view: PlayerView, verdict: _Verdict) -> Hint:
    comparison = verdict.comparison
    k = Reading.of(view)  # read once: the club card, its signal and the reason use it
    club = advice_for(k).card
    forced = len(view.legal) == 1  # nothing to separate
    if comparison is None and forced:
        return Hint(club, _signal(k, club), (), False, 0, verdict.possible,
                    explain(view, club, reading=k), (club,), CONFIDENCE, separated=False,
                    leading=not k.trick)
    if comparison is None or not (comparison.exact or comparison.deals >= MIN_DEALS
                                  or forced):
        return _unseparated(k, verdict, club)
    if view.rules.each_for_himself and not comparison.exact and not forced:
        return _unseparated(k, verdict, club, alone=True)
    if EARLY_CLUB and _early(view) and not verdict.horizon and not comparison.exact \
            and club != comparison.best() \
            and not any(comparison.clearly_better(c, club) for c in comparison.cards):
        return _unseparated(k, verdict, club, close=True)
    searched_to = _searched_to(view, verdict)
    values = comparison.estimates()
    top = next(e for e in values if e.card == comparison.best()).key(view.rules)
    card = prefer(view, [e.card for e in values if e.card not in comparison.dropped
                         and _same(e.key(view.rules), top)], club)
    equal = comparison.equal()
    margins = tuple(0.0 if e.card == card else comparison.lead(card, e.card)[1]
                    for e in values)
    mine = next(e.points for e in values if e.card == card)
    cost = comparison.cost(card)
    why = explain(view, card, best_points=None if cost is None else mine,
                  worst_points=None if cost is None else mine - cost,
                  basis="average" if comparison.exact else "sampled", equal=equal, reading=k)
    if searched_to and why.reason == "best_line":  # not "played out to the end"
        last = searched_to + (card in verdict.deeper)
        why = dataclasses.replace(why, phrase=Phrase.of("explain.best_line.quick", card=card,
                                                        last=last))
    return Hint(card, _signal(k, card), tuple(values), comparison.exact,
                comparison.deals, verdict.possible, why, equal,
                1.0 if comparison.exact else CONFIDENCE, True, margins,
                searched_to=searched_to, deeper=verdict.deeper,
                deeper_deals=verdict.deeper_deals, marked_down=_marked_down(view, verdict),
                leading=not view.current_trick)


def exact_hint_decision(view: PlayerView, seed: int) -> Decision | None:
    """The hint's card and signal when the hint is exact, else None: how the search levels
    play each for himself (:mod:`.pimc`)."""
    advice = hint(view, seed=seed, block=True)
    return Decision(advice.card, advice.signal) if advice.exact else None


def _marked_down(view: PlayerView, verdict: _Verdict) -> tuple[Card, ...]:
    """The legal cards whose quick values were lowered (:mod:`.early_bias`)."""
    if not verdict.horizon:
        return ()
    cards = sorted(view.legal)
    return tuple(c for c, b in zip(cards, early_bias(view, cards, verdict.horizon),
                                   strict=True) if b)


def _searched_to(view: PlayerView, verdict: _Verdict) -> int:
    """The trick to whose end the deals were searched before the quick play-out (0: they
    were solved to the end)."""
    return len(view.tricks) + verdict.horizon if verdict.horizon else 0


def _early(view: PlayerView) -> bool:
    """Whether the search is an early one (:data:`.hint_search.SOLVE_TRICKS`)."""
    return view.rules.players > 2 and \
        view.rules.tricks_per_deal - len(view.tricks) > SOLVE_TRICKS


def _unseparated(k: Reading, verdict: _Verdict, club: Card, close: bool = False,
                 alone: bool = False) -> Hint:
    """The club player's card and reason: too few deals to tell the cards apart, or
    (``close``, early in a deal) enough deals but none showed a card clearly better than
    the club player's. The deals' averages (if any) are kept for the record but not shown
    (:attr:`Hint.shown`); with ``close`` the margins are each card's against the club
    card's (none of them ahead by more), else infinite. ``alone``: each for himself, where
    the deals' averages are not used unless every fitting deal was solved (see the module)."""
    comparison = verdict.comparison
    values = tuple(comparison.estimates()) if comparison is not None else ()
    legal = tuple(sorted(k.view.legal))
    searched_to = _searched_to(k.view, verdict) if comparison is not None else 0
    key = "coach.club_card.alone" if alone else \
        "coach.club_card.close" if close else "coach.club_card"
    quick = ".quick" if searched_to and not alone else ""
    why = dataclasses.replace(explain(k.view, club, reading=k), equal=Phrase.of(key + quick))
    margins = tuple(comparison.lead(e.card, club)[1] if close and comparison is not None
                    else float("inf") for e in values)
    return Hint(club, _signal(k, club), values, False,
                comparison.deals if comparison is not None else 0, verdict.possible,
                why, legal, CONFIDENCE, False, margins, close, searched_to,
                deeper=verdict.deeper if comparison is not None else (),
                deeper_deals=verdict.deeper_deals if comparison is not None else 0,
                leading=not k.trick, alone=alone)


def _same(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) < 1e-9 and abs(a[1] - b[1]) < 1e-9


def _signal(k: Reading, card: Card) -> Signal | None:
    """The true signal to make with ``card`` on a lead (busso first; the review prices a
    lead without it), none on the last trick or to one's own dummy (col morto): there it
    tells nobody anything."""
    view = k.view
    if view.current_trick or not view.rules.signals or len(view.hand) == 1:
        return None
    if view.dummy is not None and view.dummy in (view.seat, view.seat.partner):
        return None
    return choose_signal(k, card.index)
