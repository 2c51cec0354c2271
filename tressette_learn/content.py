"""Lesson content as data: the ``lessons/`` folder (strings, quizzes, hands, glossary).

In a checkout it is the top-level ``lessons/``; an installed package ships the same
files as ``tressette_learn.lessons`` (see ``package-dir`` in pyproject.toml).

The static site (Pyodide in the browser, docs/lite.md) has no PyYAML: its wheel carries
``lessons/compiled.json``, every YAML file already parsed (:func:`compile_yaml`, written at
build time), and :func:`load` reads YAML files from there when PyYAML cannot be imported.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

try:
    import yaml
except ImportError:  # the static site: YAML comes compiled (see COMPILED)
    yaml = None  # type: ignore[assignment]

COMPILED = "compiled.json"  # in lessons/: {relative path of a .yaml file: its data}

# libyaml's parser when PyYAML has it: the same data ten times faster (a page opens with
# ~36 lesson files parsed, 0.3 s of CPU with the pure-Python one).
SAFE_LOADER = getattr(yaml, "CSafeLoader", None) or getattr(yaml, "SafeLoader", None)


class ContentError(ValueError):
    """A lesson file is missing or malformed; the message names the file and the field."""


def lessons_dir() -> Path:
    """The folder that holds the lesson content."""
    installed = Path(__file__).resolve().parent / "lessons"
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parent.parent / "lessons"


@functools.lru_cache(maxsize=256)
def load(relative: str) -> Any:
    """Parse ``lessons/<relative>`` (YAML or JSON); errors name the file."""
    path = lessons_dir() / relative
    if path.suffix != ".json" and yaml is None:
        return _compiled(relative)
    if not path.is_file():
        raise ContentError(f"{relative}: no such lesson file")
    if path.suffix != ".json":
        return load_yaml_file(path, relative)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except ValueError as exc:
        raise ContentError(f"{relative}: not valid JSON: {exc}") from None


def compile_yaml(folder: Path | None = None) -> dict[str, Any]:
    """Every YAML file under ``folder`` (default: the lessons) parsed, by relative path:
    what the static site's ``lessons/compiled.json`` holds. Needs PyYAML."""
    root = folder or lessons_dir()
    found = (path.relative_to(root).as_posix() for path in sorted(root.rglob("*.yaml")))
    return {relative: load_yaml_file(root / relative, relative) for relative in found}


def load_yaml_file(path: Path, name: str) -> Any:
    """One YAML file parsed; a ContentError names it (as ``name``) if it is not valid."""
    try:
        return yaml.load(path.read_text(encoding="utf-8"), SAFE_LOADER)
    except yaml.YAMLError as exc:
        raise ContentError(f"{name}: not valid YAML: {exc}") from None


@functools.lru_cache(maxsize=1)
def _compiled_files() -> dict[str, Any]:
    path = lessons_dir() / COMPILED
    if not path.is_file():
        raise ContentError(f"PyYAML is not installed and lessons/{COMPILED} is missing")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _compiled(relative: str) -> Any:
    """A YAML file's data from ``lessons/compiled.json`` (no PyYAML here)."""
    files = _compiled_files()
    if relative not in files:
        raise ContentError(f"{relative}: no such lesson file")
    return files[relative]


def names(folder: str, suffix: str) -> list[str]:
    """The file names (without ``suffix``) in ``lessons/<folder>``, sorted."""
    return sorted(p.name[: -len(suffix)] for p in (lessons_dir() / folder).glob(f"*{suffix}"))
