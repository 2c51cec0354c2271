"""Lesson 10, the match: every rule the lesson states, checked against the engine (the match
layouts are those of tests/test_match.py, worked out there by hand)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conftest import SPLIT_HANDS, SPLIT_TRICKS, complete_deal, play_out, rules
from test_match import calling, layout_until, outcome_of, split, suited, sweep

from course import pages
from tressette_learn.ai import make_player
from tressette_learn.ai.arena import play_match
from tressette_learn.engine import DealError, Match, Rules, Seat
from tressette_learn.engine.scoring import captured_thirds
from tressette_learn.ui.scoreboard import Scoreboard
from tressette_learn.ui.settings import Settings

STANDARD = Rules.preset("standard")
MATCH_SEED = 29   # club computers: 19-17 before the fourth deal, then 23-27


def score_row(board: str, css: str) -> str:
    """One row of the scoreboard's deal table."""
    start = board.index(f'class="{css}"')
    return board[start:board.index("</tr>", start)]


# -- engine checks of the choice items ----------------------------------------------------------


def _level() -> int:
    match = Match(rules(target=21), first_dealer=Seat.E)
    for _ in range(3):
        split(match)
    assert match.totals == {"NS": 15, "EW": 18}
    split(match)
    assert match.totals == {"NS": 22, "EW": 22}
    if match.result() is None and match.deal.match_scores == {"NS": 22, "EW": 22}:
        return 1
    return 0 if outcome_of(match).winner == "NS" else 2


def _both_over() -> int:
    match = Match(rules(target=11), first_dealer=Seat.E)
    split(match, declare=[Seat.W])
    assert match.totals == {"NS": 4, "EW": 10}
    split(match)
    assert match.totals == {"NS": 11, "EW": 14}
    result = match.result()
    return 1 if result is None else {"NS": 0, "EW": 2}[result.winner]


def _call_floor() -> int:
    match = Match(calling(target=31), first_dealer=Seat.E)
    for _ in range(3):
        split(match)
    sweep(match, Seat.S)
    assert match.totals == {"NS": 26, "EW": 18}
    deal = layout_until(match, SPLIT_HANDS, SPLIT_TRICKS, 3)
    assert captured_thirds(deal, "NS") == 14 and not deal.declarations
    call = deal.call_out("NS")
    match.next_deal()
    if call.correct:
        return 0
    return 1 if outcome_of(match).winner == "EW" else 2


def _call_last_trick() -> int:
    match = Match(calling(target=11), first_dealer=Seat.E)
    split(match)
    assert match.totals["NS"] == 4
    deal = layout_until(match, SPLIT_HANDS, SPLIT_TRICKS, 9)
    rest = deal.copy()
    for text in SPLIT_TRICKS[9].split():
        rest.play(text)
    last = rest.result().last_trick
    assert last is not None and rest.side_of(last) == "NS"     # the last trick is theirs
    assert 4 + rest.result().total("NS") == 11                 # ... and would make 11
    call = deal.call_out("NS")
    assert call.points == 10
    match.next_deal()
    if call.correct:
        return 0
    assert outcome_of(match).winner == "EW"                  # the wrong call lost the match
    return 1


def _cappotto_double() -> int:
    match = Match(rules(target=51, cappotto=True), first_dealer=Seat.E)
    suited(match, declare=list(Seat))
    result = match.results[0]
    assert {d.seat for d in result.declarations} == set(Seat)
    ns, ew = result.total("NS"), result.total("EW")
    if (ns, ew, result.cappotto, match.stake) == (17, 0, "NS", 2):
        assert not match.is_over()                              # the match goes on
        return 2
    return 0 if ew == 6 else 1


def _fixed_deals() -> int:
    match = Match(calling(fixed_deals=4), first_dealer=Seat.E)
    split(match)
    split(match)
    deal = layout_until(match, SPLIT_HANDS, SPLIT_TRICKS, 2)
    try:
        deal.call_out("NS")
    except DealError as refused:
        assert refused.refusal is not None and refused.refusal.kind == "call_fixed_deals"
        return 1
    return 0


def _cappotto_bonus() -> int:
    match = Match(rules(target=51, cappotto=True, cappotto_effect="bonus"), first_dealer=Seat.E)
    suited(match, declare=list(Seat))
    result = match.results[0]
    ns, ew = result.total("NS"), result.total("EW")
    if (ns, ew, match.stake) == (28, 0, 1):
        return 0
    return 1 if ew == 6 else 2


def _cappotto_off() -> int:
    match = Match(STANDARD, first_dealer=Seat.E)
    sweep(match, Seat.N)
    result = match.results[0]
    if match.is_over():
        return 2
    return 0 if (result.cappotto, result.total("NS"), result.total("EW")) == (None, 11, 0) else 1


CHOICES: dict[str, Callable[[], int]] = {
    "match-level": _level,
    "match-both-over": _both_over,
    "call-floor": _call_floor,
    "call-last-trick": _call_last_trick,
    "call-fixed-deals": _fixed_deals,
    "cappotto-double": _cappotto_double,
    "cappotto-bonus": _cappotto_bonus,
    "cappotto-off": _cappotto_off,
}


# -- the match (RULES.md §5) --------------------------------------------------------------------


