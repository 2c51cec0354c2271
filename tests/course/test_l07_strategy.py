"""Lesson 7, strategy: the solver agrees with every example, and the engine with every answer."""

import pytest

from tressette_learn.ai.review import judge_play
from tressette_learn.engine import Card, Deal, Rank, Rules, Suit, parse_cards
from tressette_learn.engine.cards import FULL_DECK_MASK, cards_of
from tressette_learn.engine.seats import Seat
from tressette_learn.engine.tricks import Play, winning_play
from tressette_learn.teaching.guided import HandScript, Walkthrough
from tressette_learn.teaching.memory import cards_out, suit_cards
from tressette_learn.ui.guided import GuidedHand
from tressette_learn.ui.settings import Settings

#: hand -> (the advised card, the tempting card that costs points)
EXAMPLES = {
    "strategy_lead_threes": ("3c", "6c"),
    "strategy_guard_aces": ("2d", "Ac"),
    "strategy_second_hand": ("7b", "2b"),
    "strategy_count_suits": ("4c", "Rd"),
    "strategy_bare_two": ("2b", "7d"),
    "strategy_long_suit": ("6d", "3d"),
    "strategy_return_suit": ("7d", "3b"),
    "strategy_discard": ("4c", "3c"),
    "strategy_unblock": ("3s", "5b"),
    "strategy_first_discard": ("5b", "2s"),
    "strategy_quiet_lead": ("Ad", "Cd"),
    "strategy_last_trick": ("6b", "3b"),
}


def position(name: str, step: int | None = None) -> Deal:
    script = HandScript.load(name)
    return Walkthrough(script).deal_at(min(script.your_moves) if step is None else step)


def best_choice(name: str, cards: str, step: int | None = None) -> int:
    """The index of the only choice the exact solver rates as good as the best card."""
    deal = position(name, step)
    costs = [judge_play(deal, card).cost for card in parse_cards(cards)]
    assert costs.count(0) == 1, costs
    return costs.index(0)


def _master_after(played: str) -> int:
    gone = set(parse_cards(played))
    master = next(c for c in suit_cards(Suit.SPADE) if c not in gone)
    return [Rank.RE, Rank.FANTE, Rank.SEVEN].index(master.rank)


def _piombo_index() -> int:
    plays = [Play(Seat.N, Card.parse("4d")), Play(Seat.W, Card.parse("3s"))]
    return 0 if winning_play(tuple(plays)).seat == Seat.N else 1


def south_leads(south: str, north_void: Suit | None = None) -> Deal:
    """A fresh standard deal where South holds ``south`` (filled up to ten with the lowest
    cards left) and leads; North holds no card of ``north_void``."""
    mine = list(parse_cards(south))
    rest = [c for c in cards_of(FULL_DECK_MASK) if c not in mine]
    mine += [c for c in rest if c.suit != north_void][:10 - len(mine)]
    rest = [c for c in rest if c not in mine]
    north = [c for c in rest if c.suit != north_void][:10]
    rest = [c for c in rest if c not in north]
    hands = {Seat.S: mine, Seat.N: north, Seat.W: rest[:10], Seat.E: rest[10:]}
    dealer = next(s for s in Seat if Rules.preset("standard").next_seat(s) == Seat.S)
    return Deal(Rules.preset("standard"), dealer, hands)


def _busso_shows() -> int:
    """The card a busso on the Three of coins shows the opponents: the master still out."""
    deal = south_leads("3d 2d 6d Rc 5s")
    three = Card.parse("3d")
    assert "busso" in deal.true_signals(three)
    deal.play(three, "busso")
    out = [c for c in suit_cards(Suit.DENARI) if not c.bit & deal.played_mask]
    master = max(out)
    assert master in deal.hand(Seat.S)
    return [Card.parse("2d"), Card.parse("Ad")].index(master)


def _muta_partner_void() -> int:
    """The busso is true, but partner has no coin to lead back: no sign (0)."""
    deal = south_leads("3d 2d 6d Rc 5s", north_void=Suit.DENARI)
    assert "busso" in deal.true_signals(Card.parse("3d"))
    return 0 if not any(c.suit == Suit.DENARI for c in deal.hand(Seat.N)) else 1


