"""Declarations (accuso) and signals (busso, volo, striscio): RULES.md sections 3 and 4."""

from __future__ import annotations

import pytest
from conftest import (
    SUITED_HANDS,
    card,
    cards,
    complete_deal,
    play_all,
    refused,
    rules,
    snapshot,
    suited_deal,
)

from tressette_learn.engine import (
    Deal,
    Declaration,
    DeclarationError,
    Rank,
    Seat,
    Suit,
)
from tressette_learn.engine.declarations import combos_in
from tressette_learn.engine.refusals import Refusal
from tressette_learn.engine_words import declaration_short, refusal_text


def nap(seat: Seat, suit: Suit) -> Declaration:
    return Declaration(seat, "napoletana", suit=suit)


def buon(seat: Seat, rank: Rank, missing: Suit | None = None) -> Declaration:
    return Declaration(seat, "buon_gioco", rank=rank, missing=missing)


# -- the combinations ----------------------------------------------------------------------


def test_napoletana_is_3_2_ace_of_one_suit_worth_3() -> None:
    assert combos_in(Seat.N, cards("3c 2c Ac 7d 6d 5d 4d 7s 6s 5s")) == [nap(Seat.N, Suit.COPPE)]
    assert nap(Seat.N, Suit.COPPE).points == 3
    assert set(nap(Seat.N, Suit.COPPE).cards) == set(cards("3c 2c Ac"))


def test_no_napoletana_without_all_three() -> None:
    assert combos_in(Seat.N, cards("3c 2c Rc Cc 2d 6d 5d 4d 7s 6s")) == []
    assert combos_in(Seat.N, cards("3c Ac 3d Ad 2s 6s 5d 4d 7s 5s")) == []


@pytest.mark.parametrize(("rank", "letter"), [(Rank.THREE, "3"), (Rank.TWO, "2"),
                                              (Rank.ASSO, "A")])
def test_buon_gioco_of_three_names_the_missing_suit_worth_3(rank: Rank, letter: str) -> None:
    hand = cards(f"{letter}d {letter}s {letter}b 7d 6d 5d 4d 7s 6s 5s")
    assert combos_in(Seat.E, hand) == [buon(Seat.E, rank, Suit.COPPE)]
    decl = buon(Seat.E, rank, Suit.COPPE)
    assert decl.points == 3
    assert set(decl.cards) == set(cards(f"{letter}d {letter}s {letter}b"))


@pytest.mark.parametrize(("rank", "letter"), [(Rank.THREE, "3"), (Rank.TWO, "2"),
                                              (Rank.ASSO, "A")])
def test_buon_gioco_of_four_is_worth_4(rank: Rank, letter: str) -> None:
    hand = cards(f"{letter}d {letter}c {letter}s {letter}b 7d 6d 5d 4d 7s 6s")
    assert combos_in(Seat.S, hand) == [buon(Seat.S, rank)]
    assert buon(Seat.S, rank).points == 4
    assert len(buon(Seat.S, rank).cards) == 4


def test_the_same_card_counts_in_a_napoletana_and_a_buon_gioco() -> None:
    found = combos_in(Seat.W, cards("3c 2c Ac 3d 3s 7d 6d 5d 4d 7s"))
    assert set(found) == {nap(Seat.W, Suit.COPPE), buon(Seat.W, Rank.THREE, Suit.BASTONI)}
    assert sum(d.points for d in found) == 6


def test_a_hand_can_hold_several_combinations() -> None:
    found = combos_in(Seat.N, cards("3d 2d Ad 3c 2c Ac 3s 3b 7s 6s"))
    assert set(found) == {nap(Seat.N, Suit.DENARI), nap(Seat.N, Suit.COPPE),
                          buon(Seat.N, Rank.THREE)}
    assert sum(d.points for d in found) == 3 + 3 + 4


def test_declarations_are_written_in_notation_and_described_in_words() -> None:
    assert str(nap(Seat.N, Suit.COPPE)) == "N declare napoletana c"
    assert str(buon(Seat.E, Rank.ASSO, Suit.SPADE)) == "E declare buon_gioco A missing s"
    short = declaration_short(buon(Seat.E, Rank.ASSO, Suit.SPADE))
    assert short.get("en") == "East: the buon gioco of three Aces, without the Ace of swords (3)"
    assert short.get("it") == "Est: il buon gioco di tre Assi, senza l'Asso di spade (3)"
    assert declaration_short(buon(Seat.E, Rank.ASSO)).get("en") == \
        "East: the buon gioco of four Aces (4)"


