"""Inference from a player's view, and sampling of consistent deals for PIMC players.

The main check is independent of the inference code: every sampled deal is rebuilt as an
engine Deal (dealt hands = held + played - drawn, stock = draws + sampled stock) and the
whole public history is replayed on it; the engine refuses any play, signal or declaration
that the sample's hands would not allow.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter
from collections.abc import Callable

import pytest

from tressette_learn.ai.inference import (
    DealSampler,
    InferenceError,
    Knowledge,
    Sample,
    knowledge_from_view,
    sample_deals,
    sample_to_deal,
    search_deal,
)
from tressette_learn.engine import Card, Deal, Rules, Seat, Signal, Suit
from tressette_learn.engine.cards import FULL_DECK_MASK, SUIT_MASKS, Rank, cards_of
from tressette_learn.engine.declarations import Declaration, combos_in
from tressette_learn.engine.signals import signal_problem

PRESETS = ["standard", "online", "gamelake", "quattro_denari", "a_due", "col_morto",
           "a_perdere", "traversone", "club_signals", "col_morto_club"]
VARIANTS = {"club_signals": Rules.preset("standard").with_options(signal_convention="club"),
            "col_morto_club": Rules.preset("col_morto").with_options(signal_convention="club")}


def table(name: str) -> Rules:
    """A preset, or one of the variants above."""
    return VARIANTS[name] if name in VARIANTS else Rules.preset(name)


def play_random(deal: Deal, steps: int, rng: random.Random, signal_rate: float = 0.6) -> Deal:
    """Play up to ``steps`` random legal cards, declaring and signalling truly at random."""
    for _ in range(steps):
        if deal.is_over():
            break
        if deal.declaration_window():
            for seat in deal.seats:
                for decl in deal.available_declarations(seat):
                    if rng.random() < 0.7:
                        deal.declare(decl)
        card = rng.choice(list(deal.legal_cards()))
        signals = deal.true_signals(card)
        signal = rng.choice(signals) if signals and rng.random() < signal_rate else None
        deal.play(card, signal)
    return deal


def random_position(preset: str, seed: int) -> Deal:
    """A deal of this preset stopped at a random moment (possibly the start or the end)."""
    rng = random.Random(seed)
    deal = Deal.new(table(preset), seed=seed)
    total = deal.rules.tricks_per_deal * deal.trick_size
    return play_random(deal, rng.randrange(total + 1), rng)


def real_sample(deal: Deal) -> Sample:
    """The real deal in the form of a sample."""
    return Sample({s: deal.hand_mask(s) for s in deal.seats}, deal.stock)


def check_sample_shape(deal: Deal, seat: Seat, sample: Sample) -> None:
    """Sizes, the viewer's hand, disjointness, union = every unplayed card, stock size."""
    assert set(sample.hands) == set(deal.seats)
    assert sample.hands[seat] == deal.hand_mask(seat)
    union = 0
    for other, hand in sample.hands.items():
        assert hand.bit_count() == deal.hand_mask(other).bit_count()
        assert not union & hand
        union |= hand
    stock = sum(c.bit for c in sample.stock)
    assert len(sample.stock) == len(deal.stock) == stock.bit_count()
    assert not union & stock
    assert union | stock == FULL_DECK_MASK & ~deal.played_mask


@pytest.mark.parametrize("preset", PRESETS)
def test_samples_fit_history_and_real_deal_fits_knowledge(preset: str) -> None:
    for seed in range(60):
        deal = random_position(preset, seed)
        for seat in deal.seats:
            view = deal.view(seat)
            knowledge = knowledge_from_view(view)
            assert knowledge.violation(real_sample(deal)) is None, (seed, seat)
            for sample in sample_deals(view, 4, random.Random(seed)):
                check_sample_shape(deal, seat, sample)
                assert knowledge.violation(sample) is None
                for other, hand in view.known_hands.items():
                    assert sample.hands[other] == hand.mask
                twin = sample_to_deal(view, sample)  # the engine replays the history
                assert twin.to_play == deal.to_play
                assert twin.draws == deal.draws


@pytest.mark.parametrize("preset", PRESETS)
def test_known_cards_are_really_held_and_never_moved(preset: str) -> None:
    for seed in range(60, 100):
        deal = random_position(preset, seed)
        for seat in deal.seats:
            knowledge = knowledge_from_view(deal.view(seat))
            for other, info in knowledge.seats.items():
                assert info.known & ~deal.hand_mask(other) == 0
                assert info.excluded & deal.hand_mask(other) & ~info.known == 0
                for suit in info.holds_suits:
                    assert deal.hand_mask(other) & SUIT_MASKS[suit]
            samples = sample_deals(deal.view(seat), 6, random.Random(seed))
            for sample in samples:
                for other, info in knowledge.seats.items():
                    assert sample.hands[other] & info.known == info.known


