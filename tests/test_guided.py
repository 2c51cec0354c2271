"""Guided hands: the script checks, the walk through the record, the solver's verdicts."""

import copy
import dataclasses
import json
from pathlib import Path

import pytest
from learner_text import check_sentence

from tressette_learn.ai.review import judge_play
from tressette_learn.content import ContentError
from tressette_learn.engine import Card, Seat
from tressette_learn.i18n import card_name
from tressette_learn.teaching.guided import HandScript, Walkthrough, cappotto_open, solver_answers
from tressette_learn.ui.events import Event
from tressette_learn.ui.guided import GuidedHand
from tressette_learn.ui.settings import SETTINGS, Settings

RECORD = json.loads((Path(__file__).parent / "data" / "seed002.json").read_text())
TEXT = {"en": "Deal 002", "it": "Smazzata 002"}


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
    ({"title": {"it": "solo italiano"}}, "title"),
    ({"title": {"en": "English", "xx": "no such language"}}, "title"),
    ({"your_moves": [5]}, "your_moves: play 5 is W's"),
    ({"your_moves": [99]}, "your_moves: 99"),
    ({"your_moves": "6"}, "your_moves"),
    ({"comments": {"41": TEXT}}, "comments.41"),
    ({"secret": 1}, "secret: unknown field"),
    ({"hidden": "yes"}, "hidden: expected true or false"),
    ({"signal_notes": {"5": TEXT}}, "signal_notes.5: not a lead"),
    ({"signal_notes": {"8": TEXT}}, "signal_notes.8: not one of your_moves"),
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


def test_a_hidden_hand_shows_the_others_once_the_learners_last_move_is_played():
    hand = GuidedHand(HandScript.from_json("sample", script_data(hidden=True)))
    assert not hand.table.show_all and guided().table.show_all
    hand.walk.step = 6
    hand.forward_trick()  # refused at a your move: still hidden
    assert hand.walk.is_your_move() and not hand.table.show_all
    hand.show_me()
    assert hand.walk.step == 7 and hand.table.show_all
    hand.back_trick()
    assert not hand.table.show_all
    assert GuidedHand(HandScript.from_json("sample", script_data(hidden=True)),
                      show_all=True).table.show_all


def test_forward_and_back_move_one_card_with_its_comment():
    hand = guided()
    for _ in range(4):
        assert hand.forward()
    assert hand.comment.value == "<p>North takes the trick.</p>"
    assert hand.table.status == "paused"  # the finished trick stays in view
    assert [p["card"] for p in hand.table.state["trick"]] == ["3c", "4s", "4c", "7s"]
    assert hand.table.state["status_text"] == "North takes the trick."
    assert hand.back() and hand.walk.step == 3
    assert hand.controls.state["text"] == "Trick 1 of 10 · card 3 of 40"


def test_forward_stops_at_the_learners_move():
    hand = guided()
    while hand.forward():
        pass
    assert hand.walk.step == 6 and hand.walk.is_your_move()
    assert hand.table.status == "your_turn"
    assert hand.controls.offered() == {"back_trick", "back", "show_me"}


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
    why = verdict.judged.explanation
    assert why.cost is not None  # what another card could cost: not said after a wrong one
    assert dataclasses.replace(why, cost=None).get("en") in message["text"]
    assert "Another card could cost" not in message["text"]
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
    card = Card.parse(RECORD["plays"][6]["card"])
    assert hand.table.message == f"The card played in this deal: {card_name(card, 'en')}."


def test_the_guided_hand_speaks_italian_after_the_switch():
    hand = guided()
    SETTINGS.lang = "it"
    labels = {step["action"]: step["label"] for step in hand.controls.state["steps"]}
    assert labels["forward"] == "Carta successiva ▶"
    assert hand.controls.state["text"] == "Presa 1 di 10 · carta 0 di 40"
    assert "Smazzata 002" in hand.title.value
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
    verdict = hand.try_card(Card.parse("3b"))  # 5 points where the 6 or the 5 make 7
    assert verdict is not None and not verdict.right and verdict.judged.cost == 2
    assert "costs 2 points" in hand.table.state["message"]["text"]
    assert started == []
    GuidedHand(HandScript.from_json("seed002", script_data()))
    assert started == [1]