def test_the_default_target_is_21_and_the_options_exist():
    assert STANDARD.target == 21 and STANDARD.fixed_deals is None
    for target in (11, 31, 41, 51):
        assert STANDARD.with_options(target=target).target == target
    assert STANDARD.with_options(fixed_deals=4).fixed_deals == 4


def test_a_tie_below_the_target_is_not_special():
    match = Match(rules(target=21), first_dealer=Seat.E)
    split(match)
    split(match)
    assert match.totals == {"NS": 11, "EW": 11} and match.result() is None


def test_a_tie_at_the_target_needs_another_deal_until_one_side_is_higher():
    assert CHOICES["match-level"]() == 1
    match = Match(rules(target=21), first_dealer=Seat.E)
    for _ in range(4):
        split(match)
    assert match.result() is None
    split(match)                                        # 26-29
    assert outcome_of(match).winner == "EW"


def test_calling_out_and_cappotto_are_options_off_by_default():
    assert not STANDARD.calling_out and not STANDARD.cappotto
    assert STANDARD.wrong_call_penalty == "lose_match"
    assert STANDARD.cappotto_definition == "all_points"  # all 11 points (seed 000)
    assert STANDARD.cappotto_effect == "double"
    with pytest.raises(DealError) as caught:
        Match(STANDARD, seed=2).deal.call_out("NS")
    assert caught.value.refusal is not None and caught.value.refusal.kind == "no_calling_out"


# A call counting the side's declarations: tests/test_match.py, test_a_call_counts_the_sides_
# declarations; the last-trick point left out: _call_last_trick above.


def test_a_correct_call_ends_the_match_and_an_ignored_wrong_call_lets_play_go_on():
    match = Match(calling(target=11), first_dealer=Seat.E)
    split(match)                                        # NS 4, EW 7
    deal = layout_until(match, SPLIT_HANDS, SPLIT_TRICKS, 2)
    assert deal.call_out("EW").correct and deal.is_over()
    match.next_deal()
    assert outcome_of(match).winner == "EW"
    ignored = Match(calling(target=11, wrong_call_penalty="ignored"), first_dealer=Seat.E)
    split(ignored)
    deal = layout_until(ignored, SPLIT_HANDS, SPLIT_TRICKS, 1)
    assert not deal.call_out("EW").correct and not deal.is_over()


def test_cappotto_bonus_option_and_all_points_definition():
    match = Match(rules(target=51, cappotto=True, cappotto_effect="bonus"), first_dealer=Seat.E)
    suited(match, declare=list(Seat))
    assert match.totals == {"NS": 11 + 6 + 11, "EW": 0} and match.stake == 1
    plain = Match(rules(target=51), first_dealer=Seat.E)
    suited(plain, declare=list(Seat))
    assert plain.totals == {"NS": 17, "EW": 6} and plain.results[0].cappotto is None


def test_the_side_that_made_cappotto_can_still_lose_the_match():
    match = Match(rules(target=21, cappotto=True), first_dealer=Seat.E)
    sweep(match, Seat.N)                                # cappotto NS: 11-0, stake 2
    sweep(match, Seat.E)                                # cappotto EW: 11-11, stake 4
    sweep(match, Seat.W)                                # EW again: 11-22
    outcome = outcome_of(match)
    assert (outcome.winner, outcome.totals, outcome.stake) == ("EW", {"NS": 11, "EW": 22}, 8)


def test_a_sweep_at_the_standard_table_is_an_ordinary_deal():
    deal = complete_deal(STANDARD, Seat.E, {Seat.N: "3d 2d Ad 3c 2c Ac 3s 2s As 3b"})
    play_out(deal)
    result = deal.result()
    assert result.cappotto is None and (result.total("NS"), result.total("EW")) == (11, 0)


# -- the lesson's widgets -----------------------------------------------------------------------


def test_the_notebook_uses_the_tested_seed():
    sources = "".join(pages.sources("10_match"))
    assert f'Match(Rules.preset("standard"), seed={MATCH_SEED})' in sources


def test_the_match_on_the_scoreboard():
    match = Match(STANDARD, seed=MATCH_SEED)
    play_match(match, {seat: make_player("club") for seat in Seat})
    totals = []
    running = {"NS": 0, "EW": 0}
    for result in match.results:
        running = {side: running[side] + result.total(side) for side in running}
        totals.append(dict(running))
    assert len(totals) == 4
    dealers = [deal.dealer for deal in match.finished]  # the deal passes to the right
    assert [dealer.right for dealer in dealers[:-1]] == dealers[1:]
    assert totals[2] == {"NS": 19, "EW": 17} and totals[3] == {"NS": 23, "EW": 27}
    outcome = outcome_of(match)
    assert outcome.winner == "EW" and outcome.reason == "reached"
    assert match.results[3].sides["EW"].declarations == 3
    settings = Settings()
    board = Scoreboard(match.rules, settings=settings).from_match(match)
    text = board.children[0].value
    assert 'data-side="EW" data-value="3"' in score_row(text, "tl-score-declarations")
    assert board.totals == {"NS": 23, "EW": 27}
    progress = "".join(child.value for child in board.children[1].children[:1])
    assert "21" in progress and "27" in progress
    settings.lang = "it"
    assert "Est" in "".join(child.value for child in board.children[1].children[:1])