def test_declaration_json_round_trip() -> None:
    for decl in (nap(Seat.N, Suit.COPPE), buon(Seat.E, Rank.TWO, Suit.DENARI),
                 buon(Seat.W, Rank.THREE)):
        assert Declaration.from_json(decl.to_json()) == decl
    assert nap(Seat.N, Suit.COPPE).to_json() == {"seat": "N", "combo": "napoletana", "suit": "c"}
    with pytest.raises(DeclarationError, match="'7'"):
        Declaration.from_json({"seat": "N", "combo": "buon_gioco", "rank": "7"})
    with pytest.raises(DeclarationError, match="'tris'"):
        Declaration.from_json({"seat": "N", "combo": "tris"})


# -- timing -----------------------------------------------------------------------------------


def test_default_timing_is_the_end_of_the_first_trick() -> None:
    deal = suited_deal()
    before = snapshot(deal)
    decl = nap(Seat.N, Suit.DENARI)
    assert deal.available_declarations(Seat.N) == []
    assert deal.declaration_reason(decl) == Refusal.of("declare_too_early", declaration=decl)
    with refused("declare_too_early", declaration=decl):
        deal.declare(decl)
    assert snapshot(deal) == before
    # N leads the 3 of denari: a card of the combination is played to the first trick
    play_all(deal, "3d 3c 3s 3b")
    assert deal.available_declarations(Seat.N) == [decl]
    deal.declare(decl)
    assert deal.declarations == [decl]
    assert deal.available_declarations(Seat.N) == []


def test_a_late_declaration_is_refused() -> None:
    deal = suited_deal()
    play_all(deal, "3d 3c 3s 3b 2d")  # the second trick has begun
    assert deal.available_declarations(Seat.W) == []
    with refused("declare_late_first_trick", declaration=nap(Seat.W, Suit.COPPE)):
        deal.declare(nap(Seat.W, Suit.COPPE))
    assert deal.declarations == []


def test_before_the_first_lead_option() -> None:
    deal = suited_deal(rules(declaration_timing="before_first_lead"))
    assert deal.available_declarations(Seat.E) == [nap(Seat.E, Suit.BASTONI)]
    deal.declare(nap(Seat.E, Suit.BASTONI))
    deal.play(card("3d"))
    with refused("declare_late_before_lead"):
        deal.declare(nap(Seat.N, Suit.DENARI))
    assert deal.declarations == [nap(Seat.E, Suit.BASTONI)]


def test_a_combination_not_held_or_already_declared_is_refused() -> None:
    deal = suited_deal()
    play_all(deal, "3d 3c 3s 3b")
    with refused("not_dealt", seat=Seat.N, declaration=nap(Seat.N, Suit.COPPE)):
        deal.declare(nap(Seat.N, Suit.COPPE))
    with refused("not_dealt", seat=Seat.N):
        deal.declare(buon(Seat.N, Rank.THREE, Suit.DENARI))
    deal.declare(nap(Seat.W, Suit.COPPE))
    with refused("already_declared", seat=Seat.W, declaration=nap(Seat.W, Suit.COPPE)):
        deal.declare(nap(Seat.W, Suit.COPPE))
    assert deal.declarations == [nap(Seat.W, Suit.COPPE)]


def test_declaring_is_optional_by_default() -> None:
    deal = suited_deal()
    play_all(deal, "3d 3c 3s 3b 2d")
    assert deal.declarations == []


def test_no_declarations_at_a_table_without_them() -> None:
    deal = complete_deal(rules("a_due"), Seat.N, {Seat.S: "3c 2c Ac"})
    play_all(deal, "3c")
    deal.play(deal.legal_cards()[0])
    assert deal.declaration_reason(nap(Seat.S, Suit.COPPE)) == \
        Refusal.of("no_declarations", declaration=nap(Seat.S, Suit.COPPE))
    with refused("no_declarations"):
        deal.declare(nap(Seat.S, Suit.COPPE))


def test_two_players_may_use_declarations_as_an_option() -> None:
    deal = complete_deal(rules("a_due", declarations=True), Seat.N, {
        Seat.S: "3c 2c Ac 7d 6d 5d 4d 7s 6s 5s"})
    play_all(deal, "3c")
    deal.play(deal.legal_cards()[0])
    assert deal.available_declarations(Seat.S) == [nap(Seat.S, Suit.COPPE)]
    deal.declare(nap(Seat.S, Suit.COPPE))


def test_compulsory_declarations_are_made_automatically_in_quattro_denari() -> None:
    deal = Deal(rules("quattro_denari"), Seat.E, {s: cards(h) for s, h in SUITED_HANDS.items()})
    assert deal.to_play == Seat.N  # N holds the 4 of denari
    assert deal.declarations == []
    play_all(deal, "4d 4c 4s 4b")
    assert set(deal.declarations) == {nap(Seat.N, Suit.DENARI), nap(Seat.W, Suit.COPPE),
                                      nap(Seat.S, Suit.SPADE), nap(Seat.E, Suit.BASTONI)}
    assert len(deal.declarations) == 4
    assert all(deal.available_declarations(s) == [] for s in Seat)
    deal.undo()
    assert deal.declarations == []