def test_a_sample_is_not_the_real_deal_when_cards_are_hidden() -> None:
    deal = Deal.new(Rules.preset("standard"), seed=3)
    samples = sample_deals(deal.view(Seat.N), 5, random.Random(0))
    assert len({tuple(sorted(s.hands.items())) for s in samples}) == 5


def test_rejects_a_sample_that_moves_a_known_card() -> None:
    deal = play_random(Deal.new(Rules.preset("col_morto"), seed=4), 1, random.Random(0))
    knowledge = knowledge_from_view(deal.view(Seat.N))
    sample = real_sample(deal)
    w, s = sample.hands[Seat.W], sample.hands[Seat.S]
    a, b = w & -w, s & -s
    moved = {**sample.hands, Seat.W: w ^ a | b, Seat.S: s ^ b | a}
    assert knowledge.violation(Sample(moved)) is not None
    assert knowledge.violation(sample) is None


# -- piombo voids and two-player free play ---------------------------------------------------


def first_piombo(preset: str, seed: int, with_stock: bool) -> tuple[Deal, Seat, Suit] | None:
    """Play at random until someone fails to follow suit (stock left or not, as asked)."""
    rng = random.Random(seed)
    deal = Deal.new(Rules.preset(preset), seed=seed)
    while not deal.is_over():
        led = deal.current[0].card.suit if deal.current else None
        had_stock = bool(deal.stock)
        seat = deal.to_play
        assert seat is not None
        card = rng.choice(list(deal.legal_cards()))
        deal.play(card)
        if led is not None and card.suit != led and had_stock == with_stock:
            return deal, seat, led
    return None


@pytest.mark.parametrize("preset", ["standard", "a_due", "col_morto"])
def test_a_piombo_shows_a_void(preset: str) -> None:
    found = 0
    for seed in range(40):
        case = first_piombo(preset, seed, with_stock=preset == "a_due")
        if case is None:
            continue
        deal, seat, led = case
        for viewer in deal.seats:
            if viewer != seat:
                info = knowledge_from_view(deal.view(viewer)).seats[seat]
                assert led in info.voids
                found += 1
    assert found > 10


def test_free_play_with_stock_shows_no_void() -> None:
    found = 0
    for seed in range(40):
        case = first_piombo("gamelake", seed, with_stock=True)
        if case is None:
            continue
        deal, seat, led = case
        if deal.hand_mask(seat) & SUIT_MASKS[led]:
            found += 1  # the real hand still holds the suit: a void would be wrong
        info = knowledge_from_view(deal.view(seat.partner)).seats[seat]
        assert led not in info.voids
        assert not info.excluded & SUIT_MASKS[led]
    assert found > 0


def test_free_play_after_the_stock_shows_a_void() -> None:
    found = 0
    for seed in range(40):
        case = first_piombo("gamelake", seed, with_stock=False)
        if case is not None:
            deal, seat, led = case
            assert led in knowledge_from_view(deal.view(seat.partner)).seats[seat].voids
            found += 1
    assert found > 10


def test_two_player_void_then_a_drawn_card_of_that_suit() -> None:
    """A void covers the hidden (originally dealt) cards; later draws are shown and known."""
    found = 0
    for seed in range(300):
        case = first_piombo("a_due", seed, with_stock=True)
        if case is None:
            continue
        deal, seat, led = case
        rng = random.Random(seed)
        while deal.stock and not deal.hand_mask(seat) & SUIT_MASKS[led]:
            play_random(deal, 1, rng)
        held = deal.hand_mask(seat) & SUIT_MASKS[led]
        if not held:
            continue
        found += 1
        view = deal.view(seat.partner)
        knowledge = knowledge_from_view(view)
        info = knowledge.seats[seat]
        assert led in info.voids and held & ~info.known == 0
        assert knowledge.violation(real_sample(deal)) is None
        for sample in sample_deals(view, 5, random.Random(seed)):
            assert sample.hands[seat] & SUIT_MASKS[led] == held
            sample_to_deal(view, sample)
    assert found >= 5


# -- signals and declarations ------------------------------------------------------------------


