"""The club player's advice on constructed positions, what it reads from a view, its
signals, and its strength against random play (duplicate deals)."""

from __future__ import annotations

import statistics

import pytest
from conftest import complete_deal, rules
from conftest import play_moves as play

from tressette_learn.ai import (
    BeginnerPlayer,
    Player,
    RandomPlayer,
    Reading,
    RulesPlayer,
    advise,
    make_player,
    play_deal,
)
from tressette_learn.ai.heuristic import lead_low
from tressette_learn.engine import Card, Deal, Rules, Seat, Suit
from tressette_learn.engine.seats import seats_for


def advice_for(deal: Deal) -> tuple[str, str]:
    """The club player's card and the rule that chose it, for the seat to play."""
    assert deal.to_play is not None
    advice = advise(deal.view(deal.to_play))
    return str(advice.card), advice.rule


def reading(deal: Deal, seat: Seat) -> Reading:
    return Reading.of(deal.view(seat))


# -- leading ---------------------------------------------------------------------------------
def test_leads_a_three_to_draw_out_the_ace() -> None:
    deal = complete_deal(rules(), Seat.E, {Seat.N: "3c 7d 6d 5d 4d 7s 6s 5s 4s 5b"})
    assert advice_for(deal) == ("3c", "draw_out_aces")


def test_leads_a_two_once_the_three_is_gone() -> None:
    deal = complete_deal(rules(), Seat.E, {
        Seat.N: "3d 2c 7s 6s 5s 4s 7b 6b 5b 4b",
        Seat.W: "3c 7c 6c 5c 4c Rs Cs Fs Rb Cb"})
    play(deal, "3d 3c * *")
    assert deal.to_play == Seat.N
    assert advice_for(deal) == ("2c", "draw_out_aces")


def test_a_two_under_the_three_is_not_led_as_a_winner() -> None:
    deal = complete_deal(rules(), Seat.E, {Seat.N: "2c 7d 6d 5d 4d 7s 6s 5s 4s 5b"})
    card, rule = advice_for(deal)
    assert card != "2c" and rule == "lead_low"


def test_cashes_an_ace_guarded_by_its_own_three_and_two() -> None:
    deal = complete_deal(rules(), Seat.E, {Seat.N: "3d 2d Ad 7c 6c 5c 4c 7s 6s 5s"})
    assert advice_for(deal) == ("Ad", "cash_aces")


def test_does_not_lead_from_an_unguarded_ace() -> None:
    deal = complete_deal(rules(), Seat.E, {Seat.N: "Ad 7d 6d 4d 7c 6c 5c 4c Rs 5b"})
    card, rule = advice_for(deal)
    assert rule == "lead_low"
    assert Card.parse(card).suit != Suit.DENARI


def test_returns_the_suit_of_partners_busso() -> None:
    deal = complete_deal(rules(), Seat.E, {
        Seat.N: "4c 3c 7d 6d 5d 4d 7s 6s 5s 4s",
        Seat.W: "6c Rd Cd Fd Rs Cs Fs 7b 6b 5b",
        Seat.S: "Rc 5c 3d 3s 3b Ab 2b Rb Cb Fb",
        Seat.E: "Cc Ac 2c Fc 7c 2d Ad 2s As 4b"})
    play(deal, "4c!busso 6c Rc Cc")
    assert deal.to_play == Seat.S
    assert reading(deal, Seat.S).known[Seat.N] & Card.parse("3c").bit
    assert advice_for(deal) == ("5c", "return_busso")


def test_returns_partners_suit_rather_than_a_new_one() -> None:
    deal = complete_deal(rules(), Seat.E, {
        Seat.N: "4c Ac 7d 6d 5d 4d 7s 6s 5s 4s", Seat.W: "6c", Seat.E: "Cc",
        Seat.S: "Rc 5c 2d Fd Rs Fs Cs 4b 5b Cb"})
    play(deal, "4c 6c Rc Cc")
    assert advice_for(deal) == ("5c", "return_partner_suit")
    fallback = lead_low(reading(deal, Seat.S))
    assert fallback is not None and fallback // 10 != Suit.COPPE


