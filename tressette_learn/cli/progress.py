"""``tressette-learn progress``: each learner's lessons from the progress store (the one
``TRESSETTE_DB`` names, as the lessons use): stars, passed, attempts and where to carry on.

With ``--learner NAME`` (and ``--class CODE`` when the name is in several classes) the JSON
is one object, ``{"learner", "class_code", "lessons": [{"lesson", "stars", "passed",
"attempts", ...}], "next", "due"}`` (``due``: the review items due now, see
:mod:`tressette_learn.classroom.schedule`); without, ``{"learners": [...such objects]}``. A
learner not found, a class with no learner, or a database that cannot be opened exits with
status 2 and one line. A learner whose stored rows cannot be read is reported as such (in
the JSON, ``{"learner", "class_code", "error"}``), after the others, with status 1.

``--import FILE...`` adds progress files saved on the static site, as the teacher's
dashboard does (the same checks and words): one line per file, on stdout if it was imported,
on stderr if refused (then the status is 2).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..classroom.mastery import LessonMastery, course_mastery, next_step
from ..classroom.schedule import ReviewItem, due_items
from ..i18n import t
from ..store import (
    ROW_ERRORS,
    InputError,
    Learner,
    Store,
    StoreError,
    default_url,
)
from ..store.clock import now
from ..store.progress_import import import_path, imported
from ..store.records import normalise_class_code
from ..teaching.results import Result
from ..ui.classroom.progress import star_marks, state_text
from ..ui.lesson import lesson_title
from .common import EXIT_BAD_INPUT, EXIT_OK, add_lang, fail, print_json

EXIT_UNREADABLE = 1  # the report is printed, but some learner's rows could not be read


def add_progress(sub: Any) -> None:
    """Register ``progress [--learner NAME] [--class CODE] [--json] [--lang en|it]``."""
    cmd = sub.add_parser(
        "progress", help="each learner's stars, passed lessons and attempts",
        description="Show each learner's lessons from the progress store (TRESSETTE_DB): "
                    "stars, passed, attempts and the lesson to carry on with.")
    cmd.add_argument("--learner", metavar="NAME", help="only this learner")
    cmd.add_argument("--class", dest="class_code", metavar="CODE",
                     help="only the learners of this class")
    cmd.add_argument("--import", dest="files", metavar="FILE", nargs="+", type=Path,
                     help="add these progress files (saved on the static site) to the store")
    cmd.add_argument("--json", action="store_true", help="print the progress as JSON")
    add_lang(cmd, "the text")
    cmd.set_defaults(run=run_progress)


def run_progress(args: argparse.Namespace) -> int:
    """Print the progress of the learners chosen."""
    try:
        store = Store(default_url())
    except StoreError as err:
        return fail(f"the progress store cannot be opened: {err}")
    try:
        return _import(store, args) if args.files else _report(store, args)
    except InputError as err:
        return fail(f"--class: {t(err.key, args.lang, **err.values)}")
    except StoreError as err:
        return fail(f"the progress store cannot be read: {err}")
    finally:
        store.close()


def _import(store: Store, args: argparse.Namespace) -> int:
    if args.learner is not None or args.class_code is not None:
        return fail("--import: the learner and the class are the ones each file names "
                    "(leave out --learner and --class)")
    said = [(path, import_path(store, path)) for path in args.files]
    if args.json:
        print_json([{"file": str(path), "imported": imported(phrase),
                     "message": phrase.get(args.lang)} for path, phrase in said])
    else:
        for _path, phrase in said:
            print(phrase.get(args.lang), file=sys.stdout if imported(phrase) else sys.stderr)
    return EXIT_OK if all(imported(phrase) for _path, phrase in said) else EXIT_BAD_INPUT


def _report(store: Store, args: argparse.Namespace) -> int:
    learners = store.learners(args.learner, args.class_code)
    if args.learner is not None and len(learners) != 1:
        return fail(_not_one(args, learners))
    if args.class_code is not None and not learners:
        return fail(t("cli.progress.no_class", args.lang,
                      code=normalise_class_code(args.class_code)))
    found = [_progress(store, who) for who in learners]
    if args.json:
        objects = [entry.to_json() for entry in found]
        print_json(objects[0] if args.learner is not None else {"learners": objects})
    else:
        print("\n".join(entry.text(args.lang) for entry in found)
              or t("cli.progress.nobody", args.lang))
    unread = [entry for entry in found if isinstance(entry, Unreadable)]
    for problem in unread:
        print("error: " + " ".join(problem.text(args.lang).split()), file=sys.stderr)
    return EXIT_UNREADABLE if unread else EXIT_OK


def _progress(store: Store, who: Learner) -> Progress | Unreadable:
    """The learner's progress, or why their stored rows cannot be read (the others' report
    goes on)."""
    try:
        return Progress(who, store.results(who))
    except ROW_ERRORS as err:
        return Unreadable(who, f"{type(err).__name__}: {err}"[:300])


class Progress:
    """One learner's lessons and the review items due now, from their results."""

    def __init__(self, who: Learner, results: list[Result]) -> None:
        self.who = who
        self.mastery: dict[str, LessonMastery] = course_mastery(results)
        self.due: list[ReviewItem] = due_items(results, now())

    def to_json(self) -> dict[str, Any]:
        """The learner's progress as JSON."""
        target = next_step(self.mastery)
        return {"learner": self.who.name, "class_code": self.who.class_code,
                "lessons": [lesson_json(done) for done in self.mastery.values()],
                "next": target.id if target else None,
                "due": [item.to_json() for item in self.due]}

    def text(self, lang: str) -> str:
        """The learner's progress as lines of text."""
        lines = [_head(self.who, lang)]
        for done in self.mastery.values():
            lines.append(f"  {star_marks(done.stars)} {lesson_title(done.lesson, lang)}: "
                         f"{state_text(done, lang)}")
        target = next_step(self.mastery)
        lines.append(t("progress.next", lang, title=lesson_title(target, lang)) if target
                     else t("progress.all_done", lang))
        lines.append(t("cli.progress.due", lang, n=len(self.due)))
        return "\n".join(lines)


