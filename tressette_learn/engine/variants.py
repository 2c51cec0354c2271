"""The named variants of RULES.md §10: one class each, registered by name in ``PRESETS``.

A variant changes the defaults of :class:`.rules.Rules` (its fields) and, for a rule no option
covers, overrides the answer the code asks (``last_trick_thirds``, ``card_thirds``,
``low_wins``...). Adding one is a class here with ``@register`` (and its menu line in
``lessons/strings/*/match.yaml`` or ``rules_variants.yaml``, ``match.preset.<name>``).
"""

from __future__ import annotations

import dataclasses

from .rules import FirstLead, Rules, register

__all__ = ["ADue", "APerdere", "ColMorto", "Gamelake", "Online", "QuattroDenari", "Rules",
           "Traversone"]


@register
@dataclasses.dataclass(frozen=True)
class Online(Rules):
    """The common online table: no signals."""

    name = "online"
    signals: bool = False


@register
@dataclasses.dataclass(frozen=True)
class Gamelake(Rules):
    """GameLake's two-player table: no declarations, no signals, free play with a stock."""

    name = "gamelake"
    players: int = 2
    declarations: bool = False
    signals: bool = False
    follow_suit_with_stock: bool = False


@register
@dataclasses.dataclass(frozen=True)
class QuattroDenari(Rules):
    """The holder of the Four of coins leads the first trick; declarations compulsory."""

    name = "quattro_denari"
    aliases = ("romana",)
    first_lead: FirstLead = "four_of_denari"
    declarations_compulsory: bool = True


@register
@dataclasses.dataclass(frozen=True)
class ADue(Rules):
    """Two players with a stock (§7)."""

    name = "a_due"
    players: int = 2
    declarations: bool = False
    signals: bool = False


@register
@dataclasses.dataclass(frozen=True)
class ColMorto(Rules):
    """Three players, the dealer's partner a dummy (§8)."""

    name = "col_morto"
    players: int = 3


@register
@dataclasses.dataclass(frozen=True)
class APerdere(Rules):
    """Tressette a perdere (§9): the fewest points win; no declarations."""

    name = "a_perdere"
    a_perdere: bool = True
    declarations: bool = False


@register
@dataclasses.dataclass(frozen=True)
class Traversone(APerdere):
    """A perdere each for himself, 4 players, with reversed cappotto (§9)."""

    name = "traversone"
    signals: bool = False
    partners: bool = False
    cappotto: bool = True
    reversed_cappotto: bool = True
