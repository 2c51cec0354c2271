"""Quiz questions built by the engine: what each one shows, its answer and why.

A :class:`Question` carries what it shows (a trick, a hand, a pile, choices), the answer the
engine computed and an explanation that says why. Its texts are wordings
(:class:`~tressette_learn.i18n.Phrase` and the like): facts written in the learner's
language only when the quiz draws them. The builders (``*_question``) check their
cards and compute the answer; :mod:`.answers` marks a learner's answer and
:mod:`.generate` draws questions from a seed. No widgets here: :mod:`tressette_learn.ui.quiz`
shows these questions.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..engine.cards import DECK, FULL_DECK_MASK, Card, Hand, Suit, mask_of
from ..engine.deal import legal_mask
from ..engine.declarations import TOP_RANKS, Declaration, combos_in
from ..engine.rules import Rules
from ..engine.scoring import ACE_OF_BASTONI, card_thirds
from ..engine.seats import Seat
from ..engine.signals import true_signals
from ..engine.tricks import SIGNALS, Play, winning_play
from ..i18n import Joined, Phrase, Wording, card_name, faces_of, speaking

#: What the learner answers with, for each kind of question.
INPUTS: Mapping[str, str] = {
    "winner": "card", "legal": "cards", "order": "order", "thirds": "number",
    "points": "number", "declarations": "choices", "signal": "choice", "meaning": "choice",
    "choice": "choice", "name": "card",
}
#: What the learner answers the drills' own kinds with (teaching/drills.py; not generated).
DRILL_INPUTS: Mapping[str, str] = {"still_out": "cards"}
NOTHING = "none"
Answer = Card | frozenset | tuple | int | str


class QuestionError(ValueError):
    """A question that cannot be built (a wrong kind, cards that do not fit the rules)."""


# ------------------------------------------------------------------------- the values


@dataclasses.dataclass(frozen=True)
class Choice:
    """One answer to choose: a stable ``key`` and its label."""

    key: str
    label: Wording


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
    prompt: Wording
    answer: Answer
    explanation: Wording
    hint: Wording
    cards: tuple[Card, ...] = ()
    trick: tuple[Play, ...] = ()
    hand: tuple[Card, ...] = ()
    played: tuple[Card, ...] = ()
    choices: tuple[Choice, ...] = ()
    last_trick: bool = False

    @property
    def input(self) -> str:
        """``card``, ``cards``, ``order``, ``number``, ``choice`` or ``choices``."""
        return INPUTS.get(self.kind) or DRILL_INPUTS[self.kind]

    def choice(self, key: str) -> Choice:
        """The choice with this key."""
        return next(c for c in self.choices if c.key == key)


@dataclasses.dataclass(frozen=True)
class OtherName:
    """A card's name in the other language: Italian for English readers and back."""

    card: Card

    def get(self, lang: str) -> str:
        """The bare name in the language that is not ``lang``."""
        other = "en" if lang == "it" else "it"
        return card_name(self.card, speaking(other, faces_of(lang)), "bare")


def joined(parts: Iterable[Wording], sep: str = " ") -> Joined:
    """The wordings one after the other."""
    return Joined(tuple(parts), sep)


def at_table(question: Question, note: Wording | None) -> Question:
    """The question with ``note`` (the table's rules it depends on) before its prompt."""
    if note is None:
        return question
    return dataclasses.replace(question, prompt=joined([note, question.prompt]))


def card_values_note(rules: Rules) -> Phrase | None:
    """What a count at a perdere depends on: the value of the Ace of batons."""
    if not rules.low_wins:
        return None
    eleven = card_thirds(ACE_OF_BASTONI, rules) != card_thirds(ACE_OF_BASTONI, Rules())
    return Phrase.of("quiz.table.perdere_eleven" if eleven else "quiz.table.perdere")


def stock_note(rules: Rules, must_follow: bool) -> Phrase | None:
    """What a legal-cards question at two players depends on: the rule while the stock lasts."""
    if not rules.stock_size:
        return None
    if rules.must_follow(rules.stock_size):
        return Phrase.of("quiz.table.two_follow")
    return Phrase.of("quiz.table.two_free_empty" if must_follow else "quiz.table.two_free")


# --------------------------------------------------------------------------- builders


