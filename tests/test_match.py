"""Tests for the Match (RULES.md §5 and §9): the deal passing to the right, targets, ties,
a fixed number of deals and its tie-breaks, calling out, cappotto, redeals, a perdere,
reproducibility, and when ``next_deal`` refuses.

Deal outcomes are forced with hands chosen by hand (every expected total is worked out in
the comments) and replaced into the match with ``Match.replace_deal``; the totals are always
reached by playing real deals.

A layout is written for dealer E (so N leads). For another dealer it is turned round the
table: every seat moves as many places to the right as the dealer moved from E, so the roles
stay the same. Moving one or three places swaps the sides (the layout's N-S play for E-W),
moving two keeps them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest
from conftest import (
    ALL_POINTS_HANDS,
    ALL_POINTS_TRICKS,
    SPLIT_HANDS,
    SPLIT_TRICKS,
    SUITED_HANDS,
    complete_deal,
    play_out,
    refused,
    rules,
)

from tressette_learn.engine import Card, Deal, DealError, Match, MatchResult, Rules, Seat
from tressette_learn.engine_words import match_reason

# -- layouts ---------------------------------------------------------------------------------

# The seat that holds these ten cards takes every trick whatever anyone plays: it holds a card
# of every suit, so it follows the first lead and wins (each of its cards beats every other
# card of its suit), and it leads every later trick and wins it too. 35 thirds: 11 points.
TOPS = "3d 2d Ad 3c 2c Ac 3s 2s As 3b"

# A level deal: NS 4 card points + 3 for N's napoletana of coppe = 7; EW 7 card points.
# (E also holds combinations, which EW choose not to declare: declaring is optional.)
#  T1 N: 3c 4c 5c 6c -> N 1 third       T6 E: Ad Rd 6b Cb -> E 5
#  T2 N: 2c 7c Fc Cc -> N 3             T7 E: 3s 4s 6s Fs -> E 2
#  T3 N: Ac Rc As Rs -> N 8             T8 E: 2s 5s 7s Cs -> E 2
#  T4 N: 4d 5d 6d 3d -> E 1             T9 E: 3b 4b 7b Rb -> E 2
#  T5 E: 2d 7d Fd Cd -> E 3             T10 E: 2b 5b Fb Ab -> E 5 + 3 for the last trick
# NS 1+3+8 = 12 thirds -> 4; EW 1+3+5+2+2+2+5+3 = 23 -> 7; 4 + 7 = 11.
LEVEL_HANDS = {
    Seat.N: "3c 2c Ac 4d 7d Rd 4s 5s 4b 5b",
    Seat.W: "4c 7c Rc 5d Fd 6s 7s 6b 7b Fb",
    Seat.S: "5c Fc As 6d Cd Fs Cs Cb Rb Ab",
    Seat.E: "6c Cc Rs 3d 2d Ad 3s 2s 3b 2b",
}
LEVEL_TRICKS = [
    "3c 4c 5c 6c", "2c 7c Fc Cc", "Ac Rc As Rs", "4d 5d 6d 3d", "2d 7d Fd Cd",
    "Ad Rd 6b Cb", "3s 4s 6s Fs", "2s 5s 7s Cs", "3b 4b 7b Rb", "2b 5b Fb Ab",
]

# With worthless hands a redeal can be asked (no ace, fewer than three 3/2/figures).
WORTHLESS = "4d 5d 6d 7d 4c 5c 6c 7c 4s 5s"


def turned(dealer: Seat, seat: Seat) -> Seat:
    """Where the layout's ``seat`` (written for dealer E) sits when ``dealer`` deals."""
    steps = (Seat.E.value - dealer.value) % 4  # Seat.right is value - 1
    return Seat((seat.value - steps) % 4)


def turned_hands(dealer: Seat, hands: Mapping[Seat, str]) -> dict[Seat | str, str]:
    return {turned(dealer, seat): text for seat, text in hands.items()}


def layout(match: Match, hands: Mapping[Seat, str], tricks: Iterable[str] = (),
           declare: Iterable[Seat] = ()) -> Deal:
    """Deal ``hands`` (turned for the match's dealer) in place of the dealt deal and play it:
    the given tricks card by card (or any legal cards), the seats of ``declare`` (layout
    seats) declaring everything they hold at the end of the first trick."""
    dealer = match.deal.dealer
    deal = complete_deal(match.rules, dealer, turned_hands(dealer, hands),
                         match_scores=dict(match.totals))
    match.replace_deal(deal)
    plays = [Card.parse(t) for trick in tricks for t in trick.split()]
    while not deal.is_over():
        if len(deal.tricks) == 1 and not deal.current and deal.declaration_window():
            for seat in declare:
                for decl in deal.available_declarations(turned(dealer, seat)):
                    deal.declare(decl)
        deal.play(plays[len(deal.plays)] if plays else deal.legal_cards()[0])
    return deal


