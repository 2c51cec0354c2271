"""How a hint values the legal cards: deals that fit the view, solved in growing batches
by the batched solver (:mod:`.solve.batched`), within a budget of work.

The deals come from one of two sources. When there is no unknown stock order and listing
every fitting deal is cheap (their number is known in advance: ``DealSampler.count``), the
source is that list (:mod:`.deal_table`) in a random order: a finite population, drawn
without replacement. Otherwise deals are drawn at random, with replacement
(``DealSampler.draw_fitting``). Both are uniform over the fitting deals.

Batches double (one deal, one, two, four...). With the list, while solving the rest of it
with every card looks affordable the search goes on to the end: every card solved on every
fitting deal is **exact**. Otherwise, after each batch, the search stops once the verdict is
settled (:meth:`Comparison.settled`, and at least :data:`SETTLE_DEALS` deals solved but for
a forced card) and stops solving the cards far behind the best, so the work goes to the
cards still in the race (with the list, those may still be solved on every deal: their
comparison is then exact, the others' an estimate).

Work, not wall-clock time, is counted, so the same view and seed always give the same
answer: :data:`NODES_PER_MS` search nodes, :data:`SEARCH_MS` per search set up and a little
per deal make a millisecond on the machine the figures were measured on (``benchmarks/
hints.py``, processor time). The budget is the hint's (:data:`BUDGET_MS` by default), and
:data:`EXACT_MS` within :data:`EXACT_TRICKS` tricks of the end, where exact answers are
within reach. A first deal may take :data:`FIRST_DEAL_MS` (early in a deal one deal costs
more than a whole budget), except for a forced card. Two players with more than
:data:`STOCK_TRICKS` tricks and a stock to go are not searched (one deal can take seconds).

**Early** (three or four hands with more than :data:`QUICK_TRICKS` tricks to go, the first
two tricks; not a perdere, where the quick rule would play the wrong game) a deal solved to
the end can take seconds, so each deal is searched only :data:`EARLY_HORIZON` tricks deep
(the one in play counts) and at the start of the next trick the compiled core plays the rest
out by a quick rule, every card seen (``_kernel.playout``: lead a master, but not a Three,
Two or figure whose lead would make an opponent's guarded card the master; else the card
worth the most towards the partner's master; else the cheapest card; follow by loading a
trick the side surely takes, else taking it with the lowest card no later opponent can beat,
else playing the cheapest card), corrected by what that rule misses on average
(``_kernel.playout_bias``). Those values estimate the deal's value: the hint says so
(``Hint.quick``). A first deal may take :data:`EARLY_FIRST_MS`, the budget is
:data:`EARLY_MS`, and the search stops as soon as the deals so far show that ``MIN_DEALS``
(the fewest that can separate two cards) will not fit in it. The third trick (more than
:data:`SOLVE_TRICKS` tricks to go) is still solved to the end under that budget.

After the race, the cards within :data:`DEEPER_MARGIN` points of the best still racing are
searched one trick deeper on the same deals, first ones first, within :data:`DEEPER_MS` of
work in all: their values come from that, corrected on the deals it did not reach by how
much it changed them on average, and every other card keeps, deal by deal, its gap to the
race's best card (:meth:`Search._with_deeper`). Both searches take off each deal's quick
value of a high card led, or of a Three taking the first trick, what the quick search
overrates it by on average (:mod:`.early_bias`, :meth:`Search._unbiased`).

Against the stored exact reference of the first two tricks (``benchmarks/hints.py``, 400
positions; the second trick's close cards on 2,000 deals) early hints agree on about 370
(92.5%, twelve seeds of the hints; 379.1 judged on 200 deals), processor p90 282 ms.
How each setting was chosen, and what was tried and not kept: ``docs/hints-early.md``.
"""

from __future__ import annotations

import dataclasses
import random
import sys
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import numpy as np
else:  # numpy is imported at its first use (tressette_learn.lazy_module)
    from ..lazy_module import LazyModule

    np = LazyModule("numpy")

from ..engine.cards import Card
from ..engine.views import PlayerView
from .comparison import MIN_DEALS, Comparison
from .deal_table import deal_table
from .early_bias import early_bias
from .inference import DealSampler, InferenceError, Sample
from .solve import RowSolver, Solved

