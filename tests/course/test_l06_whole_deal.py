"""Lesson 6, a whole deal: the hand files are sound and say what the engine finds."""

import json
from pathlib import Path

import pytest

from tressette_learn.ai.review import judge_play
from tressette_learn.engine import DECK, Card, Deal, Rules, Seat, parse_cards
from tressette_learn.engine.seats import next_seat
from tressette_learn.engine.tricks import Play, winning_play
from tressette_learn.teaching.guided import HandScript, Walkthrough
from tressette_learn.teaching.questions import legal_question
from tressette_learn.ui.guided import GuidedHand
from tressette_learn.ui.settings import Settings

DATA = Path(__file__).resolve().parents[1] / "data"
HANDS = ("seed002", "seed001_trick", "find_the_cards")


def final(name: str) -> Deal:
    return HandScript.load(name).record.replay()


def _first_lead() -> int:
    leader = Deal.new(Rules(), dealer=Seat.E).to_play
    assert leader is not None
    return [Seat.W, Seat.N, Seat.S].index(leader)


def _next_leader() -> int:
    deal = final("find_the_cards")
    pairs = list(zip(deal.tricks, deal.tricks[1:], strict=False))
    options = [lambda a, b: b.leader == next_seat(a.leader, 4),
               lambda a, b: b.leader == deal.dealer,
               lambda a, b: b.leader == a.winner]
    holds = [all(rule(a, b) for a, b in pairs) for rule in options]
    assert holds.count(True) == 1
    return holds.index(True)


def _eleven_nil() -> int:
    result = final("seed002").result()
    score = f"{result.total('NS')} to {result.total('EW')}"
    return ["12 to 0", "11 to 0", "10 to 1"].index(score)


def _void() -> int:
    hand = parse_cards("3s 2b Ab 7s")
    trick = (Play(Seat.N, Card.parse("5c")), Play(Seat.W, Card.parse("Fc")))
    legal = legal_question("q", trick, hand).answer
    if not legal:
        return 2
    off_suit_three = winning_play((*trick, Play(Seat.S, Card.parse("4c")),
                                   Play(Seat.E, Card.parse("3s")))).card == Card.parse("3s")
    return 1 if off_suit_three else 0 if legal == frozenset(hand) else -1


CHOICES = {
    "whole-deal-first-lead": _first_lead,
    "whole-deal-next-leader": _next_leader,
    "whole-deal-tricks": lambda: ["10", "4", "40"].index(str(Rules().tricks_per_deal)),
    "whole-deal-eleven-nil": _eleven_nil,
    "whole-deal-void": _void,
}


@pytest.mark.parametrize("name", HANDS)
def test_each_hand_file_loads_and_plays_a_whole_deal(name):
    script = HandScript.load(name)
    deal = script.record.replay()
    assert deal.is_over() and len(deal.tricks) == 10
    assert all([p.seat for p in t.plays][:2] == [t.leader, next_seat(t.leader, 4)]
               for t in deal.tricks)  # anticlockwise: the leader's right plays second


def test_seed002_is_the_recorded_deal_and_ends_eleven_to_nil():
    script = HandScript.load("seed002")
    recorded = json.loads((DATA / "seed002.json").read_text(encoding="utf-8"))
    data = script.record.to_json()
    for field in ("dealer", "hands", "plays", "match_scores"):
        assert data[field] == recorded[field]
    deal = script.record.replay()
    result = deal.result()
    assert [t.winner for t in deal.tricks] == [Seat.N] * 10  # NS take every trick
    assert [p.seat for p in deal.tricks[0].plays] == [Seat.N, Seat.W, Seat.S, Seat.E]
    assert (result.sides["NS"].thirds, result.sides["EW"].thirds) == (35, 0)
    assert (result.total("NS"), result.total("EW")) == (11, 0)
    rules = deal.rules
    assert rules.target == 31 and not rules.declarations and not deal.declarations
    assert deal.match_scores["NS"] + result.total("NS") == 31


