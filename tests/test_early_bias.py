"""What early hints take off the quick value of a high card led, or of a Three taking the
first trick (``early_bias``, fitted by ``benchmarks/early_bias.py`` on positions solved to
the end)."""

from __future__ import annotations

import html
import sys
from pathlib import Path

import pytest

from tressette_learn.ai.early_bias import (
    FOLLOW_BIAS,
    LEAD_BIAS,
    early_bias,
    follow_kind,
    lead_kind,
)
from tressette_learn.engine import Card, Deal, PlayerView, Rules, Seat

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from early_bias import FOLLOWS, LEADS, _read, fit  # noqa: E402

HANDS = {"N": "3c 2c 3d Ad 2s 2b Rb 4c 5d 6d", "E": "3b 3s 4s 5s 6s 7s 4b 5b Fb Cb",
         "S": "Ac Cc Rc Fc 7c 6c 5c 4d 7d Fd", "W": "Ab 6b 7b Rd Cd 2d As Fs Cs Rs"}
# N takes the first trick with the Ace of coins; East, out of coins, throws the Three of batons
FIRST_TRICK = ["N play Ad", "W play Cd", "S play 4d", "E play 3b"]


def _view(rules: str | dict, actions: list[str], seat: str = "N") -> PlayerView:
    return Deal.from_actions(rules, "E", HANDS, actions).view(Seat.parse(seat))


def test_the_kinds_of_lead() -> None:
    """A Three with or without its Two, a Two that is the master (its Three played or in
    the hand) or not, an Ace whose Three is in the hand, and any other card."""
    first = _view("standard", [])
    kinds = {str(c): lead_kind(c, first) for c in first.hand}
    assert kinds["3c"] == "three_two" and kinds["3d"] == "three_alone"
    assert kinds["2c"] == "two_master" and kinds["2b"] == "two" and kinds["2s"] == "two"
    assert kinds["Ad"] == "ace_three" and kinds["Rb"] is None and kinds["4c"] is None
    second = _view("standard", FIRST_TRICK)  # the Three of batons has been played
    assert lead_kind(Card.parse("2b"), second) == "two_master"
    assert lead_kind(Card.parse("2s"), second) == "two"


def test_only_a_lead_at_a_table_of_two_partnerships_is_corrected() -> None:
    view = _view("standard", FIRST_TRICK)
    cards = [Card.parse(c) for c in ("3d", "3c", "2b", "2s", "Rb")]
    table = LEAD_BIAS[2]
    assert early_bias(view, cards, 2) == [table["three_alone"], table["three_two"],
                                         table["two_master"], table["two"], 0.0]
    assert early_bias(view, cards, 0) == [0.0] * 5  # solved to the end
    following = _view("standard", [*FIRST_TRICK, "N play 5d"], "W")
    assert set(early_bias(following, list(following.legal), 2)) == {0.0}
    alone = _view({"preset": "standard", "partners": False, "signals": False}, FIRST_TRICK)
    assert set(early_bias(alone, cards, 2)) == {0.0}


# North leads the Two of swords; East, last, holds the Three and four low swords
SPADES_LED = ["N play 2s", "W play Fs", "S play 4d"]


def test_a_three_that_takes_the_first_trick_is_the_one_follow_corrected() -> None:
    """East's Three of swords takes the first trick; his low swords, his Three of batons
    (not the suit led) and any card of the second trick are not corrected."""
    view = _view("standard", SPADES_LED, "E")
    cards = sorted(view.legal)
    assert [str(c) for c in cards] == ["4s", "5s", "6s", "7s", "3s"]
    assert follow_kind(Card.parse("3s"), view) == "three_takes"
    assert follow_kind(Card.parse("3b"), view) is None
    for depth in (2, 3):
        assert early_bias(view, cards, depth) == [0.0] * 4 + [FOLLOW_BIAS[depth]["three_takes"]]
    assert early_bias(view, cards, 0) == [0.0] * 5
    second = _view("standard", [*FIRST_TRICK, "N play 2s", "W play Fs", "S play 5c"], "E")
    assert follow_kind(Card.parse("3s"), second) is None
    alone = _view({"preset": "standard", "partners": False, "signals": False}, SPADES_LED, "E")
    assert set(early_bias(alone, cards, 2)) == {0.0}


@pytest.fixture(scope="module")
def fitted() -> dict:
    return fit(Rules.preset("standard"), _read(LEADS.data), LEADS)


@pytest.fixture(scope="module")
def fitted_follows() -> dict:
    return fit(Rules.preset("standard"), _read(FOLLOWS.data), FOLLOWS)


def test_the_weights_are_those_the_stored_leads_give(fitted: dict) -> None:
    """Fitted again on the stored leads, each weight is the module's (to 0.05 point), and
    a Three led without its Two is the most overvalued."""
    assert fitted["positions"] >= 100
    for depth in (2, 3):
        weights = fitted[str(depth)]["weights"]
        assert weights == pytest.approx(LEAD_BIAS[depth], abs=0.05), (depth, weights)
        assert weights["three_alone"] == max(weights.values())


def test_the_correction_brings_the_leads_closer_to_exact_play(fitted: dict) -> None:
    """On the leads the weights were not fitted on, the corrected quick values of the cards
    (beside each other) are nearer the exact ones, at both depths, and the quick search two
    tricks deep picks a best card at least as often."""
    for depth in ("2", "3"):
        held = fitted[depth]["held_out"]
        assert held["error_corrected"] < held["error_alone"], (depth, held)
    two = fitted["2"]["held_out"]
    assert two["agree_corrected"] >= two["agree_alone"]


def test_the_follows_weights_are_those_the_stored_follows_give(fitted_follows: dict) -> None:
    """Fitted again on the stored first-trick follows, the Three's weight is the module's
    (to 0.05 point) at both depths, and on the follows it was not fitted on it brings the
    cards' quick values nearer the exact ones."""
    assert fitted_follows["positions"] >= 200
    for depth in (2, 3):
        found = fitted_follows[str(depth)]
        assert found["weights"] == pytest.approx(FOLLOW_BIAS[depth], abs=0.05), found
        held = found["held_out"]
        assert held["error_corrected"] < held["error_alone"], (depth, held)


def test_a_hint_says_that_the_three_taking_the_first_trick_was_valued_lower() -> None:
    """East's hint on the first trick lowers his Three of swords and says so in words, in
    both languages; his low swords are not named."""
    from tressette_learn.ai.hints import hint, warm_up
    from tressette_learn.ui.coach import hint_html

    warm_up(background=False)
    found = hint(_view("standard", SPADES_LED, "E"), seed=1, block=True)
    assert found.quick and found.marked_down == (Card.parse("3s"),)
    assert found.marked_down_follows and found.to_json()["marked_down"] == ["3s"]
    for lang, words in (("en", "Taking the first trick with the Three of swords is worth less"),
                        ("it", "Prendere la prima presa con il Tre di spade qui vale meno")):
        assert words in html.unescape(hint_html(found, lang)), lang