# -- A guided hand the learner can trust (issue 12, defect 3) ----------------------------

STRATEGY = [name for name in HANDS if name.startswith("strategy_")]  # lesson 9


def browser_play(hand: GuidedHand, card: str) -> None:
    """The learner's click on ``card``, as the browser sends it."""
    hand.table._on_message(hand.table, {"type": "play", "card": card}, None)


def test_a_hand_opened_at_the_learners_move_takes_a_click():
    """Lesson 9 opens each hand at the learner's move: the cards must respond at once
    (no finished trick held on the table, waiting for a Next button)."""
    for name in STRATEGY:
        hand = GuidedHand(name, start=None, settings=Settings())
        south = next(s for s in hand.table.state["seats"] if s["seat"] == "S")
        assert hand.table.status == "your_turn", name
        assert south["playable"] and any(card["legal"] for card in south["cards"]), name
        move = hand.walk.step
        browser_play(hand, str(hand.walk.next_card()))
        assert hand.walk.step == move + 1, name


def cards_of(state: dict, seat: str) -> set[str]:
    return {c["card"] for s in state["seats"] if s["seat"] == seat for c in s["cards"]}


def test_after_a_different_card_just_as_good_the_table_and_the_text_agree():
    settings = Settings()
    hand = GuidedHand("find_the_cards", start=None, settings=settings)
    assert hand.walk.step == 7
    verdict = hand.try_card("5s")  # as good as the Four of swords that was played
    assert verdict is not None and verdict.right and verdict.played_in_record == Card.parse("4s")
    state = hand.table.state
    assert [p["card"] for p in state["trick"] if p["seat"] == "S"] == ["4s"]
    assert "5s" in cards_of(state, "S") and "4s" not in cards_of(state, "S")
    assert hand.comment.value.startswith(
        "<p>This deal goes on as it was played: South played the Four of swords, so the Five "
        "of swords stays in the hand.</p>")
    assert "the Four, or the Five, which is just as good" in hand.comment.value
    settings.lang = "it"
    assert hand.comment.value.startswith(
        "<p>La smazzata prosegue come è stata giocata: Sud ha giocato il Quattro di spade, "
        "quindi il Cinque di spade resta in mano.</p>")
    assert hand.table.message.startswith("Giusto")  # the verdict, worded again
    assert hand.forward() and "prosegue come" not in hand.comment.value
    assert hand.back() and hand.back() and hand.walk.is_your_move()
    hand.show_me()  # the record's own card: nothing to explain
    assert "prosegue come" not in hand.comment.value


def test_the_record_s_own_card_needs_no_such_note():
    hand = GuidedHand("find_the_cards", start=None, settings=Settings())
    assert hand.try_card("4s") is not None
    assert "as it was played" not in hand.comment.value


@pytest.mark.parametrize("name", HANDS)
def test_the_steps_are_the_only_controls_of_a_guided_hand(name):
    """No "Next trick" (nor signals, declarations, undo) of the table's own beside the
    hand's steps, at any card of the deal; the signals only at a lead whose sign is asked
    (``signal_notes``)."""
    hand = GuidedHand(name, settings=Settings())
    while True:
        state = hand.table.state
        shown = {k: v for k, v in state["buttons"].items() if v}
        asked = hand.walk.is_your_move() and hand.walk.step in hand.script.signal_notes
        assert (shown, bool(state["signals"]), state["declare"]) == ({}, asked, []), \
            hand.walk.step
        if hand.walk.is_your_move():
            hand.show_me()
        elif not hand.forward():
            break


def test_a_guided_table_ignores_messages_for_buttons_it_does_not_show():
    hand = GuidedHand("strategy_count_suits", settings=Settings())  # South holds three 3s
    for _ in range(4):
        hand.forward()  # the first trick is over: the time to declare
    for msg in ({"type": "declare", "id": "S:buon_gioco:3:d"}, {"type": "next"},
                {"type": "signal", "signal": "busso"}, {"type": "call"}, {"type": "redeal"}):
        hand.table._on_message(hand.table, msg, None)
    assert hand.table.deal.declarations == [] and hand.table.status == "paused"