def split(match: Match, declare: Iterable[Seat] = ()) -> None:
    """The layout's N-S take 4 points, its E-W 7 (conftest's SPLIT layout); score it."""
    layout(match, SPLIT_HANDS, SPLIT_TRICKS, declare)
    match.next_deal()


def sweep(match: Match, seat: Seat) -> None:
    """``seat`` (a real seat, not turned) takes every trick: 11 points; score the deal."""
    deal = complete_deal(match.rules, match.deal.dealer, {seat: TOPS},
                         match_scores=dict(match.totals))
    match.replace_deal(deal)
    play_out(deal)
    assert len(deal.tricks) == 10 and {t.winner for t in deal.tricks} == {seat}
    match.next_deal()


def level(match: Match) -> None:
    """A 7-7 deal (LEVEL layout, the leader's side declaring its napoletana); score it."""
    layout(match, LEVEL_HANDS, LEVEL_TRICKS, declare=[Seat.N])
    match.next_deal()


def play_out_until(deal: Deal, tricks: int, plays: Iterable[str] = ()) -> None:
    """Play (the given tricks card by card, else the first legal cards) until ``tricks``
    tricks are complete."""
    queue = [Card.parse(t) for trick in plays for t in trick.split()]
    while len(deal.tricks) < tricks:
        deal.play(queue[len(deal.plays)] if queue else deal.legal_cards()[0])


def layout_until(match: Match, hands: Mapping[Seat, str], tricks: list[str],
                 upto: int) -> Deal:
    """Deal a layout (turned for the match's dealer) in place of the dealt deal and play its
    first ``upto`` tricks."""
    dealer = match.deal.dealer
    deal = complete_deal(match.rules, dealer, turned_hands(dealer, hands),
                         match_scores=dict(match.totals))
    match.replace_deal(deal)
    play_out_until(deal, upto, tricks)
    return deal


def outcome_of(match: Match) -> MatchResult:
    result = match.result()
    assert result is not None, f"the match goes on at {match.totals}"
    return result


def test_the_layouts_score_as_worked_out() -> None:
    # the helpers above are what every other test relies on: check them once
    match = Match(rules(target=51), first_dealer=Seat.E)
    split(match)
    assert match.totals == {"NS": 4, "EW": 7}
    level(match)  # dealer N: the layout is turned one place, its N (the declarer) is W
    assert match.totals == {"NS": 11, "EW": 14}
    assert [d.seat for d in match.results[1].declarations] == [Seat.W]
    sweep(match, Seat.E)  # dealer W
    assert match.totals == {"NS": 11, "EW": 25}


# -- the deal passes to the right ------------------------------------------------------------


@pytest.mark.parametrize(("preset", "first", "dealers"), [
    ("standard", None, "ENWSE"),
    ("standard", Seat.S, "SENWS"),
    ("col_morto", Seat.W, "WSENW"),
    ("a_due", None, "NSNSN"),
    ("gamelake", Seat.S, "SNSNS"),
])
def test_the_deal_passes_to_the_right(preset: str, first: Seat | None, dealers: str) -> None:
    # target 51 cannot be reached in four deals without declarations (at most 44)
    match = Match(rules(preset, target=51), first_dealer=first, seed=3)
    seen = [match.deal.dealer.name]
    for _ in range(4):
        play_out(match.deal)
        match.next_deal()
        assert not match.is_over()
        seen.append(match.deal.dealer.name)
    assert "".join(seen) == dealers


def test_the_first_leader_is_on_the_new_dealers_right() -> None:
    match = Match(rules(target=51), seed=8)
    leaders = []
    for _ in range(4):
        leaders.append(match.deal.to_play)
        play_out(match.deal)
        match.next_deal()
    assert leaders == [Seat.N, Seat.W, Seat.S, Seat.E]


# -- targets ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("target", "deals", "winning_total"), [
    (11, 1, 11), (21, 3, 22), (31, 5, 33), (41, 7, 44), (51, 9, 55),
])
def test_targets(target: int, deals: int, winning_total: int) -> None:
    # NS and EW take every trick in turn (11 points a deal), NS first: NS reach the target
    # first, after deals 1, 3, 5, 7, 9, with 11 points more than EW
    match = Match(rules(target=target), first_dealer=Seat.E)
    for n in range(1, deals + 1):
        assert not match.is_over()
        sweep(match, Seat.N if n % 2 else Seat.E)
    outcome = outcome_of(match)
    assert outcome.winner == "NS"
    assert outcome.totals == {"NS": winning_total, "EW": winning_total - 11}
    assert outcome.deals == deals and outcome.stake == 1
    assert said(outcome) == f"North–South reached {target} with the higher total"


