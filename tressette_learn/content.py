"""Lesson content as data: the ``lessons/`` folder (strings, quizzes, hands, glossary).

In a checkout it is the top-level ``lessons/``; an installed package ships the same
files as ``tressette_learn.lessons`` (see ``package-dir`` in pyproject.toml).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import yaml

# libyaml's parser when PyYAML has it: the same data ten times faster (a page opens with
# ~36 lesson files parsed, 0.3 s of CPU with the pure-Python one).
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


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
    if not path.is_file():
        raise ContentError(f"{relative}: no such lesson file")
    text = path.read_text(encoding="utf-8")
    try:
        return json.loads(text) if path.suffix == ".json" else yaml.load(text, SAFE_LOADER)
    except (ValueError, yaml.YAMLError) as exc:
        raise ContentError(f"{relative}: not valid {path.suffix[1:].upper()}: {exc}") from None


def names(folder: str, suffix: str) -> list[str]:
    """The file names (without ``suffix``) in ``lessons/<folder>``, sorted."""
    return sorted(p.name[: -len(suffix)] for p in (lessons_dir() / folder).glob(f"*{suffix}"))
