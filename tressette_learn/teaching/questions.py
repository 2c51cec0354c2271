"""Quiz questions built and checked by the engine, in English and Italian.

A :class:`Question` carries what it shows (a trick, a hand, a pile, choices), the answer the
engine computed and an explanation that says why. :func:`check` marks a learner's answer and
explains it; :func:`generate` and :func:`make_quiz` build questions from a seed, so a class
can share one quiz. No widgets here: :mod:`tressette_learn.ui.quiz` shows these questions.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ..content import load
from ..engine.cards import DECK, FULL_DECK_MASK, Card, CardError, Hand, Rank, Suit, mask_of
from ..engine.deal import Deal
from ..engine.declarations import TOP_RANKS, Declaration, combos_in
from ..engine.fast import legal_mask
from ..engine.rules import Rules
from ..engine.scoring import ACE_OF_BASTONI, LAST_TRICK_THIRDS, card_thirds
from ..engine.seats import Seat, seats_for
from ..engine.signals import true_signals
from ..engine.tricks import SIGNALS, Play, winning_play

LANGS = ("en", "it")
#: What the learner answers with, for each kind of question.
INPUTS: Mapping[str, str] = {
    "winner": "card", "legal": "cards", "order": "order", "thirds": "number",
    "points": "number", "declarations": "choices", "signal": "choice", "meaning": "choice",
    "choice": "choice",
}
KINDS = tuple(INPUTS)
NOTHING = "none"
Answer = Card | frozenset | tuple | int | str


class QuestionError(ValueError):
    """A question that cannot be built (a wrong kind, cards that do not fit the rules)."""


# ----------------------------------------------------------------------- bilingual text


@dataclasses.dataclass(frozen=True)
class Text:
    """One text in English and Italian."""

    en: str
    it: str

    def get(self, lang: str) -> str:
        """The text in ``lang`` (``en`` or ``it``)."""
        return self.it if lang == "it" else self.en

    @staticmethod
    def join(parts: Iterable[Text], sep: str = " ") -> Text:
        """The parts one after the other, in each language."""
        items = list(parts)
        return Text(sep.join(p.en for p in items), sep.join(p.it for p in items))


def tr(key: str, **values: Any) -> Text:
    """The quiz text ``key`` in both languages; :class:`Text` values are filled per language."""
    return Text(*(_fill(key, lang, values) for lang in LANGS))


def _fill(key: str, lang: str, values: Mapping[str, Any]) -> str:
    table = load(f"strings/{lang}/quiz.yaml")
    text = table[key].format(**{k: v.get(lang) if isinstance(v, Text) else v
                                for k, v in values.items()})
    return text[:1].upper() + text[1:]


def card_text(card: Card, article: bool = True) -> Text:
    """``the Three of cups`` / ``il Tre di coppe`` (``l'Asso``); bare names without article."""
    if not article:
        return Text(card.english_name, card.italian_name)
    italian = ("l'" if card.rank == Rank.ASSO else "il ") + card.italian_name
    return Text(f"the {card.english_name}", italian)


def cards_text(cards: Iterable[Card], article: bool = True) -> Text:
    """``the Three of cups and the Ace of coins`` (``none`` when there are none)."""
    names = [card_text(card, article) for card in cards]
    if not names:
        return _word("quiz.none")
    if len(names) == 1:
        return names[0]
    last = Text.join([_word("quiz.and"), names[-1]])
    return Text.join([Text.join(names[:-1], ", "), last])


def suit_text(suit: Suit) -> Text:
    """``cups`` / ``coppe``."""
    return Text(suit.english_name, suit.italian_name)


def seat_text(seat: Seat) -> Text:
    """``North`` / ``Nord``."""
    return Text(seat.english_name, seat.italian_name)


def units(n: int, unit: str) -> Text:
    """``1 third``, ``5 thirds``, ``1 punto``, ``0 punti``."""
    return tr(f"quiz.unit.{unit}.{'one' if n == 1 else 'many'}", n=n)


def _word(key: str) -> Text:
    """A word used inside a sentence, kept lower case."""
    return Text(*(load(f"strings/{lang}/quiz.yaml")[key] for lang in LANGS))


# ------------------------------------------------------------------------- the values


@dataclasses.dataclass(frozen=True)
class Choice:
    """One answer to choose: a stable ``key`` and its label."""

    key: str
    label: Text


@dataclasses.dataclass(frozen=True)
class Question:
    """One quiz question; ``answer`` was computed by the engine.

    ``cards`` are the cards the learner picks from (or counts); ``trick``, ``hand`` and
    ``played`` are shown for context; ``choices`` are the answers to choose from;
    ``last_trick`` says a counted pile includes the last trick. For a
    ``signal`` question ``answer`` is the set of every true signal: any one of them is right.
    """

    id: str
    kind: str
    prompt: Text
    answer: Answer
    explanation: Text
    hint: Text
    cards: tuple[Card, ...] = ()
    trick: tuple[Play, ...] = ()
    hand: tuple[Card, ...] = ()
    played: tuple[Card, ...] = ()
    choices: tuple[Choice, ...] = ()
    last_trick: bool = False

    @property
    def input(self) -> str:
        """``card``, ``cards``, ``order``, ``number``, ``choice`` or ``choices``."""
        return INPUTS[self.kind]

    def choice(self, key: str) -> Choice:
        """The choice with this key."""
        return next(c for c in self.choices if c.key == key)


@dataclasses.dataclass(frozen=True)
class Feedback:
    """The verdict on one answer; ``valid`` is False for an answer that could not be read."""

    correct: bool
    explanation: Text
    valid: bool = True
    answer: Any = None


# --------------------------------------------------------------------------- builders


def winner_question(qid: str, plays: Sequence[Play]) -> Question:
    """Pick the card that wins this trick."""
    plays = tuple(plays)
    if not 2 <= len(plays) <= 4 or len({p.card for p in plays}) != len(plays):
        raise QuestionError("a trick holds 2 to 4 different cards")
    best, led = winning_play(plays).card, plays[0].card.suit
    why = [tr("quiz.winner.why", card=card_text(best), suit=suit_text(led))]
    off = [p.card for p in plays if p.card.suit != led]
    if off:
        why.append(tr("quiz.winner.off_suit", cards=cards_text(off)))
    return Question(qid, "winner", tr("quiz.winner.prompt", leader=seat_text(plays[0].seat)),
                    best, Text.join(why), tr("quiz.hint.trick_order"),
                    cards=tuple(p.card for p in plays), trick=plays)


def legal_question(qid: str, trick: Sequence[Play], hand: Iterable[Card],
                   must_follow: bool = True) -> Question:
    """Pick every card of ``hand`` that may be played to ``trick`` (at least its lead)."""
    trick, cards = tuple(trick), tuple(Hand(hand))
    if not trick or set(cards) & {p.card for p in trick}:
        raise QuestionError("a legal-cards question needs a trick led and a hand apart from it")
    led = trick[0].card.suit
    legal = frozenset(Hand.from_mask(legal_mask(mask_of(cards), led if must_follow else None)))
    if not must_follow:
        why = tr("quiz.legal.free")
    elif any(card.suit == led for card in cards):
        why = tr("quiz.legal.follow", suit=suit_text(led), cards=cards_text(Hand(legal)))
    else:
        why = tr("quiz.legal.void", suit=suit_text(led))
    return Question(qid, "legal", tr("quiz.legal.prompt"), legal, why, tr("quiz.hint.legal"),
                    cards=cards, trick=trick)


def order_question(qid: str, cards: Sequence[Card]) -> Question:
    """Put cards of one suit in trick order, strongest first (shown in the order given)."""
    cards = tuple(cards)
    if len(cards) < 2 or len(set(cards)) != len(cards) or len({c.suit for c in cards}) != 1:
        raise QuestionError("an order question needs 2 or more different cards of one suit")
    answer = tuple(sorted(cards, key=lambda c: c.rank, reverse=True))
    why = tr("quiz.order.why", cards=cards_text(answer, article=False))
    return Question(qid, "order", tr("quiz.order.prompt"), answer, why,
                    tr("quiz.hint.trick_order"), cards=cards)


def count_question(qid: str, kind: str, pile: Sequence[Card], rules: Rules | None = None,
                   last_trick: bool = False) -> Question:
    """Count a pile: ``thirds``, or ``points`` (with the last trick, rounded down)."""
    pile, rules = tuple(pile), rules or Rules()
    if kind not in ("thirds", "points") or not pile or len(set(pile)) != len(pile):
        raise QuestionError("a count question is 'thirds' or 'points' of different cards")
    thirds = sum(card_thirds(card, rules) for card in pile)
    total = thirds + LAST_TRICK_THIRDS * (last_trick and kind == "points")
    why = [_sum_text(pile, rules, thirds)]
    if kind == "points":
        why += _points_text(thirds, total)
        prompt = tr("quiz.points.prompt_last" if last_trick else "quiz.points.prompt")
    else:
        prompt = tr("quiz.thirds.prompt")
    answer = thirds if kind == "thirds" else total // 3
    hint = tr("quiz.hint.points" if kind == "points" else "quiz.hint.values")
    return Question(qid, kind, prompt, answer, Text.join(why), hint, cards=pile,
                    last_trick=total != thirds)


def _sum_text(pile: tuple[Card, ...], rules: Rules, thirds: int) -> Text:
    parts = [(card, card_thirds(card, rules)) for card in pile]
    counted = [Text(f"{c.english_name} {v}", f"{c.italian_name} {v}") for c, v in parts if v]
    if not counted:
        return tr("quiz.count.nothing")
    return tr("quiz.count.sum", parts=Text.join(counted, " + "), total=units(thirds, "third"))


def _points_text(thirds: int, total: int) -> list[Text]:
    out = [tr("quiz.count.last", total=units(total, "third"))] if total != thirds else []
    points, lost = divmod(total, 3)
    key = "quiz.count.round" if lost else "quiz.count.exact"
    return [*out, tr(key, total=units(total, "third"), points=units(points, "point"),
                     lost=units(lost, "third"))]


def decl_key(decl: Declaration) -> str:
    """``napoletana-c``, ``buon_gioco-3-3`` (three 3s) or ``buon_gioco-A-4`` (four aces)."""
    if decl.combo == "napoletana":
        assert decl.suit is not None
        return f"napoletana-{decl.suit.symbol}"
    assert decl.rank is not None
    return f"buon_gioco-{decl.rank.symbol}-{3 if decl.missing is not None else 4}"


DECL_KEYS = (*(f"napoletana-{s.symbol}" for s in Suit),
             *(f"buon_gioco-{r.symbol}-{n}" for r in TOP_RANKS for n in (3, 4)), NOTHING)


def decl_label(key: str) -> Text:
    """The label of a declaration key (see :func:`decl_key`)."""
    if key == NOTHING:
        return tr("quiz.decl.nothing")
    combo, symbol, *count = key.split("-")
    if combo == "napoletana":
        return tr("quiz.decl.napoletana", suit=suit_text(Suit.parse(symbol)))
    return tr("quiz.decl.buon_gioco", count=_word(f"quiz.count_word.{count[0]}"),
              ranks=_word(f"quiz.ranks.{symbol}"), points=count[0])


def declarations_question(qid: str, hand: Iterable[Card]) -> Question:
    """Name every declaration (accuso) in a hand."""
    cards = tuple(Hand(hand))
    found = combos_in(Seat.S, cards)
    answer = frozenset(decl_key(d) for d in found) or frozenset({NOTHING})
    if found:
        why = [tr("quiz.decl.found", combos=Text.join([decl_label(decl_key(d)) for d in found],
                                                       "; "))]
        napoletane = {c for d in found if d.combo == "napoletana" for c in d.cards}
        if any(set(d.cards) & napoletane for d in found if d.combo == "buon_gioco"):
            why.append(tr("quiz.decl.shared"))
    else:
        why = [tr("quiz.decl.none_why")]
    choices = tuple(Choice(key, decl_label(key)) for key in DECL_KEYS)
    return Question(qid, "declarations", tr("quiz.decl.prompt"), answer, Text.join(why),
                    tr("quiz.hint.declarations"), hand=cards, choices=choices)


def signal_choices() -> tuple[Choice, ...]:
    """Busso, volo and striscio as choices."""
    return tuple(Choice(s, tr(f"quiz.signal.{s}")) for s in SIGNALS)


def signal_question(qid: str, hand: Iterable[Card], lead: Card, played: Iterable[Card] = (),
                    seat: Seat = Seat.S) -> Question:
    """Which signal is true if ``seat`` leads ``lead`` from ``hand`` (``played`` already out)."""
    cards, played = tuple(Hand(hand)), tuple(Hand(played))
    if lead not in cards or set(cards) & set(played):
        raise QuestionError("the lead card must be in the hand, and the hand apart from the "
                            "cards already played")
    after = mask_of(cards) & ~lead.bit
    unplayed = FULL_DECK_MASK & ~mask_of(played) & ~lead.bit
    answer = frozenset(true_signals(lead, after, unplayed))
    why = Text.join(_signal_fact(s, lead, after, unplayed) for s in SIGNALS)
    return Question(qid, "signal", tr("quiz.signal.prompt", card=card_text(lead)), answer, why,
                    tr("quiz.hint.signal"), trick=(Play(seat, lead),),
                    hand=tuple(Hand.from_mask(after)), played=played, choices=signal_choices())


def _signal_fact(signal: str, lead: Card, after: int, unplayed: int) -> Text:
    suit = lead.suit
    left = Hand.from_mask(after & suit.mask)
    values = {"card": card_text(lead), "suit": suit_text(suit), "cards": cards_text(left)}
    if signal != "busso":
        key = "true" if bool(left) == (signal == "striscio") else "false"
        return tr(f"quiz.signal.{signal}_{key}", **values)
    out = unplayed & suit.mask
    if not out:
        return tr("quiz.signal.busso_none_left", **values)
    top = DECK[out.bit_length() - 1]
    key = "busso_true" if top.bit & after else "busso_false"
    return tr(f"quiz.signal.{key}", top=card_text(top), **values)


def meaning_question(qid: str, leader: Seat, lead: Card, signal: str,
                     played: Iterable[Card] = ()) -> Question:
    """What partner's signal means; ``leader`` is the partner who leads ``lead``."""
    played = tuple(Hand(played))
    if signal not in SIGNALS or lead in played:
        raise QuestionError("a meaning question needs busso, volo or striscio on a card "
                            "not yet played")
    suit = lead.suit
    values: dict[str, Any] = {"card": card_text(lead), "suit": suit_text(suit)}
    if signal == "busso":
        out = suit.mask & ~mask_of(played) & ~lead.bit
        if not out:
            raise QuestionError("busso is false when no other card of the suit is left")
        values["top"] = card_text(DECK[out.bit_length() - 1])
    choices = tuple(Choice(s, tr(f"quiz.meaning.choice.{s}")) for s in SIGNALS)
    prompt = tr("quiz.meaning.prompt", seat=seat_text(leader), card=card_text(lead),
                signal=signal)
    return Question(qid, "meaning", prompt, signal, tr(f"quiz.meaning.{signal}", **values),
                    tr("quiz.hint.signal"), trick=(Play(leader, lead, signal),), played=played,
                    choices=choices)  # type: ignore[arg-type]


def choice_question(qid: str, prompt: Text, choices: Sequence[Text], answer: int,
                    explanation: Text, hint: Text) -> Question:
    """A multiple-choice question; ``answer`` is the index of the right choice."""
    if len(choices) < 2 or not 0 <= answer < len(choices):
        raise QuestionError("a multiple-choice question needs 2 or more choices and the index "
                            "of the right one")
    items = tuple(Choice(str(i), label) for i, label in enumerate(choices))
    return Question(qid, "choice", prompt, str(answer), explanation, hint, choices=items)


def value_question(qid: str, card: Card, rules: Rules | None = None) -> Question:
    """Multiple choice: how much a card is worth (in thirds) at this table."""
    rules = rules or Rules()
    values = [0, 1, 3] + ([33] if card_thirds(ACE_OF_BASTONI, rules) == 33 else [])
    labels = [_value_label(v) for v in values]
    value = card_thirds(card, rules)
    label = labels[values.index(value)]
    lower = Text(*(label.get(lang)[:1].lower() + label.get(lang)[1:] for lang in LANGS))
    why = [tr("quiz.value.why", card=card_text(card), value=lower)]
    if value == 33:
        why.append(tr("quiz.value.perdere"))
    question = choice_question(qid, tr("quiz.value.prompt", card=card_text(card)), labels,
                               values.index(value), Text.join(why), tr("quiz.hint.values"))
    return dataclasses.replace(question, cards=(card,))


def _value_label(thirds: int) -> Text:
    if thirds == 0:
        return tr("quiz.value.nothing")
    if thirds == 3:
        return tr("quiz.value.point")
    return units(thirds, "third") if thirds < 3 else units(thirds // 3, "point")


# ----------------------------------------------------------------------------- checking


class AnswerError(ValueError):
    """An answer that cannot be read; ``text`` says what to do in both languages."""

    def __init__(self, text: Text):
        super().__init__(text.en)
        self.text = text


def check(question: Question, answer: Any) -> Feedback:
    """Mark ``answer`` and say why; a malformed answer gives ``valid=False`` and what to fix."""
    try:
        given = read_answer(question, answer)
    except AnswerError as err:
        return Feedback(False, err.text, valid=False)
    if is_right(question, given):
        return Feedback(True, Text.join([tr("quiz.right"), question.explanation]),
                        answer=to_json(given))
    parts = [tr("quiz.wrong"), *_DETAILS.get(question.kind, _no_detail)(question, given),
             tr("quiz.answer_is", answer=answer_text(question)), question.explanation]
    return Feedback(False, Text.join(parts), answer=to_json(given))


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
            raise AnswerError(tr("quiz.error.unknown_card", text=value.strip()[:12])) from None
    if not isinstance(value, Card):
        raise AnswerError(tr("quiz.error.card"))
    if value not in question.cards:
        raise AnswerError(tr("quiz.error.not_shown", card=card_text(value)))
    return value


def _items(value: Any) -> list[Any]:
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if isinstance(value, (Mapping, bytes)) or not isinstance(value, Iterable):
        raise AnswerError(tr("quiz.error.empty"))
    items = list(value)
    if not items:
        raise AnswerError(tr("quiz.error.empty"))
    return items


def _read_cards(question: Question, value: Any) -> frozenset[Card]:
    return frozenset(_read_card(question, item) for item in _items(value))


def _read_order(question: Question, value: Any) -> tuple[Card, ...]:
    cards = tuple(_read_card(question, item) for item in _items(value))
    if len(cards) != len(question.cards) or set(cards) != set(question.cards):
        raise AnswerError(tr("quiz.error.order", count=len(question.cards)))
    return cards


def _read_number(_question: Question, value: Any) -> int:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise AnswerError(tr("quiz.error.number"))
    return value


def _read_choice(question: Question, value: Any) -> str:
    keys = [c.key for c in question.choices]
    if isinstance(value, Declaration):
        value = decl_key(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(keys):
        return keys[value]
    if isinstance(value, str) and value in keys:
        return value
    raise AnswerError(tr("quiz.error.choice"))


def _read_choices(question: Question, value: Any) -> frozenset[str]:
    if isinstance(value, (str, int, Declaration)):
        value = [value]
    keys = frozenset(_read_choice(question, item) for item in _items(value))
    if NOTHING in keys and len(keys) > 1:
        raise AnswerError(tr("quiz.error.none_alone"))
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


def answer_text(question: Question, answer: Answer | None = None) -> Text:
    """An answer (by default the right one) in words."""
    value = question.answer if answer is None else answer
    if isinstance(value, Card):
        return card_text(value, article=False)
    if isinstance(value, int):
        return Text(str(value), str(value))
    if question.input in ("choice", "choices"):
        keys = [value] if isinstance(value, str) else sorted(value)
        return Text.join([question.choice(key).label for key in keys], "; ")
    assert isinstance(value, (tuple, frozenset))
    return cards_text(value if isinstance(value, tuple) else Hand(value), article=False)


# ---------------------------------------------------------- why a wrong answer is wrong


def _no_detail(_question: Question, _given: Any) -> list[Text]:
    return []


def _winner_detail(question: Question, given: Any) -> list[Text]:
    led = question.trick[0].card.suit
    if given.suit != led:
        return [tr("quiz.winner.picked_off", card=card_text(given), suit=suit_text(led))]
    assert isinstance(question.answer, Card)
    return [tr("quiz.winner.picked_lower", winner=card_text(question.answer),
               card=card_text(given))]


def _legal_detail(question: Question, given: Any) -> list[Text]:
    assert isinstance(question.answer, frozenset)
    wrong, missed = Hand(given - question.answer), Hand(question.answer - given)
    return ([tr("quiz.legal.not_legal", cards=cards_text(wrong))] if wrong else []) + \
        ([tr("quiz.legal.missed", cards=cards_text(missed))] if missed else [])


def _order_detail(_question: Question, given: Any) -> list[Text]:
    for first, second in zip(given, given[1:], strict=False):
        if second.beats(first):
            return [tr("quiz.order.swap", first=card_text(second), second=card_text(first))]
    return []


def _count_detail(question: Question, given: Any) -> list[Text]:
    return [tr("quiz.count.yours", given=given, right=question.answer)]


def _declarations_detail(question: Question, given: Any) -> list[Text]:
    assert isinstance(question.answer, frozenset)
    held = set(question.hand)
    notes = [_why_not(key, held) for key in sorted(given - question.answer) if key != NOTHING]
    missed = sorted(question.answer - given - {NOTHING})
    if missed:
        notes.append(tr("quiz.decl.missed",
                        combos=Text.join([decl_label(k) for k in missed], "; ")))
    return notes


def _why_not(key: str, held: set[Card]) -> Text:
    combo, symbol, *count = key.split("-")
    if combo == "napoletana":
        suit = Suit.parse(symbol)
        lacking = [Card.of(r, suit) for r in TOP_RANKS if Card.of(r, suit) not in held]
        return tr("quiz.decl.not_napoletana", suit=suit_text(suit), cards=cards_text(lacking))
    rank = Rank.parse(symbol)
    return tr("quiz.decl.not_buon_gioco", count=_word(f"quiz.count_word.{count[0]}"),
              ranks=_word(f"quiz.ranks.{symbol}"),
              n=sum(Card.of(rank, s) in held for s in Suit))


def _signal_detail(question: Question, given: Any) -> list[Text]:
    return [tr("quiz.signal.picked_false", signal=question.choice(given).label)]


def _meaning_detail(question: Question, given: Any) -> list[Text]:
    return [tr("quiz.meaning.picked", chosen=given, signal=question.answer)]


_DETAILS: Mapping[str, Callable[[Question, Any], list[Text]]] = {
    "winner": _winner_detail, "legal": _legal_detail, "order": _order_detail,
    "thirds": _count_detail, "points": _count_detail, "declarations": _declarations_detail,
    "signal": _signal_detail, "meaning": _meaning_detail,
}


# --------------------------------------------------------------------------- generating


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
    return legal_question(qid, deal.current, deal.hand(deal.to_play), deal.must_follow())


def _gen_order(qid: str, rng: random.Random, _rules: Rules) -> Question:
    suit = rng.choice(list(Suit))
    cards = rng.sample([Card.of(rank, suit) for rank in Rank], rng.randint(4, 6))
    if cards == sorted(cards, reverse=True):
        cards.reverse()
    return order_question(qid, cards)


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
    knocks = [card for card in hand if "busso" in deal.true_signals(card)]
    return deal, rng.choice(knocks if knocks and rng.random() < 0.5 else hand)


def _gen_signal(qid: str, rng: random.Random, rules: Rules) -> Question:
    deal, lead = _signal_lead(rng, rules)
    seat = deal.to_play
    assert seat is not None
    return signal_question(qid, deal.hand(seat), lead, Hand.from_mask(deal.played_mask), seat)


def _gen_meaning(qid: str, rng: random.Random, rules: Rules) -> Question:
    deal, lead = _signal_lead(rng, rules)
    assert deal.to_play is not None
    signal = rng.choice(sorted(deal.true_signals(lead)))
    return meaning_question(qid, deal.to_play, lead, signal, Hand.from_mask(deal.played_mask))


def _gen_value(qid: str, rng: random.Random, rules: Rules) -> Question:
    return value_question(qid, rng.choice(DECK), rules)


_GENERATORS: Mapping[str, Callable[[str, random.Random, Rules], Question]] = {
    "winner": _gen_winner, "legal": _gen_legal, "order": _gen_order,
    "thirds": _gen_count("thirds"), "points": _gen_count("points"),
    "declarations": _gen_declarations, "signal": _gen_signal, "meaning": _gen_meaning,
    "choice": _gen_value,
}