def test_the_match_goes_on_below_the_target() -> None:
    match = Match(rules(target=21), first_dealer=Seat.E)
    sweep(match, Seat.S)
    assert match.totals == {"NS": 11, "EW": 0}
    assert match.result() is None and not match.is_over()
    assert match.deal.dealer == Seat.N and not match.deal.plays


def test_ties_below_and_at_the_target() -> None:
    # split deals: the layout's NS take 4, its EW 7; turned one place the sides swap
    match = Match(rules(target=21), first_dealer=Seat.E)
    split(match)                       # dealer E: NS 4, EW 7
    split(match)                       # dealer N: NS 7, EW 4 -> 11-11
    assert match.totals == {"NS": 11, "EW": 11}
    assert match.result() is None      # a tie below the target is not special
    split(match)                       # dealer W: 15-18
    split(match)                       # dealer S: 22-22, both at the target and level
    assert match.totals == {"NS": 22, "EW": 22}
    assert match.result() is None      # another deal
    split(match)                       # dealer E: 26-29
    outcome = outcome_of(match)
    assert (outcome.winner, outcome.totals, outcome.deals) == ("EW", {"NS": 26, "EW": 29}, 5)
    assert "East–West" in said(outcome) and "21" in said(outcome)


def test_level_at_the_target_needs_as_many_deals_as_it_takes() -> None:
    match = Match(rules(target=11), first_dealer=Seat.E)
    split(match)                       # 4-7
    level(match)                       # 11-14: EW reached 11 with more
    assert outcome_of(match).winner == "EW"
    match = Match(rules(target=11), first_dealer=Seat.E)
    split(match)                       # 4-7
    split(match)                       # 11-11 at the target
    level(match)                       # 18-18
    level(match)                       # 25-25
    assert match.result() is None
    sweep(match, Seat.W)               # dealer E: 25-36
    outcome = outcome_of(match)
    assert (outcome.winner, outcome.totals, outcome.deals) == ("EW", {"NS": 25, "EW": 36}, 5)


def test_both_sides_reach_the_target_in_one_deal_the_higher_wins() -> None:
    match = Match(rules(target=11), first_dealer=Seat.E)
    split(match, declare=[Seat.W])     # NS 4, EW 7 + 3 (W's three 2s) = 10
    assert match.totals == {"NS": 4, "EW": 10} and not match.is_over()
    split(match)                       # dealer N: NS 4+7 = 11, EW 10+4 = 14
    outcome = outcome_of(match)
    assert (outcome.winner, outcome.totals) == ("EW", {"NS": 11, "EW": 14})
    assert said(outcome) == "East–West reached 11 with the higher total"


# -- a fixed number of deals -----------------------------------------------------------------


def test_fixed_deals_the_higher_total_wins() -> None:
    match = Match(rules(fixed_deals=2), first_dealer=Seat.E)
    sweep(match, Seat.N)               # 11-0
    sweep(match, Seat.N)               # dealer N: 22-0
    outcome = outcome_of(match)
    assert (outcome.winner, outcome.totals, outcome.deals) == ("NS", {"NS": 22, "EW": 0}, 2)
    assert "more points" in said(outcome) and "2 deals" in said(outcome)


def test_fixed_deals_ignore_the_target() -> None:
    match = Match(rules(fixed_deals=3, target=11), first_dealer=Seat.E)
    sweep(match, Seat.N)               # NS 11 would win a match to 11
    assert match.result() is None
    split(match)                       # dealer N: NS 18, EW 4
    assert match.result() is None
    split(match)                       # dealer W: NS 22, EW 11
    assert outcome_of(match).winner == "NS" and match.totals == {"NS": 22, "EW": 11}


def test_fixed_deals_tie_break_deal_decides() -> None:
    match = Match(rules(fixed_deals=2), first_dealer=Seat.E)
    split(match)                       # 4-7
    split(match)                       # dealer N: 11-11 after the two deals
    assert match.result() is None
    split(match)                       # first tie-break, dealer W: 15-18
    outcome = outcome_of(match)
    assert (outcome.winner, outcome.totals, outcome.deals) == ("EW", {"NS": 15, "EW": 18}, 3)


def test_fixed_deals_second_tie_break_decides() -> None:
    match = Match(rules(fixed_deals=1), first_dealer=Seat.E)
    level(match)                       # 7-7
    level(match)                       # first tie-break: 14-14
    assert match.result() is None
    split(match)                       # second, dealer W (sides kept): 18-21
    assert outcome_of(match).winner == "EW"


