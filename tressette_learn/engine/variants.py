"""The named variants of RULES.md §10: one class each, registered by name in ``PRESETS``.

A variant changes the defaults of :class:`.rules.Rules` (its fields) and, for a rule no option
covers, overrides the answer the code asks (``last_trick_thirds``, ``card_thirds``,
``low_wins``...). Adding one is a class here and its place in :data:`VARIANTS` (and its menu
line ``match.preset.<name>`` in ``lessons/strings/*/rules_variants.yaml``).
"""

from __future__ import annotations

import dataclasses

from .rules import FirstLead, Rules, register

__all__ = ["VARIANTS", "ADue", "APerdere", "ColMorto", "Gamelake", "Online", "QuattroDenari",
           "Rules", "Traversone"]


@dataclasses.dataclass(frozen=True)
class Online(Rules):
    """The common online table: no signals."""

    name = "online"
    signals: bool = False


@dataclasses.dataclass(frozen=True)
class QuattroDenari(Rules):
    """The holder of the Four of coins leads the first trick; declarations compulsory."""

    name = "quattro_denari"
    aliases = ("romana",)
    first_lead: FirstLead = "four_of_denari"
    declarations_compulsory: bool = True


@dataclasses.dataclass(frozen=True)
class ADue(Rules):
    """Two players with a stock (§7)."""

    name = "a_due"
    players: int = 2
    declarations: bool = False
    signals: bool = False


@dataclasses.dataclass(frozen=True)
class Gamelake(ADue):
    """GameLake's two-player table: free play while the stock lasts."""

    name = "gamelake"
    follow_suit_with_stock: bool = False


@dataclasses.dataclass(frozen=True)
class ColMorto(Rules):
    """Three players, the dealer's partner a dummy (§8)."""

    name = "col_morto"
    players: int = 3


@dataclasses.dataclass(frozen=True)
class APerdere(Rules):
    """Tressette a perdere (§9): the fewest points win; no declarations."""

    name = "a_perdere"
    a_perdere: bool = True
    declarations: bool = False


@dataclasses.dataclass(frozen=True)
class Traversone(APerdere):
    """A perdere each for himself, 4 players, with reversed cappotto (§9)."""

    name = "traversone"
    signals: bool = False
    partners: bool = False
    cappotto: bool = True
    reversed_cappotto: bool = True


VARIANTS: tuple[type[Rules], ...] = (Rules, Online, Gamelake, QuattroDenari, ADue, ColMorto,
                                     APerdere, Traversone)
"""Every preset, in the order menus offer them (``Rules`` is the standard game)."""
for _variant in VARIANTS[1:]:
    register(_variant)
