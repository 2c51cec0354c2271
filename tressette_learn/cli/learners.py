"""``tressette-learn learners``: the teacher's changes to learners in the progress store (the
one ``TRESSETTE_DB`` names). The command runs on the server, so whoever runs it is the teacher.

``learners list [--class CODE] [--json]`` lists them with their id and whether they have a
PIN; ``learners rename LEARNER NEW_NAME``, ``learners merge LEARNER INTO``, ``learners
reset-pin LEARNER`` and ``learners remove LEARNER --yes`` change them. A LEARNER is a name
(any case, spaces or accents) with ``--class CODE`` for a class, or ``#ID`` as ``list`` shows.
A learner not found, a name taken or a store that cannot be read exits with status 2 and one
line, and nothing changes.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..i18n import t
from ..store import InputError, Learner, Store, StoreError, default_url
from ..store.identity import Identities
from .common import EXIT_OK, add_lang, fail, print_json


class NotFound(Exception):
    """No learner answers to what was typed: ``cli.learners.<key>`` with its values."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key, self.values = key, values


def add_learners(sub: Any) -> None:
    """Register ``learners list|rename|merge|reset-pin|remove``."""
    cmd = sub.add_parser(
        "learners", help="list, rename, merge and remove learners; reset a forgotten PIN",
        description="The teacher's changes to the learners of the progress store "
                    "(TRESSETTE_DB). A LEARNER is a name with --class, or #ID from 'list'.")
    actions = cmd.add_subparsers(title="actions", metavar="ACTION", required=True)
    listing = actions.add_parser("list", help="the learners, their id and whether they have "
                                              "a PIN")
    listing.add_argument("--json", action="store_true", help="print them as JSON")
    for name, help_text, extra in [
            ("rename", "give a learner another name", ("new_name", "NEW_NAME")),
            ("merge", "move a learner's progress to another and remove the first",
             ("into", "INTO")),
            ("reset-pin", "forget a learner's PIN: they choose a new one at next sign-in",
             None),
            ("remove", "remove a learner and all their progress", None)]:
        action = actions.add_parser(name, help=help_text, description=help_text)
        action.add_argument("learner", metavar="LEARNER")
        if extra:
            action.add_argument(extra[0], metavar=extra[1])
        if name == "remove":
            action.add_argument("--yes", action="store_true", required=True,
                                help="yes, remove them (this cannot be undone)")
        action.set_defaults(action=name)
    listing.set_defaults(action="list")
    for parser in actions.choices.values():
        parser.add_argument("--class", dest="class_code", metavar="CODE", default=None,
                            help="the class of the learners named (default: no class)")
        add_lang(parser, "the lines it prints")
    cmd.set_defaults(run=run_learners)


def run_learners(args: argparse.Namespace) -> int:
    """Do the action asked; one line says what was done."""
    lang = args.lang
    try:
        store = Store(default_url())
    except StoreError as err:
        return fail(t("cli.learners.cannot_open", lang, error=str(err)))
    try:
        return _act(Identities(store), args)
    except NotFound as err:
        return fail(t(f"cli.learners.{err.key}", lang, **err.values))
    except InputError as err:
        return fail(t(err.key, lang, **err.values))
    except StoreError as err:
        return fail(t("cli.learners.cannot_change", lang, error=str(err)))
    finally:
        store.close()


def _act(people: Identities, args: argparse.Namespace) -> int:
    if args.action == "list":
        return _list(people, args)
    lang = args.lang
    who = find(people, args.learner, args.class_code)
    shown = _shown(who, lang)
    if args.action == "rename":
        renamed = people.rename(who, args.new_name)
        print(t("cli.learners.renamed", lang, who=shown, name=renamed.name))
    elif args.action == "merge":
        into = find(people, args.into, args.class_code)
        people.merge(who, into)
        print(t("cli.learners.merged", lang, who=shown, into=_shown(into, lang), name=who.name))
    elif args.action == "reset-pin":
        people.reset_pin(who)
        print(t("cli.learners.reset_pin", lang, who=shown))
    else:
        people.remove(who)
        print(t("cli.learners.removed", lang, who=shown))
    return EXIT_OK


def find(people: Identities, typed: str, class_code: str | None) -> Learner:
    """The learner ``typed`` names: ``#ID``, or a name (in ``class_code``; none: no class)."""
    text = typed.strip()
    if text.startswith("#") and text[1:].isdigit():
        found = people.by_id(int(text[1:]))
        if found is None:
            raise NotFound("no_id", id=text)
        return found
    found = people.find(text, class_code or "")
    if found is None:
        raise NotFound("no_name_in_class" if class_code else "no_name", name=typed,
                       code=class_code or "")
    return found


def _list(people: Identities, args: argparse.Namespace) -> int:
    learners = people.store.learners(class_code=args.class_code)
    rows = [{"id": who.id, "name": who.name, "class_code": who.class_code,
             "pin": people.has_pin(who)} for who in learners]
    if args.json:
        print_json({"learners": rows})
        return EXIT_OK
    if not rows:
        print(t("cli.learners.none", args.lang))
    for row in rows:
        pin = t("cli.learners.pin_set" if row["pin"] else "cli.learners.no_pin", args.lang)
        print(f"#{row['id']}\t{row['class_code'] or '-'}\t{row['name']}\t{pin}")
    return EXIT_OK


def _shown(who: Learner, lang: str) -> str:
    return t("cli.learners.shown", lang, name=who.name, id=who.id, code=who.class_code or "-")
