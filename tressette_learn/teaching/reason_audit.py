"""Every reason a learner can read, held against the table: the stored puzzles' answers, the
guided hands' verdicts and a seeded sample of hint and review positions, each explanation
read by :func:`tressette_learn.ai.reason_check.refute` against the whole position. A
puzzle's reason must also rest on what its page shows (:mod:`.puzzles.shown`): a card named
as master or sure to win needs every higher card to be seen played, in a hand on the
page, or out of reach of the opponents still to play (they have shown out of the suit).

``tests/test_reason_check.py`` keeps :func:`findings` empty (it runs in ``make test``).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

from ..ai.explain import Explanation, explain
from ..ai.heuristic import advise
from ..ai.reason_check import MASTER, PARTNER_SURE, WINS, refute, still_to_play
from ..ai.review import judge_play
from ..content import names
from ..engine.cards import SUIT_MASKS, Card
from ..engine.deal import Deal
from ..engine.rules import Rules
from ..engine.tricks import winning_play
from .guided import HandScript, Walkthrough
from .puzzles import words
from .puzzles.bank import Puzzle, lessons_with_puzzles, load_puzzles
from .puzzles.lead_signals import after_lead
from .puzzles.shown import played_cards, voids

SAMPLE_DEALS = 60  # seeded deals for the hint and review sample (about 500 positions)


@dataclasses.dataclass(frozen=True)
class Finding:
    """A reason the position disproves: where it is read, what it says, what is wrong."""

    where: str
    said: str
    wrong: str

    def __str__(self) -> str:
        return f"{self.where}: {self.said!r}: {self.wrong}"


# -- puzzles ----------------------------------------------------------------------------------
def puzzles() -> Iterator[Puzzle]:
    """Every stored puzzle."""
    for lesson in lessons_with_puzzles():
        yield from load_puzzles(lesson)


def puzzle_findings(puzzle: Puzzle) -> Iterator[Finding]:
    """A puzzle's one reason (one right card, no signal asked): refuted by the position, or
    resting on a card the page does not show."""
    if puzzle.lead_signal == "busso":
        yield from _busso_findings(puzzle)
    if puzzle.lead_signal or len(puzzle.answer.accepted) != 1:
        return
    why = words.reason(puzzle)
    assert isinstance(why, Explanation)
    deal, card = puzzle.deal(), puzzle.answer.accepted[0]
    where = f"puzzle {puzzle.lesson}/{puzzle.id}"
    wrong = refute(why, deal, card, shown=puzzle.shown) or unseen(puzzle, why, card)
    if wrong:
        yield Finding(where, why.get("en"), wrong)


def _busso_findings(puzzle: Puzzle) -> Iterator[Finding]:
    """A busso lead's answer names the highest card still out: the cards above it must be
    seen played (or in the learner's hand)."""
    deal = puzzle.deal()
    seen = _seen(puzzle, deal)
    for card in puzzle.answer.accepted:
        master = after_lead(deal, card)["master"]
        if master is not None and _above(master) & ~seen:
            yield Finding(f"puzzle {puzzle.lesson}/{puzzle.id}", str(master),
                          "named the highest card out, but the page does not show why")


def _seen(puzzle: Puzzle, deal: Deal) -> int:
    """The cards the page shows: played, on the table, in the learner's hand."""
    seen = sum(c.bit for c in played_cards(deal)) | sum(p.card.bit for p in deal.current)
    return seen | deal.hand_mask(puzzle.seat)


def _above(card: Card) -> int:
    return SUIT_MASKS[card.suit] & ~((2 << card.index) - 1)


def unseen(puzzle: Puzzle, why: Explanation, card: Card) -> str | None:
    """What a master / sure-to-win reason relies on that the puzzle's page does not show."""
    deal = puzzle.deal()
    claimed = _claimed(why, deal, card)
    if claimed is None:
        return None
    if puzzle.shown:
        return None
    higher = _above(claimed) & ~_seen(puzzle, deal)
    if why.reason in MASTER:
        return f"{claimed} is named master but the page does not show the higher cards gone" \
            if higher else None
    out_of_suit = {seat for seat, suit in voids(deal) if suit == claimed.suit}
    me = puzzle.seat
    seats = still_to_play(deal) if deal.current and why.reason != "last_trick" else deal.seats
    reach = [s for s in seats
             if s != me and deal.side_of(s) != deal.side_of(me) and s not in out_of_suit]
    if higher and reach:
        return (f"{claimed} is named sure to win but the page does not show that "
                f"{', '.join(s.name for s in reach)} cannot hold a higher card")
    return None


def _claimed(why: Explanation, deal: Deal, card: Card) -> Card | None:
    """The card a reason names as master or sure to win (the partner's, or ours)."""
    if why.reason in WINS:
        return card
    if why.reason in PARTNER_SURE:
        best = winning_play(deal.current).card
        return card if card.beats(best) else best
    if why.reason == "last_trick":
        kept: Card = why.phrase.facts["kept"]
        return kept
    return None


# -- guided hands -----------------------------------------------------------------------------
def guided_findings(name: str) -> Iterator[Finding]:
    """Every card the learner may click at a guided hand's moves: the verdict's reason."""
    script = HandScript.load(name)
    walk = Walkthrough(script)
    for step in sorted(script.your_moves):
        deal = walk.deal_at(step)
        for card in deal.legal_cards():
            judged = judge_play(deal, card, values=script.solved.get(step))
            wrong = refute(judged.explanation, deal, judged.explained, played=card)
            if wrong:
                yield Finding(f"guided {name} step {step} ({card})",
                              judged.explanation.get("en"), wrong)


def guided_names() -> list[str]:
    return names("hands", ".json")


# -- hints and reviews ------------------------------------------------------------------------
def sampled_findings(deals: int = SAMPLE_DEALS, seed: int = 25) -> Iterator[Finding]:
    """Seeded deals of every table played by the club player: at each sampled position the
    reason a hint could give for every legal card (the view alone; the club player's card
    is also held to the advice its reason gives) and the review's reason for the club
    player's card (the whole deal known, a random card played). Each sampled position is
    counted in :data:`checked`."""
    rng = random.Random(seed)
    presets = ("standard", "a_perdere", "a_due")
    for n in range(deals):
        deal = Deal.new(Rules.preset(presets[n % len(presets)]), seed=seed * 1000 + n)
        while not deal.is_over():
            seat = deal.to_play
            assert seat is not None
            advice = advise(deal.view(seat))
            if rng.random() < 0.25:
                checked.append(1)
                yield from _position_findings(deal, advice.card, rng, f"deal {n}")
            deal.play(advice.card, advice.signal)


checked: list[int] = []


def _position_findings(deal: Deal, advised: Card, rng: random.Random,
                       where: str) -> Iterator[Finding]:
    seat = deal.to_play
    assert seat is not None
    view = deal.view(seat)
    at = f"{where} play {len(deal.plays)}"
    for card in deal.legal_cards():
        hint = explain(view, card)
        wrong = refute(hint, deal, card, advice=card == advised)
        if wrong:
            yield Finding(f"hint {at} ({card})", hint.get("en"), wrong)
    played = rng.choice(list(deal.legal_cards()))
    review = explain(view, advised, deal=deal, played=played)
    wrong = refute(review, deal, advised, played=played)
    if wrong:
        yield Finding(f"review {at}", review.get("en"), wrong)


def findings() -> list[Finding]:
    """Every refuted reason: puzzles, guided hands, the hint and review sample."""
    out = [f for p in puzzles() for f in puzzle_findings(p)]
    out += [f for name in guided_names() for f in guided_findings(name)]
    out += list(sampled_findings())
    return out