def test_seed002_comments_east_s_3_cannot_win_off_suit():
    trick = final("seed002").tricks[1]
    assert [str(c) for c in trick.cards] == ["2c", "Cs", "Cc", "3s"] and trick.winner == Seat.N


def test_seed001_trick_is_the_example_and_worth_3_thirds():
    script = HandScript.load("seed001_trick")
    deal = script.record.replay()
    # players 1..4 of the seed: 1 and 4 partners; 3 deals; order 1, 2, 4, 3
    players = {1: Seat.N, 2: Seat.W, 3: Seat.E, 4: Seat.S}
    assert players[1].partner == players[4] and players[2].partner == players[3]
    assert deal.dealer == players[3] and next_seat(deal.dealer, 4) == players[1]
    first = deal.tricks[0]
    assert [(p.seat, str(p.card)) for p in first.plays] == [
        (players[1], "3d"), (players[2], "Rd"), (players[4], "4d"), (players[3], "2d")]
    assert first.winner == players[1]
    assert sum(card.thirds for card in first.cards) == 3  # 1 point
    three = Card.parse("3d")  # the strongest coin: sure to win when led
    assert all(three.beats(c) for c in DECK if c.suit == three.suit and c != three)
    second = deal.tricks[1]
    assert second.plays[0] == Play(Seat.N, Card.parse("Ad")) and second.winner == Seat.N
    walk = Walkthrough(script)
    before = walk.deal_at(4)  # the ace is safe: nobody still holds a higher coin
    assert not any(c.suit == Card.parse("Ad").suit and c.beats(Card.parse("Ad"))
                   for seat in before.seats for c in before.hand(seat))


def _judged(name: str, move: int):
    walk = Walkthrough(HandScript.load(name))
    deal = walk.deal_at(move)
    return walk, {card: judge_play(deal, card) for card in deal.legal_cards()}


@pytest.mark.parametrize("move", sorted(HandScript.load("find_the_cards").your_moves))
def test_each_your_move_has_a_costly_alternative_and_the_record_is_best(move):
    walk, judged = _judged("find_the_cards", move)
    played = walk.script.record.plays[move].card
    assert judged[played].cost == 0
    assert any(v.cost >= 1 for v in judged.values())


@pytest.mark.parametrize(("move", "costs"), [
    (7, {"4s": 0, "2s": 2}),
    (11, {"2s": 0, "5s": 1}),
    (19, {"4d": 0, "5s": 0, "3d": 4, "3b": 3}),
    (25, {"3b": 0, "Rb": 2}),
])
def test_the_commentary_quotes_the_solver_s_costs(move, costs):
    _walk, judged = _judged("find_the_cards", move)
    assert {card: judged[Card.parse(card)].cost for card in costs} == costs


def test_the_final_comment_of_the_learner_s_deal():
    deal = final("find_the_cards")
    result = deal.result()
    assert (result.sides["NS"].thirds, result.total("NS")) == (19, 6)
    assert (result.sides["EW"].thirds, result.total("EW")) == (16, 5)
    assert [t.winner for t in deal.tricks[6:]] == [Seat.S] * 4
    assert deal.tricks[6].plays[0].card == Card.parse("Ab")
    assert deal.tricks[6].winner == Seat.S  # the 3 of batons takes the ace


def test_the_guided_widget_refuses_a_costly_card_and_takes_the_best():
    hand = GuidedHand("find_the_cards", settings=Settings())
    while hand.forward():
        pass
    assert hand.walk.step == 7 and hand.walk.is_your_move()
    wrong = hand.try_card("2s")
    assert wrong is not None and not wrong.right and wrong.judged.cost == 2
    assert hand.walk.step == 7
    right = hand.try_card("4s")
    assert right is not None and right.right and hand.walk.step == 8
    assert "Keep the Two" in hand.comment.value