def lead_with(signal: Signal, seed_range: range) -> list[tuple[Deal, Seat, Card]]:
    """Deals where a leader has just led with a true ``signal``."""
    out = []
    for seed in seed_range:
        rng = random.Random(seed)
        deal = play_random(Deal.new(Rules.preset("standard"), seed=seed),
                           4 * rng.randrange(6), rng)
        if deal.is_over():
            continue
        for card in deal.legal_cards():
            if signal in deal.true_signals(card):
                seat = deal.to_play
                assert seat is not None
                deal.play(card, signal)
                out.append((deal, seat, card))
                break
    return out


def test_busso_makes_the_master_card_known() -> None:
    cases = lead_with("busso", range(60))
    assert len(cases) > 10
    for deal, seat, card in cases:
        out = SUIT_MASKS[card.suit] & ~deal.played_mask
        master = 1 << (out.bit_length() - 1)
        assert deal.hand_mask(seat) & master
        info = knowledge_from_view(deal.view(seat.right)).seats[seat]
        assert info.known & master


def test_volo_is_a_void_and_striscio_a_held_suit() -> None:
    for deal, seat, card in lead_with("volo", range(40)):
        assert card.suit in knowledge_from_view(deal.view(seat.partner)).seats[seat].voids
    cases = lead_with("striscio", range(40))
    assert cases
    for deal, seat, card in cases:
        info = knowledge_from_view(deal.view(seat.partner)).seats[seat]
        assert card.suit in info.holds_suits or info.known & SUIT_MASKS[card.suit]
        for sample in sample_deals(deal.view(seat.partner), 10, random.Random(1)):
            assert sample.hands[seat] & SUIT_MASKS[card.suit]


def test_striscio_is_dropped_once_the_suit_is_played_again() -> None:
    deal = Deal(Rules.preset("standard"), Seat.E, {
        Seat.N: _cards("3c 4c 5c 6c 7c 4d 5d 6d 7d Fd"),
        Seat.W: _cards("2c Cc Rc Ac 4s 5s 6s 7s Fs Cs"),
        Seat.S: _cards("Fc 3d 2d Ad Rd Cd Rs As 2s 3s"),
        Seat.E: _cards("4b 5b 6b 7b Fb Cb Rb Ab 2b 3b")})
    deal.play("4c", "striscio")
    info = knowledge_from_view(deal.view(Seat.E)).seats[Seat.N]
    assert info.holds_suits == {Suit.COPPE}
    for card in ("2c", "Fc", "4b"):  # W wins with the 2, then leads; N follows last
        deal.play(card)
    assert knowledge_from_view(deal.view(Seat.E)).seats[Seat.N].holds_suits == {Suit.COPPE}
    for card in ("Cc", "2d", "5b", "5c"):
        deal.play(card)
    info = knowledge_from_view(deal.view(Seat.E)).seats[Seat.N]
    assert info.holds_suits == frozenset()


def _cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def test_napoletana_and_buon_gioco_are_known_and_the_missing_card_excluded() -> None:
    deal = Deal(Rules.preset("standard"), Seat.E, {
        Seat.N: _cards("3c 2c Ac 3d 3s 4c 5c 6c 7c Fc"),
        Seat.W: _cards("Cc Rc 4s 5s 6s 7s Fs Cs Rs As"),
        Seat.S: _cards("2d Ad Rd Cd Fd 7d 6d 5d 4d 2s"),
        Seat.E: _cards("4b 5b 6b 7b Fb Cb Rb Ab 2b 3b")})
    for card in ("4c", "Cc", "Fd", "4b"):
        deal.play(card)
    decls = combos_in(Seat.N, deal.dealt_hand(Seat.N))
    assert {d.combo for d in decls} == {"napoletana", "buon_gioco"}
    for decl in decls:
        deal.declare(decl)
    for viewer in (Seat.W, Seat.S, Seat.E):
        info = knowledge_from_view(deal.view(viewer)).seats[Seat.N]
        assert info.known == _mask("3c 2c Ac 3d 3s")
        assert info.excluded & Card.parse("3b").bit or viewer == Seat.E
    for card in ("Rc", "2s", "5b", "3c"):  # W won the first trick and leads
        deal.play(card)
    info = knowledge_from_view(deal.view(Seat.W)).seats[Seat.N]
    assert info.known == _mask("2c Ac 3d 3s")


def _mask(text: str) -> int:
    return sum(c.bit for c in _cards(text))


