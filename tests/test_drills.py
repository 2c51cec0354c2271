"""Drills drawn from seeded deals: reading partner's signal and counting Aces and Threes.
Every fact is checked against the engine (a deal replayed from the same seed, the signal's
truth rule), in both languages; each drill is rebuilt from the id it is recorded under."""

from __future__ import annotations

import itertools

import pytest

from tressette_learn.engine.cards import FULL_DECK_MASK, Card, Hand, Rank, Suit, mask_of
from tressette_learn.engine.signals import signal_problem
from tressette_learn.i18n import card_name, suit_name
from tressette_learn.teaching.answers import check
from tressette_learn.teaching.drills import DRILLS, drill, drill_of, fresh
from tressette_learn.teaching.questions import QuestionError
from tressette_learn.teaching.recall import recall

SEEDS = range(40)


def _signals(seed: int):
    return DRILLS["signals"].question(seed)


def _allowed_holdings(question) -> list[set[Card]]:
    """Every holding of the led suit partner may have, by the engine's truth rule alone
    (brute force over the cards the learner cannot see)."""
    play = question.trick[0]
    suit, seen = play.card.suit, set(question.hand) | set(question.played) | {play.card}
    unseen = [Card.of(rank, suit) for rank in Rank if Card.of(rank, suit) not in seen]
    unplayed = FULL_DECK_MASK & ~mask_of(question.played) & ~play.card.bit
    return [set(held) for n in range(len(unseen) + 1)
            for held in itertools.combinations(unseen, n)
            if signal_problem(play.signal, play.card, mask_of(held), unplayed) is None]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_signal_drill_accepts_exactly_what_the_truth_rule_guarantees(seed):
    question = _signals(seed)
    play = question.trick[0]
    assert play.seat.name == "N" and play.signal in ("busso", "volo", "striscio")
    holdings = _allowed_holdings(question)
    for choice in question.choices:
        if choice.key.startswith("holds-"):
            card = Card.parse(choice.key.removeprefix("holds-"))
            sure = all(card in held for held in holdings)
        else:
            sure = all(bool(held) == (choice.key == "more") for held in holdings)
        assert check(question, choice.key).correct == sure, choice.key


def test_a_busso_drill_says_partner_holds_the_best_card_still_out():
    question = next(q for q in map(_signals, SEEDS) if q.trick[0].signal == "busso")
    lead = question.trick[0].card
    out = [Card.of(r, lead.suit) for r in Rank
           if Card.of(r, lead.suit) not in {*question.hand, *question.played, lead}]
    best = max(out, key=lambda card: card.rank)
    assert f"holds-{best}" in question.answer and "more" in question.answer
    for lang in ("en", "it"):
        assert card_name(best, lang, "bare") in question.explanation.get(lang)


def test_volo_and_striscio_drills_come_out_of_the_seeds():
    signals = {_signals(seed).trick[0].signal for seed in SEEDS}
    assert signals == {"busso", "volo", "striscio"}


def test_a_signal_drill_reads_in_italian_with_cards_in_words():
    question = next(q for q in map(_signals, SEEDS) if q.trick[0].signal == "busso")
    lead = question.trick[0].card
    prompt = question.prompt.get("it")
    assert "compagno ha bussato" in prompt and card_name(lead, "it") in prompt
    labels = [choice.label.get("it") for choice in question.choices]
    assert f"Almeno un'altra carta di {suit_name(lead.suit, 'it')}" in labels
    assert all(label[0].isupper() for label in labels), labels  # "Il Tre di ...", not "il"
    volo = next(q for q in map(_signals, SEEDS) if q.trick[0].signal == "volo")
    assert "e ha lasciato cadere la carta sul tavolo (volo)." in volo.prompt.get("it")
    assert not any(str(card) in prompt.split() for card in Hand(question.hand))


@pytest.mark.parametrize("seed", SEEDS)
def test_a_counting_drill_asks_for_the_aces_and_threes_not_played_nor_held(seed):
    question = DRILLS["counting"].question(seed)
    counted = {card for card in question.cards}
    assert counted == {Card.of(rank, suit) for rank in (Rank.ASSO, Rank.THREE) for suit in Suit}
    gone = set(question.played) | set(question.hand)
    assert question.answer == frozenset(counted - gone) and question.answer
    assert len(question.played) % 4 == 0 and len(question.hand) == 10 - len(question.played) // 4
    assert check(question, sorted(map(str, question.answer))).correct


def test_a_wrong_count_says_which_cards_are_not_out_and_which_were_missed():
    question = DRILLS["counting"].question(1)
    gone = sorted(set(question.cards) - question.answer)
    missed = sorted(question.answer)[0]
    picked = [*gone[:1], *(card for card in question.answer if card != missed)]
    feedback = check(question, [str(card) for card in picked])
    assert not feedback.correct
    for lang, words in (("en", ("Not out", "not picked")), ("it", ("Non sono fuori",
                                                                   "non le hai scelte"))):
        text = feedback.explanation.get(lang)
        assert all(word in text for word in words)
        assert card_name(gone[0], lang, "bare") in text and card_name(missed, lang, "bare") in text
    none_found = check(question, [str(gone[0])]).explanation.get("en")  # the answer names them
    assert "not picked" not in none_found and "Still out: " in none_found


def test_the_same_seed_gives_the_same_drill_and_its_id_rebuilds_it():
    for name, kind in DRILLS.items():
        question = kind.question(7)
        assert question == drill(name).question(7) and question.id == f"{name}-7"
        assert drill_of(kind.source, question.id) == (kind, question)
        assert recall(kind.source, question.id) == question
    assert [d.name for d, _q in fresh(3, 4)] == ["signals", "counting"] * 2
    assert fresh(3, 4) == fresh(3, 4)


@pytest.mark.parametrize(("source", "item"), [
    ("drill-nonsense", "nonsense-1"), ("drill-signals", "counting-1"),
    ("drill-signals", "signals-x"), ("bank-01_deck", "no-such-question"),
    ("bank-no_such_bank", "x"), ("quiz-3", "winner"), ("guided-hand", "move1"),
])
def test_what_cannot_be_rebuilt_is_a_clear_error(source, item):
    with pytest.raises(QuestionError):
        recall(source, item)
