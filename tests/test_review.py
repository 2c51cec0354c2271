"""Tests for the after-the-deal review (``tressette_learn.ai.review``)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

import tressette_learn.ai.review as review_module
from tressette_learn.ai import make_player, play_deal
from tressette_learn.ai.explain import explain
from tressette_learn.ai.review import Review, ReviewedPlay, review
from tressette_learn.ai.solve import position_from_deal, reference_card_values
from tressette_learn.engine import Card, Deal, Rules, Seat, SeatError
from tressette_learn.engine.records import DealRecord, replay

DATA = Path(__file__).parent / "data"
SEED002 = DATA / "seed002.json"
# A deal worked out by hand (dealer E, so N leads; play goes N -> W -> S -> E):
#   N: nine denari (all but 4d) and 4c     W: nine cups (all but 4c) and 4d
#   S: all ten spades                      E: all ten batons
# Nobody else holds a denaro but W's 4d (forced on trick 1), so N wins every trick it leads
# with a denaro; N keeps 4c for trick 10, which W takes with its last cup (the last trick).
# Everything but trick 10 goes to NS, so each seat's only real choice is the card it keeps
# for trick 10: W keeps Ac, E keeps Ab, S should keep a blank and discard As earlier.
# Trick 10 with S keeping a blank: 4c + Ac + 4s + Ab = 0+3+0+3 thirds, +3 for the last
# trick = 9 thirds = 3 points to EW, and NS 35 - 9 = 26 thirds = 8 points.
# The record's S keeps As and discards 4s on trick 9 (holding As and 4s): trick 10 is then
# 0+3+3+3+3 = 12 thirds = 4 points to EW, NS 23 thirds = 7 points: the blunder costs 1.
BLUNDER = DATA / "blunder.json"


def record(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def deal_before(source: Deal | dict[str, Any], number: int) -> Deal:
    """The deal of a record (or a finished deal) just before its play ``number``."""
    final = source if isinstance(source, Deal) else replay(source)
    deal = Deal(final.rules, final.dealer, {s: final.dealt_hand(s) for s in final.seats},
                final.dealt_stock)
    for play in final.plays[:number]:
        deal.play(play.card, play.signal, allow_revoke=True)
    return deal


def club_deal(preset: str, seed: int) -> Deal:
    deal = Deal.new(Rules.preset(preset), seed=seed)
    play_deal(deal, {seat: make_player("club") for seat in deal.seats})
    return deal


# -- seed002: N leads all ten tricks; nothing any card does changes the score ---------------
def test_seed002_north_loses_nothing() -> None:
    data = record(SEED002)
    result = review(data, "N")
    assert isinstance(result, Review)
    assert result.seat is Seat.N and result.side == "NS" and result.complete
    assert len(result.plays) == 10
    assert [p.trick for p in result.plays] == list(range(1, 11))
    for play in result.plays:
        before = deal_before(data, play.number)
        legal = set(before.legal_cards())
        assert before.to_play is Seat.N and play.seat is Seat.N
        assert str(play.card) == data["plays"][play.number]["card"]
        # NS win every trick whatever is played: every legal card is best, worth all 11
        assert set(play.best) == legal
        assert {v.card for v in play.values} == legal
        assert all(v.points == 11 for v in play.values)
        assert play.played_points == play.best_points == play.worst_points == 11
        assert play.cost == 0 and play.exact and not play.revoke
        assert play.explained == play.card  # the played card was one of the best
    assert result.mistakes == () and result.total_cost == 0
    assert result.turning_points == ()


def test_seed002_every_seat_costs_nothing() -> None:
    for seat, points in (("W", 0), ("S", 11), ("E", 0)):
        result = review(record(SEED002), seat)
        assert len(result.plays) == 10 and result.total_cost == 0
        assert all(p.played_points == points and p.seat == Seat.parse(seat)
                   for p in result.plays)


# -- a constructed blunder -------------------------------------------------------------------
def test_blunder_is_the_top_mistake_with_the_cost_worked_out_by_hand() -> None:
    result = review(BLUNDER, Seat.S)
    assert [(m.trick, str(m.card)) for m in result.mistakes] == [(9, "4s")]
    blunder = result.mistakes[0]
    assert blunder.best == (Card.parse("As"),)
    assert (blunder.played_points, blunder.best_points, blunder.cost) == (7, 8, 1)
    assert {str(v.card): v.points for v in blunder.values} == {"As": 8, "4s": 7}
    assert blunder.exact and result.total_cost == 1
    # before trick 9 keeping As is still harmless: it can be discarded on trick 9
    early = [p for p in result.plays if p.trick < 9]
    assert all(p.cost == 0 and p.best_points == 8 and Card.parse("As") in p.best
               for p in early if p.trick >= 3)
    # the only turning point of the deal, NS 8 -> 7
    assert len(result.turning_points) == 1
    turn = result.turning_points[0]
    assert turn.play.seat is Seat.S and str(turn.play.card) == "4s"
    assert (turn.side, turn.before, turn.after, turn.swing) == ("NS", 8, 7, 1)


def test_blunder_explanation_is_the_best_card_from_the_seat_view() -> None:
    blunder = review(BLUNDER, "S").mistakes[0]
    assert blunder.explained == Card.parse("As")
    view = deal_before(record(BLUNDER), blunder.number).view(Seat.S)
    assert blunder.explanation == explain(view, Card.parse("As"), best_points=8,
                                          worst_points=7)
    assert "the Ace of swords" in blunder.explanation.get("en")
    assert "l'Asso di spade" in blunder.explanation.get("it")
    data = blunder.to_json()
    assert (data["en"], data["it"]) == (blunder.explanation.get("en"),
                                        blunder.explanation.get("it"))


def test_a_mistake_says_what_it_cost_in_each_language() -> None:
    blunder = review(BLUNDER, "S").mistakes[0]
    why = blunder.explanation
    assert blunder.mistake.get("en") == ("Trick 9, South: the Four of swords cost 1 point. "
                                         "Better: the Ace of swords. " + why.get("en"))
    assert blunder.mistake.get("it") == ("Presa 9, Sud: il Quattro di spade è costato 1 punto. "
                                         "Meglio l'Asso di spade. " + why.get("it"))
    several = dataclasses.replace(blunder, best=(Card.parse("As"), Card.parse("3s")), cost=2,
                                  exact=False)
    assert several.mistake.get("en") == (
        "Trick 9, South: the Four of swords cost about 2 points (an estimate). "
        "Better: the Ace or the Three of swords. " + why.get("en"))
    assert "Meglio l'Asso o il Tre di spade. " in several.mistake.get("it")


def test_blunder_other_seats_played_perfectly() -> None:
    for seat, points in (("N", 8), ("W", 3), ("E", 3)):
        result = review(BLUNDER, seat)
        assert result.total_cost == 0 and result.mistakes == ()
        # the blunder is a turning point whoever is reviewed
        assert [(t.play.seat, str(t.play.card)) for t in result.turning_points] == \
            [(Seat.S, "4s")]
        assert result.plays[0].best_points == points
    north = review(BLUNDER, "N")
    # leading 4c before the end hands W the lead and every trick after it
    assert all(Card.parse("4c") not in p.best for p in north.plays[:9])


def test_a_perdere_the_objective_is_fewer_points() -> None:
    data = record(BLUNDER)
    data["rules"] = "a_perdere"
    # Trick 9 a perdere (Ab worth 11 points, 65 thirds in all): after S's card E dumps Ab
    # on N's trick and keeps 3b. S keeps As: trick 10 = 4c Ac As 3b = 0+3+3+1 +3 = 10
    # thirds to EW, NS 55 = 18 points. S keeps 4s: 0+3+0+1+3 = 7 to EW, NS 58 = 19.
    result = review(data, "S")
    nine = next(p for p in result.plays if p.trick == 9)
    assert {str(v.card): v.points for v in nine.values} == {"As": 19, "4s": 18}
    assert nine.best == (Card.parse("4s"),) and nine.cost == 0
    assert nine.best_points == 18 and nine.worst_points == 19
    for play in result.plays:
        assert play.best_points == min(v.points for v in play.values)
        assert play.cost == play.played_points - play.best_points >= 0


def test_partial_record() -> None:
    data = record(BLUNDER)
    data["plays"] = data["plays"][:34]  # S is to play on trick 9
    result = review(data, "S")
    assert not result.complete and len(result.plays) == 8 and result.mistakes == ()
    data["plays"] = record(BLUNDER)["plays"][:35]  # the blunder, then nothing more
    result = review(DealRecord.from_json(data), "S")
    assert len(result.plays) == 9 and [m.trick for m in result.mistakes] == [9]
    assert result.turning_points[0].play.cost == 1


# -- progress, flags, json -----------------------------------------------------------------------
def test_progress_counts_up_to_the_positions_solved() -> None:
    calls: list[tuple[int, int]] = []
    review(BLUNDER, "S", progress=lambda done, total: calls.append((done, total)))
    # four players, all ten tricks in the exact range: every play of the deal is solved
    assert calls == [(n, 40) for n in range(1, 41)]


def test_json_keys() -> None:
    result = review(BLUNDER, "S")
    data = json.loads(json.dumps(result.to_json()))
    assert set(data) == {"seat", "side", "seats", "complete", "value_side", "total_cost",
                         "exact_plays", "estimated_plays", "plays", "mistakes",
                         "turning_points"}
    assert (data["seat"], data["side"], data["total_cost"]) == ("S", "NS", 1)
    assert (data["exact_plays"], data["estimated_plays"]) == (10, 0)
    play_keys = {"number", "trick", "seat", "side", "card", "best", "played_points",
                 "best_points", "worst_points", "cost", "exact", "method", "revoke",
                 "explained", "reason", "en", "it", "values"}
    assert all(set(p) == play_keys for p in data["plays"] + data["mistakes"])
    assert data["mistakes"][0]["card"] == "4s" and data["mistakes"][0]["best"] == ["As"]
    assert data["mistakes"][0]["method"] == "exact"
    turn = data["turning_points"][0]
    assert set(turn) == play_keys | {"value_side", "before", "after", "swing"}
    assert (turn["before"], turn["after"], turn["swing"]) == (8, 7, 1)


def test_the_record_is_replayed_forward_without_undo(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: Deal) -> None:
        raise AssertionError("review must not undo")

    monkeypatch.setattr(Deal, "undo", refuse)
    assert review(BLUNDER, "S").total_cost == 1


def test_inputs_and_seats() -> None:
    text = BLUNDER.read_text(encoding="utf-8")
    deal = replay(text)
    for source in (text, BLUNDER, record(BLUNDER), DealRecord.from_json(text), deal):
        assert review(source, "S").total_cost == 1
    with pytest.raises(SeatError):
        review(deal, "X")
    two = club_deal("a_due", 1)
    with pytest.raises(SeatError, match="no place"):
        review(two, "E")


# -- col morto: the dealer plays the dummy ------------------------------------------------------
def test_col_morto_dealer_review_covers_the_dummy() -> None:
    deal = club_deal("col_morto", 3)
    dealer, dummy = deal.dealer, deal.dummy
    assert dummy is not None
    result = review(deal, dealer)
    assert result.seats == tuple(s for s in deal.seats if s in (dealer, dummy))
    assert len(result.plays) == 20
    assert {p.seat for p in result.plays} == {dealer, dummy}
    assert [p.number for p in result.plays] == \
        [n for n, p in enumerate(deal.plays) if p.seat in (dealer, dummy)]
    with pytest.raises(ValueError, match="dummy"):
        review(deal, dummy)


# -- two players: estimated while the stock is in play ---------------------------------------
def test_two_players_estimated_then_exact() -> None:
    deal = club_deal("a_due", 2)
    calls: list[tuple[int, int]] = []
    result = review(deal, "S", progress=lambda done, total: calls.append((done, total)))
    assert len(result.plays) == 20
    # tricks 1-10: more than 10 tricks left, stock in play; tricks 11-20 exact
    assert [p.exact for p in result.plays] == [p.trick >= 11 for p in result.plays]
    # S's 10 estimated plays plus all 20 plays of the exact range
    assert calls == [(n, 30) for n in range(1, 31)]
    assert all(t.play.exact for t in result.turning_points)
    for play in result.plays:
        legal = set(deal_before(deal, play.number).legal_cards())
        assert {v.card for v in play.values} == legal and play.cost >= 0
    wider = review(deal, "S", exact_limit=12)
    assert [p.exact for p in wider.plays] == [p.trick >= 9 for p in wider.plays]


def test_exact_values_match_the_reference_solver() -> None:
    deal = club_deal("standard", 4)
    result = review(deal, "W")
    for play in result.plays:
        if play.trick >= 8:  # at most three tricks left: the reference is quick
            expected = reference_card_values(position_from_deal(deal_before(deal, play.number)))
            assert {(v.card, v.points) for v in play.values} == \
                {(v.card, v.points) for v in expected}


def test_without_the_compiled_core_the_reference_takes_the_end(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review_module, "_core_available", lambda: False)
    result = review(SEED002, "N")
    # the reference solves at most 5 tricks left; earlier plays are estimated
    assert [p.exact for p in result.plays] == [p.trick >= 6 for p in result.plays]
    assert all(p.cost == 0 and p.played_points == 11 for p in result.plays)
    blunder = review(BLUNDER, "S").mistakes
    assert [(m.trick, m.cost, m.exact) for m in blunder] == [(9, 1, True)]


# -- revokes ----------------------------------------------------------------------------------
def test_a_revoke_costs_the_deal() -> None:
    result = review(DATA / "revoke.json", "W")
    revoke = next(p for p in result.plays if p.revoke)
    assert (revoke.trick, str(revoke.card)) == (4, "7d")
    assert revoke.played_points == 0 and revoke.cost == revoke.best_points > 0
    assert revoke.card not in {v.card for v in revoke.values}
    # after the first revoke the penalty fixes the score: no later turning points
    assert all(t.play.number <= revoke.number for t in result.turning_points)
    turn = next(t for t in result.turning_points if t.play.revoke)
    assert turn.after == 11  # NS take the deal


def test_reviewed_play_is_frozen() -> None:
    play = review(BLUNDER, "S").plays[0]
    assert isinstance(play, ReviewedPlay)
    with pytest.raises(AttributeError):
        play.cost = 5  # type: ignore[misc]