BUDGET_MS = 100  # the work a hint may do, in milliseconds of the reference machine
FIRST_DEAL_MS = 450  # ... except for its first deal
EXACT_TRICKS = 4  # within this many tricks of the end ...
EXACT_MS = 450  # ... the budget is this (exact answers are within reach there)
STOCK_TRICKS = 14  # with a stock, deals are searched within this many tricks of the end
SOLVE_TRICKS = 7  # with three or four hands, the full search within this many tricks
EARLY_FIRST_MS = 40  # ... earlier, the first deal's allowance
EARLY_MS = 200  # ... and the budget (docs/hints-early.md)
EARLY_HORIZON = 2  # ... tricks searched there (the one in play counts), the rest played out
QUICK_TRICKS = 8  # ... with more than this many tricks to go (the first two tricks)
NODES_PER_MS = 16_000  # search nodes in a millisecond (processor time)
SEARCH_MS = 0.0015  # setting up one search (a few per card of a deal)
DEAL_MS = 0.02  # drawing a deal at random and packing it
TABLE_DEAL_MS = 0.001  # listing a deal in the table of every fitting deal, and packing it
TABLE_SHARE = 0.1  # the list is made when it takes at most this share of the budget
MAX_BATCH = 8192  # deals in one call at most (the work is checked between calls)
SETTLE_DEALS = 64  # a search does not stop on a settled verdict before this many deals
DEEPER_MARGIN = 0.45  # quick: the cards this close to the best (points) are searched deeper
DEEPER_MS = 700  # ... within this much work in all (the race's included)
DEEPER_DEALS = 24  # ... and count only when this many deals fit


@dataclasses.dataclass(frozen=True)
class Verdict:
    """What the deals showed: the cards' comparison and how many deals could fit.
    ``horizon``: each deal was searched only this many tricks (the one in play counts) and
    the rest played out by the quick rule (``_kernel.playout``); 0: solved to the end.
    ``deeper``: the cards close to the best, then searched one trick more on the first
    ``deeper_deals`` of the comparison's deals (see :meth:`Search._with_deeper`)."""

    comparison: Comparison
    possible: int
    horizon: int = 0
    deeper: tuple[Card, ...] = ()
    deeper_deals: int = 0


class _Source(Protocol):
    finite: bool
    remaining: int
    possible: int
    per_deal_ms: float

    def solve(self, solver: RowSolver, count: int, nodes: int,
              cards: list[Card]) -> Solved: ...

    def again(self, solver: RowSolver, count: int, nodes: int,
              cards: list[Card]) -> Solved: ...


class _Table:
    """Every fitting deal, in a random order, handed out once each."""

    finite = True
    per_deal_ms = TABLE_DEAL_MS

    def __init__(self, sampler: DealSampler, rng: random.Random):
        table = deal_table(sampler)
        if not len(table):
            raise InferenceError("no deal fits the public history and the declarations")
        order = np.random.default_rng(rng.getrandbits(64)).permutation(len(table))
        self.rows = table[order]
        self.possible = len(table)
        self.remaining = len(table)

    def solve(self, solver: RowSolver, count: int, nodes: int,
              cards: list[Card]) -> Solved:
        start = self.possible - self.remaining
        solved = solver.solve_table(self.rows[start:start + count], nodes, cards)
        self.remaining -= solved.count
        return solved

    def again(self, solver: RowSolver, count: int, nodes: int,
              cards: list[Card]) -> Solved:
        """The first ``count`` deals handed out, solved again (by another solver)."""
        return solver.solve_table(self.rows[:count], nodes, cards)


class _Draws:
    """Deals drawn at random, as many as asked."""

    finite = False
    per_deal_ms = DEAL_MS
    remaining = sys.maxsize

    def __init__(self, sampler: DealSampler, rng: random.Random):
        self.sampler = sampler
        self.rng = rng
        self.possible = sampler.count
        self.drawn: list[Sample] = []

    def solve(self, solver: RowSolver, count: int, nodes: int,
              cards: list[Card]) -> Solved:
        deals = [self.sampler.draw_fitting(self.rng) for _ in range(count)]
        solved = solver.solve(deals, nodes, cards)
        self.drawn.extend(deals[:solved.count])
        return solved

    def again(self, solver: RowSolver, count: int, nodes: int,
              cards: list[Card]) -> Solved:
        """The first ``count`` deals drawn, solved again (by another solver)."""
        return solver.solve(self.drawn[:count], nodes, cards)