def _seen_by_opponents(lead: str, signal: str) -> int:
    """The signal is true and an opponent's view shows it: everyone learns (0)."""
    deal = south_leads({"4s": "4s 3c 6c 5b", "4c": "4c 5c Rc 6b"}[lead])
    deal.play(Card.parse(lead), signal)
    seen = deal.view(Seat.E).current_trick[0].signal
    return 0 if seen == signal else 1


def _call(before: int, taken: str, declared: int = 0) -> int:
    """Yes (0) when the captured cards' thirds (rounded down), the declarations and the
    score before the deal reach the target; else no (1)."""
    points = sum(c.thirds for c in parse_cards(taken)) // 3 + declared + before
    return 0 if points >= Rules.preset("standard").target else 1


CHOICES = {
    "strategy-lead-three": lambda: best_choice("strategy_lead_threes", "3c 6c Fc"),
    "strategy-guard-ace": lambda: best_choice("strategy_guard_aces", "2d Ac Rb"),
    "strategy-drop-ace": lambda: best_choice("strategy_guard_aces", "Ac 7b 3b", step=26),
    "strategy-count": lambda: [0, 1, 2].index(
        len(cards_out(position("strategy_count_suits"), Suit.COPPE))),
    "strategy-count-lead": lambda: best_choice("strategy_count_suits", "4c Rd 7b"),
    "strategy-discard": lambda: best_choice("strategy_discard", "4c 3c"),
    "strategy-last-trick": lambda: best_choice("strategy_last_trick", "6b 3b"),
    "strategy-master": lambda: _master_after("3s 2s As"),
    "strategy-piombo-wins": _piombo_index,
    "strategy-busso-public": _busso_shows,
    "strategy-muta-partner-void": _muta_partner_void,
    "strategy-volo-public": lambda: _seen_by_opponents("4s", "volo"),
    "strategy-striscio-public": lambda: _seen_by_opponents("4c", "striscio"),
    "strategy-call-short": lambda: _call(15, "3c 2c Ac As Rd Cd"),
    "strategy-call-reached": lambda: _call(18, "Ad As Ac 3c 2c Rb"),
    "strategy-call-last-trick": lambda: _call(20, "3d 2d"),
    "strategy-call-declared": lambda: _call(16, "As 3b 2b Rb", declared=3),
}


@pytest.mark.parametrize("name", EXAMPLES)
def test_the_solver_rates_the_advised_card_best_and_the_tempting_card_costly(name):
    advised, tempting = map(Card.parse, EXAMPLES[name])
    deal = position(name)
    assert deal.to_play == Seat.S
    assert judge_play(deal, advised).cost == 0
    assert judge_play(deal, tempting).cost >= 1


@pytest.mark.parametrize("name", EXAMPLES)
def test_the_record_plays_the_advised_card_at_the_learners_move(name):
    script = HandScript.load(name)
    move = min(script.your_moves)
    assert script.record.plays[move].card == Card.parse(EXAMPLES[name][0])
    assert script.comments[move]["en"] and script.comments[move]["it"]


def test_the_lead_three_example_brings_down_the_ace():
    deal = position("strategy_lead_threes")
    east = [c for c in deal.hand(Seat.E) if c.suit == Suit.COPPE]
    assert east == [Card.parse("Ac")]
    assert {Card.parse("3c"), Card.parse("2c")} <= set(deal.hand(Seat.S))


def test_the_guard_example_ace_is_unguarded_and_its_2_is_out():
    deal = position("strategy_guard_aces")
    assert any(p.card == Card.parse("3c") for p in deal.plays)
    assert not {Card.parse("3c"), Card.parse("2c")} & set(deal.hand(Seat.S))
    assert Card.parse("2c") in deal.hand(Seat.E)


def test_the_count_example_the_learner_holds_the_last_two_cups():
    deal = position("strategy_count_suits")
    played = [p.card for p in deal.plays if p.card.suit == Suit.COPPE]
    assert len(played) == 8 and not cards_out(deal, Suit.COPPE)