def test_compulsory_declarations_limit_the_dealt_hands() -> None:
    """Romana: an undeclared napoletana or buon gioco was not dealt; samples respect it."""
    limited = 0
    for seed in range(80):
        deal = random_position("quattro_denari", seed)
        for seat in deal.seats:
            view = deal.view(seat)
            knowledge = knowledge_from_view(view)
            if not knowledge.limits:
                continue
            limited += 1
            for sample in sample_deals(view, 3, random.Random(seed), tries=0):
                assert knowledge.violation(sample) is None  # found by the search fallback
                sample_to_deal(view, sample)
    assert limited > 20


def test_roman_first_lead_holds_the_four_of_denari() -> None:
    for seed in range(20):
        deal = Deal.new(Rules.preset("quattro_denari"), seed=seed)
        leader = deal.to_play
        assert leader is not None
        for viewer in deal.seats:
            if viewer != leader:
                info = knowledge_from_view(deal.view(viewer)).seats[leader]
                assert info.known & Card.of(Rank.FOUR, Suit.DENARI).bit


# -- the dummy ----------------------------------------------------------------------------------


def test_dummy_is_known_to_all_after_the_opening_lead() -> None:
    for seed in range(10):
        deal = Deal.new(Rules.preset("col_morto"), seed=seed)
        dummy = deal.dummy
        assert dummy is not None
        opener = deal.to_play
        assert opener is not None and opener != deal.dealer
        before = knowledge_from_view(deal.view(opener)).seats[dummy]
        assert before.known & ~_declared(deal, dummy) == 0
        play_random(deal, 1, random.Random(seed))
        for viewer in deal.seats:
            knowledge = knowledge_from_view(deal.view(viewer))
            if viewer == dummy:
                assert knowledge.seats[deal.dealer].known == deal.hand_mask(deal.dealer)
            else:
                assert knowledge.seats[dummy].known == deal.hand_mask(dummy)
            for sample in sample_deals(deal.view(viewer), 3, random.Random(seed)):
                assert sample.hands[dummy] == deal.hand_mask(dummy)


def _declared(deal: Deal, seat: Seat) -> int:
    return sum(c.bit for d in deal.declarations if d.seat == seat for c in d.cards)


# -- every fact a seat knows, checked on the samples ----------------------------------------------
# Each fact is read from the deal's history by the test itself (never by the inference code)
# and checked on sampled deals from positions reached by playing seeded deals: many samples
# per position and, when few cards are hidden, every deal the sampler can draw (all the
# placements its knowledge allows, as many as the sampler counts).

Fact = Callable[[Deal, Seat, Sample], "str | None"]


def hand_before(deal: Deal, sample: Sample, number: int) -> int:
    """In ``sample``, the hand of the seat of play ``number`` just before it (no draws)."""
    seat = deal.plays[number].seat
    return sample.hands[seat] | sum(p.card.bit for p in deal.plays[number:] if p.seat == seat)


def dealt_in(deal: Deal, sample: Sample, seat: Seat) -> int:
    """``seat``'s dealt hand in ``sample`` (three or four players: nothing is drawn)."""
    return sample.hands[seat] | sum(p.card.bit for p in deal.plays if p.seat == seat)


def declared_cards_held(deal: Deal, viewer: Seat, sample: Sample) -> str | None:
    """Declared cards were dealt to the declarer; a three-of-a-kind's missing card was not."""
    for decl in deal.declarations:
        dealt = dealt_in(deal, sample, decl.seat)
        if any(not dealt & card.bit for card in decl.cards):
            return f"{decl.seat} was not dealt its {decl.describe()}"
        if decl.missing is not None and decl.rank is not None \
                and dealt & Card.of(decl.rank, decl.missing).bit:
            return f"{decl.seat} holds the card its buon gioco names missing"
    return None


def undeclared(deal: Deal, sample: Sample) -> list[Declaration]:
    """Combinations dealt in ``sample`` that nobody declared."""
    return [d for seat in deal.seats
            for d in combos_in(seat, cards_of(dealt_in(deal, sample, seat)))
            if d not in deal.declarations]


def silence_read(deal: Deal, viewer: Seat, sample: Sample) -> str | None:
    """Compulsory declarations: a combination nobody declared was not dealt."""
    missed = undeclared(deal, sample)
    return f"undeclared {missed[0].describe()}" if missed else None


def signals_true(deal: Deal, viewer: Seat, sample: Sample) -> str | None:
    """Every signal made is true of the leader's hand in ``sample`` (RULES §4)."""
    played = 0
    for number, play in enumerate(deal.plays):
        if play.signal is not None:
            after = hand_before(deal, sample, number) & ~play.card.bit
            if signal_problem(play.signal, play.card, after,
                              FULL_DECK_MASK & ~played & ~play.card.bit) is not None:
                return f"{play.seat}'s {play.signal} on {play.card} is false"
        played |= play.card.bit
    return None


