"""What a lesson's notebook shows, as its page (``lessons/pages/<id>.yaml``) lists it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tressette_learn.content import load

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def drill(lesson_id: str) -> dict[str, Any]:
    """The practice drill (``kinds``, ``n``, ``seed``) the page's cells list."""
    return next(entry["drill"] for entry in load(f"pages/{lesson_id}.yaml")["cells"]
                if isinstance(entry, dict) and "drill" in entry)


def sources(lesson_id: str) -> list[str]:
    """The code of every cell of the lesson's notebook, in order."""
    notebook = json.loads((NOTEBOOKS / f"{lesson_id}.ipynb").read_text(encoding="utf-8"))
    return ["".join(cell["source"]) for cell in notebook["cells"]
            if cell["cell_type"] == "code"]
