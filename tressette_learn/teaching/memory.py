"""Card memory near the end of a deal: which cards of a suit are still out, which is master.

A drill deals a seeded deal, lets club players play most of its tricks and asks the
learner (South) about the cards that have gone, from memory. Every answer is computed
here from the deal; no widgets (see :mod:`tressette_learn.ui.memory`).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable
from typing import Literal

from ..ai.heuristic import RulesPlayer
from ..engine.cards import Card, Rank, Suit
from ..engine.deal import Deal
from ..engine.rules import Rules
from ..engine.seats import Seat

MemoryKind = Literal["out", "master"]
TRICKS_PLAYED = 7


@dataclasses.dataclass(frozen=True)
class MemoryQuestion:
    """One question about ``suit``: pick ``answer`` among ``cards``.

    ``out``: every card of the suit still in the other players' hands (several cards).
    ``master``: the highest card of the suit not yet played, wherever it is (one card).
    """

    kind: MemoryKind
    suit: Suit
    cards: tuple[Card, ...]
    answer: frozenset[Card]

    @property
    def multiple(self) -> bool:
        """Whether the learner picks several cards."""
        return self.kind == "out"


@dataclasses.dataclass(frozen=True)
class Marked:
    """The learner's pick marked: right or not, the right cards missed and the wrong ones."""

    correct: bool
    missed: frozenset[Card]
    wrong: frozenset[Card]


def memory_deal(seed: int, tricks: int = TRICKS_PLAYED, rules: Rules | None = None) -> Deal:
    """The seeded deal after ``tricks`` whole tricks played by club players."""
    deal = Deal.new(rules or Rules.preset("standard"), seed=seed)
    club = RulesPlayer()
    while len(deal.tricks) < tricks and not deal.is_over():
        seat = deal.to_play
        assert seat is not None
        deal.play(club.choose(deal.view(seat)).card)
    return deal


def suit_cards(suit: Suit) -> tuple[Card, ...]:
    """The ten cards of ``suit``, strongest first (3, 2, A, R, C, F, 7, 6, 5, 4)."""
    return tuple(Card.of(rank, suit) for rank in sorted(Rank, reverse=True))


def played_cards(deal: Deal) -> frozenset[Card]:
    """Every card played so far."""
    return frozenset(play.card for play in deal.plays)


def cards_out(deal: Deal, suit: Suit, seat: Seat = Seat.S) -> frozenset[Card]:
    """The cards of ``suit`` neither played nor in ``seat``'s hand: the others hold them."""
    gone = played_cards(deal) | set(deal.hand(seat))
    return frozenset(card for card in suit_cards(suit) if card not in gone)


def master_card(deal: Deal, suit: Suit) -> Card | None:
    """The highest card of ``suit`` not yet played (None when the whole suit is gone)."""
    gone = played_cards(deal)
    return next((card for card in suit_cards(suit) if card not in gone), None)


def out_question(deal: Deal, suit: Suit, seat: Seat = Seat.S) -> MemoryQuestion:
    """Which cards of ``suit`` are still out? Picked among the suit's cards not held."""
    held = set(deal.hand(seat))
    cards = tuple(card for card in suit_cards(suit) if card not in held)
    return MemoryQuestion("out", suit, cards, cards_out(deal, suit, seat))


def master_question(deal: Deal, suit: Suit) -> MemoryQuestion:
    """Which card of ``suit`` is the master now? Picked among all ten cards of the suit."""
    master = master_card(deal, suit)
    if master is None:
        raise ValueError(f"every card of suit {suit.symbol} has been played")
    return MemoryQuestion("master", suit, suit_cards(suit), frozenset({master}))


def drill_questions(deal: Deal, seed: int, seat: Seat = Seat.S) -> tuple[MemoryQuestion, ...]:
    """Two "out" questions and one "master" question, on suits chosen with ``seed``;
    suits with at least three cards played come first (there memory matters)."""
    rng = random.Random(seed)
    gone = played_cards(deal)

    def order(suits: list[Suit]) -> list[Suit]:
        rng.shuffle(suits)
        return sorted(suits, key=lambda s: sum(c in gone for c in suit_cards(s)) < 3)

    outs = order([suit for suit in Suit if cards_out(deal, suit, seat)])[:2]
    masters = order([suit for suit in Suit if master_card(deal, suit) is not None])
    master = next((suit for suit in masters if suit not in outs), masters[0])
    return (*(out_question(deal, suit, seat) for suit in outs), master_question(deal, master))


def mark(question: MemoryQuestion, picked: Iterable[Card]) -> Marked:
    """Mark the learner's cards against the engine's answer."""
    chosen = frozenset(picked)
    return Marked(chosen == question.answer, question.answer - chosen, chosen - question.answer)
