"""Explanations of a card, in English and Italian: the card names, one constructed position
per reason, and property checks over random play in every preset that each sentence is
true for the position and names only cards the seat can see."""

from __future__ import annotations

import doctest
import random
import re
from collections import Counter
from collections.abc import Callable

import pytest
from conftest import CardsLike, complete_deal, random_deals, rules
from conftest import play_moves as play
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tressette_learn.ai import advise
from tressette_learn.ai import explain as explain_module
from tressette_learn.ai.explain import (
    REASONS,
    Explanation,
    en_card,
    explain,
    it_card,
    points_text,
    suit_text,
)
from tressette_learn.engine import DECK, PRESETS, Card, Deal, Rank, Rules, Seat, Suit
from tressette_learn.engine.scoring import card_thirds
from tressette_learn.engine.seats import next_seat
from tressette_learn.engine.tricks import winning_play

# -- card names (an independent table) -------------------------------------------------------
EN_RANK = {"4": "4", "5": "5", "6": "6", "7": "7", "F": "jack", "C": "knight", "R": "king",
           "A": "ace", "2": "2", "3": "3"}
IT_RANK = {"4": "quattro", "5": "cinque", "6": "sei", "7": "sette", "F": "fante",
           "C": "cavallo", "R": "re", "A": "asso", "2": "due", "3": "tre"}
EN_SUIT = {"d": "coins", "c": "cups", "s": "swords", "b": "batons"}
IT_SUIT = {"d": "denari", "c": "coppe", "s": "spade", "b": "bastoni"}
IT_PREP = {"": ("il ", "l'"), "di": ("del ", "dell'"), "a": ("al ", "all'"),
           "su": ("sul ", "sull'"), "con": ("con il ", "con l'")}


@pytest.mark.parametrize("card", DECK, ids=str)
def test_card_names_in_a_sentence(card: Card) -> None:
    rank, suit = str(card)[0], str(card)[1]
    assert en_card(card) == f"the {EN_RANK[rank]} of {EN_SUIT[suit]}"
    assert en_card(card, "your partner's") == f"your partner's {EN_RANK[rank]} of {EN_SUIT[suit]}"
    assert en_card(card, "") == f"{EN_RANK[rank]} of {EN_SUIT[suit]}"
    for prep, (article, elided) in IT_PREP.items():
        lead = elided if rank == "A" else article
        assert it_card(card, prep) == f"{lead}{IT_RANK[rank]} di {IT_SUIT[suit]}"


def test_card_names_read_like_the_lessons() -> None:
    named = {"3c": "il tre di coppe", "Ad": "l'asso di denari", "Rs": "il re di spade",
             "Fb": "il fante di bastoni", "Cc": "il cavallo di coppe", "2d": "il due di denari",
             "7s": "il sette di spade", "4b": "il quattro di bastoni", "5c": "il cinque di coppe",
             "6d": "il sei di denari"}
    for text, name in named.items():
        assert it_card(Card.parse(text)) == name
    assert it_card(Card.parse("Ac"), "di") == "dell'asso di coppe"
    assert en_card(Card.parse("Ad")) == "the ace of coins"
    assert en_card(Card.parse("Cb")) == "the knight of batons"
    assert [suit_text(s) for s in Suit] == [("coins", "denari"), ("cups", "coppe"),
                                            ("swords", "spade"), ("batons", "bastoni")]


def test_points_in_words() -> None:
    assert points_text(0) == ("nothing", "niente")
    assert points_text(1) == ("a third of a point", "un terzo di punto")
    assert points_text(2) == ("two thirds of a point", "due terzi di punto")
    assert points_text(3) == ("a point", "un punto")
    assert points_text(4) == ("1⅓ points", "un punto e un terzo")
    assert points_text(8) == ("2⅔ points", "2 punti e due terzi")
    assert points_text(33) == ("11 points", "11 punti")


def test_the_module_example_runs() -> None:
    assert doctest.testmod(explain_module).failed == 0


# -- constructed positions, one or more per reason ---------------------------------------------
def make_deal(preset: str, dealer: str, hands: dict[str, str]) -> Deal:
    """A deal of ``preset`` from partial hands (completed by conftest's helper)."""
    partial: dict[Seat | str, CardsLike] = {seat: cards for seat, cards in hands.items()}
    return complete_deal(rules(preset), dealer, partial)


def why(deal: Deal, card: str) -> Explanation:
    """The explanation of ``card`` for the seat to play (checked against the truth too)."""
    assert deal.to_play is not None
    found = explain(deal.view(deal.to_play), Card.parse(card))
    check_explanation(deal, Card.parse(card), found)
    return found


