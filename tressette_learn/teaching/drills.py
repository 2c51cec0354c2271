"""Drills drawn from seeded deals: reading a partner's signal, and counting the Aces and
Threes still out. Every fact comes from the engine: the deal is played with random legal
cards, the signal is one the engine finds true, and what partner surely holds is what the
signal's truth rule (:func:`~tressette_learn.engine.signals.signal_problem`) leaves in every
holding it allows. The same seed gives the same drill, so a drill is rebuilt from its id.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Callable, Iterator, Mapping

from ..engine.cards import FULL_DECK_MASK, Card, Hand, Rank, Suit, mask_of
from ..engine.deal import Deal
from ..engine.rules import Rules
from ..engine.seats import Seat
from ..engine.signals import signal_problem
from ..engine.tricks import Play, Signal
from ..i18n import Phrase, Wording
from .course import by_role
from .questions import Choice, Question, QuestionError, joined

LEARNER = Seat.S
PARTNER = LEARNER.partner
COUNTED = (Rank.ASSO, Rank.THREE)  # the cards a counting drill asks about
DECOYS = 2  # cards of the suit offered as "partner holds ..." (the best ones still unseen)
TRIES = 50  # deals drawn before a seed is given up


@dataclasses.dataclass(frozen=True)
class Drill:
    """A kind of drill: its name, the role of the lesson that teaches it (in
    ``lessons/course.yaml``) and how a seed builds one."""

    name: str
    role: str
    build: Callable[[str, random.Random], Question]

    @property
    def lesson(self) -> str:
        """The id of the lesson that teaches it."""
        return by_role(self.role).id

    @property
    def source(self) -> str:
        """The set its results are recorded under: ``drill-signals``."""
        return f"drill-{self.name}"

    def question(self, seed: int) -> Question:
        """The drill drawn from ``seed`` (id ``<name>-<seed>``)."""
        return self.build(f"{self.name}-{seed}", random.Random(seed))


def drill(name: str) -> Drill:
    """The drill called ``name`` (QuestionError naming the known ones)."""
    if name not in DRILLS:
        raise QuestionError(f"unknown drill {name!r}: choose one of {', '.join(DRILLS)}")
    return DRILLS[name]


def drill_of(source: str, item: str) -> tuple[Drill, Question]:
    """The drill recorded as ``source`` and ``item`` (QuestionError if it is not one)."""
    name = source.removeprefix("drill-")
    prefix, _, seed = item.rpartition("-")
    if not source.startswith("drill-") or prefix != name or not seed.isdigit():
        raise QuestionError(f"{source} {item}: not a drill")
    found = drill(name)
    return found, found.question(int(seed))


def fresh(seed: int, n: int) -> list[tuple[Drill, Question]]:
    """``n`` drills taking the kinds in turn, drawn from ``seed``."""
    rng, kinds = random.Random(seed), list(DRILLS.values())
    return [(kind, kind.question(rng.randrange(2**31)))
            for kind in itertools.islice(itertools.cycle(kinds), n)]


# ----------------------------------------------------------------------- the deals


def _tricks_played(rng: random.Random, tricks: int) -> Deal:
    """A standard deal after ``tricks`` whole tricks of random legal cards."""
    deal = Deal.new(Rules(), seed=rng.randrange(2**32))
    for _ in range(tricks * deal.trick_size):
        deal.play(rng.choice(deal.legal_cards()))
    return deal


def _partner_leads(rng: random.Random) -> Deal:
    """A deal at the start of a trick that the learner's partner leads."""
    for _ in range(TRIES):
        deal = _tricks_played(rng, rng.randrange(8))
        if deal.to_play == PARTNER and len(deal.hand(PARTNER)) > 1:
            return deal
    raise QuestionError("no deal found where partner leads")


# -------------------------------------------------------------------- reading a signal


def _signalled_lead(deal: Deal, rng: random.Random) -> tuple[Card, Signal]:
    """A card partner leads and the signal a good player gives on it: a busso two times
    in five when one is true (it tells the most), else any card (with its own signal)."""
    hand = list(deal.hand(PARTNER))
    knocks = [card for card in hand if deal.good_signal(card) == "busso"]
    lead = rng.choice(knocks if knocks and rng.random() < 0.4 else hand)
    signal = deal.good_signal(lead)
    assert signal is not None  # at a table with signals every lead carries one
    return lead, signal


