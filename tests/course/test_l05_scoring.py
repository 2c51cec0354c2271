"""Lesson 5, scoring in thirds: every count the lesson states is the engine's."""

import json
import random
from pathlib import Path

import pytest

from tressette_learn.ai import make_player
from tressette_learn.ai.arena import play_deal
from tressette_learn.engine import DECK, Card, Deal, Rank, Rules, parse_cards, replay
from tressette_learn.engine.scoring import LAST_TRICK_THIRDS, captured_thirds
from tressette_learn.teaching.guided import HandScript
from tressette_learn.teaching.questions import count_question
from tressette_learn.ui.quiz import Quiz
from tressette_learn.ui.scoreboard import Scoreboard
from tressette_learn.ui.settings import Settings
from tressette_learn.ui.thirds_split import ThirdsSplit, split_points

DATA = Path(__file__).resolve().parents[1] / "data"
RULES = Rules()


def split14():
    """The 14/21 deal recorded in tests/data (North–South take 14 thirds)."""
    return replay(json.loads((DATA / "split14.json").read_text(encoding="utf-8"))).result()


def _spot_the_mistake() -> int:
    result = split14()
    assert result.sides["NS"].thirds == 14
    ns, ew = result.sides["NS"].card_points, result.sides["EW"].card_points
    options = [ew == 6 and ns + ew == 10, ns == 5, ew == 7 and ns + ew == 11]
    return options.index(True)


def _bonus_trick() -> int:
    """Which trick's side gets the 3 extra thirds, in a deal where the candidates differ."""
    deal = HandScript.load("find_the_cards").record.replay()
    result = deal.result()
    extra = {s: result.sides[s].thirds - captured_thirds(deal, s) for s in deal.sides}
    assert sorted(extra.values()) == [0, LAST_TRICK_THIRDS]

    def sides(tricks) -> set[str]:
        return {deal.side_of(trick.winner) for trick in tricks}

    options = [sides(deal.tricks[:1]), sides(deal.tricks[-1:]),
               sides(t for t in deal.tricks if any(c.rank is Rank.ASSO for c in t.cards))]
    return options.index({s for s, v in extra.items() if v})


CHOICES = {
    "scoring-deal-thirds": lambda: ["33", "35", "40"].index(str(RULES.total_thirds)),
    "scoring-last-trick": _bonus_trick,
    "scoring-spot-mistake": _spot_the_mistake,
}


def test_card_values_in_thirds():
    values = {rank: {card.thirds for card in DECK if card.rank is rank} for rank in Rank}
    assert values[Rank.ASSO] == {3}
    for rank in (Rank.THREE, Rank.TWO, Rank.RE, Rank.CAVALLO, Rank.FANTE):
        assert values[rank] == {1}
    for rank in (Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR):
        assert values[rank] == {0}


def test_the_3_and_2_beat_the_ace_they_are_worth_less_than():
    ace, three, two = Card.parse("Ac"), Card.parse("3c"), Card.parse("2c")
    assert three.beats(ace) and two.beats(ace)
    assert three.thirds < ace.thirds and two.thirds < ace.thirds


def test_the_counting_example_rounds_down():
    pile = parse_cards("Ad 3c Rs 7b 5c Fc")
    assert count_question("q", "thirds", pile).answer == 6
    assert count_question("q", "points", pile).answer == 2
    assert count_question("q", "thirds", (*pile, Card.parse("Cd"))).answer == 7
    assert count_question("q", "points", (*pile, Card.parse("Cd"))).answer == 2


def test_the_last_trick_adds_three_thirds_before_rounding():
    assert LAST_TRICK_THIRDS == 3
    with_last = count_question("q", "points", parse_cards("Ac 7d Rb"), last_trick=True)
    assert with_last.answer == 2  # 4 thirds + 3 = 7 thirds -> 2 points
    deal = HandScript.load("seed002").record.replay()
    assert captured_thirds(deal, "NS") == 32 and deal.result().sides["NS"].thirds == 35


def test_a_deal_holds_35_thirds_and_11_points():
    assert sum(card.thirds for card in DECK) == 32
    assert sum(card.thirds for card in DECK if card.rank is Rank.ASSO) == 12
    assert RULES.total_thirds == 35 == 32 + LAST_TRICK_THIRDS
    assert RULES.deal_points == 11


@pytest.mark.parametrize("thirds", range(36))
def test_every_split_makes_11_and_loses_two_thirds(thirds):
    split = split_points(thirds, RULES)
    assert split["NS"][1] + split["EW"][1] == RULES.deal_points
    assert split["NS"][2] + split["EW"][2] == 2


def test_played_deals_always_score_11_as_the_try_it_cell_shows():
    for seed in range(20):
        deal = Deal.new(Rules.preset("standard"), seed=seed)
        rng = random.Random(seed)
        while not deal.is_over():
            deal.play(rng.choice(list(deal.legal_cards())))
        result = deal.result()
        assert sum(side.thirds for side in result.sides.values()) == 35
        assert sum(side.card_points for side in result.sides.values()) == 11


def test_the_slip_of_the_rule_page():
    # two aces, a 3, two kings, a knight, a jack and the last trick
    pile = parse_cards("Ad Ac 3s Rd Rb Cc Fs")
    assert count_question("q", "points", pile, last_trick=True).answer == 4
    assert sum(c.thirds for c in pile) + LAST_TRICK_THIRDS == 14
    result = split14()
    assert (result.sides["EW"].thirds, result.sides["EW"].card_points) == (21, 7)
    assert result.total("NS") + result.total("EW") == 11


def test_the_split_slider_follows_the_slider_and_the_language():
    settings = Settings()
    widget = ThirdsSplit(thirds=14, settings=settings)
    assert "14 thirds → 4 points" in widget.text.value
    assert "21 thirds → 7 points" in widget.text.value
    assert "4 + 7 = 11" in widget.text.value
    widget.slider.value = 35
    assert widget.split == {"NS": (35, 11, 2), "EW": (0, 0, 0)}
    assert "11 + 0 = 11" in widget.text.value
    settings.lang = "it"
    assert "35 terzi → 11 punti" in widget.text.value and "Terzi" in widget.label.value
    with pytest.raises(ValueError):
        split_points(36, RULES)


def test_the_scoreboard_of_the_played_deal_adds_up_to_11():
    rules = Rules.preset("standard").with_options(declarations=False)
    deal = Deal.new(rules, seed=4)
    play_deal(deal, {seat: make_player("club", seed=4) for seat in deal.seats})
    board = Scoreboard(rules, settings=Settings())
    board.add_deal(deal)
    assert sum(board.totals.values()) == 11
    assert 'class="tl-score-points"' in board._deal.value
    assert "tl-score-declarations" not in board._deal.value


def test_the_drill_asks_for_thirds_and_points():
    quiz = Quiz.generated(["thirds", "points"], 6, seed=404, lesson="05_scoring",
                          settings=Settings())
    assert [q.kind for q in quiz.questions] == ["thirds", "points"] * 3
    for question in quiz.questions:
        thirds = sum(card.thirds for card in question.cards) + 3 * question.last_trick
        assert question.answer == (thirds if question.kind == "thirds" else thirds // 3)