# Dealer E, so N leads and play goes N -> W -> S -> E.
DEAL_A = {  # W holds one cup; E holds only batons; N holds 3c and Rc
    "N": "3c Rc 7d 6d 5d 4d 7s 6s 5s 4s", "W": "5c 3d 2d Ad Rd Cd Fd 3s 2s As",
    "S": "2c Ac Cc Fc 7c 6c 4c Rs Cs Fs", "E": "3b 2b Ab Rb Cb Fb 7b 6b 5b 4b"}
DEAL_B = {  # a perdere: W is void in cups and holds the ace of batons
    "N": "3c 2c 7d 6d 5d 4d 7s 6s 5s 4s", "W": "Ab 3d 2d Ad Rd Cd Fd 3s 2s As",
    "S": "Ac Rc Cc Fc 7c 6c 5c 4c Rs Cs", "E": "Fs 3b 2b Rb Cb Fb 7b 6b 5b 4b"}
DEAL_C = {  # W holds 3c 2c Ac 4c over N's 5c
    "N": "5c 6c 7d 6d 5d 4d 7s 6s 5s 4s", "W": "3c 2c Ac 4c 3d 2d Ad 3s 2s As",
    "S": "Rc Cc Fc 7c Rd Cd Fd Rs Cs Fs", "E": "3b 2b Ab Rb Cb Fb 7b 6b 5b 4b"}
DEAL_D = {  # N leads eight denari, then holds the master 3c and the 4s
    "N": "3d 2d Ad Rd Cd Fd 7d 6d 3c 4s", "W": "5d 4d 2c Ac Rc Cc Fc 7c 6c 5c",
    "S": "4c 3s 2s As Rs Cs Fs 7s 6s 5s", "E": "3b 2b Ab Rb Cb Fb 7b 6b 5b 4b"}
EIGHT_DENARI = " ".join(f"{d} * * *" for d in ("3d", "2d", "Ad", "Rd", "Cd", "Fd", "7d", "6d"))

