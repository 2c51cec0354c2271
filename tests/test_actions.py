"""Typed actions: their text round-trip, Deal.apply, and the repr / SVG of deals and matches."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from tressette_learn.ai import make_player, play_deal
from tressette_learn.engine import (
    Action,
    ActionError,
    Call,
    Card,
    Deal,
    DealError,
    Declaration,
    Draw,
    Match,
    Play,
    Redeal,
    Rules,
    Seat,
    Suit,
)
from tressette_learn.engine.cards import Rank

ACTIONS = [
    Play(Seat.N, Card.parse("3c")),
    Play(Seat.W, Card.parse("Ab"), "busso"),
    Play(Seat.E, Card.parse("4d"), revoke=True),
    Declaration(Seat.S, "napoletana", suit=Suit.COPPE),
    Declaration(Seat.E, "buon_gioco", rank=Rank.THREE),
    Declaration(Seat.E, "buon_gioco", rank=Rank.ASSO, missing=Suit.SPADE),
    Call("NS", 6),
    Call("S", 3),
    Redeal(Seat.W),
    Draw(Seat.S, Card.parse("7d"), 1),
]


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_every_action_reads_back_from_its_text(action: Action) -> None:
    assert Action.parse(str(action)) == action
    assert type(action).parse(str(action)) == action


def test_the_text_forms_are_the_documented_ones() -> None:
    assert [str(a) for a in ACTIONS] == [
        "N play 3c", "W play Ab busso", "E play 4d revoke", "S declare napoletana c",
        "E declare buon_gioco 3", "E declare buon_gioco A missing s", "NS call after 6",
        "S call after 3", "W redeal", "S draw 7d after 1"]


@pytest.mark.parametrize(("text", "problem"), [
    ("N", "a seat or side, then a verb"),
    ("N fly 3c", "unknown verb 'fly': use play"),
    ("N play 3x", "unknown card '3x'"),
    ("X play 3c", "unknown seat 'X'"),
    ("N play", "a play names its card"),
    ("N play 3c busso busso", "unexpected 'busso' after the card"),
    ("NS call 6", "'after' and a trick number"),
    ("NS call after 0", "'after' and a trick number"),
    ("NE call after 2", "unknown side 'NE'"),
    ("N redeal now", "unexpected 'now'"),
    ("N declare buon_gioco 5", "a buon gioco is of 3s, 2s or aces"),
    ("N declare napoletana", "a declaration is 'napoletana' and a suit"),
])
def test_a_wrong_text_is_a_value_error_that_quotes_it_and_names_the_fault(
        text: str, problem: str) -> None:
    with pytest.raises(ActionError, match=problem) as caught:
        Action.parse(text)
    assert isinstance(caught.value, ValueError) and str(caught.value).startswith(repr(text))


def test_a_kind_reads_only_its_own_actions() -> None:
    with pytest.raises(ActionError, match="a call, not a play"):
        Play.parse("NS call after 6")


def played(seed: int, cards: int | None = None, preset: str = "standard") -> Deal:
    """A deal of club players, stopped after ``cards`` cards (None: to the end)."""
    rules = Rules.preset(preset)
    deal = Deal.new(rules, seed=seed)
    if cards is None:
        play_deal(deal, {s: make_player("club", seed) for s in deal.seats})
        return deal
    rng = random.Random(seed)
    for _ in range(cards):
        deal.play(rng.choice(deal.legal_cards()))
    return deal


def test_apply_replays_every_action_of_a_deal_given_as_values_or_text() -> None:
    deal = played(7)
    assert any(isinstance(a, Declaration) for a in deal.actions)
    for form in (lambda a: a, str):
        twin = Deal(deal.rules, deal.dealer, {s: deal.dealt_hand(s) for s in deal.seats},
                    deal.dealt_stock, deal.match_scores)
        for action in deal.actions:
            twin.apply(form(action))
        assert twin.actions == deal.actions and twin.result() == deal.result()


def test_apply_refuses_as_the_engine_does_and_changes_nothing() -> None:
    deal = played(3, 2)
    before = deal.actions
    with pytest.raises(DealError, match="not_your_turn"):
        deal.apply(Play(deal.to_play.right, deal.hand(deal.to_play.right)[0]))
    with pytest.raises(DealError, match="2 tricks are played, not 1"):
        played(3, 8).apply("NS call after 1")
    assert deal.actions == before


def test_a_draw_applied_checks_that_it_happened() -> None:
    deal = played(5, 2, "a_due")
    for draw in deal.draws:
        deal.apply(draw)
    with pytest.raises(DealError, match="no such draw"):
        deal.apply(Draw(Seat.N, deal.stock[0], 1))


@pytest.mark.parametrize("cards", [0, 13, None], ids=["dealt", "in_progress", "finished"])
def test_the_repr_of_a_deal_rebuilds_it(cards: int | None) -> None:
    deal = played(4, cards)
    twin = eval(repr(deal), {"Deal": Deal})
    assert repr(twin) == repr(deal) and twin.actions == deal.actions
    assert twin.hands == deal.hands and twin.to_play == deal.to_play
    assert twin.result() == deal.result()


def test_the_repr_of_a_two_player_deal_keeps_its_stock() -> None:
    deal = played(6, 7, "a_due")
    twin = eval(repr(deal), {"Deal": Deal})
    assert twin.stock == deal.stock and twin.draws == deal.draws


@pytest.mark.parametrize("finish", [False, True], ids=["in_progress", "over"])
def test_the_repr_of_a_match_rebuilds_it(finish: bool) -> None:
    match = Match(Rules.preset("standard"), seed=2)
    players = {s: make_player("club", int(s)) for s in Seat}
    while not match.is_over():
        deal = match.deal
        for _ in range(5 if not finish and len(match.finished) == 2 else 40):
            if deal.is_over():
                break
            seat = deal.to_play
            choice = players[seat].choose(deal.view(seat))
            deal.play(choice.card, choice.signal)
        if not deal.is_over():
            break
        match.next_deal()
    twin = eval(repr(match), {"Deal": Deal, "Match": Match})
    assert repr(twin) == repr(match)
    assert twin.totals == match.totals and twin.outcome == match.outcome
    assert twin.deal.actions == match.deal.actions and twin.is_over() == finish


def test_the_table_drawing_is_xml_and_shows_every_hand() -> None:
    deal = played(9, 6)
    root = ET.fromstring(deal._repr_svg_())
    shown = {node.get("data-card") for node in root.iter() if node.get("data-card")}
    held = {str(card) for seat in deal.seats for card in deal.hand(seat)}
    in_trick = {str(play.card) for play in deal.current}
    assert held | in_trick == shown - {"back"} and held
    ET.fromstring(Match(Rules.preset("standard"), seed=1)._repr_svg_())
