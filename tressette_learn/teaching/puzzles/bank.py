"""The puzzle bank: ``lessons/puzzles/<lesson id>.json``, one file per lesson.

A file holds ``{"lesson": "07_strategy", "puzzles": [...]}``; each puzzle::

    {"id": "last_trick_1021", "theme": "last_trick", "seed": 1021,
     "seat": "S", "shown": true, "goal": 7,          # goal: points to make, or null
     "facts": {"ace": "Ac"},                          # what the theme's sentences name
     "record": {...the deal record, plays up to the puzzle...},
     "answer": {"deals": 1, "accepted": ["Rc"],
                "cards": {"Rc": {"points": 7, "loss": 0.0, "worst": 0, "best_share": 1.0},
                          "3c": {"points": 6, "loss": 1.0, "worst": 1, "best_share": 0.0,
                                 "layout": {"N": [...], "W": [...], "E": [...]}}}}}

``answer`` is the solver's (see :mod:`.check`; ``layout``: a re-dealt hidden layout where the
card goes wrong). The texts come from ``lessons/strings`` keyed by theme
(``puzzle.<theme>.prompt`` ...), with the facts filled in. Errors name the file and field.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from ...content import ContentError, load, names
from ...engine.cards import Card, CardError, Hand, Suit
from ...engine.deal import Deal
from ...engine.records import DealRecord, RecordError
from ...engine.seats import Seat, SeatError
from ...engine.tricks import Signal
from .check import Answer, CardResult
from .themes import BY_NAME, Theme

FIELDS = ("id", "theme", "seed", "seat", "shown", "goal", "facts", "record", "answer")
CARD_FIELDS = ("points", "loss", "worst", "best_share")


def _card(value: Any) -> Card:
    if not isinstance(value, str):
        raise ValueError(f"expected a card like '3c', not {value!r}")
    return Card.parse(value)


def _cards(value: Any) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise ValueError(f"expected a list of cards, not {value!r}")
    return tuple(_card(v) for v in value)


def _suit(value: Any) -> Suit:
    if not isinstance(value, str):
        raise ValueError(f"expected a suit letter (d c s b), not {value!r}")
    return Suit.parse(value)


def _signal(value: Any) -> str:
    if value not in ("busso", "volo", "striscio"):
        raise ValueError(f"expected busso, volo or striscio, not {value!r}")
    return str(value)


#: How each fact is read (stored as text: cards '3c', suits 'c', seats 'N').
FACTS: Mapping[str, Callable[[Any], Any]] = {
    "card": _card, "led": _card, "ace": _card, "three": _card, "two": _card, "cards": _cards,
    "suit": _suit, "plain": _suit, "seat": lambda v: Seat.parse(v), "signal": _signal,
    "n": lambda v: _count(v, 21),
}


def _count(value: Any, most: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= most:
        raise ValueError(f"expected a whole number from 0 to {most}, not {value!r}")
    return value


def fact_text(value: Any) -> Any:
    """A fact as stored: cards and seats as their short names, suits as their letter."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple):
        return [fact_text(v) for v in value]
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, Seat):
        return value.name
    return value


@dataclasses.dataclass(frozen=True)
class Puzzle:
    """One checked puzzle: the position after ``record``'s plays, ``seat`` to play."""

    id: str
    theme: str
    lesson: str
    seed: int
    seat: Seat
    shown: bool
    goal: int | None
    facts: Mapping[str, Any]
    record: DealRecord
    answer: Answer

    @property
    def lead_signal(self) -> Signal | None:
        """The signal the learner's lead carries ("which card signals?"), else ``None``."""
        return BY_NAME[self.theme].lead_signal

    def deal(self) -> Deal:
        """The position, replayed from the record (a fresh deal each call)."""
        return self.record.replay()

    def to_json(self) -> dict[str, Any]:
        """The stored form."""
        return {"id": self.id, "theme": self.theme, "seed": self.seed, "seat": self.seat.name,
                "shown": self.shown, "goal": self.goal,
                "facts": {k: fact_text(v) for k, v in self.facts.items()},
                "record": self.record.to_json(), "answer": self.answer.to_json()}


def puzzle_source(lesson: str) -> str:
    """The id under which the results of ``lesson``'s puzzles are recorded."""
    return f"puzzles-{lesson}"


def lessons_with_puzzles() -> list[str]:
    """The lessons that have a puzzle file."""
    return names("puzzles", ".json")


def load_puzzles(lesson: str) -> list[Puzzle]:
    """The puzzles of ``lesson`` (none when it has no file), checked."""
    if lesson not in lessons_with_puzzles():
        return []
    return read_file(lesson, load(f"puzzles/{lesson}.json"))