def test_the_discard_example_is_a_piombo_on_an_opponents_trick():
    deal = position("strategy_discard")
    led = deal.current[0].card.suit
    assert not any(c.suit == led for c in deal.hand(Seat.S))
    assert not any(c.suit == led for c in deal.hand(Seat.E))
    assert winning_play(tuple(deal.current)).seat == Seat.W


def test_the_last_trick_example_keeps_the_last_baton_for_the_last_trick():
    script = HandScript.load("strategy_last_trick")
    final = script.record.replay()
    last = final.tricks[-1]
    assert last.winner == Seat.S and last.plays[0].card == Card.parse("5b")
    assert final.result().sides["NS"].card_points == 7


@pytest.mark.parametrize("name", EXAMPLES)
def test_the_guided_hand_accepts_the_advice_and_refuses_the_tempting_card(name):
    advised, tempting = EXAMPLES[name]
    hand = GuidedHand(name, settings=Settings())
    hand.walk.step = min(hand.script.your_moves) - 1
    assert hand.forward() and hand.walk.is_your_move()
    hand.table.next_trick()
    verdict = hand.try_card(tempting)
    assert verdict is not None and not verdict.right and verdict.judged.cost >= 1
    verdict = hand.try_card(advised)
    assert verdict is not None and verdict.right


def test_second_hand_low_and_wests_ace_falls_on_the_last_trick_to_partners_two():
    final = HandScript.load("strategy_second_hand").record.replay()
    last = final.tricks[-1]
    assert last.winner == Seat.N and last.plays[0].card == Card.parse("2c")
    assert Card.parse("Ab") in last.cards
    assert final.result().sides["NS"].card_points == 7


def test_the_unblock_example_lets_partners_knight_and_ace_of_swords_win():
    final = HandScript.load("strategy_unblock").record.replay()
    eighth, last = final.tricks[7], final.tricks[-1]
    assert eighth.winner == Seat.N and Card.parse("Cs") in eighth.cards
    assert last.winner == Seat.N and {Card.parse("As"), Card.parse("Rs")} <= set(last.cards)
    assert final.result().sides["NS"].card_points == 6


def test_the_bare_two_is_dropped_on_partners_sure_trick_and_east_keeps_the_three():
    deal = position("strategy_bare_two")
    assert [c for c in deal.hand(Seat.S) if c.suit == Suit.BASTONI] == [Card.parse("2b")]
    assert Card.parse("3b") in deal.hand(Seat.E)
    assert winning_play(tuple(deal.current)).seat == Seat.N
    assert not any(c.suit == Suit.SPADE for s in (Seat.E, Seat.W) for c in deal.hand(s))


def test_the_long_suit_example_runs_the_coins_to_the_last_trick():
    deal = position("strategy_long_suit")
    assert len([c for c in deal.hand(Seat.S) if c.suit == Suit.DENARI]) == 5
    assert not any(c.suit == Suit.DENARI for s in (Seat.E, Seat.W) for c in deal.hand(s))
    final = HandScript.load("strategy_long_suit").record.replay()
    assert all(t.winner == Seat.S and t.plays[0].card.suit == Suit.DENARI
               for t in final.tricks[-4:])
    assert final.result().sides["NS"].card_points == 11


def _seen_void(deal: Deal, seat: Seat, suit: Suit) -> bool:
    """Everyone saw ``seat`` play another suit on a trick led in ``suit``."""
    return any(t.plays[0].card.suit == suit and p.seat == seat and p.card.suit != suit
               for t in deal.tricks for p in t.plays)


def test_the_return_example_gives_back_partners_coins_and_his_two_takes():
    deal = position("strategy_return_suit")
    led = [t.plays[0] for t in deal.tricks if t.plays[0].seat == Seat.N]
    assert any(p.card == Card.parse("Ad") and p.signal == "striscio" for p in led)
    assert [c for c in deal.hand(Seat.S) if c.suit == Suit.DENARI] == [Card.parse("7d")]
    assert {Card.parse("3d"), Card.parse("Ad")} <= {p.card for p in deal.plays}
    final = HandScript.load("strategy_return_suit").record.replay()
    fourth = final.tricks[3]
    assert fourth.winner == Seat.N and Card.parse("2d") in fourth.cards
    after = final.replayed(16)
    assert not any(c.suit == Suit.DENARI for s in (Seat.E, Seat.W) for c in after.hand(s))
    assert all(t.winner in (Seat.N, Seat.S) for t in final.tricks)
    assert final.result().sides["NS"].card_points == 11


