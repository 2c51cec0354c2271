"""A perdere, the reasons say what the play is for: to give points away, not to win.

The Traversone guided hand (lesson 11), trick 6: West leads the Jack of batons and East,
still to play, holds only the Three of batons, so East takes the trick whatever South plays
and the Ace of batons (11 points) is given to him. The sentence said "the Ace of batons
beats the Jack of batons, but 2 higher cards are still out", which reads as "play high to
win". With the hands hidden, a card that beats the trick is told what a higher card still
out means a perdere: the trick may yet go to an opponent, with the card's points. A guided
hand or a replay says "the best card" when only one card is best."""

from __future__ import annotations

import dataclasses

from conftest import complete_deal, rules
from conftest import play_moves as play

from tressette_learn.ai.explain import explain
from tressette_learn.ai.reason_check import refute
from tressette_learn.ai.review import ReviewedPlay, judge_play
from tressette_learn.engine import Card, Deal, Seat
from tressette_learn.i18n import Phrase
from tressette_learn.teaching.guided import HandScript, Walkthrough
from tressette_learn.ui.replay import MistakeReplay

ACE, KNIGHT = Card.parse("Ab"), Card.parse("Cb")
GIVEN = {
    "en": "East still holds the Three of batons and takes this trick whatever you play: give "
          "him the Ace of batons, worth 11 points.",
    "it": "Est ha ancora il Tre di bastoni e la presa la fa comunque: regalagli l'Asso di "
          "bastoni, che vale 11 punti.",
}


def traversone_trick_6() -> tuple[Walkthrough, Deal]:
    """The Traversone hand at the learner's move: West has led the Jack of batons."""
    walk = Walkthrough(HandScript.load("traversone"))
    walk.step = 21
    assert walk.is_your_move()
    deal = walk.deal_at(21)
    assert deal.to_play == Seat.S and [str(p.card) for p in deal.current] == ["Fb"]
    return walk, deal


def test_the_traversone_ace_is_given_to_east_who_takes_the_trick_anyway() -> None:
    walk, _ = traversone_trick_6()
    right = walk.judge(ACE)
    assert right.right
    assert right.judged.explanation.reason == "dump_points"
    assert right.words.get("en") == (
        "Right: the Ace of batons is the best card here. " + GIVEN["en"]
        + " Another card could cost you up to 11 points.")
    assert right.words.get("it") == (
        "Giusto: l'Asso di bastoni è la carta migliore. " + GIVEN["it"]
        + " Un'altra carta potrebbe costarti fino a 11 punti.")
    wrong = walk.judge(KNIGHT)
    assert not wrong.right
    assert wrong.words.get("en") == (
        "Playing the Knight of batons costs 11 points. Better: the Ace of batons. " + GIVEN["en"])
    assert wrong.words.get("it").endswith(GIVEN["it"])
    for verdict in (right, wrong):  # never "beats the Jack", as if the point were to win
        assert "beats" not in verdict.words.get("en") and "batte" not in verdict.words.get("it")


def test_the_whole_deal_tells_the_taker_and_the_view_alone_does_not() -> None:
    _, deal = traversone_trick_6()
    view = deal.view(Seat.S)
    known = explain(view, ACE, deal=deal)
    assert (known.get("en"), known.get("it")) == (GIVEN["en"], GIVEN["it"])
    assert refute(known, deal, ACE) is None
    hidden = explain(view, ACE)  # a hint: East's Three is not seen, nor named
    assert hidden.phrase.key == "explain.overtake.out"
    assert hidden.get("en") == (
        "The Ace of batons beats the Jack of batons, but 2 higher cards are still out: the "
        "trick may yet go to an opponent, your card's points and all.")
    assert hidden.get("it") == (
        "L'Asso di bastoni batte il Fante di bastoni, ma ci sono ancora fuori 2 carte più "
        "alte: la presa può ancora farla un avversario, punti della tua carta compresi.")


def test_the_taker_named_must_take_the_trick_whatever_is_played() -> None:
    _, deal = traversone_trick_6()
    said = explain(deal.view(Seat.S), ACE, deal=deal)
    facts = said.phrase.facts
    for changed, wrong in (({"seat": Seat.N}, "N with 3b does not take the trick"),
                           ({"beater": Card.parse("2b")}, "E with 2b does not take the trick")):
        bad = dataclasses.replace(said, phrase=Phrase.of(said.phrase.key, **{**facts, **changed}))
        assert str(refute(bad, deal, ACE)).startswith(wrong)


