"""Scoring a deal: thirds and rounding, the last trick, declarations on their own line,
tressette a perdere, cappotto and revokes (RULES.md 1, 3, 5, 6, 9)."""

from __future__ import annotations

import pytest
from conftest import (
    ALL_POINTS_TRICKS,
    SPLIT_TRICKS,
    all_points_deal,
    card,
    cards,
    complete_deal,
    play_all,
    play_out,
    refused,
    rules,
    split_deal,
    suited_deal,
)

from tressette_learn.engine import Deal, Declaration, Rank, Revoke, Rules, Seat, Suit
from tressette_learn.engine.match import Match
from tressette_learn.engine.scoring import card_thirds
from tressette_learn.engine_words import result_text

SPLIT_WINNERS = [Seat.N, Seat.N, Seat.S, Seat.E, Seat.E, Seat.W, Seat.W, Seat.W, Seat.W, Seat.W]
SPLIT_THIRDS = [6, 6, 2, 6, 6, 2, 2, 2, 0, 0]


def test_the_split_deal_tricks_as_worked_out_by_hand() -> None:
    deal = split_deal()
    for trick in SPLIT_TRICKS:
        play_all(deal, trick)
    assert [t.winner for t in deal.tricks] == SPLIT_WINNERS
    assert [t.thirds for t in deal.tricks] == SPLIT_THIRDS
    assert deal.is_over()


def test_14_thirds_and_21_thirds_give_4_and_7_points_which_sum_to_11() -> None:
    # Seed 002's slip says 4 + 6 = 10; 21 thirds are 7 points and the sum is 11.
    deal = split_deal()
    for trick in SPLIT_TRICKS:
        play_all(deal, trick)
    result = deal.result()
    assert result.complete
    assert result.last_trick == Seat.W
    ns, ew = result.sides["NS"], result.sides["EW"]
    assert (ns.thirds, ns.card_points) == (14, 4)
    assert (ew.thirds, ew.card_points) == (21, 7)
    assert ns.card_points + ew.card_points == 11
    assert ns.thirds + ew.thirds == 35
    assert result_text(result, "en") == "North–South 4 (14 thirds); East–West 7 (21 thirds)"


def test_the_last_trick_is_worth_3_thirds_only_once_the_deal_is_complete() -> None:
    deal = split_deal()
    for trick in SPLIT_TRICKS[:9]:
        play_all(deal, trick)
    partial = deal.result()
    assert not partial.complete and partial.last_trick is None
    assert (partial.sides["NS"].thirds, partial.sides["EW"].thirds) == (14, 18)
    assert (partial.sides["NS"].card_points, partial.sides["EW"].card_points) == (4, 6)
    play_all(deal, SPLIT_TRICKS[9])  # 4c 4s 4b 4d: no card points, just the last trick
    assert deal.result().sides["EW"].thirds == 21


def test_each_side_says_how_many_of_its_thirds_are_the_last_trick() -> None:
    deal = split_deal()
    for trick in SPLIT_TRICKS[:9]:
        play_all(deal, trick)
    assert [s.last_trick for s in deal.result().sides.values()] == [0, 0]
    play_all(deal, SPLIT_TRICKS[9])
    ns, ew = deal.result().sides["NS"], deal.result().sides["EW"]
    assert (ew.taken_thirds, ew.last_trick, ew.thirds) == (18, 3, 21)
    assert (ns.taken_thirds, ns.last_trick, ns.thirds) == (14, 0, 14)


@pytest.mark.parametrize(("preset", "winner"), [("standard", "EW"), ("a_perdere", "NS")])
def test_the_deal_goes_to_the_higher_total_or_to_the_lower_a_perdere(preset: str,
                                                                      winner: str) -> None:
    deal = split_deal(rules(preset))
    for trick in SPLIT_TRICKS[:9]:
        play_all(deal, trick)
    assert deal.result().winner is None  # not finished
    play_all(deal, SPLIT_TRICKS[9])
    result = deal.result()
    assert result.low_wins == (preset == "a_perdere")
    assert result.winner == winner