@pytest.mark.parametrize(("fixed", "last_dealer", "winner"), [(1, Seat.S, "NS"),
                                                              (2, Seat.E, "EW")])
def test_fixed_deals_still_level_after_three_tie_breaks(fixed: int, last_dealer: Seat,
                                                        winner: str) -> None:
    # every level deal is 7-7; the layout's E takes the last trick. After fixed + 3 deals the
    # last dealer is S (the layout's E sits at S: NS win) or E (E itself: EW win).
    match = Match(rules(fixed_deals=fixed), first_dealer=Seat.E)
    for n in range(fixed + 3):
        assert match.result() is None
        assert match.totals == {"NS": 7 * n, "EW": 7 * n}
        if n == fixed + 2:
            assert match.deal.dealer == last_dealer
        level(match)
    outcome = outcome_of(match)
    level_total = 7 * (fixed + 3)
    assert outcome.totals == {"NS": level_total, "EW": level_total}
    assert outcome.deals == fixed + 3
    assert outcome.winner == winner
    last = match.results[-1].last_trick
    assert last is not None and match.finished[-1].side_of(last) == winner
    assert "last trick" in said(outcome) and "tie-break" in said(outcome)


def test_calling_out_is_refused_with_a_fixed_number_of_deals() -> None:
    match = Match(rules(fixed_deals=2, calling_out=True), first_dealer=Seat.E, seed=1)
    play_out_until(match.deal, tricks=3)
    with refused("call_fixed_deals", side="NS", deals=2):
        match.deal.call_out("NS")


# -- calling out -----------------------------------------------------------------------------


def calling(**options: Any) -> Rules:
    return rules(calling_out=True, **options)


def test_a_correct_call_ends_the_match_at_once() -> None:
    match = Match(calling(target=11), first_dealer=Seat.E)
    split(match)                       # NS 4, EW 7
    # dealer N: the split layout turned one place, its N (now W) takes tricks 1 and 2:
    # EW have 12 thirds = 4 points, 7 + 4 = 11
    deal = layout_until(match, SPLIT_HANDS, SPLIT_TRICKS, 2)
    call = deal.call_out("EW")
    assert (call.points, call.correct, call.after_trick) == (11, True, 2)
    assert deal.is_over()
    match.next_deal()
    outcome = outcome_of(match)
    assert outcome.winner == "EW"
    assert said(outcome) == "East–West called out correctly with 11 points"
    assert outcome.deals == 2
    with pytest.raises(DealError, match="the match is over"):
        match.next_deal()


def test_a_wrong_call_loses_the_match() -> None:
    match = Match(calling(target=11), first_dealer=Seat.E)
    split(match)                       # NS 4, EW 7
    deal = layout_until(match, SPLIT_HANDS, SPLIT_TRICKS, 1)
    call = deal.call_out("EW")         # 6 thirds = 2 points: 7 + 2 = 9 < 11
    assert (call.points, call.correct) == (9, False)
    assert deal.is_over()
    match.next_deal()
    outcome = outcome_of(match)
    assert outcome.winner == "NS"
    assert said(outcome) == "East–West called out wrongly with 9 points, short of 11"


def four_split_deals_in(match: Match) -> Deal:
    """Three split deals (15-18), then the fourth (dealer S, turned three places: NS play
    the layout's E-W) played to trick 7: NS have 6+6+2+2 = 16 thirds, 5 points."""
    for _ in range(3):
        split(match)
    assert match.totals == {"NS": 15, "EW": 18} and match.deal.dealer == Seat.S
    return layout_until(match, SPLIT_HANDS, SPLIT_TRICKS, 7)


def test_a_call_counts_the_floor_of_the_thirds() -> None:
    # target 31: split deals 4-7, 11-11, 15-18, then S takes every trick (26-18); in the
    # fifth deal (dealer E) NS have 6+6+2 = 14 thirds after trick 3: 4 points, not 5, and
    # 26 + 4 = 30 < 31 is a wrong call that loses the match
    match = Match(calling(target=31), first_dealer=Seat.E)
    for _ in range(3):
        split(match)
    sweep(match, Seat.S)
    assert match.totals == {"NS": 26, "EW": 18} and match.deal.dealer == Seat.E
    deal = layout_until(match, SPLIT_HANDS, SPLIT_TRICKS, 3)
    call = deal.call_out("NS")
    assert (call.points, call.correct) == (30, False)
    match.next_deal()
    outcome = outcome_of(match)
    assert outcome.winner == "EW"
    assert said(outcome) == "North–South called out wrongly with 30 points, short of 31"