def read_file(lesson: str, data: Any) -> list[Puzzle]:
    """Check a parsed puzzle file; errors name the file, the puzzle and the field."""
    where = f"puzzles/{lesson}.json"
    if not isinstance(data, dict) or set(data) != {"lesson", "puzzles"}:
        raise ContentError(f"{where}: expected an object with 'lesson' and 'puzzles'")
    if data["lesson"] != lesson:
        raise ContentError(f"{where}: lesson: {data['lesson']!r} is not {lesson!r}")
    if not isinstance(data["puzzles"], list):
        raise ContentError(f"{where}: puzzles: expected a list")
    out = [read_puzzle(lesson, item, f"{where}: puzzles[{i}]")
           for i, item in enumerate(data["puzzles"])]
    ids = [p.id for p in out]
    for pid in sorted({i for i in ids if ids.count(i) > 1}):
        raise ContentError(f"{where}: id {pid!r} is used twice")
    return out


def read_puzzle(lesson: str, item: Any, where: str) -> Puzzle:
    """One puzzle object, checked field by field."""
    if not isinstance(item, dict):
        raise ContentError(f"{where}: expected an object")
    for field in FIELDS:
        if field not in item:
            raise ContentError(f"{where}: {field}: missing")
    for field in sorted(set(item) - set(FIELDS)):
        raise ContentError(f"{where}: {field}: unknown field")
    where = f"{where} ({item['id']})" if isinstance(item["id"], str) else where
    theme = BY_NAME.get(item["theme"]) if isinstance(item["theme"], str) else None
    if theme is None:
        raise ContentError(f"{where}: theme: unknown theme {item['theme']!r}")
    if theme.lesson != lesson:
        raise ContentError(f"{where}: theme: {theme.name} is taught in {theme.lesson}")
    record, deal = _position(item["record"], where)
    seat = _field(where, "seat", lambda v: Seat.parse(v), item["seat"])
    if deal.to_play != seat:
        raise ContentError(f"{where}: seat: {seat} is not to play after the record's plays")
    if not isinstance(item["shown"], bool) or not isinstance(item["id"], str):
        raise ContentError(f"{where}: {'shown' if isinstance(item['id'], str) else 'id'}: "
                           "wrong type")
    goal = None if item["goal"] is None else _field(where, "goal", lambda v: _count(v, 21),
                                                    item["goal"])
    return Puzzle(item["id"], theme.name, lesson,
                  _field(where, "seed", lambda v: _count(v, 10**9), item["seed"]), seat,
                  item["shown"], goal, _facts(where, item["facts"]), record,
                  _answer(where, item["answer"], deal, theme))


def _field(where: str, name: str, read: Callable[[Any], Any], value: Any) -> Any:
    try:
        return read(value)
    except (ValueError, CardError, SeatError) as err:
        raise ContentError(f"{where}: {name}: {err}") from None


def _position(value: Any, where: str) -> tuple[DealRecord, Deal]:
    try:
        record = DealRecord.from_json(value)
        deal = record.replay()
    except RecordError as err:
        raise ContentError(f"{where}: record: {err}") from None
    if deal.is_over():
        raise ContentError(f"{where}: record: the deal is over, no card is left to play")
    return record, deal


def _facts(where: str, value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ContentError(f"{where}: facts: expected an object")
    out = {}
    for key, fact in value.items():
        if key not in FACTS:
            raise ContentError(f"{where}: facts.{key}: unknown fact")
        out[key] = _field(where, f"facts.{key}", FACTS[key], fact)
    return out


def _answer(where: str, value: Any, deal: Deal, theme: Theme) -> Answer:
    if not isinstance(value, dict) or not isinstance(value.get("cards"), dict):
        raise ContentError(f"{where}: answer: expected an object with 'cards'")
    legal = set(deal.legal_cards())
    cards = {_field(where, "answer.cards", _card, k): v for k, v in value["cards"].items()}
    if set(cards) != legal:
        raise ContentError(f"{where}: answer.cards: expected every legal card "
                           f"({' '.join(sorted(map(str, legal)))})")
    results = tuple(_result(f"{where}: answer.cards.{c}", c, cards[c]) for c in sorted(cards))
    deals = _field(where, "answer.deals", lambda v: _count(v, 10**6), value.get("deals"))
    answer = theme.judged(deal, Answer(results, deals, deal.rules.low_wins))
    stored = _field(where, "answer.accepted", _cards, value.get("accepted"))
    if set(stored) != set(answer.accepted) or not stored:
        what = "leads that carry the signal (a good player's)" if theme.lead_signal else \
            "cards with no loss"
        raise ContentError(f"{where}: answer.accepted: not the {what}")
    return answer


def _result(where: str, card: Card, value: Any) -> CardResult:
    if not isinstance(value, dict) or not set(CARD_FIELDS) <= set(value):
        raise ContentError(f"{where}: expected {', '.join(CARD_FIELDS)}")
    for key in CARD_FIELDS:
        if not isinstance(value[key], (int, float)) or isinstance(value[key], bool):
            raise ContentError(f"{where}.{key}: expected a number")
    layout = value.get("layout")
    if layout is not None:
        try:
            layout = {Seat.parse(s): Hand(_cards(cs)) for s, cs in layout.items()}
        except (AttributeError, ValueError, CardError, SeatError) as err:
            raise ContentError(f"{where}.layout: {err}") from None
    return CardResult(card, int(value["points"]), float(value["loss"]), int(value["worst"]),
                      float(value["best_share"]), layout)
