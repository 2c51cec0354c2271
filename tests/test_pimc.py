"""Search players (strong, expert): legal play at every preset, choices from the view only,
how a card is picked among equals, averaging over sampled deals, and reproducibility."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from conftest import check_points
from test_players import _swapped, _swaps

from tressette_learn.ai import RulesPlayer, make_player, play_deal, solve
from tressette_learn.ai.hints import hint
from tressette_learn.ai.inference import Sample, sample_deals
from tressette_learn.ai.pimc import (
    Estimate,
    SearchPlayer,
    estimate_cards,
    expert_player,
    one_choice,
    pick_card,
    strong_player,
)
from tressette_learn.ai.players import Player
from tressette_learn.ai.solve import CardValue, Position, card_values, position_from_view
from tressette_learn.engine import PRESETS, Card, Deal, PlayerView, Rules, Seat
from tressette_learn.engine.seats import seats_for, side_of, sides_for

SEARCH_LEVELS = ("strong", "expert")


@pytest.fixture(scope="module", autouse=True)
def _core() -> None:
    solve.warm_up(background=False)


def search_table(rules: Rules, level: str, on_first_side: bool, seed: int) -> dict[Seat, Player]:
    """``level`` on one side of the table, the club player on the other."""
    first = sides_for(rules.players)[0]
    return {seat: make_player(level if (side_of(seat, rules.players) == first) == on_first_side
                              else "club", seed=seed * 10 + seat)
            for seat in seats_for(rules.players)}


def declare_all(deal: Deal) -> None:
    if deal.declaration_window() and not deal.declarations:
        for seat in deal.seats:
            for decl in deal.available_declarations(seat):
                deal.declare(decl)


def decisions(deal: Deal, player: Player) -> Iterator[PlayerView]:
    """Play ``deal`` out with ``player`` at every seat, yielding each view before its play."""
    while not deal.is_over():
        declare_all(deal)
        seat = deal.to_play
        assert seat is not None
        view = deal.view(seat)
        yield view
        decision = player.choose(view)
        deal.play(decision.card, decision.signal)


# -- legal play at every preset ---------------------------------------------------------------
@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_search_players_play_every_preset_to_the_end(preset: str, level: str) -> None:
    rules = Rules.preset(preset)
    for seed in range(2):
        dealer = seats_for(rules.players)[seed % rules.players]
        deal = Deal.new(rules, dealer=dealer, seed=seed)
        result = play_deal(deal, search_table(rules, level, seed % 2 == 0, seed))
        assert deal.is_over() and result.complete
        assert not result.revokes
        check_points(rules, result)


def test_the_levels_are_registered_with_their_settings() -> None:
    strong, expert = make_player("strong", seed=1), make_player("expert", seed=1)
    assert isinstance(strong, SearchPlayer) and isinstance(expert, SearchPlayer)
    assert (strong.level, expert.level) == ("strong", "expert")
    assert not strong.weighted and expert.weighted
    assert expert.samples >= strong.samples


def test_before_the_horizon_the_search_player_plays_as_the_club_player() -> None:
    club = RulesPlayer()
    deal = Deal.new(Rules.preset("standard"), seed=3)
    player = strong_player(seed=3)
    for view in decisions(deal, club):
        if len(view.tricks) >= view.rules.tricks_per_deal - player.horizon:
            break
        assert player.choose(view) == club.choose(view)


# -- a choice depends on the view only ----------------------------------------------------------
@pytest.mark.parametrize("preset", ["standard", "col_morto", "a_perdere"])
def test_the_search_choice_ignores_cards_the_seat_cannot_see(preset: str) -> None:
    # (two-player tables are left out: once the stock is gone the seat sees every card)
    rng = random.Random(preset)
    compared = 0
    for seed in range(2):
        deal = Deal.new(Rules.preset(preset), seed=seed)
        for view in decisions(deal, RulesPlayer()):
            left = view.rules.tricks_per_deal - len(view.tricks)
            if left > 8 or len(view.legal) < 2 or rng.random() > 0.4:
                continue
            for a, b in list(_swaps(deal, view, rng))[:1]:
                twin = _swapped(deal, a, b)
                if twin is None:
                    continue
                assert twin.hands != deal.hands or twin.stock != deal.stock
                other = twin.view(view.seat)
                assert other == view
                for make in (strong_player, expert_player):
                    assert make(seed).choose(other) == make(seed).choose(view)
                compared += 1
    assert compared >= 4


def test_a_seed_repeats_the_same_decisions() -> None:
    def plays(seed: int) -> list[tuple[str, str | None]]:
        deal = Deal.new(Rules.preset("standard"), seed=21)
        players = {seat: (strong_player if seat in (Seat.N, Seat.S) else expert_player)(
            seed + seat) for seat in Seat}
        play_deal(deal, players)
        return [(str(p.card), p.signal) for p in deal.plays]

    assert plays(4) == plays(4)


# -- picking among the estimates ----------------------------------------------------------------
def opening_view(preset: str = "standard", seed: int = 5) -> PlayerView:
    deal = Deal.new(Rules.preset(preset), seed=seed)
    assert deal.to_play is not None
    return deal.view(deal.to_play)


def test_pick_card_prefers_the_club_card_among_equals_else_the_cheapest() -> None:
    view = opening_view()
    legal = sorted(view.legal, key=lambda c: (c.thirds, c.rank))
    cheap, dear = legal[0], legal[-1]
    middle = next(c for c in legal[1:-1] if (c.thirds, c.rank) != (cheap.thirds, cheap.rank))
    worse = next(c for c in legal if c not in (cheap, middle, dear))
    estimates = [Estimate(dear, 6.0, 18.0), Estimate(middle, 6.0, 18.0),
                 Estimate(cheap, 6.0, 18.0), Estimate(worse, 4.0, 12.0)]
    assert pick_card(view, estimates, advised=middle) == middle
    assert pick_card(view, estimates, advised=dear) == dear
    assert pick_card(view, estimates, advised=worse) == cheap
    # equal points but fewer thirds is not a tie: the thirds decide
    split = [Estimate(dear, 6.0, 19.0), Estimate(cheap, 6.0, 18.0)]
    assert pick_card(view, split, advised=cheap) == dear


def test_pick_card_a_perdere_wants_the_fewest_points() -> None:
    view = opening_view("a_perdere")
    legal = sorted(view.legal, key=lambda c: (c.thirds, c.rank))
    cheap, dear = legal[0], legal[-1]
    estimates = sorted([Estimate(cheap, 5.0, 15.0), Estimate(dear, 2.0, 7.0)],
                       key=lambda e: e.key(view.rules))
    assert estimates[0].card == dear
    assert pick_card(view, estimates, advised=cheap) == dear


# -- averaging over sampled deals ---------------------------------------------------------------
def test_estimate_cards_averages_points_and_thirds_over_the_samples() -> None:
    view = opening_view()
    a, b = sorted(view.legal)[:2]
    table = [[CardValue(a, 16, 5), CardValue(b, None, 3)],  # thirds None counts 3 a point
             [CardValue(a, 7, 2), CardValue(b, 18, 6)]]
    calls: list[Position] = []

    def solve(pos: Position) -> list[CardValue]:
        calls.append(pos)
        return table[len(calls) - 1]

    samples = sample_deals(view, 2, random.Random(1))
    out = estimate_cards(view, samples, solve)
    assert len(calls) == 2
    assert out == [Estimate(b, 4.5, 13.5), Estimate(a, 3.5, 11.5)]

    def missing(pos: Position) -> None:
        return None

    with pytest.raises(RuntimeError):
        estimate_cards(view, samples, missing)


def test_estimate_cards_matches_the_exact_values_averaged_by_hand() -> None:
    deal = Deal.new(Rules.preset("standard"), seed=9)
    club = RulesPlayer()
    view = next(v for v in decisions(deal, club) if len(v.tricks) == 7 and len(v.legal) > 1)
    samples: list[Sample] = sample_deals(view, 3, random.Random(2))
    by_card: dict[Card, list[int]] = {}
    for s in samples:
        values = card_values(position_from_view(view, s.hands, s.stock))
        assert values is not None
        for v in values:
            by_card.setdefault(v.card, []).append(v.points)
    out = estimate_cards(view, samples)
    assert {e.card for e in out} == set(view.legal)
    for e in out:
        assert e.points == pytest.approx(sum(by_card[e.card]) / len(samples))
    assert [e.points for e in out] == sorted((e.points for e in out), reverse=True)


# -- no search when the legal cards are all worth the same --------------------------------------
def test_equivalent_legal_cards_are_played_as_the_club_player_without_a_search() -> None:
    calls: list[Position] = []

    def solve(pos: Position) -> list[CardValue] | None:
        calls.append(pos)
        return card_values(pos, points_only=True)

    seen = {"run": False, "choice": False}
    for seed in range(4):
        for view in decisions(Deal.new(Rules.preset("standard"), seed=seed), RulesPlayer()):
            if len(view.legal) < 2 or len(view.tricks) < 4:
                continue
            player = SearchPlayer("test", seed=1, samples=2, horizon=6, solve=solve)
            legal = sorted(view.legal)
            run = one_choice(view)
            before = len(calls)
            decision = player.choose(view)
            if run:  # e.g. the Re and the Fante of one suit, or a 6 and a 7 side by side
                assert all(c.thirds == legal[0].thirds and c.suit == legal[0].suit
                           for c in legal)
                assert decision == RulesPlayer().choose(view) and len(calls) == before
            else:
                assert len(calls) > before
            seen["run" if run else "choice"] = True
    assert seen == {"run": True, "choice": True}


# -- each for himself: the exact hint, else the club player ------------------------------------
@pytest.mark.parametrize("level", ["strong", "expert"])
def test_each_for_himself_the_levels_play_the_exact_hint_else_the_club_card(level) -> None:
    """At the Traversone PIMC with the paranoid solver played worse than the club player
    (``benchmarks/strength_alone.py``): the levels never search there, they take the hint's
    card when the hint is exact and the club player's otherwise."""
    player = make_player(level, 2)
    assert isinstance(player, SearchPlayer)
    searched: list[Position] = []

    def counting(pos: Position) -> list[CardValue] | None:
        searched.append(pos)
        return card_values(pos, points_only=True)

    player.solve = counting
    kinds = set()
    for view in decisions(Deal.new(Rules.preset("traversone"), seed=5), RulesPlayer()):
        decision = player.choose(view)
        advice = hint(view, block=True)
        left = view.rules.tricks_per_deal - len(view.tricks)
        if advice.exact and left <= player.horizon and not one_choice(view):
            kinds.add("hint")
            assert decision.card in advice.equal
        else:
            kinds.add("club")
            assert decision.card == RulesPlayer().choose(view).card
    assert kinds == {"hint", "club"} and searched == []
    pimc = SearchPlayer("test", seed=1, samples=2, horizon=6, solve=counting)  # no ``alone``:
    for view in decisions(Deal.new(Rules.preset("traversone"), seed=5), RulesPlayer()):
        pimc.choose(view)  # the search as with partners (what the benchmark measured)
    assert searched and max(p.tricks_left for p in searched) == 6
