"""Issue 14, the review on the table: a reviewed mistake played again and linked to its
lesson, a match left mid-way resumed, a guided hand scored."""

from __future__ import annotations

import dataclasses
import html
import logging
from pathlib import Path

import pytest

from tressette_learn.ai.hints import warm_up
from tressette_learn.ai.review import ReviewedPlay, judge_play, review
from tressette_learn.ai.review_talk import MissedDeclaration, SignalNote
from tressette_learn.engine import Card, Deal, Play, Rules, Seat
from tressette_learn.engine.declarations import Declaration
from tressette_learn.i18n import card_name, counted, ordinal
from tressette_learn.store import Store
from tressette_learn.teaching.course import by_role
from tressette_learn.teaching.review_lessons import lesson_for
from tressette_learn.ui.classroom.recorder import Recorder
from tressette_learn.ui.coach import Coach, review_html
from tressette_learn.ui.events import Event
from tressette_learn.ui.guided import GuidedHand
from tressette_learn.ui.match import MatchPlay
from tressette_learn.ui.match_state import match_state
from tressette_learn.ui.replay import MistakeReplay
from tressette_learn.ui.settings import SETTINGS, Settings
from tressette_learn.ui.table import Table


@pytest.fixture(scope="module", autouse=True)
def solver_loaded():
    warm_up(background=False)


def top_card(table: Table) -> Card:
    return max(table.deal.legal_cards(), key=lambda c: (c.thirds, c.rank))


def finished(seed: int, views: dict | None = None) -> Table:
    """A deal played to the end by a learner who always plays the top legal card;
    ``views``: what the learner saw before each of their cards, by play number."""
    table = Table(seed=seed, delay_ms=0)
    while table.status != "over":
        table.run()
        table.next_trick()
        if table.status == "your_turn":
            if views is not None:
                views[len(table.deal.plays)] = table.view()
            table.play(top_card(table))
    return table


def reviewed(seed: int = 6) -> tuple[Table, Coach]:
    table = finished(seed)
    coach = Coach(table)
    assert coach.show_review() is not None and coach.last_review.mistakes
    return table, coach


def reviews(seeds: range):
    """Each reviewed deal of ``seeds`` with a mistake: (table, coach)."""
    for seed in seeds:
        table = finished(seed)
        coach = Coach(table)
        if coach.show_review() is not None and coach.last_review.mistakes:
            yield table, coach


# -- the review on the table ------------------------------------------------------------------
def test_a_replayed_position_is_the_position_the_learner_saw_then():
    views: dict = {}
    table = finished(6, views)
    mistakes = review(table.deal, "S").mistakes
    assert mistakes
    for mistake in mistakes:
        replay = MistakeReplay(table.deal, mistake)
        assert replay.position.plays == table.deal.plays[:mistake.number]
        assert replay.position.view(Seat.S) == views[mistake.number]
        assert replay.position.to_play == Seat.S


def test_the_replay_button_puts_the_position_back_and_judges_as_the_review():
    table, coach = reviewed()
    heard: list[Event] = []
    coach.on_event(heard.append)
    mistake = coach.last_review.mistakes[0]
    assert len(coach.replays.children) == len(coach.last_review.mistakes)
    coach.replays.children[0].click()
    assert coach.replaying is not None and table.status == "your_turn"
    assert table.deal.plays == coach._final.plays[:mistake.number]
    assert coach.back_button.layout.display is None
    # the card played then: what it cost in the review, and try again
    assert table.play(mistake.card) is None
    assert table.message == (f"Playing {card_name(mistake.card, 'en')} would cost "
                             f"{counted(mistake.cost, 'point', 'en')} here. Try again.")
    assert table.deal.plays == coach._final.plays[:mistake.number]  # nothing played
    assert [e.kind for e in heard] == []
    # a best card solves it
    assert table.play(mistake.best[0]) is None
    assert table.message.startswith("Right: ") and "Solved!" in table.message
    assert table.deal.plays[-1].card == mistake.best[0]
    # the status says what comes next (it said "Step through the deal with the buttons
    # below the table", and there were none)
    assert table.deal.current  # the trick goes no further: nobody plays on
    assert table.state["status_text"] == (
        "Replay the next mistake, go back to the review, or pick another mistake "
        "with its button below.")
    assert coach.back_button.layout.display is None and coach.replays.children
    [result] = heard
    assert result.kind == "result" and result.source == "review" and result.correct is True
    assert result.data["exercise"] == "replay" and result.data["lesson"] == lesson_for(mistake)
    assert result.data["mistakes"] == 1 and result.data["hints"] == 0
    assert result.data["points_lost"] == mistake.cost and result.data["seconds"] >= 0
    assert result.item.endswith(f"/{mistake.number}")
    # back to the review: the finished deal and the same review
    assert coach.back_to_review()
    assert table.deal is coach._final and table.status == "over"
    assert coach.last_review is not None and not coach.review_button.disabled
    assert len(heard) == 1  # reported once


