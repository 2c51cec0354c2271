"""What the teacher sees, computed from the stored events (no widgets here).

Only a learner's *first* answer to a question counts, as in the quizzes' scores. Lessons are
kept by id and questions by what identifies them (their lesson, their place in the quiz,
their prompt in both languages): :mod:`..ui.classroom.teacher` words them in the teacher's language.
"""

from __future__ import annotations

import csv
import dataclasses
import functools
import io
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from ..teaching.bank import bank_source, load_bank
from ..teaching.course import Lesson, course
from .mastery import FirstAnswers, LessonScore, lesson_scores

Row = Mapping[str, Any]


@dataclasses.dataclass(frozen=True)
class LearnerLine:
    """One learner's progress: first answers, each lesson's quiz score, deals and matches."""

    name: str
    class_code: str
    answered: int
    right: int
    scores: Mapping[str, LessonScore]
    deals: int
    matches: int
    won: int
    last_seen: str
    passed: int = 0  # lessons passed (from the results of their exercises: ``.mastery``)

    @property
    def right_rate(self) -> float:
        """The share of first answers that were right (0 with no answers)."""
        return self.right / self.answered if self.answered else 0.0


@dataclasses.dataclass(frozen=True)
class Question:
    """What the teacher needs to recognise a question: its kind (``quiz``, ``guided``,
    ``memory`` or ``other``), its place (``number`` of ``total``) and its prompt."""

    kind: str
    number: int = 0
    total: int = 0
    prompt: Mapping[str, str] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class Rate:
    """How often a question (or a lesson's questions) was answered wrongly."""

    key: str
    lesson: str
    answers: int
    wrong: int
    question: Question | None = None

    @property
    def error_rate(self) -> float:
        """Wrong first answers over all first answers."""
        return self.wrong / self.answers if self.answers else 0.0


def first_answers(rows: Iterable[Row]) -> list[Row]:
    """Each learner's first answer to each question, in order."""
    seen: set[tuple[Any, ...]] = set()
    out = []
    for row in rows:
        if row["kind"] != "answer":
            continue
        key = (row["name"], row["class_code"], row["source"], row["item"])
        if key not in seen:
            seen.add(key)
            out.append(row)
    return out


def learner_lines(rows: Sequence[Row],
                  passed: Mapping[tuple[str, str], int] | None = None) -> list[LearnerLine]:
    """One line per learner, by class then name; ``passed`` counts each learner's lessons
    passed (by name and class)."""
    firsts: dict[tuple[str, str], list[Row]] = defaultdict(list)
    for row in first_answers(rows):
        firsts[(row["name"], row["class_code"])].append(row)
    learners = sorted({(r["name"], r["class_code"]) for r in rows}, key=lambda k: (k[1], k[0]))
    return [dataclasses.replace(_line(who, rows, firsts[who]), passed=(passed or {}).get(who, 0))
            for who in learners]


def _line(who: tuple[str, str], rows: Sequence[Row], firsts: list[Row]) -> LearnerLine:
    mine = [r for r in rows if (r["name"], r["class_code"]) == who]
    by_quiz: dict[str, dict[str, bool]] = defaultdict(dict)
    for row in firsts:
        by_quiz[row["source"]][row["item"]] = bool(row["correct"])
    ends = [r for r in mine if r["kind"] == "match_end"]
    return LearnerLine(who[0], who[1], len(firsts), sum(bool(r["correct"]) for r in firsts),
                       lesson_scores(by_quiz), sum(r["kind"] == "deal_end" for r in mine),
                       len(ends), sum(bool(r["correct"]) for r in ends),
                       max(r["at"] for r in mine))


def question_rates(rows: Sequence[Row]) -> list[Rate]:
    """Each quiz, guided-hand or memory question's error rate, the most missed first
    (puzzles and replayed mistakes are results: ``.class_report`` ranks them)."""
    answers = [row for row in first_answers(rows) if question_of(row).kind != "other"]
    found: dict[str, Question] = {}
    for row in answers:
        if found.get(_question_key(row), Question("other")).kind == "other":
            found[_question_key(row)] = question_of(row)
    return [dataclasses.replace(rate, question=found[rate.key])
            for rate in _rates(answers, _question_key)]


