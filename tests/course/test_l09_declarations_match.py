"""Lesson 9, declarations and the match: every rule the lesson states, checked against the
engine (the match layouts are those of tests/test_match.py, worked out there by hand)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conftest import SPLIT_HANDS, SPLIT_TRICKS, complete_deal, play_out, rules
from test_match import calling, layout, layout_until, outcome_of, split, suited, sweep

from course import pages
from tressette_learn.ai import make_player
from tressette_learn.ai.arena import play_match
from tressette_learn.engine import (
    Deal,
    DealError,
    Declaration,
    DeclarationError,
    Match,
    Rank,
    Rules,
    Seat,
    Suit,
    parse_cards,
)
from tressette_learn.engine.declarations import combos_in
from tressette_learn.engine.scoring import captured_thirds
from tressette_learn.engine_words import declaration_phrase
from tressette_learn.ui.scoreboard import Scoreboard
from tressette_learn.ui.settings import Settings
from tressette_learn.ui.table import Table

STANDARD = Rules.preset("standard")
TABLE_SEED = 35   # South is dealt a napoletana of coppe and three aces
MATCH_SEED = 29   # club computers: 19-17 before the fourth deal, then 23-27


def index_of(choices: list[str], fact: str) -> int:
    return choices.index(fact)


def score_row(board: str, css: str) -> str:
    """One row of the scoreboard's deal table."""
    start = board.index(f'class="{css}"')
    return board[start:board.index("</tr>", start)]


# -- engine checks of the choice items ----------------------------------------------------------


def _timing() -> int:
    deal = Deal.new(STANDARD, seed=TABLE_SEED)
    before = deal.declaration_window()
    for _ in range(4):
        deal.play(deal.legal_cards()[0])
    after_first = deal.declaration_window()
    while not deal.is_over():
        deal.play(deal.legal_cards()[0])
    at_end = any(d for s in deal.seats for d in deal.available_declarations(s))
    moments = ["before_first_lead", "end_of_first_trick", "end_of_deal"]
    open_at = [m for m, ok in zip(moments, (before, after_first, at_end), strict=True) if ok]
    assert open_at == [STANDARD.declaration_timing]
    return index_of(moments, STANDARD.declaration_timing)


def _late() -> int:
    deal = Deal.new(STANDARD, seed=TABLE_SEED)
    napoletana = Declaration(Seat.S, "napoletana", suit=Suit.COPPE)
    for _ in range(8):
        deal.play(deal.legal_cards()[0])
    return 2 if deal.declaration_reason(napoletana) is not None else 0


def _separate_line() -> int:
    match = Match(rules(target=51), first_dealer=Seat.E)
    deal = layout(match, SPLIT_HANDS, SPLIT_TRICKS, declare=[Seat.W])
    ew = deal.result().sides["EW"]
    assert ew.thirds == 21 and [d.seat for d in deal.declarations] == [Seat.W]
    if (ew.card_points, ew.declarations, ew.total) == (7, 3, 10):
        return 0
    return 1 if ew.card_points == 10 else 2


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


def _cappotto_off() -> int:
    match = Match(STANDARD, first_dealer=Seat.E)
    sweep(match, Seat.N)
    result = match.results[0]
    if match.is_over():
        return 2
    return 0 if (result.cappotto, result.total("NS"), result.total("EW")) == (None, 11, 0) else 1


CHOICES: dict[str, Callable[[], int]] = {
    "decl-timing": _timing,
    "decl-late": _late,
    "decl-separate-line": _separate_line,
    "match-level": _level,
    "match-both-over": _both_over,
    "call-floor": _call_floor,
    "call-last-trick": _call_last_trick,
    "cappotto-double": _cappotto_double,
    "cappotto-off": _cappotto_off,
}


# -- declarations (RULES.md §3) -------------------------------------------------------------


def test_napoletana_and_buon_gioco_are_worth_what_the_lesson_says():
    assert [d.points for d in combos_in(Seat.S, parse_cards("3c 2c Ac 7d 6d 5d 4d 7s 6s 5s"))
            ] == [3]
    three = combos_in(Seat.S, parse_cards("3d 3s 3b 7d 6d 5d 4d 7s 6s 5s"))
    assert [(d.rank, d.missing, d.points) for d in three] == [(Rank.THREE, Suit.COPPE, 3)]
    four = combos_in(Seat.S, parse_cards("Ad Ac As Ab 7d 6d 5d 4d 7s 6s"))
    assert [(d.rank, d.missing, d.points) for d in four] == [(Rank.ASSO, None, 4)]


