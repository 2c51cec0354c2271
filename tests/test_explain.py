"""Explanations of a card, in English and Italian: the card names, one constructed position
per reason, and property checks over random play in every preset that each sentence is
true for the position and names only cards the seat can see."""

from __future__ import annotations

import dataclasses
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
from learner_text import check_sentence

from tressette_learn.ai import advise
from tressette_learn.ai import explain as explain_module
from tressette_learn.ai.explain import REASONS, Explanation, explain
from tressette_learn.engine import DECK, PRESETS, Card, Deal, Rank, Rules, Seat, Suit
from tressette_learn.engine.scoring import card_thirds
from tressette_learn.engine.seats import next_seat
from tressette_learn.engine.tricks import winning_play
from tressette_learn.i18n import card_name, placeholders, strings, thirds_words

# -- card names (an independent table) -------------------------------------------------------
EN_RANK = {"4": "Four", "5": "Five", "6": "Six", "7": "Seven", "F": "Jack", "C": "Knight",
           "R": "King", "A": "Ace", "2": "Two", "3": "Three"}
IT_RANK = {"4": "Quattro", "5": "Cinque", "6": "Sei", "7": "Sette", "F": "Fante",
           "C": "Cavallo", "R": "Re", "A": "Asso", "2": "Due", "3": "Tre"}
EN_SUIT = {"d": "coins", "c": "cups", "s": "swords", "b": "batons"}
IT_SUIT = {"d": "denari", "c": "coppe", "s": "spade", "b": "bastoni"}


@dataclasses.dataclass(frozen=True)
class Said:
    """An explanation as the learner reads it, in each language."""

    reason: str
    en: str
    it: str

    @classmethod
    def of(cls, e: Explanation) -> Said:
        return cls(e.reason, e.get("en"), e.get("it"))


def test_the_module_example_runs() -> None:
    assert doctest.testmod(explain_module).failed == 0


# -- constructed positions, one or more per reason ---------------------------------------------
def make_deal(preset: str, dealer: str, hands: dict[str, str]) -> Deal:
    """A deal of ``preset`` from partial hands (completed by conftest's helper)."""
    partial: dict[Seat | str, CardsLike] = {seat: cards for seat, cards in hands.items()}
    return complete_deal(rules(preset), dealer, partial)


def why(deal: Deal, card: str) -> Said:
    """The explanation of ``card`` for the seat to play (checked against the truth too)."""
    assert deal.to_play is not None
    found = explain(deal.view(deal.to_play), Card.parse(card))
    check_explanation(deal, Card.parse(card), found)
    return Said.of(found)


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
DEAL_E = {  # a perdere: W holds 2s 5s, S the 3s
    "N": "4s 6s 7s 4d 5d 6d 7d 4c 5c 6c", "W": "2s 5s", "S": "3s"}
DEAL_F = {  # N leads eight denari; then only cups are out, and N holds the master 3c
    "N": "3d 2d Ad Rd Cd Fd 7d 6d 3c 4c", "W": "5d 4d 3s 2s As Rs Cs Fs 2c Ac",
    "S": "3b 2b Ab Rb Cb Fb 7b 6b Rc Cc", "E": "Fc 7c 6c 5c 7s 6s 5s 4s 5b 4b"}
EIGHT_CUPS_LEFT = ("3d 5d 3b 7s 2d 4d 2b 6s Ad 3s Ab 5s Rd 2s Rb 4s Cd As Cb 5b Fd Rs Fb 4b "
                   "7d Cs 7b Fc 6d Fs 6b 7c")
DEAL_G = {  # a perdere: N leads the Seven of cups, S has no cups, E holds seven cups
    "N": "7c 7d 6d 5d 4d 7s 6s 5s 4s 4b", "W": "5c 4c 3d 2d Cd Fd 3s 2s As Rs",
    "S": "Ad Rd Cs Fs 3b 2b Ab Rb Cb Fb", "E": "3c 2c Ac Rc Cc Fc 6c 7b 6b 5b"}
DEAL_G_THREE = DEAL_G | {"N": DEAL_G["N"].replace("7c", "3c"), "E": DEAL_G["E"].replace("3c", "7c")}
EIGHT_DENARI = " ".join(f"{d} * * *" for d in ("3d", "2d", "Ad", "Rd", "Cd", "Fd", "7d", "6d"))