Case = tuple[str, str, dict[str, str], str, str, str, str, str]
CASES: list[Case] = [
    # (preset, dealer, hands, moves, card, reason, en, it)
    ("standard", "E", DEAL_A, "", "3c", "draw_out_aces",
     "The 3 of cups is the master card: it wins the trick and can bring down the ace.",
     "Il tre di coppe è la carta più alta rimasta: prende la presa e può far cadere l'asso."),
    ("standard", "E", {
        "N": "3d 2c 7s 6s 5s 4s 7b 6b 5b 4b", "W": "3c 7c 6c 5c 4c Rs Cs Fs Rb Cb"},
     "3d 3c * *", "2c", "draw_out_aces",
     "With the 3 gone, the 2 of cups is the master card: it wins the trick and can bring "
     "down the ace.",
     "Uscito il tre, il due di coppe è la carta più alta rimasta: prende la presa e può far "
     "cadere l'asso."),
    ("standard", "E", DEAL_A, "3c", "5c", "forced",
     "The 5 of cups is your only card of cups, so you must play it to follow suit.",
     "Il cinque di coppe è la tua unica carta di coppe: devi giocarla per rispondere al seme."),
    ("standard", "E", DEAL_A, "3c 5c", "Ac", "load_partner",
     "Your partner's 3 of cups is sure to win the trick: load the trick with the ace of cups, "
     "worth a point.",
     "Il tre di coppe del tuo compagno prende di sicuro: carica la presa con l'asso di coppe, "
     "che vale un punto."),
    ("standard", "E", {
        "N": "3d", "S": "5d 4d 4c 5c 6c 7c 4s 5s 6s 7s"}, "3d *", "4d", "partner_wins",
     "Your partner's 3 of coins is sure to win the trick, so play the 4 of coins, worth "
     "nothing, and keep your other cards.",
     "Il tre di denari del tuo compagno prende di sicuro: gioca il quattro di denari, che non "
     "vale niente, e tieni le altre carte."),
    ("standard", "E", DEAL_A, "3c 5c", "4c", "follow_low",
     "You cannot beat the 3 of cups, so follow cups with your lowest card, the 4 of cups.",
     "Non puoi battere il tre di coppe: rispondi a coppe con la tua carta più bassa, il "
     "quattro di coppe."),
    ("standard", "E", DEAL_A, "3c 5c Ac", "4b", "discard",
     "You cannot follow cups, so discard the 4 of batons, worth nothing: a card of another "
     "suit never wins the trick.",
     "Non puoi rispondere a coppe: scarta il quattro di bastoni, che non vale niente, tanto "
     "il piombo non prende mai."),
    ("standard", "E", DEAL_A, "Rc 5c", "4c", "follow_low",
     "Your partner's king of cups is winning the trick, so follow cups with your lowest "
     "card, the 4 of cups.",
     "Il re di coppe del tuo compagno sta prendendo: rispondi a coppe con la tua carta più "
     "bassa, il quattro di coppe."),
    ("standard", "E", DEAL_A, "Rc 5c", "2c", "try_to_win",
     "Try for the trick: the 2 of cups beats the king of cups, and the trick already holds "
     "a third of a point.",
     "Prova a prendere: il due di coppe batte il re di coppe, e la presa contiene già un "
     "terzo di punto."),
    ("standard", "E", DEAL_A, "Rc!busso 5c", "2c",
     "win_for_busso",
     "Your partner knocked (busso) on this lead: beat the king of cups with the 2 of cups to "
     "take the lead and return cups.",
     "Il tuo compagno ha bussato su questa uscita: supera il re di coppe con il due di coppe "
     "per prendere e tornare a coppe."),
    ("standard", "E", DEAL_A, "Rc!busso 5c 2c 4b", "4c",
     "return_busso",
     "Your partner knocked (busso) in cups: lead cups back with your lowest card of cups, "
     "the 4 of cups.",
     "Il tuo compagno ha bussato a coppe: torna a coppe con la tua carta di coppe più bassa, "
     "il quattro di coppe."),
    ("standard", "E", DEAL_C, "5c", "Ac", "win_cheaply",
     "The ace of cups is your lowest card that is sure to win the trick: no opponent still "
     "to play can beat it.",
     "L'asso di coppe è la tua carta più bassa che prende di sicuro: nessun avversario che "
     "deve ancora giocare può batterlo."),
    ("standard", "E", DEAL_C, "5c", "2c", "win_trick",
     "No opponent still to play can beat the 2 of cups, so it takes the trick for your side.",
     "Nessun avversario che deve ancora giocare può battere il due di coppe: la presa è della "
     "tua squadra."),
    ("standard", "E", DEAL_C, "5c", "3c", "master_card",
     "The 3 of cups is the master card: it wins the trick.",
     "Il tre di coppe è la carta più alta rimasta: prende la presa."),
    ("standard", "E", DEAL_C, "5c", "4c", "duck",
     "Let this trick go with the 4 of cups and keep your stronger cards of cups for later.",
     "Lascia passare la presa con il quattro di coppe e tieni per dopo le carte di coppe più "
     "forti."),
    ("standard", "E", DEAL_C, "5c Ac", "7c", "follow_low",
     "You cannot beat the ace of cups, so follow cups with your lowest card, the 7 of cups.",
     "Non puoi battere l'asso di coppe: rispondi a coppe con la tua carta più bassa, il "
     "sette di coppe."),
    ("standard", "E", DEAL_C, "5c Ac", "Fc", "follow_low",
     "You cannot beat the ace of cups, so follow cups with the jack of cups.",
     "Non puoi battere l'asso di coppe: rispondi a coppe con il fante di coppe."),
    ("standard", "E", {
        "N": "5c", "W": "6c", "S": "7c", "E": "3c 2c Rc 3b 2b Ab Rb Cb Fb 7b"},
     "5c 6c 7c", "Rc", "win_cheaply",
     "You play last, and the king of cups is your lowest card that beats the 7 of cups: it "
     "wins the trick.",
     "Giochi per ultimo e il re di coppe è la tua carta più bassa che batte il sette di "
     "coppe: prende la presa."),
    ("standard", "E", DEAL_D, EIGHT_DENARI, "4s", "last_trick",
     "Lead the 4 of swords and keep the 3 of cups for the last trick, worth a point: no "
     "opponent can beat it.",
     "Esci con il quattro di spade e tieni il tre di coppe per l'ultima presa, che vale un "
     "punto: nessun avversario può batterlo."),
    ("standard", "E", DEAL_D, EIGHT_DENARI + " 4s * * * * *",
     "3c", "last_trick",
     "This is the last trick, worth a point to whoever takes it, and the 3 of cups is your "
     "last card.",
     "È l'ultima presa, che vale un punto a chi la prende, e il tre di coppe è la tua ultima "
     "carta."),
    ("standard", "E", {"N": "3d 2d Ad 7c 6c 5c 4c 7s 6s 5s"},
     "", "Ad", "cash_ace",
     "No opponent can beat the ace of coins: lead it now and take its point.",
     "Nessun avversario può battere l'asso di denari: giocalo ora e incassa il suo punto."),
    ("standard", "E", {"N": "3d 2d Ad 7c 6c 5c 4c 7s 6s 5s"},
     "", "2d", "cash_winner",
     "No opponent can beat the 2 of coins, so it takes the trick for your side.",
     "Nessun avversario può battere il due di denari: la presa è della tua squadra."),
    ("a_due", "N", {
        "S": "3c 2c Ac Rc 4s 5s 6s 7s 4b 5b", "N": "Cc Fc 7c 4d 5d 6d 7d Rs Cs Fs"},
     "", "Rc", "cash_winner",
     "No opponent can beat the king of cups, so it wins the trick.",
     "Nessun avversario può battere il re di coppe: la presa è tua."),
    ("gamelake", "N", {
        "S": "3c 2c Ac Rc 4s 5s 6s 7s 4b 5b", "N": "Cc Fc 7c 4d 5d 6d 7d Rs Cs Fs"},
     "4s", "4d", "discard",
     "While the stock lasts you need not follow swords, so discard the 4 of coins, worth "
     "nothing: a card of another suit never wins the trick.",
     "Finché ci sono carte nel mazzo non devi per forza rispondere a spade: scarta il "
     "quattro di denari, che non vale niente, tanto il piombo non prende mai."),
    ("standard", "E", {
        "N": "4c Ac 7d 6d 5d 4d 7s 6s 5s 4s", "W": "6c", "E": "Cc",
        "S": "Rc 5c 2d Fd Rs Fs Cs 4b 5b Cb"},
     "4c 6c Rc Cc", "5c", "return_partner_suit",
     "Your partner led cups earlier: return the suit with the 5 of cups.",
     "Il tuo compagno è uscito a coppe: torna al suo seme con il cinque di coppe."),
    ("standard", "E", {"N": "Ad 4d 7c 6c 5c 4c 7s 6s 5s 5b"},
     "", "4c", "keep_guard",
     "Lead the 4 of cups and keep the 4 of coins to guard your ace of coins.",
     "Esci con il quattro di coppe e tieni il quattro di denari per proteggere l'asso di "
     "denari."),
    ("standard", "S", {
        "E": "4b", "N": "5b", "W": "Rb", "S": "Ac 5c Rd Cd 6d 5d 4s 7s Cs Fs"},
     "4b 5b Rb", "4s", "keep_guard",
     "Discard the 4 of swords and keep the 5 of cups to guard your ace of cups.",
     "Scarta il quattro di spade e tieni il cinque di coppe per proteggere l'asso di coppe."),
    ("standard", "S", {
        "E": "4b", "N": "5b", "W": "Rb", "S": "Ac 5c Rd Cd 6d 5d 4s 7s Cs Fs"},
     "4b 5b Rb", "Cs", "discard",
     "You cannot follow batons, so discard the knight of swords: a card of another suit "
     "never wins the trick.",
     "Non puoi rispondere a bastoni: scarta il cavallo di spade, tanto il piombo non prende "
     "mai."),
    ("standard", "E", {"N": "7d 6d 5d 4d 7c 6c 5c 4c Rs 5b"},
     "", "4c", "lead_low",
     "Lead low with the 4 of cups, worth nothing, and keep your better cards.",
     "Esci basso con il quattro di coppe, che non vale niente, e tieni le carte migliori."),
    ("standard", "E", {"N": "Rd Cd Fd Rc Cc Fc Rs Cs Fs Rb"},
     "", "Rb", "lead_low",
     "Every card in your hand is worth points, and the king of batons, worth a third of a "
     "point, is one of the cheapest.",
     "Ogni carta che hai in mano vale punti, e il re di bastoni, che vale un terzo di punto, "
     "è tra le meno care."),
    ("standard", "E", {"N": "Ad 7d 6d 4d 7c 6c 5c 4c Rs 5b"},
     "", "Ad", "lead",
     "Lead the ace of coins, one of your 4 cards of coins.",
     "Esci con l'asso di denari, una delle tue 4 carte di denari."),
    ("a_perdere", "E", DEAL_B, "", "4s",
     "lead_to_lose",
     "To lose the trick, lead the 4 of swords, worth nothing: 6 higher cards of swords are "
     "still out.",
     "Per non prendere, esci con il quattro di spade, che non vale niente: ci sono ancora fuori "
     "6 carte di spade più alte."),
    ("a_perdere", "E", DEAL_B, "3c", "Ab",
     "dump_points",
     "An opponent's 3 of cups is winning the trick: dump the ace of batons, worth 11 points, "
     "since it cannot win.",
     "Il tre di coppe di un avversario sta prendendo: scarica l'asso di bastoni, che vale 11 "
     "punti, tanto non può prendere."),
    ("a_perdere", "E", DEAL_B, "3c Ab", "7c", "duck",
     "The 7 of cups, worth nothing, cannot beat your partner's 3 of cups, so you do not take "
     "this trick.",
     "Il sette di coppe, che non vale niente, non può battere il tre di coppe del tuo "
     "compagno: questa presa non la prendi tu."),
    ("a_perdere", "E", DEAL_B, "4s", "3s",
     "take_cheaply",
     "Every card you can play beats the 4 of swords, so play the 3 of swords, worth a third "
     "of a point: no other card carries fewer points.",
     "Ogni carta che puoi giocare batte il quattro di spade: gioca il tre di spade, che vale "
     "un terzo di punto, e nessun'altra porta meno punti."),
    ("a_perdere", "E", DEAL_B, "4s", "As",
     "overtake",
     "The ace of swords beats the 4 of swords.",
     "L'asso di spade batte il quattro di spade."),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[5]}-{c[4]}")
