"""Marking a learner's answer to a :class:`~.questions.Question`, and saying why.

:func:`check` reads the answer in the question's own form (:func:`read_answer`), marks it
(:func:`is_right`) and explains it; a wrong answer also says what went wrong with it. An
answer that cannot be read is a message (a wording, in the learner's language), never an
exception.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..engine.cards import Card, CardError, Hand, Rank, Suit
from ..engine.declarations import TOP_RANKS, Declaration
from ..i18n import Phrase, Wording
from .questions import (
    NOTHING,
    Answer,
    OtherName,
    Question,
    buon_gioco_words,
    decl_key,
    decl_label,
    joined,
)


@dataclasses.dataclass(frozen=True)
class Feedback:
    """The verdict on one answer; ``valid`` is False for an answer that could not be read."""

    correct: bool
    explanation: Wording
    valid: bool = True
    answer: Any = None


class AnswerError(ValueError):
    """An answer that cannot be read; ``text`` says what to do."""

    def __init__(self, text: Wording):
        super().__init__(text.get("en"))
        self.text = text


def check(question: Question, answer: Any) -> Feedback:
    """Mark ``answer`` and say why; a malformed answer gives ``valid=False`` and what to fix."""
    try:
        given = read_answer(question, answer)
    except AnswerError as err:
        return Feedback(False, err.text, valid=False)
    if is_right(question, given):
        return Feedback(True, joined([Phrase.of("quiz.right"), question.explanation]),
                        answer=to_json(given))
    # The engine's explanations name the answer; a hand-written one may not.
    answer = [answer_text(question)] if question.kind == "choice" else []
    parts = [Phrase.of("quiz.wrong"), *_DETAILS.get(question.kind, _no_detail)(question, given),
             *answer, question.explanation]
    return Feedback(False, joined(parts), answer=to_json(given))


def is_right(question: Question, given: Answer) -> bool:
    """True when a read answer (see :func:`read_answer`) is right."""
    if question.input == "choice" and isinstance(question.answer, frozenset):
        return given in question.answer
    return given == question.answer


def read_answer(question: Question, answer: Any) -> Answer:
    """The answer in the question's own form; :class:`AnswerError` when it cannot be read."""
    return _READERS[question.input](question, answer)


def _read_card(question: Question, value: Any) -> Card:
    if isinstance(value, str):
        try:
            value = Card.parse(value)
        except CardError:
            text = value.strip()[:12]
            raise AnswerError(Phrase.of("quiz.error.unknown_card", text=text)) from None
    if not isinstance(value, Card):
        raise AnswerError(Phrase.of("quiz.error.card"))
    if value not in question.cards:
        raise AnswerError(Phrase.of("quiz.error.not_shown", card=value))
    return value


def _items(value: Any) -> list[Any]:
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if isinstance(value, (Mapping, bytes)) or not isinstance(value, Iterable):
        raise AnswerError(Phrase.of("quiz.error.empty"))
    items = list(value)
    if not items:
        raise AnswerError(Phrase.of("quiz.error.empty"))
    return items


def _read_cards(question: Question, value: Any) -> frozenset[Card]:
    return frozenset(_read_card(question, item) for item in _items(value))


def _read_order(question: Question, value: Any) -> tuple[Card, ...]:
    cards = tuple(_read_card(question, item) for item in _items(value))
    if len(cards) != len(question.cards) or set(cards) != set(question.cards):
        raise AnswerError(Phrase.of("quiz.error.order", count=len(question.cards)))
    return cards


def _read_number(_question: Question, value: Any) -> int:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise AnswerError(Phrase.of("quiz.error.number"))
    return value


