"""Quiz banks: ``lessons/quizzes/<name>.yaml``, a list of items checked at load time.

An item is either ``{generate: {kind: winner, seed: 7}}`` (built by the engine) or a
hand-written question. Hand-written items of the engine's kinds give the cards and the
typed answer; the engine builds the question again and a wrong typed answer is an error.
A ``choice`` item (multiple choice) gives its prompt, choices, answer index, explanation
and hint in English and Italian; a choice may be ``{cards: "3s 7s"}`` (the cards named in
the learner's language), and ``hand`` shows cards under the prompt. Every error names the
file, the item and the field.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Mapping
from typing import Any

from ..content import ContentError, load, names
from ..engine.cards import Card, CardError, parse_cards
from ..engine.rules import Rules, RulesError
from ..engine.seats import Seat, SeatError, next_seat
from ..engine.tricks import Play
from ..i18n import Phrase, Text, Wording, content_text
from .answers import AnswerError, answer_text, is_right, read_answer
from .generate import KINDS, generate
from .questions import (
    Question,
    QuestionError,
    choice_question,
    count_question,
    declarations_question,
    legal_question,
    meaning_question,
    name_question,
    order_question,
    signal_question,
    winner_question,
)

COMMON = {"kind", "id", "prompt", "hint"}
#: The fields each hand-written kind requires, then those it may have.
FIELDS: Mapping[str, tuple[set[str], set[str]]] = {
    "winner": ({"trick", "answer"}, {"leader"}),
    "legal": ({"trick", "hand", "answer"}, {"leader"}),
    "order": ({"cards", "answer"}, set()),
    "thirds": ({"cards", "answer"}, {"rules"}),
    "points": ({"cards", "answer"}, {"rules", "last_trick"}),
    "declarations": ({"hand", "answer"}, set()),
    "signal": ({"hand", "lead", "answer"}, {"played"}),
    "meaning": ({"lead", "signal", "answer"}, {"played", "leader"}),
    "choice": ({"prompt", "choices", "answer", "explanation", "hint"}, {"hand"}),
    "name": ({"cards", "answer"}, set()),
}
GENERATE_FIELDS = {"kind", "seed", "rules"}
_NAME = re.compile(r"[a-z0-9_]{1,64}")


class _FieldError(ValueError):
    """A problem with one field of one item."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


def bank_names() -> list[str]:
    """The quiz banks in ``lessons/quizzes``."""
    return names("quizzes", ".yaml")


def bank_source(name: str) -> str:
    """The id under which the answers to quiz bank ``name`` are recorded."""
    return f"bank-{name}"


@functools.lru_cache(maxsize=64)
def load_bank(name: str) -> tuple[Question, ...]:
    """Every question of ``lessons/quizzes/<name>.yaml``; :class:`ContentError` if any is
    wrong. Read once (the file is, too): the questions are immutable."""
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise ContentError(f"quiz bank name {name!r}: use lower-case letters, digits and _")
    relative = f"quizzes/{name}.yaml"
    items = load(relative)
    if not isinstance(items, list) or not items:
        raise ContentError(f"{relative}: expected a list of quiz items")
    questions: list[Question] = []
    for number, item in enumerate(items, 1):
        try:
            question = read_item(item, f"{name}-{number}")
        except _FieldError as err:
            raise ContentError(f"{relative}: item {number}: {err.field}: {err}") from None
        if question.id in {q.id for q in questions}:
            raise ContentError(f"{relative}: item {number}: id: {question.id!r} is used twice")
        questions.append(question)
    return tuple(questions)


def read_item(item: Any, default_id: str) -> Question:
    """One bank item as a question; a wrong field raises an error that names it."""
    if not isinstance(item, dict):
        raise _FieldError("item", "expected a mapping")
    if "generate" in item:
        return _generated(item)
    kind = item.get("kind")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise _FieldError("kind", f"{kind!r} is not one of {', '.join(KINDS)}")
    required, optional = FIELDS[kind]
    _check_keys(item, required, required | optional | COMMON)
    qid = _text_field(item, "id") if "id" in item else default_id
    question = _BUILDERS[kind](item, qid)
    question = _overridden(question, item)
    if kind != "choice":
        _recheck(question, item["answer"])
    return question


def _check_keys(item: dict, required: set[str], allowed: set[str]) -> None:
    for key in sorted(required - set(item)):
        raise _FieldError(key, "missing")
    for key in sorted(set(item) - allowed):
        raise _FieldError(key, f"unknown field (allowed: {', '.join(sorted(allowed))})")


