"""Lesson 3, card order and the trick: what it says is what the engine plays."""

import html
import random

import pytest

from course import pages
from tressette_learn.engine import DECK, Card, Deal, Play, Rank, Rules, Seat, Suit
from tressette_learn.engine.tricks import winning_play
from tressette_learn.teaching.answers import check
from tressette_learn.teaching.bank import load_bank
from tressette_learn.ui.lesson import LessonPage
from tressette_learn.ui.quiz import Quiz
from tressette_learn.ui.settings import Settings

#: The order the lesson states, strongest first.
STATED = ("3", "2", "A", "R", "C", "F", "7", "6", "5", "4")


def card(text: str) -> Card:
    return Card.parse(text)


def trick(leader: Seat, texts: str) -> tuple[Play, ...]:
    """Plays in turn (anticlockwise) from ``leader``."""
    plays, seat = [], leader
    for text in texts.split():
        plays.append(Play(seat, card(text)))
        seat = seat.right
    return tuple(plays)


def _choice(qid: str, right: str) -> int:
    question = next(q for q in load_bank("03_card_order") if q.id == qid)
    return [c.label.get("en") for c in question.choices].index(right)


def _ace_or_two() -> str:
    two, ace = card("2c"), card("Ac")
    if two.beats(ace) and not ace.beats(two):
        return "The Two"
    return "The Ace" if ace.beats(two) and not two.beats(ace) else "Whichever was played first"


def _off_suit_three() -> str:
    three = card("3s")
    coppe = [c for c in DECK if c.suit == Suit.COPPE]
    if any(winning_play(trick(Seat.N, f"{lead} 3s")).card == three for lead in coppe):
        return "Yes, if nobody plays the Three of cups"
    return "No, never: it is not of the suit led"


def _next_leader() -> str:
    """Play random legal tricks until one is won by neither the dealer nor the next seat."""
    rng = random.Random(4)
    deal = Deal.new(Rules.preset("standard"), seed=4)
    while True:
        leader = deal.to_play
        done = deal.play(rng.choice(deal.legal_cards()))
        if done is not None and done.winner not in (leader.right, deal.dealer):
            break
    names = {done.winner: "The player who won the trick", deal.dealer: "The dealer",
             leader.right: "The player on the right of the last leader"}
    return names[deal.to_play]


CHOICES = {
    "order-ace-two": lambda: _choice("order-ace-two", _ace_or_two()),
    "order-off-suit": lambda: _choice("order-off-suit", _off_suit_three()),
    "order-next-lead": lambda: _choice("order-next-lead", _next_leader()),
}


# -- the rules the lesson states ---------------------------------------------------------------
def test_the_order_is_3_2_ace_king_knight_jack_7_to_4():
    assert tuple(rank.symbol for rank in sorted(Rank, reverse=True)) == STATED
    for suit in Suit:
        cards = [Card.of(Rank.parse(symbol), suit) for symbol in STATED]
        for stronger, weaker in zip(cards[:-1], cards[1:], strict=True):
            assert stronger.beats(weaker) and not weaker.beats(stronger)


def test_the_three_and_the_two_beat_the_ace_which_is_only_third():
    ace = card("Ad")
    assert card("3d").beats(ace) and card("2d").beats(ace)
    assert sorted(Rank, reverse=True).index(Rank.ASSO) == 2


def test_the_highest_card_of_the_suit_led_wins():
    assert winning_play(trick(Seat.N, "Ac 3c Rc 2c")).card == card("3c")
    assert winning_play(trick(Seat.S, "Fd Cd 7d Rs")).card == card("Cd")


def test_a_card_of_another_suit_never_wins_even_a_three():
    # the lesson's example: the 4 of coppe led, then the 3 of spade, 2 of bastoni, Ace of denari
    best = winning_play(trick(Seat.W, "4c 3s 2b Ad"))
    assert best.card == card("4c") and best.seat == Seat.W
    for led in DECK:
        for other in DECK:
            if other.suit != led.suit:
                assert winning_play(trick(Seat.N, f"{led} {other}")).card == led


@pytest.mark.parametrize("seed", range(10))
def test_the_winner_takes_the_cards_and_leads_the_next_trick(seed):
    rng = random.Random(seed)
    deal = Deal.new(Rules.preset("standard"), seed=seed)
    for _ in range(3):
        done = None
        while done is None:
            done = deal.play(rng.choice(deal.legal_cards()))
        assert len(done.plays) == 4
        assert done.winner == winning_play(done.plays).seat
        assert deal.to_play == done.winner


# -- the drill -----------------------------------------------------------------------------------
def test_the_drill_asks_order_and_winner_questions_and_marks_them_with_the_engine():
    drill = pages.drill("03_card_order")
    quiz = Quiz.generated(drill["kinds"], drill["n"], seed=drill["seed"])
    assert {q.kind for q in quiz.questions} == {"order", "winner"}
    assert len(quiz.questions) == 8
    for question in quiz.questions:
        assert check(question, question.answer).correct
        if question.kind == "winner":
            plays = question.trick
            assert question.answer == winning_play(plays).card
        else:
            assert list(question.answer) == sorted(question.cards, reverse=True)


def test_the_drill_is_the_same_for_every_learner_and_follows_the_language():
    settings = Settings()
    first = Quiz.generated(["order", "winner"], 8, seed=2, settings=settings)
    again = Quiz.generated(["order", "winner"], 8, seed=2, settings=settings)
    assert [q.answer for q in first.questions] == [q.answer for q in again.questions]
    english = first.prompt.value
    settings.lang = "it"
    assert first.prompt.value != english


def test_the_drill_and_the_lessons_quiz_are_told_apart_by_their_titles():
    """The page shows two quizzes: each has a title above it, in the learner's language."""
    source = next(code for code in pages.sources("03_card_order") if "Quiz.generated" in code)
    imports, call = source.split("\n\n")
    namespace: dict = {}
    exec(imports, namespace)  # the lesson's own cell
    drill = eval(call, namespace)
    quiz = LessonPage("03_card_order").quiz()
    titles = [html.unescape(widget.heading.value) for widget in (drill, quiz)]
    assert all(widget.children[0] is widget.heading for widget in (drill, quiz))
    assert "Practice drill" in titles[0] and "The lesson's quiz" in titles[1]