def _holdings(unseen: int, lead: Card, signal: str, unplayed: int, size: int) -> Iterator[int]:
    """Every holding of the led suit (a mask of unseen cards, ``size`` at most) that the
    signal's truth rule allows the leader."""
    cards = list(Hand.from_mask(unseen))
    for count in range(min(size, len(cards)) + 1):
        for held in itertools.combinations(cards, count):
            mask = mask_of(held)
            if signal_problem(signal, lead, mask, unplayed) is None:
                yield mask


def _statements(unseen: int, suit: Suit) -> list[tuple[str, Callable[[int], bool], Wording]]:
    """What could be said of partner's holding: the best unseen cards, none, more."""
    best = sorted(Hand.from_mask(unseen), key=lambda card: card.rank, reverse=True)[:DECOYS]
    return [*((f"holds-{card}", lambda held, c=card: bool(held & c.bit),
               Phrase.of("drill.signal.holds", card=card)) for card in best),
            ("none", lambda held: not held, Phrase.of("drill.signal.none", suit=suit)),
            ("more", lambda held: bool(held), Phrase.of("drill.signal.more", suit=suit))]


def signal_reading(qid: str, rng: random.Random) -> Question:
    """Partner leads with a true signal: which statement about partner's cards is sure?"""
    deal = _partner_leads(rng)
    lead, signal = _signalled_lead(deal, rng)
    suit, played = lead.suit, deal.played_mask
    unplayed = FULL_DECK_MASK & ~played & ~lead.bit
    unseen = unplayed & suit.mask & ~deal.hand_mask(LEARNER)
    allowed = list(_holdings(unseen, lead, signal, unplayed, len(deal.hand(PARTNER)) - 1))
    statements = _statements(unseen, suit)
    keys = [key for key, _holds, _label in statements]
    sure = frozenset(key for key, holds, _label in statements
                     if all(holds(held) for held in allowed))
    unsure = [card for card in Hand.from_mask(unseen) if f"holds-{card}" in keys
              and f"holds-{card}" not in sure]
    return Question(qid, "choice", Phrase.of(f"drill.signal.prompt.{signal}", card=lead), sure,
                    _signal_why(signal, lead, unplayed, unsure), Phrase.of("quiz.hint.signal"),
                    trick=(Play(PARTNER, lead, signal),), hand=tuple(deal.hand(LEARNER)),
                    played=tuple(Hand.from_mask(played)),
                    choices=tuple(Choice(key, label) for key, _holds, label in statements))


def _signal_why(signal: str, lead: Card, unplayed: int, unsure: list[Card]) -> Wording:
    """What the signal means, and the cards offered that it does not promise."""
    facts: dict[str, object] = {"card": lead, "suit": lead.suit}
    if signal == "busso":
        facts["top"] = _top(unplayed, lead.suit)
    return joined([Phrase.of(f"quiz.meaning.{signal}", **facts),
                   *(Phrase.of("drill.signal.unsure", card=card) for card in unsure)])


def _top(mask: int, suit: Suit) -> Card:
    """The strongest card of ``suit`` in ``mask`` (which holds one)."""
    return max(Hand.from_mask(mask & suit.mask), key=lambda card: card.rank)


# ------------------------------------------------------------------------- counting


def counting(qid: str, rng: random.Random) -> Question:
    """After some tricks: which Aces and Threes are still out, in the other hands?"""
    for _ in range(TRIES):
        deal = _tricks_played(rng, rng.randint(3, 7))
        counted = [Card.of(rank, suit) for rank in COUNTED for suit in Suit]
        mine, played = deal.hand_mask(LEARNER), deal.played_mask
        out = frozenset(card for card in counted if not card.bit & (mine | played))
        if out:
            break
    else:
        raise QuestionError("no deal found with an Ace or a Three still out")
    gone = [card for card in counted if card.bit & played]
    held = [card for card in counted if card.bit & mine]
    why = [Phrase.of("drill.count.out", cards=Hand(out)),
           Phrase.of("drill.count.gone", cards=Hand(gone)) if gone else None,
           Phrase.of("drill.count.held", cards=Hand(held)) if held else None]
    plays = tuple(card for trick in deal.tricks for card in trick.cards)
    return Question(qid, "still_out", Phrase.of("drill.count.prompt", n=len(deal.tricks)),
                    out, joined(part for part in why if part is not None),
                    Phrase.of("drill.count.hint"), cards=tuple(counted),
                    hand=tuple(deal.hand(LEARNER)), played=plays)


DRILLS: Mapping[str, Drill] = {
    "signals": Drill("signals", "signals", signal_reading),
    "counting": Drill("counting", "strategy", counting),
}
