"""Lesson 0, the index: the big picture it paints is what the engine plays."""

import html
import json
import random
import re
from pathlib import Path

import pytest

from course import pages
from tressette_learn.engine import DECK, Card, Deal, Rank, Rules, Seat, parse_cards
from tressette_learn.engine.declarations import combos_in
from tressette_learn.engine.tricks import Play, winning_play
from tressette_learn.i18n import rank_name, seat_name
from tressette_learn.teaching.bank import load_bank
from tressette_learn.teaching.course import course
from tressette_learn.ui.preferences import language_switch
from tressette_learn.ui.settings import SETTINGS, Settings
from tressette_learn.ui.table import Table

STANDARD = Rules.preset("standard")
NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "00_index.ipynb"


def _choice(qid: str, right: str) -> int:
    """The index of the choice whose English label is the engine's answer ``right``."""
    question = next(q for q in load_bank("00_index") if q.id == qid)
    return [c.label.get("en") for c in question.choices].index(right)


def played_out(seed: int) -> Deal:
    """A standard deal played to the end with random legal cards."""
    rng, deal = random.Random(seed), Deal.new(STANDARD, seed=seed)
    while not deal.is_over():
        deal.play(rng.choice(deal.legal_cards()))
    return deal


def _deal_points() -> str:
    result = played_out(1).result()
    return str(sum(score.card_points for score in result.sides.values()))


def _first_leader() -> str:
    deal = Deal.new(STANDARD, dealer=Seat.E, seed=3)
    left = next(seat for seat in Seat if seat.right == deal.dealer)
    names = {deal.dealer.right: "The player on the dealer's right", deal.dealer: "The dealer",
             left: "The player on the dealer's left"}
    return names[deal.to_play]


def _ace_value() -> str:
    thirds = Rank.ASSO.thirds
    return {1: "1 third of a point", 3: "1 point (3 thirds)", 33: "11 points"}[thirds]


def _no_trumps() -> str:
    off_suit_wins = any(b.beats(a) for a in DECK for b in DECK if a.suit != b.suit)
    return ("Yes: coins (denari) are always trumps" if off_suit_wins
            else "No: only a card of the suit led can win a trick")


CHOICES = {
    "index-hand-size": lambda: _choice("index-hand-size",
                                       str(len(Deal.new(STANDARD, seed=0).hand(Seat.S)))),
    "index-partner": lambda: _choice("index-partner", seat_name(Seat.S.partner, "en")),
    "index-next-player": lambda: _choice("index-next-player", seat_name(Seat.N.right, "en")),
    "index-first-lead": lambda: _choice("index-first-lead", _first_leader()),
    "index-deal-points": lambda: _choice("index-deal-points", _deal_points()),
    "index-target": lambda: _choice("index-target", str(STANDARD.target)),
    "index-trumps": lambda: _choice("index-trumps", _no_trumps()),
    "index-strongest": lambda: _choice("index-strongest",
                                       f"The {rank_name(max(Rank), 'en')}"),
    "index-ace-value": lambda: _choice("index-ace-value", _ace_value()),
    "index-tricks": lambda: _choice("index-tricks", str(STANDARD.tricks_per_deal)),
}


# -- the facts the page states -------------------------------------------------------------
def test_four_players_in_two_partnerships_sit_opposite():
    assert STANDARD.players == 4
    assert {(seat, seat.partner) for seat in Seat} == {
        (Seat.N, Seat.S), (Seat.S, Seat.N), (Seat.E, Seat.W), (Seat.W, Seat.E)}
    deal = Deal.new(STANDARD, seed=5)
    assert deal.side_of(Seat.N) == deal.side_of(Seat.S) != deal.side_of(Seat.E)


def test_the_forty_cards_are_dealt_ten_each():
    deal = Deal.new(STANDARD, seed=11)
    hands = [set(deal.hand(seat)) for seat in Seat]
    assert all(len(hand) == 10 for hand in hands)
    assert set().union(*hands) == set(DECK)


def test_play_goes_anticlockwise_north_west_south_east():
    deal = Deal.new(STANDARD, dealer=Seat.E, seed=2)
    order = []
    for _ in range(4):
        order.append(deal.to_play)
        deal.play(deal.legal_cards()[0])
    assert order == [Seat.N, Seat.W, Seat.S, Seat.E]