def test_a_wrong_call_is_ignored_with_the_option() -> None:
    match = Match(calling(wrong_call_penalty="ignored"), first_dealer=Seat.E)
    deal = four_split_deals_in(match)
    wrong = deal.call_out("NS")        # 15 + 5 = 20: ignored, play goes on
    assert (wrong.points, wrong.correct) == (20, False)
    assert not deal.is_over() and deal.ended_by_call is None
    play_out_until(deal, 8, SPLIT_TRICKS)
    right = deal.call_out("NS")        # trick 8 gave 2 thirds more: 18 thirds = 6; 21
    assert (right.points, right.correct) == (21, True)
    assert deal.is_over() and deal.calls == [wrong, right]
    match.next_deal()
    outcome = outcome_of(match)
    assert outcome.winner == "NS"
    assert said(outcome) == "North–South called out correctly with 21 points"


def test_an_ignored_wrong_call_lets_the_deal_end_normally() -> None:
    match = Match(calling(wrong_call_penalty="ignored", target=11), first_dealer=Seat.E)
    split(match)                       # NS 4, EW 7
    deal = layout_until(match, SPLIT_HANDS, SPLIT_TRICKS, 1)
    assert not deal.call_out("EW").correct
    play_out_until(deal, 10, SPLIT_TRICKS)
    match.next_deal()                  # dealer N: NS 4 + 7 = 11, EW 7 + 4 = 11: level
    assert match.totals == {"NS": 11, "EW": 11}
    assert match.result() is None


def test_the_last_trick_is_not_counted_in_a_call() -> None:
    # target 11: split 4-7; in the second deal (dealer N) NS play the layout's E-W and hold
    # 18 thirds after trick 9: 6 points, 4 + 6 = 10. The last trick (3 thirds more, 7 points,
    # 11) is not won yet and does not count.
    match = Match(calling(target=11), first_dealer=Seat.E)
    split(match)
    deal = layout_until(match, SPLIT_HANDS, SPLIT_TRICKS, 9)
    call = deal.call_out("NS")
    assert (call.points, call.correct) == (10, False)
    assert deal.is_over()              # the wrong call ended the deal
    match.next_deal()
    assert outcome_of(match).winner == "EW"


def test_a_call_counts_the_sides_declarations() -> None:
    # dealer N: the split layout turned one place; S holds the layout W's three 2s.
    # NS declare them (3) and call after trick 9: 4 (deal 1) + 6 + 3 = 13 >= 11
    match = Match(calling(target=11), first_dealer=Seat.E)
    split(match)
    dealer = match.deal.dealer
    deal = complete_deal(match.rules, dealer, turned_hands(dealer, SPLIT_HANDS),
                         match_scores=dict(match.totals))
    match.replace_deal(deal)
    play_out_until(deal, 1, SPLIT_TRICKS)
    for decl in deal.available_declarations(Seat.S):
        deal.declare(decl)
    play_out_until(deal, 9, SPLIT_TRICKS)
    call = deal.call_out("NS")
    assert (call.points, call.correct) == (13, True)
    match.next_deal()
    assert outcome_of(match).winner == "NS"


def test_a_call_can_be_made_only_between_tricks() -> None:
    match = Match(calling(), first_dealer=Seat.E, seed=2)
    with refused("call_between_tricks", side="NS"):
        match.deal.call_out("NS")      # before the first trick
    play_out_until(match.deal, 1)
    match.deal.play(match.deal.legal_cards()[0])
    with refused("call_between_tricks", side="NS"):
        match.deal.call_out("NS")      # in the middle of a trick
    with refused("no_calling_out", side="NS"):
        Match(rules(), seed=2).deal.call_out("NS")


# -- cappotto --------------------------------------------------------------------------------


def suited(match: Match, declare: Iterable[Seat] = ()) -> None:
    """conftest's SUITED layout: the leader holds a whole suit and takes every trick; every
    hand holds a napoletana (3 points). Score the deal."""
    layout(match, SUITED_HANDS, declare=declare)
    match.next_deal()


@pytest.mark.parametrize(("options", "totals", "stake", "cappotto"), [
    # NS 11 + 3 + 3 declared; EW's 3 + 3 are cancelled by the cappotto
    ({"cappotto": True}, {"NS": 17, "EW": 0}, 2, "NS"),
    ({"cappotto": True, "cappotto_effect": "bonus"}, {"NS": 28, "EW": 0}, 1, "NS"),
    ({"cappotto": True, "cappotto_definition": "all_points"}, {"NS": 17, "EW": 0}, 2, "NS"),
    # without the option the sweep is an ordinary deal and EW keep their declarations
    ({}, {"NS": 17, "EW": 6}, 1, None),
])
def test_cappotto_in_the_match(options: dict[str, Any], totals: dict[str, int], stake: int,
                               cappotto: str | None) -> None:
    match = Match(rules(target=11, **options), first_dealer=Seat.E)
    suited(match, declare=list(Seat))
    assert match.results[0].cappotto == cappotto
    assert match.totals == totals
    outcome = outcome_of(match)
    assert (outcome.winner, outcome.totals, outcome.stake) == ("NS", totals, stake)
    assert match.stake == stake


