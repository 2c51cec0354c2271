"""Hints: the recommended card for a seat, what each legal card is worth, how sure, and why.

A hint sees only the seat's view. It solves deals that fit what the seat has seen — every
legal card on each deal, played out to the end with every card seen — and compares the
cards' averages (:mod:`.comparison`). The compiled batched solver (:mod:`.solve.batched`) solves
many deals in one call.

- **Exact**: when there is no unknown stock order and every fitting deal can be solved
  within the budget (their number is known in advance: ``DealSampler.count``; within
  :data:`EXACT_TRICKS` tricks of the end the budget for this is :data:`EXACT_MS`), all of
  them are enumerated (:mod:`.deal_table`), weighted as the sampler weights them
  (uniformly), and solved. The averages are then the cards' exact expected values; equal
  averages are equal cards. If the enumeration takes longer than planned it stops, and the
  deals solved (in a random order) make an estimate.
- **Estimated**: otherwise deals are drawn uniformly at random and solved in growing
  batches until the best card is clearly better than each other card at 95% confidence
  (one-sided, paired over the same deals) or surely within a fiftieth of a point of it,
  or until the budget is spent; a card far behind the best is no longer solved, so the
  work goes to the cards still in the race. The cards within the uncertainty of the best
  are *equal*: the hint says so and recommends one of them (the club player's card if it
  is one, else the cheapest), and states what another card could cost only for cards
  clearly worse.

The budget is search work, not wall-clock time, so the same view and seed always give the
same hint: :data:`NODES_PER_MS` search nodes and :data:`DEAL_MS` per deal count as a
millisecond's work on the machine the figures were measured on (``benchmarks/hints.py``).
A first deal may use up to :data:`FIRST_DEAL_MS` (early in a deal one deal costs more than
the whole budget; not for a forced card); then nothing is clear and the hint says every
card is about as good. If no deal is solved, club players play each card out on one deal
instead; and with two players, while more than :data:`STOCK_TRICKS` tricks and a stock
remain (a deal that deep can take seconds), club players play each card out on a few deals.

Before the compiled solver is loaded (a fresh kernel, ``block=False``), the hint falls back:
within :data:`REFERENCE_LIMIT` tricks of the end it solves a few deals with the pure-Python
reference (all of them, an exact answer, when there are at most :data:`FALLBACK_DEALS`),
earlier club players play each card out on a few deals (an estimate).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..engine.cards import Card
from ..engine.tricks import Signal
from ..engine.views import PlayerView
from .arena import play_deal
from .comparison import CONFIDENCE, Comparison
from .deal_table import deal_table
from .explain import Explanation, explain
from .heuristic import Reading, RulesPlayer, choose_signal
from .inference import (
    DealSampler,
    InferenceError,
    Sample,
    knowledge_from_view,
    sample_to_deal,
)
from .pimc import Estimate, prefer
from .solve import (
    REFERENCE_LIMIT,
    RowSolver,
    Solved,
    batch_ready,
    card_values,
    position_from_view,
    warm_up_batch,
)
from .solve import warm_up as solve_warm_up

BUDGET_MS = 100  # the work a hint may do, in milliseconds of the reference machine
FIRST_DEAL_MS = 450  # ... except for its first deal
EXACT_TRICKS = 4  # within this many tricks of the end, every fitting deal may be solved
EXACT_MS = 500  # ... when that should take at most this much work (else within the budget)
EXACT_SLACK = 1.15  # an enumeration may run over its plan by this factor before it stops
STOCK_TRICKS = 14  # with a stock, deals are solved within this many tricks of the end
NODES_PER_MS = 16_000  # search nodes in a millisecond (processor time, quiet machine)
SEARCH_MS = 0.0005  # setting up one search (a few per card of a deal)
DEAL_MS = 0.02  # drawing a deal at random and packing it
TABLE_DEAL_MS = 0.002  # listing a deal in a table of every fitting deal
# a deal's work (nodes, with its searches' set-up as nodes; about the 75th percentile), by
# the cards still held
WORK_BY_CARDS = ((4, 40), (8, 60), (12, 120), (16, 190), (20, 2_000), (24, 10_000),
                 (28, 40_000), (32, 200_000), (36, 800_000), (40, 3_000_000))
FALLBACK_DEALS = 6  # deals solved by the reference before the compiled core is loaded
ROLLOUT_DEALS = 3  # deals on which club players play each card out, earlier
TIMED_OUT_ROLLOUTS = 1  # ... and when not one deal could be solved within FIRST_DEAL_MS


@dataclasses.dataclass(frozen=True)
class Hint:
    """A recommended card (and signal), every legal card's value averaged over the deals
    that fit the view, which cards are about as good as the best, and the reason
    (:meth:`Explanation.get` words it).

    ``exact``: the values are over every fitting deal. ``deals``: how many were solved (or
    played out), of ``possible``. ``equal``: the cards within the uncertainty of the best
    (exactly equal when exact), the recommended one among them. ``margins``: per card, how
    much its average could be off relative to the recommended card's (``t * SE``; 0 when
    exact). ``solved``: each deal solved exactly (False: played out by club players).
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
    solved: bool = True
    margins: tuple[float, ...] = ()

    @property
    def method(self) -> str:
        """``exact`` or ``estimated``."""
        return "exact" if self.exact else "estimated"

    @property
    def basis(self) -> str:
        """How the values were found, as the last part of a wording's key: ``exact.one``
        (the only deal that fits), ``exact``, ``estimated`` (deals drawn at random, solved)
        or ``played_out`` (by club players)."""
        if self.exact:
            return "exact.one" if self.deals == 1 else "exact"
        return "estimated" if self.solved else "played_out"

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
                "evaluation": "solved" if self.solved else "played_out",
                "values": [{"card": str(e.card), "points": round(e.points, 2),
                            "thirds": round(e.thirds, 2), "margin": _rounded(m)}
                           for e, m in zip(self.values, margins, strict=True)],
                "reason": self.explanation.reason,
                "en": self.explanation.get("en"), "it": self.explanation.get("it")}


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
        verdict = _Search(view, sampler, rng, budget_ms).run()
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
    """What the deals showed: the comparison, the deals possible, solved or played out."""

    comparison: Comparison
    possible: int
    solved: bool = True