def test_the_highest_card_of_the_suit_led_wins_and_there_are_no_trumps():
    plays = tuple(Play(seat, Card.parse(text))
                  for seat, text in zip((Seat.N, Seat.W, Seat.S, Seat.E), ("4c", "3s", "Ac", "2b"),
                                        strict=True))
    assert winning_play(plays).card == Card.parse("Ac")


@pytest.mark.parametrize("seed", range(20))
def test_every_deal_makes_eleven_points_between_the_two_sides(seed):
    result = played_out(seed).result()
    assert result.complete
    assert sum(score.card_points for score in result.sides.values()) == 11


def test_a_match_is_played_to_21_points():
    assert STANDARD.target == 21


# -- the page and its widgets --------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_index_lists_every_lesson_in_order_in_the_learners_language(lang):
    from tressette_learn.ui.classroom import CourseProgress, Recorder

    rec = Recorder("sqlite:///:memory:", settings=Settings())
    try:
        panel = CourseProgress(rec, settings=Settings(lang=lang))
    finally:
        rec.close()
    items = re.findall(r'<li data-lesson="([^"]+)" class="todo"><a href="([^"]+)">([^<]+)</a>: '
                       r"([^<]+)</li>", panel.value)
    assert len(items) == len(course()) == 14
    for (lesson_id, href, title, summary), lesson in zip(items, course(), strict=True):
        assert (lesson_id, href) == (lesson.id, lesson.notebook)
        assert html.unescape(title) == f"{lesson.number} · {lesson.title[lang]}"
        assert html.unescape(summary) == lesson.summary[lang]
    assert any("CourseProgress()" in code for code in pages.sources("00_index"))


def test_the_stored_notebook_is_titled_and_holds_no_text_for_voila():
    notebook = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    assert notebook["metadata"]["title"] == "0 · Learn Tressette · Impara il Tressette"
    assert not [cell for cell in notebook["cells"] if cell["cell_type"] == "markdown"
                and "try-it" not in cell["metadata"].get("tags", [])]


def test_the_language_switch_sets_both_language_and_faces():
    settings = Settings()
    language, faces, _kept = language_switch(settings).children
    language.value, faces.value = "it", "french"
    assert (settings.lang, settings.faces) == ("it", "french")


@pytest.fixture
def english():
    SETTINGS.lang, SETTINGS.faces = "en", "italian"
    yield
    SETTINGS.lang, SETTINGS.faces = "en", "italian"


def test_the_index_table_shows_the_same_deal_with_every_hand_face_up(english):
    first, again = (Table("standard", seed=2026, show_all=True, delay_ms=0) for _ in range(2))
    assert first.deal.hands == again.deal.hands
    for seat in first.state["seats"]:
        assert len(seat["cards"]) == 10
    before = json.dumps(first.state)
    SETTINGS.faces = "french"
    assert json.dumps(first.state) != before


def test_a_raised_card_of_the_index_table_plays_and_the_others_answer(english):
    table = Table("standard", seed=2026, show_all=True, delay_ms=0)
    table.run()
    assert table.status == "your_turn"
    legal = table.deal.legal_cards()
    assert table.play(legal[0]) is None
    table.run()
    assert len(table.deal.tricks) == 1


@pytest.mark.parametrize("lesson_id", ["00_index", "03_card_order", "04_following_suit"])
def test_every_list_of_these_lessons_renders_as_a_list(lesson_id):
    from tressette_learn.teaching.course import lesson
    from tressette_learn.ui.markup import to_html

    for name, text in lesson(lesson_id).sections.items():
        for lang in ("en", "it"):
            assert "<p>- " not in to_html(text[lang]), f"{lesson_id} {name} {lang}"


def test_a_match_to_21_can_end_in_one_deal_so_no_hint_says_it_takes_two():
    """14 declared (four 3s, four 2s, two napoletane) and the deal's 11 make 25 in one deal."""
    hand = parse_cards("3d 3c 3s 3b 2d 2c 2s 2b Ad Ac")
    declared = sum(decl.points for decl in combos_in(Seat.S, hand))
    assert declared == 14 and declared + STANDARD.deal_points >= STANDARD.target
    for question in load_bank("00_index"):
        for text in (question.hint, question.explanation):
            assert "at least two deals" not in text.get("en"), question.id
            assert "ne servono almeno due" not in text.get("it"), question.id