Case = tuple[str, str, dict[str, str], str, str, str, str, str]
CASES: list[Case] = [
    # (preset, dealer, hands, moves, card, reason, en, it)
    ("standard", "E", DEAL_A, "", "3c", "draw_out_aces",
     "The Three of cups is the master card: it wins the trick and can bring down the Ace.",
     "Il Tre di coppe è la carta più alta rimasta: fa la presa e può far cadere l'Asso."),
    ("standard", "E", {
        "N": "3d 2c 7s 6s 5s 4s 7b 6b 5b 4b", "W": "3c 7c 6c 5c 4c Rs Cs Fs Rb Cb"},
     "3d 3c * *", "2c", "draw_out_aces",
     "With the Three gone, the Two of cups is the master card: it wins the trick and can bring "
     "down the Ace.",
     "Uscito il Tre, il Due di coppe è la carta più alta rimasta: fa la presa e può far "
     "cadere l'Asso."),
    ("standard", "E", DEAL_A, "3c", "5c", "forced",
     "The Five of cups is your only card of cups, so you must play it to follow suit.",
     "Il Cinque di coppe è la tua unica carta di coppe: devi giocarla per rispondere al seme."),
    ("standard", "E", DEAL_A, "3c 5c", "Ac", "load_partner",
     "Your partner's Three of cups is sure to win the trick: load the trick with the Ace of cups, "
     "worth 1 point.",
     "Il Tre di coppe del tuo compagno prende di sicuro: carica la presa con l'Asso di coppe, "
     "che vale 1 punto."),
    ("standard", "E", {
        "N": "3d", "S": "5d 4d 4c 5c 6c 7c 4s 5s 6s 7s"}, "3d *", "4d", "partner_wins",
     "Your partner's Three of coins is sure to win the trick, so play the Four of coins, worth "
     "nothing, and keep your other cards.",
     "Il Tre di denari del tuo compagno prende di sicuro: gioca il Quattro di denari, che non "
     "vale niente, e tieni le altre carte."),
    ("a_perdere", "E", DEAL_G, "7c 5c", "Ad", "duck",  # E may still take it
     "The Ace of coins, worth 1 point, cannot beat your partner's Seven of cups, and an "
     "opponent still to play may yet take the trick, points and all.",
     "L'Asso di denari, che vale 1 punto, non può battere il Sette di coppe del tuo compagno, "
     "e un avversario che gioca dopo di te può ancora fare la presa, punti compresi."),
    ("a_perdere", "E", DEAL_G_THREE, "3c 5c", "Ad", "duck",
     "The Ace of coins, worth 1 point, cannot beat your partner's Three of cups: the trick "
     "stays with your side, and the next lead is not yours.",
     "L'Asso di denari, che vale 1 punto, non può battere il Tre di coppe del tuo compagno: la "
     "presa resta alla tua coppia e la prossima uscita non tocca a te."),
    # never "you cannot beat" it; and not "your lowest card" as if loading were wrong
    ("standard", "E", DEAL_A, "3c 5c", "4c", "partner_wins",
     "Your partner's Three of cups is sure to win the trick, so play the Four of cups, worth "
     "nothing, and rather than load the trick, keep the Ace of cups, worth 1 point, for later.",
     "Il Tre di coppe del tuo compagno prende di sicuro: gioca il Quattro di coppe, che non "
     "vale niente, e invece di caricare la presa tieni per dopo l'Asso di coppe, che vale 1 "
     "punto."),
    ("standard", "E", DEAL_A, "3c 5c Ac", "4b", "discard",
     "You cannot follow cups, so discard the Four of batons, worth nothing: a card of another "
     "suit never wins the trick.",
     "Non puoi rispondere a coppe: scarta il Quattro di bastoni, che non vale niente, tanto "
     "il piombo non prende mai."),
    ("standard", "E", DEAL_A, "Rc 5c", "4c", "follow_low",
     "Your partner's King of cups is winning the trick, so follow cups with your lowest "
     "card, the Four of cups.",
     "Il Re di coppe del tuo compagno sta prendendo: rispondi a coppe con la tua carta più "
     "bassa, il Quattro di coppe."),
    ("standard", "E", DEAL_A, "Rc 5c", "2c", "try_to_win",
     "Try for the trick: the Two of cups beats the King of cups, and the trick already holds "
     "a third of a point.",
     "Prova a prendere: il Due di coppe batte il Re di coppe, e la presa vale già un terzo "
     "di punto."),
    ("standard", "E", DEAL_A, "Rc!busso 5c", "2c",
     "win_for_busso",
     "Your partner knocked (busso) on this lead: beat the King of cups with the Two of cups to "
     "take the lead and return cups.",
     "Il tuo compagno è uscito bussando: batti il Re di coppe con il Due di coppe, prendi e "
     "torna a coppe."),
    ("standard", "E", DEAL_A, "Rc!busso 5c 2c 4b", "4c",
     "return_busso",
     "Your partner knocked (busso) in cups: lead cups back with your lowest card of cups, "
     "the Four of cups.",
     "Il tuo compagno ha bussato a coppe: torna a coppe con la più bassa che hai, il Quattro "
     "di coppe."),
    ("standard", "E", DEAL_C, "5c", "Ac", "win_cheaply",
     "The Ace of cups is your lowest card that is sure to win the trick: no opponent still "
     "to play can beat it.",
     "L'Asso di coppe è la tua carta più bassa che prende di sicuro: nessun avversario che "
     "deve ancora giocare può batterlo."),
    ("standard", "E", DEAL_C, "5c", "2c", "win_trick",
     "No opponent still to play can beat the Two of cups, so it takes the trick for your side.",
     "Nessun avversario che deve ancora giocare può battere il Due di coppe: la presa è della "
     "tua coppia."),
    ("standard", "E", DEAL_C, "5c", "3c", "master_card",
     "The Three of cups is the master card: it wins the trick.",
     "Il Tre di coppe è la carta più alta rimasta: fa la presa."),
    ("standard", "E", DEAL_C, "5c", "4c", "duck",
     "Let this trick go with the Four of cups and keep your stronger cards of cups for later.",
     "Lascia passare la presa con il Quattro di coppe e tieni per dopo le carte di coppe più "
     "forti."),
    ("standard", "E", DEAL_C, "5c Ac", "7c", "follow_low",
     "You cannot beat the Ace of cups, so follow cups with your lowest card, the Seven of cups.",
     "Non puoi battere l'Asso di coppe: rispondi a coppe con la tua carta più bassa, il "
     "Sette di coppe."),
    ("standard", "E", DEAL_C, "5c Ac", "Fc", "follow_low",
     "You cannot beat the Ace of cups, so follow cups with the Jack of cups.",
     "Non puoi battere l'Asso di coppe: rispondi a coppe con il Fante di coppe."),
    ("standard", "E", {
        "N": "5c", "W": "6c", "S": "7c", "E": "3c 2c Rc 3b 2b Ab Rb Cb Fb 7b"},
     "5c 6c 7c", "Rc", "win_cheaply",
     "You play last, and the King of cups is your lowest card that beats the Seven of cups: it "
     "wins the trick.",
     "Sei ultimo di mano, e il Re di coppe è la carta più bassa con cui batti il Sette di "
     "coppe: la presa è tua."),
    ("standard", "E", DEAL_F, EIGHT_CUPS_LEFT, "4c", "last_trick",
     "Lead the Four of cups and keep the Three of cups for the last trick, worth a point: no "
     "opponent can beat it.",
     "Esci con il Quattro di coppe e tieni il Tre di coppe per l'ultima presa, che vale un "
     "punto: nessun avversario può batterlo."),
    ("standard", "E", DEAL_D, EIGHT_DENARI + " 4s * * * * *",
     "3c", "last_trick",
     "This is the last trick, worth a point to whoever takes it, and the Three of cups is your "
     "last card.",
     "È l'ultima presa, che vale un punto a chi la prende, e il Tre di coppe è la tua ultima "
     "carta."),
    ("standard", "E", {"N": "3d 2d Ad 7c 6c 5c 4c 7s 6s 5s"},
     "", "Ad", "cash_ace",
     "No opponent can beat the Ace of coins: lead it now and take its point.",
     "Nessun avversario può battere l'Asso di denari: giocalo ora e incassa il suo punto."),
    ("standard", "E", {"N": "3d 2d Ad 7c 6c 5c 4c 7s 6s 5s"},
     "", "2d", "cash_winner",
     "No opponent can beat the Two of coins, so it takes the trick for your side.",
     "Nessun avversario può battere il Due di denari: la presa è della tua coppia."),
    ("a_due", "N", {
        "S": "3c 2c Ac Rc 4s 5s 6s 7s 4b 5b", "N": "Cc Fc 7c 4d 5d 6d 7d Rs Cs Fs"},
     "", "Rc", "cash_winner",
     "No opponent can beat the King of cups, so it wins the trick.",
     "Nessun avversario può battere il Re di coppe: la presa è tua."),
    ("gamelake", "N", {
        "S": "3c 2c Ac Rc 4s 5s 6s 7s 4b 5b", "N": "Cc Fc 7c 4d 5d 6d 7d Rs Cs Fs"},
     "4s", "4d", "discard",
     "While the stock lasts you need not follow swords, so discard the Four of coins, worth "
     "nothing: a card of another suit never wins the trick.",
     "Finché c'è il tallone non devi per forza rispondere a spade: scarta il "
     "Quattro di denari, che non vale niente, tanto il piombo non prende mai."),
    ("standard", "E", {
        "N": "4c Ac 7d 6d 5d 4d 7s 6s 5s 4s", "W": "6c", "E": "Cc",
        "S": "Rc 5c 2d Fd Rs Fs Cs 4b 5b Cb"},
     "4c 6c Rc Cc", "5c", "return_partner_suit",
     "Your partner led cups earlier: return the suit with the Five of cups.",
     "Il tuo compagno è uscito a coppe: torna al suo seme con il Cinque di coppe."),
    ("standard", "E", {"N": "Ad 4d 7c 6c 5c 4c 7s 6s 5s 5b"},
     "", "4c", "keep_guard",
     "Lead the Four of cups and keep the Four of coins to guard your Ace of coins.",
     "Esci con il Quattro di coppe e tieni il Quattro di denari per proteggere l'Asso di "
     "denari."),
    ("standard", "S", {
        "E": "4b", "N": "5b", "W": "Rb", "S": "Ac 5c Rd Cd 6d 5d 4s 7s Cs Fs"},
     "4b 5b Rb", "4s", "keep_guard",
     "Discard the Four of swords and keep the Five of cups to guard your Ace of cups.",
     "Scarta il Quattro di spade e tieni il Cinque di coppe per proteggere l'Asso di coppe."),
    ("standard", "S", {
        "E": "4b", "N": "5b", "W": "Rb", "S": "Ac 5c Rd Cd 6d 5d 4s 7s Cs Fs"},
     "4b 5b Rb", "Cs", "discard",
     "You cannot follow batons, so discard the Knight of swords: a card of another suit "
     "never wins the trick.",
     "Non puoi rispondere a bastoni: scarta il Cavallo di spade, tanto il piombo non prende "
     "mai."),
    ("standard", "E", {"N": "7d 6d 5d 4d 7c 6c 5c 4c Rs 5b"},
     "", "4c", "lead_low",
     "Lead low with the Four of cups, worth nothing, and keep your better cards.",
     "Esci con una carta bassa, il Quattro di coppe, che non vale niente, e tieni per dopo "
     "le carte migliori."),
    ("standard", "E", {"N": "Rd Cd Fd Rc Cc Fc Rs Cs Fs Rb"},
     "", "Rb", "lead_low",
     "Every card in your hand is worth points, and the King of batons, worth a third of a "
     "point, is one of the cheapest.",
     "Ogni carta che hai in mano vale punti, e il Re di bastoni, che vale un terzo di punto, "
     "è una di quelle che valgono meno."),
    ("standard", "E", {"N": "Ad 7d 6d 4d 7c 6c 5c 4c Rs 5b"},
     "", "Ad", "lead",
     "Lead the Ace of coins, one of your 4 cards of coins.",
     "Esci con l'Asso di denari, una delle tue 4 carte di denari."),
    ("a_perdere", "E", DEAL_B, "", "4s",
     "lead_to_lose",
     "To lose the trick, lead the Four of swords, worth nothing: 6 higher cards are still out.",
     "Per non prendere, esci con il Quattro di spade, che non vale niente: ci sono ancora fuori "
     "6 carte più alte."),
    ("a_perdere", "E", DEAL_B, "3c", "Ab",
     "dump_points",
     "An opponent's Three of cups is winning the trick: dump the Ace of batons, worth 11 points, "
     "since it cannot win.",
     "Il Tre di coppe di un avversario sta prendendo: scarica l'Asso di bastoni, che vale 11 "
     "punti, tanto non può prendere."),
    ("a_perdere", "E", DEAL_B, "3c Ab", "7c", "duck",
     "The Seven of cups, worth nothing, adds no points to the trick: your partner's Three of "
     "cups is winning it, and its points count for your side all the same.",
     "Il Sette di coppe, che non vale niente, non aggiunge punti alla presa: la sta prendendo "
     "il Tre di coppe del tuo compagno, e i suoi punti contano lo stesso per la tua coppia."),
    ("a_perdere", "E", DEAL_B, "4s", "3s",
     "take_cheaply",
     "Every card you can play beats the Four of swords, so play the Three of swords, worth a third "
     "of a point: no other card carries fewer points.",
     "Ogni carta che puoi giocare batte il Quattro di spade: gioca il Tre di spade, che vale "
     "un terzo di punto, e nessun'altra porta meno punti."),
    ("a_perdere", "E", DEAL_B, "4s", "As",
     "overtake",
     "The Ace of swords beats the Four of swords, and no opponent still to play can beat it: "
     "it takes the trick for your side, and a perdere the trick's points count against you.",
     "L'Asso di spade batte il Quattro di spade e nessun avversario che deve ancora giocare "
     "può batterlo: la presa è della tua coppia, e a perdere i suoi punti contano contro di "
     "te."),
    # a perdere the point of a higher card still out: the trick, and the card's points with
    # it, may go to an opponent (never "play high to win")
    ("a_perdere", "E", DEAL_E, "4s", "2s",
     "overtake",
     "The Two of swords beats the Four of swords, but 1 higher card is still out: the trick "
     "may yet go to an opponent, your card's points and all.",
     "Il Due di spade batte il Quattro di spade, ma c'è ancora fuori 1 carta più alta: la "
     "presa può ancora farla un avversario, punti della tua carta compresi."),
    ("a_perdere", "E", {"N": "5s 4d 5d 6d 7d 4c 5c 6c 7c 4b", "W": "4s 6s", "S": "3s"},
     "5s", "6s", "overtake",
     "The Six of swords, worth nothing, beats the Five of swords, but 5 higher cards are still "
     "out: the trick may yet go to an opponent, and your card adds no points to it.",
     "Il Sei di spade, che non vale niente, batte il Cinque di spade, ma ci sono ancora fuori "
     "5 carte più alte: la presa può ancora farla un avversario, e la tua carta non la carica "
     "di punti."),
    ("a_perdere", "E", {"N": "4s 4d 5d 6d 7d 4c 5c 6c 7c 4b", "W": "5s 3c", "S": "6s",
                        "E": "7s Fs"},
     "4s 5s 6s", "Fs", "overtake",
     "You play last: the Jack of swords beats the Six of swords, and the trick is yours: a "
     "perdere its points count against you.",
     "Sei ultimo di mano: il Fante di spade batte il Sei di spade e la presa è tua: a perdere "
     "i suoi punti contano contro di te."),
    ("a_perdere", "E", DEAL_E, "4s", "5s",
     "take_cheaply",
     "Every card you can play beats the Four of swords, so play the Five of swords, worth "
     "nothing: no other card carries fewer points.",
     "Ogni carta che puoi giocare batte il Quattro di spade: gioca il Cinque di spade, che non "
     "vale niente, e nessun'altra porta meno punti."),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[5]}-{c[4]}")