class _Search:
    """One hint's search with the batched solver, within its budget of work."""

    def __init__(self, view: PlayerView, sampler: DealSampler, rng: random.Random,
                 budget_ms: float):
        self.view = view
        self.sampler = sampler
        self.rng = rng
        self.budget = budget_ms
        self.solver = RowSolver(view)
        self.spent = 0.0  # ms of work so far
        self.blocks: list[np.ndarray] = []  # points per deal and card (NaN: not solved)
        self.solved = 0  # deals solved
        self.dropped: tuple[Card, ...] = ()  # cards far behind, no longer solved

    def run(self) -> _Verdict:
        """Exact when every fitting deal fits in the budget, else sampled."""
        if self._enumerable():
            table = deal_table(self.sampler)
            if not len(table):
                raise InferenceError("no deal fits the public history and the declarations")
            order = list(range(len(table)))
            self.rng.shuffle(order)  # an unfinished enumeration is then a random subset
            room = EXACT_SLACK * self._exact_budget() - len(table) * TABLE_DEAL_MS
            self._account(self.solver.solve_table(table[order], _nodes(room)), len(table),
                          TABLE_DEAL_MS)
            return _Verdict(self._comparison(self.solved == len(table)), len(table))
        if self._too_deep():
            return _played_out(self.view, self.sampler, self.rng, ROLLOUT_DEALS)
        comparison = self._sampled()
        if not comparison.deals:  # not even one deal within FIRST_DEAL_MS
            return _played_out(self.view, self.sampler, self.rng, TIMED_OUT_ROLLOUTS)
        return _Verdict(comparison, self.sampler.count)

    def _too_deep(self) -> bool:
        """Two players with a long stock: one deal can take seconds to solve."""
        left = self.view.rules.tricks_per_deal - len(self.view.tricks)
        return bool(self.sampler.knowledge.stock_size) and left > STOCK_TRICKS

    def _exact_budget(self) -> float:
        """The work every fitting deal may take: :data:`EXACT_MS` near the end."""
        left = self.view.rules.tricks_per_deal - len(self.view.tricks)
        return max(self.budget, EXACT_MS) if left <= EXACT_TRICKS else self.budget

    def _enumerable(self) -> bool:
        """No unknown stock order, and all the fitting deals should fit in the budget."""
        knowledge = self.sampler.knowledge
        if knowledge.stock_size:
            return False
        cards = 40 - knowledge.played.bit_count()  # all in hands: there is no stock
        work = next((n for most, n in WORK_BY_CARDS if cards <= most), WORK_BY_CARDS[-1][1])
        plan = self.sampler.count * (TABLE_DEAL_MS + work / NODES_PER_MS)
        return plan <= self._exact_budget()

    def _sampled(self) -> Comparison:
        """Deals drawn at random, one first, then in doubling batches, until the verdict is
        settled or the budget is spent; the cards far behind the best are no longer solved
        (their averages stay those of the deals before)."""
        comparison = self._comparison(False)
        while True:
            first = not self.solved
            choice = len(self.view.legal) > 1  # a forced card's value is not worth a wait
            limit = max(FIRST_DEAL_MS, self.budget) if first and choice else self.budget
            size = max(1, self.solved)
            if self.spent >= limit:
                return comparison
            deals = [self.sampler.draw_fitting(self.rng) for _ in range(size)]
            room = limit - self.spent - size * DEAL_MS
            before = self.solved
            racing = [card for card in self.solver.cards if card not in self.dropped]
            self._account(self.solver.solve(deals, _nodes(room), racing), size, DEAL_MS)
            comparison = self._comparison(False)
            out_of_work = self.solved - before < size
            if out_of_work or not choice or comparison.settled():
                return comparison
            self.dropped = comparison.far_behind()

    def _account(self, solved: Solved, deals: int, per_deal: float) -> None:
        """Keep the points solved (NaN for the cards not solved) and count the work."""
        self.spent += deals * per_deal + solved.nodes / NODES_PER_MS + solved.searches * SEARCH_MS
        block = np.full((solved.count, len(self.solver.cards)), np.nan)
        for j, card in enumerate(solved.cards):
            block[:, self.solver.cards.index(card)] = solved.points[:, j]
        self.blocks.append(block)
        self.solved += solved.count

    def _comparison(self, exact: bool) -> Comparison:
        rows = np.concatenate(self.blocks) if self.blocks else \
            np.zeros((0, len(self.solver.cards)))
        return Comparison(self.solver.cards, rows, exact=exact,
                          a_perdere=self.view.rules.a_perdere, dropped=self.dropped)


