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

from ..classroom.identity import Identities
from ..classroom.store import InputError, Learner, Store, StoreError, default_url
from ..i18n import t
from . import EXIT_OK, fail, print_json


class NotFound(Exception):
    """No learner answers to what was typed."""


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
    cmd.set_defaults(run=run_learners)


def run_learners(args: argparse.Namespace) -> int:
    """Do the action asked; one line says what was done."""
    try:
        store = Store(default_url())
    except StoreError as err:
        return fail(f"the progress store cannot be opened: {err}")
    try:
        return _act(Identities(store), args)
    except NotFound as err:
        return fail(str(err))
    except InputError as err:
        return fail(t(err.key, "en", **err.values))
    except StoreError as err:
        return fail(f"the progress store cannot be changed: {err}")
    finally:
        store.close()


def _act(people: Identities, args: argparse.Namespace) -> int:
    if args.action == "list":
        return _list(people, args)
    who = find(people, args.learner, args.class_code)
    if args.action == "rename":
        renamed = people.rename(who, args.new_name)
        print(f"renamed {_shown(who)} to {renamed.name!r}")
    elif args.action == "merge":
        into = find(people, args.into, args.class_code)
        people.merge(who, into)
        print(f"merged {_shown(who)} into {_shown(into)}; {who.name!r} is removed")
    elif args.action == "reset-pin":
        people.reset_pin(who)
        print(f"reset the PIN of {_shown(who)}: they choose a new one at their next sign-in")
    else:
        people.remove(who)
        print(f"removed {_shown(who)} and all their progress")
    return EXIT_OK


def find(people: Identities, typed: str, class_code: str | None) -> Learner:
    """The learner ``typed`` names: ``#ID``, or a name (in ``class_code``; none: no class)."""
    text = typed.strip()
    if text.startswith("#") and text[1:].isdigit():
        found = people.by_id(int(text[1:]))
        if found is None:
            raise NotFound(f"no learner has the id {text}")
        return found
    found = people.find(text, class_code or "")
    if found is None:
        where = f" in class {class_code}" if class_code else " without a class (use --class)"
        raise NotFound(f"no learner named {typed!r}{where}; 'learners list' shows them")
    return found


def _list(people: Identities, args: argparse.Namespace) -> int:
    learners = people.store.learners(class_code=args.class_code)
    rows = [{"id": who.id, "name": who.name, "class_code": who.class_code,
             "pin": people.has_pin(who)} for who in learners]
    if args.json:
        print_json({"learners": rows})
        return EXIT_OK
    if not rows:
        print("no learners")
    for row in rows:
        pin = "PIN set" if row["pin"] else "no PIN yet (chosen at next sign-in)"
        print(f"#{row['id']}\t{row['class_code'] or '-'}\t{row['name']}\t{pin}")
    return EXIT_OK


def _shown(who: Learner) -> str:
    return f"{who.name!r} (#{who.id}, class {who.class_code or '-'})"