def test_a_redealt_deal_goes_to_nobody() -> None:
    deal = next(d for seed in range(300)
                if (d := Deal.new(rules(redeal=True), Seat.W, seed=seed))
                .redeal_reason(Seat.S) is None)
    deal.redeal(Seat.S)
    assert deal.result().winner is None


def test_one_side_taking_everything_scores_11() -> None:
    deal = suited_deal()
    play_out(deal)
    assert all(t.winner == Seat.N for t in deal.tricks)
    result = deal.result()
    assert (result.sides["NS"].thirds, result.sides["NS"].card_points) == (35, 11)
    assert (result.sides["EW"].thirds, result.sides["EW"].card_points) == (0, 0)
    assert result.cappotto is None  # cappotto is off by default
    assert result.total("NS") == 11


# -- declarations on their own line ------------------------------------------------------


def test_declaration_points_are_kept_on_their_own_line() -> None:
    deal = split_deal()
    play_all(deal, SPLIT_TRICKS[0])
    deal.declare(Declaration(Seat.W, "buon_gioco", rank=Rank.TWO, missing=Suit.DENARI))
    for trick in SPLIT_TRICKS[1:]:
        play_all(deal, trick)
    result = deal.result()
    ew = result.sides["EW"]
    assert (ew.card_points, ew.declarations, ew.bonus, ew.total) == (7, 3, 0, 10)
    assert (result.sides["NS"].declarations, result.total("NS")) == (0, 4)
    assert result_text(result, "en") == \
        "North–South 4 (14 thirds); East–West 7 (21 thirds) + 3 declared = 10"
    assert result.declarations == (
        Declaration(Seat.W, "buon_gioco", rank=Rank.TWO, missing=Suit.DENARI),)


def test_declarations_count_in_an_unfinished_deal_too() -> None:
    deal = split_deal()
    play_all(deal, SPLIT_TRICKS[0])
    deal.declare(Declaration(Seat.W, "buon_gioco", rank=Rank.TWO, missing=Suit.DENARI))
    result = deal.result()
    assert result.sides["EW"].declarations == 3
    assert result.sides["EW"].card_points == 0


# -- tressette a perdere ---------------------------------------------------------------------


def test_a_perdere_ace_of_bastoni_is_worth_11_points() -> None:
    r = rules("a_perdere")
    assert card_thirds(card("Ab"), r) == 33
    assert card_thirds(card("Ad"), r) == 3
    assert card_thirds(card("3b"), r) == 1
    deal = split_deal(r)
    for trick in SPLIT_TRICKS:
        play_all(deal, trick)
    result = deal.result()
    # the Ab fell in trick 5, taken by E: EW 21 - 3 + 33 = 51 thirds = 17; NS 14 = 4
    assert (result.sides["EW"].thirds, result.sides["EW"].card_points) == (51, 17)
    assert (result.sides["NS"].thirds, result.sides["NS"].card_points) == (14, 4)
    assert result.sides["EW"].card_points + result.sides["NS"].card_points == 21 == r.deal_points


def test_a_perdere_with_normal_card_values() -> None:
    r = rules("a_perdere", ace_of_bastoni_eleven=False)
    assert card_thirds(card("Ab"), r) == 3
    deal = split_deal(r)
    for trick in SPLIT_TRICKS:
        play_all(deal, trick)
    result = deal.result()
    assert (result.sides["NS"].card_points, result.sides["EW"].card_points) == (4, 7)


def test_the_ace_of_bastoni_is_an_ordinary_ace_outside_a_perdere() -> None:
    assert card_thirds(card("Ab"), rules()) == 3
    assert card_thirds(card("Ab"), rules("standard", ace_of_bastoni_eleven=True)) == 3


# -- cappotto ---------------------------------------------------------------------------------


def test_cappotto_double_flags_the_deal_without_extra_points() -> None:
    deal = suited_deal(rules(cappotto=True))
    play_out(deal)
    result = deal.result()
    assert result.cappotto == "NS"
    assert (result.sides["NS"].bonus, result.total("NS")) == (0, 11)
    assert result.total("EW") == 0


