"""Quiz questions drawn from a seed: the same seed gives the same question, so a class can
share one quiz. Each kind deals a game with random legal plays and asks about it."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from ..engine.cards import DECK, Card, Hand, Rank, Suit
from ..engine.deal import Deal
from ..engine.declarations import TOP_RANKS
from ..engine.rules import Rules
from ..engine.seats import Seat, seats_for
from ..engine.tricks import Play
from .questions import (
    INPUTS,
    Question,
    QuestionError,
    at_table,
    count_question,
    declarations_question,
    legal_question,
    meaning_question,
    name_question,
    order_question,
    signal_question,
    stock_note,
    value_question,
    winner_question,
)

#: Every kind of question, in the order a quiz takes them.
KINDS = tuple(INPUTS)
#: The seat a question calls "you": a signal is yours, a partner's signal is North's.
LEARNER = Seat.S


def generate(kind: str, seed: int, rules: Rules | None = None) -> Question:
    """A question of ``kind`` drawn from ``seed``: the same seed gives the same question."""
    if kind not in _GENERATORS:
        raise QuestionError(f"unknown kind {kind!r}: choose one of {', '.join(KINDS)}")
    rules = rules or Rules()
    if kind in ("signal", "meaning") and not rules.signals:
        raise QuestionError("signals are not used at this table (gioco muto)")
    if kind == "declarations" and not rules.declarations:
        raise QuestionError("declarations are not used at this table")
    return _GENERATORS[kind](f"{kind}-{seed}", random.Random(seed), rules)


def make_quiz(kinds: Sequence[str], n: int, seed: int,
              rules: Rules | None = None) -> list[Question]:
    """``n`` questions taking the kinds in turn; the same seed gives the same quiz."""
    if not kinds:
        raise QuestionError("a quiz needs at least one kind of question")
    rng = random.Random(seed)
    return [generate(kinds[i % len(kinds)], rng.randrange(2**31), rules) for i in range(n)]


def _deal_at(rng: random.Random, rules: Rules, tricks: int, extra: int = 0) -> Deal:
    """A seeded deal after ``tricks`` whole tricks and ``extra`` cards, all random legal."""
    deal = Deal.new(rules, seed=rng.randrange(2**32))
    for _ in range(tricks * deal.trick_size + extra):
        deal.play(rng.choice(deal.legal_cards()))
    return deal


def _gen_winner(qid: str, rng: random.Random, rules: Rules) -> Question:
    deal = _deal_at(rng, rules, rng.randrange(rules.tricks_per_deal), 0)
    while len(deal.current) < deal.trick_size - 1:
        deal.play(rng.choice(deal.legal_cards()))
    last = rng.choice(deal.legal_cards())
    plays = (*deal.current, Play(deal.to_play, last))  # type: ignore[arg-type]
    return winner_question(qid, plays)


def _gen_legal(qid: str, rng: random.Random, rules: Rules) -> Question:
    deal = _deal_at(rng, rules, rng.randrange(rules.tricks_per_deal),
                    rng.randrange(1, len(seats_for(rules.players))))
    assert deal.to_play is not None
    must_follow = deal.must_follow()
    question = legal_question(qid, deal.current, deal.hand(deal.to_play), must_follow)
    return at_table(question, stock_note(rules, must_follow))


def _gen_order(qid: str, rng: random.Random, _rules: Rules) -> Question:
    suit = rng.choice(list(Suit))
    cards = rng.sample([Card.of(rank, suit) for rank in Rank], rng.randint(4, 6))
    if cards == sorted(cards, reverse=True):
        cards.reverse()
    return order_question(qid, cards)


def _gen_name(qid: str, rng: random.Random, _rules: Rules) -> Question:
    cards = rng.sample(list(DECK), rng.randint(4, 6))
    return name_question(qid, rng.choice(cards), cards)


def _gen_count(kind: str) -> Callable[[str, random.Random, Rules], Question]:
    def gen(qid: str, rng: random.Random, rules: Rules) -> Question:
        pile = rng.sample(DECK, rng.randint(4, 8))
        return count_question(qid, kind, pile, rules, last_trick=rng.random() < 0.4)
    return gen


def _gen_declarations(qid: str, rng: random.Random, _rules: Rules) -> Question:
    held: set[Card] = set()
    for _ in range(rng.choice((0, 1, 1, 2))):
        if rng.random() < 0.5:
            suit = rng.choice(list(Suit))
            held.update(Card.of(rank, suit) for rank in TOP_RANKS)
        else:
            rank = rng.choice(TOP_RANKS)
            held.update(Card.of(rank, s) for s in rng.sample(list(Suit), rng.choice((3, 3, 4))))
    rest = [card for card in DECK if card not in held]
    held.update(rng.sample(rest, 10 - len(held)))
    return declarations_question(qid, held)


def _signal_lead(rng: random.Random, rules: Rules) -> tuple[Deal, Card]:
    """A deal at the start of a trick and a card its leader leads (often one for busso)."""
    deal = _deal_at(rng, rules, rng.randrange(rules.tricks_per_deal))
    hand = list(deal.hand(deal.to_play))  # type: ignore[arg-type]
    knocks = [card for card in hand if deal.good_signal(card) == "busso"]
    return deal, rng.choice(knocks if knocks and rng.random() < 0.5 else hand)


def _gen_signal(qid: str, rng: random.Random, rules: Rules) -> Question:
    deal, lead = _signal_lead(rng, rules)
    assert deal.to_play is not None
    hand, played = deal.hand(deal.to_play), Hand.from_mask(deal.played_mask)
    return signal_question(qid, hand, lead, played, LEARNER)  # the leader is "you"


def _gen_meaning(qid: str, rng: random.Random, rules: Rules) -> Question:
    deal, lead = _signal_lead(rng, rules)
    signal = deal.good_signal(lead)
    assert signal is not None  # at a table with signals every lead carries one
    played = Hand.from_mask(deal.played_mask)
    return meaning_question(qid, LEARNER.partner, lead, signal, played)  # "your partner"


def _gen_value(qid: str, rng: random.Random, rules: Rules) -> Question:
    return value_question(qid, rng.choice(DECK), rules)


_GENERATORS: Mapping[str, Callable[[str, random.Random, Rules], Question]] = {
    "winner": _gen_winner, "legal": _gen_legal, "order": _gen_order,
    "thirds": _gen_count("thirds"), "points": _gen_count("points"),
    "declarations": _gen_declarations, "signal": _gen_signal, "meaning": _gen_meaning,
    "choice": _gen_value, "name": _gen_name,
}
