"""Every lesson of the course: its page, its quiz, its notebook and its links."""

from __future__ import annotations

import html
import importlib
import json
import re
from pathlib import Path

import pytest

from tressette_learn.i18n import LANGUAGES, placeholders, strings
from tressette_learn.teaching.bank import load_bank
from tressette_learn.teaching.course import by_role, course, neighbours
from tressette_learn.ui.lesson import LessonPage
from tressette_learn.ui.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
LESSONS = course()
IDS = [lesson.id for lesson in LESSONS]
REVIEW = by_role("review").id  # the review page: its exercises are the questions missed, drills
TAUGHT = [lesson_id for lesson_id in IDS if lesson_id != REVIEW]
LINK = re.compile(r"\]\(([^)]+\.ipynb)\)")
HREF = re.compile(r'href="([^"]+\.ipynb)"')


def cells(lesson_id: str) -> list[dict]:
    return json.loads((NOTEBOOKS / f"{lesson_id}.ipynb").read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def test_the_course_has_its_lessons_in_order_then_the_review():
    assert [lesson.number for lesson in LESSONS] == list(range(14))
    assert IDS[-1] == REVIEW


def test_the_review_page_has_no_quiz_of_its_own_but_the_review_deck():
    assert next(item for item in LESSONS if item.id == REVIEW).quiz is None
    code = [source(c) for c in cells(REVIEW) if c["cell_type"] == "code"]
    assert any("review_deck()" in text for text in code)


@pytest.mark.parametrize("lesson_id", TAUGHT)
def test_every_lesson_has_a_quiz_of_at_least_eight_items(lesson_id):
    lesson = next(item for item in LESSONS if item.id == lesson_id)
    assert lesson.quiz is not None, f"{lesson_id} has no quiz"
    questions = load_bank(lesson.quiz)
    assert len(questions) >= 8
    for question in questions:
        assert question.prompt.get("en") and question.prompt.get("it")
        assert question.explanation.get("en") and question.explanation.get("it")


@pytest.mark.parametrize("lesson_id", TAUGHT)
def test_every_lesson_notebook_builds_its_page_and_quiz(lesson_id):
    code = [source(c) for c in cells(lesson_id) if c["cell_type"] == "code"]
    assert f'LessonPage("{lesson_id}")' in code[0]
    assert any("page.quiz()" in text for text in code)
    widgets = [text for text in code if "page." not in text and "try-it" not in text]
    assert widgets, f"{lesson_id} shows no widget of its own"


@pytest.mark.parametrize("lesson_id", IDS)
def test_every_lesson_has_a_try_it_cell_that_uses_the_engine(lesson_id):
    tried = [source(c) for c in cells(lesson_id) if c["cell_type"] == "code"
             and "try-it" in c["metadata"].get("tags", [])]
    assert tried and any("tressette_learn.engine" in text for text in tried)


@pytest.mark.parametrize("lesson_id", IDS)
def test_links_point_to_notebooks_that_exist(lesson_id):
    for cell in cells(lesson_id):
        if cell["cell_type"] == "markdown":
            for target in LINK.findall(source(cell)):
                assert (NOTEBOOKS / target).is_file(), f"{lesson_id} links to {target}"
    for lang in LANGUAGES:
        for target in HREF.findall(_navigation(lesson_id, lang)):
            assert (NOTEBOOKS / target).is_file(), f"{lesson_id} links to {target}"


def _navigation(lesson_id: str, lang: str) -> str:
    return html.unescape(LessonPage(lesson_id, Settings(lang=lang)).navigation().value)


@pytest.mark.parametrize("lesson_id", IDS)
def test_titles_and_links_follow_the_language_and_voila_shows_no_other_text(lesson_id):
    """The title and the links are widgets in the learner's language; the notebook keeps
    only its title for Voilà's loading page (and try-it text, which Voilà removes)."""
    notebook = json.loads((NOTEBOOKS / f"{lesson_id}.ipynb").read_text(encoding="utf-8"))
    lesson = next(item for item in LESSONS if item.id == lesson_id)
    assert notebook["metadata"]["title"] == (
        f"{lesson.number} · {lesson.title['en']} · {lesson.title['it']}")
    assert not [cell for cell in notebook["cells"] if cell["cell_type"] == "markdown"
                and "try-it" not in cell["metadata"].get("tags", [])]
    assert source(notebook["cells"][-1]) == "page.navigation()"
    for lang, other in (("en", "it"), ("it", "en")):
        links = _navigation(lesson_id, lang)
        before, after = neighbours(lesson_id)
        for near in (before, after):
            if near is not None and near.number:
                assert near.title[lang] in links and near.title[other] not in links


@pytest.mark.parametrize("lesson_id", IDS)
def test_each_notebook_is_what_the_generator_writes(lesson_id, tmp_path):
    """notebooks/<id>.ipynb is written from lessons/pages/<id>.yaml by scripts/make_notebooks.py:
    they must agree."""
    from scripts.make_notebooks import write_lesson

    out = write_lesson(next(item for item in LESSONS if item.id == lesson_id), tmp_path)
    assert out.read_text(encoding="utf-8") == (NOTEBOOKS / f"{lesson_id}.ipynb").read_text(
        encoding="utf-8"), f"run python -m scripts.make_notebooks {lesson_id}"


def test_every_text_exists_in_both_languages_with_the_same_placeholders():
    english, italian = (strings(lang) for lang in LANGUAGES)
    assert set(english) == set(italian)
    for key, text in english.items():
        assert placeholders(text) == placeholders(italian[key]), key


def choice_checks() -> dict[str, object]:
    """``CHOICES`` of every lesson test module: choice item id -> the engine's answer."""
    found: dict[str, object] = {}
    for path in sorted(Path(__file__).parent.glob("test_l*.py")):
        found.update(importlib.import_module(f"course.{path.stem}").CHOICES)
    return found


def test_every_hand_written_choice_is_checked_against_the_engine():
    checks = choice_checks()
    for lesson in LESSONS:
        for question in load_bank(lesson.quiz) if lesson.quiz else ():
            if question.kind == "choice" and not question.id.startswith("choice-"):
                assert question.id in checks, f"{lesson.quiz}: {question.id} has no engine check"
                expected = checks[question.id]()  # type: ignore[operator]
                assert question.answer == str(expected), question.id