def test_cappotto_bonus_adds_11_points() -> None:
    deal = suited_deal(rules(cappotto=True, cappotto_effect="bonus"))
    play_out(deal)
    result = deal.result()
    assert result.cappotto == "NS"
    ns = result.sides["NS"]
    assert (ns.card_points, ns.bonus, ns.total) == (11, 11, 22)
    assert "+ 11 cappotto" in result_text(result, "en")


def test_cappotto_cancels_the_opponents_declarations_only() -> None:
    for on in (False, True):
        deal = suited_deal(rules(cappotto=on))
        play_all(deal, "3d 3c 3s 3b")
        for seat, suit in ((Seat.N, Suit.DENARI), (Seat.W, Suit.COPPE), (Seat.E, Suit.BASTONI)):
            deal.declare(Declaration(seat, "napoletana", suit=suit))
        play_out(deal)
        result = deal.result()
        assert result.sides["NS"].declarations == 3
        assert result.sides["EW"].declarations == (0 if on else 6)


def test_cappotto_all_tricks_is_not_all_points() -> None:
    # EW take the first trick (no points in it); NS take the other nine and every point.
    for definition, expected in (("all_tricks", None), ("all_points", "NS")):
        deal = all_points_deal(rules(cappotto=True, cappotto_definition=definition))
        for trick in ALL_POINTS_TRICKS:
            play_all(deal, trick)
        assert deal.tricks[0].winner == Seat.W and deal.tricks[0].thirds == 0
        assert all(t.winner == Seat.N for t in deal.tricks[1:])
        result = deal.result()
        assert (result.sides["NS"].card_points, result.sides["EW"].card_points) == (11, 0)
        assert result.cappotto == expected


def test_cappotto_all_points_also_holds_when_every_trick_is_taken() -> None:
    deal = suited_deal(rules(cappotto=True, cappotto_definition="all_points"))
    play_out(deal)
    assert deal.result().cappotto == "NS"


def test_no_cappotto_before_the_deal_is_complete() -> None:
    deal = suited_deal(rules(cappotto=True))
    for _ in range(9 * 4):
        deal.play(deal.legal_cards()[0])
    assert deal.result().cappotto is None


def test_no_cappotto_when_both_sides_take_tricks() -> None:
    deal = split_deal(rules(cappotto=True, cappotto_definition="all_points"))
    for trick in SPLIT_TRICKS:
        play_all(deal, trick)
    assert deal.result().cappotto is None


# -- revokes ---------------------------------------------------------------------------------


def test_a_revoke_is_let_through_only_when_allowed_and_is_recorded() -> None:
    deal = split_deal()
    deal.play(card("3d"))
    with refused("must_follow", suit=Suit.DENARI, held=cards("Ad 7d")):
        deal.play(card("Ac"))
    deal.play(card("Ac"), allow_revoke=True)  # W held Ad and 7d
    assert deal.plays[-1].revoke is True
    assert deal.plays[0].revoke is False


def test_allow_revoke_does_not_let_other_faults_through() -> None:
    deal = split_deal()
    deal.play(card("3d"))
    with refused("not_in_hand", seat=Seat.W, card=card("Cd")):
        deal.play(card("Cd"), allow_revoke=True)
    with refused("not_your_turn", seat=Seat.S, to_play=Seat.W):
        deal.play(card("Rd"), seat=Seat.S, allow_revoke=True)
    deal.play(card("Ad"), allow_revoke=True)  # a legal card is no revoke
    assert deal.plays[-1].revoke is False


def test_a_revoke_scores_11_to_0_against_the_offenders() -> None:
    deal = split_deal()
    deal.play(card("3d"))
    deal.play(card("Ac"), allow_revoke=True)
    play_out(deal)
    result = deal.result()
    assert result.revokes == (Revoke(1, Seat.W, card("Ac")),)
    assert result.penalised == "EW"
    assert (result.sides["NS"].card_points, result.sides["EW"].card_points) == (11, 0)
    assert result.cappotto is None