class Unreadable:
    """A learner whose stored rows cannot be read, and why."""

    def __init__(self, who: Learner, reason: str) -> None:
        self.who, self.reason = who, reason

    def to_json(self) -> dict[str, Any]:
        """The learner and the reason, as JSON."""
        return {"learner": self.who.name, "class_code": self.who.class_code,
                "error": self.reason}

    def text(self, lang: str) -> str:
        """The learner's line and the reason."""
        return (f"{_head(self.who, lang)}\n"
                f"  {t('cli.progress.unreadable', lang, reason=self.reason)}")


def _head(who: Learner, lang: str) -> str:
    return t("cli.progress.learner", lang, name=who.name) if not who.class_code else \
        t("cli.progress.learner_class", lang, name=who.name, code=who.class_code)


def _not_one(args: argparse.Namespace, learners: list[Learner]) -> str:
    where = f" in class {args.class_code!r}" if args.class_code is not None else ""
    if not learners:
        return f"--learner: no learner named {args.learner!r}{where}"
    classes = ", ".join(repr(who.class_code) for who in learners)
    return (f"--learner: {len(learners)} learners are named {args.learner!r} (classes "
            f"{classes}): choose one with --class")


def lesson_json(done: LessonMastery) -> dict[str, Any]:
    """One lesson's stars, passed and attempts, and the details behind them."""
    return {"lesson": done.lesson.id, "stars": done.stars, "passed": done.passed,
            "attempts": done.attempts, "state": done.state, "exercises": done.total,
            "with_a_star": done.earned, "left_to_pass": done.left, "hints": done.hints,
            "seconds": round(float(done.seconds), 1)}
