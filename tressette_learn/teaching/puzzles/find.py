"""Finding puzzles: seeded deals played by the club player, stopped where South is to
play, each position tried against the themes and kept when the solver's answer is clear.

A clear answer: two to eight legal cards, one or two accepted cards (the sound cards, see
:mod:`.check`; for a "which card signals?" theme the leads that make the signal true), at
most half of the legal cards, and every other card loses: with every hand shown by at
least a point, with hidden hands on at least :data:`MIN_WRONG_SHARE` of the fitting deals
(a card that loses only on a rare layout makes an unfair puzzle). Where a rule chose the
cards, the other cards are wrong by that rule. A puzzle with one right card is kept only
when a rule of thumb that the position bears out explains it (:func:`teachable`): an answer
that only the whole deal's line explains teaches nothing a learner can reuse.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from ...ai.arena import ask_declarations, play_one
from ...ai.explain import explain
from ...ai.levels import make_player
from ...engine.deal import Deal
from ...engine.records import DealRecord
from ...engine.rules import Rules
from .check import Answer, CheckError, check
from .themes import LEARNER, Facts, Theme

MIN_WRONG_SHARE = 0.1  # a wrong card must lose on at least this share of the fitting deals
MOST_ACCEPTED = 2


@dataclasses.dataclass(frozen=True)
class Found:
    """A position that makes a puzzle of ``theme``: the deal so far, the answer, facts."""

    theme: Theme
    seed: int
    deal: Deal
    answer: Answer
    facts: Facts

    @property
    def record(self) -> dict[str, Any]:
        """The deal record up to the puzzle (JSON-ready)."""
        return DealRecord.from_deal(self.deal).to_json()


def positions(preset: str, seed: int) -> Iterator[Deal]:
    """Every position of the seeded deal (club players at every seat) where South is to
    play, as a copy."""
    deal = Deal.new(Rules.preset(preset), seed=seed)
    players = {s: make_player("club", seed * 7 + int(s)) for s in deal.seats}
    asked = False
    while not deal.is_over():
        if not asked and deal.declaration_window():
            ask_declarations(deal, players)
            asked = True
        if deal.to_play == LEARNER:
            yield deal.copy()
        play_one(deal, players)


def is_clear(answer: Answer) -> bool:
    """One or two accepted cards out of at least two (at most half), every other card
    clearly worse (or, when a rule chose the accepted cards, wrong by that rule)."""
    accepted = answer.accepted
    if not 2 <= len(answer.cards) <= 8 or not 1 <= len(accepted) <= MOST_ACCEPTED:
        return False
    if len(accepted) * 2 > len(answer.cards):
        return False
    if answer.chosen is not None:
        return True
    return all(r.sound or 1 - r.best_share >= MIN_WRONG_SHARE for r in answer.cards)


def try_theme(theme: Theme, seed: int, deal: Deal) -> Found | None:
    """The puzzle ``deal`` makes for ``theme``, or ``None``."""
    left = deal.rules.tricks_per_deal - len(deal.tricks)
    low, high = theme.tricks_left
    if not low <= left <= high:
        return None
    facts = theme.fits(deal)
    if facts is None:
        return None
    try:
        answer = theme.judged(deal, check(deal, theme.shown))
    except CheckError:
        return None
    if not is_clear(answer):
        return None
    more = theme.keeps(deal, answer)
    if more is None or not teachable(theme, deal, answer):
        return None
    return Found(theme, seed, deal, answer, {**facts, **more})


def teachable(theme: Theme, deal: Deal, answer: Answer) -> bool:
    """One right card (no signal asked) must have a reason the position bears out, not only
    the solver's line, the length of the suit led or "a piombo never wins" for a card worth
    more than the cheapest (both read as advice they are not: "lead your only card of
    coins", "throw your Three"); several right cards are named together, with no card's
    reason."""
    if theme.lead_signal is not None or len(answer.accepted) != 1:
        return True
    assert deal.to_play is not None
    why = explain(deal.view(deal.to_play), answer.accepted[0], deal=deal, shown=theme.shown)
    return why.reason not in ("best_line", "lead") and why.phrase.key != "explain.discard"


def find(theme: Theme, seeds: range, wanted: int, taken: set[tuple[str, int]]) -> list[Found]:
    """Up to ``wanted`` puzzles of ``theme`` from ``seeds``, one per deal, skipping the
    (preset, seed) pairs in ``taken`` (and adding the ones used)."""
    found: list[Found] = []
    for seed in seeds:
        if len(found) >= wanted:
            break
        if (theme.preset, seed) in taken:
            continue
        for deal in positions(theme.preset, seed):
            hit = try_theme(theme, seed, deal)
            if hit is not None:
                found.append(hit)
                taken.add((theme.preset, seed))
                break
    return found
