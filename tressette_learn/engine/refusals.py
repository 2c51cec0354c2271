"""Why the engine refuses an action: a kind and its facts, never a sentence.

The words layer writes a refusal in the learner's language (``reason.<kind>`` in
``lessons/strings/*/reasons.yaml``); ``str()`` is a short developer's notation::

    must_follow(seat=W, card=Rd, suit=c, held=3c 2c Ac)
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Literal, TypeAlias, get_args

from .cards import Card, Suit
from .seats import Seat

if TYPE_CHECKING:
    from .declarations import Declaration

Kind = Literal[
    # playing a card
    "deal_over", "deal_redealt", "deal_called_out", "not_your_turn", "not_in_hand",
    "must_follow",
    # a card not in hand, when a record is replayed with the whole deal known
    "played_already", "held_by", "in_stock",
    # signals (RULES.md §4)
    "no_signals", "signal_not_leading", "unknown_signal", "false_volo", "false_striscio",
    "false_busso", "busso_none",
    # signals under the club convention (a pezzo is the Three, Two or Ace of the suit)
    "club_false_busso", "club_false_striscio", "club_striscio_pezzo",
    # declarations (§3)
    "no_declarations", "already_declared", "declare_too_early", "declare_late_before_lead",
    "declare_late_first_trick", "not_dealt",
    # calling out (§5) and redeals (§6)
    "no_calling_out", "call_fixed_deals", "call_between_tricks",
    "no_redeal", "redeal_before_first_lead", "redeal_hand_worth",
]
KINDS: tuple[str, ...] = get_args(Kind)
Fact: TypeAlias = "Card | tuple[Card, ...] | Suit | Seat | Declaration | int | str"


@dataclasses.dataclass(frozen=True)
class Refusal:
    """The rule an action breaks (``kind``) and the facts that show it (hashable)."""

    kind: Kind
    values: tuple[tuple[str, Fact], ...] = ()

    @classmethod
    def of(cls, kind: Kind, **facts: Fact) -> Refusal:
        """``Refusal.of("must_follow", suit=Suit.COPPE, held=hand)``."""
        return cls(kind, tuple(facts.items()))

    @property
    def facts(self) -> dict[str, Fact]:
        """The facts by name."""
        return dict(self.values)

    def __str__(self) -> str:
        facts = ", ".join(f"{name}={_notation(value)}" for name, value in self.values)
        return f"{self.kind}({facts})"


class RefusalError(ValueError):
    """An error that carries the engine's :class:`Refusal` when an action was refused
    (``refusal`` is None for a mistake in setting up, e.g. a deal with a card twice)."""

    refusal: Refusal | None

    def __init__(self, problem: object) -> None:
        """``problem`` is a :class:`Refusal` or a developer's message."""
        self.refusal = problem if isinstance(problem, Refusal) else None
        super().__init__(str(problem))


def _notation(value: object) -> str:
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, Seat):
        return value.name
    if isinstance(value, tuple):
        return " ".join(map(str, value))
    to_json = getattr(value, "to_json", None)
    if to_json is not None:
        return ":".join(map(str, to_json().values()))
    return str(value)
