"""Tests for the SVG card pictures."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from tressette_learn.engine.cards import DECK, Card, Suit, parse_cards
from tressette_learn.engine.seats import Seat
from tressette_learn.engine.svg import card_svg, hand_svg, trick_svg
from tressette_learn.engine_words import svg_labels
from tressette_learn.i18n import LANGUAGES, card_name

SVG = "{http://www.w3.org/2000/svg}"
STYLES = ("italian", "french")


def parse(markup: str) -> ET.Element:
    """Parse SVG markup, failing the test if it is not well-formed XML."""
    return ET.fromstring(markup)


def labelled_cards(root: ET.Element) -> list[ET.Element]:
    """All elements carrying a ``data-card`` attribute, in document order."""
    return [el for el in root.iter() if "data-card" in el.attrib]


def shapes_only(markup: str) -> str:
    """The markup without colours, labels and titles: what is left is shape."""
    markup = re.sub(r'\s(fill|stroke|aria-label|data-card)="[^"]*"', "", markup)
    return re.sub(r"<title>.*?</title>", "", markup)


def corner_texts(root: ET.Element) -> set[str]:
    """The text of every ``<text>`` element."""
    return {el.text or "" for el in root.iter(f"{SVG}text")}


@pytest.mark.parametrize("faces", STYLES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_is_valid_labelled_svg(faces: str, lang: str) -> None:
    for card in DECK:
        root = parse(card_svg(card, faces=faces, labels=svg_labels(lang)))
        name = card_name(card, lang, "bare")
        assert root.tag == f"{SVG}svg"
        assert root.get("role") == "img"
        assert root.get("aria-label") == name
        assert root.get("data-card") == str(card)
        title = root.find(f"{SVG}title")
        assert title is not None and title.text == name
        assert root.get("viewBox") == "0 0 60 100"


def test_labels_are_notation_unless_the_caller_gives_words() -> None:
    card = Card.parse("3c")
    assert 'aria-label="3c"' in card_svg(card)
    assert 'aria-label="Three of cups"' in card_svg(card, labels=svg_labels("en"))
    assert 'aria-label="Tre di coppe"' in card_svg(card, labels=svg_labels("it"))
    assert 'data-card="3c"' in card_svg(card, labels=svg_labels("it"))
    assert parse(hand_svg(parse_cards("3c Ad"))).get("aria-label") == "3c Ad"
    assert parse(trick_svg([("N", card)], winner="N")).get("aria-label") == "N 3c"


def test_size_scales_width_and_height_not_viewbox() -> None:
    root = parse(card_svg(Card.parse("Ad"), size=2))
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("120", "200",
                                                                         "0 0 60 100")


def test_output_is_deterministic() -> None:
    cards = parse_cards("Ad 3c Fs Rb 7d")
    for card in cards:
        assert card_svg(card, faces="french", highlight=True) == card_svg(
            card, faces="french", highlight=True)
    assert hand_svg(cards) == hand_svg(list(cards))
    plays = list(zip("NESW", cards[:4], strict=True))
    assert trick_svg(plays, winner="E") == trick_svg(plays, winner="E")


def test_no_ids_and_no_external_resources() -> None:
    markup = hand_svg(DECK) + hand_svg(DECK, faces="french") + card_svg(DECK[0], face_down=True)
    assert " id=" not in markup
    assert "href" not in markup and "url(" not in markup and "<image" not in markup


@pytest.mark.parametrize("faces", STYLES)
def test_suits_differ_by_shape_not_only_colour(faces: str) -> None:
    for rank_text in "A7FR":
        drawings = {shapes_only(card_svg(Card.parse(rank_text + suit.symbol), faces=faces))
                    for suit in Suit}
        assert len(drawings) == 4


def test_italian_and_french_signs_differ() -> None:
    for card in parse_cards("Ad Ac As Ab"):
        assert shapes_only(card_svg(card)) != shapes_only(card_svg(card, faces="french"))


def test_rank_letters_per_face_style() -> None:
    for text, italian, french in (("Fd", "F", "J"), ("Cc", "C", "Q"), ("Rs", "R", "K"),
                                  ("Ab", "A", "A"), ("3d", "3", "3")):
        card = Card.parse(text)
        assert corner_texts(parse(card_svg(card))) == {italian}
        assert corner_texts(parse(card_svg(card, faces="french"))) == {french}


def test_pips_count_on_number_cards() -> None:
    for text, pips in (("2c", 2), ("5s", 5), ("7b", 7)):
        root = parse(card_svg(Card.parse(text)))
        scales = [re.search(r"scale\(([\d.]+)\)", g.get("transform", ""))
                  for g in root.iter(f"{SVG}g")]
        placed = [m for m in scales if m and m.group(1) != "0.3"]  # 0.3: corner signs
        assert len(placed) == pips


def test_highlight_changes_the_border() -> None:
    card = Card.parse("Rb")
    plain, marked = card_svg(card), card_svg(card, highlight=True)
    assert plain != marked
    assert parse(marked).get("data-highlight") == "true"
    assert 'stroke-width="3"' in marked


def test_face_down_card_hides_its_identity() -> None:
    root = parse(card_svg(Card.parse("3c"), face_down=True, labels=svg_labels("it")))
    assert root.get("aria-label") == "Carta coperta"
    assert root.get("data-card") == "back"
    assert not corner_texts(root)


def test_hand_has_one_labelled_group_per_card() -> None:
    cards = parse_cards("Ad 3c Fs Rb 7d 2b")
    root = parse(hand_svg(cards, labels=svg_labels("it"), highlight={Card.parse("3c")},
                          overlap=0.4))
    groups = labelled_cards(root)
    assert [g.get("data-card") for g in groups] == [str(c) for c in cards]
    assert [g.get("aria-label") for g in groups] == [card_name(c, "it", "bare") for c in cards]
    assert all(g.tag == f"{SVG}g" and g.find(f"{SVG}title") is not None for g in groups)
    assert [g.get("data-highlight") for g in groups] == [None, "true", None, None, None, None]
    assert root.get("aria-label") == "Mano"


@pytest.mark.parametrize("faces", STYLES)
def test_full_deck_hand_parses(faces: str) -> None:
    assert len(labelled_cards(parse(hand_svg(DECK, faces=faces)))) == 40


def test_empty_hand_is_valid() -> None:
    assert labelled_cards(parse(hand_svg([]))) == []


def test_overlap_brings_cards_closer() -> None:
    cards = parse_cards("Ad 3c Fs")
    apart = float(parse(hand_svg(cards)).get("width", "0"))
    close = float(parse(hand_svg(cards, overlap=0.5)).get("width", "0"))
    assert close < apart
    with pytest.raises(ValueError):
        hand_svg(cards, overlap=1.0)


def test_trick_names_seats_in_words_and_marks_the_winner() -> None:
    plays = [("N", Card.parse("4c")), ("E", Card.parse("3c")), ("S", Card.parse("Ad")),
             ("W", Card.parse("Rc"))]
    root = parse(trick_svg(plays, winner="E", labels=svg_labels("en")))
    seats = [g for g in root.iter(f"{SVG}g") if "data-seat" in g.attrib]
    assert [g.get("data-seat") for g in seats] == ["N", "E", "S", "W"]
    assert [g.get("data-winner") for g in seats] == [None, "true", None, None]
    assert corner_texts(root) >= {"North", "East", "South", "West"}
    assert [g.get("data-card") for g in labelled_cards(root)] == ["4c", "3c", "Ad", "Rc"]
    winner_card = labelled_cards(seats[1])[0]
    assert winner_card.get("aria-label") == "East: Three of cups (takes the trick)"


def test_trick_without_winner_and_in_italian() -> None:
    plays = [("S", Card.parse("Fb")), ("W", Card.parse("2b"))]
    markup = trick_svg(plays, labels=svg_labels("it"), faces="french")
    assert "data-winner" not in markup
    assert 'aria-label="Sud: Fante di bastoni"' in markup
    assert ">Ovest<" in markup  # the seat's name under its card, in words
    assert parse(markup).get("aria-label") == "Presa"


def test_trick_accepts_seat_members() -> None:
    plays = [(Seat.W, Card.parse("Ad")), (Seat.N, Card.parse("2d"))]
    text_plays = [("W", Card.parse("Ad")), ("N", Card.parse("2d"))]
    assert trick_svg(plays, winner=Seat.N) == trick_svg(text_plays, winner="N")


def test_trick_rejects_unknown_winner() -> None:
    with pytest.raises(ValueError):
        trick_svg([("N", Card.parse("4c"))], winner="S")


def test_text_is_escaped() -> None:
    root = parse(trick_svg([("<N&>", Card.parse("4c"))], winner="<N&>"))
    assert "<N&>" in corner_texts(root)


def test_unknown_style_is_rejected() -> None:
    card = Card.parse("4c")
    with pytest.raises(ValueError):
        card_svg(card, faces="german")
    with pytest.raises(ValueError):
        card_svg(card, size=0)


def test_card_repr_svg_uses_this_module() -> None:
    from tressette_learn.engine.svg import display

    card = Card.parse("Cc")
    assert card._repr_svg_() == card_svg(card, **display())


def test_set_display_changes_how_objects_draw_themselves() -> None:
    from tressette_learn.engine.cards import Hand
    from tressette_learn.engine.svg import display, set_display

    king = Card.parse("Rc")
    before = display()
    try:
        set_display(faces="french", labels=svg_labels("it"))
        assert 'aria-label="Re di coppe"' in king._repr_svg_()
        assert ">K<" in king._repr_svg_()
        assert 'aria-label="Re di coppe"' in Hand([king])._repr_svg_()
        with pytest.raises(ValueError, match="unknown faces"):
            set_display(faces="tarot")
        assert display() == {"faces": "french", "labels": svg_labels("it")}
    finally:
        set_display(**before)
    assert king._repr_svg_() == card_svg(king, **before)