def winner_question(qid: str, plays: Sequence[Play]) -> Question:
    """Pick the card that wins this trick."""
    plays = tuple(plays)
    if not 2 <= len(plays) <= 4 or len({p.card for p in plays}) != len(plays):
        raise QuestionError("a trick holds 2 to 4 different cards")
    best, led = winning_play(plays).card, plays[0].card.suit
    why: list[Wording] = [Phrase.of("quiz.winner.why", card=best, suit=led)]
    off = [p.card for p in plays if p.card.suit != led]
    if off:
        why.append(Phrase.of("quiz.winner.off_suit", cards=off))
    return Question(qid, "winner", Phrase.of("quiz.winner.prompt", leader=plays[0].seat),
                    best, joined(why), Phrase.of("quiz.hint.trick_order"),
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
        why = Phrase.of("quiz.legal.free")
    elif any(card.suit == led for card in cards):
        why = Phrase.of("quiz.legal.follow", suit=led, cards=Hand(legal))
    else:
        why = Phrase.of("quiz.legal.void", suit=led)
    # the seat that played last: the trick shows it, and "you" play after it
    return Question(qid, "legal", Phrase.of("quiz.legal.prompt", seat=trick[-1].seat), legal, why,
                    Phrase.of("quiz.hint.legal"), cards=cards, trick=trick)


def order_question(qid: str, cards: Sequence[Card]) -> Question:
    """Put cards of one suit in trick order, strongest first (shown in the order given)."""
    cards = tuple(cards)
    if len(cards) < 2 or len(set(cards)) != len(cards) or len({c.suit for c in cards}) != 1:
        raise QuestionError("an order question needs 2 or more different cards of one suit")
    answer = tuple(sorted(cards, key=lambda c: c.rank, reverse=True))
    return Question(qid, "order", Phrase.of("quiz.order.prompt"), answer,
                    Phrase.of("quiz.order.why", cards=answer), Phrase.of("quiz.hint.trick_order"),
                    cards=cards)


def name_question(qid: str, target: Card, cards: Sequence[Card]) -> Question:
    """Find the card called by its name among ``cards``."""
    cards = tuple(cards)
    if target not in cards or len(set(cards)) != len(cards):
        raise QuestionError("a name question shows different cards, the named one among them")
    why = Phrase.of("quiz.name.why", card=target, other=OtherName(target))
    return Question(qid, "name", Phrase.of("quiz.name.prompt", card=target), target, why,
                    Phrase.of("quiz.hint.names"), cards=cards)


def count_question(qid: str, kind: str, pile: Sequence[Card], rules: Rules | None = None,
                   last_trick: bool = False) -> Question:
    """Count a pile: ``thirds``, or ``points`` (with the last trick, rounded down); the
    prompt names a table whose card values are not the usual ones."""
    pile, rules = tuple(pile), rules or Rules()
    if kind not in ("thirds", "points") or not pile or len(set(pile)) != len(pile):
        raise QuestionError("a count question is 'thirds' or 'points' of different cards")
    thirds = sum(card_thirds(card, rules) for card in pile)
    total = thirds + rules.last_trick_thirds * (last_trick and kind == "points")
    why: list[Wording] = [_sum_text(pile, rules, thirds)]
    if kind == "points":
        why += _points_text(thirds, total)
        prompt = Phrase.of("quiz.points.prompt_last" if last_trick else "quiz.points.prompt")
    else:
        prompt = Phrase.of("quiz.thirds.prompt")
    answer = thirds if kind == "thirds" else total // 3
    hint = Phrase.of("quiz.hint.points" if kind == "points" else "quiz.hint.values")
    question = Question(qid, kind, prompt, answer, joined(why), hint, cards=pile,
                        last_trick=total != thirds)
    return at_table(question, card_values_note(rules))


def _sum_text(pile: tuple[Card, ...], rules: Rules, thirds: int) -> Phrase:
    parts = [Phrase.of("quiz.count.part", card=card, n=value)
             for card in pile if (value := card_thirds(card, rules))]
    if not parts:
        return Phrase.of("quiz.count.nothing")
    return Phrase.of("quiz.count.sum", parts=joined(parts, " + "), total=thirds)


def _points_text(thirds: int, total: int) -> list[Wording]:
    out: list[Wording] = [Phrase.of("quiz.count.last", total=total)] if total != thirds else []
    points, lost = divmod(total, 3)
    key = "quiz.count.round" if lost else "quiz.count.exact"
    return [*out, Phrase.of(key, total=total, points=points, lost=lost)]


def decl_key(decl: Declaration) -> str:
    """``napoletana-c``, ``buon_gioco-3-3`` (three 3s) or ``buon_gioco-A-4`` (four aces)."""
    if decl.combo == "napoletana":
        assert decl.suit is not None
        return f"napoletana-{decl.suit.symbol}"
    assert decl.rank is not None
    return f"buon_gioco-{decl.rank.symbol}-{3 if decl.missing is not None else 4}"


DECL_KEYS = (*(f"napoletana-{s.symbol}" for s in Suit),
             *(f"buon_gioco-{r.symbol}-{n}" for r in TOP_RANKS for n in (3, 4)), NOTHING)


def decl_label(key: str) -> Phrase:
    """The label of a declaration key (see :func:`decl_key`)."""
    if key == NOTHING:
        return Phrase.of("quiz.decl.nothing")
    combo, symbol, *count = key.split("-")
    if combo == "napoletana":
        return Phrase.of("quiz.decl.napoletana", suit=Suit.parse(symbol))
    return Phrase.of("quiz.decl.buon_gioco", **buon_gioco_words(symbol, count[0]),
                     points=int(count[0]))


def buon_gioco_words(symbol: str, count: str) -> dict[str, Phrase]:
    """``count`` and ``ranks`` of a buon gioco in words: ``three`` ``Threes``."""
    return {"count": Phrase.of(f"quiz.count_word.{count}"),
            "ranks": Phrase.of(f"quiz.ranks.{symbol}")}


def declarations_question(qid: str, hand: Iterable[Card]) -> Question:
    """Name every declaration (accuso) in a hand."""
    cards = tuple(Hand(hand))
    found = combos_in(Seat.S, cards)
    answer = frozenset(decl_key(d) for d in found) or frozenset({NOTHING})
    why: list[Wording]
    if found:
        labels = joined([decl_label(decl_key(d)) for d in found], "; ")
        why = [Phrase.of("quiz.decl.found", combos=labels)]
        napoletane = {c for d in found if d.combo == "napoletana" for c in d.cards}
        if any(set(d.cards) & napoletane for d in found if d.combo == "buon_gioco"):
            why.append(Phrase.of("quiz.decl.shared"))
    else:
        why = [Phrase.of("quiz.decl.none_why")]
    choices = tuple(Choice(key, decl_label(key)) for key in DECL_KEYS)
    return Question(qid, "declarations", Phrase.of("quiz.decl.prompt"), answer, joined(why),
                    Phrase.of("quiz.hint.declarations"), hand=cards, choices=choices)


def signal_choices() -> tuple[Choice, ...]:
    """Busso, volo and striscio as choices."""
    return tuple(Choice(s, Phrase.of(f"quiz.signal.{s}")) for s in SIGNALS)


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
    why = joined(_signal_fact(s, lead, after, unplayed) for s in SIGNALS)
    return Question(qid, "signal", Phrase.of("quiz.signal.prompt", card=lead), answer, why,
                    Phrase.of("quiz.hint.signal"), trick=(Play(seat, lead),),
                    hand=tuple(Hand.from_mask(after)), played=played, choices=signal_choices())


def _signal_fact(signal: str, lead: Card, after: int, unplayed: int) -> Phrase:
    suit = lead.suit
    left = Hand.from_mask(after & suit.mask)
    values = {"card": lead, "suit": suit, "cards": left}
    if signal != "busso":
        key = "true" if bool(left) == (signal == "striscio") else "false"
        return Phrase.of(f"quiz.signal.{signal}_{key}", **values)
    out = unplayed & suit.mask
    if not out:
        return Phrase.of("quiz.signal.busso_none_left", **values)
    top = _top_card(out)
    key = "busso_true" if top.bit & after else "busso_false"
    return Phrase.of(f"quiz.signal.{key}", top=top, **values)


def _top_card(mask: int) -> Card:
    """The strongest card in a non-empty mask of one suit."""
    return DECK[mask.bit_length() - 1]


def meaning_question(qid: str, leader: Seat, lead: Card, signal: str,
                     played: Iterable[Card] = ()) -> Question:
    """What partner's signal means; ``leader`` is the partner who leads ``lead``."""
    played = tuple(Hand(played))
    if signal not in SIGNALS or lead in played:
        raise QuestionError("a meaning question needs busso, volo or striscio on a card "
                            "not yet played")
    suit = lead.suit
    values: dict[str, Any] = {"card": lead, "suit": suit}
    if signal == "busso":
        out = suit.mask & ~mask_of(played) & ~lead.bit
        if not out:
            raise QuestionError("busso is false when no other card of the suit is left")
        values["top"] = _top_card(out)
    choices = tuple(Choice(s, Phrase.of(f"quiz.meaning.choice.{s}")) for s in SIGNALS)
    prompt = Phrase.of("quiz.meaning.prompt", seat=leader, card=lead, signal=signal)
    return Question(qid, "meaning", prompt, signal, Phrase.of(f"quiz.meaning.{signal}", **values),
                    Phrase.of("quiz.hint.signal"), trick=(Play(leader, lead, signal),),
                    played=played, choices=choices)  # type: ignore[arg-type]


def choice_question(qid: str, prompt: Wording, choices: Sequence[Wording], answer: int,
                    explanation: Wording, hint: Wording) -> Question:
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
    value = card_thirds(card, rules)
    why: list[Wording] = [Phrase.of("quiz.value.why" if value else "quiz.value.why_nothing",
                                    card=card, thirds=value)]
    if value == 33:
        why.append(Phrase.of("quiz.value.perdere"))
    question = choice_question(qid, Phrase.of("quiz.value.prompt", card=card),
                               [Phrase.of(f"quiz.value.label.{v}") for v in values],
                               values.index(value), joined(why), Phrase.of("quiz.hint.values"))
    return at_table(dataclasses.replace(question, cards=(card,)), card_values_note(rules))
