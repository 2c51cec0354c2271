"""The card-memory drill: answers computed from the deal, and the widget driven by hand."""

import html

import pytest

from tressette_learn.engine import DECK, Card, Seat, Suit
from tressette_learn.i18n import card_name, suit_name
from tressette_learn.teaching.memory import (
    cards_out,
    drill_questions,
    mark,
    master_card,
    master_question,
    memory_deal,
    out_question,
    suit_cards,
)
from tressette_learn.ui.memory import MemoryDrill
from tressette_learn.ui.settings import Settings


def test_the_drill_deal_is_seeded_and_stops_after_seven_tricks():
    deal = memory_deal(4)
    assert len(deal.tricks) == 7 and not deal.current and not deal.is_over()
    assert [p.card for p in memory_deal(4).plays] == [p.card for p in deal.plays]


@pytest.mark.parametrize("seed", range(6))
def test_cards_out_are_exactly_the_cards_in_the_other_hands(seed):
    deal = memory_deal(seed)
    for suit in Suit:
        others = {c for s in deal.seats if s != Seat.S for c in deal.hand(s) if c.suit == suit}
        assert cards_out(deal, suit) == others


@pytest.mark.parametrize("seed", range(6))
def test_the_master_is_the_unplayed_card_that_beats_every_other_unplayed_card(seed):
    deal = memory_deal(seed)
    unplayed = [c for s in deal.seats for c in deal.hand(s)]
    for suit in Suit:
        left = [c for c in unplayed if c.suit == suit]
        master = master_card(deal, suit)
        if not left:
            assert master is None
        else:
            assert master in left and all(master.beats(c) for c in left if c != master)


def test_suit_cards_run_from_the_three_down_to_the_four():
    cards = suit_cards(Suit.COPPE)
    assert cards[0] == Card.parse("3c") and cards[-1] == Card.parse("4c")
    assert all(a.beats(b) for a, b in zip(cards, cards[1:], strict=False))


def test_an_out_question_never_offers_the_learners_own_cards():
    deal = memory_deal(2)
    for suit in Suit:
        question = out_question(deal, suit)
        assert not set(question.cards) & set(deal.hand(Seat.S))
        assert question.answer <= set(question.cards)


def test_marking_names_the_cards_missed_and_the_cards_wrongly_picked():
    deal = memory_deal(3)
    question = drill_questions(deal, 3)[0]
    right = sorted(question.answer)
    assert mark(question, right).correct
    played = next(c for c in question.cards if c not in question.answer)
    result = mark(question, [*right[1:], played])
    assert not result.correct
    assert result.missed == {right[0]} and result.wrong == {played}


@pytest.mark.parametrize("seed", range(10))
def test_every_drill_asks_two_suits_out_and_one_master(seed):
    deal = memory_deal(seed)
    questions = drill_questions(deal, seed)
    assert [q.kind for q in questions] == ["out", "out", "master"]
    assert all(q.answer for q in questions)
    assert questions[-1].answer == {master_card(deal, questions[-1].suit)}


def test_a_master_question_needs_a_card_left():
    deal = memory_deal(1, tricks=10)
    with pytest.raises(ValueError):
        master_question(deal, Suit.DENARI)


def test_the_widget_hides_the_tricks_then_checks_and_shows_them_again():
    settings = Settings()
    drill = MemoryDrill(seed=5, settings=settings)
    assert drill.tricks_view.value.count("<svg") == 7
    drill.hide()
    assert "<svg" not in drill.tricks_view.value
    question = drill.question
    for card in question.answer:
        drill.picker.toggle(card)
    result = drill.check()
    assert result is not None and result.correct
    assert "Right." in drill.feedback.value and drill.tricks_view.value.count("<svg") == 7
    assert drill.next_question() and drill.result is None
    assert "<svg" not in drill.tricks_view.value


def test_a_wrong_out_answer_names_each_list_once_and_says_the_picked_card_is_gone():
    settings = Settings()
    drill = MemoryDrill(seed=5, settings=settings)
    drill.hide()
    question = drill.question
    played = sorted(c for c in question.cards if c not in question.answer)
    drill.check((played[0],))  # none of the cards out found: the list is said once
    said = html.unescape(drill.feedback.value)
    assert "Still out: " in said and "You missed" not in said
    assert f"You picked {card_name(played[0], 'en')}, but it has already been played." in said
    right = sorted(question.answer)
    drill.result = None
    drill.check((right[0], *played[:2]))  # one found: the others are missed
    said = html.unescape(drill.feedback.value)
    assert "You missed: " in said and "but they have already been played." in said
    settings.lang = "it"
    assert "ma sono già stati giocati." in html.unescape(drill.feedback.value)


def test_a_wrong_master_is_marked_wrong_with_the_right_card_named_in_italian():
    settings = Settings()
    settings.lang = "it"
    drill = MemoryDrill(seed=5, settings=settings)
    drill.hide()
    while drill.question.kind != "master":
        drill.check(tuple(drill.question.answer))
        drill.next_question()
    master = next(iter(drill.question.answer))
    wrong = next(c for c in drill.question.cards if c != master)
    result = drill.check((wrong,))
    assert result is not None and not result.correct
    assert card_name(master, "it", "bare") in drill.feedback.value
    assert not drill.next_question()


def test_check_before_picking_asks_for_a_card_and_new_deal_moves_to_the_next_seed():
    drill = MemoryDrill(seed=8, settings=Settings())
    drill.hide()
    assert drill.check() is None and "Pick" in drill.feedback.value
    drill.new_deal()
    assert drill.seed == 9 and not drill.hidden and len(DECK) == 40


def shown(drill: MemoryDrill) -> list[str]:
    """The descriptions of the buttons a learner can see."""
    buttons = (drill.hide_button, drill.check_button, drill.next_button, drill.new_button)
    return [b.description for b in buttons if b.layout.display != "none"]


def test_each_button_shows_when_it_can_be_used_and_only_then():
    drill = MemoryDrill(seed=5, settings=Settings())
    buttons = (drill.hide_button, drill.check_button, drill.next_button, drill.new_button)
    assert len({id(b.layout) for b in buttons}) == len(buttons), "one layout each"
    assert shown(drill) == ["I have memorised them: hide the tricks", "New deal"]
    drill.hide()
    assert shown(drill) == ["Check", "New deal"]
    drill.check(tuple(drill.question.answer))
    assert shown(drill) == ["Next question", "New deal"]
    while drill.next_question():
        drill.check(tuple(drill.question.answer))
    assert shown(drill) == ["New deal"]
    drill.new_deal()
    assert shown(drill) == ["I have memorised them: hide the tricks", "New deal"]


def test_the_drill_names_cards_and_suits_in_words_in_italian():
    settings = Settings()
    settings.lang = "it"
    drill = MemoryDrill(seed=5, settings=settings)
    drill.hide()
    suit = drill.question.suit
    assert f"Quali carte di {suit_name(suit, 'it')}" in drill.prompt.value
    assert len(drill.question.answer) >= 2
    drill.check(tuple(drill.question.answer))
    said = drill.feedback.value.split("Ancora fuori: ")[1]
    assert said.count(f"di {suit_name(suit, 'it')}") == 1, "the cards are grouped by suit"
    assert said.startswith(("il ", "l'")) and " e " in said
