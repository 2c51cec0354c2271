"""Paths and pins of the static build; every version comes from pyproject.toml."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

try:
    import tomllib
except ImportError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build"
SITE = BUILD / "lite"  # what `make lite` writes and `tressette-learn lite` serves
CACHE = BUILD / "lite-cache"  # downloads and staging, reused by the next build

# What a lesson imports in the browser (besides the project) and what the kernel loads.
BROWSER_PINNED = ("ipywidgets", "anywidget")  # at the project's own pins
KERNEL_NEEDS = ("ipython", "comm", "jedi")  # jupyterlite-pyodide-kernel installs these
KERNEL_WHEEL = "jupyterlite-pyodide-kernel"


@dataclasses.dataclass(frozen=True)
class Pins:
    """The versions the build uses."""

    pyodide: str  # the npm package `pyodide`
    python: str  # Pyodide's Python, e.g. "3.13"
    lessons: tuple[str, ...]  # what the project needs in the browser: "anywidget==0.11.0"...
    kernel: str  # "jupyterlite-pyodide-kernel==0.7.2"


def pins(pyproject: Path = ROOT / "pyproject.toml") -> Pins:
    """Read the pins of the static build from pyproject.toml."""
    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    lite = data["tool"]["tressette_learn"]["lite"]
    runtime = _by_name(data["project"]["dependencies"])
    tools = _by_name(data["project"]["optional-dependencies"]["lite"])
    return Pins(pyodide=lite["pyodide"], python=lite["python"],
                lessons=tuple(runtime[name] for name in BROWSER_PINNED),
                kernel=tools[KERNEL_WHEEL])


def _by_name(requirements: list[str]) -> dict[str, str]:
    """``{"anywidget": "anywidget==0.11.0", ...}`` (environment markers dropped)."""
    found = {}
    for requirement in requirements:
        spec = requirement.split(";")[0].strip()
        name = re.split(r"[=<>!~\[ ]", spec, maxsplit=1)[0]
        found[name.lower().replace("_", "-")] = spec
    return found
