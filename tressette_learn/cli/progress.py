"""``tressette-learn progress``: each learner's lessons from the progress store (the one
``TRESSETTE_DB`` names, as the lessons use): stars, passed, attempts and where to carry on.

With ``--learner NAME`` (and ``--class CODE`` when the name is in several classes) the JSON
is one object, ``{"learner", "class_code", "lessons": [{"lesson", "stars", "passed",
"attempts", ...}], "next", "due"}`` (``due``: the review items due now, see
:mod:`tressette_learn.classroom.schedule`); without, ``{"learners": [...such objects]}``. A
learner not found, or a database that cannot be read, exits with status 2 and one line.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..classroom.clock import now
from ..classroom.mastery import LessonMastery, course_mastery, next_step
from ..classroom.progress import star_marks, state_text
from ..classroom.schedule import ReviewItem, due_items
from ..classroom.store import InputError, Learner, Store, StoreError, default_url
from ..i18n import t
from ..teaching.results import Result
from ..ui.lesson import lesson_title
from . import EXIT_OK, fail, print_json


def add_progress(sub: Any) -> None:
    """Register ``progress [--learner NAME] [--class CODE] [--json] [--lang en|it]``."""
    cmd = sub.add_parser(
        "progress", help="each learner's stars, passed lessons and attempts",
        description="Show each learner's lessons from the progress store (TRESSETTE_DB): "
                    "stars, passed, attempts and the lesson to carry on with.")
    cmd.add_argument("--learner", metavar="NAME", help="only this learner")
    cmd.add_argument("--class", dest="class_code", metavar="CODE",
                     help="only the learners of this class")
    cmd.add_argument("--json", action="store_true", help="print the progress as JSON")
    cmd.add_argument("--lang", choices=("en", "it"), default="en",
                     help="language of the text (default en)")
    cmd.set_defaults(run=run_progress)


def run_progress(args: argparse.Namespace) -> int:
    """Print the progress of the learners chosen."""
    try:
        store = Store(default_url())
    except StoreError as err:
        return fail(f"the progress store cannot be opened: {err}")
    try:
        return _report(store, args)
    except InputError as err:
        return fail(f"--class: {t(err.key, args.lang, **err.values)}")
    except StoreError as err:
        return fail(f"the progress store cannot be read: {err}")
    finally:
        store.close()


def _report(store: Store, args: argparse.Namespace) -> int:
    learners = store.learners(args.learner, args.class_code)
    if args.learner is not None and len(learners) != 1:
        return fail(_not_one(args, learners))
    found = [Progress(who, store.results(who)) for who in learners]
    if args.json:
        objects = [learner_json(progress) for progress in found]
        print_json(objects[0] if args.learner is not None else {"learners": objects})
        return EXIT_OK
    for progress in found:
        print(learner_text(progress, args.lang))
    return EXIT_OK


class Progress:
    """One learner's lessons and the review items due now, from their results."""

    def __init__(self, who: Learner, results: list[Result]) -> None:
        self.who = who
        self.mastery: dict[str, LessonMastery] = course_mastery(results)
        self.due: list[ReviewItem] = due_items(results, now())


def _not_one(args: argparse.Namespace, learners: list[Learner]) -> str:
    where = f" in class {args.class_code!r}" if args.class_code is not None else ""
    if not learners:
        return f"--learner: no learner named {args.learner!r}{where}"
    classes = ", ".join(repr(who.class_code) for who in learners)
    return (f"--learner: {len(learners)} learners are named {args.learner!r} (classes "
            f"{classes}): choose one with --class")


def learner_json(progress: Progress) -> dict[str, Any]:
    """One learner's progress as JSON."""
    target = next_step(progress.mastery)
    return {"learner": progress.who.name, "class_code": progress.who.class_code,
            "lessons": [lesson_json(done) for done in progress.mastery.values()],
            "next": target.id if target else None,
            "due": [item.to_json() for item in progress.due]}


def lesson_json(done: LessonMastery) -> dict[str, Any]:
    """One lesson's stars, passed and attempts, and the details behind them."""
    return {"lesson": done.lesson.id, "stars": done.stars, "passed": done.passed,
            "attempts": done.attempts, "state": done.state, "exercises": done.total,
            "with_a_star": done.earned, "left_to_pass": done.left, "hints": done.hints,
            "seconds": round(float(done.seconds), 1)}


def learner_text(progress: Progress, lang: str) -> str:
    """One learner's progress as lines of text."""
    who, mastery = progress.who, progress.mastery
    head = t("cli.progress.learner", lang, name=who.name) if not who.class_code else \
        t("cli.progress.learner_class", lang, name=who.name, code=who.class_code)
    lines = [head]
    for done in mastery.values():
        lines.append(f"  {star_marks(done.stars)} {lesson_title(done.lesson, lang)}: "
                     f"{state_text(done, lang)}")
    target = next_step(mastery)
    lines.append(t("progress.next", lang, title=lesson_title(target, lang)) if target
                 else t("progress.all_done", lang))
    lines.append(t("cli.progress.due", lang, n=len(progress.due)))
    return "\n".join(lines)