# -- two sides a perdere: the partner who must take the trick is not given points ---------------
# Dealer E: North leads, then West, South, East.
PARTNER_TAKES = {  # East, West's partner, holds only the Three of cups
    "N": "4c 3d 2d Ad Rd Cd Fd 7d 6d 5d", "W": "5c Ac 4d 3s 2s As Rs Cs Fs 7s",
    "S": "2c Cc Fc 7c 6c Rc 6s 5s 4s 3b", "E": "3c 2b Ab Rb Cb Fb 7b 6b 5b 4b"}
OPPONENT_TAKES = {  # East, South's opponent, holds only the Three of cups
    "N": "4c 3d 2d Ad Rd Cd Fd 7d 6d 5d", "W": "5c 2c Cc Fc 4d 3s 2s As Rs Cs",
    "S": "Ac Rc 6c 7c Fs 7s 6s 5s 4s 3b", "E": "3c 2b Ab Rb Cb Fb 7b 6b 5b 4b"}


def position(hands: dict[str, str], moves: str) -> Deal:
    deal = complete_deal(rules("a_perdere"), "E", dict(hands))
    play(deal, moves)
    return deal


def test_an_opponent_who_must_take_the_trick_is_given_the_most_points() -> None:
    deal = position(OPPONENT_TAKES, "4c 5c")
    view = deal.view(Seat.S)
    ace = explain(view, Card.parse("Ac"), deal=deal)
    assert ace.reason == "dump_points"
    assert ace.get("en") == ("East still holds the Three of cups and takes this trick whatever "
                             "you play: give him the Ace of cups, worth 1 point.")
    assert ace.get("it") == ("Est ha ancora il Tre di coppe e la presa la fa comunque: "
                             "regalagli l'Asso di coppe, che vale 1 punto.")
    king = explain(view, Card.parse("Rc"), deal=deal)  # not the most the seat can give
    assert king.reason == "overtake" and "give him" not in king.get("en")


def test_a_partner_who_must_take_the_trick_is_given_the_fewest_points() -> None:
    deal = position(PARTNER_TAKES, "4c")
    view = deal.view(Seat.W)
    five = explain(view, Card.parse("5c"), deal=deal)
    assert five.phrase.key == "explain.take_cheaply.partner"
    assert five.get("en") == (
        "Your partner still holds the Three of cups and takes this trick whatever you play, and "
        "its points stay with your side: play the Five of cups, worth nothing, to load it as "
        "little as you can.")
    assert five.get("it") == (
        "Il tuo compagno ha ancora il Tre di coppe e la presa la fa comunque lui, e i punti "
        "restano alla tua coppia: gioca il Cinque di coppe, che non vale niente, per caricarla "
        "il meno possibile.")
    ace = explain(view, Card.parse("Ac"), deal=deal)  # never "give him" the partner points
    assert ace.reason != "dump_points"
    assert "give him" not in ace.get("en") and "regalagli" not in ace.get("it")
    assert "go to an opponent" not in ace.get("en")  # East takes it: no opponent can
    hint = explain(view, Card.parse("Ac"))  # the view alone: an opponent may yet take it
    assert hint.phrase.key == "explain.overtake.out"
    assert refute(hint, deal, Card.parse("Ac")) is None  # a hint reads the view alone
    assert refute(hint, deal, Card.parse("Ac"), shown=True) == \
        "E, a partner, takes the trick whatever is played"


# -- hands hidden: a card that beats the trick, a perdere ----------------------------------------
def test_a_hidden_follow_says_what_a_higher_card_still_out_means_a_perdere() -> None:
    """North leads the Four of swords; West's Two of swords beats it, South holds the Three."""
    deal = position({"N": "4s 6s 7s 4d 5d 6d 7d 4c 5c 6c", "W": "2s 5s", "S": "3s"}, "4s")
    view = deal.view(Seat.W)
    two = explain(view, Card.parse("2s"))
    assert two.get("en") == ("The Two of swords beats the Four of swords, but 1 higher card is "
                             "still out: the trick may yet go to an opponent, your card's points "
                             "and all.")
    assert two.get("it") == ("Il Due di spade batte il Quattro di spade, ma c'è ancora fuori 1 "
                             "carta più alta: la presa può ancora farla un avversario, punti "
                             "della tua carta compresi.")
    assert refute(two, deal, Card.parse("2s")) is None  # South, still to play, holds the Three


