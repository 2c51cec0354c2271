"""Every code cell of every lesson page runs in Pyodide (the static site's Python, docs/lite.md)
under Node, with the packages of the site's lock file: ``scripts/lite_cells.mjs``.

Slower than the unit tests (Pyodide boots in about 10 s, then 2-3 s a page) and needs the
built site (built here if stale, as the browser tests do) and ``node``; no browser.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import nbformat
import pytest

from scripts.lite import pages

ROOT = Path(__file__).resolve().parents[1]
HARNESS = ROOT / "scripts" / "lite_cells.mjs"
TIMEOUT = 900  # seconds for the whole run on a loaded machine


def run_cells(site: Path) -> tuple[subprocess.CompletedProcess[str], dict[str, Any]]:
    """Run the harness on ``site``; the process and its result per page."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("`node` is missing: the lesson pages' Pyodide check needs Node.js "
                    "(apt-get install nodejs)", pytrace=False)
    run = subprocess.run([node, str(HARNESS), str(site)], capture_output=True, text=True,
                         timeout=TIMEOUT, check=False)
    results = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    return run, {result["page"]: result for result in results}


def test_every_cell_of_every_lesson_page_runs_in_pyodide(lite_site: Path) -> None:
    run, results = run_cells(lite_site)
    assert sorted(results) == [path.stem for path in pages.lesson_notebooks()], run.stderr
    failed = {page: result["failed"] for page, result in results.items() if result["failed"]}
    assert failed == {}, run.stderr
    assert all(result["ran"] == result["cells"] > 0 for result in results.values())
    assert run.returncode == 0, run.stderr


def notebook(*sources: str) -> str:
    cells = [nbformat.v4.new_code_cell(source) for source in sources]
    return nbformat.writes(nbformat.v4.new_notebook(cells=cells))


def test_the_check_names_the_cell_that_failed_and_the_python_error(
        lite_site: Path, tmp_path: Path) -> None:
    (tmp_path / "static").symlink_to(lite_site / "static")
    files = tmp_path / "files"
    files.mkdir()
    (files / "98_raises.ipynb").write_text(notebook(
        "import tressette_learn\nanswer = 42", "answer + 1",
        "raise ValueError(f'no page here: {answer}')", "never = 'run'"))
    (files / "99_next.ipynb").write_text(notebook(
        "import sys\nassert 'tressette_learn' not in sys.modules", "answer"))
    run, results = run_cells(tmp_path)
    assert run.returncode == 1
    raises = results["98_raises"]
    assert (raises["cells"], raises["ran"], raises["failed"]["cell"]) == (4, 2, 2)
    assert "ValueError: no page here: 42" in raises["failed"]["error"]
    assert "cell 2 failed" in run.stderr
    following = results["99_next"]  # starts afresh: no project module, no name of the last
    assert following["ran"] == 1
    assert "NameError: name 'answer'" in following["failed"]["error"]
