"""Write a lesson notebook from a short list of cells (stored clean, with cell ids).

    from scripts.notebook import write, md, code, try_md, try_code
    write("notebooks/01_deck.ipynb", [md("# ..."), code("..."), try_code("...")])

Cells made with ``try_md``/``try_code`` are tagged ``try-it``: JupyterLab shows them and
Voilà removes them (``voila.json``: TagRemovePreprocessor.remove_cell_tags).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

TRY_IT = "try-it"
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
    """Code shown in JupyterLab only (the "try it in code" cell)."""
    return code(source, (TRY_IT,))


def write(path: str | Path, cells: list[Cell]) -> None:
    """Write the notebook with stable cell ids derived from its name."""
    path = Path(path)
    stem = re.sub(r"[^a-z0-9]+", "-", path.stem.lower())
    for number, cell in enumerate(cells):
        cell["id"] = f"{stem}-{number}"
        cell["source"] = cell["source"].splitlines(keepends=True)
    notebook = {"cells": cells, "metadata": {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
