"""The words layer: facts written in each language by the placeholders' specs."""

from __future__ import annotations

import pytest

from tressette_learn.content import ContentError
from tressette_learn.engine import Card, Seat, parse_cards
from tressette_learn.engine.cards import Suit
from tressette_learn.i18n import (
    LANGUAGES,
    Joined,
    Phrase,
    Text,
    cards_names,
    content_text,
    faces_of,
    listed,
    placeholders,
    speaking,
    strings,
    t,
)


def test_a_card_is_named_with_its_article_in_each_language() -> None:
    ace, three = Card.parse("Ac"), Card.parse("3s")
    assert t("words.of_suit", "en", suit=Suit.COPPE) == "of cups"
    assert _fill("{c}", "en", three) == "the Three of swords"
    assert _fill("{c}", "it", ace) == "l'Asso di coppe"
    assert _fill("{c:di}", "it", ace) == "dell'Asso di coppe"
    assert _fill("{c:bare}", "en", ace) == "Ace of cups"


@pytest.mark.parametrize(("spec", "italian"), [
    ("", "il Due e il Fante di coppe e l'Asso di denari"),
    ("di", "del Due e del Fante di coppe e dell'Asso di denari"),
    ("con", "con il Due e con il Fante di coppe e con l'Asso di denari"),
    ("bare", "Due e Fante di coppe e Asso di denari"),
])
def test_cards_are_grouped_by_suit_with_the_right_italian_article(spec: str, italian: str) -> None:
    cards = parse_cards("2c Fc Ad")
    assert cards_names(cards, "it", spec) == italian


def test_english_cards_are_grouped_by_suit() -> None:
    assert cards_names(parse_cards("2c Fc"), "en") == "the Two and the Jack of cups"
    assert cards_names([], "en") == "none"
    assert cards_names([], "it") == "nessuna"


@pytest.mark.parametrize(("n", "en", "it"), [
    (0, "0 tricks", "0 prese"), (1, "1 trick", "1 presa"), (3, "3 tricks", "3 prese"),
])
def test_counts_take_the_plural_unless_one(n: int, en: str, it: str) -> None:
    assert t("unit.trick.many", "en", n=n).split()[1] == "tricks"
    assert _fill("{n:trick}", "en", n) == en
    assert _fill("{n:trick}", "it", n) == it


def test_numbers_use_the_languages_decimal_mark() -> None:
    assert _fill("{x:point}", "en", 6.66) == "6.7 points"
    assert _fill("{x:point}", "it", 6.66) == "6,7 punti"
    assert _fill("{x}", "it", 2.0) == "2"


@pytest.mark.parametrize(("thirds", "en", "it"), [
    (0, "nothing", "niente"), (1, "a third of a point", "un terzo di punto"),
    (2, "two thirds of a point", "due terzi di punto"), (3, "1 point", "1 punto"),
    (5, "1 point and two thirds", "1 punto e due terzi"), (7, "2 points and a third",
                                                           "2 punti e un terzo"),
])
def test_thirds_in_words(thirds: int, en: str, it: str) -> None:
    assert _fill("{n:thirds}", "en", thirds) == en
    assert _fill("{n:thirds}", "it", thirds) == it


def test_seats_sides_suits_and_nested_phrases() -> None:
    assert _fill("{x}", "it", Seat.W) == "Ovest"
    assert _fill("{x:side}", "it", "NS") == "Nord–Sud"
    assert _fill("{x}", "en", Suit.BASTONI) == "batons"
    inner = Phrase.of("unit.point.many", n=4)
    assert _fill("{x}", "it", inner) == "4 punti"
    both = Joined((Text.of({"en": "A.", "it": "B."}), Phrase.of("words.none")))
    assert both.get("it") == "B. nessuna"


def test_a_phrase_compares_by_its_facts() -> None:
    cards = [Card.parse("2c")]
    assert Phrase.of("words.of_suit", suit=cards) == Phrase.of("words.of_suit", suit=tuple(cards))
    assert hash(Phrase.of("unit.trick.one", n=1))


@pytest.mark.parametrize(("n", "en", "it"), [
    (1, "first", "prima"), (4, "fourth", "quarta"), (11, "eleventh", "undicesima"),
    (20, "twentieth", "ventesima")])
def test_an_ordinal_is_a_word_for_every_trick_of_a_deal(n: int, en: str, it: str) -> None:
    """``{trick:nth}``: "fa la quarta presa", not "prende la presa 4"; Italian in the
    feminine, for *presa*; up to 20, the tricks of a deal at two players."""
    assert _fill("{trick:nth}", "en", n) == en and _fill("{trick:nth}", "it", n) == it
    assert _fill("la {t:nth} presa", "it", float(n)) == f"la {it} presa"


def test_an_ordinal_without_a_word_is_the_number() -> None:
    assert _fill("{trick:nth}", "it", 21) == "21" and _fill("{trick:nth}", "en", 0) == "0"
    assert _fill("{trick:nth}", "it", 2.5) == "2,5"
    for lang in LANGUAGES:  # every trick of a two-player deal has its word in each language
        assert all(f"ordinal.{n}" in strings(lang) for n in range(1, 21)), lang


def test_the_solvers_line_names_the_trick_by_its_ordinal() -> None:
    line = Phrase.of("explain.line.seat", seat=Seat.W, trick=7, worth=Phrase.of(
        "explain.worth.nothing"), winner=Card.parse("Fs"))
    assert line.get("it") == "Ovest fa la settima presa, che non vale niente, con il Fante di spade"
    again = Phrase.of("explain.line.again", trick=9, worth=Phrase.of("explain.worth.nothing"),
                      winner=Card.parse("3c"))
    both = Phrase.of("explain.line.both", first=line, second=again).get("it")
    assert both.endswith(", e anche la nona presa, che non vale niente, con il Tre di coppe")


