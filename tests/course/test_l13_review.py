"""Lesson 13, the review: what the page says of the schedule is what the schedule does."""

from __future__ import annotations

from tressette_learn.classroom.schedule import INTERVALS
from tressette_learn.teaching.course import lesson
from tressette_learn.teaching.drills import DRILLS

CHOICES: dict[str, object] = {}  # the page has no quiz of its own


def test_the_page_gives_the_intervals_of_the_schedule():
    text = {lang: " ".join(words.split())
            for lang, words in lesson("13_review").sections["how"].items()}
    assert INTERVALS == (1, 3, 7, 16, 35)
    for words in ("next day", "three days", "a week", "two weeks", "a month"):
        assert words in text["en"]
    for words in ("giorno dopo", "tre giorni", "una settimana", "due settimane", "un mese"):
        assert words in text["it"]


def test_the_page_names_the_drills_there_are():
    assert set(DRILLS) == {"signals", "counting"}
    text = lesson("13_review").sections["how"]
    assert "busso" in text["en"] and "Aces and Threes" in text["en"]
    assert "busso" in text["it"] and "Assi e i Tre" in text["it"]