def test_constructed_positions(case: Case) -> None:
    preset, dealer, hands, moves, card, reason, en, it = case
    deal = make_deal(preset, dealer, hands)
    play(deal, moves)
    assert why(deal, card) == Explanation(reason, en, it)


def test_every_reason_has_a_constructed_position() -> None:
    assert {case[5] for case in CASES} == set(REASONS)


def test_the_rules_players_choice_is_explained_by_its_rule() -> None:
    deal = make_deal("standard", "E", DEAL_A)
    advice = advise(deal.view(Seat.N))
    assert (str(advice.card), advice.rule) == ("3c", "draw_out_aces")
    assert why(deal, "3c").reason == "draw_out_aces"


def test_what_other_cards_cost_is_one_more_clause() -> None:
    deal = make_deal("standard", "E", DEAL_A)
    view, card = deal.view(Seat.N), Card.parse("3c")
    plain = explain(view, card)
    costly = explain(view, card, best_points=1.5, worst_points=-0.5)
    assert costly.reason == plain.reason
    assert costly.en == plain.en[:-1] + "; another card could cost you up to 2 points."
    assert costly.it == plain.it[:-1] + "; un'altra carta potrebbe costarti fino a 2 punti."
    assert explain(view, card, best_points=0.5, worst_points=0.5) == plain
    assert explain(view, card, best_points=0.4) == plain
    thirds = explain(view, card, best_points=1.0, worst_points=1 / 3)
    assert thirds.en.endswith("up to two thirds of a point.")
    assert thirds.it.endswith("fino a due terzi di punto.")
    decimal = explain(view, card, best_points=2.0, worst_points=0.6)
    assert decimal.en.endswith("up to 1.4 points.") and decimal.it.endswith("fino a 1,4 punti.")
    assert explain(view, card, best_points=1.0, worst_points=0.99) == plain


