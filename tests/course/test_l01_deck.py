"""Lesson 1, the deck: what it says is what the engine knows."""

from tressette_learn.engine import DECK, Rank, Suit
from tressette_learn.i18n import rank_name, suit_name
from tressette_learn.ui.deck import deck_view
from tressette_learn.ui.settings import Settings

FIGURES = {rank_name(rank, "it") for rank in (Rank.FANTE, Rank.CAVALLO, Rank.RE)}


def _choice(options: list[set[str]], fact: set[str]) -> int:
    return options.index(fact)


CHOICES = {
    "deck-size": lambda: [40, 52, 36].index(len(DECK)),
    "deck-figures": lambda: _choice([{"Fante", "Cavallo", "Re"}, {"Fante", "Regina", "Re"},
                                     {"Asso", "Cavallo", "Re"}], FIGURES),
}


def test_the_deck_is_four_suits_of_ten():
    assert len(DECK) == len(set(DECK)) == 40
    assert {card.suit for card in DECK} == set(Suit)
    assert all(sum(1 for c in DECK if c.suit == suit) == 10 for suit in Suit)


def test_the_lesson_names_the_suits_as_the_engine_does():
    assert [suit_name(s, "it") for s in Suit] == ["denari", "coppe", "spade", "bastoni"]
    assert [suit_name(s, "en") for s in Suit] == ["coins", "cups", "swords", "batons"]


def test_the_deck_view_shows_every_card_once_and_switches_faces():
    settings = Settings()
    view = deck_view(settings)
    shown = view.value
    assert all(shown.count(f'data-card="{card}"') == 1 for card in DECK)
    settings.faces = "french"
    assert view.value != shown
    assert "hearts" in view.value and "Three of hearts" in view.value
    settings.lang = "it"
    assert "cuori" in view.value and "Tre di cuori" in view.value and "coppe" not in view.value
    settings.faces = "italian"
    assert "Tre di coppe" in view.value
