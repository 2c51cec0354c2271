"""Progress files from the static site into the served course's store: each file is read
whole first (a malformed one changes nothing and its problem names the field), then its
learner is signed in to the class it names and every record is added by its uid, so a file
imported twice adds nothing the second time."""

from __future__ import annotations

import dataclasses

from ..i18n import Phrase
from .progress_file import FileProblem, Progress, read
from .store import Store, StoreError

MAX_MB = 10  # the largest file taken


@dataclasses.dataclass(frozen=True)
class Imported:
    """What one file brought: its learner, the attempts new to the store and those that
    were there already."""

    name: str
    class_code: str
    new: int
    known: int


def import_progress(store: Store, progress: Progress) -> Imported:
    """Add a learner's progress to the store (StoreError if the database refuses)."""
    learner = store.sign_in(progress.name, progress.class_code)
    before = len(store.results(learner))
    for record in progress.events.values():
        store.add(learner, record)
    for uid, result in progress.results.items():
        store.add_result(learner, result, uid)
    if progress.preferences is not None:
        store.save_preferences(learner, progress.preferences)
    new = len(store.results(learner)) - before
    return Imported(learner.name, learner.class_code, new, len(progress.results) - new)


def import_file(store: Store, file: str, content: bytes) -> Phrase:
    """Import one uploaded file; what happened, in words for the teacher."""
    if len(content) > MAX_MB * 1_000_000:
        return Phrase.of("teacher.import.too_big", file=file, most=MAX_MB)
    try:
        done = import_progress(store, read(content))
    except FileProblem as problem:
        return Phrase.of("teacher.import.refused", file=file, problem=problem_words(problem))
    except StoreError as err:
        return Phrase.of("teacher.import.failed", file=file, reason=str(err))
    return Phrase.of("teacher.import.added", file=file, name=done.name,
                     code=done.class_code or "–", new=done.new, known=done.known)


def problem_words(problem: FileProblem) -> Phrase:
    """A file's problem as a sentence that names its field."""
    return Phrase.of(problem.key, where=where_words(problem.where), **problem.facts)


def where_words(where: tuple[str | int, ...]) -> Phrase:
    """``("results", 3, "mistakes")`` as "the field “mistakes” of entry 3 of “results”"."""
    section, *rest = where or ("",)
    if len(rest) == 2:
        return Phrase.of("progress_file.where.entry_field", section=section, n=str(rest[0]),
                         field=str(rest[1]))
    if rest and isinstance(rest[0], int):
        return Phrase.of("progress_file.where.entry", section=section, n=str(rest[0]))
    if rest:
        return Phrase.of("progress_file.where.field", section=section, field=rest[0])
    return Phrase.of("progress_file.where.section", section=section)