def test_a_solved_replay_offers_the_next_mistake():
    """A solved replay was a dead end: now a button goes on to the next mistake."""
    table, coach = next((t, c) for t, c in reviews(range(6, 30))
                        if len(c.last_review.mistakes) > 1)
    mistakes = coach.last_review.mistakes
    coach.replay(0)
    assert coach.next_button.layout.display == "none"  # not before it is solved
    table.play(mistakes[0].best[0])
    assert coach.replaying.solved and coach.next_button.layout.display is None
    assert coach.next_button.description == "Replay the next mistake"
    coach.next_button.click()
    assert coach.replaying.mistake is mistakes[1] and not coach.replaying.solved
    assert table.deal.plays == coach._final.plays[:mistakes[1].number]
    assert coach.next_button.layout.display == "none"
    for index in range(1, len(mistakes)):  # the last one solved: no next, back remains
        coach.replay(index)
        table.play(mistakes[index].best[0])
    assert coach.next_button.layout.display == "none"
    assert coach.back_button.layout.display is None
    assert table.state["status_text"].endswith(  # and the status line offers no next
        "That was the last mistake: go back to the review, or pick another mistake with its "
        "button below.")


def test_col_morto_two_mistakes_of_one_trick_are_replayed_in_the_order_played():
    """Col morto, East deals (seed 5): at trick 3 the dummy West's card costs 1 point and
    then East's own 2. The review and Next mistake go West's, then East's, then on to the
    later tricks, not the costliest first."""
    table = Table("col_morto", seat="E", seed=5, delay_ms=0)
    while table.status != "over":
        table.run()
        table.next_trick()
        if table.status == "your_turn":
            table.play(top_card(table))
    coach = Coach(table)
    result = coach.show_review()
    assert result is not None
    assert [(m.trick, str(m.seat), m.cost) for m in result.mistakes] == \
        [(3, "W", 1), (3, "E", 2), (5, "W", 1), (7, "W", 2)]
    assert [b.description for b in coach.replays.children] == [
        "Replay mistake 1 (trick 3)", "Replay mistake 2 (trick 3)",
        "Replay mistake 3 (trick 5)", "Replay mistake 4 (trick 7)"]
    text = html.unescape(coach.output.value)
    assert text.index("Trick 3, West: ") < text.index("Trick 3, East: ")
    replayed = []
    coach.replay(0)
    while coach.replaying is not None:
        mistake = coach.replaying.mistake
        replayed.append(mistake.number)
        table.play(mistake.best[0])
        if coach.next_mistake() is None:
            break
    assert replayed == [m.number for m in result.mistakes] == sorted(replayed)


