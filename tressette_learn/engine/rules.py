"""The rules configuration: every option of the rule book, and its eight presets."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any, Final, Literal

from .seats import Seat, side_of, sides_for

FirstLead = Literal["dealer_right", "four_of_denari"]
DeclarationTiming = Literal["end_of_first_trick", "before_first_lead"]
WrongCallPenalty = Literal["lose_match", "ignored"]
CappottoDefinition = Literal["all_tricks", "all_points"]
CappottoEffect = Literal["double", "bonus"]
PerdereTie = Literal["last_trick", "play_on"]
SignalConvention = Literal["seed", "club"]


class RulesError(ValueError):
    """An unknown preset or option, or a value an option does not take.

    ``option`` names the option at fault, or is None for a preset or a combination.
    """

    def __init__(self, message: str, option: str | None = None):
        super().__init__(message)
        self.option = option


@dataclasses.dataclass(frozen=True)
class Rules:
    """A frozen table configuration; build it with :meth:`preset` or :meth:`from_json`."""

    preset_name: str = "standard"
    players: int = 4
    deal_packet: int = 5
    first_lead: FirstLead = "dealer_right"
    declarations: bool = True
    declaration_timing: DeclarationTiming = "end_of_first_trick"
    declarations_compulsory: bool = False
    signals: bool = True
    signal_convention: SignalConvention = "seed"
    target: int = 21
    fixed_deals: int | None = None
    calling_out: bool = False
    wrong_call_penalty: WrongCallPenalty = "lose_match"
    cappotto: bool = False
    cappotto_definition: CappottoDefinition = "all_points"
    cappotto_effect: CappottoEffect = "double"
    reversed_cappotto: bool = False
    redeal: bool = False
    follow_suit_with_stock: bool = True
    a_perdere: bool = False
    ace_of_bastoni_eleven: bool = True
    perdere_tie: PerdereTie = "last_trick"
    partners: bool = True

    def __post_init__(self) -> None:
        for check in _CHECKS:
            problem = check(self)
            if problem:
                raise RulesError(problem)

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The preset of this name: ``standard``, ``online``, ``gamelake``,
        ``quattro_denari``, ``a_due``, ``col_morto``, ``a_perdere`` or ``traversone``
        (``romana``, the old name of ``quattro_denari``, is still read)."""
        name = PRESET_ALIASES.get(name, name)
        if name not in PRESETS:
            raise RulesError(f"unknown preset {name!r}: choose one of {', '.join(PRESETS)}")
        return cls(preset_name=name, **PRESETS[name])

    @classmethod
    def from_json(cls, spec: str | Mapping[str, Any]) -> Rules:
        """Rules from a preset name or an object ``{"preset": ..., option: value, ...}``."""
        if isinstance(spec, str):
            return cls.preset(spec)
        if not isinstance(spec, Mapping):
            raise RulesError("rules must be a preset name or an object of options")
        options = dict(spec)
        base = options.pop("preset", "standard")
        if not isinstance(base, str):
            raise RulesError("rules.preset must be a preset name")
        return cls.preset(base).with_options(**options)

    def with_options(self, **options: Any) -> Rules:
        """A copy with some options changed; an unknown option is an error that names it."""
        for key, value in options.items():
            _check_option(key, value)
        return dataclasses.replace(self, **options)

    def to_json(self) -> str | dict[str, Any]:
        """The preset name, or the preset plus the options that differ from it."""
        base = Rules.preset(self.preset_name)
        changed = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)
                   if getattr(self, f.name) != getattr(base, f.name)}
        return {"preset": self.preset_name, **changed} if changed else self.preset_name

    @property
    def sides(self) -> tuple[str, ...]:
        """``NS`` and ``EW``; the seat names with two players or each for himself."""
        return sides_for(self.players, self.partners)

    def side_of(self, seat: Seat) -> str:
        """The side ``seat`` scores for (its own name when each plays for himself)."""
        return side_of(seat, self.players, self.partners)

    @property
    def tricks_per_deal(self) -> int:
        """10 tricks, or 20 with two players and a stock."""
        return 20 if self.players == 2 else 10

    @property
    def total_thirds(self) -> int:
        """Thirds in one deal: 35, or 65 when the ace of bastoni is worth 11 points."""
        return 65 if self.a_perdere and self.ace_of_bastoni_eleven else 35

    @property
    def deal_points(self) -> int:
        """Rounded card points of a deal over both sides: always 11 (21 a perdere with 11)."""
        return self.total_thirds // 3

    def describe(self) -> str:
        """One line for a person: ``standard: 4 players, target 21, ...``."""
        return f"{self.preset_name}: " + json.dumps(self.to_json())


