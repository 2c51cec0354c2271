"""Lesson ids that changed when the course's order changed, as stored progress meets them.

A renamed lesson lists its old ids in ``lessons/course.yaml`` (``formerly:``); a result, an
event or a match saved under an old id belongs to the lesson's id today. A result's
``source`` names the lesson too (``bank-<quiz>``, ``puzzles-<lesson>``, from
:func:`~tressette_learn.teaching.bank.bank_source` and
:func:`~tressette_learn.teaching.puzzles.bank.puzzle_source`): it follows as well. Used by the
database migration (:mod:`.migrations`) and by the progress documents a browser keeps or a
learner imports (:mod:`.progress_file`).

A lesson whose puzzles moved to another lesson (``puzzles_formerly:``, the lesson by its id
then) gives its puzzle results to that lesson: their source and lesson move first, before the
old ids are renamed, because both name the ids as they were stored. A lesson split in two
(``questions_formerly:`` on the new lesson) gives the answers to the questions the new
lesson's quiz bank holds today to that lesson, first too: the source (``bank-<old>``) and
the question's id (the item) say which they are.
"""

from __future__ import annotations

from collections.abc import Mapping

#: the prefixes of a source that names a lesson (a quiz bank is named after its lesson)
PUZZLES = "puzzles-"
BANK = "bank-"
SOURCE_PREFIXES = (BANK, PUZZLES)
#: each lesson id (as stored) whose bank lost questions in a split: the lesson that has them
#: today, and their ids
Questions = Mapping[str, tuple[str, frozenset[str]]]


def renames() -> dict[str, str]:
    """Each old lesson id and the lesson's id today (the course's ``formerly:``)."""
    from ..teaching.course import former_ids

    return former_ids()


def moved() -> dict[str, str]:
    """Each lesson (as stored) whose puzzles moved, and the id today of the lesson that has
    them (the course's ``puzzles_formerly:``)."""
    from ..teaching.course import moved_puzzles

    return moved_puzzles()


def split_questions() -> dict[str, tuple[str, frozenset[str]]]:
    """Each lesson (as stored) split in two, the id today of the lesson split off it and the
    questions of that lesson's quiz bank (the course's ``questions_formerly:``)."""
    from ..teaching.bank import load_bank
    from ..teaching.course import lesson, moved_questions

    table = {}
    for old, new in moved_questions().items():
        quiz = lesson(new).quiz
        table[old] = (new, frozenset(q.id for q in load_bank(quiz)) if quiz else frozenset())
    return table


def now(lesson: str, source: str, item: str, table: Mapping[str, str],
        puzzles: Mapping[str, str], questions: Questions) -> tuple[str, str]:
    """A stored (lesson, source) of ``item`` as the course names it today."""
    if lesson in puzzles and source == PUZZLES + lesson:
        return puzzles[lesson], PUZZLES + puzzles[lesson]
    bank = source.removeprefix(BANK) if source.startswith(BANK) else ""
    if bank in questions and item in questions[bank][1]:
        new = questions[bank][0]
        return (new if lesson == bank else lesson_now(lesson, table)), BANK + new
    return lesson_now(lesson, table), source_now(source, table)


def lesson_now(lesson: str, table: Mapping[str, str]) -> str:
    """``lesson`` under its id today."""
    return table.get(lesson, lesson)


def source_now(source: str, table: Mapping[str, str]) -> str:
    """``source`` under the id today of the lesson it names (itself if it names none)."""
    for prefix in SOURCE_PREFIXES:
        if source.startswith(prefix) and source[len(prefix):] in table:
            return prefix + table[source[len(prefix):]]
    return source


def sources(table: Mapping[str, str]) -> dict[str, str]:
    """Every old source and its name today."""
    return {prefix + old: prefix + new for old, new in table.items()
            for prefix in SOURCE_PREFIXES}
