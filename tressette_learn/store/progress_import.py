"""Progress files from the static site into the served course's store, from the teacher's
dashboard or the command line (the same checks, the same words).

A file larger than :data:`MAX_BYTES` is refused before it is read (the dashboard's browser
never even sends it). Each file is then read whole and every field checked (a malformed one
changes nothing and its problem names the field); its learner is signed in to the class it
names (the learner already there whose name differs only in case, spaces or accents, as
signing in finds them) and every record added by its uid, all in one transaction: a file
the database refuses half-way leaves nothing behind, not even its learner. A file imported
twice adds nothing the second time."""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path

from ..i18n import Phrase
from ..teaching.course import course
from .database import StoreError
from .identity import Identities
from .progress_file import FileProblem, Progress, read
from .sql import Store

MAX_MB = 10  # the largest file taken, in MB (a million bytes: under the 10 MiB a
MAX_BYTES = MAX_MB * 1_000_000  # kernel message may carry, with room for its header)
SHOWN = 60  # characters of a file or field name shown in a sentence


@dataclasses.dataclass(frozen=True)
class Imported:
    """What one file brought: its learner, the attempts new to the store and those that
    were there already."""

    name: str
    class_code: str
    new: int
    known: int


@functools.lru_cache(maxsize=1)
def lesson_ids() -> frozenset[str]:
    """The lessons a progress file may name."""
    return frozenset(lesson.id for lesson in course())


def import_progress(store: Store, progress: Progress) -> Imported:
    """Add a learner's progress to the store in one transaction (StoreError, and nothing
    added, if the database refuses any of it)."""
    return store.db.atomic(lambda: _add(store, progress))


def _add(store: Store, progress: Progress) -> Imported:
    known = Identities(store).find(progress.name, progress.class_code)
    learner = known or store.sign_in(progress.name, progress.class_code)
    before = len(store.results(learner))
    for record in progress.events.values():
        store.add(learner, record)
    for uid, result in progress.results.items():
        store.add_result(learner, result, uid)
    if progress.preferences is not None:
        store.save_preferences(learner, progress.preferences)
    new = len(store.results(learner)) - before
    return Imported(learner.name, learner.class_code, new, len(progress.results) - new)


def too_big(file: str, size: int) -> Phrase | None:
    """Why a file of ``size`` bytes is refused unread (None if it may be read)."""
    if size > MAX_BYTES:
        return Phrase.of("teacher.import.too_big", file=shown(file), most=MAX_MB)
    return None


def import_file(store: Store, file: str, content: bytes) -> Phrase:
    """Import one uploaded file; what happened, in words for the teacher."""
    refused = too_big(file, len(content))
    if refused is not None:
        return refused
    try:
        done = import_progress(store, read(content, lesson_ids()))
    except FileProblem as problem:
        return Phrase.of("teacher.import.refused", file=shown(file),
                         problem=problem_words(problem))
    except StoreError as err:
        return Phrase.of("teacher.import.failed", file=shown(file), reason=str(err))
    return Phrase.of("teacher.import.added", file=shown(file), name=done.name,
                     code=done.class_code or "–", new=done.new, known=done.known)


def import_path(store: Store, path: Path) -> Phrase:
    """Import the file at ``path`` (its size checked before it is read)."""
    try:
        refused = too_big(str(path), path.stat().st_size)
        return refused or import_file(store, str(path), path.read_bytes())
    except OSError as err:
        return Phrase.of("teacher.import.unreadable", file=shown(str(path)),
                         reason=err.strerror or type(err).__name__)


def imported(phrase: Phrase) -> bool:
    """Whether ``phrase`` (from :func:`import_file`) says the file was imported."""
    return phrase.key == "teacher.import.added"


def problem_words(problem: FileProblem) -> Phrase:
    """A file's problem as a sentence that names its field."""
    facts = {key: shown(value) if isinstance(value, str) else value
             for key, value in problem.facts.items()}
    return Phrase.of(problem.key, where=where_words(problem.where), **facts)


def where_words(where: tuple[str | int, ...]) -> Phrase:
    """``("results", 3, "mistakes")`` as "the field “mistakes” of entry 3 of “results”"."""
    section, *rest = (shown(str(part)) for part in where) if where else ("",)
    if len(rest) == 2:
        return Phrase.of("progress_file.where.entry_field", section=section, n=rest[0],
                         field=rest[1])
    if rest and isinstance(where[1], int):
        return Phrase.of("progress_file.where.entry", section=section, n=rest[0])
    if rest:
        return Phrase.of("progress_file.where.field", section=section, field=rest[0])
    return Phrase.of("progress_file.where.section", section=section)


def shown(text: str) -> str:
    """A name from a file as a sentence shows it: cut short if it is long."""
    return text if len(text) <= SHOWN else text[:SHOWN - 1] + "…"
