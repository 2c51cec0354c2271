"""A match left mid-way, as the JSON state the progress store keeps, and back.

The state is built from the engine's records: the match record (the rules and every deal
record, the deal in play included, with its cards played so far), the learner's choice
(level, table, target) and the match's seed. Reading it back replays every deal through the
engine (:func:`~tressette_learn.engine.records.match_from_records`), so a state that breaks
a rule, does not fit the choice or names a finished match is refused with a
:class:`StateError` naming what is wrong.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..engine.match import Match
from ..engine.records import match_from_records, match_record
from .match_setup import Choice, problem

VERSION = 1
FIELDS = {"version", "choice", "seed", "match"}
SEED_LIMIT = 2**63


class StateError(ValueError):
    """A saved match that cannot be resumed (the message says why)."""


@dataclasses.dataclass
class SavedMatch:
    """A match read back from its state: the match, the learner's choice and the seed."""

    match: Match
    choice: Choice
    seed: int | None


def match_state(match: Match, choice: Choice, seed: int | None) -> dict[str, Any]:
    """The JSON-ready state of ``match`` (played with ``choice`` and ``seed``)."""
    return {"version": VERSION, "choice": dataclasses.asdict(choice), "seed": seed,
            "match": match_record(match, include_unplayed=True)}


def read_state(state: Any) -> SavedMatch:
    """The match a state holds, replayed and checked (:class:`StateError` if it is not a
    match that can go on)."""
    if not isinstance(state, dict) or set(state) != FIELDS:
        raise StateError(f"a saved match is an object with the fields {sorted(FIELDS)}")
    if state["version"] != VERSION:
        raise StateError(f"version {state['version']!r} is not {VERSION}")
    choice = _read_choice(state["choice"])
    seed = state["seed"]
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                             or not 0 <= seed < SEED_LIMIT):
        raise StateError(f"seed: {seed!r} is not a whole number from 0 to 2**63")
    try:
        match = match_from_records(state["match"])
    except (ValueError, TypeError, KeyError) as err:  # a RecordError names the field
        raise StateError(f"match: {err}") from None
    if match.rules != choice.rules():
        raise StateError("match: its rules are not those of the choice")
    if match.is_over():
        raise StateError("match: it is over")
    match.seed = seed  # the next deals are dealt as they would have been
    return SavedMatch(match, choice, seed)


def _read_choice(value: Any) -> Choice:
    if not isinstance(value, dict) or set(value) != {"level", "preset", "target"}:
        raise StateError("choice: an object with level, preset and target")
    found = problem(value["level"], value["preset"], value["target"], "en")
    if found is not None:
        raise StateError(f"choice: {found}")
    return Choice(value["level"], value["preset"], value["target"])