def follows_kept(deal: Deal, viewer: Seat, sample: Sample) -> str | None:
    """A card off the suit led: the seat had no card of it (a void), unless it revoked,
    in which case it had one."""
    for number, play in enumerate(deal.plays):
        led = deal.plays[number - number % deal.trick_size].card.suit
        held = hand_before(deal, sample, number) & SUIT_MASKS[led]
        if play.card.suit != led and bool(held) != play.revoke:
            return f"{play.seat} played {play.card} on {led.symbol} holding {_names(held)}"
    return None


def _names(mask: int) -> str:
    return " ".join(map(str, cards_of(mask))) or "none"


def dummy_shown(deal: Deal, viewer: Seat, sample: Sample) -> str | None:
    """Once exposed, the dummy's hand is exactly the real one."""
    dummy = deal.dummy
    if dummy is not None and deal.dummy_exposed and viewer != dummy \
            and sample.hands[dummy] != deal.hand_mask(dummy):
        return "the dummy's exposed hand changed"
    return None


def stopped(preset: str, seed: int, *, revoke_at: int | None = None) -> Deal:
    """A seeded deal played at random to a random moment (late for odd seeds, so that few
    cards are hidden); ``revoke_at``: the first follower from that card on who can revoke,
    does (as a real table's record may show)."""
    rng = random.Random(seed)
    deal = Deal.new(table(preset), seed=seed)
    total = deal.rules.tricks_per_deal * deal.trick_size
    stop = total - rng.randrange(2, 12) if seed % 2 else rng.randrange(total)
    while len(deal.plays) < stop and not deal.is_over():
        if revoke_at is not None and len(deal.plays) >= revoke_at and _revoke(deal):
            revoke_at = None
        else:
            play_random(deal, 1, rng)
    return deal


def _revoke(deal: Deal) -> bool:
    """Play a card off the suit led while holding it, if the seat to play can."""
    off = [c for c in deal.hand(deal.to_play or Seat.S) if deal.is_revoke(c)]
    if off:
        deal.play(off[0], allow_revoke=True)
    return bool(off)


def check_fact(cases: list[tuple[Deal, Seat]], fact: Fact, samples: int = 60) -> int:
    """Every sample of every case respects ``fact``; returns how many cases were small
    enough to check every deal the sampler can draw."""
    small = 0
    for n, (deal, viewer) in enumerate(cases):
        view = deal.view(viewer)
        assert fact(deal, viewer, real_sample(deal)) is None  # the fact holds for real
        for sample in sample_deals(view, samples, random.Random(n)):
            problem = fact(deal, viewer, sample)
            assert problem is None, (deal.rules.preset_name, viewer, problem)
        knowledge = knowledge_from_view(view)
        if knowledge.unseen.bit_count() <= 7:
            every = all_consistent(knowledge)
            if not knowledge.limits:
                assert len(every) == DealSampler(knowledge).count
            for hands in every:
                assert fact(deal, viewer, Sample(dict(hands))) is None
            small += 1
    return small


def cases(preset: str, seeds: range, present: Callable[[Deal, Seat], bool],
          **stop: int) -> list[tuple[Deal, Seat]]:
    """(deal, viewer) pairs where the fact is there for the viewer to read."""
    out = []
    for seed in seeds:
        deal = stopped(preset, seed, **stop)
        out += [(deal, viewer) for viewer in deal.seats if present(deal, viewer)]
    return out


def declared_by_others(deal: Deal, viewer: Seat) -> bool:
    return any(d.seat != viewer for d in deal.declarations)


def test_samples_hold_the_declared_cards_and_lack_a_named_missing_card() -> None:
    found = cases("standard", range(80), declared_by_others)
    assert len(found) > 40
    assert any(d.missing is not None for deal, _ in found for d in deal.declarations)
    assert check_fact(found, declared_cards_held) > 3


def test_compulsory_declarations_samples_deal_no_undeclared_combination() -> None:
    """Romana: once the declarations are made, a combination not declared was not dealt."""
    found = cases("quattro_denari", range(60), lambda deal, viewer: bool(deal.tricks))
    assert len(found) > 100
    assert check_fact(found, silence_read, samples=20) > 3


