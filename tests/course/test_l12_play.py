"""Lesson 12, play a match: what the page and the quiz say about the match, the levels and
the coach is what the engine and the AI do."""

from __future__ import annotations

from collections.abc import Mapping

from tressette_learn.ai import Player, make_player, play_deal
from tressette_learn.ai.heuristic import BeginnerPlayer
from tressette_learn.ai.hints import hint, warm_up
from tressette_learn.ai.pimc import expert_player, strong_player
from tressette_learn.ai.review import review
from tressette_learn.engine import Deal, Match, Rules, RulesError, Seat
from tressette_learn.engine.views import PlayerView
from tressette_learn.ui.match import MatchPlay
from tressette_learn.ui.match_setup import TARGETS
from tressette_learn.ui.settings import Settings

A_DUE = Rules.preset("a_due")


def _players(deal: Deal, seed: int) -> dict[Seat, Player]:
    return {seat: make_player("random", seed * 10 + int(seat)) for seat in deal.seats}


def match_ending_at(rules: Rules, wanted: Mapping[str, int]) -> Match:
    """A match that stood below the target before a real (seeded, randomly played) deal and
    stands at ``wanted`` after it, scored by the engine's Match."""
    for seed in range(500):
        trial = Deal.new(rules, seed=seed)
        result = play_deal(trial, _players(trial, seed))
        before = {side: wanted[side] - result.total(side) for side in trial.sides}
        if min(before.values()) < 0 or max(before.values()) >= rules.target:
            continue
        match = Match(rules)
        match.totals = dict(before)
        deal = Deal.new(rules, seed=seed, match_scores=before)
        play_deal(deal, _players(deal, seed))
        match.replace_deal(deal)
        match.next_deal()
        assert match.totals == dict(wanted)
        return match
    raise AssertionError(f"no seed gives {wanted}")


def next_dealer_after(first: Seat) -> Seat:
    match = Match(Rules.preset("standard"), first_dealer=first)
    play_deal(match.deal, _players(match.deal, 1))
    match.next_deal()
    return match.deal.dealer


def target_win_answer() -> int:
    outcome = match_ending_at(A_DUE, {"S": 23, "N": 19}).result()
    return 0 if outcome is None else ["N", "S"].index(outcome.winner) + 1


def tie_answer() -> int:
    match = match_ending_at(A_DUE, {"S": 22, "N": 22})
    if match.result() is None and not match.deal.plays:
        return 1
    return 0


def perdere_answer() -> int:
    outcome = match_ending_at(Rules.preset("a_perdere"), {"NS": 25, "EW": 12}).result()
    return 2 if outcome is None else ["NS", "EW"].index(outcome.winner)


def twin_views() -> tuple[Deal, Deal]:
    """Two deals that differ only in East's and West's hidden cards; South leads."""
    first = Deal.new(Rules.preset("standard"), dealer=Seat.W, seed=4)
    hands = {seat: list(first.hand(seat)) for seat in first.seats}
    hands[Seat.E][0], hands[Seat.W][0] = hands[Seat.W][0], hands[Seat.E][0]
    return first, Deal(first.rules, Seat.W, hands)


def hint_knows_answer() -> int:
    warm_up(background=False)  # both hints from the compiled solver, not one from a fallback
    a, b = twin_views()
    assert a.hand(Seat.E) != b.hand(Seat.E)
    same = hint(a.view(Seat.S)).to_json() == hint(b.view(Seat.S)).to_json()
    return 1 if same else 0


def view_with_tricks_left(left: int) -> PlayerView:
    """South to lead in a four-player deal with ``left`` tricks to go."""
    rules = Rules.preset("standard")
    for seed in range(200):
        deal = Deal.new(rules, dealer=Seat.W, seed=seed)  # West deals: South leads first
        players = _players(deal, seed)
        while len(deal.tricks) < rules.tricks_per_deal - left or deal.current:
            seat = deal.to_play
            assert seat is not None
            deal.play(players[seat].choose(deal.view(seat)).card)
        if deal.to_play == Seat.S:
            return deal.view(Seat.S)
    raise AssertionError("no seed gives South the lead")


def hint_exact_answer() -> int:
    warm_up(background=False)  # the coach starts the solver core with the table
    near, first = (hint(view_with_tricks_left(n)).exact for n in (3, 10))
    if near and not first:
        return 1
    return 0 if first else 2


