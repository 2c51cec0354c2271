"""The walk's text rules: each catches what the lessons showed learners, and none raises a
false alarm on correct lesson text (these sentences were read off the pages)."""

from __future__ import annotations

import pytest
from learner_text import sentence_problems, text_problems

WRONG = [
    ("en", "## Two players (a due) Each player gets 10 cards", "raw Markdown heading"),
    ("en", "must follow suit (the usual rule; the table a_due below);", "internal name"),
    ("en", "free play: any card (the table gamelake below).", "internal name"),
    ("en", "Hints and the review - Hint, on your turn: the coach - Review my play", "list"),
    ("en", "you must follow coppe: you hold Cc, Fc, 4c", "card codes Cc, Fc, 4c"),
    ("en", "You lead, holding 3c 2c Fc 7c 6c 5c 4d 2b.", "card codes 3c, 2c"),
    ("it", "tre 3s e due 2s", "card codes 3s, 2s"),
    ("en", "South: 6 tricks, 5 thirds (1 points)", "wrong plural"),
    ("en", "East–West: 1 tricks, 2 thirds (0 points)", "wrong plural"),
    ("it", "Nord–Sud: 2 prese, 5 terzi (1 punti)", "wrong plural"),
    ("it", "Media: 6.7 punti", "decimal point"),
    ("en", "Average: 6,7 points", "decimal comma"),
    ("it", "Sud (Tu)", "'Tu' capitalised"),
    ("it", "Nord–Sud ha chiamato fuori.", "si è chiamata fuori"),
    ("it", "Sud prende la mano. Premi «Mano successiva» per continuare.", "'mano' for a trick"),
    ("en", "Next: scoring in thirds · Avanti: il punteggio in terzi →", "Italian words"),
    ("it", "3 · Following suit · Rispondere al seme", "English words"),
    ("it", "Type your name to save your progress:", "English words"),
    ("en", "N: Ace of swords", "seat code"),
    ("en", "W", "seat code"),
    ("en", "bank-04_following_suit · 04_following_suit-3", "internal"),
    ("en", "choice-801", "internal id"),
    ("en", "Last seen 2026-12-01T05:41:23+00:00", "machine timestamp"),
    ("en", "# NBVAL_CHECK_OUTPUT", "test marker"),
    ("en", 'Traceback (most recent call last): ValueError: bad', "traceback"),
    ("en", "The {card} wins.", "unfilled placeholder"),
]
RIGHT = [
    ("it", "Giusto! In inglese il Sei di bastoni si chiama “Six of batons”."),
    ("en", "Lead 3s and 2s to draw out the aces."),
    ("it", "Un'altra carta potrebbe costarti fino a circa 0,1 punti (stima)."),
    ("en", "Another card could cost you up to about 0.1 points (an estimate)."),
    ("it", "Media: 2,1 punti"),
    ("en", "no ace and fewer than three 3s, 2s and figures"),
    ("en", "As you can see, the Three of cups wins."),
    ("en", "North–South: 1 trick, 3 thirds (1 point)"),
    ("en", "East–West: 0 tricks, 0 thirds (0 points)"),
    ("en", "Right! The suit led is cups and you hold the Jack of cups: you must follow suit."),
    ("en", "Terms stay Italian: busso, volo, striscio, rispondere al seme, andare a piombo."),
    ("en", "GameLake: 2 players, free play while the stock lasts"),
    ("it", "Ad esempio, il Tre di coppe batte l'Asso di coppe."),
    ("it", "Nord–Sud: 1 presa, 3 terzi (1 punto)"),
    ("it", "Giusto! Il seme di uscita è coppe e hai il Fante di coppe: devi rispondere al seme."),
    ("it", "Sud (tu)"),
    ("it", "Nord–Sud si è chiamata fuori."),
    ("it", "Media: 6,7 punti"),
]


@pytest.mark.parametrize(("lang", "text", "rule"), WRONG)
def test_a_rule_catches_what_learners_were_shown(lang: str, text: str, rule: str) -> None:
    problems = text_problems(text, lang)
    assert any(rule in problem for problem in problems), problems


@pytest.mark.parametrize(("lang", "text"), RIGHT)
def test_correct_lesson_text_passes(lang: str, text: str) -> None:
    assert text_problems(text, lang) == []


def test_card_codes_are_allowed_where_a_lesson_teaches_the_notation() -> None:
    assert text_problems("3c", "en", codes=False) == []


def test_a_message_starts_with_a_capital() -> None:
    assert sentence_problems("name: please type your name")
    assert sentence_problems("“Right!” you said.") == []
    assert sentence_problems("Not quite. The answer: Three of cups.") == []