def test_compulsory_declarations_before_the_first_lead() -> None:
    r = rules("quattro_denari", declaration_timing="before_first_lead")
    deal = Deal(r, Seat.E, {s: cards(h) for s, h in SUITED_HANDS.items()})
    assert len(deal.declarations) == 4
    assert nap(Seat.S, Suit.SPADE) in deal.declarations


def test_compulsory_declarations_include_several_combinations_of_a_hand() -> None:
    deal = complete_deal(rules("quattro_denari"), Seat.E, {
        Seat.N: "4d 3d 2d Ad 3c 2c Ac 3s 3b 7s"})
    play_all(deal, "4d")
    while len(deal.tricks) < 1:
        deal.play(deal.legal_cards()[0])
    mine = {d for d in deal.declarations if d.seat == Seat.N}
    assert mine == {nap(Seat.N, Suit.DENARI), nap(Seat.N, Suit.COPPE), buon(Seat.N, Rank.THREE)}


# -- signals ------------------------------------------------------------------------------------

LEADER = "3c 5c Ad 7d 4s 3b 2b 6b 5b 4b"  # N leads (dealer E)


def signal_deal(name: str = "standard") -> Deal:
    return complete_deal(rules(name), Seat.E, {Seat.N: LEADER})


@pytest.mark.parametrize(("lead", "true"), [
    ("5c", {"busso", "striscio"}),  # N keeps the 3c, the master, and more coppe
    ("3c", {"striscio"}),           # after the 3 the master is the 2c, which N lacks
    ("4s", {"volo"}),               # N's only spade
    ("7d", {"striscio"}),           # the 3d is out and not N's
    ("3b", {"busso", "striscio"}),  # N keeps the 2b, now the master
    ("Ad", {"striscio"}),           # N keeps the 7d; the 3d and 2d are out
    ("4b", {"busso", "striscio"}),  # N keeps the 3b
])
def test_which_signals_are_true(lead: str, true: set[str]) -> None:
    deal = signal_deal()
    assert set(deal.true_signals(card(lead))) == true
    for signal in ("busso", "volo", "striscio"):
        assert (deal.signal_reason(card(lead), signal) is None) == (signal in true)


def test_a_true_signal_rides_on_the_lead() -> None:
    deal = signal_deal()
    deal.play(card("5c"), "busso")
    assert deal.plays[0].signal == "busso"
    while len(deal.tricks) < 1:
        deal.play(deal.legal_cards()[0])
    assert deal.tricks[0].signal == "busso"


def test_false_signals_are_refused_with_the_reason_and_change_nothing() -> None:
    deal = signal_deal()
    before = snapshot(deal)
    with refused("false_volo", card=card("5c"), suit=Suit.COPPE, held=cards("3c")):
        deal.play(card("5c"), "volo")
    with refused("false_striscio", card=card("4s"), suit=Suit.SPADE):
        deal.play(card("4s"), "striscio")
    with refused("false_busso", card=card("3c"), suit=Suit.COPPE, master=card("2c")):
        deal.play(card("3c"), "busso")
    with refused("unknown_signal", signal="knock"):
        deal.play(card("3c"), "knock")  # type: ignore[arg-type]
    assert snapshot(deal) == before


def test_only_the_leader_may_signal() -> None:
    deal = signal_deal()
    deal.play(card("4s"), "volo")
    follow = deal.legal_cards()[0]
    before = snapshot(deal)
    assert deal.true_signals(follow) == ()
    with refused("signal_not_leading", signal="volo"):
        deal.play(follow, "volo")
    assert snapshot(deal) == before
    deal.play(follow)
    assert deal.plays[1].signal is None


def test_no_signals_in_gioco_muto() -> None:
    deal = signal_deal("online")
    assert deal.true_signals(card("4s")) == ()
    with refused("no_signals", signal="volo"):
        deal.play(card("4s"), "volo")
    deal.play(card("4s"))
    assert deal.plays[0].signal is None