def test_a_replay_on_lead_shows_the_signal_buttons_and_plays_the_signal():
    """No signal buttons on lead in a replay: the signal could not go with the card."""
    found = next(((t, c, i) for t, c in reviews(range(6, 40))
                  for i, m in enumerate(c.last_review.mistakes)
                  if not c._final.replayed(m.number).current
                  and any(c._final.replayed(m.number).good_signal(b) for b in m.best)),
                 None)
    assert found is not None, "no reviewed deal has a mistake on a lead with a true signal"
    table, coach, index = found
    mistake = coach.last_review.mistakes[index]
    coach.replay(index)
    assert [s["value"] for s in table.state["signals"]] == ["busso", "volo", "striscio"]
    card = next(b for b in mistake.best if table.deal.good_signal(b))
    signal = table.deal.good_signal(card)
    table._on_message(table, {"type": "signal", "signal": signal}, [])
    assert [s["value"] for s in table.state["signals"] if s["selected"]] == [signal]
    assert table.play(card) is None and coach.replaying.solved
    assert table.deal.plays[-1].card == card and table.deal.plays[-1].signal == signal
    assert coach.back_to_review() and table.state["signals"] == []


def test_the_same_deal_and_mistake_is_the_same_exercise_across_sessions():
    first, second = finished(6), finished(6)
    a, b = review(first.deal, "S").mistakes[0], review(second.deal, "S").mistakes[0]
    assert MistakeReplay(first.deal, a).item == MistakeReplay(second.deal, b).item
    other = review(finished(7).deal, "S").mistakes[0]
    assert MistakeReplay(finished(7).deal, other).item != MistakeReplay(first.deal, a).item


def test_a_replay_left_after_a_wrong_card_is_reported_unsolved():
    table, coach = reviewed()
    heard: list[Event] = []
    coach.on_event(heard.append)
    mistake = coach.last_review.mistakes[0]
    coach.replay(0)
    table.play(mistake.card)
    coach.back_to_review()
    [result] = heard
    assert result.correct is False and result.data["mistakes"] == 1
    coach.replay(0)
    coach.back_to_review()  # nothing tried: nothing to report
    assert len(heard) == 1


def test_each_mistake_links_to_its_lesson_titled_in_the_learners_language():
    table, coach = reviewed()
    result = coach.last_review
    number = by_role("strategy").number
    for lang, title in (("en", f"{number} · Strategy"), ("it", f"{number} · La strategia")):
        text = html.unescape(review_html(result, lang))
        assert text.count('class="tl-coach-lesson"') >= len(result.mistakes)
        assert title in text
    assert 'href="07_strategy.ipynb"' in review_html(result, "en")
    SETTINGS.lang = "it"
    first = result.mistakes[0].trick
    assert coach.replays.children[0].description == \
        f"Rigioca la {ordinal(first, 'it')} presa (errore 1)"


def _play(**changes) -> ReviewedPlay:
    mistake = review(finished(6).deal, "S").mistakes[0]
    return dataclasses.replace(mistake, **changes)


def test_the_lesson_of_a_mistake_follows_what_the_review_says():
    play = _play()
    assert lesson_for(dataclasses.replace(play, revoke=True)) == "04_following_suit"
    busso = dataclasses.replace(play.explanation, reason="return_busso")
    assert lesson_for(dataclasses.replace(play, explanation=busso)) == "08_signals"
    guard = dataclasses.replace(play.explanation, reason="keep_guard")
    assert lesson_for(dataclasses.replace(play, explanation=guard)) == "07_strategy"
    decl = Declaration(Seat.S, "napoletana", "c")
    assert lesson_for(MissedDeclaration(decl, 3)) == "09_declarations"
    note = SignalNote("missing", 0, 1, Seat.S, Seat.N, play.card, None, "busso", 1, (),
                      play.better)
    assert lesson_for(note) == "08_signals"