def _question_key(row: Row) -> str:
    return f"{row['source']} · {row['item']}"


def lesson_rates(rows: Sequence[Row]) -> list[Rate]:
    """Each lesson's error rate over its questions: the hardest lessons first."""
    return _rates([r for r in first_answers(rows) if r["lesson"]], lambda r: r["lesson"])


def _rates(answers: list[Row], key_of: Callable[[Row], str]) -> list[Rate]:
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    lessons: dict[str, str] = {}
    for row in answers:
        key = key_of(row)
        counts[key][0] += 1
        counts[key][1] += not row["correct"]
        lessons[key] = row["lesson"]
    rates = [Rate(key, lessons[key], n, wrong) for key, (n, wrong) in counts.items()]
    return sorted(rates, key=lambda r: (-r.error_rate, -r.answers, r.key))


# -- naming a question ------------------------------------------------------------------------
def question_of(row: Row) -> Question:
    """The question an answer was given to: from what the recorder kept with the answer,
    else from the lesson quizzes, else from the widget that asked it."""
    data, source, item = row.get("data") or {}, str(row["source"]), str(row["item"])
    prompt = data.get("prompt")
    if isinstance(prompt, dict) and all(isinstance(v, str) for v in prompt.values()):
        return Question("quiz", _int(data.get("number")), _int(data.get("questions")), prompt)
    bank = _banks().get(source)
    if bank is not None and item in bank:
        number = list(bank).index(item)
        return Question("quiz", number + 1, len(bank), bank[item])
    moved = re.fullmatch(r"move(\d+)", item)
    if moved:
        return Question("guided", int(moved.group(1)) + 1)
    asked = re.fullmatch(r"[a-z_]+-(\d+)", item)
    if source.startswith("memory-") and asked:
        return Question("memory", int(asked.group(1)) + 1)
    return Question("other")


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


@functools.lru_cache(maxsize=1)
def _banks() -> dict[str, dict[str, dict[str, str]]]:
    """Each lesson quiz's source -> question id -> prompt in each language, in order."""
    return {bank_source(lesson.quiz): {q.id: {lang: q.prompt.get(lang) for lang in lesson.title}
                                       for q in load_bank(lesson.quiz)}
            for lesson in course() if lesson.quiz}


def lessons_by_id() -> dict[str, Lesson]:
    """Every lesson of the course by its id."""
    return {lesson.id: lesson for lesson in course()}


def classes(rows: Iterable[Row]) -> list[str]:
    """The class codes that appear, sorted."""
    return sorted({r["class_code"] for r in rows})


def local_time(iso: str) -> datetime | None:
    """A stored time in the server's time zone (None if it is not a time)."""
    try:
        return datetime.fromisoformat(iso).astimezone()
    except (TypeError, ValueError):
        return None


# -- the spreadsheet --------------------------------------------------------------------------
def learners_csv(lines: Iterable[LearnerLine], head: Sequence[str],
                 lesson_names: Mapping[str, str]) -> str:
    """The progress table as CSV text (a spreadsheet opens it): ``head`` names the first
    columns, then one column per lesson (``lesson_names``) with its quiz score."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([*head, *lesson_names.values()])
    for line in lines:
        seen = local_time(line.last_seen)
        writer.writerow([_cell(line.name), line.class_code, line.answered, line.right,
                         f"{line.right_rate:.2f}", line.passed, line.deals, line.matches,
                         line.won, seen.strftime("%Y-%m-%d %H:%M") if seen else line.last_seen,
                         *(_score_cell(line.scores.get(lesson)) for lesson in lesson_names)])
    return out.getvalue()


CSV_FIELDS = ("name", "class", "answers", "right", "right_rate", "passed", "deals", "matches",
              "won", "last")


def _score_cell(score: LessonScore | None) -> str:
    return f"{score.right}/{score.total}" if score and score.answered else ""


def _cell(text: str) -> str:
    """Keep a spreadsheet from reading a learner's name as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


__all__ = ["CSV_FIELDS", "FirstAnswers", "LearnerLine", "Question", "Rate", "classes",
           "first_answers", "learner_lines", "learners_csv", "lesson_rates", "lessons_by_id",
           "local_time", "question_of", "question_rates"]
