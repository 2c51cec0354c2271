"""Guided hands: the script checks, the walk through the record, the solver's verdicts."""

import copy
import json
from pathlib import Path

import pytest
from learner_text import check_sentence

from tressette_learn.ai.review import judge_play
from tressette_learn.content import ContentError
from tressette_learn.engine import Card, Seat
from tressette_learn.i18n import card_name
from tressette_learn.teaching.guided import HandScript, Walkthrough, solver_answers
from tressette_learn.ui.events import Event
from tressette_learn.ui.guided import GuidedHand
from tressette_learn.ui.settings import SETTINGS

RECORD = json.loads((Path(__file__).parent / "data" / "seed002.json").read_text())
TEXT = {"en": "Seed 002", "it": "Seme 002"}


def script_data(**changes) -> dict:
    data = {"title": TEXT, "seat": "S", "intro": {"en": "North leads.", "it": "Nord apre."},
            "record": copy.deepcopy(RECORD),
            "comments": {"4": {"en": "North takes the trick.", "it": "Nord prende."}},
            "your_moves": [6]}
    data.update(changes)
    return data


@pytest.fixture(autouse=True)
def english():
    SETTINGS.lang = "en"
    yield
    SETTINGS.lang = "en"


@pytest.mark.parametrize(("change", "field"), [
    ({"seat": "X"}, "seat: "),
    ({"title": {"en": "only English"}}, "title"),
    ({"your_moves": [5]}, "your_moves: play 5 is W's"),
    ({"your_moves": [99]}, "your_moves: 99"),
    ({"your_moves": "6"}, "your_moves"),
    ({"comments": {"41": TEXT}}, "comments.41"),
    ({"secret": 1}, "secret: unknown field"),
])
def test_a_bad_hand_file_names_the_field(change, field):
    with pytest.raises(ContentError, match=field):
        HandScript.from_json("sample", script_data(**change))


def test_a_bad_record_names_its_field():
    data = script_data()
    data["record"]["plays"][1]["card"] = "3c"
    with pytest.raises(ContentError, match=r"record: .*plays\[1\]"):
        HandScript.from_json("sample", data)


def test_the_walk_replays_the_record_card_by_card():
    walk = Walkthrough(HandScript.from_json("sample", script_data()))
    assert walk.comment("it") == "Nord apre."
    for step in range(len(RECORD["plays"])):
        deal = walk.deal_at(step)
        assert [str(p.card) for p in deal.plays] == [p["card"] for p in RECORD["plays"][:step]]
        assert str(walk.next_card()) == RECORD["plays"][step]["card"]
        walk.forward()
    assert not walk.forward() and walk.deal_at(walk.step).is_over()


def guided() -> GuidedHand:
    return GuidedHand(HandScript.from_json("sample", script_data()))


def test_forward_and_back_move_one_card_with_its_comment():
    hand = guided()
    for _ in range(4):
        assert hand.forward()
    assert hand.comment.value == "<p>North takes the trick.</p>"
    assert hand.table.status == "trick_done"
    assert [p["card"] for p in hand.table.state["trick"]] == ["3c", "4s", "4c", "7s"]
    assert hand.back() and hand.walk.step == 3
    assert "Card 3 of 40" in hand.position.value


def test_forward_stops_at_the_learners_move():
    hand = guided()
    while hand.forward():
        pass
    assert hand.walk.step == 6 and hand.walk.is_your_move()
    assert hand.table.status == "your_turn"
    assert hand.forward_button.disabled


def at_your_move() -> GuidedHand:
    hand = guided()
    while hand.forward():
        pass
    return hand


def test_every_card_as_good_as_the_best_is_accepted_and_others_are_not():
    hand = at_your_move()
    deal = hand.walk.deal_at(6)
    verdicts = {card: judge_play(deal, card) for card in deal.legal_cards()}
    best = max(v.best_points for v in verdicts.values())
    for card, verdict in verdicts.items():
        probe = at_your_move()
        before = probe.walk.step
        answer = probe.try_card(card)
        assert answer is not None and answer.right == (verdict.played_points == best)
        assert probe.walk.step == before + (1 if answer.right else 0)


BLUNDER = json.loads((Path(__file__).parent / "data" / "blunder.json").read_text())


def test_a_costly_card_is_answered_with_its_cost_and_why():
    # North's opening lead in blunder.json: one card there gives points away
    hand = GuidedHand(HandScript.from_json("blunder", script_data(
        record=BLUNDER, seat="N", your_moves=[0], comments={})))
    deal = hand.walk.deal_at(0)
    costly = [c for c in deal.legal_cards() if judge_play(deal, c).cost > 0]
    events: list[Event] = []
    hand.on_event(events.append)
    verdict = hand.try_card(costly[0])
    assert verdict is not None and not verdict.right
    message = hand.table.state["message"]
    assert message["kind"] == "error"
    assert f"costs {verdict.judged.cost} point" in message["text"]
    assert verdict.judged.explanation.get("en") in message["text"]
    assert hand.walk.step == 0 and hand.table.deal.plays == []
    assert events[-1].kind == "answer" and events[-1].correct is False