def test_optional_declarations_silence_is_not_read() -> None:
    """Standard table: a seat that kept quiet may hold a combination (docs/rules-choices.md),
    so the samples give undeclared combinations too, and the real deal always fits."""
    kept_quiet = 0
    for seed in range(40):
        deal = stopped("standard", seed)
        if not deal.tricks or not undeclared(deal, real_sample(deal)):
            continue
        kept_quiet += 1
        for viewer in deal.seats:
            view = deal.view(viewer)
            knowledge = knowledge_from_view(view)
            assert knowledge.limits == () and knowledge.violation(real_sample(deal)) is None
    assert kept_quiet > 5
    closed = cases("standard", range(20), lambda deal, viewer: viewer == Seat.S
                   and len(deal.tricks) > 1)  # the declarations' time is over
    assert len(closed) > 5
    quiet = [undeclared(deal, sample) for deal, _ in closed
             for sample in sample_deals(deal.view(Seat.S), 30, random.Random(0))]
    assert sum(1 for missed in quiet if missed) > 10


@pytest.mark.parametrize("signal", ["busso", "volo", "striscio"])
def test_samples_make_every_signal_true(signal: str) -> None:
    def made(deal: Deal, viewer: Seat) -> bool:
        return any(p.signal == signal and p.seat != viewer for p in deal.plays)

    found = cases("standard", range(60), made) + cases("col_morto", range(30), made)
    assert len(found) > 30
    assert check_fact(found, signals_true, samples=40) > 3


def test_samples_keep_the_voids_shown() -> None:
    def piombo(deal: Deal, viewer: Seat) -> bool:
        return any(p.seat != viewer and p.card.suit != deal.plays[n - n % deal.trick_size]
                   .card.suit for n, p in enumerate(deal.plays))

    found = cases("standard", range(50), piombo) + cases("col_morto", range(30), piombo)
    assert len(found) > 60
    assert check_fact(found, follows_kept, samples=40) > 3


def test_a_revoke_shows_the_seat_still_held_the_suit() -> None:
    """A real table's record: a card off the suit led while holding it (RULES §6). The seat
    keeps a card of that suit until it plays one."""
    def revoked(deal: Deal, viewer: Seat) -> bool:
        return any(p.revoke and p.seat != viewer for p in deal.plays)

    found = cases("standard", range(40), revoked, revoke_at=8)
    assert len(found) > 30
    assert check_fact(found, follows_kept, samples=40) > 3


def test_samples_keep_the_exposed_dummy() -> None:
    found = cases("col_morto", range(40), lambda deal, viewer: deal.dummy_exposed
                  and viewer != deal.dummy)
    assert len(found) > 60
    assert check_fact(found, dummy_shown, samples=30) > 3


# -- uniformity -----------------------------------------------------------------------------------


def all_consistent(knowledge: Knowledge) -> list[tuple[tuple[Seat, int], ...]]:
    """Brute force: every placement of the unseen cards that the knowledge allows."""
    holders = [s for s, i in knowledge.seats.items() if i.unseen_count]
    stock = ["stock"] if knowledge.stock_size else []
    unseen = [c for c in range(40) if knowledge.unseen >> c & 1]
    out = []
    for choice in itertools.product(range(len(holders) + len(stock)), repeat=len(unseen)):
        hands = {s: i.known for s, i in knowledge.seats.items()}
        hands[knowledge.viewer] = knowledge.own_hand
        stock_cards = []
        for card, j in zip(unseen, choice, strict=True):
            if j < len(holders):
                hands[holders[j]] |= 1 << card
            else:
                stock_cards.append(Card(card))
        sample = Sample(hands, tuple(stock_cards))
        if knowledge.violation(sample) is None:
            out.append(tuple(sorted(hands.items())))
    return out


def small_positions() -> list[tuple[Deal, Seat]]:
    """Positions with 5 to 9 unseen cards and some constraint (a void, a held suit)."""
    found = []
    for preset in ("standard", "a_due", "col_morto"):
        for seed in range(400):
            rng = random.Random(seed)
            deal = Deal.new(Rules.preset(preset), seed=seed)
            while not deal.is_over() and _unseen(deal) >= 5:
                knowledge = knowledge_from_view(deal.view(deal.to_play or Seat.S))
                constrained = any(i.voids or i.holds_suits for i in knowledge.seats.values())
                if constrained and _unseen(deal) <= 9 and deal.to_play is not None:
                    found.append((deal, deal.to_play))
                    break
                play_random(deal, 1, rng)
            if found and found[-1][0] is deal:
                break
    return found


def _unseen(deal: Deal) -> int:
    assert deal.to_play is not None
    return knowledge_from_view(deal.view(deal.to_play)).unseen.bit_count()