def test_signals_on_a_lead_say_the_truth() -> None:
    deal = complete_deal(rules(), Seat.E, {Seat.N: "4c 3c 7d 6d 5d 4d 7s 6s 5s Ad"})
    view = deal.view(Seat.N)
    assert advise(view).signal == "striscio"          # 3c then 2c: more coppe to come
    deal = complete_deal(rules(), Seat.E, {Seat.N: "3c 2c 7d 6d 5d 4d 7s 6s 5s 4s"})
    advice = advise(deal.view(Seat.N))
    assert (str(advice.card), advice.signal) == ("3c", "busso")   # still holds the 2c, master
    deal = complete_deal(rules(), Seat.E, {Seat.N: "3c 7d 6d 5d 4d 7s 6s 5s 4s 5b"})
    assert advise(deal.view(Seat.N)).signal == "volo"              # the only coppe


@pytest.mark.parametrize("name", ["standard", "online", "col_morto", "a_perdere", "a_due"])
def test_every_lead_signal_is_true_and_only_where_signals_are_used(name: str) -> None:
    table_rules = Rules.preset(name)
    leads = 0
    for seed in range(15):
        deal = Deal.new(table_rules, seed=seed)
        while not deal.is_over():
            assert deal.to_play is not None
            advice = advise(deal.view(deal.to_play))
            if deal.current or not table_rules.signals:
                assert advice.signal is None
            else:
                assert advice.signal is not None
                assert deal.signal_reason(advice.card, advice.signal) is None
                leads += 1
            deal.play(advice.card, advice.signal)
    assert leads > 100 or not table_rules.signals


# -- following -------------------------------------------------------------------------------
def test_loads_an_ace_on_partners_sure_trick() -> None:
    deal = complete_deal(rules(), Seat.E, {Seat.N: "3d", Seat.S: "Ad 5d 4c 5c 6c 7c 4s 5s 6s 7s"})
    play(deal, "3d *")
    assert advice_for(deal) == ("Ad", "load_partner")


def test_keeps_the_ace_when_partners_card_may_be_beaten() -> None:
    deal = complete_deal(rules(), Seat.E, {
        Seat.N: "Rd", Seat.S: "Ad 5d 4c 5c 6c 7c 4s 5s 6s 7s", Seat.E: "3d 2d"})
    play(deal, "Rd *")
    card, _ = advice_for(deal)
    assert card == "5d"


def test_loads_an_ace_from_another_suit_when_void() -> None:
    deal = complete_deal(rules(), Seat.E, {Seat.N: "3d", Seat.S: "Ac 5c 4c Fs 5s 6s 7s 4b 5b 6b"})
    play(deal, "3d *")
    assert advice_for(deal) == ("Ac", "load_partner")


def test_discards_a_piombo_when_void_and_keeps_the_guard_of_an_ace() -> None:
    deal = complete_deal(rules(), Seat.S, {
        Seat.E: "4b", Seat.N: "5b", Seat.W: "Rb",
        Seat.S: "Ac 5c Rd Cd 6d 5d 4s 7s Cs Fs"})
    play(deal, "4b 5b Rb")
    card, rule = advice_for(deal)
    assert rule == "play_low"
    assert Card.parse(card).rank <= 3 and card != "5c"


def test_wins_cheaply_in_fourth_seat() -> None:
    deal = complete_deal(rules(), Seat.E, {
        Seat.N: "Rb", Seat.W: "5b", Seat.S: "4b", Seat.E: "2b Ab 6b"})
    play(deal, "Rb 5b 4b")
    assert advice_for(deal) == ("Ab", "win_cheaply")


def test_fourth_seat_that_cannot_win_plays_its_cheapest_card() -> None:
    deal = complete_deal(rules(), Seat.E, {
        Seat.N: "Rb", Seat.W: "5b", Seat.S: "4b", Seat.E: "Cb 6b Ad Ac As"})
    play(deal, "Rb 5b 4b")
    assert advice_for(deal) == ("6b", "play_low")


