"""Checks on the project files themselves: exact pins and clean notebooks."""

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _requirement_lists(text: str) -> list[list[str]]:
    """The quoted entries of every dependency array in pyproject.toml."""
    arrays = re.findall(r"^(?:dependencies|\w+) = \[\n(.*?)^\]", text, re.M | re.S)
    return [re.findall(r'"([^"]+)"', body) for body in arrays]


def test_dependencies_are_pinned_exactly() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    deps = text[text.index("dependencies = ["):text.index("[project.scripts]")]
    requirements = [req for group in _requirement_lists(deps) for req in group]
    assert len(requirements) >= 10
    for req in (r.split(";")[0].strip() for r in requirements):
        assert re.fullmatch(r"[A-Za-z0-9_.\-\[\],]+==[0-9][A-Za-z0-9.]*", req), req


NOTEBOOKS = sorted([*(ROOT / "notebooks").glob("*.ipynb"),
                    *(ROOT / "tests").rglob("*.ipynb"), *(ROOT / "benchmarks").rglob("*.ipynb")])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_notebooks_are_stored_without_outputs_but_for_checked_cells(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert nb["nbformat"] == 4
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    for cell in nb["cells"]:
        if cell["cell_type"] == "code" and CHECKED not in cell["metadata"].get("tags", []):
            assert cell["outputs"] == [] and cell["execution_count"] is None, path.name


CHECKED = "nbval-check-output"  # the tag of cells whose stored output nbval compares


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_cell_shows_nbval_markers_to_a_learner(path: Path) -> None:
    """nbval's markers go in cell tags, never as a comment in the code a learner reads."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        assert "NBVAL" not in "".join(cell["source"]), path.name


def test_every_package_folder_is_listed_in_pyproject():
    """pyproject.toml lists the packages by hand; a new folder must be added there."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    body = re.search(r"^packages = \[\n(.*?)^\]", text, re.M | re.S)
    assert body, "pyproject.toml has no packages list"
    listed = set(re.findall(r'"([^"]+)"', body.group(1)))
    on_disk = {"tressette_learn." + ".".join(p.parent.relative_to(ROOT / "tressette_learn").parts)
               for p in (ROOT / "tressette_learn").rglob("__init__.py")}
    shipped_folders = {"tressette_learn.lessons", "tressette_learn.notebooks"}
    on_disk = {name.rstrip(".") for name in on_disk} | shipped_folders
    assert listed == on_disk
