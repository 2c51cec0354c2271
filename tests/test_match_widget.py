"""The match widget: a whole match at the table, scored by the engine's Match, with the
setup form, the next-deal button, the events and both languages."""

from __future__ import annotations

import dataclasses
import html
import re

import pytest
import traitlets
from learner_text import check_sentence

from tressette_learn.engine import Rules, Seat, match_from_records
from tressette_learn.engine.seats import next_seat
from tressette_learn.ui.events import Event
from tressette_learn.ui.match import MatchPlay
from tressette_learn.ui.match_setup import TARGETS, Choice, MatchSetup, problem
from tressette_learn.ui.settings import Settings
from tressette_learn.ui.table import Table


def play_deal(table: Table) -> None:
    """The learner plays the first legal card each turn until the deal is over."""
    while table.status != "over":
        if table.status == "your_turn":
            assert table.play(table.deal.legal_cards()[0]) is None
        elif table.status == "trick_done":
            table.next_trick()
        else:
            table.run()


def started(preset: str = "a_due", level: str = "random", target: int = 11, seed: int = 5,
            settings: Settings | None = None) -> MatchPlay:
    play = MatchPlay(seed=seed, delay_ms=0, settings=settings or Settings())
    play.setup.level.value, play.setup.preset.value = level, preset
    play.setup.target.value = target
    assert play.start() is None
    return play


def play_match(play: MatchPlay) -> list[Event]:
    """Play every deal; returns the table's and the widget's events, in order."""
    events: list[Event] = []
    play.on_event(events.append)
    assert play.table is not None and play.match is not None
    play.table.on_event(events.append)
    while True:
        play_deal(play.table)
        if play.match.is_over():
            return events
        assert play.next_deal()


@pytest.mark.parametrize(("preset", "level"), [("a_due", "random"), ("standard", "club"),
                                               ("col_morto", "random"), ("traversone", "club")])
def test_a_whole_match_is_scored_as_the_engine_scores_its_records(preset, level):
    play = started(preset, level)
    events = play_match(play)
    match = play.match
    assert match is not None and match.is_over()
    outcome = match.result()
    assert outcome is not None
    # the deals the table announced, replayed by the engine as a match record
    records = [e.data["record"] for e in events if e.kind == "deal_end"]
    replayed = match_from_records({"rules": match.rules.to_json(), "deals": records})
    assert replayed.totals == match.totals == outcome.totals == play.scoreboard.totals
    assert replayed.result() == outcome
    assert max(outcome.totals.values()) >= 11
    # the deal passed to the right each time
    dealers = [deal.dealer for deal in match.finished]
    pairs = zip(dealers, dealers[1:], strict=False)
    assert all(b == next_seat(a, match.rules.players) for a, b in pairs)


def test_the_events_tell_the_match_deal_by_deal():
    play = started()
    heard: list[Event] = []
    play.on_event(heard.append)
    assert play.match is not None and play.table is not None
    assert play.table.source == "match"
    events = play_match(play)
    deals = [e for e in events if e.kind == "deal_end"]
    steps = [e for e in heard if e.kind == "match_deal"]
    assert len(deals) == len(steps) == len(play.match.finished) == len(play.scoreboard.results)
    running = {side: 0 for side in play.match.sides}
    for number, (deal, step) in enumerate(zip(deals, steps, strict=True), 1):
        assert step.data["deal"] == number and deal.data["totals"] == step.data["totals"]
        running = {s: running[s] + step.data["totals"][s] for s in running}
        assert step.data["match_totals"] == running
    [end] = [e for e in heard if e.kind == "match_end"]
    outcome = play.match.result()
    assert outcome is not None
    assert end.data["totals"] == outcome.totals and end.data["winner"] == outcome.winner
    assert end.correct == (outcome.winner == "S") and end.data["learner_side"] == "S"
    assert (end.data["preset"], end.data["level"], end.data["target"]) == ("a_due", "random", 11)


def test_next_deal_deals_the_matchs_deal_not_a_random_one():
    play = started()
    table, match = play.table, play.match
    assert table is not None and match is not None
    assert table.deal is match.deal and table.me == Seat.S
    assert not table.offer_new and play.next_button.layout.display == "none"
    assert not play.next_deal()                      # the deal is still in play
    first = match.deal
    play_deal(table)
    assert table.state["buttons"]["new"] is None     # the table's own button stays off
    assert play.next_button.layout.display is None   # ours is offered
    assert not table.can_undo()                      # a scored deal cannot change
    assert play.scoreboard.results == match.results and len(match.results) == 1
    assert play.next_deal()
    assert table.deal is match.deal and table.deal is not first and not table.deal.plays
    assert table.deal.dealer == next_seat(first.dealer, 2)
    assert table.deal.match_scores == match.totals
    assert play.next_button.layout.display == "none" and table.allow_undo
    assert "Deal 2" in play.info.value and "dealer: South" in play.info.value


