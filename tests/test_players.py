"""Computer players and the arena: levels, legal play at every preset, calls and
declarations, and that a player's choice depends on its own view only."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Mapping

import pytest
from conftest import check_points, complete_deal, rules

from tressette_learn.ai import (
    LEVELS,
    Decision,
    Player,
    PlayerError,
    RandomPlayer,
    make_player,
    play_deal,
    play_match,
)
from tressette_learn.engine import (
    PRESETS,
    Card,
    Deal,
    Declaration,
    IllegalPlay,
    Match,
    Play,
    PlayerView,
    Rules,
    Seat,
)
from tressette_learn.engine.declarations import TOP_RANKS, combos_in
from tressette_learn.engine.scoring import call_points
from tressette_learn.engine.seats import seats_for

PLAYING_LEVELS = ("random", "beginner", "club")


def table(level_ns: str, level_ew: str, seed: int = 0) -> dict[Seat, Player]:
    """Players for every seat: one level for N-S (and S alone at two), one for E-W."""
    return {seat: make_player(level_ns if seat in (Seat.N, Seat.S) else level_ew,
                              seed=seed * 10 + seat)
            for seat in Seat}


class Spy(Player):
    """Wraps a player and records every argument it is given."""

    def __init__(self, inner: Player):
        self.inner = inner
        self.level = inner.level
        self.seen: list[tuple[str, object]] = []

    def choose(self, view: PlayerView) -> Decision:
        self.seen.append(("choose", view))
        return self.inner.choose(view)

    def declare(self, view: PlayerView, available: list[Declaration]) -> list[Declaration]:
        self.seen.append(("declare", view))
        return self.inner.declare(view, available)

    def call_out(self, view: PlayerView) -> bool:
        self.seen.append(("call_out", view))
        return self.inner.call_out(view)


# -- levels ----------------------------------------------------------------------------------
def test_every_level_is_made_by_name() -> None:
    for level in PLAYING_LEVELS:
        player = make_player(level, seed=3)
        assert isinstance(player, Player)
        assert player.level == level
    assert set(PLAYING_LEVELS) <= set(LEVELS)


def test_an_unknown_level_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match="grandmaster") as err:
        make_player("grandmaster")
    for level in PLAYING_LEVELS:
        assert level in str(err.value)


def test_the_registry_can_be_extended() -> None:
    LEVELS["test_level"] = RandomPlayer
    try:
        assert isinstance(make_player("test_level", seed=1), RandomPlayer)
    finally:
        del LEVELS["test_level"]


def test_a_seeded_random_player_repeats_itself() -> None:
    def moves(seed: int) -> list[str]:
        deal = Deal.new(Rules.preset("standard"), seed=11)
        play_deal(deal, {seat: RandomPlayer(seed + seat) for seat in Seat})
        return [str(p.card) for p in deal.plays]

    assert moves(1) == moves(1)
    assert moves(1) != moves(2)


# -- every level plays every table legally -----------------------------------------------------
VARIANTS: dict[str, Rules] = {name: Rules.preset(name) for name in PRESETS}
VARIANTS["standard_calling_out"] = rules("standard", calling_out=True)
VARIANTS["standard_declare_first"] = rules("standard", declaration_timing="before_first_lead")
VARIANTS["online_one_at_a_time"] = rules("online", deal_packet=1, first_lead="four_of_denari")
VARIANTS["gamelake_four"] = rules("gamelake", players=4)
VARIANTS["a_due_declarations"] = rules("a_due", declarations=True)
VARIANTS["col_morto_romana"] = rules("col_morto", first_lead="four_of_denari",
                                     declarations_compulsory=True)
VARIANTS["a_perdere_normal_ace"] = rules("a_perdere", ace_of_bastoni_eleven=False)
VARIANTS["standard_club_signals"] = rules("standard", signal_convention="club")
VARIANTS["each_for_himself_to_win"] = rules("standard", partners=False, signals=False,
                                            cappotto=True)


@pytest.mark.parametrize("name", sorted(VARIANTS))
@pytest.mark.parametrize("level", PLAYING_LEVELS)
def test_every_level_plays_every_table_to_the_end(name: str, level: str) -> None:
    table_rules = VARIANTS[name]
    for seed in range(12):
        dealer = seats_for(table_rules.players)[seed % len(seats_for(table_rules.players))]
        deal = Deal.new(table_rules, dealer=dealer, seed=seed,
                        match_scores={"NS": 15, "EW": 15} if table_rules.calling_out else None)
        players = table(level, PLAYING_LEVELS[seed % 3], seed)
        result = play_deal(deal, players)
        assert deal.is_over()
        assert result.complete or deal.ended_by_call is not None
        assert not result.revokes
        if result.complete:
            check_points(table_rules, result)


@pytest.mark.parametrize("level", PLAYING_LEVELS)
def test_every_level_plays_whole_matches(level: str) -> None:
    for name in ("standard", "a_due", "col_morto", "a_perdere", "traversone"):
        match = Match(rules(name, target=11), seed=5)
        outcome = play_match(match, table(level, "random", 5))
        assert outcome.winner in match.sides
        assert max(outcome.totals.values()) >= 11


# -- the arena -------------------------------------------------------------------------------
class Fixed(Player):
    """Plays whatever it is told, to check the arena's refusals."""

    level = "fixed"

    def __init__(self, decision: Decision):
        self.decision = decision

    def choose(self, view: PlayerView) -> Decision:
        return self.decision


