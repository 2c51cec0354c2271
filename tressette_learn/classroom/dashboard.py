"""What the teacher sees, computed from the stored events (no widgets here).

Only a learner's *first* answer to a question counts, as in the quizzes' scores.
"""

from __future__ import annotations

import csv
import dataclasses
import io
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

Row = Mapping[str, Any]


@dataclasses.dataclass(frozen=True)
class LearnerLine:
    """One learner's progress."""

    name: str
    class_code: str
    answered: int
    right: int
    lessons_done: tuple[str, ...]
    matches: int
    last_seen: str

    @property
    def right_rate(self) -> float:
        """The share of first answers that were right (0 with no answers)."""
        return self.right / self.answered if self.answered else 0.0


@dataclasses.dataclass(frozen=True)
class Rate:
    """How often a question (or a lesson's questions) was answered wrongly."""

    key: str
    lesson: str
    answers: int
    wrong: int

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


def learner_lines(rows: Sequence[Row]) -> list[LearnerLine]:
    """One line per learner, by class then name."""
    firsts: dict[tuple[str, str], list[Row]] = defaultdict(list)
    for row in first_answers(rows):
        firsts[(row["name"], row["class_code"])].append(row)
    learners = sorted({(r["name"], r["class_code"]) for r in rows}, key=lambda k: (k[1], k[0]))
    return [_line(who, rows, firsts[who]) for who in learners]


def _line(who: tuple[str, str], rows: Sequence[Row], firsts: list[Row]) -> LearnerLine:
    mine = [r for r in rows if (r["name"], r["class_code"]) == who]
    done = sorted({r["lesson"] for r in mine if r["kind"] == "lesson_complete"})
    return LearnerLine(who[0], who[1], len(firsts), sum(bool(r["correct"]) for r in firsts),
                       tuple(done), sum(r["kind"] == "match_end" for r in mine),
                       max(r["at"] for r in mine))


def question_rates(rows: Sequence[Row]) -> list[Rate]:
    """Each question's error rate, the most missed first."""
    return _rates(first_answers(rows), lambda r: f"{r['source']} · {r['item']}")


def lesson_rates(rows: Sequence[Row]) -> list[Rate]:
    """Each lesson's error rate over its questions: the hardest lessons first."""
    return _rates([r for r in first_answers(rows) if r["lesson"]], lambda r: r["lesson"])


def _rates(answers: list[Row], key_of: Any) -> list[Rate]:
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    lessons: dict[str, str] = {}
    for row in answers:
        key = key_of(row)
        counts[key][0] += 1
        counts[key][1] += not row["correct"]
        lessons[key] = row["lesson"]
    rates = [Rate(key, lessons[key], n, wrong) for key, (n, wrong) in counts.items()]
    return sorted(rates, key=lambda r: (-r.error_rate, -r.answers, r.key))


def classes(rows: Iterable[Row]) -> list[str]:
    """The class codes that appear, sorted."""
    return sorted({r["class_code"] for r in rows})


def learners_csv(lines: Iterable[LearnerLine]) -> str:
    """The progress table as CSV text (a spreadsheet opens it)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["name", "class", "answers", "right", "right_rate", "lessons_done",
                     "matches", "last_seen"])
    for line in lines:
        writer.writerow([_cell(line.name), line.class_code, line.answered, line.right,
                         f"{line.right_rate:.2f}", " ".join(line.lessons_done), line.matches,
                         line.last_seen])
    return out.getvalue()


def _cell(text: str) -> str:
    """Keep a spreadsheet from reading a learner's name as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text
