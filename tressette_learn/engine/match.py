"""A match: deals in sequence, the deal passing to the right, until a side wins.

A side is a partnership (``NS``, ``EW``) or, with two players or each for himself, a seat.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

from .deal import Deal, DealError, default_dealer
from .rules import Rules
from .scoring import DealResult
from .seats import Seat
from .table_svg import deal_svg

TIE_BREAK_DEALS = 3
REASONS = ("called_right", "called_wrong", "reached", "reached_fewer", "reached_fewest",
           "more_after", "fewer_after", "reached_level.last_trick", "level_after.last_trick",
           "still_level.last_trick")  # the keys of MatchResult.reason


@dataclasses.dataclass(frozen=True)
class MatchResult:
    """How a match ended: the winner, why, the totals, and the stake (doubled by cappotti).

    ``reason`` is one of :data:`REASONS` and ``facts`` its facts; the words layer writes them
    (``match.reason.<reason>`` in ``lessons/strings/*/engine.yaml``).
    """

    winner: str
    reason: str
    totals: dict[str, int]
    deals: int
    stake: int = 1
    facts: tuple[tuple[str, Any], ...] = ()


class Match:
    """Play deals until the rules name a winner; ``deal`` is the one in play."""

    def __init__(self, rules: Rules, first_dealer: Seat | None = None, seed: int | None = None):
        """Start the first deal; ``seed`` makes every deal of the match reproducible."""
        self.rules = rules
        self.seed = seed
        self.sides = rules.sides
        self.totals = dict.fromkeys(self.sides, 0)
        self.finished: list[Deal] = []
        self.results: list[DealResult] = []
        self.outcome: MatchResult | None = None
        first = default_dealer(rules.players) if first_dealer is None else Seat.parse(first_dealer)
        self.deal = self._new_deal(first)

    @classmethod
    def from_deals(cls, rules: Rules | str | Mapping[str, Any], finished: Sequence[Deal],
                   deal: Deal | None = None, seed: int | None = None) -> Match:
        """The match that played the ``finished`` deals in turn and now plays ``deal``
        (None: the next deal as dealt, or none when the match is over). This is what
        ``repr(match)`` writes (eval it with ``Deal`` and ``Match`` imported)."""
        table = rules if isinstance(rules, Rules) else Rules.from_json(rules)
        first = finished[0] if finished else deal
        match = cls(table, None if first is None else first.dealer, seed)
        for done in finished:
            match.replace_deal(done)
            match.next_deal()
        if deal is not None:
            match.replace_deal(deal)
        return match

    def __repr__(self) -> str:
        current = "" if self.is_over() else f", deal={self.deal!r}"
        seed = "" if self.seed is None else f", seed={self.seed!r}"
        return (f"Match.from_deals({self.rules.to_json()!r}, {self.finished!r}{current}"
                f"{seed})")

    def _repr_svg_(self) -> str:
        return deal_svg(self.deal, "   ".join(f"{s} {n}" for s, n in self.totals.items()))

    def _new_deal(self, dealer: Seat) -> Deal:
        return Deal.new(self.rules, dealer, self._deal_seed(), self.totals)

    def _deal_seed(self) -> int | None:
        if self.seed is None:
            return None
        digest = hashlib.sha256(f"{self.seed}/{len(self.finished)}".encode()).digest()
        return int.from_bytes(digest[:8], "big")

    def is_over(self) -> bool:
        """True once a side has won."""
        return self.outcome is not None

    def next_deal(self) -> DealResult:
        """Score the finished deal, decide whether the match is over, else deal again."""
        deal = self.deal
        if not deal.is_over():
            raise DealError("the deal is still being played")
        if self.outcome is not None:
            raise DealError("the match is over")
        result = deal.result()
        self.finished.append(deal)
        self.results.append(result)
        if result.redeal_by is None:
            for side in self.sides:
                self.totals[side] += result.total(side)
        self.outcome = self._decide(deal, result)
        if self.outcome is None:
            self.deal = self._new_deal(deal.next_dealer)
        return result

    def replace_deal(self, deal: Deal) -> None:
        """Play ``deal`` (e.g. replayed from a record) instead of the dealt one."""
        if deal.match_scores != self.totals:
            raise DealError(f"the deal was set up with match scores {deal.match_scores}, "
                            f"but the match stands at {self.totals}")
        self.deal = deal

    @property
    def stake(self) -> int:
        """1, doubled for each cappotto when cappotto doubles the stake (a reversed
        cappotto moves points instead)."""
        if not self.rules.cappotto_doubles_stake:
            return 1
        return int(2 ** sum(1 for r in self.results if r.cappotto is not None))

    def result(self) -> MatchResult | None:
        """The outcome, or None while the match goes on."""
        return self.outcome

    # -- deciding ----------------------------------------------------------------
    def _decide(self, deal: Deal, result: DealResult) -> MatchResult | None:
        call = deal.ended_by_call
        if call is not None:
            other = self._other(call.side)  # calling out needs two sides (rules.py)
            if call.correct:
                return self._end(call.side, "called_right", side=call.side, points=call.points)
            return self._end(other, "called_wrong", side=call.side, points=call.points,
                             target=self.rules.target)
        if result.redeal_by is not None:
            return None
        if self.rules.fixed_deals is not None:
            return self._decide_fixed(result)
        return self._decide_target(result)

    def _decide_target(self, result: DealResult) -> MatchResult | None:
        target = self.rules.target
        if not any(total >= target for total in self.totals.values()):
            return None
        leaders = self._leaders()
        if len(leaders) > 1:
            return self._tie(result, leaders, "reached_level", tied=tuple(leaders),
                             target=target)
        best = leaders[0]
        if self.rules.low_wins:
            fewer = "reached_fewer" if len(self.sides) == 2 else "reached_fewest"
            return self._end(best, fewer, side=best, target=target)
        return self._end(best, "reached", side=best, target=target)

    def _decide_fixed(self, result: DealResult) -> MatchResult | None:
        played = len([r for r in self.results if r.redeal_by is None])
        fixed = self.rules.fixed_deals
        assert fixed is not None
        if played < fixed:
            return None
        leaders = self._leaders()
        if len(leaders) == 1:
            word = "fewer" if self.rules.low_wins else "more"
            return self._end(leaders[0], f"{word}_after", side=leaders[0], deals=played)
        if self.rules.tie_to_last_trick:
            return self._last_trick_wins(result, leaders, "level_after", deals=played)
        if played < fixed + TIE_BREAK_DEALS:
            return None
        return self._last_trick_wins(result, leaders, "still_level", deals=TIE_BREAK_DEALS)

    def _leaders(self) -> list[str]:
        """The sides with the best total (the lowest a perdere)."""
        best = self.rules.best(self.totals.values())
        return [side for side in self.sides if self.totals[side] == best]

    def _tie(self, result: DealResult, leaders: list[str], why: str,
             **facts: Any) -> MatchResult | None:
        if self.rules.tie_to_last_trick:
            return self._last_trick_wins(result, leaders, why, **facts)
        return None

    def _last_trick_wins(self, result: DealResult, leaders: list[str], why: str,
                         **facts: Any) -> MatchResult | None:
        """The tied side that took the last trick of the last deal wins (reason
        ``<why>.last_trick``); when none of them took it (each for himself), another deal
        is played."""
        assert result.last_trick is not None
        side = self.finished[-1].side_of(result.last_trick)
        if side not in leaders:
            return None
        return self._end(side, f"{why}.last_trick", side=side, **facts)

    def _end(self, winner: str, reason: str, **facts: Any) -> MatchResult:
        assert reason in REASONS, reason
        played = sum(1 for r in self.results if r.redeal_by is None)
        return MatchResult(winner, reason, dict(self.totals), played, self.stake,
                           tuple(facts.items()))

    def _other(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]