def test_constructed_positions(case: Case) -> None:
    preset, dealer, hands, moves, card, reason, en, it = case
    deal = make_deal(preset, dealer, hands)
    play(deal, moves)
    assert why(deal, card) == Said(reason, en, it)


def test_every_reason_has_a_constructed_position() -> None:
    # these need the whole deal: tests/test_reason_check.py constructs them
    assert {case[5] for case in CASES} == set(REASONS) - {"best_line", "lose_cheaply",
                                                          "lead_long", "unblock"}


def test_the_rules_players_choice_is_explained_by_its_rule() -> None:
    deal = make_deal("standard", "E", DEAL_A)
    advice = advise(deal.view(Seat.N))
    assert (str(advice.card), advice.rule) == ("3c", "draw_out_aces")
    assert why(deal, "3c").reason == "draw_out_aces"


def test_what_other_cards_cost_is_one_more_sentence() -> None:
    deal = make_deal("standard", "E", DEAL_A)
    view, card = deal.view(Seat.N), Card.parse("3c")
    plain = explain(view, card)
    costly = explain(view, card, best_points=1.5, worst_points=-0.5)
    assert costly.reason == plain.reason and costly.phrase == plain.phrase
    assert costly.get("en") == plain.get("en") + " Another card could cost you up to 2 points."
    assert costly.get("it") == plain.get("it") + " Un'altra carta potrebbe costarti fino a 2 punti."
    assert explain(view, card, best_points=0.5, worst_points=0.5) == plain
    assert explain(view, card, best_points=0.4) == plain
    thirds = explain(view, card, best_points=1.0, worst_points=1 / 3)
    assert thirds.get("en").endswith("up to two thirds of a point.")
    assert thirds.get("it").endswith("fino a due terzi di punto.")
    decimal = explain(view, card, best_points=2.0, worst_points=0.6)
    assert decimal.get("en").endswith("up to 1.4 points.")
    assert decimal.get("it").endswith("fino a 1,4 punti.")
    assert explain(view, card, best_points=1.0, worst_points=0.99) == plain
    one = explain(view, card, best_points=2.0, worst_points=0.96)  # rounds to 1.0
    assert one.get("en").endswith("up to 1 point.") and one.get("it").endswith("fino a 1 punto.")