def test_every_card_mistake_a_perdere_links_to_the_variants_lesson():
    """A perdere, a mistake the review explains by a shared reason (East's Seven of coins
    takes South's Six: "stay out of the trick", duck) is the variants lesson, not the
    strategy one, which teaches the normal aim; a revoke is still following suit."""
    deal = Deal.new(Rules.preset("a_perdere"), seed=2)
    moves = "5c 6c 7c 4c 4b 2b Rb 6b Cd Fd 3d Ad 5s Cs Fs Rs 7b 5b 2s 6s Fc Cc Rc 2d 6d"
    for text in moves.split():
        deal.play(Card.parse(text))
    mistake = judge_play(deal, Card.parse("7d"))
    assert mistake.cost > 0 and mistake.a_perdere
    assert mistake.explanation.phrase.key == "explain.duck.perdere.nothing"
    assert lesson_for(mistake) == by_role("variants").id
    assert lesson_for(dataclasses.replace(mistake, revoke=True)) == by_role("following").id
    assert lesson_for(dataclasses.replace(mistake, a_perdere=False)) == by_role("strategy").id


def test_the_replay_speaks_italian():
    table, coach = reviewed()
    mistake = coach.last_review.mistakes[0]
    SETTINGS.lang = "it"
    coach.replay(0)
    assert table.message.startswith(f"Sei di nuovo alla {ordinal(mistake.trick, 'it')} presa, "
                                    "con le carte di allora: qui hai ")
    table.play(mistake.card)
    assert table.message.startswith("Giocare ") and "Riprova." in table.message
    assert "punt" in table.message
    assert coach.back_button.description == "Torna alla revisione"


# -- matches resume -----------------------------------------------------------------------------
def started(seed: int = 5, settings: Settings | None = None, preset: str = "a_due",
            target: int = 11) -> MatchPlay:
    play = MatchPlay(seed=seed, delay_ms=0, settings=settings or Settings())
    play.setup.level.value, play.setup.preset.value = "random", preset
    play.setup.target.value = target
    assert play.start() is None
    return play


def play_cards(play: MatchPlay, cards: int) -> None:
    """The learner's first legal card each turn, ``cards`` of them (or to the deal's end)."""
    table = play.table
    for _ in range(200):
        if cards == 0 or table.status == "over":
            return
        if table.status == "your_turn":
            assert table.play(table.deal.legal_cards()[0]) is None
            cards -= 1
        elif table.status == "trick_done":
            table.next_trick()
        else:
            table.advance()


def states(play: MatchPlay) -> list:
    saved: list = []
    play.on_event(lambda e: saved.append(e.data["state"]) if e.kind == "match_state" else None)
    return saved


def test_a_match_saved_after_every_card_resumes_where_it_was():
    play = started(preset="standard", target=21)
    saved = states(play)
    play_cards(play, 30)  # past the first deal
    assert play.table.status == "over" or play.match.finished
    if play.table.status == "over":
        assert play.next_deal()
    play_cards(play, 3)
    assert len(saved) > 10  # after every card (the computers' too) and every deal
    state = saved[-1]
    again = MatchPlay(delay_ms=0, settings=Settings())
    assert again.resume_match(state)
    before, after = play.match, again.match
    assert after.totals == before.totals and len(after.finished) == len(before.finished)
    assert after.deal.plays == before.deal.plays
    assert again.choice == play.choice and again.seed == play.seed
    assert again.table.deal is after.deal and again.table.level == "random"
    assert again.scoreboard.totals == play.scoreboard.totals
    assert again.info.value.count("Match resumed: deal 2, score ")
    # the next deal is dealt from the seed as it would have been
    for one in (play, again):
        play_cards(one, 100)
        assert one.next_deal()
    assert again.match.deal.dealt_hand(Seat.S) == play.match.deal.dealt_hand(Seat.S)


def test_a_match_left_between_deals_shows_the_last_deal_and_next_deal():
    play = started()
    saved = states(play)
    play_cards(play, 100)
    again = MatchPlay(delay_ms=0, settings=Settings())
    assert again.resume_match(saved[-1])
    assert again.table.status == "over" and again.table.deal.plays == play.table.deal.plays
    assert again.next_button.layout.display is None
    said = html.unescape(again.info.value)  # the deal in view is the one that ended
    assert said.startswith("<p class=\"tl-match-status\">Match resumed after deal 1, score ")
    assert said.endswith("press “Next deal” to go on.</p>")
    assert again.next_deal() and again.table.deal is again.match.deal


