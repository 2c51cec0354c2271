"""Guided hands: a deal record with commentary, stepped card by card.

A hand file (``lessons/hands/<name>.json``) holds::

    {"title": {"en": ..., "it": ...}, "seat": "S", "intro": {"en": ..., "it": ...},
     "record": {...a deal record...},
     "comments": {"4": {"en": ..., "it": ...}},     # shown after that many cards
     "your_moves": [13, 17],                         # plays the learner must find
     "hidden": true,                                 # optional: only the learner's hand
                                                     # is shown until their last move
     "signal_notes": {"13": {"en": ..., "it": ...}}} # optional: at these leads the
                                                     # record's signal (or none) is asked too

``your_moves`` are 0-based play numbers; each must be a play of a seat the learner
controls. The learner's card is judged by the exact solver: every card as good as the
best is right. ``lessons/hands/solved/<name>.json`` (``{"13": {"Ac": 7, "3c": 8}}``,
written by ``scripts/solve_hands.py``, checked by the tests) keeps the solver's answer for
each your-move: the points each legal card ends the deal with for the learner's side, so a
lesson judges without loading the compiled solver.

At a your-move in ``signal_notes`` (a lead) the learner gives a signal with the card, as at
the table: the record's signal, or none (*muta*), is the one to give; another is refused
with the note, which says why (a signal is public: when not to give one).
"""

from __future__ import annotations

import bisect
import dataclasses
import itertools
from collections.abc import Mapping
from typing import Any

from ..ai.review import ReviewedPlay, judge_play
from ..ai.solve import CardValue
from ..content import ContentError, lessons_dir, load
from ..engine.cards import Card, CardError
from ..engine.deal import Deal
from ..engine.records import DealRecord, RecordError
from ..engine.scoring import thirds_by_side
from ..engine.seats import Seat, SeatError
from ..i18n import Joined, Phrase, Wording, content_text

Text = Mapping[str, str]
FIELDS = {"title", "seat", "intro", "record", "comments", "your_moves", "hidden",
          "signal_notes"}
OPTIONAL = {"comments", "your_moves", "hidden", "signal_notes"}


@dataclasses.dataclass(frozen=True)
class HandScript:
    """A checked guided hand."""

    name: str
    title: Text
    seat: Seat
    intro: Text
    record: DealRecord
    comments: dict[int, Text]
    your_moves: frozenset[int]
    solved: Mapping[int, tuple[CardValue, ...]] = dataclasses.field(default_factory=dict)
    hidden: bool = False  # the others' hands stay hidden until the learner's last move
    signal_notes: dict[int, Text] = dataclasses.field(default_factory=dict)

    @property
    def length(self) -> int:
        """How many cards the record plays."""
        return len(self.record.plays)

    @classmethod
    def load(cls, name: str) -> HandScript:
        """Read and check ``lessons/hands/<name>.json`` (and its solver answers, if any)."""
        solved = f"hands/solved/{name}.json"
        return cls.from_json(name, load(f"hands/{name}.json"),
                             load(solved) if (lessons_dir() / solved).is_file() else {})

    @classmethod
    def from_json(cls, name: str, data: Any, solved: Any = None) -> HandScript:
        """Check a parsed hand file and its ``solved`` answers; errors name the file and the
        field."""
        where = f"hands/{name}.json"
        if not isinstance(data, dict):
            raise ContentError(f"{where}: expected an object")
        for field in sorted(FIELDS - OPTIONAL - set(data)):
            raise ContentError(f"{where}: {field}: missing")
        for field in sorted(set(data) - FIELDS):
            raise ContentError(f"{where}: {field}: unknown field")
        try:
            seat = Seat.parse(data["seat"])
        except SeatError as err:
            raise ContentError(f"{where}: seat: {err}") from None
        try:
            record = DealRecord.from_json(data["record"])
            final = record.replay()
        except RecordError as err:
            raise ContentError(f"{where}: record: {err}") from None
        hidden = data.get("hidden", False)
        if not isinstance(hidden, bool):
            raise ContentError(f"{where}: hidden: expected true or false")
        script = cls(name, _text(where, "title", data["title"]), seat,
                     _text(where, "intro", data["intro"]), record,
                     _comments(where, data.get("comments", {}), len(record.plays)),
                     frozenset(_moves(where, data.get("your_moves", []))),
                     _solved(f"hands/solved/{name}.json", {} if solved is None else solved),
                     hidden, _signal_notes(where, data.get("signal_notes", {}), final))
        _check_moves(where, script, final)
        for number in sorted(set(script.signal_notes) - script.your_moves):
            raise ContentError(f"{where}: signal_notes.{number}: not one of your_moves")
        for number in sorted(set(script.solved) - script.your_moves):
            raise ContentError(f"hands/solved/{name}.json: {number}: not one of your_moves")
        return script


