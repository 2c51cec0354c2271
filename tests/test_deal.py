"""Dealing, two players with a stock, col morto, calling out, redeal and undo
(RULES.md 2, 5, 6, 7, 8)."""

from __future__ import annotations

import pytest
from conftest import (
    SPLIT_TRICKS,
    card,
    cards,
    complete_deal,
    play_all,
    play_out,
    refused,
    rules,
    snapshot,
    split_deal,
)

from tressette_learn.engine import DECK, Deal, DealError, Declaration, Rules, Seat, Suit
from tressette_learn.engine.deal import Draw, deal_out
from tressette_learn.engine.refusals import Refusal
from tressette_learn.engine_words import result_text

# -- dealing ---------------------------------------------------------------------------------


def test_seeded_deals_are_reproducible() -> None:
    for name in ("standard", "a_due", "col_morto"):
        a = Deal.new(rules(name), seed=2024)
        b = Deal.new(rules(name), seed=2024)
        assert a.hands == b.hands
        assert a.stock == b.stock


def test_different_seeds_give_different_deals() -> None:
    assert Deal.new(rules(), seed=1).hands != Deal.new(rules(), seed=2).hands


def test_a_deal_uses_all_40_cards_once() -> None:
    for name in ("standard", "a_due", "col_morto"):
        deal = Deal.new(rules(name), seed=9)
        dealt = [c for h in deal.hands.values() for c in h] + list(deal.stock)
        assert sorted(dealt) == sorted(DECK)
        assert all(len(h) == 10 for h in deal.hands.values())


def test_packets_of_five_anticlockwise_from_the_dealers_right() -> None:
    # deck top first = DECK in index order; dealer E: N, W, S, E get 5 each, twice
    hands, stock = deal_out(DECK, rules(), Seat.E)
    assert hands[Seat.N] == [*DECK[0:5], *DECK[20:25]]
    assert hands[Seat.W] == [*DECK[5:10], *DECK[25:30]]
    assert hands[Seat.S] == [*DECK[10:15], *DECK[30:35]]
    assert hands[Seat.E] == [*DECK[15:20], *DECK[35:40]]
    assert stock == []


def test_one_at_a_time_anticlockwise_from_the_dealers_right() -> None:
    hands, _ = deal_out(DECK, rules(deal_packet=1), Seat.S)
    # dealer S: E first, then N, W, S
    assert hands[Seat.E] == list(DECK[0::4])
    assert hands[Seat.N] == list(DECK[1::4])
    assert hands[Seat.W] == list(DECK[2::4])
    assert hands[Seat.S] == list(DECK[3::4])


def test_packet_size_changes_the_hands_of_the_same_shuffle() -> None:
    five = Deal.new(rules(), seed=77)
    one = Deal.new(rules(deal_packet=1), seed=77)
    assert five.hands != one.hands
    assert sorted(c for h in one.hands.values() for c in h) == sorted(DECK)


def test_two_players_have_ten_cards_each_and_a_stock_of_twenty() -> None:
    hands, stock = deal_out(DECK, rules("a_due"), Seat.N)
    assert hands[Seat.S] == [*DECK[0:5], *DECK[10:15]]
    assert hands[Seat.N] == [*DECK[5:10], *DECK[15:20]]
    assert stock == list(DECK[20:40])
    deal = Deal.new(rules("a_due"), seed=4)
    assert set(deal.seats) == {Seat.S, Seat.N}
    assert len(deal.stock) == 20
    assert len(deal.hand(Seat.S)) == len(deal.hand(Seat.N)) == 10


def test_col_morto_deals_four_hands() -> None:
    deal = Deal.new(rules("col_morto"), dealer=Seat.S, seed=8)
    assert set(deal.seats) == set(Seat)
    assert all(len(h) == 10 for h in deal.hands.values())
    assert deal.stock == ()