def test_the_first_discard_gives_up_batons_and_partner_leads_a_kept_suit():
    deal = position("strategy_first_discard")
    led = deal.current[0].card.suit
    assert not any(c.suit == led for c in deal.hand(Seat.S))
    assert not any(p.seat == Seat.S and p.card.suit != t.plays[0].card.suit
                   for t in deal.tricks for p in t.plays)  # the first piombo
    honours = {Rank.THREE, Rank.TWO, Rank.ASSO}
    batons = [c for c in deal.hand(Seat.S) if c.suit == Suit.BASTONI]
    assert batons and not any(c.rank in honours for c in batons)
    assert {c.suit for c in deal.hand(Seat.S) if c.rank in honours} == {Suit.DENARI, Suit.SPADE}
    final = HandScript.load("strategy_first_discard").record.replay()
    seventh = final.tricks[6]
    assert seventh.plays[0].seat == Seat.N and seventh.plays[0].card == Card.parse("7d")
    assert seventh.winner == Seat.S and Card.parse("Ad") in seventh.cards
    assert not any(t.plays[0].seat == Seat.N and t.plays[0].card.suit == Suit.BASTONI
                   for t in final.tricks[5:])
    assert final.result().sides["NS"].card_points == 7


def test_the_quiet_lead_a_busso_is_true_but_partner_is_seen_void():
    deal = position("strategy_quiet_lead")
    ace = Card.parse("Ad")
    assert "busso" in deal.true_signals(ace)
    assert _seen_void(deal, Seat.N, Suit.DENARI)
    after = deal.copy()
    after.play(ace)
    out = [c for c in suit_cards(Suit.DENARI) if not c.bit & after.played_mask]
    assert max(out) == Card.parse("Cd") and Card.parse("Cd") in after.hand(Seat.S)
    final = HandScript.load("strategy_quiet_lead").record.replay()
    assert not any(p.signal for p in final.plays if p.seat == Seat.S)  # South leads muta
    eighth = final.tricks[7]
    assert eighth.winner == Seat.S and eighth.plays[0].card == Card.parse("Cd")
    assert final.result().sides["NS"].card_points == 6


@pytest.mark.parametrize("name", ["strategy_return_suit", "strategy_first_discard",
                                  "strategy_quiet_lead"])
def test_the_signal_examples_hide_the_other_hands_until_the_learner_has_played(name):
    hand = GuidedHand(name, start=None, settings=Settings())
    assert hand.script.hidden and hand.walk.is_your_move() and not hand.table.show_all
    hand.show_me()
    assert hand.table.show_all
    hand.back()
    assert not hand.table.show_all


def test_the_quiet_lead_refuses_a_true_busso_with_the_right_card_and_says_why():
    hand = GuidedHand("strategy_quiet_lead", start=None, settings=Settings())
    assert hand.table.offer_signals and hand.walk.step in hand.script.signal_notes
    assert hand.table.choose_signal("busso") is None
    verdict = hand.try_card("Ad")
    assert verdict is not None and verdict.right  # the card is right ...
    assert hand.walk.is_your_move() and hand.attempt.mistakes == 1  # ... the sign is not
    assert hand.table.message.startswith("Right card, the Ace of coins, but the wrong sign.")
    assert "Knight of coins" in hand.table.message
    hand.table.choose_signal("busso")  # chosen again: no sign
    verdict = hand.try_card("Ad")
    assert verdict is not None and verdict.right and not hand.walk.is_your_move()
    assert not hand.table.offer_signals
    result = hand.last_result
    assert result is not None and result.mistakes == 1 and result.points_lost == 0