def test_an_illegal_card_is_a_bug_reported_with_seat_and_reason() -> None:
    deal = complete_deal(rules(), Seat.E, {Seat.N: "3d 4d", Seat.W: "5d 3c"})
    players: dict[Seat, Player] = {seat: make_player("club") for seat in Seat}
    players[Seat.N] = Fixed(Decision(Card.parse("4d")))
    players[Seat.W] = Fixed(Decision(Card.parse("3c")))
    with pytest.raises(PlayerError, match=r"fixed player at W .*must_follow\(seat=W, card=3c"):
        play_deal(deal, players)


def test_a_card_not_held_and_a_false_signal_are_refused() -> None:
    deal = complete_deal(rules(), Seat.E, {Seat.N: "4d 5d", Seat.W: "3d"})
    with pytest.raises(PlayerError, match=r"at N .*not_in_hand\(seat=N, card=3d\)"):
        play_deal(deal, {seat: Fixed(Decision(Card.parse("3d"))) for seat in Seat})
    with pytest.raises(PlayerError, match=r"at N .*busso"):
        play_deal(deal, {seat: Fixed(Decision(Card.parse("4d"), "busso")) for seat in Seat})


def test_a_missing_player_is_named() -> None:
    deal = Deal.new(Rules.preset("standard"), seed=1)
    with pytest.raises(ValueError, match="seat W"):
        play_deal(deal, {seat: RandomPlayer() for seat in (Seat.N, Seat.E, Seat.S)})


def test_col_morto_dealer_plays_the_dummy_from_the_dummy_view() -> None:
    deal = Deal.new(Rules.preset("col_morto"), dealer=Seat.E, seed=4)
    spies = {seat: Spy(make_player("club")) for seat in Seat}
    play_deal(deal, spies)
    assert deal.dummy == Seat.W
    assert not spies[Seat.W].seen
    views = [v for kind, v in spies[Seat.E].seen if kind == "choose"]
    assert isinstance(views[0], PlayerView)
    dummy_views = [v for v in views if isinstance(v, PlayerView) and v.seat == Seat.W]
    assert len(dummy_views) == 10
    for view in dummy_views:
        assert Seat.E in view.known_hands


def test_players_are_only_ever_given_their_own_view() -> None:
    for name in ("standard", "a_due", "col_morto", "romana"):
        deal = Deal.new(rules(name, calling_out=name in ("standard", "col_morto")), seed=8,
                        match_scores={"NS": 18, "EW": 18})
        spies = {seat: Spy(make_player("club")) for seat in Seat}
        truth = {s: set(map(str, deal.hand(s))) for s in deal.seats}
        play_deal(deal, spies)
        for seat, spy in spies.items():
            for kind, view in spy.seen:
                assert isinstance(view, PlayerView), (kind, type(view))
                assert deal.controller(view.seat) == seat
                if kind == "choose":
                    assert view.to_play == view.seat
                    assert set(map(str, view.hand)) <= truth[view.seat] | {
                        str(d.card) for d in deal.draws if d.seat == view.seat}


def test_declarations_are_asked_once_and_applied() -> None:
    deal = complete_deal(rules(), Seat.E, {Seat.N: "3c 2c Ac", Seat.S: "3d 3s 3b"})
    held = [d for seat in Seat for d in combos_in(seat, deal.dealt_hand(seat))]
    spies = {seat: Spy(make_player("club")) for seat in Seat}
    play_deal(deal, spies)
    assert sorted(deal.declarations) == sorted(held)
    declared = {(d.seat, d.combo) for d in deal.declarations}
    assert (Seat.N, "napoletana") in declared and (Seat.S, "buon_gioco") in declared
    assert sum(kind == "declare" for kind, _ in spies[Seat.N].seen) == 1
    ns_points = sum(d.points for d in held if d.seat in (Seat.N, Seat.S))
    assert deal.result().sides["NS"].declarations == ns_points >= 6


def test_a_player_may_keep_its_combinations_quiet() -> None:
    class Quiet(RandomPlayer):
        def declare(self, view: PlayerView, available: list[Declaration]) -> list[Declaration]:
            return []

    deal = complete_deal(rules(), Seat.E, {Seat.N: "3c 2c Ac"})
    play_deal(deal, {seat: Quiet(seat) for seat in Seat})
    assert deal.declarations == []


def test_calling_out_ends_the_deal_when_the_side_reaches_the_target() -> None:
    calls = 0
    for seed in range(30):
        deal = Deal.new(rules("standard", calling_out=True), seed=seed,
                        match_scores={"NS": 19, "EW": 18})
        play_deal(deal, table("club", "random", seed))
        for call in deal.calls:
            assert call.correct
            calls += 1
        assert deal.ended_by_call is not None or deal.result().complete
    assert calls >= 20