def _text(where: str, field: str, value: Any) -> Text:
    return content_text(f"{where}: {field}", value)


def _comments(where: str, value: Any, plays: int) -> dict[int, Text]:
    if not isinstance(value, dict):
        raise ContentError(f"{where}: comments: expected an object keyed by play count")
    out: dict[int, Text] = {}
    for key, text in value.items():
        if not str(key).isdigit() or not 0 <= int(key) <= plays:
            raise ContentError(f"{where}: comments.{key}: not a play count from 0 to {plays}")
        out[int(key)] = _text(where, f"comments.{key}", text)
    return out


def _signal_notes(where: str, value: Any, final: Deal) -> dict[int, Text]:
    if not isinstance(value, dict):
        raise ContentError(f"{where}: signal_notes: expected an object keyed by play number")
    out: dict[int, Text] = {}
    for key, text in value.items():
        if not str(key).isdigit() or int(key) >= len(final.plays) \
                or final.replayed(int(key)).current:
            raise ContentError(f"{where}: signal_notes.{key}: not a lead of this record")
        out[int(key)] = _text(where, f"signal_notes.{key}", text)
    return out


def _moves(where: str, value: Any) -> list[int]:
    if not isinstance(value, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise ContentError(f"{where}: your_moves: expected a list of play numbers")
    return value


def _solved(where: str, value: Any) -> dict[int, tuple[CardValue, ...]]:
    if not isinstance(value, dict):
        raise ContentError(f"{where}: expected an object keyed by play number")
    out = {}
    for key, cards in value.items():
        if not str(key).isdigit() or not isinstance(cards, dict) or not cards:
            raise ContentError(f"{where}: {key}: expected {{card: points}} for a play")
        try:
            out[int(key)] = tuple(CardValue(Card.parse(c), None, _points(p))
                                  for c, p in cards.items())
        except (CardError, ValueError) as err:
            raise ContentError(f"{where}: {key}: {err}") from None
    return out


def _points(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 21:
        raise ValueError(f"points must be a whole number from 0 to 21, not {value!r}")
    return value


def _check_moves(where: str, script: HandScript, final: Deal) -> None:
    for number in sorted(script.your_moves):
        if not 0 <= number < script.length:
            raise ContentError(f"{where}: your_moves: {number} is not a play of this record")
        seat = final.plays[number].seat
        if final.controller(seat) != script.seat:
            raise ContentError(f"{where}: your_moves: play {number} is {seat}'s, "
                               f"not the learner's ({script.seat})")


@dataclasses.dataclass(frozen=True)
class Verdict:
    """The learner's card at a "your move": right or not, and the solver's judgement."""

    card: Card
    right: bool
    played_in_record: Card
    judged: ReviewedPlay

    @property
    def words(self) -> Wording:
        """What the learner reads: right (the best card, or one of several as good; and the
        record's card, when it was another one) or what the card costs and the better cards;
        then why the best card is good (after a wrong card, without what "another card"
        could cost: its own cost is said)."""
        judged = self.judged
        if not self.right:
            why = dataclasses.replace(judged.explanation, cost=None)
            return Joined((Phrase.of("guided.costs", card=self.card, cost=judged.cost,
                                     better=judged.better), why))
        said = [Phrase.of(right_key("guided", judged), card=self.card)]
        if self.card != self.played_in_record:
            said.append(Phrase.of("guided.also_good", card=self.played_in_record))
        return Joined((*said, judged.explanation))


def right_key(prefix: str, judged: ReviewedPlay) -> str:
    """``<prefix>.right`` when the card judged is the only best card, ``<prefix>.right.equal``
    when other cards are as good."""
    return f"{prefix}.right" if len(judged.best) == 1 else f"{prefix}.right.equal"


class Walkthrough:
    """A cursor over a hand script: ``step`` cards have been played."""

    def __init__(self, script: HandScript) -> None:
        self.script = script
        self._final = script.record.replay()
        self.step = 0
        ends = list(itertools.accumulate((len(t.plays) for t in self._final.tricks), initial=0))
        if ends[-1] < script.length:  # a record that stops inside a trick
            ends.append(script.length)
        self._ends = tuple(ends)

    def deal_at(self, step: int) -> Deal:
        """The deal after ``step`` cards (and the declarations or calls that follow them)."""
        if not 0 <= step <= self.script.length:
            raise ValueError(f"step must be from 0 to {self.script.length}, not {step}")
        return self._final.replayed(step)

    def comment(self, lang: str) -> str:
        """The commentary for the current step (the introduction at step 0)."""
        if self.step == 0 and 0 not in self.script.comments:
            return self.script.intro[lang]
        text = self.script.comments.get(self.step)
        return "" if text is None else text[lang]

    def is_your_move(self) -> bool:
        """Whether the learner must find the next card."""
        return self.step in self.script.your_moves

    def next_card(self) -> Card:
        """The card the record plays next."""
        return self._final.plays[self.step].card

    def forward(self) -> bool:
        """Go one card on; ``False`` at the end."""
        if self.step >= self.script.length:
            return False
        self.step += 1
        return True

    def back(self) -> bool:
        """Go one card back; ``False`` at the start."""
        if self.step == 0:
            return False
        self.step -= 1
        return True

    @property
    def tricks(self) -> int:
        """How many tricks the record plays (a last one begun counts)."""
        return len(self._ends) - 1

    def trick(self) -> int:
        """The trick on the table: the one in play, or the one just finished (1 at the
        start); when the learner is to move, the trick of that move (a lead begins it)."""
        step = self.step + 1 if self.is_your_move() else self.step
        return max(1, bisect.bisect_left(self._ends, step))

    def forward_trick(self) -> bool:
        """Go on to the end of the trick, stopping at a "your move"; ``False`` if the
        learner must move first or the record is over."""
        if self.is_your_move() or not self.forward():
            return False
        while self.step not in self._ends and not self.is_your_move():
            self.forward()
        return True

    def back_trick(self) -> bool:
        """Go back to the end of the trick before; ``False`` at the start."""
        if self.step == 0:
            return False
        self.step = max(end for end in self._ends if end < self.step)
        return True

    def judge(self, card: Card) -> Verdict:
        """Judge the learner's ``card`` for the next play with the exact solver."""
        judged = judge_play(self.deal_at(self.step), card, values=self.script.solved.get(self.step))
        return Verdict(card, judged.cost == 0, self.next_card(), judged)


def solver_answers(script: HandScript) -> dict[int, tuple[CardValue, ...]]:
    """The exact solver's value of every legal card at each of ``script``'s your-moves
    (what ``lessons/hands/solved`` stores)."""
    walk = Walkthrough(script)
    answers = {}
    for number in sorted(script.your_moves):
        deal = walk.deal_at(number)
        if cappotto_open(deal):
            raise ContentError(f"hands/{script.name}.json: your_moves: at play {number} a "
                               f"cappotto is still possible, which the solver (points only) "
                               f"does not value: choose a later move")
        answers[number] = judge_play(deal, next(iter(deal.legal_cards()))).values
    return answers


def cappotto_open(deal: Deal) -> bool:
    """Whether some side (each for himself: some player) may still make a cappotto.

    The solver counts points only, so its values ignore what a cappotto does to the score
    (a bonus, or the Traversone's reversed cappotto: the taker scores 0, every other player
    all the points); a your-move is solved once no cappotto can happen."""
    rules = deal.rules
    if not rules.cappotto:
        return False
    if rules.cappotto_definition == "all_tricks":
        return len({deal.side_of(t.winner) for t in deal.tricks if t.winner is not None}) <= 1
    taken = thirds_by_side(deal)
    spare = rules.total_thirds - 3 * rules.deal_points  # thirds lost to rounding at most
    return any(sum(taken.values()) - mine <= spare for mine in taken.values())