def test_sampling_is_uniform_on_small_positions() -> None:
    positions = small_positions()
    assert len(positions) == 3
    for deal, seat in positions:
        view = deal.view(seat)
        knowledge = knowledge_from_view(view)
        expected = all_consistent(knowledge)
        assert DealSampler(knowledge).count == len(expected)
        assert tuple(sorted(real_sample(deal).hands.items())) in expected
        n = min(60 * len(expected), 30000)
        counts = Counter(tuple(sorted(s.hands.items()))
                         for s in sample_deals(view, n, random.Random(7)))
        assert set(counts) <= set(expected)
        mean = n / len(expected)
        chi2 = sum((counts[key] - mean) ** 2 / mean for key in expected)
        dof = len(expected) - 1
        assert chi2 < dof + 6 * (2 * dof) ** 0.5 + 10, (deal.rules.preset_name, chi2, dof)
        if mean >= 60:
            assert min(counts[key] for key in expected) > mean / 3


def key_of(sample: Sample) -> tuple[tuple[Seat, int], ...]:
    return tuple(sorted(sample.hands.items()))


def test_the_enumeration_is_every_fitting_deal_once() -> None:
    positions = small_positions()
    for deal, seat in positions:
        knowledge = knowledge_from_view(deal.view(seat))
        sampler = DealSampler(knowledge)
        expected = all_consistent(knowledge)
        placements = list(sampler.placements())
        assert len(placements) == sampler.count
        assert len({tuple(p) for p in placements}) == len(placements)
        if knowledge.stock_size:
            with pytest.raises(ValueError, match="stock"):
                next(sampler.deals())
            continue
        deals = [key_of(d) for d in sampler.deals()]
        assert sorted(deals) == sorted(expected)


def limited_positions(most: int) -> list[tuple[Knowledge, DealSampler]]:
    """Romana positions without a stock where the dealt-hand limits rule some deals out."""
    found = []
    for seed in range(300):
        deal = random_position("quattro_denari", seed)
        if deal.to_play is None:
            continue
        knowledge = knowledge_from_view(deal.view(deal.to_play))
        sampler = DealSampler(knowledge)
        if knowledge.limits and 20 <= sampler.count <= most:
            fitting = sum(1 for _ in sampler.deals())
            if fitting < sampler.count:
                found.append((knowledge, sampler))
    return found


def test_the_enumeration_leaves_out_deals_over_the_dealt_hand_limits() -> None:
    positions = limited_positions(2000)
    assert len(positions) >= 5
    for knowledge, sampler in positions:
        deals = list(sampler.deals())
        assert len(deals) < sampler.count
        assert all(knowledge.violation(d) is None for d in deals)
        assert len({key_of(d) for d in deals}) == len(deals)
        rejected = [p for p in sampler.placements()
                    if knowledge.violation(Sample(sampler._hands(p))) is not None]
        assert len(rejected) == sampler.count - len(deals)


def test_draws_are_as_frequent_as_the_enumeration_weights_them() -> None:
    """Fitting draws (rejection on the limits) are uniform over the enumerated deals."""
    knowledge, sampler = min(limited_positions(200), key=lambda pair: pair[1].count)
    deals = {key_of(d) for d in sampler.deals()}
    rng = random.Random(11)
    n = 80 * len(deals)
    counts = Counter(key_of(sampler.draw_fitting(rng)) for _ in range(n))
    assert set(counts) == deals
    mean = n / len(deals)
    chi2 = sum((counts[key] - mean) ** 2 / mean for key in deals)
    dof = len(deals) - 1
    assert chi2 < dof + 6 * (2 * dof) ** 0.5 + 10


@pytest.mark.parametrize(("seed", "free"), [(0, False), (2, True)])
def test_two_unknown_hands_split_evenly(seed: int, free: bool) -> None:
    """Three players, dummy exposed, viewer the dummy's opponent: two hidden hands.

    Seed 0 has a void (the exact count is used), seed 2 none (a plain shuffle is used).
    """
    deal = Deal.new(Rules.preset("col_morto"), seed=seed)
    play_random(deal, 24, random.Random(seed), signal_rate=0.0)
    viewer = deal.dealer.right
    view = deal.view(viewer)
    knowledge = knowledge_from_view(view)
    assert DealSampler(knowledge).free == free
    holders = [s for s, i in knowledge.seats.items() if i.unseen_count]
    assert len(holders) == 2 and deal.dummy not in holders
    expected = set(all_consistent(knowledge))
    assert 10 <= len(expected) <= 100
    assert DealSampler(knowledge).count == len(expected)
    assert {key_of(d) for d in DealSampler(knowledge).deals()} == expected  # free: a plain cut
    counts = Counter(tuple(sorted(s.hands.items()))
                     for s in sample_deals(view, 600 * len(expected), random.Random(3)))
    assert set(counts) == expected
    assert max(counts.values()) < 1.6 * min(counts.values())


