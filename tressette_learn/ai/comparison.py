"""Which legal cards are best, and how sure that is: per-deal values compared card by card.

Every solved deal gives each legal card a value: the points the mover's side ends the deal
with when it plays that card (both sides then playing perfectly). Averaged over *every* deal
that fits the seat's view, with the weights the sampler gives them, the averages are the
cards' exact expected values (``exact``): two cards are equal when their averages are equal.

Averaged over deals drawn at random they are estimates. Two cards are compared on the same
deals (paired): the difference ``a - b`` on each deal, its mean ``D`` and the standard error
``SE`` of that mean. ``a`` is *clearly better* than ``b`` when ``D > t * SE``, with ``t`` the
one-sided Student quantile at :data:`CONFIDENCE` for ``n - 1`` degrees of freedom; on fewer
than :data:`MIN_DEALS` deals nothing is clear (a handful of deals can all lean one way by
chance). The squared deviations get :data:`SPREAD_FLOOR` more, as if one more deal had
differed by a point: the same difference on a few deals does not make a card look certain.
The cards not clearly worse than the best are *equal* (within the uncertainty). A search
may stop once every other card is clearly worse or surely within :data:`NEGLIGIBLE` points
of the best, and need not solve again a card far behind (:meth:`Comparison.far_behind`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..engine.cards import Card
from ..engine.rules import Rules
from .paired_sums import paired_sums
from .pimc import Estimate

STANDARD = Rules()

CONFIDENCE = 0.95
NEGLIGIBLE = 0.02  # points: a lead surely smaller than this does not decide anything
SAME = 1e-9  # averages closer than this are equal
SPREAD_FLOOR = 1.0  # squared points added to the squared deviations (see the docstring)
MIN_DEALS = 10  # fewer deals make nothing clear
FAR = 1.5  # a card behind the best by this many margins is far behind (about 99%)
# one-sided 95% quantiles of Student's t by degrees of freedom (a df between two rows uses
# the smaller df: the larger quantile); beyond the table, the normal quantile
T95 = ((1, 6.314), (2, 2.920), (3, 2.353), (4, 2.132), (5, 2.015), (6, 1.943), (7, 1.895),
       (8, 1.860), (9, 1.833), (10, 1.812), (12, 1.782), (15, 1.753), (20, 1.725),
       (30, 1.697), (40, 1.684), (60, 1.671), (120, 1.658))
Z95 = 1.645


def t_quantile(df: int) -> float:
    """The one-sided 95% quantile for ``df`` degrees of freedom (``inf`` below 1)."""
    if df < 1:
        return math.inf
    if df > T95[-1][0]:
        return Z95
    return next(q for d, q in reversed(T95) if d <= df)


class Comparison:
    """Every legal card's average over the deals solved, and how sure the order is.

    ``rows[i][j]`` is card ``cards[j]``'s points on deal ``i`` (NaN or ``None``: not solved
    there), counted ``weights[i]`` times. ``exact``: the rows are every deal that fits the
    view. ``population``: the rows were drawn without replacement from that many deals
    (the margins shrink as the rows cover them: none once two cards are solved on all).
    Two cards are compared on the deals where both were solved; a card solved on
    fewer deals is placed by its lead over one solved on all of them (see ``_averages``).
    ``dropped``: cards found far behind the best on earlier deals and solved no more; they
    are never the best nor equal to it (the best may change later, and their few deals
    would not show them behind the new one).
    """

    def __init__(self, cards: Sequence[Card], rows: Sequence[Sequence[float | None]] | Any,
                 *, weights: Sequence[int] | None = None, exact: bool = False,
                 rules: Rules = STANDARD, dropped: Sequence[Card] = (),
                 population: int | None = None):
        counts = list(weights) if weights is not None else [1] * len(rows)
        self.cards = tuple(cards)
        self.exact = exact
        self.rules = rules
        self.dropped = tuple(dropped)
        self.population = population
        # goodness: points, or minus points a perdere (higher is better)
        self._sign = rules.sign
        self._sums = paired_sums(rows, counts, len(self.cards))
        self.deals = int(sum(counts))
        self._means = self._averages()

    def _averages(self) -> list[float]:
        """Each card's average goodness. A card solved on fewer deals than the most (one
        found far behind and dropped) gets the average of the best card solved on the most
        (``r``, not dropped) less its paired lead over the card on the deals both were
        solved: so the averages differ as the cards do on the same deals. A dropped card is
        never placed above the best card still racing (it was found far behind)."""
        sums, sign = self._sums, self._sign
        counts = [sums.count(i) for i in range(len(self.cards))]
        means = [sign * total / max(count, 1) for total, count in zip(sums.totals, counts,
                                                                      strict=True)]
        racing = [j for j, card in enumerate(self.cards) if card not in self.dropped]
        most = max(counts, default=0)
        full = [j for j in racing if counts[j] == most] or \
            [j for j, count in enumerate(counts) if count == most]
        r = max(full, key=means.__getitem__, default=0)
        for j, count in enumerate(counts):
            if count < most and sums.weights[r][j]:
                means[j] = means[r] - sign * sums.diffs[r][j] / sums.weights[r][j]
        top = max((means[j] for j in racing), default=math.inf)
        return [min(m, top) if card in self.dropped else m
                for card, m in zip(self.cards, means, strict=True)]

    def estimates(self) -> list[Estimate]:
        """Each card's average (thirds: three per point), best first."""
        sign = self._sign
        out = [Estimate(card, sign * m, 3 * sign * m)
               for card, m in zip(self.cards, self._means, strict=True)]
        return sorted(out, key=lambda e: e.key(self.rules))

    def lead(self, a: Card, b: Card) -> tuple[float, float]:
        """How much better ``a`` is than ``b`` on average over the deals where both were
        solved (points; a perdere fewer points are better), and the margin of that lead:
        ``t * SE`` (0 when exact or solved on the whole population, ``inf`` on fewer than
        :data:`MIN_DEALS` deals), with the finite population correction."""
        i, j = self.cards.index(a), self.cards.index(b)
        n = self._sums.weights[i][j]
        if not n:
            return 0.0, math.inf
        lead = self._sign * self._sums.diffs[i][j] / n
        whole = self.population or math.inf
        if self.exact or n >= whole:
            return lead, 0.0
        if n < MIN_DEALS:
            return lead, math.inf
        square = max(0.0, self._sums.squares[i][j] - n * lead * lead) + SPREAD_FLOOR
        shrink = (whole - n) / (whole - 1) if self.population else 1.0
        return lead, t_quantile(int(n) - 1) * math.sqrt(square / (n - 1) / n * shrink)

    def best(self) -> Card:
        """The card with the best average (not a dropped one)."""
        return next(e.card for e in self.estimates() if e.card not in self.dropped)

    def clearly_better(self, a: Card, b: Card) -> bool:
        """Whether ``a`` beats ``b`` beyond the uncertainty."""
        lead, margin = self.lead(a, b)
        return lead > margin + SAME

    def equal(self) -> tuple[Card, ...]:
        """The cards not clearly worse than the best (nor dropped), best first."""
        best = self.best()
        return tuple(e.card for e in self.estimates() if e.card == best or (
            e.card not in self.dropped and not self.clearly_better(best, e.card)))

    def settled(self) -> bool:
        """True when more deals would not change the verdict much: every other card is
        clearly worse than the best, or its lead is surely below :data:`NEGLIGIBLE`."""
        if self.exact:
            return True
        best = self.best()
        for card in self.cards:
            lead, margin = self.lead(best, card)
            if card != best and card not in self.dropped and lead <= margin + SAME \
                    and lead + margin >= NEGLIGIBLE:
                return False
        return True

    def far_behind(self) -> tuple[Card, ...]:
        """The cards behind the best by more than :data:`FAR` times the margin, and the
        dropped ones: more deals would not make them equal (a search may stop solving
        them)."""
        best = self.best()
        out = []
        for card in self.cards:
            lead, margin = self.lead(best, card)
            if card != best and (card in self.dropped or lead > FAR * margin + SAME):
                out.append(card)
        return tuple(out)

    def cost(self, card: Card) -> float | None:
        """The most another card's average is below ``card``'s, counting only the cards
        worse by more than the margin and not :meth:`equal`; ``None`` when there is none."""
        equal = self.equal()
        mine = self._means[self.cards.index(card)]
        gaps = []
        for j, other in enumerate(self.cards):
            gap = mine - self._means[j]
            if other not in equal and gap > self.lead(card, other)[1] + SAME:
                gaps.append(gap)
        return max(gaps) if gaps else None
