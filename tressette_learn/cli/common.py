"""What every ``tressette-learn`` command shares: exit statuses, the one-line error, the
``RECORD.json`` argument and JSON output."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

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