def test_a_cost_says_what_its_values_are() -> None:
    deal = make_deal("standard", "E", DEAL_A)
    view, card = deal.view(Seat.N), Card.parse("3c")
    average = explain(view, card, best_points=2.5, worst_points=1.0, basis="average")
    assert average.get("en").endswith("On average, another card could cost you up to 1.5 points.")
    assert average.get("it").endswith("In media, un'altra carta potrebbe costarti fino a "
                                      "1,5 punti.")
    estimate = explain(view, card, best_points=8, worst_points=7, basis="estimate")
    assert estimate.get("en").endswith("up to about 1 point (an estimate).")
    assert estimate.get("it").endswith("fino a circa 1 punto (stima).")


def test_a_sampled_cost_says_about_and_on_average() -> None:
    deal = make_deal("standard", "E", DEAL_A)
    view, card = deal.view(Seat.N), Card.parse("3c")
    sampled = explain(view, card, best_points=6.4, worst_points=5.2, basis="sampled")
    assert sampled.get("en").endswith("On average, another card could cost you up to about "
                                      "1.2 points (an estimate from the deals tried).")
    assert sampled.get("it").endswith("In media, un'altra carta potrebbe costarti fino a circa "
                                      "1,2 punti (stima sulle distribuzioni provate).")


def test_equal_cards_are_named_exactly_or_about() -> None:
    deal = make_deal("standard", "E", DEAL_A)
    view, card = deal.view(Seat.N), Card.parse("3c")
    pair = (card, Card.parse("7d"))
    plain = explain(view, card)
    exact = explain(view, card, basis="average", equal=pair)
    assert exact.phrase == plain.phrase and exact.cost is None
    assert exact.get("en") == plain.get("en") + (" The Three of cups and the Seven of coins are "
                                                 "equally good: on average they give the same "
                                                 "points.")
    assert exact.get("it").endswith(" Il Tre di coppe e il Sette di denari si equivalgono: in "
                                    "media fanno gli stessi punti.")
    about = explain(view, card, basis="sampled", equal=pair, best_points=3, worst_points=2)
    assert about.get("en") == plain.get("en") + (" The Three of cups and the Seven of coins are "
                                                 "about equally good: the deals tried do not "
                                                 "show which is best. On average, another "
                                                 "card could cost you up to about 1 point (an "
                                                 "estimate from the deals tried).")
    every = explain(view, card, basis="sampled", equal=tuple(view.legal))
    assert every.get("en").endswith(" The deals tried do not show any of your cards to be "
                                    "better than the others: they are about equally good.")
    assert every.get("it").endswith(" Le distribuzioni provate non dicono quale delle tue "
                                    "carte sia la migliore: più o meno si equivalgono tutte.")
    assert explain(view, card, equal=(card,)) == plain  # one card is no comparison
    with pytest.raises(ValueError, match="equal"):
        explain(view, card, equal=(Card.parse("7d"), Card.parse("6d")))


