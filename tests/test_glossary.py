"""The glossary: every word explained in both languages, and shown in the chosen one."""

import json
import re
from pathlib import Path

import pytest
import yaml

from tressette_learn.content import ContentError
from tressette_learn.i18n import strings
from tressette_learn.teaching import glossary as module
from tressette_learn.teaching.glossary import glossary
from tressette_learn.ui.glossary import glossary_view
from tressette_learn.ui.settings import Settings


def test_every_entry_has_both_languages_and_the_lessons_words_are_there():
    entries = {e.term: e for e in glossary()}
    for word in ("presa", "smazzata", "piombo", "napoletana", "busso", "volo", "striscio",
                 "cappotto", "rinuncia", "terzo"):
        assert word in entries
    assert all(e.meaning["en"] != e.meaning["it"] for e in entries.values())


def test_a_malformed_entry_is_named(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(module, "load", lambda _name: [{"term": "presa", "it": "una presa"}])
    with pytest.raises(ContentError, match="entry 0"):
        glossary()


def test_the_view_switches_language_and_escapes():
    settings = Settings()
    view = glossary_view(settings)
    assert "The words of Tressette" in view.value and "never wins" in view.value
    settings.lang = "it"
    assert "Le parole del Tressette" in view.value and "non prende mai" in view.value


def test_the_italian_words_for_deal_match_trick_and_hand_are_kept_apart():
    """A smazzata is a deal (not a partita, the match); a presa is a trick (a mano is the
    cards a player holds): the glossary must not gloss one with the other."""
    it = {e.term: e.meaning["it"].lower() for e in glossary()}
    assert "partita" not in it["smazzata"]
    assert "smazzat" in it["partita"]
    assert "una mano" not in it["presa"] and "la mano" not in it["presa"]
    assert "presa" not in it["mano"]
    assert "mano" not in it["ultima presa"]


def bilingual_texts():
    """Every (English, Italian) pair the course shows: the strings, and the texts of the
    quizzes, pages and guided hands (objects with an ``en`` and an ``it``)."""
    en, it = strings("en"), strings("it")
    pairs = [(text, it[key]) for key, text in en.items() if key in it]

    def walk(node):
        if isinstance(node, dict):
            if isinstance(node.get("en"), str) and isinstance(node.get("it"), str):
                pairs.append((node["en"], node["it"]))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
    lessons = Path(__file__).parents[1] / "lessons"
    for path in [*lessons.glob("*/*.yaml"), *lessons.glob("*.yaml")]:
        if "strings" not in path.parts:
            walk(yaml.safe_load(path.read_text(encoding="utf-8")))
    for path in lessons.glob("hands/*.json"):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return pairs


def test_the_stock_is_the_tallone_and_the_mazzo_is_the_deck():
    """One Italian word for the stock: where the English says "stock", the Italian says
    tallone, never mazzo (the glossary's mazzo is the deck of 40 cards)."""
    pairs = [(en, it) for en, it in bilingual_texts() if re.search(r"\bstock\b", en)]
    assert len(pairs) > 10
    wrong = [it for _en, it in pairs if "mazzo" in it.lower()]
    assert not wrong
    defined = next(e.meaning["it"] for e in glossary() if e.term == "tallone")
    assert [it for _en, it in pairs if "tallone" not in it.lower()] == [defined]
