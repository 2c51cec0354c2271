"""Lesson 11, variants: every rule the lesson states, checked against the engine."""

import pytest

from tressette_learn.engine import DECK, Card, Deal, DealError, Match, Rules, Seat, parse_cards
from tressette_learn.engine.deal import hand_thirds
from tressette_learn.engine.scoring import card_thirds
from tressette_learn.ui.table import Table

A_DUE, GAMELAKE = Rules.preset("a_due"), Rules.preset("gamelake")
PERDERE = Rules.preset("a_perdere")
REDEAL = Rules.preset("standard").with_options(redeal=True)
REDEAL_HANDS = ["3s 7s 6s 5s 4s Fb 4b 7d 4d 4c", "As 7s 6s 5s 4s 7b 4b 7d 4d 4c",
                "3s 2s Fb 5s 4s 7b 4b 7d 4d 4c"]


def _free_play_index() -> int:
    """0 when a sword may be played on a cup while the stock lasts (gamelake)."""
    deal = _two_player_deal(GAMELAKE)
    deal.play("4c")
    return 0 if Card.parse("5s") in deal.legal_cards() else 1


def _two_player_deal(rules: Rules) -> Deal:
    """N deals; S leads and holds the 4 of cups; N holds cups and swords; 20 in the stock."""
    south = parse_cards("4c 6d 7d Fd Cd Rd Ad 2d 3d 4s")
    north = parse_cards("5c 6c 5s 6s 7s Fs Cs Rs As 2s")
    stock = [card for card in DECK if card not in south and card not in north]
    return Deal(rules, Seat.N, {"S": south, "N": north}, stock)


def _drawer_index() -> int:
    deal = Deal.new(A_DUE, seed=8)
    trick = None
    while trick is None:
        trick = deal.play(deal.legal_cards()[0])
    return ["winner", "loser", "dealer"].index(
        "winner" if deal.draws[0].seat == trick.winner else
        "dealer" if deal.draws[0].seat == deal.dealer else "loser")


def _redeal_hand_index() -> int:
    return [hand_thirds(parse_cards(h)) < 3 for h in REDEAL_HANDS].index(True)


def _redeal_when_index() -> int:
    deal = Deal.new(REDEAL, dealer=Seat.W, seed=16)
    before = deal.redeal_reason(Seat.S) is None
    deal.play(deal.legal_cards()[0])
    after_lead = deal.redeal_reason(Seat.S) is None
    return 0 if before and not after_lead else 2


CHOICES = {
    "variants-stock": lambda: [20, 10, 30].index(len(Deal.new(A_DUE, seed=0).stock)),
    "variants-draw-first": _drawer_index,
    "variants-free-play": _free_play_index,
    "variants-tricks-two": lambda: [10, 20, 40].index(A_DUE.tricks_per_deal),
    "variants-dummy": lambda: 0 if (lambda d: d.controller(d.dummy) == d.dealer)(
        Deal.new(Rules.preset("col_morto"), seed=1)) else 1,
    "variants-perdere-points": lambda: [11, 21, 22].index(PERDERE.deal_points),
    "variants-redeal-hand": _redeal_hand_index,
    "variants-redeal-when": _redeal_when_index,
}


# -- two players --------------------------------------------------------------------------
@pytest.mark.parametrize("rules", [A_DUE, GAMELAKE])
def test_two_players_get_ten_cards_each_and_a_stock_of_twenty(rules):
    deal = Deal.new(rules, seed=3)
    assert rules.players == 2 and len(deal.stock) == 20
    assert all(len(deal.hand(seat)) == 10 for seat in deal.seats)
    assert deal.to_play != deal.dealer  # the non-dealer leads
    assert not rules.signals


def test_the_winner_draws_first_and_the_draw_is_shown_to_the_opponent():
    deal = Deal.new(A_DUE, seed=8)
    trick = None
    while trick is None:
        trick = deal.play(deal.legal_cards()[0])
    first, second = deal.draws
    assert first.seat == trick.winner and second.seat != trick.winner
    loser_view = deal.view(second.seat)
    assert first in loser_view.draws  # the opponent sees the card drawn


def test_a_two_player_deal_has_twenty_tricks_and_eleven_points():
    deal = Deal.new(A_DUE, seed=5)
    while not deal.is_over():
        deal.play(deal.legal_cards()[-1])
    assert len(deal.tricks) == 20
    result = deal.result()
    assert sum(result.sides[s].card_points for s in deal.sides) == 11