def test_explain_texts_have_the_same_keys_and_placeholders_in_both_languages() -> None:
    en, it = strings("en"), strings("it")
    mine = {k for k in en if k.split(".")[0] in ("explain", "review", "cli")
            or k.startswith("unit.higher_out")}
    assert mine == {k for k in it if k.split(".")[0] in ("explain", "review", "cli")
                    or k.startswith("unit.higher_out")}
    for key in mine:
        assert placeholders(en[key]) == placeholders(it[key]), key


def test_an_illegal_card_is_refused() -> None:
    deal = make_deal("standard", "E", DEAL_A)
    with pytest.raises(ValueError, match="not a legal card"):
        explain(deal.view(Seat.N), Card.parse("5c"))
    play(deal, "3c")
    with pytest.raises(ValueError, match="not a legal card"):
        explain(deal.view(Seat.W), Card.parse("3d"))


# -- checking a sentence against the deal ------------------------------------------------------
CARD_EN = re.compile(rf"\b({'|'.join(EN_RANK.values())}) of (coins|cups|swords|batons)\b")
CARD_IT = re.compile(rf"\b({'|'.join(IT_RANK.values())}) di (denari|coppe|spade|bastoni)\b")
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

    def still_out(self, e: Said) -> None:
        """``N higher card(s) ... still out`` / ``ancora fuori N carte più alte``: the
        cards above ours in its suit, unplayed and not ours."""
        n = len(self.unplayed_above(self.card))
        en = re.search(r"(\d+) higher (card is|cards are) still out", e.en)
        it = re.search(r"(c'è|ci sono) ancora fuori (\d+) (carta più alta|carte più alte)", e.it)
        assert en and it and int(en[1]) == int(it[2]) == n > 0
        assert (en[2], it[1], it[3]) == (("card is", "c'è", "carta più alta") if n == 1 else
                                         ("cards are", "ci sono", "carte più alte"))