def test_the_resumed_message_is_italian():
    play = started()
    saved = states(play)
    play_cards(play, 2)
    settings = Settings()
    settings.lang = "it"
    again = MatchPlay(delay_ms=0, settings=settings)
    assert again.resume_match(saved[-1])
    assert "Partita ripresa: smazzata 1, punteggio " in html.unescape(again.info.value)


def _forged(state: dict) -> list:
    bad_card = {**state, "match": {**state["match"], "deals": [
        {**state["match"]["deals"][0], "plays": [{"seat": "S", "card": "9z"}]}]}}
    other_seat = {**state, "match": {**state["match"], "deals": [
        {**state["match"]["deals"][0], "plays": [{"seat": "N", "card": "3c"}] * 3}]}}
    return ["not a state", [], None, {}, {**state, "version": 2},
            {**state, "choice": {**state["choice"], "level": "grandmaster"}},
            {**state, "choice": {**state["choice"], "target": 21}},  # not the match's rules
            {**state, "seed": "seven"}, {**state, "seed": True},
            {**state, "match": {"rules": "a_due"}}, bad_card, other_seat,
            {**state, "extra": 1}]


def test_a_forged_or_malformed_state_is_ignored_with_a_log_line(caplog):
    play = started()
    saved = states(play)
    play_cards(play, 2)
    for bad in _forged(saved[-1]):
        again = MatchPlay(delay_ms=0, settings=Settings())
        caplog.clear()
        with caplog.at_level(logging.WARNING, "tressette_learn.ui"):
            assert again.resume_match(bad) is False
        assert "saved match ignored" in caplog.text, bad
        assert again.match is None and again.setup.layout.display is None  # a fresh match


def test_a_resumed_state_never_replaces_a_match_in_play():
    play = started()
    saved = states(play)
    play_cards(play, 2)
    other = started(seed=9)
    play_cards(other, 1)
    assert other.resume_match(saved[-1]) is False


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'progress.sqlite'}"


def test_the_recorder_keeps_the_match_and_a_new_kernel_resumes_it(url: str):
    rec = Recorder(url)
    rec.page = "12_play"
    try:
        rec.sign_in("Anna", "3B")
        play = started()
        play_cards(play, 3)
        learner = rec.learner
        kept = Store(url).saved_match(learner, "12_play")
        assert kept == match_state(play.match, play.choice, play.seed)
        assert Store(url).count("match_state") == 0  # not an event of progress
    finally:
        rec.close()
    # a new kernel: the widget opens before the browser signs the learner in again
    rec = Recorder(url)
    rec.page = "12_play"
    try:
        again = MatchPlay(delay_ms=0, settings=Settings())
        assert again.match is None
        rec.sign_in("Anna", "3B")
        assert again.match is not None and again.match.deal.plays == play.match.deal.plays
        # a finished match is cleared
        while not again.match.is_over():
            play_cards(again, 100)
            again.next_deal()
        assert Store(url).saved_match(rec.learner, "12_play") is None
    finally:
        rec.close()


# -- guided hands scored -------------------------------------------------------------------------
def guided_events(hand: GuidedHand) -> list[Event]:
    heard: list[Event] = []
    hand.on_event(lambda e: heard.append(e) if e.kind == "result" else None)
    return heard


def test_a_guided_hand_reports_its_result_and_stars_when_its_moves_are_done():
    hand = GuidedHand("strategy_last_trick", start=None, lesson="07_strategy",
                      settings=Settings())
    heard = guided_events(hand)
    assert not hand.try_card("3b").right  # 5 points where the 6 or the 5 make 7
    assert heard == [] and hand.again_button.layout.display == "none"
    assert hand.try_card("6b").right
    [result] = heard
    assert (result.source, result.item, result.correct) == (
        "strategy_last_trick", "strategy_last_trick", True)
    data = result.data
    assert data["lesson"] == "07_strategy" and data["exercise"] == "guided"
    assert (data["mistakes"], data["hints"], data["points_lost"]) == (1, 0, 2.0)
    assert data["seconds"] >= 0 and len(data["attempt"]) == 32
    assert "1 star out of 3" in hand.score.value  # a mistake that cost 2 points
    assert hand.again_button.layout.display is None