def test_an_illegal_card_is_refused() -> None:
    deal = make_deal("standard", "E", DEAL_A)
    with pytest.raises(ValueError, match="not a legal card"):
        explain(deal.view(Seat.N), Card.parse("5c"))
    play(deal, "3c")
    with pytest.raises(ValueError, match="not a legal card"):
        explain(deal.view(Seat.W), Card.parse("3d"))


# -- checking a sentence against the deal ------------------------------------------------------
CARD_EN = re.compile(r"\b(ace|[2-7]|jack|knight|king) of (coins|cups|swords|batons)\b")
CARD_IT = re.compile(r"\b(asso|due|tre|quattro|cinque|sei|sette|fante|cavallo|re) di "
                     r"(denari|coppe|spade|bastoni)\b")
BY_NAME = {(EN_RANK[str(c)[0]], EN_SUIT[str(c)[1]]): c for c in DECK} | {
    (IT_RANK[str(c)[0]], IT_SUIT[str(c)[1]]): c for c in DECK}
SUIT_BY_NAME = {EN_SUIT[s.symbol]: s for s in Suit} | {IT_SUIT[s.symbol]: s for s in Suit}


def named(text: str, pattern: re.Pattern[str]) -> list[Card]:
    """The cards a sentence names, in order."""
    return [BY_NAME[m[1], m[2]] for m in pattern.finditer(text)]


class Truth:
    """The whole deal behind a seat's view: what a sentence may be checked against."""

    def __init__(self, deal: Deal, card: Card) -> None:
        assert deal.to_play is not None
        self.deal, self.card, self.seat = deal, card, deal.to_play
        self.view = deal.view(self.seat)
        self.trick = tuple(deal.current)
        self.hand = deal.hand_mask(self.seat)
        self.legal = [c for c in self.view.legal]
        self.value = self.thirds(card)

    def thirds(self, card: Card) -> int:
        return card_thirds(card, self.deal.rules)

    @property
    def leading(self) -> bool:
        return not self.trick

    @property
    def led(self) -> Suit:
        return self.trick[0].card.suit

    @property
    def best(self) -> Card:
        return winning_play(self.trick).card

    @property
    def best_seat(self) -> Seat:
        return winning_play(self.trick).seat

    @property
    def beats(self) -> bool:
        return not self.leading and self.card.beats(self.best)

    def partner(self, seat: Seat) -> bool:
        return seat != self.seat and self.deal.side_of(seat) == self.deal.side_of(self.seat)

    def after(self) -> list[Seat]:
        """The seats still to play to this trick after the seat to play."""
        out, seat = [], self.seat
        for _ in range(len(self.deal.seats) - len(self.trick) - 1):
            seat = next_seat(seat, self.deal.rules.players)
            out.append(seat)
        return out

    def opponent_holds_above(self, card: Card, seats: list[Seat] | None = None) -> bool:
        """An opponent (among ``seats``, default all) really holds a higher card of the suit."""
        for seat in self.deal.seats if seats is None else seats:
            if (seat != self.seat and not self.partner(seat)
                    and any(c.beats(card) for c in self.deal.hand(seat))):
                return True
        return False

    def unplayed_above(self, card: Card) -> list[Card]:
        """Higher cards of the suit not played yet and not in our hand."""
        gone = self.view.played_mask | self.hand
        return [c for c in DECK if c.beats(card) and not c.bit & gone]

    def master(self, card: Card) -> bool:
        return not any(c.beats(card) and not c.bit & self.view.played_mask for c in DECK)

    def own(self, suit: Suit) -> list[Card]:
        return [c for c in self.deal.hand(self.seat) if c.suit == suit]

    def partner_led(self, suit: Suit, busso: bool = False) -> bool:
        return any(self.partner(t.leader) and t.led_suit == suit
                   and (t.signal == "busso" or not busso) for t in self.view.tricks)

    def still_out(self, e: Explanation) -> None:
        """``N higher card(s) of S ... still out`` / ``ancora fuori N carte di S più alte``."""
        n = len(self.unplayed_above(self.card))
        en = re.search(r"(\d+) higher cards? of (\w+)", e.en)
        it = re.search(r"ancora fuori (\d+) cart[ae] di (\w+) più alt[ae]", e.it)
        assert en and it and int(en[1]) == int(it[1]) == n > 0
        assert SUIT_BY_NAME[en[2]] == SUIT_BY_NAME[it[2]] == self.card.suit