def test_second_seat_follows_low_unless_it_holds_the_master() -> None:
    deal = complete_deal(rules(), Seat.E, {Seat.N: "5c", Seat.W: "Rc 4c", Seat.E: "3c 2c Ac"})
    play(deal, "5c")
    assert advice_for(deal) == ("4c", "play_low")
    deal = complete_deal(rules(), Seat.E, {Seat.N: "5c", Seat.W: "3c 4c"})
    play(deal, "5c")
    assert advice_for(deal) == ("3c", "win_cheaply")


def test_partner_after_a_busso_wins_to_lead_back() -> None:
    deal = complete_deal(rules(), Seat.E, {
        Seat.N: "4c 3c", Seat.W: "7c", Seat.S: "Rc 5c 4d 5d 6d 7d 4s 5s 6s 7s",
        Seat.E: "6c 2c Ac"})
    play(deal, "4c!busso 7c")
    assert advice_for(deal) == ("Rc", "win_for_busso")


# -- what the player reads ---------------------------------------------------------------------
def test_a_seat_that_does_not_follow_is_read_as_void() -> None:
    deal = complete_deal(rules(), Seat.E, {Seat.N: "4d", Seat.W: "4c 5c 6c 7c Fc Cc Rc Ac 2c 3c"})
    play(deal, "4d 4c")
    k = reading(deal, Seat.S)
    assert k.voids[Seat.W] == 1 << Suit.DENARI
    assert not k.could_hold(Seat.W) & Suit.DENARI.mask
    assert k.voids[Seat.N] == 0


def test_partners_volo_is_read_as_a_void() -> None:
    deal = complete_deal(rules(), Seat.E, {Seat.N: "4d 4c 5c 6c 7c Fc Cc Rc 4s 5s"})
    play(deal, "4d!volo")
    assert reading(deal, Seat.S).voids[Seat.N] == 1 << Suit.DENARI


def test_free_play_with_a_stock_shows_no_void() -> None:
    for name, void in (("gamelake", False), ("a_due", True)):
        deal = complete_deal(Rules.preset(name), Seat.N, {Seat.S: "4d", Seat.N: "4c"},
                             stock="")
        if not void:
            play(deal, "4d 4c")
        else:
            deal = complete_deal(Rules.preset(name), Seat.N, {
                Seat.S: "4d", Seat.N: "4c 5c 6c 7c Fc Cc Rc Ac 2c 3c"})
            play(deal, "4d 4c")
        assert bool(reading(deal, Seat.S).voids[Seat.N]) == void


def test_the_dummy_reads_the_dealers_hand_and_everyone_the_dummy() -> None:
    deal = Deal.new(Rules.preset("col_morto"), dealer=Seat.E, seed=3)
    play(deal, "*")
    dummy = reading(deal, Seat.W)
    assert dummy.known[Seat.E] == deal.hand_mask(Seat.E)
    assert dummy.could_hold(Seat.E) == deal.hand_mask(Seat.E)
    defender = reading(deal, Seat.S)
    assert defender.known[Seat.W] == deal.hand_mask(Seat.W)


def test_shown_draws_are_known_cards() -> None:
    deal = Deal.new(Rules.preset("a_due"), seed=2)
    play(deal, "* *")
    k = reading(deal, Seat.S)
    drawn = [d for d in deal.draws if d.seat == Seat.N]
    assert drawn and all(k.known[Seat.N] & d.card.bit for d in drawn)


# -- a perdere -------------------------------------------------------------------------------
def test_a_perdere_dumps_the_ace_of_bastoni_on_an_opponents_trick() -> None:
    deal = complete_deal(rules("a_perdere"), Seat.S, {
        Seat.E: "3d", Seat.N: "4d", Seat.W: "5d", Seat.S: "Ab 4b Rc 5c 6c 7c Rs 4s 5s 6s"})
    play(deal, "3d 4d 5d")
    assert advice_for(deal) == ("Ab", "dump_points")