_FIELD_TYPES: Final = {f.name: f.type for f in dataclasses.fields(Rules)}
_CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "players": (2, 3, 4),
    "deal_packet": (1, 5),
    "first_lead": ("dealer_right", "four_of_denari"),
    "declaration_timing": ("end_of_first_trick", "before_first_lead"),
    "wrong_call_penalty": ("lose_match", "ignored"),
    "cappotto_definition": ("all_tricks", "all_points"),
    "cappotto_effect": ("double", "bonus"),
    "perdere_tie": ("last_trick", "play_on"),
    "signal_convention": ("seed", "club"),
}
_BOOLEANS: Final = {name for name, kind in _FIELD_TYPES.items() if kind in (bool, "bool")}


def _check_option(key: str, value: object) -> None:
    if key not in _FIELD_TYPES or key == "preset_name":
        raise RulesError(f"unknown rules option {key!r}", key)
    if key in _CHOICES and not any(type(value) is type(c) and value == c
                                   for c in _CHOICES[key]):
        allowed = ", ".join(json.dumps(v) for v in _CHOICES[key])
        raise RulesError(f"rules option {key!r} must be one of {allowed}, not {value!r}", key)
    if key in _BOOLEANS and not isinstance(value, bool):
        raise RulesError(f"rules option {key!r} must be true or false, not {value!r}", key)
    if key == "target" and not (isinstance(value, int) and not isinstance(value, bool)
                                and value > 0):
        raise RulesError(f"rules option 'target' must be a positive number, not {value!r}", key)
    if key == "fixed_deals" and value is not None and not (
            isinstance(value, int) and not isinstance(value, bool) and value > 0):
        raise RulesError(f"rules option 'fixed_deals' must be a positive number or null, "
                         f"not {value!r}", key)


def _signals_need_partners(rules: Rules) -> str | None:
    if rules.signals and rules.players == 2:
        return "signals need a partner: set signals to false for two players"
    if rules.signals and not rules.partners:
        return "signals need a partner: set signals to false when each plays for himself"
    return None


def _each_for_himself(rules: Rules) -> str | None:
    if rules.partners:
        return None
    if rules.players != 4:
        return ("each for himself (partners false) is played by 4 players here; 3 players "
                "each for himself (13 cards each, a Four set aside) is not in the engine yet")
    if rules.calling_out:
        return "calling out needs two sides: set calling_out to false when each plays for himself"
    return None


def _reversed_needs_cappotto(rules: Rules) -> str | None:
    if rules.reversed_cappotto and not rules.cappotto:
        return "reversed_cappotto needs cappotto: set cappotto to true"
    return None


def _perdere_has_no_extras(rules: Rules) -> str | None:
    if rules.a_perdere and (rules.declarations or rules.calling_out):
        return "tressette a perdere has no declarations and no calling out"
    return None


def _valid_values(rules: Rules) -> str | None:
    for f in dataclasses.fields(rules):
        if f.name != "preset_name":
            try:
                _check_option(f.name, getattr(rules, f.name))
            except RulesError as err:
                return str(err)
    return None


_CHECKS: Final = (_valid_values, _signals_need_partners, _perdere_has_no_extras,
                  _each_for_himself, _reversed_needs_cappotto)

PRESETS: Final[dict[str, dict[str, Any]]] = {
    "standard": {},
    "online": {"signals": False},
    "gamelake": {"players": 2, "declarations": False, "signals": False,
                 "follow_suit_with_stock": False},
    "quattro_denari": {"first_lead": "four_of_denari", "declarations_compulsory": True},
    "a_due": {"players": 2, "declarations": False, "signals": False},
    "col_morto": {"players": 3},
    "a_perdere": {"a_perdere": True, "declarations": False},
    "traversone": {"a_perdere": True, "declarations": False, "signals": False,
                   "partners": False, "cappotto": True, "reversed_cappotto": True},
}
PRESET_ALIASES: Final = {"romana": "quattro_denari"}
"""Old preset names still read (in records) but no longer offered."""