def test_busso_counts_only_cards_not_yet_played() -> None:
    # W holds the 3c but no bastoni: on N's 3b lead W must throw a card; if it is the 3c,
    # N's 2c becomes the master coppe and busso on the 5c is true.
    deal = complete_deal(rules(), Seat.E, {
        Seat.N: "2c 5c 3b Ab 4s 7d 6d 5d 4d 7s",
        Seat.W: "3c Ac Rc Cc Fc 7c 6c 4c 3d 2d",
    })
    deal.play(card("3b"))
    deal.play(card("3c"))
    while len(deal.tricks) < 1:
        deal.play(deal.legal_cards()[0])
    assert deal.tricks[0].winner == Seat.N
    assert deal.signal_reason(card("5c"), "busso") is None
    # without the 3c played the busso on 5c would be false
    fresh = complete_deal(rules(), Seat.E, {
        Seat.N: "2c 5c 3b Ab 4s 7d 6d 5d 4d 7s",
        Seat.W: "3c Ac Rc Cc Fc 7c 6c 4c 3d 2d",
    })
    assert fresh.signal_reason(card("5c"), "busso") == Refusal.of(
        "false_busso", card=card("5c"), suit=Suit.COPPE, master=card("3c"))
    deal.play(card("5c"), "busso")
    assert deal.plays[-1].signal == "busso"


def test_busso_is_true_when_the_leader_holds_every_card_still_out() -> None:
    deal = complete_deal(rules(), Seat.E, {Seat.N: "3s 2s As Rs Cs Fs 7s 6s 5s 4s"})
    deal.play(card("4s"))
    for _ in range(3):
        deal.play(deal.legal_cards()[0])
    assert deal.to_play == Seat.N
    # after leading the 3, N still holds the 2: the highest spade not yet played
    assert set(deal.true_signals(card("3s"))) == {"busso", "striscio"}
    assert set(deal.true_signals(card("5s"))) == {"busso", "striscio"}


# -- the club convention (RULES.md §4: a pezzo is the Three, Two or Ace of the suit) ----------

@pytest.mark.parametrize(("lead", "true"), [
    ("5c", {"busso"}),     # N keeps the 3c, a pezzo
    ("3c", {"striscio"}),  # N keeps the 5c and no pezzo of coppe
    ("4s", {"volo"}),      # N's only spade
    ("7d", {"busso"}),     # N keeps the Ad: a pezzo, though the 3d and 2d are out
    ("Ad", {"striscio"}),  # N keeps the 7d and no pezzo
    ("3b", {"busso"}),     # N keeps the 2b
    ("4b", {"busso"}),     # N keeps the 3b and the 2b
])
def test_which_club_signals_are_true(lead: str, true: set[str]) -> None:
    deal = complete_deal(rules(signal_convention="club"), Seat.E, {Seat.N: LEADER})
    assert set(deal.true_signals(card(lead))) == true
    for signal in ("busso", "volo", "striscio"):
        assert (deal.signal_reason(card(lead), signal) is None) == (signal in true)


def test_under_club_exactly_one_signal_is_true_on_every_lead() -> None:
    for seed in range(40):
        deal = Deal.new(rules(signal_convention="club"), seed=seed)
        while not deal.is_over():
            if not deal.current:
                for lead in deal.legal_cards():
                    assert len(deal.true_signals(lead)) == 1
            deal.play(deal.legal_cards()[0])


def test_false_club_signals_are_refused_naming_the_convention_and_change_nothing() -> None:
    deal = complete_deal(rules(signal_convention="club"), Seat.E, {Seat.N: LEADER})
    before = snapshot(deal)
    with refused("club_false_busso", card=card("3c"), suit=Suit.COPPE):
        deal.play(card("3c"), "busso")
    with refused("club_striscio_pezzo", card=card("5c"), suit=Suit.COPPE, held=cards("3c")):
        deal.play(card("5c"), "striscio")
    with refused("club_false_striscio", card=card("4s"), suit=Suit.SPADE):
        deal.play(card("4s"), "striscio")
    with refused("false_volo", card=card("5c"), suit=Suit.COPPE, held=cards("3c")):
        deal.play(card("5c"), "volo")
    assert snapshot(deal) == before
    refusal = deal.signal_reason(card("5c"), "striscio")
    assert refusal is not None
    assert refusal_text(refusal, "en") == (
        "Striscio, in the club convention, says you have more cards of cups but no pezzo "
        "(Three, Two or Ace), and you still hold the Three of cups: that calls for a busso.")
    assert "secondo l'uso dei circoli" in refusal_text(refusal, "it")
    busso = deal.signal_reason(card("3c"), "busso")
    assert busso is not None and "club convention" in refusal_text(busso, "en")


def test_the_seed_and_club_conventions_differ_on_the_same_lead() -> None:
    seed = complete_deal(rules(), Seat.E, {Seat.N: LEADER})
    club = complete_deal(rules(signal_convention="club"), Seat.E, {Seat.N: LEADER})
    # 7d: N keeps the Ad, a pezzo but not the master (the 3d and 2d are out)
    assert seed.true_signals(card("7d")) == ("striscio",)
    assert club.true_signals(card("7d")) == ("busso",)