def _check_lead(t: Truth, e: Explanation) -> None:
    assert t.leading
    n = len(t.own(t.card.suit))
    text = e.en.lower()
    assert f"one of your {n} cards" in text or (n == 1 and "your only card" in text)


def _check_forced(t: Truth, e: Explanation) -> None:
    assert not t.leading and t.own(t.led) == [t.card] and len(t.legal) == 1


def _check_last_trick(t: Truth, e: Explanation) -> None:
    if "your last card" in e.en.lower():
        assert bin(t.hand).count("1") == 1
        return
    kept = [c for c in named(e.en, CARD_EN) if c != t.card]
    assert bin(t.hand).count("1") == 2 and len(kept) == 1 and kept[0].bit & t.hand
    assert not t.opponent_holds_above(kept[0]) and not t.deal.rules.a_perdere


def _check_return_busso(t: Truth, e: Explanation) -> None:
    assert t.leading and t.partner_led(t.card.suit, busso=True)
    assert t.card == min(t.own(t.card.suit))


def _check_draw_out_aces(t: Truth, e: Explanation) -> None:
    ace = Card.of(Rank.ASSO, t.card.suit)
    assert t.leading and t.master(t.card) and t.card.rank in (Rank.THREE, Rank.TWO)
    assert not ace.bit & (t.view.played_mask | t.hand)
    if "3 gone" in e.en.lower():
        assert Card.of(Rank.THREE, t.card.suit).bit & t.view.played_mask


def _check_cash_ace(t: Truth, e: Explanation) -> None:
    assert t.leading and t.card.rank == Rank.ASSO and not t.opponent_holds_above(t.card)


def _check_master_card(t: Truth, e: Explanation) -> None:
    assert t.master(t.card) and (t.leading or t.beats)


def _check_cash_winner(t: Truth, e: Explanation) -> None:
    assert t.leading and not t.opponent_holds_above(t.card)


def _check_return_partner_suit(t: Truth, e: Explanation) -> None:
    assert t.leading and t.partner_led(t.card.suit)


def _check_keep_guard(t: Truth, e: Explanation) -> None:
    guard, honour = [c for c in named(e.en, CARD_EN) if c != t.card]
    assert guard.bit & t.hand and honour.bit & t.hand and guard.suit == honour.suit
    assert honour.rank in (Rank.ASSO, Rank.TWO) and guard.rank < Rank.ASSO
    assert guard.suit != t.card.suit and guard in t.legal
    assert len([c for c in t.own(guard.suit) if c.rank < Rank.ASSO]) <= 2
    assert t.unplayed_above(honour) and t.thirds(guard) >= t.value


def _check_lead_low(t: Truth, e: Explanation) -> None:
    assert t.leading
    if "every card in your hand is worth points" in e.en.lower():
        values = [t.thirds(c) for c in t.deal.hand(t.seat)]
        assert min(values) > 0 and t.value == min(values)
    else:
        assert t.value == 0


def _check_partner_sure(t: Truth, e: Explanation) -> None:
    assert not t.leading and t.partner(t.best_seat)
    top = t.card if t.beats else t.best
    assert not t.opponent_holds_above(top, t.after())
    assert ("your side is sure" in e.en.lower()) == t.beats


def _check_load_partner(t: Truth, e: Explanation) -> None:
    _check_partner_sure(t, e)
    assert t.value > 0


def _check_partner_wins(t: Truth, e: Explanation) -> None:
    _check_partner_sure(t, e)
    assert t.value == 0