def _check_lead(t: Truth, e: Said) -> None:
    assert t.leading
    n = len(t.own(t.card.suit))
    text = e.en.lower()
    assert f"one of your {n} cards" in text or (n == 1 and "your only card" in text)


def _check_forced(t: Truth, e: Said) -> None:
    assert not t.leading and t.own(t.led) == [t.card] and len(t.legal) == 1


def _check_last_trick(t: Truth, e: Said) -> None:
    if "your last card" in e.en.lower():
        assert bin(t.hand).count("1") == 1
        return
    kept = [c for c in named(e.en, CARD_EN) if c != t.card]
    assert bin(t.hand).count("1") == 2 and len(kept) == 1 and kept[0].bit & t.hand
    assert not t.opponent_holds_above(kept[0]) and not t.deal.rules.a_perdere
    # whoever leads the last trick leads the kept card's suit: it takes the trick
    assert all(c.suit == kept[0].suit for seat in t.deal.seats if seat != t.seat
               for c in t.deal.hand(seat))


def _check_return_busso(t: Truth, e: Said) -> None:
    assert t.leading and t.partner_led(t.card.suit, busso=True)
    assert t.card == min(t.own(t.card.suit))


def _check_draw_out_aces(t: Truth, e: Said) -> None:
    ace = Card.of(Rank.ASSO, t.card.suit)
    assert t.leading and t.master(t.card) and t.card.rank in (Rank.THREE, Rank.TWO)
    assert not ace.bit & (t.view.played_mask | t.hand)
    if "three gone" in e.en.lower():
        assert Card.of(Rank.THREE, t.card.suit).bit & t.view.played_mask


def _check_cash_ace(t: Truth, e: Said) -> None:
    assert t.leading and t.card.rank == Rank.ASSO and not t.opponent_holds_above(t.card)


def _check_master_card(t: Truth, e: Said) -> None:
    assert t.master(t.card) and (t.leading or t.beats)


def _check_cash_winner(t: Truth, e: Said) -> None:
    assert t.leading and not t.opponent_holds_above(t.card)


def _check_return_partner_suit(t: Truth, e: Said) -> None:
    assert t.leading and t.partner_led(t.card.suit)


def _check_keep_guard(t: Truth, e: Said) -> None:
    guard, honour = [c for c in named(e.en, CARD_EN) if c != t.card]
    assert guard.bit & t.hand and honour.bit & t.hand and guard.suit == honour.suit
    assert honour.rank in (Rank.ASSO, Rank.TWO) and guard.rank < Rank.ASSO
    assert guard.suit != t.card.suit and guard in t.legal
    assert len([c for c in t.own(guard.suit) if c.rank < Rank.ASSO]) <= 2
    assert t.unplayed_above(honour) and t.thirds(guard) >= t.value


def _check_lead_low(t: Truth, e: Said) -> None:
    assert t.leading
    if " under your " in e.en.lower():
        honour = [c for c in named(e.en, CARD_EN) if c != t.card][0]
        assert honour.bit & t.hand and honour.suit == t.card.suit and honour > t.card
        assert honour.rank in (Rank.ASSO, Rank.TWO) and t.unplayed_above(honour)
    elif "every card in your hand is worth points" in e.en.lower():
        values = [t.thirds(c) for c in t.deal.hand(t.seat)]
        assert min(values) > 0 and t.value == min(values)
    else:
        assert t.value == 0


def _check_partner_sure(t: Truth, e: Said) -> None:
    assert not t.leading and t.partner(t.best_seat)
    top = t.card if t.beats else t.best
    assert not t.opponent_holds_above(top, t.after())
    assert ("your side is sure" in e.en.lower()) == t.beats


