"""The ``tressette-learn`` command line.

``tressette-learn score RECORD.json [--json]`` replays a deal record (or a match record) and
prints the score trick by trick. ``tressette-learn hint RECORD.json`` shows the hint for the
seat to play next (from that seat's view only); ``tressette-learn review RECORD.json --seat S``
judges every card that seat played, with the full deal seen. ``tressette-learn serve``
serves the lessons in Voilà (``--lab``: JupyterLab) until Ctrl-C. ``tressette-learn progress
[--learner NAME] [--class CODE] [--json]`` shows the learners' stars and passed lessons.
``tressette-learn hub --class-code CODE [--port N]`` runs JupyterHub for a class.
``tressette-learn learners list|rename|merge|reset-pin|remove`` is the teacher's changes to
learners (:mod:`.learners`). A
bad record (or option) exits with status 2 and one line on stderr naming the field, never a
traceback.

New subcommands register themselves in :data:`COMMANDS`: a function that adds the
subparser (and sets ``run`` with ``set_defaults``) and returns nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from ..engine.cards import CardError
from ..engine.deal import DealError
from ..engine.declarations import DeclarationError
from ..engine.records import RecordError
from ..engine.rules import RulesError
from ..engine.seats import SeatError
from ..i18n import LANGUAGES, SOURCE

EXIT_OK = 0
EXIT_BAD_INPUT = 2
ENGINE_ERRORS = (RecordError, CardError, SeatError, RulesError, DealError, DeclarationError)


class UsageError(Exception):
    """A command line that argparse cannot read."""


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser that reports a bad command line as one line (see :func:`main`)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (try: {self.prog} --help)")


# -- entry point ---------------------------------------------------------------------------
def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input)."""
    parser = build_parser()
    args = None
    try:
        args = parser.parse_args(argv)
        run: Callable[[argparse.Namespace], int] | None = getattr(args, "run", None)
        if run is None:
            parser.print_help()
            return EXIT_OK
        return run(args)
    except SystemExit as done:  # --help and --version
        return done.code if isinstance(done.code, int) else EXIT_OK
    except KeyboardInterrupt:
        return 130
    except (UsageError, *ENGINE_ERRORS) as err:
        return fail(error_text(err, getattr(args, "lang", None)))
    except BrokenPipeError:
        return EXIT_OK
    except OSError as err:
        return fail(f"{getattr(err, 'filename', None) or 'output'}: {err.strerror or err}")
    except Exception as err:  # noqa: BLE001 - the promise is: never a traceback
        return fail(f"unexpected {type(err).__name__}: {err}")


def fail(message: str) -> int:
    """Print one ``error:`` line on stderr; the bad-input exit status."""
    print("error: " + " ".join(message.split()), file=sys.stderr)
    return EXIT_BAD_INPUT


def error_text(err: Exception, lang: str | None = None) -> str:
    """The error's one line: a refused action (an illegal card in a record) in words, in
    ``lang`` (default: the source language), after the field it is in; anything else as the
    error says it."""
    refusal = getattr(err, "refusal", None)
    if refusal is None:
        return str(err)
    from ..engine_words import refusal_text

    lang = lang or SOURCE

    where = getattr(err, "where", "")
    return f"{where}: {refusal_text(refusal, lang)}" if where else refusal_text(refusal, lang)


def build_parser() -> argparse.ArgumentParser:
    """The parser with every registered subcommand."""
    parser = _Parser(prog="tressette-learn",
                     description="Learn Tressette: tools around the rules engine.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")
    for add in COMMANDS.values():
        add(sub)
    return parser


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("tressette_learn")
    except Exception:  # noqa: BLE001 - not installed: running from a checkout
        return "unknown"


def record_command(sub: Any, name: str, help_text: str, description: str, record: str,
                   shows: str) -> argparse.ArgumentParser:
    """A sub-command that reads ``RECORD.json`` (``-`` for standard input) and has ``--json``;
    ``record`` names what the file holds, ``shows`` what ``--json`` prints."""
    cmd = sub.add_parser(name, help=help_text, description=description)
    cmd.add_argument("record", metavar="RECORD.json",
                     help=f"the {record} ('-' reads standard input)")
    cmd.add_argument("--json", action="store_true", help=f"print the {shows} as JSON")
    return cmd


def add_lang(cmd: argparse.ArgumentParser, what: str) -> None:
    """``--lang``: one of the course's languages (the folders of ``lessons/strings``)."""
    cmd.add_argument("--lang", choices=LANGUAGES, default=SOURCE,
                     help=f"language of {what} (default {SOURCE})")


def print_json(obj: Any) -> None:
    print(json.dumps(obj, indent=2, ensure_ascii=False))



from .analysis import add_hint, add_review  # noqa: E402 - the commands use the helpers above
from .hub import add_hub  # noqa: E402
from .learners import add_learners  # noqa: E402
from .lite import add_lite  # noqa: E402
from .progress import add_progress  # noqa: E402
from .score import add_score  # noqa: E402
from .serve import add_serve  # noqa: E402

COMMANDS: dict[str, Callable[[Any], None]] = {"score": add_score, "hint": add_hint,
                                               "review": add_review, "serve": add_serve,
                                               "progress": add_progress, "hub": add_hub,
                                               "lite": add_lite, "learners": add_learners}