def _check_win_cheaply(t: Truth, e: Explanation) -> None:
    assert t.beats
    lower = [c for c in t.legal if c.beats(t.best) and c < t.card]
    if "you play last" in e.en.lower():
        assert not t.after() and not lower
    else:
        assert not t.opponent_holds_above(t.card, t.after())
        assert all(t.unplayed_above(c) for c in lower)


def _check_win_for_busso(t: Truth, e: Explanation) -> None:
    lead = t.trick[0]
    assert t.partner(lead.seat) and lead.signal == "busso" and t.beats
    assert len(t.own(t.led)) >= 2


def _check_win_trick(t: Truth, e: Explanation) -> None:
    assert t.beats and not t.opponent_holds_above(t.card, t.after())


def _check_try_to_win(t: Truth, e: Explanation) -> None:
    assert t.beats
    pot = sum(t.thirds(p.card) for p in t.trick)
    assert (f"already holds {points_text(pot)[0]}" in e.en.lower()) if pot else "holds" not in e.en


def _check_discard(t: Truth, e: Explanation) -> None:
    assert not t.leading and t.card.suit != t.led
    if "cannot follow" in e.en.lower():
        assert not t.own(t.led)
    else:
        assert "need not follow" in e.en and t.own(t.led) and t.view.stock_size > 0
        assert not t.deal.rules.follow_suit_with_stock
    if "cheapest" in e.en.lower():
        assert t.value == min(t.thirds(c) for c in t.legal)


def _check_follow_low(t: Truth, e: Explanation) -> None:
    assert t.card.suit == t.led and not t.beats
    beaters = [c for c in t.legal if c.beats(t.best)]
    if e.en.startswith("You cannot beat"):
        assert not beaters
    elif "is winning the trick" in e.en.lower():
        assert t.partner(t.best_seat)
    else:
        assert e.en.startswith("None of your cards is sure")
        assert all(t.unplayed_above(c) for c in beaters)
    if "your lowest card" in e.en.lower():
        assert t.card == min(t.legal)


def _check_duck(t: Truth, e: Explanation) -> None:
    assert not t.leading and not t.beats
    if not t.deal.rules.a_perdere:
        assert t.card.suit == t.led and any(c.beats(t.card) for c in t.own(t.led))


def _check_dump_points(t: Truth, e: Explanation) -> None:
    assert t.deal.rules.a_perdere and not t.beats and not t.partner(t.best_seat)
    assert t.value > 0


def _check_take_cheaply(t: Truth, e: Explanation) -> None:
    assert all(c.beats(t.best) for c in t.legal)
    assert t.value == min(t.thirds(c) for c in t.legal)


def _check_overtake(t: Truth, e: Explanation) -> None:
    assert t.deal.rules.a_perdere and t.beats
    if "still out" in e.en.lower():
        t.still_out(e)
    else:
        assert not t.unplayed_above(t.card)


def _check_lead_to_lose(t: Truth, e: Explanation) -> None:
    assert t.leading and t.deal.rules.a_perdere
    t.still_out(e)


CLAIMS: dict[str, Callable[[Truth, Explanation], None]] = {
    "forced": _check_forced, "last_trick": _check_last_trick,
    "return_busso": _check_return_busso, "draw_out_aces": _check_draw_out_aces,
    "cash_ace": _check_cash_ace, "master_card": _check_master_card,
    "cash_winner": _check_cash_winner, "return_partner_suit": _check_return_partner_suit,
    "keep_guard": _check_keep_guard, "lead_low": _check_lead_low, "lead": _check_lead,
    "load_partner": _check_load_partner, "partner_wins": _check_partner_wins,
    "win_cheaply": _check_win_cheaply, "win_for_busso": _check_win_for_busso,
    "win_trick": _check_win_trick, "try_to_win": _check_try_to_win,
    "discard": _check_discard, "follow_low": _check_follow_low, "duck": _check_duck,
    "dump_points": _check_dump_points, "take_cheaply": _check_take_cheaply,
    "overtake": _check_overtake, "lead_to_lose": _check_lead_to_lose,
}


def test_every_reason_has_a_claim_check() -> None:
    assert set(CLAIMS) == set(REASONS)


WORTH_EN = re.compile(CARD_EN.pattern + r", worth ([^,:;.]+)")
WORTH_IT = re.compile(CARD_IT.pattern + r", che (?:non vale niente|vale ([^,:;.]+))")
OWNED_EN = re.compile(r"([Yy]our partner's|[Tt]he dummy's|[Aa]n opponent's|[Yy]our opponent's) "
                      + CARD_EN.pattern)
OWNED_IT = re.compile(CARD_IT.pattern + r" (del tuo compagno|del morto|di un avversario|"
                      r"dell'avversario)")