def test_a_wrong_deal_is_refused_naming_the_problem() -> None:
    good = {s: cards(t) for s, t in {
        Seat.N: "3d 2d Ad Rd Cd Fd 7d 6d 5d 4d", Seat.W: "3c 2c Ac Rc Cc Fc 7c 6c 5c 4c",
        Seat.S: "3s 2s As Rs Cs Fs 7s 6s 5s 4s", Seat.E: "3b 2b Ab Rb Cb Fb 7b 6b 5b 4b"}.items()}
    with pytest.raises(DealError, match="hands.N: 9 cards"):
        Deal(rules(), Seat.E, {**good, Seat.N: good[Seat.N][:9]})
    with pytest.raises(DealError, match="3d is dealt twice"):
        Deal(rules(), Seat.E, {**good, Seat.W: (*good[Seat.W][:9], card("3d"))})
    with pytest.raises(DealError, match="stock"):
        Deal(rules(), Seat.E, good, stock=cards("4d"))
    with pytest.raises(DealError, match="dealer"):
        Deal(rules("a_due"), Seat.E, {Seat.S: good[Seat.N], Seat.N: good[Seat.W]},
             stock=good[Seat.S] + good[Seat.E])


def test_hands_may_be_given_as_any_iterable_of_cards() -> None:
    # Deal(rules, dealer, hands: Mapping[Seat, Iterable[Card]]): a generator is an iterable.
    # The constructor reads each hand twice (once for the masks, once for the checks), so a
    # generator arrives empty at the checks and the deal is refused with "0 cards".
    hands = {s: cards(h) for s, h in {
        Seat.N: "3d 2d Ad Rd Cd Fd 7d 6d 5d 4d", Seat.W: "3c 2c Ac Rc Cc Fc 7c 6c 5c 4c",
        Seat.S: "3s 2s As Rs Cs Fs 7s 6s 5s 4s", Seat.E: "3b 2b Ab Rb Cb Fb 7b 6b 5b 4b"}.items()}
    deal = Deal(rules(), Seat.E, {s: (c for c in h) for s, h in hands.items()})
    assert {s: set(h) for s, h in deal.hands.items()} == {s: set(h) for s, h in hands.items()}


# -- two players -------------------------------------------------------------------------------


def two_player_deal(name: str = "a_due") -> Deal:
    # dealer N, S leads; S leads 4c and N (coppe and other suits) must follow or not.
    return complete_deal(rules(name), Seat.N, {
        Seat.S: "4c 5c 6c 3d 2d Ad 3s 2s As 3b",
        Seat.N: "3c 2c Ac Rd Cd Fd Rs Cs Fs Rb",
    }, stock="7d 7s")


def test_two_players_winner_draws_first_and_the_draws_are_recorded() -> None:
    deal = two_player_deal()
    trick = None
    for c in ("4c", "3c"):
        trick = deal.play(card(c))
    assert trick is not None and trick.winner == Seat.N
    assert deal.draws == [Draw(Seat.N, card("7d"), 1), Draw(Seat.S, card("7s"), 1)]
    assert card("7d") in deal.hand(Seat.N)
    assert card("7s") in deal.hand(Seat.S)
    assert len(deal.stock) == 18
    assert deal.to_play == Seat.N
    assert len(deal.hand(Seat.N)) == len(deal.hand(Seat.S)) == 10


def test_two_players_drawn_cards_are_shown_to_the_opponent() -> None:
    deal = two_player_deal()
    play_all(deal, "4c 3c")
    assert "7d" in deal.view(Seat.S).cards()  # N's draw, seen by S
    assert "7s" in deal.view(Seat.N).cards()  # S's draw, seen by N
    assert [(d.seat, d.card) for d in deal.view(Seat.S).draws] == [
        (Seat.N, card("7d")), (Seat.S, card("7s"))]


def test_two_players_must_follow_while_the_stock_lasts_by_default() -> None:
    deal = two_player_deal("a_due")
    deal.play(card("4c"))
    assert deal.must_follow()
    assert set(deal.legal_cards()) == set(cards("3c 2c Ac"))
    assert deal.illegal_reason(card("Rd")) == Refusal.of(
        "must_follow", seat=Seat.N, card=card("Rd"), suit=Suit.COPPE, held=cards("3c 2c Ac"))


def test_two_players_free_play_while_the_stock_lasts_option() -> None:
    deal = two_player_deal("gamelake")
    deal.play(card("4c"))
    assert not deal.must_follow()
    assert set(deal.legal_cards()) == set(deal.hand(Seat.N))
    assert deal.illegal_reason(card("Rd")) is None
    trick = deal.play(card("Rd"))  # a piombo: it cannot win
    assert trick is not None and trick.winner == Seat.S


