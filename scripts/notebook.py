"""Write a notebook from a short list of cells (stored clean, with cell ids): the cells
:mod:`scripts.make_notebooks` builds from a lesson's page.

    from scripts.notebook import write, md, code, try_md, try_code
    write("notebooks/01_deck.ipynb", [md("# ..."), code("..."), try_code("...")])

Cells made with ``try_md``/``try_code`` are tagged ``try-it``: JupyterLab shows them and
Voilà removes them (``voila.json``: TagRemovePreprocessor.remove_cell_tags). A ``try_code``
cell is run when the notebook is written and stores its output; its tag
``nbval-check-output`` (nbval's tag for the ``# NBVAL_CHECK_OUTPUT`` comment, which a learner
would see) makes nbval fail if the engine ever prints something else.

A lesson's notebook holds no text a learner reads in Voilà: its title, texts and links are
widgets that follow the learner's language. Its metadata ``title`` (the lesson's number and
titles in both languages, from ``lessons/course.yaml``) is what Voilà shows while the page
loads, before the page names its tab in the learner's language.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

TRY_IT = "try-it"
CHECK = "nbval-check-output"
Cell = dict[str, Any]


def md(source: str, tags: tuple[str, ...] = ()) -> Cell:
    """A Markdown cell."""
    return {"cell_type": "markdown", "metadata": {"tags": list(tags)} if tags else {},
            "source": source.strip()}


def code(source: str, tags: tuple[str, ...] = ()) -> Cell:
    """A code cell, without outputs."""
    return {"cell_type": "code", "execution_count": None,
            "metadata": {"tags": list(tags)} if tags else {}, "outputs": [],
            "source": source.strip()}


def try_md(source: str) -> Cell:
    """Markdown shown in JupyterLab only."""
    return md(source, (TRY_IT,))


def try_code(source: str) -> Cell:
    """Code shown in JupyterLab only (the "try it in code" cell), with its checked output."""
    cell = code(source, (TRY_IT, CHECK))
    cell["outputs"] = run_outputs(cell["source"])
    cell["execution_count"] = 1  # nbval compares only cells stored as run
    return cell


def run_outputs(source: str) -> list[dict[str, Any]]:
    """The outputs IPython gives for ``source``: printed lines, then the result in every
    format a kernel would send (text, SVG)."""
    from IPython.core.formatters import DisplayFormatter
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    shell = InteractiveShell.instance()
    shell.display_formatter.active_types = DisplayFormatter().active_types  # as in a kernel
    # keep the result, but do not print it as "Out[n]:" among the printed lines
    shell.displayhook.write_output_prompt = lambda: None  # type: ignore[method-assign]
    shell.displayhook.write_format_data = lambda *a, **k: None  # type: ignore[method-assign]
    with capture_output() as captured:
        result = shell.run_cell(source, store_history=False)
    result.raise_error()
    outputs: list[dict[str, Any]] = []
    if captured.stdout:
        outputs.append({"name": "stdout", "output_type": "stream", "text": captured.stdout})
    if result.result is not None:
        data = shell.display_formatter.format(result.result)[0]
        outputs.append({"data": data, "execution_count": 1,
                        "metadata": {}, "output_type": "execute_result"})
    return outputs


def title_of(stem: str) -> str:
    """The notebook title of lesson ``stem`` ("3 · Following suit · Rispondere al seme"),
    or "" if it is not a lesson."""
    from tressette_learn.teaching.course import course

    found = [item for item in course() if item.id == stem]
    return " · ".join([str(found[0].number), *found[0].title.values()]) if found else ""


def write(path: str | Path, cells: list[Cell]) -> None:
    """Write the notebook with stable cell ids derived from its name, titled when it is a
    lesson's."""
    path = Path(path)
    title = title_of(path.stem)
    stem = re.sub(r"[^a-z0-9]+", "-", path.stem.lower())
    for number, cell in enumerate(cells):
        cell["id"] = f"{stem}-{number}"
        cell["source"] = cell["source"].splitlines(keepends=True)
        for output in cell.get("outputs", []):
            _split_text(output)
    notebook = {"cells": cells, "metadata": {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"}, **({"title": title} if title else {})},
        "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _split_text(output: dict[str, Any]) -> None:
    """Store multi-line texts as lists of lines, as Jupyter does."""
    if "text" in output:
        output["text"] = output["text"].splitlines(keepends=True)
    for mime, value in output.get("data", {}).items():
        output["data"][mime] = value.splitlines(keepends=True)