def test_each_cappotto_doubles_the_stake_again() -> None:
    match = Match(rules(cappotto=True, target=31), first_dealer=Seat.E)
    sweep(match, Seat.N)               # cappotto NS: stake 2
    assert match.stake == 2 and not match.is_over()
    sweep(match, Seat.E)               # cappotto EW: stake 4
    assert match.stake == 4
    split(match)                       # dealer W: an ordinary deal, NS 15, EW 18
    assert match.stake == 4 and match.totals == {"NS": 15, "EW": 18}
    sweep(match, Seat.S)               # cappotto NS: 26-18, stake 8
    sweep(match, Seat.N)               # cappotto NS: 37-18, stake 16
    outcome = outcome_of(match)
    assert (outcome.winner, outcome.stake, outcome.deals) == ("NS", 16, 5)
    assert [r.cappotto for r in match.results] == ["NS", "EW", None, "NS", "NS"]


def test_all_points_is_a_cappotto_only_under_that_definition() -> None:
    # conftest's ALL_POINTS layout: NS take every point, W takes the first trick
    for definition, cappotto, stake in [("all_points", "NS", 2), ("all_tricks", None, 1)]:
        match = Match(rules(cappotto=True, cappotto_definition=definition, target=11),
                      first_dealer=Seat.E)
        layout(match, ALL_POINTS_HANDS, ALL_POINTS_TRICKS)
        match.next_deal()
        outcome = outcome_of(match)
        assert match.results[0].cappotto == cappotto
        assert (outcome.winner, outcome.totals["NS"], outcome.stake) == ("NS", 11, stake)


def test_cappotto_cancels_only_the_opponents_declarations_of_that_deal() -> None:
    match = Match(rules(cappotto=True, target=51), first_dealer=Seat.E)
    split(match, declare=[Seat.W])     # EW 7 + 3: an ordinary deal keeps them
    assert match.totals == {"NS": 4, "EW": 10}
    suited(match, declare=list(Seat))  # dealer N: the leader W sweeps; NS's 6 cancelled
    assert match.totals == {"NS": 4, "EW": 10 + 11 + 6}
    assert match.results[1].cappotto == "EW"
    assert match.results[1].sides["NS"].declarations == 0


# -- redeal ----------------------------------------------------------------------------------


def test_a_redeal_scores_nothing_and_the_same_dealer_deals_again() -> None:
    r = rules(redeal=True, declaration_timing="before_first_lead")
    match = Match(r, first_dealer=Seat.W, seed=4)
    deal = complete_deal(r, Seat.W, {Seat.E: WORTHLESS, Seat.N: "3c 2c Ac"},
                         match_scores=dict(match.totals))
    match.replace_deal(deal)
    for decl in deal.available_declarations(Seat.N):
        deal.declare(decl)             # N declares a napoletana before the lead...
    deal.redeal(Seat.E)                # ...then E, with nothing, asks for a redeal
    result = match.next_deal()
    assert result.redeal_by == Seat.E and result.total("NS") == 0
    assert match.totals == {"NS": 0, "EW": 0}
    assert not match.is_over()
    assert match.deal.dealer == Seat.W and not match.deal.plays
    assert match.deal is not deal
    assert str(match.deal.hands) != str(deal.hands)  # a new shuffle
    sweep(match, Seat.S)               # the redeal deal is still W's
    assert match.deal.dealer == Seat.S


def test_a_redeal_is_not_one_of_the_fixed_deals() -> None:
    r = rules(redeal=True, fixed_deals=2)
    match = Match(r, first_dealer=Seat.E)
    deal = complete_deal(r, Seat.E, {Seat.N: WORTHLESS})
    match.replace_deal(deal)
    deal.redeal(Seat.N)
    match.next_deal()
    split(match)                       # dealer E again: NS 4, EW 7, the first of two deals
    assert match.result() is None
    sweep(match, Seat.S)               # dealer N: NS 15, EW 7 after the second deal
    outcome = outcome_of(match)
    assert (outcome.winner, outcome.totals) == ("NS", {"NS": 15, "EW": 7})


