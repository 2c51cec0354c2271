"""The answer key: the quizzes a lesson notebook shows, and how to answer each question.

The quizzes are read from the notebook's own code (``Quiz.generated(...)``,
``Quiz.from_bank(...)`` and ``page.quiz()``, in page order) and built again here with the
same seeds and banks, so the walk knows each question's right answer, a wrong one, and the
feedback the engine gives to each (:func:`tressette_learn.teaching.answers.check`).
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import json
from typing import Any

from tressette_learn.engine import Rules
from tressette_learn.serve.server import notebooks_dir
from tressette_learn.teaching.answers import check
from tressette_learn.teaching.bank import load_bank
from tressette_learn.teaching.course import lesson
from tressette_learn.teaching.generate import make_quiz
from tressette_learn.teaching.questions import NOTHING, Question


class AnswerKeyError(LookupError):
    """A quiz the walk cannot rebuild from the notebook's code."""


@dataclasses.dataclass(frozen=True)
class Answer:
    """One answer as the learner enters it, and the engine's verdict on it.

    ``entry`` is what the walk clicks or types: card codes (in click order) for the card
    picker, a number, or choice keys; ``given`` is the same answer as the quiz reads it."""

    entry: tuple[str, ...] | int
    given: Any

    def feedback(self, question: Question, lang: str) -> str:
        """The feedback the quiz must show for this answer."""
        return check(question, self.given).explanation.get(lang)

    def correct(self, question: Question) -> bool:
        return check(question, self.given).correct


@functools.cache
def quizzes(notebook: str) -> tuple[tuple[Question, ...], ...]:
    """The questions of every quiz ``notebooks/<notebook>.ipynb`` shows, in page order."""
    cells = json.loads((notebooks_dir() / f"{notebook}.ipynb").read_text(encoding="utf-8"))
    found: list[tuple[Question, ...]] = []
    for cell in cells["cells"]:
        if cell["cell_type"] != "code" or "try-it" in cell["metadata"].get("tags", []):
            continue
        tree = ast.parse("".join(cell["source"]))
        calls = sorted((node for node in ast.walk(tree) if isinstance(node, ast.Call)),
                       key=lambda node: (node.lineno, node.col_offset))
        found += [quiz for call in calls if (quiz := _quiz(call, notebook)) is not None]
    return tuple(found)


def _quiz(call: ast.Call, notebook: str) -> tuple[Question, ...] | None:
    name = ast.unparse(call.func)
    if name == "page.quiz":
        bank = lesson(notebook).quiz
        if bank is None:
            raise AnswerKeyError(f"{notebook}: page.quiz() but the lesson has no quiz bank")
        return load_bank(bank)
    if name in ("Quiz", "quiz.Quiz"):
        raise AnswerKeyError(f"{notebook}: a Quiz(...) built by hand; teach key.py to rebuild it")
    if name not in ("Quiz.generated", "Quiz.from_bank"):
        return None
    args = [_value(arg) for arg in call.args]
    kwargs = {kw.arg: _value(kw.value) for kw in call.keywords if kw.arg}
    if name == "Quiz.generated":
        kinds, n, *rest = args
        seed = rest[0] if rest else kwargs["seed"]
        return tuple(make_quiz(kinds, n, seed, kwargs.get("rules")))
    return load_bank(args[0])


def _value(node: ast.expr) -> Any:
    """A literal, or ``Rules.preset("name")``."""
    if isinstance(node, ast.Call) and ast.unparse(node.func) == "Rules.preset":
        return Rules.preset(ast.literal_eval(node.args[0]))
    return ast.literal_eval(node)


# -------------------------------------------------------------------- answers to enter


def right(question: Question) -> Answer:
    """The right answer (for a signal question: the first true signal offered)."""
    value = question.answer
    kind = question.input
    if kind == "choice" and isinstance(value, frozenset):
        value = next(c.key for c in question.choices if c.key in value)
    return _answer(kind, value)


def wrong(question: Question) -> Answer | None:
    """A wrong answer the quiz accepts, or None when every answer it accepts is right."""
    kind, answer, cards = question.input, question.answer, question.cards
    value: Any = None
    if kind == "card":
        value = next((c for c in cards if c != answer), None)
    elif kind == "cards":
        assert isinstance(answer, frozenset)
        extra = [c for c in cards if c not in answer]
        value = answer | {extra[0]} if extra else answer - {min(answer)} or None
    elif kind == "order":
        assert isinstance(answer, tuple)
        value = (answer[1], answer[0], *answer[2:])
    elif kind == "number":
        assert isinstance(answer, int)
        value = answer + 1
    elif kind == "choice":
        rights = answer if isinstance(answer, frozenset) else {answer}
        value = next((c.key for c in question.choices if c.key not in rights), None)
    else:
        value = {NOTHING} if answer != {NOTHING} else {question.choices[0].key}
    return None if value is None else _answer(kind, value)


def empty(question: Question) -> Answer | None:
    """Check pressed with nothing entered (a number box always holds a number: None)."""
    return {"card": Answer((), None), "cards": Answer((), ()), "order": Answer((), ()),
            "choice": Answer((), None), "choices": Answer((), [])}.get(question.input)


def _answer(kind: str, value: Any) -> Answer:
    if kind == "number":
        return Answer(int(value), int(value))
    if kind == "card":
        return Answer((str(value),), value)
    if kind in ("cards", "order"):
        cards = tuple(sorted(value)) if kind == "cards" else tuple(value)
        return Answer(tuple(str(c) for c in cards), cards)
    keys = (value,) if kind == "choice" else tuple(sorted(value))
    return Answer(keys, keys[0] if kind == "choice" else list(keys))