class Search:
    """One hint's search, within its budget of work."""

    def __init__(self, view: PlayerView, sampler: DealSampler, rng: random.Random,
                 budget_ms: float = BUDGET_MS):
        self.view = view
        self.sampler = sampler
        self.rng = rng
        left = view.rules.tricks_per_deal - len(view.tricks)
        self.budget = max(budget_ms, EXACT_MS) if left <= EXACT_TRICKS else budget_ms
        self.early = view.rules.players > 2 and left > SOLVE_TRICKS
        if self.early:
            self.budget = max(budget_ms, EARLY_MS)
        # the first deal's allowance
        self.first_ms = EARLY_FIRST_MS if self.early else max(FIRST_DEAL_MS, self.budget)
        # the first two tricks (not a perdere: the quick play-out plays to take points): only
        # EARLY_HORIZON tricks are searched, the rest played out by a quick rule
        quick = self.early and not view.rules.a_perdere and left > QUICK_TRICKS
        self.solver = RowSolver(view, EARLY_HORIZON if quick else 0)
        self.horizon = EARLY_HORIZON if self.solver.stop else 0
        self.spent = 0.0  # ms of work so far
        self.solve_ms = 0.0  # ... of which solving deals
        self.node_ms = 0.0  # ... of which in search nodes
        self.blocks: list[np.ndarray] = []  # points per deal and card (NaN: not solved)
        self.solved = 0  # deals solved
        self.dropped: tuple[Card, ...] = ()  # cards far behind, no longer solved

    def run(self) -> Verdict | None:
        """The verdict, or None when no deal could be solved (or none is tried: two
        players with a long stock)."""
        left = self.view.rules.tricks_per_deal - len(self.view.tricks)
        if self.sampler.knowledge.stock_size and left > STOCK_TRICKS:
            return None
        source = self._source()
        comparison = self._race(source)
        if not comparison.deals:
            return None
        if self.horizon and not comparison.exact:
            deeper = self._deepen(source, comparison)
            if deeper is not None:
                return Verdict(deeper[0], source.possible, self.horizon, *deeper[1:])
        return Verdict(comparison, source.possible, self.horizon)

    def _deepen(self, source: _Source, comparison: Comparison
                ) -> tuple[Comparison, tuple[Card, ...], int] | None:
        """The cards within :data:`DEEPER_MARGIN` of the best searched one trick deeper on
        the deals so far, first ones first, within :data:`DEEPER_MS` of work in all: the
        comparison of every card on every deal (:meth:`_with_deeper`), the close cards and
        how many deals they were searched deeper on; None when fewer than two cards are
        close or fewer than :data:`DEEPER_DEALS` deals fit."""
        sign, values = self.view.rules.sign, comparison.estimates()
        best = sign * next(e.points for e in values if e.card == comparison.best())
        close = [e.card for e in values if e.card not in comparison.dropped
                 and best - sign * e.points <= DEEPER_MARGIN]
        room = DEEPER_MS - self.spent
        if len(close) < 2 or room <= 0:
            return None
        solver = RowSolver(self.view, self.horizon + 1)
        solved = source.again(solver, self.solved, self._nodes(room), close)
        self.spent += solved.nodes / NODES_PER_MS + solved.searches * SEARCH_MS
        if solved.count < DEEPER_DEALS:
            return None
        others = tuple(c for c in self.solver.cards if c not in close)
        rows = self._with_deeper(solved, comparison.best())
        return Comparison(self.solver.cards, rows, rules=self.view.rules, dropped=others,
                          population=source.possible if source.finite else None), \
            tuple(close), solved.count

    def _with_deeper(self, solved: Solved, best: Card) -> np.ndarray:
        """Every deal's points per card once the close cards were searched deeper on the
        first deals (``solved``). On those deals the close cards' points are the deeper ones
        and every other card keeps its gap to ``best`` (the race's best, which they trail).
        On the deals after, each close card moves by its average change on the deeper deals,
        the others by ``best``'s: the quick values of every deal, corrected by what the
        deeper search changed (a regression estimate: on the reference's deals, with the
        hint's seed changed six times, 239 of 260 agree on average against 236.7 with the
        deeper deals alone)."""
        rows = np.concatenate(self.blocks).astype(float)
        k = solved.count
        cols = [self.solver.cards.index(card) for card in solved.cards]
        deeper = self._unbiased(solved, self.horizon + 1)
        shift = (deeper - rows[:k, cols]).mean(axis=0)
        b = solved.cards.index(best)
        rows[:k] += (deeper[:, b] - rows[:k, cols[b]])[:, None]
        rows[k:] += shift[b]
        for j, col in enumerate(cols):
            rows[:k, col] = deeper[:, j]
            rows[k:, col] += shift[j] - shift[b]
        return rows

    def _unbiased(self, solved: Solved, depth: int) -> np.ndarray:
        """The points solved, less what a quick search ``depth`` tricks deep overvalues in
        an early high card (:mod:`.early_bias`; nothing when solved to the end)."""
        points = solved.points.astype(float)
        if depth and self.horizon:
            points -= np.array(early_bias(self.view, solved.cards, depth))
        return points

    def _source(self) -> _Source:
        """The list of every fitting deal when it is cheap to make, else random draws."""
        listed = self.sampler.count * TABLE_DEAL_MS
        if self.sampler.knowledge.stock_size or listed > TABLE_SHARE * self.budget:
            return _Draws(self.sampler, self.rng)
        self.spent += listed
        return _Table(self.sampler, self.rng)

    def _race(self, source: _Source) -> Comparison:
        """Solve batches until the source is used up, the verdict is settled or the work
        is spent (see the module's docstring)."""
        choice = len(self.view.legal) > 1  # a forced card's value is not worth a wait
        comparison = self._comparison(source)
        while source.remaining:
            first = not self.solved
            limit = self.first_ms if first and choice else self.budget
            if self.spent >= limit:
                break
            size = min(max(1, self.solved), MAX_BATCH, source.remaining)
            racing = [card for card in self.solver.cards if card not in self.dropped]
            room = limit - self.spent - size * source.per_deal_ms
            before = self.solved
            self._account(source.solve(self.solver, size, self._nodes(room), racing),
                          size * source.per_deal_ms)
            comparison = self._comparison(source)
            if self.solved - before < size or self._hopeless(limit):
                break
            if source.finite and not self.dropped and self._can_finish(source, limit):
                continue  # on to every card on every deal: exact
            if comparison.settled() and (self.solved >= SETTLE_DEALS or not choice):
                break
            self.dropped = comparison.far_behind()
        return comparison

    def _hopeless(self, limit: float) -> bool:
        """Early in a deal: whether ``MIN_DEALS`` deals will not fit in the budget at the
        cost per deal so far (fewer could not separate any card)."""
        if not self.early or self.solved >= MIN_DEALS:
            return False
        per_deal = self.solve_ms / max(1, self.solved)
        return self.spent + (MIN_DEALS - self.solved) * per_deal > max(limit, self.budget)

    def _can_finish(self, source: _Source, limit: float) -> bool:
        """Whether the rest of the list, every card, should fit in the work left."""
        per_deal = self.solve_ms / max(1, self.solved)
        return source.remaining * per_deal <= limit - self.spent

    def _nodes(self, room_ms: float) -> int:
        """The search nodes that ``room_ms`` of work leaves for the nodes themselves (as
        the work so far was shared between nodes and setting up searches); at least one,
        since 0 would mean no limit."""
        share = self.node_ms / self.solve_ms if self.node_ms else 1.0
        return max(1, int(room_ms * share * NODES_PER_MS))

    def _account(self, solved: Solved, deals_ms: float) -> None:
        """Keep the points solved (NaN for the cards not solved) and count the work."""
        nodes_ms = solved.nodes / NODES_PER_MS
        work = deals_ms + nodes_ms + solved.searches * SEARCH_MS
        self.node_ms += nodes_ms
        self.solve_ms += work
        self.spent += work
        block = np.full((solved.count, len(self.solver.cards)), np.nan)
        points = self._unbiased(solved, self.horizon)
        for j, card in enumerate(solved.cards):
            block[:, self.solver.cards.index(card)] = points[:, j]
        self.blocks.append(block)
        self.solved += solved.count

    def _comparison(self, source: _Source) -> Comparison:
        rows: Any = np.concatenate(self.blocks) if self.blocks else \
            np.zeros((0, len(self.solver.cards)))
        exact = source.finite and not source.remaining and not self.dropped
        return Comparison(self.solver.cards, rows, exact=exact,
                          rules=self.view.rules, dropped=self.dropped,
                          population=source.possible if source.finite else None)