# -- a perdere -------------------------------------------------------------------------------
# The split layout a perdere with the ace of bastoni worth 11 points: E takes it in trick 5, so
# the layout's EW have 21 + 30 = 51 thirds = 17 points and its NS 14 thirds = 4 (4 + 17 = 21).


def test_a_perdere_the_side_with_fewer_points_wins() -> None:
    match = Match(rules("a_perdere"), first_dealer=Seat.E)
    split(match)                       # NS 4, EW 17: nobody at 21
    assert match.totals == {"NS": 4, "EW": 17} and not match.is_over()
    sweep(match, Seat.W)               # dealer N: EW take all 65 thirds, 21 points
    outcome = outcome_of(match)
    assert (outcome.winner, outcome.totals) == ("NS", {"NS": 4, "EW": 38})
    assert "fewer" in said(outcome)


def test_a_perdere_with_normal_card_values() -> None:
    match = Match(rules("a_perdere", ace_of_bastoni_eleven=False, target=11),
                  first_dealer=Seat.E)
    split(match)                       # 4-7
    split(match)                       # dealer N: 11-11: level, both at 11
    outcome = outcome_of(match)        # default tie rule: last trick of the final deal,
    assert outcome.winner == "NS"      # taken by the layout's W, sitting at S


@pytest.mark.parametrize(("tie", "winner", "deals"), [("last_trick", "NS", 2),
                                                      ("play_on", "NS", 3)])
def test_a_perdere_tie_at_the_target(tie: str, winner: str, deals: int) -> None:
    match = Match(rules("a_perdere", perdere_tie=tie), first_dealer=Seat.E)
    split(match)                       # dealer E: NS 4, EW 17
    split(match)                       # dealer N (sides swap): 21-21, both at the target
    assert match.totals == {"NS": 21, "EW": 21}
    if tie == "play_on":
        assert match.result() is None
        split(match)                   # dealer W: 25-38, NS have fewer
    outcome = outcome_of(match)
    assert (outcome.winner, outcome.deals) == (winner, deals)
    if tie == "last_trick":
        # the layout's W takes the last trick; turned one place it sits at S
        assert match.results[-1].last_trick == Seat.S
        assert "last trick" in said(outcome)


def test_a_perdere_a_tie_below_the_target_is_not_special() -> None:
    match = Match(rules("a_perdere", ace_of_bastoni_eleven=False), first_dealer=Seat.E)
    split(match)
    split(match)                       # 11-11 below 21
    assert match.result() is None


def test_a_perdere_after_a_fixed_number_of_deals() -> None:
    match = Match(rules("a_perdere", fixed_deals=1), first_dealer=Seat.E)
    split(match)                       # NS 4, EW 17
    outcome = outcome_of(match)
    assert (outcome.winner, outcome.totals) == ("NS", {"NS": 4, "EW": 17})
    assert "fewer" in said(outcome)


@pytest.mark.parametrize("tie", ["last_trick", "play_on"])
def test_a_perdere_tie_after_the_fixed_deals(tie: str) -> None:
    # RULES.md §9: a perdere "the side with fewer points wins ... when the agreed deals are
    # over"; a tie is won by the side that took the last trick of the final deal
    # (perdere_tie "last_trick", the default) or, with "play_on", another deal is played.
    match = Match(rules("a_perdere", fixed_deals=2, perdere_tie=tie), first_dealer=Seat.E)
    split(match)                       # NS 4, EW 17
    split(match)                       # dealer N: 21-21 after the two agreed deals
    if tie == "last_trick":
        outcome = outcome_of(match)    # S (NS) took the last trick of the final deal
        assert (outcome.winner, outcome.deals) == ("NS", 2)
        assert "last trick" in said(outcome)
    else:
        assert match.result() is None
        split(match)                   # dealer W: 25-38
        assert outcome_of(match).winner == "NS"


# -- reproducibility and refusals ------------------------------------------------------------


def played(match: Match) -> list[dict[Seat, str]]:
    """Play the match out with the first legal card; the dealt hands of every deal."""
    hands = []
    while not match.is_over():
        hands.append({s: str(match.deal.dealt_hand(s)) for s in match.deal.seats})
        play_out(match.deal)
        match.next_deal()
    return hands


@pytest.mark.parametrize("preset", ["standard", "a_due", "a_perdere"])
def test_a_seed_makes_the_match_reproducible(preset: str) -> None:
    one, two = Match(rules(preset), seed=11), Match(rules(preset), seed=11)
    hands_one, hands_two = played(one), played(two)
    assert hands_one == hands_two
    assert one.totals == two.totals and one.results == two.results
    assert one.result() == two.result()
    assert len({str(h) for h in hands_one}) == len(hands_one)  # every deal is a new shuffle
    other = Match(rules(preset), seed=12)
    assert {s: str(other.deal.dealt_hand(s)) for s in other.deal.seats} != hands_one[0]


