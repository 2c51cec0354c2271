"""Lesson 4, following suit: legal cards, the piombo and the revoke, as the engine plays them."""

import json
import random
from pathlib import Path

import pytest

from course import pages
from tressette_learn.engine import (
    DECK,
    Card,
    Deal,
    IllegalPlay,
    Play,
    Rules,
    Seat,
    parse_cards,
    replay,
)
from tressette_learn.engine.tricks import winning_play
from tressette_learn.i18n import suit_name
from tressette_learn.teaching.answers import check
from tressette_learn.teaching.bank import load_bank
from tressette_learn.teaching.questions import legal_question
from tressette_learn.ui.quiz import Quiz
from tressette_learn.ui.settings import SETTINGS
from tressette_learn.ui.table import Table

STANDARD = Rules.preset("standard")
TABLE_SEED = 5  # the lesson's table: South must follow suit at the first trick
REVOKE = Path(__file__).resolve().parents[1] / "data" / "revoke.json"


def card(text: str) -> Card:
    return Card.parse(text)


def legal(led: str, hand: str) -> set[Card]:
    """The engine's legal cards of ``hand`` when ``led`` was led."""
    question = legal_question("q", (Play(Seat.N, card(led)),), parse_cards(hand))
    assert isinstance(question.answer, frozenset)
    return set(question.answer)


def random_deal(seed: int) -> tuple[Deal, random.Random]:
    return Deal.new(STANDARD, seed=seed), random.Random(seed)


def _choice(qid: str, right: str) -> int:
    question = next(q for q in load_bank("04_following_suit") if q.id == qid)
    return [c.label.get("en") for c in question.choices].index(right)


def _piombo() -> str:
    """A void hand may play another suit, and that card never wins: the piombo."""
    void_may_discard = legal("Rc", "3d 7s Ab") == set(parse_cards("3d 7s Ab"))
    never_wins = all(winning_play((Play(Seat.N, led), Play(Seat.W, other))).card == led
                     for led in DECK for other in DECK if other.suit != led.suit)
    assert void_may_discard and never_wins
    return "A card of another suit, played when you cannot follow suit"


def _must_beat() -> str:
    low_is_legal = card("5c") in legal("Rc", "3c 5c Ad")
    return ("No: any card of the suit led will do" if low_is_legal
            else "Yes: you must beat the trick if you can")


def _revoke_penalty() -> str:
    result = replay(json.loads(REVOKE.read_text(encoding="utf-8"))).result()
    offenders = result.penalised
    assert offenders is not None
    others = next(side for side in result.sides if side != offenders)
    if result.sides[others].card_points == 11 and result.sides[offenders].card_points == 0:
        return "The deal: the opponents score 11, the offenders no card points"
    return "Only the trick in which it happened"


def _revoke_at_the_table() -> str:
    deal = Deal.new(STANDARD, seed=TABLE_SEED)
    deal.play(deal.legal_cards()[0])
    wrong = next(c for c in deal.hand(deal.to_play) if c not in deal.legal_cards())
    before = deal.actions
    try:
        deal.play(wrong)
    except IllegalPlay:
        if deal.actions == before and wrong in deal.hand(deal.to_play):
            return "The table refuses it and shows the rule"
    return "It is played, and your side loses the deal"


CHOICES = {
    "legal-piombo": lambda: _choice("legal-piombo", _piombo()),
    "legal-must-beat": lambda: _choice("legal-must-beat", _must_beat()),
    "legal-revoke-penalty": lambda: _choice("legal-revoke-penalty", _revoke_penalty()),
    "legal-revoke-table": lambda: _choice("legal-revoke-table", _revoke_at_the_table()),
}


# -- the rules the lesson states ---------------------------------------------------------------
@pytest.mark.parametrize("seed", range(10))
def test_the_leader_may_play_any_card(seed):
    deal, rng = random_deal(seed)
    for _ in range(3):
        while deal.current:
            deal.play(rng.choice(deal.legal_cards()))
        assert deal.legal_cards() == deal.hand(deal.to_play)
        deal.play(rng.choice(deal.legal_cards()))


def test_a_player_with_the_suit_led_must_follow_with_any_card_of_it():
    assert legal("Rc", "3c 7c Ad 2s Fb") == set(parse_cards("3c 7c"))
    assert legal("Rb", "3b 5b Ad 4c") == set(parse_cards("3b 5b"))  # no duty to beat the King


def test_a_player_without_the_suit_led_may_play_any_card():
    assert legal("4d", "3c Rs 5b Cb") == set(parse_cards("3c Rs 5b Cb"))


@pytest.mark.parametrize("seed", range(10))
def test_in_whole_deals_legal_cards_are_the_suit_led_or_else_everything(seed):
    deal, rng = random_deal(seed)
    while not deal.is_over():
        hand = set(deal.hand(deal.to_play))
        if deal.current:
            led = deal.current[0].card.suit
            following = {c for c in hand if c.suit == led}
            assert set(deal.legal_cards()) == (following or hand)
        deal.play(rng.choice(deal.legal_cards()))


