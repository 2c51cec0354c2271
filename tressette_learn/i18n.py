"""Every text the widgets show, in English and Italian, from ``lessons/strings/<lang>/*.yaml``.

Each component keeps its texts in its own file (``table.yaml``, ``quiz.yaml``, ...); a key
may appear in only one file of a language.
"""

from __future__ import annotations

import functools
import string
from typing import Any

from .content import ContentError, lessons_dir, load

LANGUAGES = ("en", "it")


def strings(lang: str) -> dict[str, str]:
    """The whole string table of ``lang``."""
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    return _merged(lang)


@functools.lru_cache(maxsize=len(LANGUAGES))
def _merged(lang: str) -> dict[str, str]:
    table: dict[str, str] = {}
    for path in sorted((lessons_dir() / "strings" / lang).glob("*.yaml")):
        name = f"strings/{lang}/{path.name}"
        part = load(name)
        if not isinstance(part, dict):
            raise ContentError(f"{name}: expected a mapping of keys to texts")
        for key, text in part.items():
            if not isinstance(text, str):
                raise ContentError(f"{name}: {key}: expected a text")
            if key in table:
                raise ContentError(f"{name}: {key}: already defined in another file")
            table[key] = text
    return table


def t(key: str, lang: str, **values: Any) -> str:
    """The text ``key`` in ``lang`` with ``{placeholders}`` filled from ``values``."""
    try:
        text = strings(lang)[key]
    except KeyError:
        raise ContentError(f"strings/{lang}: no text for {key!r}") from None
    return text.format(**values) if values else text


def seat_name(seat: object, lang: str) -> str:
    """``North`` / ``Nord`` for a seat (a ``Seat`` or its letter); empty for ``None``."""
    return "" if seat is None else t(f"seat.{getattr(seat, 'name', seat)}", lang)


def side_name(side: str, lang: str) -> str:
    """``North–South`` for a side, or a seat's name at a two-player table (``S``)."""
    return t(f"side.{side}", lang) if len(side) == 2 else seat_name(side, lang)


def placeholders(text: str) -> set[str]:
    """The ``{names}`` a text expects."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}