def test_an_ordinals_article_is_elided_before_a_vowel() -> None:
    """Italian "l'ottava presa", "all'undicesima", never "la ottava"."""
    assert _fill("{t:nth.the} presa", "it", 8) == "l'ottava presa"
    assert _fill("{t:nth.the} presa", "it", 4) == "la quarta presa"
    assert _fill("fino {t:nth.to_the} presa", "it", 11) == "fino all'undicesima presa"
    assert _fill("{t:nth.From_the} presa", "it", 3) == "Dalla terza presa"
    assert _fill("{t:nth.the} trick", "en", 8) == "the eighth trick"
    line = Phrase.of("explain.line.seat", seat=Seat.W, trick=8, worth=Phrase.of(
        "explain.worth.nothing"), winner=Card.parse("Fs"))
    assert line.get("it") == "Ovest fa l'ottava presa, che non vale niente, con il Fante di spade"
    assert Phrase.of("coach.replay", trick=8, number=2).get("it") == \
        "Rigioca l'ottava presa (errore 2)"


def test_the_words_have_the_same_keys_and_placeholders_in_both_languages() -> None:
    en, it = strings("en"), strings("it")
    for key in (k for k in en if k.split(".")[0] in ("words", "suit", "unit", "thirds")):
        assert placeholders(en[key]) == placeholders(it[key]), key


def _fill(template: str, lang: str, value: object) -> str:
    from tressette_learn.i18n import _Writer

    name = placeholders(template).pop()
    return _Writer(lang).format(template, **{name: value})


def test_cards_joined_by_or() -> None:
    cards = parse_cards("As 3s")
    assert cards_names(cards, "en", "or") == "the Ace or the Three of swords"
    assert cards_names(cards, "it", "di or") == "dell'Asso o del Tre di spade"


def test_lesson_content_needs_the_source_language_and_falls_back_to_it() -> None:
    assert content_text("x", {"en": " Trick "}) == {lang: "Trick" for lang in LANGUAGES}
    assert content_text("x", {"en": "Trick", "it": "Presa"})["it"] == "Presa"
    for bad in ({"it": "Presa"}, {"en": "Trick", "fr": "Pli"}, {"en": ""}, "Trick"):
        with pytest.raises(ContentError, match="x: needs a text in en"):
            content_text("x", bad)


def test_french_faces_name_the_suits_and_figures_the_french_way() -> None:
    french_it, french_en = speaking("it", "french"), speaking("en", "french")
    assert french_it == "it" and faces_of(french_it) == "french" and faces_of("it") == "italian"
    assert _fill("{c}", french_en, Card.parse("Cc")) == "the Queen of hearts"
    assert _fill("{c}", french_en, Card.parse("Fd")) == "the Jack of diamonds"
    assert _fill("{c}", french_en, Card.parse("Rs")) == "the King of spades"
    assert _fill("{c}", french_en, Card.parse("3b")) == "the Three of clubs"
    assert _fill("{c}", french_it, Card.parse("Cc")) == "la Donna di cuori"
    assert _fill("{c:di}", french_it, Card.parse("Cc")) == "della Donna di cuori"
    assert _fill("{c:con}", french_it, Card.parse("Cc")) == "con la Donna di cuori"
    assert _fill("{c}", french_it, Card.parse("Ad")) == "l'Asso di quadri"
    assert _fill("{c}", french_it, Card.parse("Rs")) == "il Re di picche"
    assert _fill("{c}", french_it, Card.parse("Fb")) == "il Fante di fiori"
    assert cards_names(parse_cards("2c Cc"), french_it) == "il Due e la Donna di cuori"
    assert t("words.of_suit", french_it, suit=Suit.BASTONI) == "di fiori"
    # the plain codes and the Italian faces keep the Italian names
    assert _fill("{c}", "it", Card.parse("Cc")) == "il Cavallo di coppe"
    assert _fill("{c}", speaking("en", "italian"), Card.parse("Cc")) == "the Knight of cups"


def test_a_sentence_agrees_with_a_feminine_card() -> None:
    queen, knight = Card.parse("Cc"), Card.parse("Cs")
    assert _fill("{c} è costat{c:o|a}", speaking("it", "french"), queen) == \
        "la Donna di cuori è costata"
    assert _fill("{c} è costat{c:o|a}", speaking("it", "french"), knight) == \
        "la Donna di picche è costata"
    assert _fill("{c} è costat{c:o|a}", "it", queen) == "il Cavallo di coppe è costato"
    mistake = Phrase.of("review.mistake", trick=2, seat=Seat.N, card=queen, cost=1,
                        better="", why="")
    assert "la Donna di cuori è costata 1 punto" in mistake.get(speaking("it", "french"))
    assert "the Queen of hearts cost 1 point" in mistake.get(speaking("en", "french"))


def test_italian_says_ed_before_a_word_that_begins_with_e() -> None:
    """"Nord, Ovest ed Est", as an Italian writes it; "e" elsewhere, "and" in English."""
    def seats(letters: str, lang: str) -> str:
        return listed([t(f"seat.{letter}", lang) for letter in letters], lang)

    assert seats("NWE", "it") == "Nord, Ovest ed Est" and seats("EW", "it") == "Est e Ovest"
    assert seats("NWE", "en") == "North, West and East"
    line = Phrase.of("explain.line.both", first=Phrase.of("seat.N"), second=Phrase.of("seat.E"))
    assert line.get("it") == "Nord, ed Est" and line.get("en") == "North, and East"