def test_a_piombo_never_wins_the_trick():
    # the quiz's trick: 5 of denari led, two piombi (3 and Ace of coppe), then the 4 of denari
    plays = (Play(Seat.N, card("5d")), Play(Seat.W, card("3c")), Play(Seat.S, card("Ac")),
             Play(Seat.E, card("4d")))
    assert winning_play(plays).seat == Seat.N


def test_a_piombo_goes_to_the_side_that_wins_the_trick():
    deal = Deal(STANDARD, Seat.E, {
        Seat.N: parse_cards("3d 4d 5d 6d 7d Fd Cd Rd Ad 2d"),
        Seat.W: parse_cards("3c 4c 5c 6c 7c Fc Cc Rc Ac 2c"),
        Seat.S: parse_cards("3s 4s 5s 6s 7s Fs Cs Rs As 2s"),
        Seat.E: parse_cards("3b 4b 5b 6b 7b Fb Cb Rb Ab 2b")})
    for text in ("4d", "Ac", "As", "Ab"):
        deal.play(text)
    assert deal.tricks[0].winner == Seat.N
    assert deal.result().sides["NS"].thirds == 9  # three aces, two of them opponents' piombi


def test_a_live_game_refuses_a_revoke_and_changes_nothing():
    deal = Deal.new(STANDARD, seed=TABLE_SEED)
    deal.play(deal.hand(Seat.N)[0])
    wrong = next(c for c in deal.hand(Seat.W) if c not in deal.legal_cards())
    before = deal.actions
    with pytest.raises(IllegalPlay) as caught:
        deal.play(wrong)
    assert caught.value.refusal is not None and caught.value.refusal.kind == "must_follow"
    assert deal.actions == before and wrong in deal.hand(Seat.W)


def test_a_recorded_revoke_loses_the_deal_for_the_offending_side():
    result = replay(json.loads(REVOKE.read_text(encoding="utf-8"))).result()
    assert [r.to_json() for r in result.revokes] == [{"trick": 4, "seat": "W", "card": "7d"}]
    assert result.penalised == "EW"
    assert (result.sides["NS"].card_points, result.sides["EW"].card_points) == (11, 0)


def test_the_try_it_revoke_is_penalised_however_many_thirds_the_offenders_took():
    deal = Deal.new(STANDARD, seed=5)
    deal.play(deal.hand(Seat.N)[0])
    wrong = next(c for c in deal.hand(Seat.W) if c not in deal.legal_cards())
    deal.play(wrong, allow_revoke=True)
    while not deal.is_over():
        deal.play(deal.legal_cards()[0])
    result = deal.result()
    assert result.sides["EW"].thirds >= 3 and result.sides["EW"].card_points == 0
    assert result.sides["NS"].card_points == 11


# -- the widgets ---------------------------------------------------------------------------------
@pytest.fixture
def english():
    SETTINGS.lang, SETTINGS.faces = "en", "italian"
    yield
    SETTINGS.lang, SETTINGS.faces = "en", "italian"


def test_the_drill_asks_legal_cards_and_marks_them_with_the_engine():
    drill = pages.drill("04_following_suit")
    quiz = Quiz.generated(drill["kinds"], drill["n"], seed=drill["seed"])
    assert len(quiz.questions) == 6
    for question in quiz.questions:
        led = question.trick[0].card.suit
        hand = set(question.cards)
        following = {c for c in hand if c.suit == led}
        assert question.answer == frozenset(following or hand)
        assert check(question, sorted(question.answer)).correct


def test_the_notebook_uses_the_tested_table():
    table = f'Table("standard", seed={TABLE_SEED})'
    assert any(table in code for code in pages.sources("04_following_suit"))


def _table() -> Table:
    table = Table("standard", seed=TABLE_SEED, delay_ms=0)
    table.run()
    return table


def test_the_table_raises_only_the_cards_that_follow_suit(english):
    table = _table()
    assert table.status == "your_turn" and table.deal.current
    led = table.deal.current[0].card.suit
    mine = next(seat for seat in table.state["seats"] if seat["playable"])
    raised = {c["card"] for c in mine["cards"] if c["legal"]}
    assert raised == {str(c) for c in table.deal.hand(Seat.S) if c.suit == led}
    assert len(raised) < len(mine["cards"])


def test_an_illegal_click_at_the_table_shows_the_rule_in_both_languages(english):
    table = _table()
    led = table.deal.current[0].card.suit
    wrong = next(c for c in table.deal.hand(Seat.S) if c.suit != led)
    before = table.deal.actions
    table._on_message(table, {"type": "play", "card": str(wrong)}, [])
    assert table.deal.actions == before
    assert table.state["message"]["kind"] == "error"
    assert table.state["message"]["text"].startswith(f"You must follow {suit_name(led, 'en')}")
    SETTINGS.lang = "it"
    table._on_message(table, {"type": "play", "card": str(wrong)}, [])
    assert table.state["message"]["text"].startswith(f"Devi rispondere a {suit_name(led, 'it')}")