def _nodes(room_ms: float) -> int:
    """The search nodes in ``room_ms`` of work (at least one: 0 would mean no limit)."""
    return max(1, int(room_ms * NODES_PER_MS))


def _fallback(view: PlayerView, sampler: DealSampler, rng: random.Random) -> _Verdict:
    """Without the compiled solver: a few deals by the reference solver near the end (all
    of them when there are few), club play-outs before."""
    cards = tuple(sorted(view.legal))
    a_perdere = view.rules.a_perdere
    left = view.rules.tricks_per_deal - len(view.tricks)
    if left <= REFERENCE_LIMIT:
        every = not sampler.knowledge.stock_size and sampler.count <= FALLBACK_DEALS
        deals = list(sampler.deals()) if every else \
            [sampler.draw_fitting(rng) for _ in range(FALLBACK_DEALS)]
        rows = [_reference_row(view, deal, cards) for deal in deals]
        return _Verdict(Comparison(cards, rows, exact=every, a_perdere=a_perdere),
                        len(deals) if every else sampler.count)
    return _played_out(view, sampler, rng, ROLLOUT_DEALS)


def _played_out(view: PlayerView, sampler: DealSampler, rng: random.Random,
                count: int) -> _Verdict:
    """Each card played out by club players on ``count`` deals drawn at random."""
    cards = tuple(sorted(view.legal))
    rows = [rollout_row(view, sampler.draw_fitting(rng), cards) for _ in range(count)]
    return _Verdict(Comparison(cards, rows, a_perdere=view.rules.a_perdere), sampler.count,
                    solved=False)


def _reference_row(view: PlayerView, deal: Sample, cards: tuple[Card, ...]) -> list[int]:
    """Each card's points on one deal, solved exactly (compiled if loaded, else the
    pure-Python reference)."""
    values = card_values(position_from_view(view, deal.hands, deal.stock),
                               points_only=True, block=False)
    if values is None:
        raise RuntimeError("no exact solver for this position")
    points = {v.card: v.points for v in values}
    return [points[card] for card in cards]


def rollout_row(view: PlayerView, deal: Sample, cards: Sequence[Card]) -> list[int]:
    """Each card played out by club players on one deal: the points the side ends with."""
    club = RulesPlayer()
    row = []
    for card in cards:
        game = sample_to_deal(view, deal)
        game.play(card)
        result = play_deal(game, {seat: club for seat in game.seats})
        row.append(result.sides[game.side_of(view.seat)].card_points)
    return row


def _make_hint(view: PlayerView, verdict: _Verdict) -> Hint:
    comparison = verdict.comparison
    equal = comparison.equal()
    card = prefer(view, equal, RulesPlayer().choose(view).card)
    signal = None
    if not view.current_trick and view.rules.signals:
        signal = choose_signal(Reading.of(view), card.index)
    values = comparison.estimates()
    margins = tuple(0.0 if e.card == card else comparison.lead(card, e.card)[1]
                    for e in values)
    mine = next(e.points for e in values if e.card == card)
    cost = comparison.cost(card)
    why = explain(view, card, best_points=None if cost is None else mine,
                  worst_points=None if cost is None else mine - cost,
                  basis="average" if comparison.exact else "sampled", equal=equal)
    return Hint(card, signal, tuple(values), comparison.exact, comparison.deals,
                verdict.possible, why, equal, 1.0 if comparison.exact else CONFIDENCE,
                verdict.solved, margins)
