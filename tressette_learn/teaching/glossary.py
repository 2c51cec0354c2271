"""The glossary: Tressette's words with their meaning in English and Italian."""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

from ..content import ContentError, load
from ..i18n import content_text


@dataclasses.dataclass(frozen=True)
class Entry:
    """One word and what it means, in each language."""

    term: str
    meaning: dict[str, str]


def glossary() -> list[Entry]:
    """Every entry of ``lessons/glossary.yaml``, in alphabetical order; errors name the entry."""
    items = load("glossary.yaml")
    if not isinstance(items, list) or not items:
        raise ContentError("glossary.yaml: expected a list of entries")
    entries = [_entry(i, item) for i, item in enumerate(items)]
    keys = [e.term.casefold() for e in entries]
    for before, term in itertools.pairwise(keys):
        if term <= before:
            raise ContentError(f"glossary.yaml: “{term}” after “{before}”: terms must be "
                               "unique and in alphabetical order")
    return entries


def _entry(index: int, item: Any) -> Entry:
    if not isinstance(item, dict) or not isinstance(item.get("term"), str):
        raise ContentError(f"glossary.yaml: entry {index}: needs a term and its texts")
    texts = {lang: text for lang, text in item.items() if lang != "term"}
    return Entry(item["term"], content_text(f"glossary.yaml: entry {index}", texts))