def target_answer() -> int:
    return [11, 21, 41].index(Rules().target)


def last_trick_answer() -> int:
    thirds = Rules().last_trick_thirds
    return {0: 0, 1: 1, 3: 2}[thirds]


def call_out_answer() -> int:
    """Off unless the table turns it on; the a perdere tables refuse it."""
    if Rules().calling_out:
        return 0
    assert Rules().with_options(calling_out=True).calling_out
    for name in ("a_perdere", "traversone"):
        try:
            Rules.preset(name).with_options(calling_out=True)
        except RulesError:
            continue
        return 2
    return 1


CHOICES = {
    "play-next-dealer": lambda: [Seat.E, Seat.W, Seat.S].index(next_dealer_after(Seat.N)),
    "play-target-win": target_win_answer,
    "play-tie": tie_answer,
    "play-perdere": perdere_answer,
    "play-target": target_answer,
    "play-last-trick": last_trick_answer,
    "play-call-out": call_out_answer,
}


# -- the match (page section "match") ----------------------------------------------------


def test_the_deal_passes_to_the_right():
    for first in Seat:
        assert next_dealer_after(first) == first.right
    assert [Seat.N.right, Seat.W.right, Seat.S.right, Seat.E.right] == [
        Seat.W, Seat.S, Seat.E, Seat.N]


def test_the_targets_offered_are_the_rule_books():
    assert Rules().target == 21 and TARGETS == (11, 21, 31, 41, 51)
    assert all(Rules.preset("standard").with_options(target=n).target == n for n in TARGETS)


def test_reaching_the_target_with_more_points_wins_and_a_level_finish_plays_on():
    assert target_win_answer() == 2
    outcome = match_ending_at(A_DUE, {"S": 19, "N": 23}).result()
    assert outcome is not None and outcome.winner == "N"
    assert tie_answer() == 1


def test_a_perdere_fewer_points_win_and_a_tie_goes_to_the_last_trick():
    assert perdere_answer() == 1
    match = match_ending_at(Rules.preset("a_perdere"), {"NS": 24, "EW": 24})
    outcome = match.result()
    last = match.results[-1].last_trick
    assert outcome is not None and last is not None
    assert outcome.winner == match.finished[-1].side_of(last)


# -- the table and the levels (page section "levels") -------------------------------------


def test_the_learner_sits_south_with_north_as_partner():
    assert Seat.S.partner == Seat.N
    play = MatchPlay(level="random", delay_ms=0, settings=Settings())
    assert play.start() is None
    assert play.table is not None and play.table.me == Seat.S
    assert play.learner_side == "NS"


def test_at_col_morto_the_dealing_side_plays_the_dummy():
    rules = Rules.preset("col_morto")
    for dealer in (Seat.S, Seat.N):
        deal = Deal.new(rules, dealer=dealer, seed=1)
        assert deal.dummy == dealer.partner and deal.controller(dealer.partner) == dealer
    deal = Deal.new(rules, dealer=Seat.E, seed=1)
    assert {deal.controller(s) for s in (Seat.N, Seat.S)} == {Seat.N, Seat.S}


def test_the_levels_are_as_the_page_describes():
    beginner = make_player("beginner", 0)
    assert isinstance(beginner, BeginnerPlayer) and beginner.mistake_rate == 0.3
    strong, expert = strong_player(0), expert_player(0)
    assert (strong.horizon, strong.samples, strong.weighted) == (8, 6, False)
    assert expert.weighted and expert.horizon > strong.horizon
    assert make_player("random", 0).level == "random"


# -- the coach (page section "coach") -------------------------------------------------------


def test_a_hint_sees_only_the_learners_view():
    assert hint_knows_answer() == 1


def test_the_hint_is_exact_near_the_end_and_estimated_at_the_first_trick():
    assert hint_exact_answer() == 1


def test_the_review_judges_each_card_with_every_hand_seen():
    deal = Deal.new(Rules.preset("standard"), seed=2)
    play_deal(deal, _players(deal, 2))
    result = review(deal, Seat.S)
    assert len(result.plays) == 10 and all(p.exact for p in result.plays)
    assert all(p.cost == p.best_points - p.played_points >= 0 for p in result.plays)
