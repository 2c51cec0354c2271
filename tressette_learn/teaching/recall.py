"""Asking an exercise again: the question recorded as ``source`` and ``item``, rebuilt.

A bank's questions are found by id (``bank-<name>``), a generated quiz's question is drawn
again from the seed in its id (``quiz-<seed>``, item ``<kind>-<seed>``, at the standard
table) and a drill from its own (``drill-<name>``). Anything else is a QuestionError.
"""

from __future__ import annotations

from ..content import ContentError
from .bank import load_bank
from .drills import drill_of
from .generate import generate
from .questions import Question, QuestionError


def recall(source: str, item: str) -> Question:
    """The question ``item`` of ``source`` (QuestionError when it cannot be rebuilt)."""
    if source.startswith("bank-"):
        return _from_bank(source.removeprefix("bank-"), item)
    if source.startswith("quiz-"):
        kind, _, seed = item.rpartition("-")
        if not seed.isdigit():
            raise QuestionError(f"{source} {item}: not a generated question")
        return generate(kind, int(seed))
    if source.startswith("drill-"):
        return drill_of(source, item)[1]
    raise QuestionError(f"{source} {item}: not a question that can be asked again")


def _from_bank(name: str, item: str) -> Question:
    try:
        questions = load_bank(name)
    except ContentError as err:
        raise QuestionError(str(err)) from None
    for question in questions:
        if question.id == item:
            return question
    raise QuestionError(f"quiz bank {name} has no question {item!r}")