def test_try_again_is_a_new_attempt_and_a_clean_one_earns_three_stars():
    hand = GuidedHand("strategy_last_trick", start=None, settings=Settings())
    heard = guided_events(hand)
    hand.try_card("3b")
    hand.try_card("5b")
    hand.again_button.click()
    assert hand.walk.is_your_move() and hand.score.value == ""
    assert hand.try_card("5b").right
    first, second = heard
    assert first.data["attempt"] != second.data["attempt"]
    assert (second.data["mistakes"], second.data["points_lost"]) == (0, 0.0)
    assert "3 stars out of 3" in hand.score.value
    assert "lesson" not in second.data  # the page's lesson, filled in by the recorder


def test_show_me_counts_as_a_hint_and_only_the_first_wrong_card_costs():
    hand = GuidedHand("find_the_cards", start=None, settings=Settings())
    heard = guided_events(hand)
    assert not hand.try_card("2s").right  # 1 point where 3 are made: costs 2
    assert not hand.try_card("2s").right  # the same move: a mistake, no new cost
    hand.show_me()
    while not heard:
        hand.forward_trick()
        if hand.walk.is_your_move():
            hand.show_me()
    [result] = heard
    assert (result.data["mistakes"], result.data["hints"]) == (2, 4)
    assert result.data["points_lost"] == 2.0
    assert result.correct is False  # every move was shown: not solved
    assert "no star" in hand.score.value


def test_the_stars_of_a_hand_speak_italian():
    settings = Settings()
    hand = GuidedHand("strategy_last_trick", start=None, settings=settings)
    hand.try_card("6b")
    settings.lang = "it"
    assert "3 stelle su 3" in hand.score.value and hand.again_button.description == "Riprova"


def test_the_results_of_a_guided_hand_and_a_replay_are_stored_for_the_learner(url: str):
    rec = Recorder(url)
    rec.page = "07_strategy"
    try:
        rec.sign_in("Anna")
        hand = GuidedHand("strategy_last_trick", start=None, settings=Settings())
        hand.try_card("6b")
        table, coach = reviewed()
        coach.replay(0)
        table.play(coach.last_review.mistakes[0].best[0])
        stored = Store(url).results(rec.learner)
    finally:
        rec.close()
    assert [(r.exercise, r.lesson, r.source, r.solved) for r in stored] == [
        ("guided", "07_strategy", "strategy_last_trick", True),
        ("replay", lesson_for(coach.last_review.mistakes[0]), "review", True)]


def test_a_deal_replayed_up_to_a_play_takes_every_action_before_it():
    deal = finished(8).deal
    assert [a.verb for a in deal.actions[4:7]] == ["declare"] * 3  # after the first trick
    starts = [i for i, action in enumerate(deal.actions) if isinstance(action, Play)]
    assert deal.replayed().actions == deal.actions
    for upto in range(len(deal.plays)):
        twin = deal.replayed(upto)
        assert twin.actions == deal.actions[:starts[upto]] and twin.plays == deal.plays[:upto]
    for bad in (-1, len(deal.plays) + 1):
        with pytest.raises(ValueError, match="upto must be from 0 to 40"):
            deal.replayed(bad)


def test_a_resumed_match_offers_the_same_choice_on_new_match():
    play = started(preset="a_due")
    saved = states(play)
    play_cards(play, 1)
    again = MatchPlay(delay_ms=0, settings=Settings())
    assert again.resume_match(saved[-1])
    setup = again.setup
    assert (setup.level.value, setup.preset.value, setup.target.value) == ("random", "a_due", 11)