def test_the_end_names_the_winner_and_a_new_match_starts_from_the_form():
    play = started(seed=8)
    play_match(play)
    outcome = play.match.result() if play.match else None
    assert outcome is not None
    expected = "You won the match!" if outcome.winner == "S" else "North won the match"
    assert expected in play.info.value
    assert "Winner:" in play.scoreboard._heading.value
    assert not play.next_deal()
    play.new_match()
    assert play.setup.layout.display is None
    play.setup.preset.value = "standard"
    assert play.start() is None
    assert play.match is not None and play.match.rules.players == 4
    assert play.match.totals == {"NS": 0, "EW": 0} and play.scoreboard.results == []
    assert play.setup.layout.display == "none"


def test_start_validates_its_inputs():
    play = MatchPlay(delay_ms=0, settings=Settings())
    # the target is chosen from the rule book's list: no box to type a number it then refuses
    assert [value for _label, value in play.setup.target.options] == list(TARGETS)
    for bad in (0, -21, 20, 100):
        with pytest.raises(traitlets.TraitError):
            play.setup.target.value = bad
        assert problem("club", "standard", bad, "en") == \
            "The target must be one of: 11, 21, 31, 41, 51."
    assert problem("grandmaster", "standard", 21, "en").startswith("Choose a computer level")
    assert problem("club", "briscola", 21, "en").startswith("Choose a table")
    for lang in ("en", "it"):  # no internal ids (a_due, gamelake, club...) in the message
        said = f'{problem("x", "standard", 21, lang)} {problem("club", "x", 21, lang)}'
        assert not re.search(r"a_due|gamelake|club|beginner", said), said
    assert problem("club", "standard", True, "en") is not None
    assert all(problem("club", "standard", target, "en") is None for target in TARGETS)
    play.setup.target.value = 21
    assert play.start() is None and play.setup.error.value == ""
    assert play.match is not None and play.match.rules.target == 21


def test_the_form_and_the_match_switch_language():
    settings = Settings()
    play = MatchPlay(delay_ms=0, settings=settings)
    assert play.setup.start_button.description == "Start the match"
    play.setup.level.value = "expert"
    settings.lang = "it"
    assert play.setup.start_button.description == "Inizia la partita"
    assert play.setup.level.value == "expert"                      # the choice is kept
    assert dict(play.setup.level.options)["Esperto: calcola più a fondo e legge il gioco "
                                          "degli altri (fino a un secondo per carta)"] == "expert"
    play.setup.level.value = "random"
    play.setup.preset.value = "a_due"
    play.setup.target.value = 11
    assert play.start() is None
    assert "Smazzata 1 · mazziere: Nord · tu sei Sud." in play.info.value
    assert play.next_button.description == "Prossima smazzata"
    assert play.new_button.description == "Nuova partita"
    assert play.coach is not None and play.coach.hint_button.description != "Hint"
    settings.lang = "en"
    assert "Deal 1 · dealer: North · you are South." in play.info.value