@pytest.mark.parametrize("name", ["a_due", "gamelake"])
def test_two_players_must_follow_once_the_stock_is_empty(name: str) -> None:
    deal = Deal.new(rules(name), seed=12)
    restricted_seen = 0
    while not deal.is_over():
        if deal.current:
            led = deal.current[0].card.suit
            hand = set(deal.hand(deal.to_play))
            of_suit = {c for c in hand if c.suit == led}
            if deal.stock and name == "gamelake":
                assert set(deal.legal_cards()) == hand
            elif of_suit:
                assert set(deal.legal_cards()) == of_suit
                if of_suit != hand and not deal.stock:
                    restricted_seen += 1
            else:
                assert set(deal.legal_cards()) == hand
        # lead the last card, answer with the first legal card: keeps both hands mixed
        deal.play(deal.legal_cards()[-1 if not deal.current else 0])
    assert restricted_seen > 0, "the walk never tested following with an empty stock"


@pytest.mark.parametrize("name", ["a_due", "gamelake"])
def test_two_players_play_twenty_tricks_and_draw_the_whole_stock(name: str) -> None:
    deal = Deal.new(rules(name), seed=31)
    stock0 = deal.stock
    for n in range(1, 11):
        while len(deal.tricks) < n:
            deal.play(deal.legal_cards()[0])
        assert len(deal.stock) == 20 - 2 * n
        assert len(deal.hand(Seat.S)) == len(deal.hand(Seat.N)) == 10
        winner = deal.tricks[-1].winner
        first, second = deal.draws[-2:]
        assert (first.seat, second.seat) == (winner, Seat.S if winner == Seat.N else Seat.N)
        assert (first.card, second.card) == stock0[2 * n - 2: 2 * n]
    play_out(deal)
    assert len(deal.tricks) == 20
    assert deal.hand(Seat.S) == deal.hand(Seat.N) == ()
    assert len(deal.draws) == 20
    result = deal.result()
    assert result.complete
    assert result.sides["S"].card_points + result.sides["N"].card_points == 11


# -- col morto -----------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", list(Seat))
def test_col_morto_dummy_is_the_dealers_partner_played_by_the_dealer(dealer: Seat) -> None:
    deal = Deal.new(rules("col_morto"), dealer=dealer, seed=21)
    assert deal.dummy == dealer.partner
    assert deal.controller(deal.dummy) == dealer
    for seat in Seat:
        if seat != deal.dummy:
            assert deal.controller(seat) == seat
    assert deal.to_play == dealer.right
    assert deal.side_of(dealer) == deal.side_of(deal.dummy)
    assert deal.side_of(dealer.right) != deal.side_of(dealer)


def test_col_morto_dummy_is_exposed_after_the_opening_lead() -> None:
    deal = Deal.new(rules("col_morto"), dealer=Seat.E, seed=21)
    assert not deal.dummy_exposed
    deal.play(deal.legal_cards()[0])
    assert deal.dummy_exposed
    assert deal.to_play == Seat.W == deal.dummy
    deal.undo()
    assert not deal.dummy_exposed


def test_four_players_have_no_dummy() -> None:
    deal = Deal.new(rules(), seed=1)
    assert deal.dummy is None and not deal.dummy_exposed
    assert all(deal.controller(s) == s for s in Seat)


# -- calling out ---------------------------------------------------------------------------


def call_rules(**options: object) -> Rules:
    return rules(calling_out=True, **options)


def play_tricks(deal: Deal, count: int) -> None:
    for trick in SPLIT_TRICKS[len(deal.tricks):count]:
        play_all(deal, trick)


def test_a_correct_call_ends_the_deal() -> None:
    # after two tricks NS hold 12 thirds = 4 points; 17 + 4 = 21 reaches the target
    deal = split_deal(call_rules(), match_scores={"NS": 17, "EW": 0})
    play_tricks(deal, 2)
    assert deal.call_reason("NS") is None
    call = deal.call_out("NS")
    assert (call.side, call.after_trick, call.points, call.correct) == ("NS", 2, 21, True)
    assert deal.is_over()
    assert deal.ended_by_call == call
    result = deal.result()
    assert result.call == call
    assert not result.complete


def test_a_wrong_call_loses_by_default() -> None:
    deal = split_deal(call_rules(), match_scores={"NS": 16, "EW": 0})
    play_tricks(deal, 2)
    call = deal.call_out("NS")
    assert (call.points, call.correct) == (20, False)
    assert deal.is_over()
    assert deal.ended_by_call == call
    assert deal.result().call == call