def _check_load_partner(t: Truth, e: Said) -> None:
    _check_partner_sure(t, e)
    assert t.value > 0


def _check_partner_wins(t: Truth, e: Said) -> None:
    _check_partner_sure(t, e)
    assert t.value == 0
    loads = [c for c in t.legal if t.thirds(c)]
    if "rather than load the trick" in e.en:  # the card a load would play, kept
        kept = max(loads, key=lambda c: (t.thirds(c), c.index))
        assert f"keep {card_name(kept, 'en')}" in e.en
        assert f"tieni per dopo {card_name(kept, 'it')}" in e.it
    else:
        assert not loads and "keep your other cards" in e.en


def _check_win_cheaply(t: Truth, e: Said) -> None:
    assert t.beats
    lower = [c for c in t.legal if c.beats(t.best) and c < t.card]
    if "you play last" in e.en.lower():
        assert not t.after() and not lower
    else:
        assert not t.opponent_holds_above(t.card, t.after())
        assert all(t.unplayed_above(c) for c in lower)


def _check_win_for_busso(t: Truth, e: Said) -> None:
    lead = t.trick[0]
    assert t.partner(lead.seat) and lead.signal == "busso" and t.beats
    assert len(t.own(t.led)) >= 2


def _check_win_trick(t: Truth, e: Said) -> None:
    assert t.beats and not t.opponent_holds_above(t.card, t.after())


def _check_try_to_win(t: Truth, e: Said) -> None:
    assert t.beats
    pot = sum(t.thirds(p.card) for p in t.trick)
    held = f"already holds {thirds_words(pot, 'en')}"
    assert (held in e.en) if pot else "holds" not in e.en


def _check_discard(t: Truth, e: Said) -> None:
    assert not t.leading and t.card.suit != t.led
    if "cannot follow" in e.en.lower():
        assert not t.own(t.led)
    else:
        assert "need not follow" in e.en and t.own(t.led) and t.view.stock_size > 0
        assert not t.deal.rules.follow_suit_with_stock
    if "cheapest" in e.en.lower():
        assert t.value == min(t.thirds(c) for c in t.legal)


def _check_follow_low(t: Truth, e: Said) -> None:
    assert t.card.suit == t.led and not t.beats
    beaters = [c for c in t.legal if c.beats(t.best)]
    if e.en.startswith("You cannot beat"):
        assert not beaters and not t.partner(t.best_seat)  # never partner's card
    elif e.en.startswith("None of your cards is sure"):
        assert all(t.unplayed_above(c) for c in beaters)
    elif "is sure to win the trick" in e.en.lower():
        assert t.partner(t.best_seat) and not t.opponent_holds_above(t.best, t.after())
    else:
        assert "is winning the trick" in e.en.lower() and t.partner(t.best_seat)
    if "your lowest card" in e.en.lower():
        assert t.card == min(t.legal)


def _check_duck(t: Truth, e: Said) -> None:
    assert not t.leading and not t.beats
    if "the trick stays with your side" in e.en:
        assert t.partner(t.best_seat) and not t.opponent_holds_above(t.best, t.after())
    if "may yet take the trick" in e.en:
        assert t.partner(t.best_seat)
    if not t.deal.rules.a_perdere:
        stronger = [c for c in t.own(t.led) if c.beats(t.card)]
        assert t.card.suit == t.led and stronger
        assert ("stronger cards" in e.en) == (len(stronger) > 1), e.en  # the plural follows


def _check_dump_points(t: Truth, e: Said) -> None:
    assert t.deal.rules.a_perdere and not t.beats and not t.partner(t.best_seat)
    assert t.value > 0


def _check_take_cheaply(t: Truth, e: Said) -> None:
    assert all(c.beats(t.best) for c in t.legal)
    assert t.value == min(t.thirds(c) for c in t.legal)


def _check_overtake(t: Truth, e: Said) -> None:
    assert t.deal.rules.a_perdere and t.beats
    if e.en.startswith("You play last"):
        assert not t.after()
    elif "still out" in e.en.lower():  # an opponent still to play may take the trick
        t.still_out(e)
        assert t.after() and ("adds no points" in e.en) == (t.value == 0)
        assert ("your card's points and all" in e.en) == (t.value > 0)
    else:
        assert t.after() and not t.opponent_holds_above(t.card, t.after())


def _check_lead_to_lose(t: Truth, e: Said) -> None:
    assert t.leading and t.deal.rules.a_perdere
    t.still_out(e)


def _check_best_line(t: Truth, e: Said) -> None:
    raise AssertionError(f"a reason that needs the whole deal is said without it: {e.en}")


CLAIMS: dict[str, Callable[[Truth, Said], None]] = {
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
    "best_line": _check_best_line, "lose_cheaply": _check_best_line,
    "lead_long": _check_best_line, "unblock": _check_best_line,  # every hand seen only
}


def test_every_reason_has_a_claim_check() -> None:
    assert set(CLAIMS) == set(REASONS)


