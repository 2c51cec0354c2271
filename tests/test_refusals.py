"""The engine's refusals are facts (a kind and its values); the words layer says them in
English and Italian as a player would: a capital first, cards named in words, no codes."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from conftest import card, cards, complete_deal, play_all, rules, split_deal, suited_deal

from tressette_learn.engine import Deal, Declaration, Rank, Rules, Seat, Suit
from tressette_learn.engine.records import RecordError, record_from_deal, replay
from tressette_learn.engine.refusals import KINDS, Refusal
from tressette_learn.engine.signals import signal_problem
from tressette_learn.engine_words import declaration_phrase, refusal_text
from tressette_learn.i18n import suit_name

CARD_CODE = re.compile(r"\b[A2-7FCRJNK][dcsb]\b")
SEAT_LETTER = re.compile(r"\b[NESW]\b")
ITALIAN_SUITS = re.compile(r"\b(denari|coppe|spade|bastoni)\b")


def nap(seat: Seat, suit: Suit) -> Declaration:
    return Declaration(seat, "napoletana", suit=suit)


def leading(deal: Deal, text: str) -> Deal:
    """``deal`` after the plays in ``text``."""
    play_all(deal, text)
    return deal


def last_denaro() -> Refusal | None:
    """North leads his ten denari; nobody follows; the busso on the last one is empty."""
    deal = suited_deal()
    for lead in ("3d", "2d", "Ad", "Rd", "Cd", "Fd", "7d", "6d", "5d"):
        deal.play(card(lead))
        while deal.current:
            deal.play(deal.legal_cards()[0])
    return deal.signal_reason(card("4d"), "busso")


def over(deal: Deal) -> Deal:
    while not deal.is_over():
        deal.play(deal.legal_cards()[0])
    return deal


def redealt() -> Deal:
    deal = complete_deal(rules(redeal=True), Seat.E, {Seat.S: "7d 6d 5d 4d 7c 6c 5c 4c 7s 6s"})
    deal.redeal(Seat.S)
    return deal


def called_out() -> Deal:
    deal = split_deal(rules(calling_out=True), match_scores={"NS": 20})
    play_all(deal, "3d Ad Rd Cd")
    deal.call_out("NS")
    return deal


def record_refusal(edit: Callable[[dict], None], deal: Deal | None = None) -> Refusal | None:
    """The refusal a record with an impossible card gets when it is replayed."""
    data = record_from_deal(deal or leading(split_deal(), "3d Ad Rd Cd"))
    edit(data)
    with pytest.raises(RecordError) as caught:
        replay(data)
    return caught.value.refusal


def two_players() -> Deal:
    return Deal.new(Rules.preset("a_due"), seed=1)


def stock_card(data: dict) -> None:
    data["plays"] = [{"seat": "S", "card": data["stock"][5]}]


def leader_deal() -> Deal:
    """North leads: three coppe, two denari, the Four of spade alone, five bastoni."""
    return complete_deal(rules(), Seat.E, {Seat.N: "3c 5c Ad 7d 4s 3b 2b 6b 5b 4b"})


def club_leader_deal() -> Deal:
    """The same North hand at a table that signals by the club convention."""
    return complete_deal(rules(signal_convention="club"), Seat.E,
                         {Seat.N: "3c 5c Ad 7d 4s 3b 2b 6b 5b 4b"})


def after_first_trick() -> Deal:
    return leading(suited_deal(), "3d 3c 3s 3b")


def before_lead_table() -> Deal:
    return leading(suited_deal(rules(declaration_timing="before_first_lead")), "3d")


#: Every refusal kind, as the engine gives it in a real position.
ENGINE_REFUSALS: dict[str, Callable[[], Refusal | None]] = {
    "deal_over": lambda: over(split_deal()).illegal_reason(card("3c")),
    "deal_redealt": lambda: redealt().illegal_reason(card("3c")),
    "deal_called_out": lambda: called_out().illegal_reason(card("3c")),
    "not_your_turn": lambda: split_deal().illegal_reason(card("Cd"), Seat.E),
    "not_in_hand": lambda: split_deal().illegal_reason(card("Ac")),
    "must_follow": lambda: leading(split_deal(), "3c").illegal_reason(card("Rs")),
    "played_already": lambda: record_refusal(
        lambda d: d["plays"].append({"seat": "N", "card": "3d"})),
    "held_by": lambda: record_refusal(lambda d: d["plays"].append({"seat": "N", "card": "Rc"})),
    "in_stock": lambda: record_refusal(stock_card, two_players()),
    "no_signals": lambda: split_deal(rules("online")).signal_reason(card("3d"), "busso"),
    "signal_not_leading": lambda: leading(split_deal(), "3d").signal_reason(card("Ad"), "volo"),
    "unknown_signal": lambda: split_deal().signal_reason(card("3d"), "knock"),
    "false_volo": lambda: split_deal().signal_reason(card("3d"), "volo"),
    "false_striscio": lambda: leader_deal().signal_reason(card("4s"), "striscio"),
    "false_busso": lambda: split_deal().signal_reason(card("As"), "busso"),
    "busso_none": last_denaro,
    "club_false_busso": lambda: club_leader_deal().signal_reason(card("3c"), "busso"),
    "club_false_striscio": lambda: club_leader_deal().signal_reason(card("4s"), "striscio"),
    "club_striscio_pezzo": lambda: club_leader_deal().signal_reason(card("5c"), "striscio"),
    "no_declarations": lambda: complete_deal(rules("a_due"), Seat.N, {}).declaration_reason(
        nap(Seat.S, Suit.COPPE)),
    "already_declared": lambda: declared_twice(),
    "declare_too_early": lambda: suited_deal().declaration_reason(nap(Seat.N, Suit.DENARI)),
    "declare_late_before_lead": lambda: before_lead_table().declaration_reason(
        nap(Seat.N, Suit.DENARI)),
    "declare_late_first_trick": lambda: leading(after_first_trick(), "2d").declaration_reason(
        nap(Seat.W, Suit.COPPE)),
    "not_dealt": lambda: after_first_trick().declaration_reason(
        Declaration(Seat.N, "buon_gioco", rank=Rank.ASSO, missing=Suit.DENARI)),
    "no_calling_out": lambda: leading(split_deal(), "3d Ad Rd Cd").call_reason("NS"),
    "call_fixed_deals": lambda: split_deal(rules(calling_out=True, fixed_deals=3)).call_reason(
        "EW"),
    "call_between_tricks": lambda: split_deal(rules(calling_out=True)).call_reason("NS"),
    "no_redeal": lambda: split_deal().redeal_reason(Seat.S),
    "redeal_before_first_lead": lambda: leading(split_deal(rules(redeal=True)),
                                                "3d").redeal_reason(Seat.S),
    "redeal_hand_worth": lambda: split_deal(rules(redeal=True)).redeal_reason(Seat.N),
}


def declared_twice() -> Refusal | None:
    deal = after_first_trick()
    deal.declare(nap(Seat.W, Suit.COPPE))
    return deal.declaration_reason(nap(Seat.W, Suit.COPPE))


def test_every_kind_of_refusal_has_a_position_here() -> None:
    assert set(ENGINE_REFUSALS) == set(KINDS)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_refusal_reads_as_a_sentence_with_cards_in_words(kind: str, lang: str) -> None:
    refusal = ENGINE_REFUSALS[kind]()
    assert refusal is not None and refusal.kind == kind, refusal
    text = refusal_text(refusal, lang)
    assert text[0].isupper() and text.endswith("."), text
    assert not CARD_CODE.search(text) and not SEAT_LETTER.search(text), text
    assert "_" not in text and "{" not in text, text
    if lang == "en":
        assert not ITALIAN_SUITS.search(text), text
    for value in refusal.facts.values():
        if isinstance(value, Suit):
            assert suit_name(value, lang) in text


@pytest.mark.parametrize(("refusal", "en", "it"), [
    (Refusal.of("must_follow", seat=Seat.S, card=card("Rd"), suit=Suit.COPPE,
                held=cards("2c Fc")),
     "You must follow cups, the suit led: you hold the Two and the Jack of cups.",
     "Devi rispondere a coppe, il seme di questa presa: hai il Due e il Fante di coppe."),
    (Refusal.of("false_busso", card=card("5s"), suit=Suit.SPADE, master=card("3s")),
     "Busso says that after this card you still hold the best card of swords not yet played, "
     "but the Three of swords is still out and it is not yours.",
     "Busso vuol dire che, dopo questa carta, la più alta di spade ancora da giocare è tua, ma "
     "il Tre di spade non è ancora uscito e non ce l'hai tu."),
    (Refusal.of("false_volo", card=card("5c"), suit=Suit.COPPE, held=cards("3c Ac")),
     "Volo says this is your last card of cups, but you still hold the Three and the Ace of "
     "cups.",
     "Volo vuol dire che questa è la tua ultima carta di coppe, ma hai ancora il Tre e l'Asso "
     "di coppe."),
    (Refusal.of("redeal_hand_worth", seat=Seat.S, thirds=4),
     "South's hand is worth 1 point and a third: only a hand worth less than a point may be "
     "redealt.",
     "La mano di Sud vale 1 punto e un terzo: si può mandare a monte solo una mano che vale "
     "meno di un punto."),
])
def test_refusals_name_cards_and_explain_the_rule(refusal: Refusal, en: str, it: str) -> None:
    assert (refusal_text(refusal, "en"), refusal_text(refusal, "it")) == (en, it)


def test_a_declaration_in_a_refusal_is_named_in_words() -> None:
    decl = Declaration(Seat.W, "buon_gioco", rank=Rank.ASSO, missing=Suit.COPPE)
    refusal = Refusal.of("already_declared", seat=Seat.W, declaration=decl)
    assert refusal_text(refusal, "en") == \
        "West has already declared the buon gioco of three Aces, without the Ace of cups."
    assert refusal_text(refusal, "it") == \
        "Ovest ha già accusato il buon gioco di tre Assi, senza l'Asso di coppe."
    four = Declaration(Seat.N, "buon_gioco", rank=Rank.THREE)
    assert declaration_phrase(four).get("it") == "il buon gioco di quattro Tre"
    assert declaration_phrase(nap(Seat.N, Suit.DENARI)).get("en") == "the napoletana of coins"


def test_a_refusal_is_a_hashable_value_with_a_developers_notation() -> None:
    refusal = split_deal().illegal_reason(card("Cd"), Seat.E)
    assert refusal == Refusal.of("not_your_turn", seat=Seat.E, to_play=Seat.N)
    assert hash(refusal) == hash(Refusal.of("not_your_turn", seat=Seat.E, to_play=Seat.N))
    assert refusal is not None and refusal.facts == {"seat": Seat.E, "to_play": Seat.N}
    assert str(refusal) == "not_your_turn(seat=E, to_play=N)"


def test_an_empty_busso_is_refused_with_the_suit() -> None:
    assert signal_problem("busso", card("4d"), 0, 0) == Refusal.of(
        "busso_none", card=card("4d"), suit=Suit.DENARI)