# -- "the best card", or one of several ---------------------------------------------------------
def test_right_says_the_best_card_or_one_of_the_best() -> None:
    walk, _ = traversone_trick_6()
    assert walk.judge(ACE).words.get("en").startswith("Right: the Ace of batons is the best card "
                                                      "here.")
    walk = Walkthrough(HandScript.load("find_the_cards"))
    walk.step = 7  # the Four and the Five of swords are as good
    five = walk.judge(Card.parse("5s"))
    assert five.right and len(five.judged.best) == 2
    assert five.words.get("en").startswith(
        "Right: the Five of swords is one of the best cards here, all equally good. The deal "
        "went on with the Four of swords, which is just as good.")
    assert five.words.get("it").startswith(
        "Giusto: il Cinque di spade è una delle carte migliori, che si equivalgono.")


def test_a_replayed_mistake_solved_with_the_only_best_card() -> None:
    walk, deal = traversone_trick_6()
    values = walk.script.solved[21]
    mistake = judge_play(deal, KNIGHT, values=values)
    replay = MistakeReplay(walk.deal_at(walk.script.length), mistake)
    said = replay.words(replay.judge(ACE))
    assert said.get("en").startswith("Right: the Ace of batons is the best card here. Solved! "
                                     + GIVEN["en"])
    assert said.get("it").startswith("Giusto: l'Asso di bastoni è la carta migliore. Risolto! "
                                     + GIVEN["it"])


# -- a review: the better card's reason must tell it from the card played ------------------------
def test_a_lead_to_lose_is_no_reason_when_the_card_played_was_as_likely_to_lose() -> None:
    """North leads; the review's better card is the Knight of batons, but the Seven played
    had more higher cards out: "to lose the trick, lead the Knight" does not tell them apart."""
    deal = position({"N": "7b Cb 4d 5d 6d 7d 4c 5c 6c 7c"}, "")
    view = deal.view(Seat.N)
    knight, seven = Card.parse("Cb"), Card.parse("7b")
    assert explain(view, knight).reason == "lead_to_lose"  # as a hint, it is the reason
    said = explain(view, knight, played=seven)
    assert said.reason == "best_line"


def test_staying_out_of_an_opponents_trick_is_no_reason_when_the_card_played_did_too() -> None:
    """North leads the Two of swords; West, with no swords, may throw the Five or the Ace of
    cups: "the Five cannot beat the Two, so you do not take this trick" is as true of the Ace."""
    deal = position({"N": "2s 4s 3d 2d Ad Rd Cd Fd 7d 6d",
                     "W": "5c Ac 4d 5d 4b 5b 6b 7b Cb Fb"}, "2s")
    view = deal.view(Seat.W)
    five, ace = Card.parse("5c"), Card.parse("Ac")
    assert explain(view, five).phrase.key.startswith("explain.duck.perdere")
    said = explain(view, five, played=ace)
    assert not said.phrase.key.startswith("explain.duck.perdere"), said.get("en")


def test_throwing_points_is_a_reason_only_when_the_card_played_threw_fewer() -> None:
    """West, with no swords, throws on North's Two of swords: the Ace of cups (1 point)
    rather than the Five is a reason; the Five rather than the Ace is none."""
    deal = position({"N": "2s 4s 3d 2d Ad Rd Cd Fd 7d 6d",
                     "W": "5c Ac 4d 5d 4b 5b 6b 7b Cb Fb"}, "2s")
    view = deal.view(Seat.W)
    five, ace = Card.parse("5c"), Card.parse("Ac")
    assert explain(view, ace, played=five).reason == "dump_points"
    assert explain(view, five, played=ace).reason == "best_line"


# -- a review: a better card that takes the trick, a perdere -------------------------------------
# "The Three of coins beats the Five of coins, and no opponent still to play can beat it: it
# takes the trick for your side" read as "win the trick". The review says why taking it now
# is better, when the solver's lines show it, else gives the lines alone.
def seeded(seed: int, moves: str) -> Deal:
    """A deal of the a perdere preset dealt from ``seed``, with ``moves`` played."""
    deal = Deal.new(rules("a_perdere"), seed=seed)
    play(deal, moves)
    return deal


def fact(mistake: ReviewedPlay) -> Phrase:
    """The review's fact before the solver's lines."""
    phrase = mistake.explanation.phrase
    assert phrase.key == "explain.fact_then_line", mistake.explanation.get("en")
    assert phrase.facts["line"].key == "explain.best_line.contrast"
    return phrase.facts["fact"]


