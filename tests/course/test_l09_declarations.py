"""Lesson 9, declarations: every rule the lesson states, checked against the engine (the
layout of the separate-line question is tests/test_match.py's, worked out there by hand)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conftest import SPLIT_HANDS, SPLIT_TRICKS, rules
from test_match import layout

from course import pages
from tressette_learn.engine import (
    Deal,
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
from tressette_learn.engine_words import declaration_phrase
from tressette_learn.teaching.course import by_role
from tressette_learn.ui.scoreboard import Scoreboard
from tressette_learn.ui.settings import Settings
from tressette_learn.ui.table import Table

STANDARD = Rules.preset("standard")
TABLE_SEED = 35   # South is dealt a napoletana of coppe and three aces


def index_of(choices: list[str], fact: str) -> int:
    return choices.index(fact)


def score_row(board: str, css: str) -> str:
    """One row of the scoreboard's deal table."""
    start = board.index(f'class="{css}"')
    return board[start:board.index("</tr>", start)]


# -- engine checks of the choice items ----------------------------------------------------------


def _tells() -> int:
    """West's three Twos without the Two of swords: the cards everyone now knows."""
    three = Declaration(Seat.W, "buon_gioco", rank=Rank.TWO, missing=Suit.SPADE)
    named = set(three.cards)
    assert three.to_json()["missing"] == "s"
    if named == set(parse_cards("2d 2c 2b")):
        return 2
    return 1 if parse_cards("2s")[0] in named else 0


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


CHOICES: dict[str, Callable[[], int]] = {
    "decl-tells": _tells,
    "decl-timing": _timing,
    "decl-late": _late,
    "decl-separate-line": _separate_line,
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


# -- the lesson's widgets -----------------------------------------------------------------------


def test_the_notebook_uses_the_tested_seed():
    sources = "".join(pages.sources(by_role("declarations").id))
    assert f'Table("standard", seed={TABLE_SEED}' in sources


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