def test_a_wrong_call_is_ignored_with_that_option() -> None:
    deal = split_deal(call_rules(wrong_call_penalty="ignored"), match_scores={"NS": 16})
    play_tricks(deal, 2)
    call = deal.call_out("NS")
    assert not call.correct
    assert not deal.is_over()
    assert deal.ended_by_call is None
    assert deal.calls == [call]
    assert deal.to_play == Seat.N
    play_tricks(deal, 3)  # NS now 14 thirds = 4 points: 16 + 4 = 20, still short
    assert not deal.call_out("NS").correct


def test_a_call_counts_declarations_and_the_match_score() -> None:
    # W was dealt three 2s (2c 2s 2b, missing denari): 3 points for EW once declared
    deal = split_deal(call_rules(), match_scores={"NS": 0, "EW": 18})
    play_tricks(deal, 1)
    deal.declare(Declaration(Seat.W, "buon_gioco", rank=card("2c").rank, missing=Suit.DENARI))
    call = deal.call_out("EW")
    assert (call.points, call.correct) == (18 + 0 + 3, True)


def test_a_call_does_not_count_the_last_trick() -> None:
    # after nine tricks EW hold 18 thirds = 6 points; the last trick (which W will take) is
    # not yet won, so 14 + 6 = 20 does not reach 21.
    deal = split_deal(call_rules(), match_scores={"NS": 0, "EW": 14})
    play_tricks(deal, 9)
    call = deal.call_out("EW")
    assert (call.points, call.correct) == (20, False)


def test_no_call_after_the_last_trick() -> None:
    deal = split_deal(call_rules(), match_scores={"NS": 0, "EW": 14})
    play_tricks(deal, 10)
    assert deal.call_reason("EW") == Refusal.of("call_between_tricks", side="EW")
    with refused("call_between_tricks", side="EW"):
        deal.call_out("EW")


def test_no_call_in_the_middle_of_a_trick_or_before_the_first() -> None:
    deal = split_deal(call_rules(), match_scores={"NS": 20})
    assert deal.call_reason("NS") == Refusal.of("call_between_tricks", side="NS")
    play_tricks(deal, 1)
    deal.play(card("3c"))
    before = snapshot(deal)
    assert deal.call_reason("NS") == Refusal.of("call_between_tricks", side="NS")
    with refused("call_between_tricks"):
        deal.call_out("NS")
    assert snapshot(deal) == before


def test_no_call_with_a_fixed_number_of_deals() -> None:
    deal = split_deal(call_rules(fixed_deals=4), match_scores={"NS": 20})
    play_tricks(deal, 2)
    with refused("call_fixed_deals", side="NS", deals=4):
        deal.call_out("NS")


def test_no_call_by_default() -> None:
    deal = split_deal(rules(), match_scores={"NS": 20})
    play_tricks(deal, 2)
    with refused("no_calling_out"):
        deal.call_out("NS")


def test_a_call_names_a_real_side() -> None:
    deal = split_deal(call_rules())
    play_tricks(deal, 1)
    with pytest.raises(ValueError, match="'NE'"):
        deal.call_out("NE")


# -- redeal ----------------------------------------------------------------------------------


@pytest.mark.parametrize("weak", [
    "Rd Cd 7d 6d 5d 4d 7c 6c 5c 4c",  # two figures: 2 thirds
    "3d 2d 7d 6d 5d 4d 7c 6c 5c 4c",  # a 3 and a 2: 2 thirds
    "7d 6d 5d 4d 7c 6c 5c 4c 7s 6s",  # nothing
])
def test_redeal_for_a_hand_worth_less_than_a_point(weak: str) -> None:
    deal = complete_deal(rules(redeal=True), Seat.E, {Seat.S: weak})
    assert deal.redeal_reason(Seat.S) is None
    deal.redeal(Seat.S)
    assert deal.is_over()
    assert deal.redeal_by == Seat.S
    result = deal.result()
    assert result.redeal_by == Seat.S
    assert all(s.total == 0 for s in result.sides.values())
    assert result_text(result, "en") == "redeal asked by South: no score"