def test_a_card_that_must_take_a_trick_takes_it_now_while_it_is_cheap() -> None:
    """Seed 42, trick 5: North plays the Seven of coins on East's Five; the Three of coins,
    taken now (two thirds), would take trick 7 later, worth 1 point and two thirds."""
    deal = seeded(42, "4c 5c 6c 7c Fc 3c Rc 2c 3s Fs As Rs 4s 3b 5s 6s 5d")
    three = Card.parse("3d")
    mistake = judge_play(deal, Card.parse("7d"))
    assert mistake.best == (three,) and mistake.explanation.reason == "overtake"
    assert fact(mistake).key == "explain.overtake.now"
    assert refute(mistake.explanation, deal, three) is None
    assert mistake.explanation.get("en").startswith(
        "Take this trick now, worth two thirds of a point, with the Three of coins: the Three "
        "of coins will take a trick sooner or later, and a later one would hold more points. "
        "With the best play at every seat from here on: after the Seven of coins, you take "
        "trick 7, worth 1 point and two thirds, with the Three of coins;")
    assert mistake.explanation.get("it").startswith(
        "Fai ora questa presa, che vale due terzi di punto, con il Tre di denari: il Tre di "
        "denari una presa prima o poi la farà, e più avanti sarebbe più carica. Se da qui "
        "in poi tutti giocano al meglio: dopo il Sette di denari, fai tu la settima presa, che "
        "vale 1 punto e due terzi, con il Tre di denari;")


def test_taking_the_trick_now_gives_the_lead_to_lose_the_next() -> None:
    """Seed 11, trick 2: North's Three of coins takes East's Five (two thirds) and North then
    leads a card West takes; after the Six of coins, North takes trick 3 himself."""
    deal = seeded(11, "5b 3c 4b 6b 5d")
    three = Card.parse("3d")
    mistake = judge_play(deal, Card.parse("6d"))
    assert fact(mistake).key == "explain.overtake.lead"
    assert refute(mistake.explanation, deal, three) is None
    en, it = mistake.explanation.get("en"), mistake.explanation.get("it")
    assert en.startswith(
        "Take this trick now, worth two thirds of a point, with the Three of coins: then you "
        "lead, and you can lead a card that loses the next trick. With the best play at every "
        "seat from here on: after the Six of coins, you take trick 3,")
    assert "West takes trick 3" in en
    assert it.startswith(
        "Fai ora questa presa, che vale due terzi di punto, con il Tre di denari: così poi "
        "esci tu, e puoi uscire con una carta che la presa successiva non la fa.")


def test_a_trick_taken_is_no_reason_when_the_lines_do_not_show_why() -> None:
    """Seed 7, trick 2: East's Three of coins takes South's King, but the lines part only at
    trick 4, after another trick: the solver's lines alone, never "the trick is yours"."""
    deal = seeded(7, "6b 4b Fb 5b Rd")
    mistake = judge_play(deal, Card.parse("7d"))
    assert mistake.best == (Card.parse("3d"),)
    why = mistake.explanation
    assert why.reason == "best_line" and why.phrase.key == "explain.best_line.contrast"
    assert "for your side" not in why.get("en") and "tua coppia" not in why.get("it")
    no_line = judge_play(deal, Card.parse("7d"), values=mistake.values)  # no lines solved
    assert no_line.explanation.phrase.key == "explain.best_line.perdere"


def test_take_now_is_refuted_by_any_seat_still_to_play_that_can_beat_the_card() -> None:
    """Seed 42, trick 5: North's Three of coins takes East's Five; his Seven would not take
    it, South (his partner) still holding the Two; the Ace of batons does not beat the Five;
    a table that is not a perdere has no such reason."""
    deal = seeded(42, "4c 5c 6c 7c Fc 3c Rc 2c 3s Fs As Rs 4s 3b 5s 6s 5d")
    said = explain(deal.view(Seat.N), Card.parse("3d"), deal=deal)
    for key in ("explain.overtake.now", "explain.overtake.lead"):
        now = dataclasses.replace(said, phrase=Phrase.of(key, card=Card.parse("3d"),
                                                         worth=Phrase.of("explain.worth", n=2)))
        assert refute(now, deal, Card.parse("3d")) is None
        assert refute(now, deal, Card.parse("7d")) == "2d is still to be played"
        assert refute(now, deal, Card.parse("Ab")) == "Ab does not beat 5d"
        normal = Deal.new(rules("standard"), seed=42)
        play(normal, "4c 5c 6c 7c Fc 3c Rc 2c 3s Fs As Rs 4s 3b 5s 6s 5d")
        assert refute(now, normal, Card.parse("3d")) == "the deal is not played a perdere"
