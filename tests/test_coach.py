"""The coach: hints on the learner's turn, the review once the deal is over."""

import html

import pytest

from tressette_learn.ai.hints import hint
from tressette_learn.ai.review import review
from tressette_learn.ui.coach import Coach
from tressette_learn.ui.events import Event
from tressette_learn.ui.settings import SETTINGS
from tressette_learn.ui.table import Table


@pytest.fixture(autouse=True)
def english():
    SETTINGS.lang = "en"
    yield
    SETTINGS.lang = "en"


def my_turn(seed: int) -> Table:
    table = Table(seed=seed, delay_ms=0)
    table.run()
    assert table.status == "your_turn"
    return table


def test_a_hint_is_the_ai_hint_for_the_learners_view_and_marks_the_card():
    table = my_turn(4)
    coach = Coach(table)
    events: list[Event] = []
    coach.on_event(events.append)
    advice = coach.show_hint()
    expected = hint(table.view(), seed=0)
    assert advice is not None and advice.card == expected.card
    assert advice.card in table.deal.legal_cards()
    assert f"Play the {advice.card.name('en')}." in coach.output.value
    assert all(f'data-card="{e.card}"' in coach.output.value for e in advice.values)
    hinted = [c["card"] for s in table.state["seats"] if s["cards"] for c in s["cards"]
              if c["hinted"]]
    assert hinted == [str(advice.card)]
    assert events[-1].kind == "hint" and events[-1].item == str(advice.card)


def test_no_hint_out_of_turn_and_the_button_follows_the_table():
    table = Table(seed=4, delay_ms=0)
    coach = Coach(table)
    assert table.status == "waiting" and coach.hint_button.disabled
    assert coach.show_hint() is None and "your turn" in coach.output.value
    table.run()
    assert not coach.hint_button.disabled and coach.review_button.disabled


def finished(seed: int) -> Table:
    table = Table(seed=seed, delay_ms=0)
    while table.status != "over":
        table.run()
        table.next_trick()
        if table.status == "your_turn":  # the learner plays badly: always the top legal card
            table.play(max(table.deal.legal_cards(), key=lambda c: (c.thirds, c.rank)))
    return table


def test_the_review_lists_the_learners_mistakes_with_their_cost():
    table = finished(6)
    coach = Coach(table)
    assert not coach.review_button.disabled
    shown = coach.show_review()
    expected = review(table.deal, "S")
    assert shown is not None and shown.total_cost == expected.total_cost
    text = html.unescape(coach.output.value)
    assert expected.mistakes, "playing the top card every time should cost something"
    assert f"gave away {expected.total_cost} points" in text
    assert text.count('class="tl-coach-mistake"') == len(expected.mistakes)
    first = expected.mistakes[0]
    assert first.card.name("en") in text and first.sentence("en") in text
    assert coach.progress.value == coach.progress.max


def test_the_review_redraws_in_italian():
    table = finished(6)
    coach = Coach(table)
    coach.show_review()
    SETTINGS.lang = "it"
    assert coach.review_button.description == "Rivedi il mio gioco"
    assert "hanno regalato" in coach.output.value