POINTS = {"en": ("1 point", "{} points"), "it": ("1 punto", "{} punti")}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_verdicts_name_the_cards_and_count_points_in_the_language(lang):
    SETTINGS.lang = lang
    hand = GuidedHand(HandScript.from_json("blunder", script_data(
        record=BLUNDER, seat="N", your_moves=[0], comments={})))
    deal = hand.walk.deal_at(0)
    judged = {card: judge_play(deal, card) for card in deal.legal_cards()}
    said = {}
    for card, verdict in judged.items():
        probe = GuidedHand(hand.script)
        assert probe.try_card(card) is not None
        text = said[card] = probe.table.state["message"]["text"]
        check_sentence(text)
        assert card_name(card, lang) in text
        if verdict.cost:
            one, many = POINTS[lang]
            assert (one if verdict.cost == 1 else many.format(verdict.cost)) + "." in text
            assert "1 points" not in text and "1 punti" not in text
    assert any(v.cost == 0 for v in judged.values()) and any(v.cost for v in judged.values())
    right = next(card for card, v in judged.items() if v.cost == 0)
    start = {"en": "Right: ", "it": "Giusto: "}[lang]
    assert said[right].startswith(start + card_name(right, lang))


def test_an_illegal_card_is_refused_by_the_rules_before_the_solver():
    hand = at_your_move()
    deal = hand.walk.deal_at(6)
    illegal = next(c for c in deal.hand(Seat.S) if c not in deal.legal_cards())
    assert hand.try_card(illegal) is None
    assert hand.table.state["message"]["text"].startswith("You must follow")


def test_show_me_plays_the_records_card():
    hand = at_your_move()
    hand.show_me()
    assert hand.walk.step == 7
    assert str(hand.table.deal.plays[-1].card) == RECORD["plays"][6]["card"]
    assert Card.parse(RECORD["plays"][6]["card"]).name("en") in hand.table.message


def test_the_guided_hand_speaks_italian_after_the_switch():
    hand = guided()
    SETTINGS.lang = "it"
    assert hand.forward_button.description == "Avanti ▶"
    assert "Seme 002" in hand.title.value
    assert hand.comment.value == "<p>Nord apre.</p>"


def test_a_guided_hand_can_open_at_the_learners_move_and_still_go_back():
    hand = GuidedHand(HandScript.from_json("sample", script_data()), start=None)
    assert hand.walk.step == 6 and hand.table.status == "your_turn"
    assert len(hand.table.deal.plays) == 6
    assert hand.back() and hand.walk.step == 5
    with pytest.raises(ValueError, match="start"):
        GuidedHand(HandScript.from_json("sample", script_data()), start=99)


HANDS = sorted(p.stem for p in (Path(__file__).parent.parent / "lessons" / "hands").glob("*.json"))


@pytest.mark.parametrize("name", HANDS)
def test_the_stored_answers_of_each_your_move_are_the_solvers(name):
    """A lesson judges from lessons/hands/solved (no compiled solver): those answers must be
    what the solver says now (rerun `python -m scripts.solve_hands` after editing a hand)."""
    script = HandScript.load(name)
    solver = solver_answers(script)
    assert set(script.solved) == set(solver) == set(script.your_moves)
    for number, stored in script.solved.items():
        assert {(v.card, v.points) for v in stored} == {(v.card, v.points) for v in solver[number]}


@pytest.mark.parametrize(("solved", "error"), [
    ([], "expected an object keyed by play number"),
    ({"6": {}}, "6: expected {card: points}"),
    ({"6": {"Zz": 3}}, "6: "),
    ({"6": {"Ac": 30}}, "6: points must be a whole number from 0 to 21, not 30"),
    ({"7": {"Ac": 3}}, "7: not one of your_moves"),
])
def test_bad_stored_answers_name_the_file_and_the_play(solved, error):
    with pytest.raises(ContentError, match=r"hands/solved/seed002\.json: ") as caught:
        HandScript.from_json("seed002", script_data(), solved)
    assert error in str(caught.value)


def test_a_hand_with_stored_answers_judges_without_the_compiled_solver(monkeypatch):
    started = []
    monkeypatch.setattr("tressette_learn.ui.guided.warm_up", lambda: started.append(1))
    monkeypatch.setattr("tressette_learn.ai.review._core_available", lambda: started.append(2))
    hand = GuidedHand("strategy_last_trick", start=None)
    assert hand.table.status == "trick_done"  # trick 7 stays on the table until Next
    hand.table.next_trick()
    verdict = hand.try_card(Card.parse("3b"))  # 5 points where the 6 or the 5 make 7
    assert verdict is not None and not verdict.right and verdict.judged.cost == 2
    assert "costs 2 points" in hand.table.state["message"]["text"]
    assert started == []
    GuidedHand(HandScript.from_json("seed002", script_data()))
    assert started == [1]
