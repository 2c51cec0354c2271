"""What a learner reads on the lesson pages and in the guided hands, in both languages:
no raw Markdown, no engine card codes, no internal preset names, cards named with a capital
rank."""

import html
import re
from pathlib import Path

import pytest
from learner_text import LOWER_RANK

from tressette_learn.engine.rules import PRESETS
from tressette_learn.teaching.course import course
from tressette_learn.teaching.guided import HandScript
from tressette_learn.ui.markup import inline, to_html

HANDS = sorted(p.stem for p in (Path(__file__).parent.parent / "lessons" / "hands").glob("*.json"))
RAW = re.compile(r"##|\*|`|_|(^|\s)- ")  # Markdown left over, or an identifier
#: "3c", "Ab" (not swords: "3s" is also "threes", "As" a word)
CARD_CODE = re.compile(r"\b[2-7AFCR][dcb]\b")
#: Lesson 1 teaches the notation the code cells use: the only place a code is shown
NOTATION = ("01_deck", "notation")


def page_texts():
    for lesson in course():
        for lang in ("en", "it"):
            yield f"{lesson.id} title {lang}", inline(lesson.title[lang])
            yield f"{lesson.id} goal {lang}", inline(lesson.goal[lang])
            for name, text in lesson.sections.items():
                if (lesson.id, name) != NOTATION:
                    yield f"{lesson.id} {name} {lang}", to_html(text[lang])


def hand_texts():
    for name in HANDS:
        script = HandScript.load(name)
        for lang in ("en", "it"):
            texts = {"title": script.title, "intro": script.intro,
                     **{f"comment {k}": v for k, v in script.comments.items()},
                     **{f"signal note {k}": v for k, v in script.signal_notes.items()}}
            for field, text in texts.items():
                yield f"{name} {field} {lang}", inline(text[lang])


def shown(markup: str) -> list[str]:
    """The text of each element, as the learner sees it."""
    return [html.unescape(re.sub(r"<[^>]+>", "", part))
            for part in re.split(r"</(?:p|li|h4)>", markup) if part]


TEXTS = dict([*page_texts(), *hand_texts()])


@pytest.mark.parametrize("where", TEXTS)
def test_no_raw_markdown_card_codes_or_internal_names(where):
    markup = TEXTS[where]
    names = [name for name in PRESETS if name in markup and (name.islower() and "_" in name
                                                            or name == "gamelake")]
    assert names == [], f"{where}: internal preset names {names}"
    assert "<code>" not in markup, where
    for text in shown(markup):
        assert not RAW.search(text), f"{where}: {text!r}"
        assert not CARD_CODE.search(text), f"{where}: {text!r}"
        assert not LOWER_RANK.search(text), f"{where}: {text!r}"
