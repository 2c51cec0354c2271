"""What a lesson page's kernel imports when it opens: every page pays it, so heavy modules
(numpy, matplotlib, numba) wait until a hint, a review or a chart needs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tressette_learn.lazy_module import LazyModule
from tressette_learn.teaching.course import by_role

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
HEAVY = ("numpy", "matplotlib", "numba")

RUN_PAGE = """
import json, sys
nb = json.load(open(sys.argv[1]))
scope = {}
for cell in nb["cells"]:
    if cell["cell_type"] == "code" and "try-it" not in cell["metadata"].get("tags", []):
        exec("".join(cell["source"]), scope)
print(json.dumps({name: name in sys.modules for name in sys.argv[2:]}))
"""


@pytest.mark.parametrize("page", [by_role("index").id, by_role("play").id])
def test_opening_a_page_imports_nothing_heavy(page: str) -> None:
    out = subprocess.run([sys.executable, "-c", RUN_PAGE, str(NOTEBOOKS / f"{page}.ipynb"),
                          *HEAVY], capture_output=True, text=True, check=True, timeout=120,
                         cwd=NOTEBOOKS)
    assert json.loads(out.stdout.splitlines()[-1]) == dict.fromkeys(HEAVY, False)


def test_a_lazy_module_imports_at_its_first_use() -> None:
    code = ("import sys; from tressette_learn.lazy_module import LazyModule;"
            "m = LazyModule('fractions'); print('fractions' in sys.modules);"
            "print(m.Fraction(1, 3) + m.Fraction(1, 3), 'fractions' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=60).stdout.split()
    assert out == ["False", "2/3", "True"]


def test_a_missing_module_fails_at_its_use_not_before() -> None:
    missing = LazyModule("no_such_module_here")
    with pytest.raises(ModuleNotFoundError):
        missing.anything  # noqa: B018
