"""Write the lessons' notebooks from ``lessons/``: ``python -m scripts.make_notebooks [ID...]``
(``make notebooks``; no id: every lesson of ``lessons/course.yaml``).

A lesson's notebook is its page's header, the cells its page lists, its quiz when it has a
bank, its "try it in code" cells and the links to the lessons around it. The page
(``lessons/pages/<id>.yaml``) lists its cells beside its texts::

    cells:
      - section: order          # page.section("order"): a text of its sections, in their order
      - code: |                 # a widget, or any code, kept as written
          from tressette_learn.ui.table import Table

          Table("standard", seed=5)
      - drill: {kinds: [order, winner], n: 8, seed: 2}   # Quiz.generated: a practice drill
      - puzzles                 # the "puzzles" section and the lesson's PuzzleSet
    try_it:                     # JupyterLab only (Voilà removes it); run when written
      en: Change the card and run the cell (Shift+Enter).
      it: Cambia la carta ed esegui la cella (Maiusc+Invio).
      code: |
        from tressette_learn.engine import Card
        ...

Every section of the page is shown once, in the order of ``sections``, and ``hands`` lists
the guided hands its cells show (``GuidedHand("name"``), in order; errors name the file and
the field. A test fails when a notebook differs from what this writes.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from scripts.notebook import Cell, code, try_code, try_md, write
from tressette_learn.content import ContentError, load
from tressette_learn.i18n import LANGUAGES, strings
from tressette_learn.teaching.course import Lesson, course, lesson, text

# A page's header cell loads the shared settings, which label drawn cards in the learner's
# words: the try-it outputs stored here are drawn the same way.
from tressette_learn.ui import settings as _page_settings  # noqa: F401

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
KINDS = ("section", "code", "drill", "puzzles")
DRILL_FIELDS = {"kinds", "n", "seed"}
GUIDED = re.compile(r'GuidedHand\("([a-z0-9_]+)"')  # a guided hand a code cell shows


def header(lesson_id: str) -> Cell:
    """The page's first cell: its title and goal (and, signed in, its stars)."""
    return code('from tressette_learn.ui.classroom import LessonPage\n\n'
                f'page = LessonPage("{lesson_id}")\npage.header()')


def section(name: str) -> Cell:
    """One text of the page."""
    return code(f'page.section("{name}")')


def drill(kinds: Sequence[str], n: int, seed: int) -> Cell:
    """A practice drill drawn from ``seed``: the same questions for every learner."""
    return code("from tressette_learn.ui.quiz import Quiz\n\n"
                f"Quiz.generated({json.dumps(list(kinds))}, {n}, seed={seed},\n"
                '               title="quiz.title.drill")')


def puzzles(lesson_id: str) -> list[Cell]:
    """The page's "Puzzles" section and its one puzzle set."""
    return [section("puzzles"),
            code(f'from tressette_learn.ui.puzzle import PuzzleSet\n\nPuzzleSet("{lesson_id}")')]


def try_it(where: str, value: Any) -> list[Cell]:
    """The "try it in code" heading and text (every language, in one line) and its cell."""
    if not isinstance(value, dict) or not isinstance(value.get("code"), str):
        raise ContentError(f"{where}: expected a text in each language and code")
    words = text(where, {lang: said for lang, said in value.items() if lang != "code"})
    heading = " · ".join(strings(lang)["lesson.try_it"] for lang in LANGUAGES)
    said = " · ".join(words[lang] for lang in LANGUAGES)
    return [try_md(f"## {heading}\n\n{said}"), try_code(value["code"])]


def lesson_cells(item: Lesson) -> list[Cell]:
    """Every cell of ``item``'s notebook, in page order."""
    where = f"pages/{item.id}.yaml"
    page = load(where)
    entries = page.get("cells") or []
    if not isinstance(entries, list):
        raise ContentError(f"{where}: cells: expected a list")
    cells = [header(item.id)]
    for number, entry in enumerate(entries):
        cells += _cells(item, entry, f"{where}: cells[{number}]")
    shown = ["puzzles" if entry == "puzzles" else entry.get("section") for entry in entries]
    shown = [name for name in shown if name is not None]
    if shown != list(item.sections):
        raise ContentError(f"{where}: cells: show each of sections once, in their order "
                           f"({', '.join(item.sections)}), not {', '.join(shown) or 'none'}")
    guided = [name for cell in cells for name in GUIDED.findall(cell["source"])]
    if guided != list(item.hands):
        raise ContentError(f"{where}: hands: list the guided hands its cells show, in their "
                           f"order ({', '.join(guided) or 'none'})")
    if item.quiz is not None:
        cells.append(code("page.quiz()"))
    if "try_it" in page:
        cells += try_it(f"{where}: try_it", page["try_it"])
    return [*cells, code("page.navigation()")]


def _cells(item: Lesson, entry: Any, where: str) -> list[Cell]:
    """The notebook cells of one entry of a page's ``cells``."""
    if entry == "puzzles":
        return puzzles(item.id)
    if not isinstance(entry, dict) or len(entry) != 1 or next(iter(entry)) not in KINDS:
        raise ContentError(f"{where}: expected one of {', '.join(KINDS)}")
    kind, value = next(iter(entry.items()))
    if kind == "drill":
        if not isinstance(value, dict) or set(value) != DRILL_FIELDS:
            raise ContentError(f"{where}: drill: expected kinds, n and seed")
        return [drill(value["kinds"], value["n"], value["seed"])]
    if not isinstance(value, str) or not value.strip():
        raise ContentError(f"{where}: {kind}: expected a {'name' if kind == 'section' else kind}")
    if kind == "section" and value not in item.sections:
        raise ContentError(f"{where}: section: {value!r} is not one of its sections")
    return [section(value) if kind == "section" else code(value)]


def write_lesson(item: Lesson, folder: Path = NOTEBOOKS) -> Path:
    """Write ``folder/<id>.ipynb``; its path."""
    path = folder / f"{item.id}.ipynb"
    write(path, lesson_cells(item))
    return path


def main(argv: Sequence[str] = ()) -> int:
    """Write the notebooks of the lessons named (every lesson when none is)."""
    for item in [lesson(name) for name in argv] or course():
        print(write_lesson(item).relative_to(NOTEBOOKS.parent))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