def test_without_a_solver_the_form_offers_the_levels_that_need_none_and_says_why(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert MatchSetup(lambda _c: None).left_out.value == ""  # on a server: every level
    monkeypatch.setattr("tressette_learn.ai.levels.cannot_compile",
                        lambda: RuntimeError("no compiled solver in the browser"))
    settings = Settings()
    play = MatchPlay(delay_ms=0, settings=settings, level="expert")
    assert [name for _label, name in play.setup.level.options] == ["random", "beginner", "club"]
    assert play.setup.level.value == "club"
    said = html.unescape(play.setup.left_out.value)
    assert "leaves out the Strong and Expert computer players" in said
    assert "exactly only in the last tricks" in said
    assert "With each player for himself, those earlier cards get the club player's card " \
        "as a hint and are not judged by the review." in said
    check_sentence(re.sub("<[^>]+>", "", said))
    assert problem("expert", "standard", 21, "en").startswith("Choose a computer level")
    settings.lang = "it"
    said = html.unescape(play.setup.left_out.value)
    assert "non offre i giocatori Forte ed Esperto" in said and "ultime prese" in said
    check_sentence(re.sub("<[^>]+>", "", said))
    assert play.start() is None and play.match is not None


def test_each_for_himself_the_form_says_how_strong_and_expert_play() -> None:
    settings = Settings()
    setup = MatchSetup(lambda _c: None, settings=settings)
    assert setup.alone_note.value == ""  # club at the standard table
    setup.preset.value = "traversone"
    assert setup.alone_note.value == ""  # the club player is the club player everywhere
    setup.level.value = "expert"
    said = html.unescape(re.sub("<[^>]+>", "", setup.alone_note.value))
    assert said.startswith("With each player for himself, Strong and Expert play like Club")
    check_sentence(said)
    settings.lang = "it"
    said = html.unescape(re.sub("<[^>]+>", "", setup.alone_note.value))
    assert said.startswith("Quando ciascuno gioca per sé, Forte ed Esperto giocano")
    setup.preset.value = "a_perdere"  # partners: the search plays as it does everywhere
    assert setup.alone_note.value == ""


def test_the_coach_gives_a_hint_at_the_learners_turn():
    play = started()
    table, coach = play.table, play.coach
    assert table is not None and coach is not None
    while table.status != "your_turn":
        table.run()
        table.next_trick()
    advice = coach.show_hint()
    assert advice is not None and advice.card in table.deal.legal_cards()


def test_level_at_the_target_one_more_deal_decides():
    play = started(seed=4)                 # this seed's first two deals end 11-11
    assert play.table is not None and play.match is not None
    play_deal(play.table)
    assert play.next_deal()
    play_deal(play.table)
    assert play.match.totals == {"S": 11, "N": 11} and not play.match.is_over()
    assert "same total (11): another deal is played" in play.info.value
    assert play.next_button.layout.display is None
    assert play.next_deal()
    play_deal(play.table)
    outcome = play.match.result()
    assert outcome is not None and outcome.deals == 3
    assert outcome.totals[outcome.winner] > min(outcome.totals.values())


def test_col_morto_the_learner_plays_for_north_south_and_deals_with_the_dummy():
    play = started("col_morto")
    table, match = play.table, play.match
    assert table is not None and match is not None
    assert match.deal.dealer == Seat.E and table.me == Seat.S   # W is E's dummy
    play_deal(table)
    assert play.next_deal()
    assert match.deal.dealer == Seat.N and match.deal.dummy == Seat.S
    assert table.me == Seat.N and play.learner_side == "NS"      # N deals and plays S too
    assert "dealer: North · you are North." in play.info.value
    mine = set()
    while table.status != "over":
        if table.status == "your_turn":
            mine.add(table.deal.to_play)
            table.play(table.deal.legal_cards()[0])
        else:
            table.run()
            table.next_trick()
    assert mine == {Seat.N, Seat.S}


def test_a_perdere_each_deal_says_who_won_it_and_the_end_says_fewer_points_win():
    settings = Settings()
    play = started("a_perdere", target=51, seed=3, settings=settings)
    assert play.table is not None and play.match is not None
    play_deal(play.table)
    result = play.match.results[0]
    fewer = {"NS": "North–South", "EW": "East–West"}[min(result.sides, key=result.total)]
    assert (f"A perdere, fewer points win. This deal goes to {fewer}. Deal 1 is over."
            in play.info.value)
    settings.lang = "it"
    assert "A perdere vince chi fa meno punti. Questa smazzata va a " in play.info.value
    settings.lang = "en"
    play_match(play)
    outcome = play.match.result()
    assert outcome is not None
    assert min(outcome.totals.values()) == outcome.totals[outcome.winner]
    assert "A perdere, fewer points win. " in play.info.value
    totals = ", ".join(f"{name} {outcome.totals[side]}"
                       for side, name in (("NS", "North–South"), ("EW", "East–West")))
    assert f"Final score: {totals}." in play.info.value


@dataclasses.dataclass(frozen=True)
class WithRedeal(Choice):
    """A match at a table that allows redeals (no preset does)."""

    def rules(self) -> Rules:
        return super().rules().with_options(redeal=True)


def test_a_redeal_says_who_asked_and_that_the_same_dealer_deals_again():
    choice = WithRedeal("random", "standard", 21)
    settings = Settings()
    play = MatchPlay(seed=637, delay_ms=0, settings=settings)  # South's hand: under a point
    play._start(choice)
    assert play.table is not None and play.match is not None
    dealer = play.match.deal.dealer
    events: list[Event] = []
    play.on_event(events.append)
    assert play.table.redeal() is None
    assert play.match.deal.dealer == dealer and play.match.totals == {"NS": 0, "EW": 0}
    assert play.match.finished[-1].redeal_by == Seat.S and play.match.deal.redeal_by is None
    # nothing to review: the same dealer's new deal is on the table at once
    assert play.table.deal is play.match.deal and not play.table.deal.actions
    assert play.table.status != "over" and play.table.deal.dealer == dealer
    assert play.next_button.layout.display == "none" and not play.next_deal()
    assert [e.data["match_totals"] for e in events if e.kind == "match_deal"] == \
        [{"NS": 0, "EW": 0}]
    name = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}[dealer]
    assert (f"South asked for a redeal (mandare a monte): deal 1 does not count and {name} "
            f"deals again. Deal 2 · dealer: {name} · you are South.") in play.info.value
    settings.lang = "it"
    assert "Sud ha chiesto di mandare a monte: la smazzata 1 non conta e " in play.info.value