def test_a_revoke_by_ns_scores_against_ns() -> None:
    deal = split_deal()
    for trick in SPLIT_TRICKS[:3]:
        play_all(deal, trick)
    # trick 4: S leads Cs, E 3s, N holds As and Fs but throws the 5d
    play_all(deal, "Cs 3s")
    deal.play(card("5d"), allow_revoke=True)
    play_out(deal)
    result = deal.result()
    assert result.revokes == (Revoke(4, Seat.N, card("5d")),)
    assert result.penalised == "NS"
    assert (result.sides["NS"].card_points, result.sides["EW"].card_points) == (0, 11)


def test_a_revoked_card_cannot_win_the_trick() -> None:
    deal = split_deal()
    deal.play(card("3d"))
    deal.play(card("Ac"), allow_revoke=True)
    play_all(deal, "Rd Cd")
    assert deal.tricks[0].winner == Seat.N


def test_declarations_are_kept_in_a_revoked_deal() -> None:
    # docs/rules-choices.md: a revoke penalises card points only
    deal = split_deal()
    play_all(deal, SPLIT_TRICKS[0])
    deal.declare(Declaration(Seat.W, "buon_gioco", rank=Rank.TWO, missing=Suit.DENARI))
    deal.play(card("3c"))
    deal.play(card("2s"), allow_revoke=True)  # W holds Ac 2c 5c 4c
    play_out(deal)
    result = deal.result()
    assert result.penalised == "EW"
    ew = result.sides["EW"]
    assert (ew.card_points, ew.declarations, ew.total) == (0, 3, 3)
    assert result.total("NS") == 11


def test_the_side_that_revoked_first_loses_the_deal() -> None:
    deal = split_deal()
    deal.play(card("3d"))
    deal.play(card("Ac"), allow_revoke=True)  # W (EW) revokes in trick 1
    play_all(deal, "Rd Cd")
    play_all(deal, "3c")  # N leads
    while deal.to_play != Seat.S:
        deal.play(deal.legal_cards()[0])
    deal.play(card("2d"), allow_revoke=True)  # S (NS) holds Rc 7c and revokes in trick 2
    play_out(deal)
    result = deal.result()
    assert [r.seat for r in result.revokes] == [Seat.W, Seat.S]
    assert result.penalised == "EW"
    assert (result.sides["NS"].card_points, result.sides["EW"].card_points) == (11, 0)


def test_a_perdere_revoke_gives_the_offenders_all_the_points() -> None:
    # docs/rules-choices.md: points are bad a perdere, so the offenders take them all
    deal = split_deal(rules("a_perdere"))
    deal.play(card("3d"))
    deal.play(card("Ac"), allow_revoke=True)
    play_out(deal)
    result = deal.result()
    assert result.penalised == "EW"
    assert (result.sides["EW"].card_points, result.sides["NS"].card_points) == (21, 0)


@pytest.mark.parametrize(("effect", "stake", "ns_total"), [("double", 2, 11),
                                                            ("bonus", 1, 22)])
def test_cappotto_effect_on_the_match(effect: str, stake: int, ns_total: int) -> None:
    r = rules(cappotto=True, cappotto_effect=effect, target=11)
    match = Match(r, first_dealer=Seat.E, seed=1)
    deal = suited_deal(r)
    play_out(deal)
    match.replace_deal(deal)
    match.next_deal()
    outcome = match.result()
    assert outcome is not None
    assert outcome.winner == "NS"
    assert outcome.totals == {"NS": ns_total, "EW": 0}
    assert outcome.stake == stake
    assert match.results[0].cappotto == "NS"


# -- each for himself and the reversed cappotto (RULES.md §9) -----------------------------------
ALONE = {"partners": False, "signals": False}


