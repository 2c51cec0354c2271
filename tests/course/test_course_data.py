"""The course is data: the code asks ``lessons/course.yaml`` for a lesson by its role, never
by its id, and adding a lesson is a page, an entry and a quiz bank, then the generator."""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from scripts.make_notebooks import lesson_cells, write_lesson
from tressette_learn import content
from tressette_learn.content import ContentError
from tressette_learn.teaching import bank, course, exercises
from tressette_learn.teaching.course import ROLES, by_role, lesson

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "tressette_learn"


def _clear() -> None:
    for cached in (content.load, course.course, bank.load_bank, exercises.exercises):
        cached.cache_clear()


@pytest.fixture
def lessons(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of ``lessons/`` that the course is read from."""
    copy = tmp_path / "lessons"
    shutil.copytree(content.lessons_dir(), copy, ignore=shutil.ignore_patterns("compiled.json"))
    monkeypatch.setattr(content, "lessons_dir", lambda: copy)
    _clear()
    yield copy
    _clear()


def _strings(path: Path) -> Iterator[tuple[int, str]]:
    """Every string literal of a module but its docstrings, with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value


def test_no_code_names_a_lesson_id():
    """The code asks the course for a role (``by_role("play")``); ids live in lessons/."""
    ids = re.compile("|".join(re.escape(item.id) for item in course.course()))
    found = [f"{path.relative_to(ROOT)}:{line}: {text!r}"
             for path in sorted(PACKAGE.rglob("*.py")) for line, text in _strings(path)
             if ids.search(text)]
    found += [str(path.relative_to(ROOT)) for path in sorted(PACKAGE.rglob("*"))
              if path.suffix in {".js", ".html", ".css", ".json"}
              and ids.search(path.read_text(encoding="utf-8"))]
    assert not found, "lesson ids in code (ask teaching.course.by_role):\n" + "\n".join(found)


def test_each_role_the_code_asks_for_is_one_lesson():
    holders = {role: by_role(role).id for role in ROLES}
    assert len(set(holders.values())) == len(ROLES)
    assert holders["index"] == course.course()[0].id


def _course_yaml(lessons: Path, edit) -> None:
    path = lessons / "course.yaml"
    path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")


def test_a_role_no_lesson_holds_is_named(lessons):
    _course_yaml(lessons, lambda text: text.replace("  role: play\n", ""))
    with pytest.raises(ContentError, match=r"course.yaml: role: 'play' .* exactly one lesson, "
                                           "not 0"):
        course.course()


def test_a_role_two_lessons_hold_is_named_with_both(lessons):
    _course_yaml(lessons, lambda text: text.replace("role: variants", "role: signals"))
    with pytest.raises(ContentError, match=r"role: 'signals' .* not 2 \(08_signals, 11_variants\)"):
        course.course()


def test_a_role_the_code_does_not_ask_for_is_refused(lessons):
    _course_yaml(lessons, lambda text: text.replace("role: play", "role: playground"))
    with pytest.raises(ContentError, match=r"course.yaml: 12_play: role: 'playground' is not"):
        course.course()


def test_a_section_the_notebook_leaves_out_is_named(lessons):
    page = lessons / "pages" / "03_card_order.yaml"
    page.write_text(page.read_text(encoding="utf-8").replace("  - section: trick\n", ""),
                    encoding="utf-8")
    with pytest.raises(ContentError, match=r"pages/03_card_order.yaml: cells: show each of "
                                           r"sections once, in their order \(order, trick"):
        lesson_cells(lesson("03_card_order"))


def test_a_cell_of_an_unknown_kind_is_named(lessons):
    page = lessons / "pages" / "01_deck.yaml"
    page.write_text(page.read_text(encoding="utf-8").replace("  - section: ranks\n",
                                                             "  - sections: ranks\n"),
                    encoding="utf-8")
    with pytest.raises(ContentError, match=r"pages/01_deck.yaml: cells\[2\]: expected one of"):
        lesson_cells(lesson("01_deck"))


def test_a_guided_hand_shown_but_not_listed_is_named(lessons):
    page = lessons / "pages" / "06_whole_deal.yaml"
    page.write_text(page.read_text(encoding="utf-8").replace(
        "hands: [seed002, seed001_trick, find_the_cards]", "hands: [seed002, find_the_cards]"),
        encoding="utf-8")
    with pytest.raises(ContentError, match=r"pages/06_whole_deal.yaml: hands: list the guided "
                                           r"hands .* \(seed002, seed001_trick, find_the_cards\)"):
        lesson_cells(lesson("06_whole_deal"))


EXTRA_PAGE = """\
goal: {en: Know a throw-away lesson., it: Conoscere una lezione usa e getta.}
quiz: 13_extra
sections:
  idea: {en: "One **idea**.", it: "Un'**idea**."}
  more: {en: "And more.", it: "E altro."}
cells:
  - section: idea
  - code: |
      from tressette_learn.ui.table import Table

      Table("standard", seed=3)
  - section: more
try_it:
  en: Change the card and run the cell.
  it: Cambia la carta ed esegui la cella.
  code: |
    from tressette_learn.engine import Card

    print(Card.parse("3c"))
"""

RUN_PAGE = """
import json, sys
from pathlib import Path
from tressette_learn import content
content.lessons_dir = lambda: Path(sys.argv[2])
nb = json.load(open(sys.argv[1]))
scope = {}
for cell in nb["cells"]:
    if cell["cell_type"] == "code" and "try-it" not in cell["metadata"].get("tags", []):
        exec("".join(cell["source"]), scope)
print(json.dumps({"sections": list(scope["page"].lesson.sections),
                  "links": scope["page"].navigation().value}))
"""


def test_a_new_lesson_is_a_page_an_entry_and_a_quiz_bank(lessons, tmp_path):
    (lessons / "pages" / "13_extra.yaml").write_text(EXTRA_PAGE, encoding="utf-8")
    shutil.copy(lessons / "quizzes" / "01_deck.yaml", lessons / "quizzes" / "13_extra.yaml")
    _course_yaml(lessons, lambda text: text + "- id: 13_extra\n  title: {en: Extra, it: Extra}\n"
                 "  summary: {en: One more lesson., it: Una lezione in più.}\n")
    _clear()
    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    path = write_lesson(lesson("13_extra"), notebooks)

    notebook = json.loads(path.read_text(encoding="utf-8"))
    assert notebook["metadata"]["title"] == "14 · Extra · Extra"
    cells = ["".join(cell["source"]) for cell in notebook["cells"]]
    assert 'page = LessonPage("13_extra")' in cells[0]
    assert cells[1:] == [
        'page.section("idea")',
        'from tressette_learn.ui.table import Table\n\nTable("standard", seed=3)',
        'page.section("more")', "page.quiz()",
        "## Try it in code · Prova nel codice\n\nChange the card and run the cell. · "
        "Cambia la carta ed esegui la cella.",
        'from tressette_learn.engine import Card\n\nprint(Card.parse("3c"))',
        "page.navigation()"]
    assert notebook["cells"][-2]["outputs"][0]["text"] == ["3c\n"]

    out = subprocess.run([sys.executable, "-c", RUN_PAGE, str(path), str(lessons)],
                         capture_output=True, text=True, timeout=120, cwd=notebooks,
                         env={"TRESSETTE_DATA": str(tmp_path), "PATH": "/usr/bin:/bin",
                              "HOME": str(tmp_path)})
    assert out.returncode == 0, out.stderr
    shown = json.loads(out.stdout.splitlines()[-1])
    assert shown["sections"] == ["idea", "more"]
    assert "13_review.ipynb" in shown["links"] and "00_index.ipynb" in shown["links"]
    assert course.neighbours(by_role("review").id)[1] == lesson("13_extra")