def test_the_lessons_example_hand_holds_a_napoletana_and_three_3s_for_6_points():
    found = combos_in(Seat.S, parse_cards("3c 2c Ac 3d 3s 7b 6b 5b 4b 7d"))
    assert {(d.combo, d.suit, d.rank) for d in found} == {
        ("napoletana", Suit.COPPE, None), ("buon_gioco", None, Rank.THREE)}
    assert sum(d.points for d in found) == 6
    assert next(d for d in found if d.combo == "buon_gioco").missing == Suit.BASTONI


def test_a_declaration_is_public_naming_its_suit_or_the_missing_suit():
    nap = Declaration(Seat.S, "napoletana", suit=Suit.COPPE)
    assert declaration_phrase(nap).get("en") == "the napoletana of cups"
    assert declaration_phrase(nap).get("it") == "la napoletana di coppe"
    assert nap.to_json() == {"seat": "S", "combo": "napoletana", "suit": "c"}
    three = Declaration(Seat.S, "buon_gioco", rank=Rank.THREE, missing=Suit.BASTONI)
    assert three.to_json()["missing"] == "b"
    assert declaration_phrase(three).get("en") == \
        "the buon gioco of three Threes, without the Three of batons"
    deal = Deal.new(STANDARD, seed=TABLE_SEED)
    for _ in range(4):
        deal.play(deal.legal_cards()[0])
    deal.declare(nap)
    assert nap in deal.view(Seat.E).declarations        # the opponents see it


def test_declarations_come_at_the_end_of_the_first_trick_even_if_a_card_was_played():
    deal = Deal.new(STANDARD, seed=TABLE_SEED)
    assert not deal.declaration_window()
    deal.play("3b")                                     # North leads; South has no bastoni
    deal.play(deal.legal_cards()[0])
    deal.play("Ac")                                     # a card of South's napoletana
    while deal.current:
        deal.play(deal.legal_cards()[0])
    names = {(d.combo, d.suit, d.rank) for d in deal.available_declarations(Seat.S)}
    assert names == {("napoletana", Suit.COPPE, None), ("buon_gioco", None, Rank.ASSO)}


def test_the_option_declares_before_the_first_lead_and_declaring_is_optional():
    early = Deal.new(STANDARD.with_options(declaration_timing="before_first_lead"),
                     seed=TABLE_SEED)
    assert early.available_declarations(Seat.S)
    early.play(early.legal_cards()[0])
    assert not early.available_declarations(Seat.S)
    deal = Deal.new(STANDARD, seed=TABLE_SEED)
    while not deal.is_over():
        deal.play(deal.legal_cards()[0])
    assert not deal.declarations and deal.result().total("NS") + deal.result().total("EW") == 11


def test_a_late_declaration_is_refused():
    assert CHOICES["decl-late"]() == 2
    deal = Deal.new(STANDARD, seed=TABLE_SEED)
    for _ in range(8):
        deal.play(deal.legal_cards()[0])
    with pytest.raises(DeclarationError):
        deal.declare(Declaration(Seat.S, "napoletana", suit=Suit.COPPE))


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


def test_the_notebook_uses_the_tested_seeds():
    sources = "".join(pages.sources("09_declarations_match"))
    assert f'Table("standard", seed={TABLE_SEED}' in sources
    assert f'Match(Rules.preset("standard"), seed={MATCH_SEED})' in sources


def test_south_declares_from_the_table_and_the_score_lists_it_on_its_own_line():
    settings = Settings()
    table = Table("standard", seed=TABLE_SEED, level="club", delay_ms=0, settings=settings)
    score = Scoreboard(table.rules, settings=settings)
    table.observe(lambda _change: score.show_deal(table.deal), "state")
    table.run()
    assert table.state["declare"] == []                 # not before the first trick ends
    table.play(table.deal.legal_cards()[0])
    table.run()
    labels = [d["label"] for d in table.state["declare"]]
    assert labels == ["Declare the napoletana of cups (3 points)",
                      "Declare the buon gioco of three Aces, without the Ace of batons (3 points)"]
    for choice in list(table.state["declare"]):
        assert table.declare(choice["id"]) is None
    ns = table.deal.result().sides["NS"]
    assert ns.declarations >= 6 and ns.total == ns.card_points + ns.declarations
    board = score.children[0].value
    assert f'data-side="NS" data-value="{ns.declarations}"' in score_row(
        board, "tl-score-declarations")
    assert f'data-side="NS" data-value="{ns.card_points}"' in score_row(board, "tl-score-points")
    assert "South declared the napoletana of cups: 3 points." in board
    table.next_trick()
    table.run()
    assert table.state["declare"] == []                 # too late once play goes on


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