def test_each_for_himself_every_seat_scores_its_own_thirds_floored() -> None:
    # the split deal's tricks: N 6+6, S 2, E 6+6, W 2+2+2+0+0 and the last trick (3)
    deal = split_deal(rules(**ALONE))
    for trick in SPLIT_TRICKS:
        play_all(deal, trick)
    result = deal.result()
    assert deal.sides == ("N", "E", "S", "W")
    assert {s: x.thirds for s, x in result.sides.items()} == {"N": 12, "E": 12, "S": 2, "W": 9}
    assert sum(x.thirds for x in result.sides.values()) == 35
    assert {s: x.card_points for s, x in result.sides.items()} == {"N": 4, "E": 4, "S": 0,
                                                                    "W": 3}
    assert result.sides["W"].last_trick == 3
    assert result.winner is None  # N and E share the most points


def test_each_for_himself_a_perdere_the_fewest_points_take_the_deal() -> None:
    deal = split_deal(rules("a_perdere", ace_of_bastoni_eleven=False, **ALONE))
    for trick in SPLIT_TRICKS:
        play_all(deal, trick)
    assert deal.result().winner == "S"


def sweep_by_north(rules_: Rules) -> Deal:
    """N holds every denaro and leads: it wins all ten tricks and every point."""
    deal = complete_deal(rules_, Seat.E, {Seat.N: "3d 2d Ad Rd Cd Fd 7d 6d 5d 4d"})
    play_out(deal)
    assert all(t.winner == Seat.N for t in deal.tricks)
    return deal


@pytest.mark.parametrize("definition", ["all_points", "all_tricks"])
def test_a_reversed_cappotto_scores_0_for_the_taker_and_11_for_every_other(
        definition: str) -> None:
    table = rules("traversone", ace_of_bastoni_eleven=False, cappotto_definition=definition)
    result = sweep_by_north(table).result()
    assert result.cappotto == "N"
    assert result.sides["N"].thirds == 35
    assert {s: x.total for s, x in result.sides.items()} == {"N": 0, "E": 11, "S": 11, "W": 11}
    assert result.winner == "N"  # a perdere: scappottare takes the deal


def test_the_reversed_cappotto_with_the_ace_of_bastoni_worth_11_gives_21() -> None:
    deal = complete_deal(rules("traversone"), Seat.E,
                         {Seat.N: "3b 2b Ab Rb Cb Fb 7b 6b 5b 4b"})
    play_out(deal)
    result = deal.result()
    assert result.cappotto == "N" and result.sides["N"].thirds == 65
    assert {s: x.total for s, x in result.sides.items()} == {"N": 0, "E": 21, "S": 21, "W": 21}


def test_a_reversed_cappotto_between_partnerships() -> None:
    table = rules("a_perdere", ace_of_bastoni_eleven=False, cappotto=True,
                  reversed_cappotto=True)
    result = suited_deal(table)
    play_out(result)
    score = result.result()
    assert score.cappotto == "NS"
    assert (score.total("NS"), score.total("EW")) == (0, 11)


def test_without_the_reversed_option_the_taker_keeps_its_points() -> None:
    table = rules("traversone", ace_of_bastoni_eleven=False, reversed_cappotto=False)
    result = sweep_by_north(table).result()
    assert result.cappotto == "N"
    assert {s: x.total for s, x in result.sides.items()} == {"N": 11, "E": 0, "S": 0, "W": 0}


def test_a_revoke_each_for_himself_loses_the_deal_for_the_offender_alone() -> None:
    # W holds a coppe but throws a spade on N's coppe lead: a revoke
    for preset, offender_points, others in (("standard", 0, 11), ("a_perdere", 11, 0)):
        table = rules(preset, ace_of_bastoni_eleven=False, **ALONE) if preset == "a_perdere" \
            else rules(preset, **ALONE)
        deal = complete_deal(table, Seat.E, {Seat.N: "4c", Seat.W: "5c 4s"})
        deal.play(card("4c"))
        deal.play(card("4s"), allow_revoke=True)
        play_out(deal)
        result = deal.result()
        assert result.penalised == "W"
        assert {s: x.card_points for s, x in result.sides.items()} == {
            "N": others, "E": others, "S": others, "W": offender_points}