def _generated(item: dict) -> Question:
    _check_keys(item, {"generate"}, {"generate"})
    spec = item["generate"]
    if not isinstance(spec, dict) or not {"kind", "seed"} <= set(spec) <= GENERATE_FIELDS:
        raise _FieldError("generate", "expected {kind: ..., seed: ...} and maybe rules")
    seed = spec["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise _FieldError("generate.seed", "expected a whole number, 0 or more")
    try:
        return generate(spec["kind"], seed, _rules(spec, "rules", "generate.rules"))
    except QuestionError as err:
        raise _FieldError("generate.kind", str(err)) from None


def _recheck(question: Question, typed: Any) -> None:
    """The engine checks the typed answer of a hand-written item."""
    try:
        given = read_answer(question, typed)
    except AnswerError as err:
        raise _FieldError("answer", err.text.get("en")) from None
    if not is_right(question, given):
        raise _FieldError("answer", f"{typed!r} is wrong: {answer_text(question).get('en')}")


def _overridden(question: Question, item: dict) -> Question:
    prompt = _text(item, "prompt") if "prompt" in item else question.prompt
    hint = _text(item, "hint") if "hint" in item else question.hint
    return dataclasses.replace(question, prompt=prompt, hint=hint)


# ----------------------------------------------------------------------------- fields


def _text(item: dict, key: str) -> Text:
    try:
        return Text.of(content_text(key, item.get(key)))
    except ContentError as err:
        raise _FieldError(key, str(err).removeprefix(f"{key}: ")) from None


def _text_field(item: dict, key: str) -> str:
    value = item.get(key)
    if not isinstance(value, str) or not value.strip():
        raise _FieldError(key, "expected a non-empty text")
    return value.strip()


def _cards(item: dict, key: str, default: Any = None) -> tuple[Card, ...]:
    value = item.get(key, default)
    if not isinstance(value, (str, list)):
        raise _FieldError(key, "expected cards like '3c 2c Ad'")
    try:
        cards = parse_cards(value if isinstance(value, str) else [str(v) for v in value])
    except CardError as err:
        raise _FieldError(key, str(err)) from None
    if len(set(cards)) != len(cards):
        raise _FieldError(key, "a card appears twice")
    return cards


def _card(item: dict, key: str) -> Card:
    cards = _cards(item, key)
    if len(cards) != 1:
        raise _FieldError(key, "expected one card")
    return cards[0]


def _seat(item: dict, key: str) -> Seat:
    try:
        return Seat.parse(item.get(key, "N"))
    except SeatError as err:
        raise _FieldError(key, str(err)) from None


def _rules(item: dict, key: str, field: str = "rules") -> Rules | None:
    if key not in item:
        return None
    try:
        return Rules.from_json(item[key])
    except RulesError as err:
        raise _FieldError(field, str(err)) from None


def _plays(item: dict) -> tuple[Play, ...]:
    seat, plays = _seat(item, "leader"), []
    for card in _cards(item, "trick"):
        plays.append(Play(seat, card))
        seat = next_seat(seat, 4)
    return tuple(plays)


def _bool(item: dict, key: str) -> bool:
    value = item.get(key, False)
    if not isinstance(value, bool):
        raise _FieldError(key, "expected true or false")
    return value


# ---------------------------------------------------------------------------- builders


def _guarded(field: str, build: Callable[[dict, str], Question]
             ) -> Callable[[dict, str], Question]:
    """Turn the engine's refusal of a question into an error on ``field``."""
    def wrapped(item: dict, qid: str) -> Question:
        try:
            return build(item, qid)
        except QuestionError as err:
            raise _FieldError(field, str(err)) from None
    return wrapped


def _choice(item: dict, qid: str) -> Question:
    choices = item["choices"]
    if not isinstance(choices, list):
        raise _FieldError("choices", "expected a list of {en: ..., it: ...} or {cards: ...}")
    labels = [_label(c) for c in choices]
    answer = item["answer"]
    if not isinstance(answer, int) or isinstance(answer, bool):
        raise _FieldError("answer", "expected the index of the right choice (from 0)")
    try:
        question = choice_question(qid, _text(item, "prompt"), labels, answer,
                                   _text(item, "explanation"), _text(item, "hint"))
    except QuestionError as err:
        raise _FieldError("answer", str(err)) from None
    return dataclasses.replace(question, hand=_cards(item, "hand", ""))


def _label(choice: Any) -> Wording:
    """A choice: its text in both languages, or cards the formatter names."""
    if isinstance(choice, dict) and set(choice) == {"cards"}:
        return Phrase.of("quiz.choice.cards", cards=_cards(choice, "cards"))
    return _text({"choices": choice}, "choices")


_BUILDERS: Mapping[str, Callable[[dict, str], Question]] = {
    "winner": _guarded("trick", lambda i, q: winner_question(q, _plays(i))),
    "legal": _guarded("hand", lambda i, q: legal_question(q, _plays(i), _cards(i, "hand"))),
    "order": _guarded("cards", lambda i, q: order_question(q, _cards(i, "cards"))),
    "thirds": _guarded("cards", lambda i, q: count_question(
        q, "thirds", _cards(i, "cards"), _rules(i, "rules"))),
    "points": _guarded("cards", lambda i, q: count_question(
        q, "points", _cards(i, "cards"), _rules(i, "rules"), _bool(i, "last_trick"))),
    "declarations": _guarded("hand", lambda i, q: declarations_question(q, _cards(i, "hand"))),
    "signal": _guarded("lead", lambda i, q: signal_question(
        q, _cards(i, "hand"), _card(i, "lead"), _cards(i, "played", ""))),
    "meaning": _guarded("signal", lambda i, q: meaning_question(
        q, _seat(i, "leader"), _card(i, "lead"), str(i["signal"]), _cards(i, "played", ""))),
    "choice": _choice,
    "name": _guarded("cards", lambda i, q: name_question(
        q, _card(i, "answer"), _cards(i, "cards"))),
}