def check_common_claims(t: Truth, e: Explanation) -> None:
    """Claims any sentence may make: values, owners, the master card, voids."""
    for m in WORTH_EN.finditer(e.en):
        assert points_text(t.thirds(BY_NAME[m[1], m[2]]))[0] == m[3], e.en
    for m in WORTH_IT.finditer(e.it):
        assert points_text(t.thirds(BY_NAME[m[1], m[2]]))[1] == (m[3] or "niente"), e.it
    assert len(WORTH_EN.findall(e.en)) == len(WORTH_IT.findall(e.it))
    for m in OWNED_EN.finditer(e.en):
        play = next(p for p in t.trick if p.card == BY_NAME[m[2], m[3]])
        owner = m[1].lower()
        assert t.partner(play.seat) == (owner in ("your partner's", "the dummy's"))
        assert (owner == "the dummy's") == (play.seat == t.view.dummy)
    assert len(OWNED_EN.findall(e.en)) == len(OWNED_IT.findall(e.it))
    for m in re.finditer(CARD_EN.pattern + " is the master card", e.en):
        assert t.master(BY_NAME[m[1], m[2]])
    for m in re.finditer(r"cannot follow (\w+)", e.en):
        assert not t.own(SUIT_BY_NAME[m[1]])
    for m in re.finditer(OWNED_EN.pattern + r" is (sure to win|winning) the trick", e.en):
        assert BY_NAME[m[2], m[3]] == t.best
        if m[4] == "sure to win":
            assert not t.opponent_holds_above(t.best, t.after())


def check_visible(t: Truth, e: Explanation) -> None:
    """Both sentences name the same cards, and only cards the seat can see."""
    en_cards, it_cards = named(e.en, CARD_EN), named(e.it, CARD_IT)
    assert sorted(en_cards) == sorted(it_cards), (e.en, e.it)
    visible = t.view.cards()
    assert all(str(c) in visible for c in en_cards), e.en
    assert t.card in en_cards


def check_form(e: Explanation) -> None:
    """One sentence each: a capital first, a full stop last and nowhere else."""
    for text in (e.en, e.it):
        assert text[0].isupper() and text.endswith(".") and not re.search(r"\.\s|[?!]", text)
        assert "  " not in text and " ," not in text
    assert e.reason in REASONS


def check_explanation(deal: Deal, card: Card, e: Explanation) -> None:
    """Every claim of the explanation holds in the real deal."""
    t = Truth(deal, card)
    check_form(e)
    check_visible(t, e)
    check_common_claims(t, e)
    CLAIMS[e.reason](t, e)


# -- property checks over random play -----------------------------------------------------------
RULE_REASONS = {
    "return_busso": {"return_busso"}, "draw_out_aces": {"draw_out_aces"},
    "cash_aces": {"cash_ace"}, "cash_winners": {"master_card", "cash_winner"},
    "return_partner_suit": {"return_partner_suit"}, "lead_low": {"keep_guard", "lead_low", "lead"},
    "load_partner": {"load_partner", "partner_wins"}, "win_cheaply": {"win_cheaply"},
    "win_for_busso": {"win_for_busso"}, "try_to_win": {"try_to_win"},
    "play_low": {"discard", "follow_low", "keep_guard", "duck", "try_to_win"},
    "dump_points": {"dump_points", "duck"}, "duck_partner": {"duck"},
    "take_cheaply": {"take_cheaply"}, "lead_to_lose": {"lead_to_lose", "lead"},
}


def explain_every_card(deal: Deal, seen: Counter[str]) -> None:
    """Explain each legal card and the rules player's choice, checking every claim."""
    assert deal.to_play is not None
    view = deal.view(deal.to_play)
    for card in view.legal:
        found = explain(view, card)
        check_explanation(deal, card, found)
        seen[found.reason] += 1
    advice = advise(view)
    reason = explain(view, advice.card).reason
    assert reason in RULE_REASONS[advice.rule] | {"forced", "last_trick"}, (advice, reason)


def random_step(deal: Deal, rng: random.Random) -> None:
    """The rules player's card and signal, or a random legal card with a random true signal."""
    assert deal.to_play is not None
    advice = advise(deal.view(deal.to_play))
    if rng.random() < 0.6:
        deal.play(advice.card, advice.signal)
        return
    card = rng.choice(list(deal.legal_cards()))
    signals = deal.true_signals(card)
    deal.play(card, rng.choice(signals) if signals and rng.random() < 0.8 else None)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_explanations_are_true_in_random_play(preset: str) -> None:
    seen: Counter[str] = Counter()
    for seed in range(12):
        rng = random.Random(seed)
        deal = Deal.new(Rules.preset(preset), seed=seed)
        while not deal.is_over():
            explain_every_card(deal, seen)
            random_step(deal, rng)
    assert len(seen) >= (6 if Rules.preset(preset).a_perdere else 15), seen


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_deals(), st.integers(0, 2**32 - 1))
def test_explanations_are_true_for_any_table(deal: Deal, seed: int) -> None:
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    while not deal.is_over():
        explain_every_card(deal, seen)
        random_step(deal, rng)