def test_stock_order_is_random() -> None:
    deal = play_random(Deal.new(Rules.preset("a_due"), seed=5), 4, random.Random(5))
    view = deal.view(Seat.S)
    tops = Counter(s.stock[0] for s in sample_deals(view, 400, random.Random(1)))
    assert len(tops) > 10


# -- weights, fallback, errors, speed -----------------------------------------------------------


def test_weights_resample_towards_the_model() -> None:
    deal = Deal.new(Rules.preset("standard"), seed=9)
    view = deal.view(Seat.N)
    ace = Card.parse("Ab").bit
    if view.hand.mask & ace:
        ace = Card.parse("Ac").bit
    samples = sample_deals(view, 50, random.Random(2),
                           weights=lambda s: 1.0 if s.hands[Seat.W] & ace else 0.0)
    assert len(samples) == 50
    assert all(s.hands[Seat.W] & ace for s in samples)


def test_search_fallback_finds_a_deal() -> None:
    deal = random_position("standard", 12)
    knowledge = knowledge_from_view(deal.view(Seat.S))
    sample = search_deal(knowledge, random.Random(0))
    assert knowledge.violation(sample) is None


def test_an_impossible_view_raises() -> None:
    deal = play_random(Deal.new(Rules.preset("standard"), seed=1), 6, random.Random(1))
    knowledge = knowledge_from_view(deal.view(Seat.N))
    info = knowledge.seats[Seat.E]
    broken = dict(knowledge.seats)
    broken[Seat.E] = dataclasses.replace(info, excluded=knowledge.unseen)
    impossible = Knowledge(knowledge.viewer, knowledge.players, knowledge.own_hand,
                           knowledge.played, knowledge.unseen, broken, 0, ())
    sampler = DealSampler(impossible)
    assert sampler.count == 0
    with pytest.raises(InferenceError):
        sampler.draw(random.Random(0))


# -- the club convention (RULES.md §4) ----------------------------------------------------------
CLUB_HANDS = {
    Seat.N: "3c 4c 5c 6c Ad 5d 6d 7d Fd 4s",
    Seat.W: "2c Cc Rc 7c 5s 6s 7s Fs Cs Rs",
    Seat.S: "Fc 3d 2d 4d Rd Cd Ac As 2s 3s",
    Seat.E: "4b 5b 6b 7b Fb Cb Rb Ab 2b 3b",
}


def club_deal() -> Deal:
    return Deal(VARIANTS["club_signals"], Seat.E, {s: _cards(h) for s, h in CLUB_HANDS.items()})


def test_a_club_striscio_says_no_pezzo_is_left_in_the_suit() -> None:
    deal = club_deal()
    deal.play("Ad", "striscio")  # N keeps the 5d 6d 7d Fd: more denari, no pezzo
    info = knowledge_from_view(deal.view(Seat.E)).seats[Seat.N]
    assert Suit.DENARI in info.holds_suits or info.known & SUIT_MASKS[Suit.DENARI]
    assert info.excluded & _mask("3d 2d") == _mask("3d 2d")
    for sample in sample_deals(deal.view(Seat.E), 10, random.Random(1)):
        assert not sample.hands[Seat.N] & _mask("3d 2d")
        assert sample.hands[Seat.N] & SUIT_MASKS[Suit.DENARI]


def test_a_club_busso_says_a_pezzo_is_kept_and_names_it_when_only_one_can_be() -> None:
    deal = club_deal()
    deal.play("4c", "busso")  # N keeps the 3c; the 2c and the Ac are elsewhere
    view = deal.view(Seat.S)  # S holds the Ac: the pezzi still out are the 3c and the 2c
    info = knowledge_from_view(view).seats[Seat.N]
    assert Suit.COPPE in info.holds_suits or info.known & SUIT_MASKS[Suit.COPPE]
    assert not info.known & _mask("3c")  # the 3c or the 2c: not yet known which
    for card in ("2c", "Fc", "4b"):  # W shows the 2c: only the 3c is left to be N's pezzo
        deal.play(card)
    info = knowledge_from_view(deal.view(Seat.S)).seats[Seat.N]
    assert info.known & _mask("3c")
    for sample in sample_deals(deal.view(Seat.S), 10, random.Random(2)):
        assert sample.hands[Seat.N] & _mask("3c")