def test_next_deal_refuses_while_the_deal_is_in_play() -> None:
    match = Match(rules(), seed=5)
    with pytest.raises(DealError, match="the deal is still being played"):
        match.next_deal()
    play_out_until(match.deal, 4)
    with pytest.raises(DealError, match="the deal is still being played"):
        match.next_deal()
    assert match.results == [] and match.finished == [] and match.totals == {"NS": 0, "EW": 0}


def test_next_deal_refuses_after_the_match_is_over() -> None:
    match = Match(rules(target=11), first_dealer=Seat.E)
    sweep(match, Seat.S)
    outcome = outcome_of(match)
    with pytest.raises(DealError, match="the match is over"):
        match.next_deal()
    assert match.result() == outcome and len(match.results) == 1


def test_the_result_is_none_while_the_match_goes_on() -> None:
    match = Match(rules(), seed=6)
    assert match.result() is None and not match.is_over()
    play_out(match.deal)               # nobody declares: the deal is worth 11 points
    deal_result = match.next_deal()
    assert match.results == [deal_result]
    assert match.totals == {s: deal_result.total(s) for s in ("NS", "EW")}
    assert sum(match.totals.values()) == 11
    assert match.result() is None


def test_the_next_deal_knows_the_match_totals() -> None:
    # what a call in the next deal is judged against
    match = Match(rules(calling_out=True), first_dealer=Seat.E)
    sweep(match, Seat.N)
    assert match.deal.match_scores == {"NS": 11, "EW": 0}


# -- each for himself (RULES.md §9) -----------------------------------------------------------
def traversone(**options: Any) -> Rules:
    return rules("traversone", ace_of_bastoni_eleven=False, **options)


def test_traversone_scappottare_and_the_fewest_points_win() -> None:
    match = Match(traversone(target=21, perdere_tie="play_on"), first_dealer=Seat.E)
    assert match.sides == ("N", "E", "S", "W")
    sweep(match, Seat.N)               # reversed cappotto: N 0, every other player 11
    assert match.totals == {"N": 0, "E": 11, "S": 11, "W": 11}
    sweep(match, Seat.E)               # N 11, E 11, S 22, W 22: N and E level at the bottom
    assert match.totals == {"N": 11, "E": 11, "S": 22, "W": 22}
    assert match.result() is None      # play_on: another deal
    sweep(match, Seat.N)               # N 11, E 22, S 33, W 33
    outcome = match.result()
    assert outcome is not None and outcome.winner == "N"
    assert outcome.totals == {"N": 11, "E": 22, "S": 33, "W": 33}
    assert outcome.stake == 1          # the reversed cappotto does not double the stake


def test_traversone_a_tie_at_the_bottom_goes_to_the_tied_player_who_took_the_last_trick() -> None:
    match = Match(traversone(target=21), first_dealer=Seat.E)
    sweep(match, Seat.N)
    sweep(match, Seat.E)               # E took the last trick and is level with N at 11
    outcome = match.result()
    assert outcome is not None and outcome.winner == "E"
    assert "East took the last trick of the last deal" in said(outcome)


def test_traversone_a_tie_is_played_on_when_no_tied_player_took_the_last_trick() -> None:
    match = Match(traversone(target=21), first_dealer=Seat.E)
    sweep(match, Seat.S)               # N 11, E 11, S 0, W 11
    sweep(match, Seat.W)               # N 22, E 22, S 11, W 11: W took the last trick
    outcome = match.result()
    assert outcome is not None and outcome.winner == "W"
    match = Match(traversone(target=21), first_dealer=Seat.E)
    sweep(match, Seat.S)               # N 11, E 11, S 0, W 11
    sweep(match, Seat.S)               # N 22, E 22, S 0, W 22: S alone has the fewest
    outcome = match.result()
    assert outcome is not None and outcome.winner == "S"


def test_each_for_himself_to_win_the_highest_total_wins() -> None:
    match = Match(rules(partners=False, signals=False, target=21), first_dealer=Seat.E)
    sweep(match, Seat.W)
    assert match.totals == {"N": 0, "E": 0, "S": 0, "W": 11} and match.result() is None
    sweep(match, Seat.W)
    outcome = match.result()
    assert outcome is not None and outcome.winner == "W"
    assert said(outcome) == "West reached 21 with the higher total"


def said(outcome: MatchResult | None) -> str:
    """Why the match ended, in English (the engine gives a key and facts)."""
    assert outcome is not None
    return match_reason(outcome).get("en")