def _read_choice(question: Question, value: Any) -> str:
    keys = [c.key for c in question.choices]
    if isinstance(value, Declaration):
        value = decl_key(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(keys):
        return keys[value]
    if isinstance(value, str) and value in keys:
        return value
    raise AnswerError(Phrase.of("quiz.error.choice"))


def _read_choices(question: Question, value: Any) -> frozenset[str]:
    if isinstance(value, (str, int, Declaration)):
        value = [value]
    keys = frozenset(_read_choice(question, item) for item in _items(value))
    if NOTHING in keys and len(keys) > 1:
        raise AnswerError(Phrase.of("quiz.error.none_alone"))
    return keys


_READERS: Mapping[str, Callable[[Question, Any], Answer]] = {
    "card": _read_card, "cards": _read_cards, "order": _read_order, "number": _read_number,
    "choice": _read_choice, "choices": _read_choices,
}


def to_json(answer: Answer) -> Any:
    """A read answer as JSON for an event: ``"3c"``, ``["2c", "3c"]``, ``7``, ``"busso"``."""
    if isinstance(answer, Card):
        return str(answer)
    if isinstance(answer, frozenset):
        return sorted(str(item) for item in answer)
    if isinstance(answer, tuple):
        return [str(item) for item in answer]
    return answer


def answer_text(question: Question) -> Phrase:
    """``The answer: ...``: the right answer in words."""
    value: Any = question.answer
    if question.input in ("choice", "choices"):
        keys = [value] if isinstance(value, str) else sorted(value)
        value = joined([question.choice(key).label for key in keys], "; ")
    elif isinstance(value, frozenset):
        value = Hand(value)
    return Phrase.of("quiz.answer_is", answer=value)


# ---------------------------------------------------------- why a wrong answer is wrong


def _no_detail(_question: Question, _given: Any) -> list[Phrase]:
    return []


def _winner_detail(question: Question, given: Any) -> list[Phrase]:
    led = question.trick[0].card.suit
    if given.suit != led:
        return [Phrase.of("quiz.winner.picked_off", card=given, suit=led)]
    return [Phrase.of("quiz.winner.picked_lower", winner=question.answer, card=given)]


def _name_detail(_question: Question, given: Any) -> list[Phrase]:
    return [Phrase.of("quiz.name.picked", card=given, other=OtherName(given))]


def _cards_detail(wrong_key: str, missed_key: str) -> Callable[[Question, Any], list[Phrase]]:
    """For a set of cards: the cards picked wrongly (``wrong_key``) and those missed (when
    some were found: none found, the answer that follows names them all already)."""
    def detail(question: Question, given: Any) -> list[Phrase]:
        assert isinstance(question.answer, frozenset)
        wrong, missed = Hand(given - question.answer), Hand(question.answer - given)
        found = bool(given & question.answer)
        return ([Phrase.of(wrong_key, cards=wrong)] if wrong else []) + \
            ([Phrase.of(missed_key, cards=missed)] if missed and found else [])
    return detail


def _order_detail(_question: Question, given: Any) -> list[Phrase]:
    for first, second in zip(given, given[1:], strict=False):
        if second.beats(first):
            return [Phrase.of("quiz.order.swap", first=second, second=first)]
    return []


def _count_detail(question: Question, given: Any) -> list[Phrase]:
    return [Phrase.of("quiz.count.yours", given=given, right=question.answer)]


def _declarations_detail(question: Question, given: Any) -> list[Phrase]:
    assert isinstance(question.answer, frozenset)
    held = set(question.hand)
    notes = [_why_not(key, held) for key in sorted(given - question.answer) if key != NOTHING]
    missed = sorted(question.answer - given - {NOTHING})
    if missed:
        notes.append(Phrase.of("quiz.decl.missed",
                               combos=joined([decl_label(k) for k in missed], "; ")))
    return notes


def _why_not(key: str, held: set[Card]) -> Phrase:
    combo, symbol, *count = key.split("-")
    if combo == "napoletana":
        suit = Suit.parse(symbol)
        lacking = [Card.of(r, suit) for r in TOP_RANKS if Card.of(r, suit) not in held]
        return Phrase.of("quiz.decl.not_napoletana", suit=suit, cards=lacking)
    rank = Rank.parse(symbol)
    return Phrase.of("quiz.decl.not_buon_gioco", **buon_gioco_words(symbol, count[0]),
                     n=sum(Card.of(rank, s) in held for s in Suit))


def _signal_detail(question: Question, given: Any) -> list[Phrase]:
    return [Phrase.of("quiz.signal.picked_false", signal=question.choice(given).label)]


def _meaning_detail(question: Question, given: Any) -> list[Phrase]:
    return [Phrase.of("quiz.meaning.picked", chosen=given, signal=question.answer)]


_DETAILS: Mapping[str, Callable[[Question, Any], list[Phrase]]] = {
    "winner": _winner_detail,
    "legal": _cards_detail("quiz.legal.not_legal", "quiz.legal.missed"), "order": _order_detail,
    "thirds": _count_detail, "points": _count_detail, "declarations": _declarations_detail,
    "signal": _signal_detail, "meaning": _meaning_detail, "name": _name_detail,
    "still_out": _cards_detail("drill.count.not_out", "drill.count.missed"),
}