def test_the_default_call_out_agrees_with_the_engine_count() -> None:
    player = RandomPlayer(1)
    checked = 0
    for seed in range(20):
        table_rules = rules("col_morto" if seed % 2 else "standard", calling_out=True)
        deal = Deal.new(table_rules, seed=seed, match_scores={"NS": seed, "EW": 20 - seed})
        rng = random.Random(seed)
        while not deal.is_over():
            if deal.tricks and not deal.current:
                for seat in deal.seats:
                    side = deal.side_of(seat)
                    view = deal.view(seat)
                    engine = call_points(deal, side)
                    assert call_points(view, side) == engine
                    assert player.call_out(view) == (engine >= table_rules.target)
                    checked += 1
            if deal.declaration_window():
                for seat in deal.seats:
                    for decl in deal.available_declarations(seat):
                        deal.declare(decl)
            deal.play(rng.choice(deal.legal_cards()))
    assert checked > 500


def test_no_call_out_without_the_option() -> None:
    deal = Deal.new(Rules.preset("standard"), seed=2, match_scores={"NS": 30, "EW": 30})
    for _ in deal.seats:
        deal.play(deal.legal_cards()[0])
    assert not RandomPlayer().call_out(deal.view(Seat.N))
    assert RandomPlayer().call_out(Deal(
        rules("standard", calling_out=True), deal.dealer, {s: deal.dealt_hand(s) for s in Seat},
        match_scores={"NS": 30, "EW": 30}).view(Seat.N))


# -- a choice depends on the player's view only ---------------------------------------------
def _hidden_places(deal: Deal, view: PlayerView) -> dict[Card, tuple[str, Seat | int]]:
    """Where each card the seat cannot see lies now: ("hand", seat) or ("stock", index)."""
    named = view.cards()
    places: dict[Card, tuple[str, Seat | int]] = {}
    for seat in deal.seats:
        for card in deal.hand(seat):
            if str(card) not in named:
                places[card] = ("hand", seat)
    for index, card in enumerate(deal.stock):
        if str(card) not in named:
            places[card] = ("stock", index)
    return places


def _swapped(deal: Deal, a: Card, b: Card) -> Deal | None:
    """The deal with ``a`` and ``b`` exchanged in the dealing, replayed to the same point;
    None when the history is no longer legal."""
    def swap(card: Card) -> Card:
        return b if card == a else a if card == b else card

    hands = {s: [swap(c) for c in deal.dealt_hand(s)] for s in deal.seats}
    stock = [swap(c) for c in deal.stock]
    stock = [*[d.card for d in deal.draws], *stock]
    twin = Deal(deal.rules, deal.dealer, hands, stock, deal.match_scores)
    try:
        for action in deal.actions:  # a play goes to whoever's turn it is in the twin
            if isinstance(action, Play):
                twin.play(action.card, action.signal)
            else:
                twin.apply(action)
    except (IllegalPlay, ValueError):
        return None
    return twin


def _swaps(deal: Deal, view: PlayerView, rng: random.Random) -> Iterator[tuple[Card, Card]]:
    places = _hidden_places(deal, view)
    pairs = [(a, b) for a, b in itertools.combinations(sorted(places), 2)
             if places[a] != places[b]]
    if deal.rules.declarations:
        pairs = [(a, b) for a, b in pairs if a.rank not in TOP_RANKS and b.rank not in TOP_RANKS]
    rng.shuffle(pairs)
    yield from pairs[:3]


def _fresh_decisions(view: PlayerView, seed: int) -> list[Decision]:
    return [make_player(level, seed=seed).choose(view) for level in PLAYING_LEVELS]


@pytest.mark.parametrize("name", ["standard", "col_morto", "a_due", "gamelake", "a_perdere"])
def test_the_choice_ignores_cards_the_seat_cannot_see(name: str) -> None:
    rng = random.Random(name)
    compared = 0
    for seed in range(6):
        deal = Deal.new(Rules.preset(name), dealer=seats_for(Rules.preset(name).players)[0],
                        seed=seed)
        players: Mapping[Seat, Player] = table("club", "club", seed)
        while not deal.is_over():
            if deal.declaration_window() and not deal.declarations:
                for owner in deal.seats:
                    for decl in deal.available_declarations(owner):
                        deal.declare(decl)
            seat = deal.to_play
            assert seat is not None
            view = deal.view(seat)
            if rng.random() < 0.3:
                for a, b in _swaps(deal, view, rng):
                    twin = _swapped(deal, a, b)
                    if twin is None:
                        continue
                    assert twin.hands != deal.hands or twin.stock != deal.stock
                    other = twin.view(seat)
                    assert other == view
                    assert _fresh_decisions(other, seed) == _fresh_decisions(view, seed)
                    compared += 1
            decision = players[deal.controller(seat)].choose(view)
            deal.play(decision.card, decision.signal)
    assert compared >= 40