def test_a_perdere_keeps_points_off_partners_trick() -> None:
    deal = complete_deal(rules("a_perdere"), Seat.S, {
        Seat.E: "4d", Seat.N: "3d", Seat.W: "5d", Seat.S: "Ab 4b Rc 5c 6c 7c Rs 4s 5s 6s"})
    play(deal, "4d 3d 5d")
    card, rule = advice_for(deal)
    assert rule == "duck_partner" and Card.parse(card).thirds == 0


def test_a_perdere_leads_a_card_that_will_be_beaten() -> None:
    deal = complete_deal(rules("a_perdere"), Seat.E, {Seat.N: "3s 2s As 4c Ab Rb Cb 3d 2d Ad"})
    assert advice_for(deal) == ("4c", "lead_to_lose")


def test_a_perdere_ducks_under_the_card_led_when_it_can() -> None:
    deal = complete_deal(rules("a_perdere"), Seat.E, {Seat.N: "Rc", Seat.W: "Cc 5c 3c"})
    play(deal, "Rc")
    assert advice_for(deal) == ("Cc", "dump_points")


# -- the beginner ----------------------------------------------------------------------------
def test_the_beginner_is_the_club_player_with_seeded_mistakes() -> None:
    deal = Deal.new(Rules.preset("standard"), seed=6)
    views = []
    while not deal.is_over():
        assert deal.to_play is not None
        views.append(deal.view(deal.to_play))
        deal.play(advise(views[-1]).card)
    club = [RulesPlayer().choose(v) for v in views]
    assert [BeginnerPlayer(1, mistake_rate=0.0).choose(v) for v in views] == club
    first, second = BeginnerPlayer(1), BeginnerPlayer(1)
    beginner = [first.choose(v) for v in views]
    assert beginner == [second.choose(v) for v in views]
    differ = sum(a != b for a, b in zip(beginner, club, strict=True))
    assert 0 < differ < len(views) / 2


# -- strength --------------------------------------------------------------------------------
def duplicate_margin(level: str, against: str, name: str = "standard",
                     deals: int = 200) -> tuple[float, float]:
    """Points per deal of ``level``'s side minus the other side's, each deal played twice
    with the sides swapped; returns the mean and its standard error."""
    table_rules = Rules.preset(name)
    margins = []
    for seed in range(deals):
        margin = 0
        for first_side in (0, 1):
            deal = Deal.new(table_rules, seed=seed)
            ours = deal.sides[first_side]
            players: dict[Seat, Player] = {
                seat: make_player(level if deal.side_of(seat) == ours else against,
                                  seed=seed * 8 + seat + 4 * first_side)
                for seat in seats_for(table_rules.players)}
            result = play_deal(deal, players)
            theirs = deal.sides[1 - first_side]
            margin += result.total(ours) - result.total(theirs)
        margins.append(margin / 2)
    return statistics.mean(margins), statistics.stdev(margins) / len(margins) ** 0.5


def test_club_beats_random_by_a_clear_margin() -> None:
    mean, error = duplicate_margin("club", "random")
    assert mean > 2.5, (mean, error)


def test_beginner_sits_between_random_and_club() -> None:
    over_random, _ = duplicate_margin("beginner", "random")
    under_club, _ = duplicate_margin("club", "beginner")
    assert over_random > 1.5
    assert under_club > 0.4


@pytest.mark.parametrize("name", ["a_due", "col_morto"])
def test_club_beats_random_at_two_and_three(name: str) -> None:
    mean, _ = duplicate_margin("club", "random", name, deals=80)
    assert mean > 2.0


def test_club_takes_fewer_points_a_perdere() -> None:
    mean, _ = duplicate_margin("club", "random", "a_perdere", deals=80)
    assert mean < -4.0


def test_random_player_is_uniform_over_legal_cards() -> None:
    deal = complete_deal(rules(), Seat.E, {Seat.N: "4d 5d 6d 7d Fd Cd Rd Ad 2d 3d"})
    picks = {str(RandomPlayer(seed).choose(deal.view(Seat.N)).card) for seed in range(200)}
    assert len(picks) == 10
