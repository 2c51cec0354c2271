"""Quiz questions built by the engine: what each one shows, its answer and why.

A :class:`Question` carries what it shows (a trick, a hand, a pile, choices), the answer the
engine computed and an explanation that says why. The builders (``*_question``) check their
cards and compute the answer; :mod:`.answers` marks a learner's answer and
:mod:`.generate` draws questions from a seed. No widgets here: :mod:`tressette_learn.ui.quiz`
shows these questions.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..engine.cards import DECK, FULL_DECK_MASK, Card, Hand, Suit, mask_of
from ..engine.declarations import TOP_RANKS, Declaration, combos_in
from ..engine.fast import legal_mask
from ..engine.rules import Rules
from ..engine.scoring import ACE_OF_BASTONI, LAST_TRICK_THIRDS, card_thirds
from ..engine.seats import Seat
from ..engine.signals import true_signals
from ..engine.tricks import SIGNALS, Play, winning_play
from .wording import Text, card_text, cards_text, seat_text, suit_text, tr, units, word

#: What the learner answers with, for each kind of question.
INPUTS: Mapping[str, str] = {
    "winner": "card", "legal": "cards", "order": "order", "thirds": "number",
    "points": "number", "declarations": "choices", "signal": "choice", "meaning": "choice",
    "choice": "choice", "name": "card",
}
NOTHING = "none"
Answer = Card | frozenset | tuple | int | str


class QuestionError(ValueError):
    """A question that cannot be built (a wrong kind, cards that do not fit the rules)."""


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


def other_name(card: Card) -> Text:
    """The card's name in the other language: Italian for English readers and back."""
    return Text(card.italian_name, card.english_name)


def name_question(qid: str, target: Card, cards: Sequence[Card]) -> Question:
    """Find the card called by its name among ``cards``."""
    cards = tuple(cards)
    if target not in cards or len(set(cards)) != len(cards):
        raise QuestionError("a name question shows different cards, the named one among them")
    why = tr("quiz.name.why", card=card_text(target), other=other_name(target))
    return Question(qid, "name", tr("quiz.name.prompt", card=card_text(target)), target, why,
                    tr("quiz.hint.names"), cards=cards)


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
    return tr("quiz.decl.buon_gioco", **buon_gioco_words(symbol, count[0]), points=count[0])


def buon_gioco_words(symbol: str, count: str) -> dict[str, Text]:
    """``count`` and ``ranks`` of a buon gioco in words: ``three`` ``threes``."""
    return {"count": word(f"quiz.count_word.{count}"), "ranks": word(f"quiz.ranks.{symbol}")}


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
    top = _top_card(out)
    key = "busso_true" if top.bit & after else "busso_false"
    return tr(f"quiz.signal.{key}", top=card_text(top), **values)


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
    values: dict[str, Any] = {"card": card_text(lead), "suit": suit_text(suit)}
    if signal == "busso":
        out = suit.mask & ~mask_of(played) & ~lead.bit
        if not out:
            raise QuestionError("busso is false when no other card of the suit is left")
        values["top"] = card_text(_top_card(out))
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
    why = [tr("quiz.value.why", card=card_text(card), value=label.lower_first())]
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