@pytest.mark.parametrize("strong", [
    "Rd Cd Fd 6d 5d 4d 7c 6c 5c 4c",  # three figures: one point
    "Ad 7d 6d 5d 4d 7c 6c 5c 4c 7s",  # an ace: one point
    "3d 2d Fc 6d 5d 4d 7c 6c 5c 4c",  # 3, 2, fante: one point
])
def test_no_redeal_for_a_hand_worth_a_point(strong: str) -> None:
    deal = complete_deal(rules(redeal=True), Seat.E, {Seat.S: strong})
    assert deal.redeal_reason(Seat.S) == Refusal.of("redeal_hand_worth", seat=Seat.S, thirds=3)
    with refused("redeal_hand_worth", seat=Seat.S):
        deal.redeal(Seat.S)
    assert not deal.is_over()


def test_redeal_only_before_the_first_lead() -> None:
    deal = complete_deal(rules(redeal=True), Seat.E, {Seat.S: "7d 6d 5d 4d 7c 6c 5c 4c 7s 6s"})
    deal.play(deal.legal_cards()[0])
    before = snapshot(deal)
    with refused("redeal_before_first_lead", seat=Seat.S):
        deal.redeal(Seat.S)
    assert snapshot(deal) == before


def test_no_redeal_by_default() -> None:
    deal = complete_deal(rules(), Seat.E, {Seat.S: "7d 6d 5d 4d 7c 6c 5c 4c 7s 6s"})
    with refused("no_redeal", seat=Seat.S):
        deal.redeal(Seat.S)


# -- undo ----------------------------------------------------------------------------------


def test_undo_a_card_in_the_middle_of_a_trick() -> None:
    deal = split_deal()
    play_all(deal, "3d Ad")
    before = snapshot(deal)
    deal.play(card("Rd"))
    deal.undo()
    assert snapshot(deal) == before


def test_undo_the_card_that_closed_a_trick() -> None:
    deal = split_deal()
    play_all(deal, "3d Ad Rd")
    before = snapshot(deal)
    deal.play(card("Cd"))
    assert len(deal.tricks) == 1
    deal.undo()
    assert snapshot(deal) == before
    assert deal.to_play == Seat.E


def test_undo_a_trick_with_draws() -> None:
    deal = complete_deal(rules("a_due"), Seat.N, {})
    deal.play(deal.legal_cards()[0])
    before = snapshot(deal)
    deal.play(deal.legal_cards()[0])
    assert len(deal.draws) == 2
    deal.undo()
    assert snapshot(deal) == before
    assert deal.draws == [] and len(deal.stock) == 20


def test_undo_a_declaration() -> None:
    deal = split_deal()
    play_all(deal, SPLIT_TRICKS[0])
    before = snapshot(deal)
    deal.declare(Declaration(Seat.W, "buon_gioco", rank=card("2c").rank, missing=Suit.DENARI))
    assert len(deal.declarations) == 1
    deal.undo()
    assert snapshot(deal) == before


def test_undo_a_call() -> None:
    deal = split_deal(rules(calling_out=True), match_scores={"NS": 17})
    play_all(deal, SPLIT_TRICKS[0])
    before = snapshot(deal)
    deal.call_out("NS")
    assert deal.is_over()
    deal.undo()
    assert snapshot(deal) == before
    assert not deal.is_over()


def test_undo_a_redeal() -> None:
    deal = complete_deal(rules(redeal=True), Seat.E, {Seat.N: "7d 6d 5d 4d 7c 6c 5c 4c 7s 6s"})
    before = snapshot(deal)
    deal.redeal(Seat.N)
    deal.undo()
    assert snapshot(deal) == before
    assert deal.redeal_by is None and deal.to_play == Seat.N


def test_undo_a_revoke() -> None:
    deal = split_deal()
    deal.play(card("3d"))
    before = snapshot(deal)
    deal.play(card("Ac"), allow_revoke=True)
    deal.undo()
    assert snapshot(deal) == before


def test_undo_everything_back_to_the_start_and_nothing_more() -> None:
    deal = split_deal()
    start = snapshot(deal)
    for trick in SPLIT_TRICKS:
        play_all(deal, trick)
    assert deal.is_over()
    for _ in range(40):
        deal.undo()
    assert snapshot(deal) == start
    with pytest.raises(DealError, match="nothing to undo"):
        deal.undo()


def test_copy_is_independent() -> None:
    deal = split_deal()
    play_all(deal, "3d Ad")
    twin = deal.copy()
    assert snapshot(twin) == snapshot(deal)
    twin.play(card("Rd"))
    assert len(deal.plays) == 2 and len(twin.plays) == 3
