"""The rules configuration (presets, options, JSON) and the rules of play: first lead, turn
order, following suit, piombo and the reasons given for refused cards (RULES.md 2, 5, 7-10)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from conftest import card, cards, complete_deal, play_all, refused, rules, snapshot

from tressette_learn.engine import (
    PRESETS,
    Deal,
    DealError,
    IllegalPlay,
    Rules,
    RulesError,
    Seat,
    Suit,
)
from tressette_learn.engine.refusals import Refusal

# -- presets ---------------------------------------------------------------------------------


def test_the_eight_presets_exist_by_name() -> None:
    assert set(PRESETS) == {"standard", "online", "gamelake", "quattro_denari", "a_due",
                            "col_morto", "a_perdere", "traversone"}
    for name in PRESETS:
        r = Rules.preset(name)
        assert r.preset_name == name
        assert Rules.from_json(name) == r
        assert r.to_json() == name


def test_a_new_game_gets_the_rule_book_defaults() -> None:
    r = Rules()
    assert r == Rules.preset("standard")
    assert r.players == 4
    assert r.deal_packet == 5
    assert r.first_lead == "dealer_right"
    assert r.declarations is True
    assert r.declaration_timing == "end_of_first_trick"
    assert r.declarations_compulsory is False
    assert r.signals is True
    assert r.target == 21
    assert r.fixed_deals is None
    assert r.calling_out is False
    assert r.wrong_call_penalty == "lose_match"
    assert r.cappotto is False
    assert r.cappotto_definition == "all_points"  # seed 000: "tutti i punti (cioè 11)"
    assert r.cappotto_effect == "double"
    assert r.reversed_cappotto is False
    assert r.signal_convention == "seed"
    assert r.partners is True
    assert r.redeal is False
    assert r.follow_suit_with_stock is True
    assert r.a_perdere is False
    assert r.tricks_per_deal == 10
    assert r.deal_points == 11


def test_preset_online_has_no_signals_but_declarations() -> None:
    r = Rules.preset("online")
    assert (r.players, r.signals, r.declarations, r.target) == (4, False, True, 21)


def test_preset_gamelake_two_players_free_play_with_stock() -> None:
    r = Rules.preset("gamelake")
    assert (r.declarations, r.signals) == (False, False)
    assert r.players == 2
    assert r.follow_suit_with_stock is False


def test_preset_quattro_denari_four_of_denari_leads_and_declarations_compulsory() -> None:
    r = Rules.preset("quattro_denari")
    assert r.players == 4
    assert r.first_lead == "four_of_denari"
    assert r.declarations is True and r.declarations_compulsory is True


def test_romana_is_still_read_as_quattro_denari_but_not_offered() -> None:
    assert "romana" not in PRESETS
    assert Rules.preset("romana") == Rules.preset("quattro_denari")
    assert Rules.from_json({"preset": "romana", "target": 31}).to_json() == \
        {"preset": "quattro_denari", "target": 31}


def test_preset_traversone_each_for_himself_with_reversed_cappotto() -> None:
    r = Rules.preset("traversone")
    assert (r.players, r.partners, r.a_perdere) == (4, False, True)
    assert (r.cappotto, r.reversed_cappotto) == (True, True)
    assert (r.declarations, r.signals, r.calling_out) == (False, False, False)
    assert r.sides == ("N", "E", "S", "W")
    assert [r.side_of(seat) for seat in Seat] == ["N", "E", "S", "W"]


@pytest.mark.parametrize(("options", "words"), [
    ({"partners": False}, "signals need a partner"),
    ({"partners": False, "signals": False, "players": 3}, "3 players each for himself"),
    ({"partners": False, "signals": False, "calling_out": True}, "calling out needs two sides"),
    ({"reversed_cappotto": True}, "reversed_cappotto needs cappotto"),
])
def test_combinations_each_for_himself_cannot_take_are_refused_in_words(
        options: dict[str, Any], words: str) -> None:
    with pytest.raises(RulesError, match=words):
        Rules.preset("standard").with_options(**options)


def test_preset_a_due_two_players_must_follow_with_stock() -> None:
    r = Rules.preset("a_due")
    assert r.players == 2
    assert (r.declarations, r.signals) == (False, False)
    assert r.follow_suit_with_stock is True
    assert r.tricks_per_deal == 20
    assert r.deal_points == 11


def test_preset_col_morto_three_players() -> None:
    r = Rules.preset("col_morto")
    assert r.players == 3
    assert r.tricks_per_deal == 10


def test_preset_a_perdere_ace_of_bastoni_eleven_no_declarations_no_calls() -> None:
    r = Rules.preset("a_perdere")
    assert r.a_perdere is True
    assert r.ace_of_bastoni_eleven is True
    assert (r.declarations, r.calling_out) == (False, False)
    assert r.total_thirds == 35 - 3 + 33 == 65
    assert r.deal_points == 21
    normal = r.with_options(ace_of_bastoni_eleven=False)
    assert (normal.total_thirds, normal.deal_points) == (35, 11)


# -- from_json / with_options -----------------------------------------------------------------


def test_from_json_preset_plus_options() -> None:
    r = Rules.from_json({"preset": "a_due", "follow_suit_with_stock": False, "target": 31})
    assert r.preset_name == "a_due"
    assert r.players == 2
    assert r.follow_suit_with_stock is False
    assert r.target == 31
    assert r.to_json() == {"preset": "a_due", "follow_suit_with_stock": False, "target": 31}
    assert Rules.from_json(r.to_json()) == r


def test_from_json_without_preset_starts_from_standard() -> None:
    r = Rules.from_json({"target": 11, "calling_out": True})
    assert r.preset_name == "standard"
    assert (r.target, r.calling_out, r.signals) == (11, True, True)


@pytest.mark.parametrize("target", [11, 21, 31, 41, 51])
def test_targets_of_the_rule_book_are_accepted(target: int) -> None:
    assert Rules.from_json({"target": target}).target == target


def test_fixed_number_of_deals_option() -> None:
    assert Rules.from_json({"fixed_deals": 6}).fixed_deals == 6
    assert Rules.from_json({"fixed_deals": None}).fixed_deals is None


def test_unknown_preset_is_an_error_naming_it() -> None:
    with pytest.raises(RulesError, match="'briscola'"):
        Rules.preset("briscola")
    with pytest.raises(RulesError, match="'briscola'"):
        Rules.from_json("briscola")
    with pytest.raises(RulesError, match="'briscola'"):
        Rules.from_json({"preset": "briscola", "target": 11})


def test_unknown_option_is_an_error_naming_it() -> None:
    with pytest.raises(RulesError, match="'trumps'"):
        Rules.from_json({"preset": "standard", "trumps": True})
    with pytest.raises(RulesError, match="'trumps'"):
        Rules.preset("online").with_options(trumps="denari")
    with pytest.raises(RulesError, match="'preset_name'"):
        Rules.from_json({"preset_name": "online"})


@pytest.mark.parametrize(("option", "value"), [
    ("players", 5), ("players", 1), ("players", "4"), ("players", True),
    ("deal_packet", 3), ("deal_packet", "5"),
    ("first_lead", "dealer_left"), ("declaration_timing", "whenever"),
    ("declarations", "yes"), ("signals", 1), ("redeal", None),
    ("target", 0), ("target", -21), ("target", "21"), ("target", True), ("target", 21.5),
    ("fixed_deals", 0), ("fixed_deals", "3"), ("fixed_deals", False),
    ("wrong_call_penalty", "fine"), ("cappotto_definition", "all_cards"),
    ("cappotto_effect", "triple"), ("perdere_tie", "coin"), ("signal_convention", "bridge"),
    ("partners", "no"), ("reversed_cappotto", 1),
])
def test_bad_values_are_errors_naming_the_option(option: str, value: Any) -> None:
    with pytest.raises(RulesError, match=repr(option)) as err:
        Rules.from_json({"preset": "standard", option: value})
    assert err.value.option == option


@pytest.mark.parametrize("value", [True, 5.0, 1.0])
def test_deal_packet_must_be_the_whole_number_1_or_5(value: Any) -> None:
    # JSON true or 5.0 is not a packet size: `5.0 in (1, 5)` holds in Python, so a plain
    # membership test lets it through, and Deal.new then fails with a TypeError while
    # slicing the deck.
    with pytest.raises(RulesError, match="'deal_packet'") as err:
        Rules.from_json({"deal_packet": value})
    assert err.value.option == "deal_packet"


def test_signals_need_partners() -> None:
    with pytest.raises(RulesError, match="signals"):
        Rules.from_json({"preset": "a_due", "signals": True})
    with pytest.raises(RulesError, match="signals"):
        Rules.from_json({"players": 2})


@pytest.mark.parametrize("option", ["declarations", "calling_out"])
def test_a_perdere_refuses_declarations_and_calling_out(option: str) -> None:
    with pytest.raises(RulesError, match="a perdere"):
        Rules.from_json({"preset": "a_perdere", option: True})


def test_rules_are_frozen_and_errors_are_value_errors() -> None:
    r = Rules.preset("standard")
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.target = 11  # type: ignore[misc]
    assert issubclass(RulesError, ValueError)
    assert issubclass(IllegalPlay, DealError) and issubclass(DealError, ValueError)


# -- first lead and turn order ------------------------------------------------------------------


@pytest.mark.parametrize(("dealer", "leader"), [
    (Seat.E, Seat.N), (Seat.N, Seat.W), (Seat.W, Seat.S), (Seat.S, Seat.E),
])
def test_first_lead_is_the_dealers_right(dealer: Seat, leader: Seat) -> None:
    deal = Deal.new(rules(), dealer=dealer, seed=3)
    assert deal.to_play == leader
    assert deal.leader == leader


@pytest.mark.parametrize("holder", list(Seat))
def test_first_lead_option_four_of_denari(holder: Seat) -> None:
    r = rules(first_lead="four_of_denari")
    deal = complete_deal(r, Seat.E, {holder: "4d 3c 2s"})
    assert deal.to_play == holder
    # that player need not lead the 4: the whole hand is legal
    assert set(deal.legal_cards()) == set(deal.hand(holder))
    deal.play(card("3c"))
    assert len(deal.plays) == 1


def test_romana_preset_leads_with_the_holder_of_the_four_of_denari() -> None:
    deal = complete_deal(rules("quattro_denari"), Seat.E, {Seat.S: "4d"})
    assert deal.to_play == Seat.S


def test_turn_order_is_anticlockwise_n_w_s_e() -> None:
    deal = Deal.new(rules(), dealer=Seat.E, seed=11)
    order = []
    for _ in range(4):
        order.append(deal.to_play)
        deal.play(deal.legal_cards()[0])
    assert order == [Seat.N, Seat.W, Seat.S, Seat.E]
    assert [Seat.N.right, Seat.W.right, Seat.S.right, Seat.E.right] == [
        Seat.W, Seat.S, Seat.E, Seat.N]
    assert Seat.N.partner == Seat.S and Seat.E.partner == Seat.W


def test_two_players_alternate_and_the_non_dealer_leads() -> None:
    deal = Deal.new(rules("a_due"), dealer=Seat.N, seed=5)
    assert deal.to_play == Seat.S
    deal.play(deal.legal_cards()[0])
    assert deal.to_play == Seat.N
    assert Deal.new(rules("a_due"), dealer=Seat.S, seed=5).to_play == Seat.N


# -- following suit, piombo, the winner ------------------------------------------------------


def following_deal() -> Deal:
    # N leads 3c; W holds exactly two coppe (Ac 4c) and must follow; S holds no coppe.
    return Deal(rules(), Seat.E, {
        Seat.N: cards("3c Rd 4d 5d 6d 5s 4b 7b 6b 5b"),
        Seat.W: cards("Ac 4c 3d 2d Ad Cd As Fb Cb Rb"),
        Seat.S: cards("3s 2s Rs Cs Fs 7s 6s 3b 2b Ab"),
        Seat.E: cards("2c Rc Cc Fc 7c 6c 5c Fd 7d 4s"),
    })


def test_the_leader_may_play_any_card() -> None:
    deal = following_deal()
    assert set(deal.legal_cards()) == set(deal.hand(Seat.N))
    assert all(deal.illegal_reason(c) is None for c in deal.hand(Seat.N))


def test_must_follow_the_suit_led() -> None:
    deal = following_deal()
    deal.play(card("3c"))
    assert deal.to_play == Seat.W
    assert set(deal.legal_cards()) == set(cards("Ac 4c"))
    assert deal.illegal_reason(card("Ac")) is None


def test_the_reason_for_not_following_names_the_suit_and_the_cards_held() -> None:
    deal = following_deal()
    deal.play(card("3c"))
    assert deal.illegal_reason(card("3d")) == Refusal.of(
        "must_follow", seat=Seat.W, card=card("3d"), suit=Suit.COPPE, held=cards("Ac 4c"))
    with pytest.raises(IllegalPlay) as caught:
        deal.play(card("As"))
    assert caught.value.refusal == Refusal.of(
        "must_follow", seat=Seat.W, card=card("As"), suit=Suit.COPPE, held=cards("Ac 4c"))
    assert str(caught.value) == "must_follow(seat=W, card=As, suit=c, held=Ac 4c)"


def test_a_player_without_the_suit_may_play_any_card() -> None:
    deal = following_deal()
    play_all(deal, "3c 4c")
    assert deal.to_play == Seat.S
    assert set(deal.legal_cards()) == set(deal.hand(Seat.S))


def test_piombo_never_wins_and_the_highest_of_the_suit_led_does() -> None:
    deal = following_deal()
    # N leads 3c, W follows 4c, S plays the 3 of spade (piombo), E follows Cc
    play_all(deal, "3c 4c 3s")
    trick = deal.play(card("Cc"))
    assert trick is not None
    assert trick.winner == Seat.N
    assert deal.to_play == Seat.N  # the winner leads the next trick


def test_the_weakest_lead_wins_when_nobody_follows() -> None:
    # N leads the 4 of bastoni; nobody else holds bastoni; every piombo is a 3.
    deal = complete_deal(rules(), Seat.E, {
        Seat.N: "4b 5b 6b 7b Fb Cb Rb Ab 2b 3b",
        Seat.W: "3d", Seat.S: "3c", Seat.E: "3s",
    })
    trick = None
    for c in ("4b", "3d", "3c", "3s"):
        trick = deal.play(card(c))
    assert trick is not None and trick.winner == Seat.N


def test_highest_follower_wins_and_leads_next() -> None:
    deal = following_deal()
    # N leads Rd, W follows 2d, S has no denari (3s), E follows Fd: the 2 takes the re
    play_all(deal, "Rd 2d 3s")
    trick = deal.play(card("Fd"))
    assert trick is not None
    assert trick.winner == Seat.W
    assert trick.thirds == 4  # Rd, 2d, 3s, Fd
    assert deal.to_play == Seat.W
    assert deal.leader == Seat.W


def test_out_of_turn_is_refused_with_the_reason_and_changes_nothing() -> None:
    deal = following_deal()
    before = snapshot(deal)
    assert deal.illegal_reason(card("Cc"), Seat.E) == Refusal.of(
        "not_your_turn", seat=Seat.E, to_play=Seat.N)
    with refused("not_your_turn", seat=Seat.E, to_play=Seat.N):
        deal.play(card("Cc"), seat=Seat.E)
    assert snapshot(deal) == before


def test_a_card_not_in_hand_is_refused_and_changes_nothing() -> None:
    deal = following_deal()
    before = snapshot(deal)
    assert deal.illegal_reason(card("Ac")) == Refusal.of("not_in_hand", seat=Seat.N,
                                                          card=card("Ac"))
    with refused("not_in_hand", seat=Seat.N, card=card("Ac")):
        deal.play("Ac")
    assert snapshot(deal) == before


def test_a_refused_card_that_fails_to_follow_changes_nothing() -> None:
    deal = following_deal()
    deal.play(card("3c"))
    before = snapshot(deal)
    with refused("must_follow", card=card("3d")):
        deal.play(card("3d"))
    assert snapshot(deal) == before
    deal.play(card("Ac"))  # the right card still goes through
    assert deal.to_play == Seat.S


def test_play_accepts_card_text() -> None:
    deal = following_deal()
    deal.play("3c")
    assert deal.plays[-1].card == card("3c")


def test_play_with_the_right_seat_given_as_text_is_accepted() -> None:
    # Seats are read from text everywhere else (Deal(dealer="E"), hand("N"), view("N"),
    # redeal("N")); here "N" is compared with Seat.N unparsed and the move is refused with
    # the self-contradicting reason "it is N's turn, not N's".
    deal = following_deal()
    assert deal.illegal_reason(card("3c"), "N") is None  # type: ignore[arg-type]
    deal.play("3c", seat="N")  # type: ignore[arg-type]
    assert deal.to_play == Seat.W


def test_play_with_the_right_seat_given_is_accepted() -> None:
    deal = following_deal()
    deal.play(card("3c"), seat=Seat.N)
    assert deal.to_play == Seat.W


def test_no_card_may_be_played_once_the_deal_is_over() -> None:
    deal = complete_deal(rules(), Seat.E, {})
    while not deal.is_over():
        deal.play(deal.legal_cards()[0])
    assert deal.legal_cards() == ()
    assert deal.illegal_reason(card("3c")) == Refusal.of("deal_over", tricks=10)
    with refused("deal_over", tricks=10):
        deal.play(card("3c"))
