"""The lesson notebooks as the static site runs them."""

from __future__ import annotations

import json
from pathlib import Path

from .config import ROOT

TRY_IT = "try-it"  # cells Voilà removes too (notebooks/voila.json)
PYODIDE_KERNEL = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}


def lesson_notebooks() -> list[Path]:
    """The course's pages: ``notebooks/NN_name.ipynb`` (the teacher's dashboard needs the
    server's database and stays out)."""
    return sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def write_pages(dest: Path, notebooks: list[Path]) -> None:
    """Copy ``notebooks`` to ``dest`` without their try-it cells, for the Pyodide kernel."""
    dest.mkdir(parents=True, exist_ok=True)
    for path in notebooks:
        nb = json.loads(path.read_text(encoding="utf-8"))
        nb["cells"] = [cell for cell in nb["cells"]
                       if TRY_IT not in cell.get("metadata", {}).get("tags", [])]
        nb["metadata"]["kernelspec"] = PYODIDE_KERNEL
        (dest / path.name).write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n",
                                      encoding="utf-8")
