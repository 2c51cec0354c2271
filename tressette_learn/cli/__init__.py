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
subparser (and sets ``run`` with ``set_defaults``) and returns nothing. What the commands
share (exit statuses, ``fail``, ``record_command``, ``print_json``) is in :mod:`.common`,
which they import: never this package.

May import: anything of ``tressette_learn`` (the command line is the top layer).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from .analysis import add_hint, add_review
from .common import ENGINE_ERRORS, EXIT_OK, UsageError, error_text, fail
from .hub import add_hub
from .learners import add_learners
from .lite import add_lite
from .progress import add_progress
from .score import add_score
from .serve import add_serve

__all__ = ["COMMANDS", "UsageError", "build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser that reports a bad command line as one line (see :func:`main`)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (try: {self.prog} --help)")


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
        return fail(error_text(err, getattr(args, "lang", "en")))
    except BrokenPipeError:
        return EXIT_OK
    except OSError as err:
        return fail(f"{getattr(err, 'filename', None) or 'output'}: {err.strerror or err}")
    except Exception as err:  # noqa: BLE001 - the promise is: never a traceback
        return fail(f"unexpected {type(err).__name__}: {err}")


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


COMMANDS: dict[str, Callable[[Any], None]] = {"score": add_score, "hint": add_hint,
                                               "review": add_review, "serve": add_serve,
                                               "progress": add_progress, "hub": add_hub,
                                               "lite": add_lite, "learners": add_learners}