def test_next_trick_steps_through_a_deal_in_ten_presses_and_back():
    hand = GuidedHand("seed002", settings=Settings())
    presses = 0
    while hand.controls.press("forward_trick"):
        presses += 1
        assert len(hand.table.state["trick"]) == 4  # each stop shows the whole trick
        assert hand.controls.state["text"].startswith(f"Trick {presses} of 10 ·")
    assert presses == 10 and hand.walk.step == 40
    backs = 0
    while hand.controls.press("back_trick"):
        backs += 1
    assert backs == 10 and hand.walk.step == 0


def test_a_deal_with_four_moves_takes_fifteen_presses():
    """Ten tricks, four moves (each one press), one move inside a trick (one press more)."""
    hand = GuidedHand("find_the_cards", settings=Settings())
    presses = 0
    while hand.walk.step < hand.script.length:
        assert hand.controls.press("show_me" if hand.walk.is_your_move() else "forward_trick")
        presses += 1
    assert presses == 15


def test_the_keyboard_focus_follows_the_learner(monkeypatch):
    hand = GuidedHand("find_the_cards", settings=Settings())
    sent: list[tuple[str, dict]] = []
    monkeypatch.setattr(hand.table, "send", lambda msg: sent.append(("table", msg)))
    monkeypatch.setattr(hand.controls, "send", lambda msg: sent.append(("controls", msg)))
    hand.controls.press("forward_trick")  # trick 1 over: the button still acts, focus stays
    assert sent == []
    hand.controls.press("forward_trick")  # South's move: the focus goes to South's cards
    assert sent == [("table", {"type": "focus"})]
    sent.clear()
    hand.try_card("4s")  # the played card leaves the hand: the focus goes to Next trick
    assert sent == [("controls", {"type": "focus", "action": "forward_trick"})]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_at_the_learners_lead_the_position_names_the_trick_the_comment_speaks_of(lang):
    """Lesson 9: "Trick 3: you lead" stood beside "Trick 2 of 10" (the trick just taken)."""
    SETTINGS.lang = lang
    hand = GuidedHand(HandScript.load("strategy_lead_threes"))
    while hand.forward():
        pass
    assert hand.walk.step == 8 and hand.walk.is_your_move()
    position = hand.controls.state["text"]
    assert position.startswith("Trick 3 of 10 ·" if lang == "en" else "Presa 3 di 10 ·")
    assert ("Trick 3: you lead" if lang == "en" else "Terza presa: esci tu") in \
        hand.comment.value


# -- each for himself: the Traversone hand -------------------------------------------------
def traversone_script(**changes) -> HandScript:
    data = json.loads((Path(__file__).parent.parent / "lessons" / "hands" / "traversone.json")
                      .read_text(encoding="utf-8"))
    data.update(changes)
    return HandScript.from_json("traversone", data)


def paranoid_points(deal, seat: Seat) -> int:
    """``seat``'s points at the end, ``seat`` taking as few as it can and every other
    player playing to give it as many as they can (searched card by card)."""
    if deal.is_over():
        return deal.result().sides[deal.side_of(seat)].total
    outcomes = []
    for card in deal.legal_cards():
        twin = deal.copy()
        twin.play(card)
        outcomes.append(paranoid_points(twin, seat))
    return min(outcomes) if deal.to_play == seat else max(outcomes)


def test_the_solver_values_the_learners_own_points_each_for_himself():
    """Three tricks from the end, every legal card's stored value is South's own points,
    the fewest he can be sure of whatever the three others do: checked card by card."""
    script = traversone_script(your_moves=[28])
    deal = Walkthrough(script).deal_at(28)
    assert deal.to_play == Seat.S and not deal.rules.partners
    expected = {}
    for card in deal.legal_cards():
        twin = deal.copy()
        twin.play(card)
        expected[card] = paranoid_points(twin, Seat.S)
    assert {v.card: v.points for v in solver_answers(script)[28]} == expected


def test_a_your_move_is_not_solved_while_a_cappotto_is_still_possible():
    """The solver counts points; the reversed cappotto turns them round, so a hand may not
    ask for a card before every player's cappotto is out of reach."""
    with pytest.raises(ContentError, match="at play 2 a cappotto is still possible"):
        solver_answers(traversone_script(your_moves=[2]))
    assert not cappotto_open(Walkthrough(traversone_script()).deal_at(21))
