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
  cards within the uncertainty of the best are *equal*: the hint says so and recommends one
  of them (the club player's card if it is one, else the cheapest), and states what
  another card could cost only for cards clearly worse, with "about".

The budget is work, not wall-clock time: the same view and seed always give the same hint.
If the batched solver solves no deal in it (early in a deal one deal can take longer), or
with two players and a long stock still to draw, club players play each card out instead.

Before the compiled solver is loaded (a fresh kernel, ``block=False``), the hint falls back:
within :data:`FALLBACK_TRICKS` tricks of the end it solves a few deals with the pure-Python
reference (all of them, an exact answer, when there are at most :data:`FALLBACK_DEALS`),
earlier club players play each card out on a few deals (an estimate).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from ..engine.cards import Card
from ..engine.tricks import Signal
from ..engine.views import PlayerView
from .arena import play_deal
from .comparison import CONFIDENCE, Comparison
from .explain import Explanation, explain
from .heuristic import Reading, RulesPlayer, choose_signal
from .hint_search import BUDGET_MS, STOCK_TRICKS, Search
from .inference import (
    DealSampler,
    InferenceError,
    Sample,
    knowledge_from_view,
    sample_to_deal,
)
from .pimc import Estimate, prefer
from .solve import REFERENCE_LIMIT, batch_ready, card_values, position_from_view, warm_up_batch
from .solve import warm_up as solve_warm_up

FALLBACK_DEALS = 6  # deals solved by the reference before the compiled core is loaded
# ... within this many tricks of the end: in the static site's Pyodide six deals of five
# tricks take 0.19 s (median), 0.59 s at most (benchmarks/lite_hints.py)
FALLBACK_TRICKS = REFERENCE_LIMIT
ROLLOUT_DEALS = 3  # deals on which club players play each card out, earlier
TIMED_OUT_ROLLOUTS = 1  # ... and when the batched solver could not solve one deal


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
    """What the deals showed: the comparison, the deals possible, solved or played out."""

    comparison: Comparison
    possible: int
    solved: bool = True


def _searched(view: PlayerView, sampler: DealSampler, rng: random.Random,
              budget_ms: float) -> _Verdict:
    """The batched solver's verdict, or club play-outs when it solved no deal."""
    found = Search(view, sampler, rng, budget_ms).run()
    if found is not None:
        return _Verdict(found.comparison, found.possible)
    left = view.rules.tricks_per_deal - len(view.tricks)
    deep = bool(sampler.knowledge.stock_size) and left > STOCK_TRICKS
    return _played_out(view, sampler, rng, ROLLOUT_DEALS if deep else TIMED_OUT_ROLLOUTS)


def _fallback(view: PlayerView, sampler: DealSampler, rng: random.Random) -> _Verdict:
    """Without the compiled solver: a few deals by the reference solver near the end (all
    of them when there are few), club play-outs before."""
    cards = tuple(sorted(view.legal))
    a_perdere = view.rules.a_perdere
    left = view.rules.tricks_per_deal - len(view.tricks)
    if left <= FALLBACK_TRICKS:
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
    values = card_values(position_from_view(view, deal.hands, deal.stock), points_only=True,
                         block=False)
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