WORTH_EN = re.compile(CARD_EN.pattern + r", worth ([^,:;.]+)")
WORTH_IT = re.compile(CARD_IT.pattern + r", che (?:non vale niente|vale ([^,:;.]+))")
OWNED_EN = re.compile(r"([Yy]our partner's|[Tt]he dummy's|[Aa]n opponent's|[Yy]our opponent's) "
                      + CARD_EN.pattern)
OWNED_IT = re.compile(CARD_IT.pattern + r" (del tuo compagno|del morto|di un avversario|"
                      r"dell'avversario)")


def check_common_claims(t: Truth, e: Said) -> None:
    """Claims any sentence may make: values, owners, the master card, voids."""
    for m in WORTH_EN.finditer(e.en):
        assert thirds_words(t.thirds(BY_NAME[m[1], m[2]]), "en") == m[3], e.en
    for m in WORTH_IT.finditer(e.it):
        assert thirds_words(t.thirds(BY_NAME[m[1], m[2]]), "it") == (m[3] or "niente"), e.it
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


def check_visible(t: Truth, e: Said) -> None:
    """Both sentences name the same cards, and only cards the seat can see."""
    en_cards, it_cards = named(e.en, CARD_EN), named(e.it, CARD_IT)
    assert sorted(en_cards) == sorted(it_cards), (e.en, e.it)
    visible = t.view.cards()
    assert all(str(c) in visible for c in en_cards), e.en
    assert t.card in en_cards


def check_form(e: Said) -> None:
    """One sentence each: a capital first, a full stop last and nowhere else; cards named
    with a capital rank, never by their code."""
    for text in (e.en, e.it):
        assert text[0].isupper() and text.endswith(".") and not re.search(r"\.\s|[?!]", text)
        assert "  " not in text and " ," not in text
        check_sentence(text)
    assert e.reason in REASONS


def check_explanation(deal: Deal, card: Card, found: Explanation) -> None:
    """Every claim of the explanation holds in the real deal."""
    t, e = Truth(deal, card), Said.of(found)
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
    "play_low": {"discard", "follow_low", "keep_guard", "duck", "try_to_win", "partner_wins"},
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


def test_a_card_kept_for_the_last_trick_must_be_able_to_take_it() -> None:
    """Left with the Four of swords and the master Three of cups, N leads the Four: whoever
    takes it may lead another suit at the last trick, so the Three is not said to take it."""
    deal = make_deal("standard", "E", DEAL_D)
    play(deal, EIGHT_DENARI)
    assert why(deal, "4s").reason != "last_trick"


def test_the_table_check_refuses_a_kept_card_or_a_sure_trick_the_hands_disprove() -> None:
    """The check of reasons against the whole deal (puzzles, guided hands, the review)
    refuses "keep the Three of cups for the last trick" when another suit may be led to it,
    and "the trick stays with your side" when an opponent still to play holds a higher card."""
    from tressette_learn.ai.reason_check import refute
    from tressette_learn.i18n import Phrase

    def said(reason: str, key: str, **facts: object) -> Explanation:
        return Explanation(reason, Phrase.of(f"explain.{key}", **facts))

    kept = said("last_trick", "last_trick", move="", kept=Card.parse("3c"))
    deal = make_deal("standard", "E", DEAL_D)
    play(deal, EIGHT_DENARI)
    assert "may be led to the last trick, not" in str(refute(kept, deal, Card.parse("4s")))
    deal = make_deal("standard", "E", DEAL_F)
    play(deal, EIGHT_CUPS_LEFT)
    assert refute(kept, deal, Card.parse("4c")) is None
    stays = said("duck", "duck.perdere.partner.points", card=Card.parse("Ad"), owner="", worth="")
    for hands, moves, verdict in ((DEAL_G, "7c 5c", "E still to play holds 3c"),
                                  (DEAL_G_THREE, "3c 5c", None)):
        deal = make_deal("a_perdere", "E", hands)
        play(deal, moves)
        assert refute(stays, deal, Card.parse("Ad")) == verdict


def test_a_review_never_gives_the_better_card_a_reason_the_card_played_had_too() -> None:
    """Leading the Seven of batons kept the guard of the Two of cups as well as the Four of
    swords would: the review must not say "lead the Four of swords and keep the Seven of cups
    to guard your Two of cups" as why the Four was better (nor "lead low", true of both)."""
    deal = make_deal("standard", "E", {"N": "2c 7c 4s 7b 5d 6d 7d 4d 5s 6s"})
    view, four = deal.view(Seat.N), Card.parse("4s")
    assert explain(view, four, deal=deal).reason == "keep_guard"
    assert explain(view, Card.parse("7b"), deal=deal).reason == "keep_guard"
    assert explain(view, four, deal=deal, played=Card.parse("7b")).reason == "best_line"
    after_two = explain(view, four, deal=deal, played=Card.parse("2c"))
    assert after_two.reason == "lead_low" and "better cards" in after_two.get("en")
    # the Two or the Seven of cups as good to play as the Four: no reason keeps them
    for same in ("2c", "7c"):
        why = explain(view, four, deal=deal, as_good=(four, Card.parse(same)))
        assert why.reason == "lead_low", (same, why.get("en"))
        hint_why = explain(view, four, equal=(four, Card.parse(same)))  # a hint's equal cards
        assert hint_why.reason == "lead_low" and "equally good" in hint_why.get("en")