def test_a_due_must_follow_while_the_stock_lasts_and_gamelake_plays_freely():
    strict, free = _two_player_deal(A_DUE), _two_player_deal(GAMELAKE)
    for deal in (strict, free):
        deal.play("4c")
    assert set(strict.legal_cards()) == set(parse_cards("5c 6c"))
    assert len(free.legal_cards()) == 10 and free.stock


def test_gamelake_must_follow_once_the_stock_is_empty():
    deal = Deal.new(GAMELAKE, seed=2)
    while deal.stock or deal.current:
        deal.play(deal.legal_cards()[0])
    deal.play(deal.legal_cards()[0])
    assert deal.must_follow()
    led = deal.current[0].card.suit
    hand = deal.hand(deal.to_play)
    if any(c.suit == led for c in hand):
        assert all(c.suit == led for c in deal.legal_cards())


# -- col morto ----------------------------------------------------------------------------
def test_col_morto_the_dealer_plays_the_dummy_shown_after_the_opening_lead():
    deal = Deal.new(Rules.preset("col_morto"), seed=1)
    assert deal.dummy == deal.dealer.partner
    assert deal.controller(deal.dummy) == deal.dealer
    assert deal.side_of(deal.dummy) == deal.side_of(deal.dealer)
    assert deal.to_play == Seat.N and deal.dealer == Seat.E  # dealer's right leads
    assert not deal.dummy_exposed
    deal.play(deal.legal_cards()[0])
    assert deal.dummy_exposed


def test_the_col_morto_table_lets_the_dealer_play_the_dummy():
    table = Table("col_morto", seat="E", seed=8, delay_ms=0)
    table.run()
    assert table.deal.to_play == Seat.W and table.status == "your_turn"
    assert table.play(table.deal.legal_cards()[0]) is None


# -- a perdere -----------------------------------------------------------------------------
def test_a_perdere_the_ace_of_bastoni_is_eleven_points_and_a_deal_holds_twenty_one():
    assert card_thirds(Card.parse("Ab"), PERDERE) == 33
    assert card_thirds(Card.parse("Ac"), PERDERE) == 3
    assert PERDERE.deal_points == 21
    assert not PERDERE.declarations and not PERDERE.calling_out
    normal = PERDERE.with_options(ace_of_bastoni_eleven=False)
    assert card_thirds(Card.parse("Ab"), normal) == 3


def test_a_perdere_the_side_with_fewer_points_wins():
    match = Match(PERDERE, seed=4)
    while match.result() is None:
        while not match.deal.is_over():
            match.deal.play(match.deal.legal_cards()[0])
        match.next_deal()
    result = match.result()
    assert result.winner == min(result.totals, key=result.totals.get)


# -- redeal --------------------------------------------------------------------------------
def test_a_redeal_needs_the_option_a_hand_under_a_point_and_no_lead_yet():
    deal = Deal.new(REDEAL, dealer=Seat.W, seed=16)
    assert hand_thirds(deal.hand(Seat.S)) < 3
    assert deal.redeal_reason(Seat.S) is None
    assert deal.redeal_reason(Seat.N) is not None  # a hand worth a point or more
    plain = Deal.new(Rules.preset("standard"), dealer=Seat.W, seed=16)
    assert plain.redeal_reason(Seat.S) is not None  # off by default
    deal.redeal(Seat.S)
    assert deal.is_over()


def test_no_redeal_after_the_first_lead():
    deal = Deal.new(REDEAL, dealer=Seat.W, seed=16)
    deal.play(deal.legal_cards()[0])
    with pytest.raises(DealError):
        deal.redeal(Seat.S)


def test_the_table_offers_the_redeal_button_only_while_allowed():
    table = Table(deal=Deal.new(REDEAL, dealer=Seat.W, seed=16))
    assert table.state["buttons"]["redeal"]
    sent = table.deal
    assert table.redeal() is None and sent.redeal_by == Seat.S and sent.is_over()
    # the same dealer deals again at once; the new hand may be sent back only if poor
    assert table.deal is not sent and table.deal.dealer == Seat.W
    assert table.status == "your_turn" and not table.deal.actions
    assert bool(table.state["buttons"]["redeal"]) == \
        (table.deal.redeal_reason(Seat.S) is None)
    other = Table(deal=Deal.new(REDEAL, dealer=Seat.W, seed=16))
    other.play(other.deal.legal_cards()[0])
    assert not other.state["buttons"]["redeal"]
