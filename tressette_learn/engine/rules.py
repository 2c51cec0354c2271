"""Rule sets as objects: the options of the rule book, and the answers the code asks of them.

:class:`Rules` is the standard game (RULES.md §2-§5). Its fields are the options a record
names (``{"preset": ..., option: value}``); its methods and properties are the questions the
engine, the AI, the solver and the screens ask (who leads, what a card and the last trick are
worth, who wins, what a signal means, the sides...). Every other preset is a subclass in
:mod:`.variants` that changes defaults and, for a rule no option covers, an answer; it is
found by name in :data:`PRESETS`. Ask the object, never read a flag to decide a rule.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, Final, Literal, TypeVar

from .cards import DECK, Card, Rank, Suit
from .refusals import Refusal
from .seats import Seat, next_seat, seats_for, side_of, sides_for
from .signals import signal_problem, true_signals
from .tricks import Signal

FirstLead = Literal["dealer_right", "four_of_denari"]
DeclarationTiming = Literal["end_of_first_trick", "before_first_lead"]
WrongCallPenalty = Literal["lose_match", "ignored"]
CappottoDefinition = Literal["all_tricks", "all_points"]
CappottoEffect = Literal["double", "bonus"]
PerdereTie = Literal["last_trick", "play_on"]
SignalConvention = Literal["seed", "club"]
R = TypeVar("R", bound="Rules")
T = TypeVar("T")

FOUR_OF_DENARI: Final = Card.of(Rank.FOUR, Suit.DENARI)
ACE_OF_BASTONI: Final = Card.of(Rank.ASSO, Suit.BASTONI)
LAST_TRICK_THIRDS: Final = 3


class RulesError(ValueError):
    """An unknown preset or option, or a value an option does not take.

    ``option`` names the option at fault, or is None for a preset or a combination.
    """

    def __init__(self, message: str, option: str | None = None):
        super().__init__(message)
        self.option = option


@dataclasses.dataclass(frozen=True)
class Rules:
    """The standard game; build a table with :meth:`preset` or :meth:`from_json`.

    A variant subclasses it (``name``, new defaults, an answer overridden) and is registered
    with :func:`register`; see :mod:`.variants`.
    """

    name: ClassVar[str] = "standard"
    aliases: ClassVar[tuple[str, ...]] = ()
    """Old names of the preset still read in records, no longer offered."""

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

    # -- names and records -------------------------------------------------------
    @classmethod
    def preset(cls, name: str) -> Rules:
        """The preset of this name: ``standard``, ``online``, ``gamelake``,
        ``quattro_denari``, ``a_due``, ``col_morto``, ``a_perdere`` or ``traversone``
        (``romana``, the old name of ``quattro_denari``, is still read)."""
        name = PRESET_ALIASES.get(name, name)
        if name not in PRESETS:
            raise RulesError(f"unknown preset {name!r}: choose one of {', '.join(PRESETS)}")
        return PRESETS[name]()

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

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        """The options a record may set over this preset."""
        return tuple(f.name for f in dataclasses.fields(cls))

    @property
    def preset_name(self) -> str:
        """The name records and menus give this rule set."""
        return self.name

    def with_options(self: R, **options: Any) -> R:
        """A copy with some options changed; an unknown option is an error that names it."""
        for key, value in options.items():
            self._check_option(key, value)
        return dataclasses.replace(self, **options)

    def to_json(self) -> str | dict[str, Any]:
        """The preset name, or the preset plus the options that differ from it."""
        base = type(self)()
        changed = {name: getattr(self, name) for name in self.option_names()
                   if getattr(self, name) != getattr(base, name)}
        return {"preset": self.name, **changed} if changed else self.name

    def describe(self) -> str:
        """One line for a person: ``standard: 4 players, target 21, ...``."""
        return f"{self.name}: " + json.dumps(self.to_json())

    # -- seats and sides -----------------------------------------------------------
    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats at the table, in playing order from North."""
        return seats_for(self.players)

    def next_seat(self, seat: Seat) -> Seat:
        """The seat that plays after ``seat`` (anticlockwise)."""
        return next_seat(seat, self.players)

    @property
    def sides(self) -> tuple[str, ...]:
        """``NS`` and ``EW``; the seat names with two players or each for himself."""
        return sides_for(self.players, self.partners)

    def side_of(self, seat: Seat) -> str:
        """The side ``seat`` scores for (its own name when each plays for himself)."""
        return side_of(seat, self.players, self.partners)

    @property
    def each_for_himself(self) -> bool:
        """Whether every player is a side of his own (four players, no partners)."""
        return not self.partners

    def partner_of(self, seat: Seat) -> Seat | None:
        """The seat's partner, or None with two players or each for himself."""
        return seat.partner if self.players > 2 and self.partners else None

    # -- leading and following -------------------------------------------------------
    @property
    def first_lead_card(self) -> Card | None:
        """The card whose holder leads the first trick (shown by that lead), or None when
        the seat on the dealer's right leads."""
        return FOUR_OF_DENARI if self.first_lead == "four_of_denari" else None

    def first_leader(self, dealer: Seat, dealt: Mapping[Seat, int]) -> Seat:
        """Who leads the first trick, from the dealer and the dealt hands (bitmasks)."""
        card = self.first_lead_card
        if card is not None:
            for seat in self.seats:
                if dealt.get(seat, 0) & card.bit:
                    return seat
        return self.next_seat(dealer)

    @property
    def stock_size(self) -> int:
        """Cards left face down after the deal: 20 with two players, else none."""
        return 20 if self.players == 2 else 0

    @property
    def tricks_per_deal(self) -> int:
        """10 tricks, or 20 with two players and a stock."""
        return 20 if self.players == 2 else 10

    def must_follow(self, stock_left: int) -> bool:
        """Whether the suit led must be followed while ``stock_left`` cards are in the stock."""
        return self.follow_suit_with_stock or stock_left <= 0

    # -- signals ---------------------------------------------------------------------
    @property
    def busso_names_pezzo(self) -> bool:
        """Whether a busso promises a pezzo (Three, Two or Ace: club convention) rather than
        the master of the suit (seed convention)."""
        return self.signal_convention == "club"

    def true_signals(self, card: Card, hand_after: int, unplayed: int) -> tuple[Signal, ...]:
        """The signals that are true for leading ``card`` (none when signals are off)."""
        if not self.signals:
            return ()
        return true_signals(card, hand_after, unplayed, self.signal_convention)

    def signal_problem(self, signal: str, card: Card, hand_after: int,
                       unplayed: int) -> Refusal | None:
        """Why ``signal`` with the lead of ``card`` is false here, or None."""
        return signal_problem(signal, card, hand_after, unplayed, self.signal_convention)

    # -- points --------------------------------------------------------------------
    def card_thirds(self, card: Card) -> int:
        """A card's points in thirds at this table (a perdere the ace of bastoni may be
        worth 11 points)."""
        if self.a_perdere and self.ace_of_bastoni_eleven and card is ACE_OF_BASTONI:
            return 33
        return card.thirds

    @property
    def last_trick_thirds(self) -> int:
        """What taking the last trick adds, in thirds (1 point)."""
        return LAST_TRICK_THIRDS

    @functools.cached_property
    def card_values(self) -> tuple[int, ...]:
        """Every card's thirds, by card index (what a search reads in its loops)."""
        return tuple(self.card_thirds(card) for card in DECK)

    @property
    def total_thirds(self) -> int:
        """Thirds in one deal: 35, or 65 when the ace of bastoni is worth 11 points."""
        return sum(self.card_values) + self.last_trick_thirds

    @property
    def deal_points(self) -> int:
        """Rounded card points of a deal over both sides: always 11 (21 a perdere with 11)."""
        return self.total_thirds // 3

    # -- who wins ------------------------------------------------------------------
    @property
    def low_wins(self) -> bool:
        """Whether the side with fewer points wins (a perdere)."""
        return self.a_perdere

    @property
    def sign(self) -> int:
        """+1 when points are good for their side, -1 when they are bad (a perdere)."""
        return -1 if self.low_wins else 1

    def best(self, values: Iterable[T], key: Callable[[T], Any] | None = None) -> T:
        """The value its side would rather have: the most points, a perdere the fewest."""
        return _pick(values, key, lowest=self.low_wins)

    def worst(self, values: Iterable[T], key: Callable[[T], Any] | None = None) -> T:
        """The value its side would least like: the fewest points, a perdere the most."""
        return _pick(values, key, lowest=not self.low_wins)

    @property
    def tie_to_last_trick(self) -> bool:
        """Whether a tie on points goes to the side that took the last trick."""
        return self.low_wins and self.perdere_tie == "last_trick"

    @property
    def offenders_points(self) -> int:
        """What a revoke leaves the offending side: nothing (a perdere, where points are
        bad, every point of the deal)."""
        return self.deal_points if self.low_wins else 0

    def revoke_points(self, offenders: str, sides: Iterable[str]) -> dict[str, int]:
        """The deal's points after a revoke: the offenders lose the deal."""
        loser_gets = self.offenders_points
        return {side: loser_gets if side == offenders else self.deal_points - loser_gets
                for side in sides}

    # -- cappotto ------------------------------------------------------------------
    def cappotto_of(self, points: Mapping[str, int], winners: Iterable[str]) -> str | None:
        """The side that made a cappotto, from the sides' points and each trick's winning
        side, or None (always None without cappotto)."""
        if not self.cappotto:
            return None
        if self.cappotto_definition == "all_tricks":
            sides = set(winners)
            return sides.pop() if len(sides) == 1 else None
        return next((side for side, got in points.items() if got == self.deal_points), None)

    def after_cappotto(self, side: str, points: Mapping[str, int]
                       ) -> tuple[dict[str, int], dict[str, int]]:
        """The card points and the bonus of each side once ``side`` made a cappotto."""
        bonus = dict.fromkeys(points, 0)
        if self.reversed_cappotto:
            return {s: 0 if s == side else self.deal_points for s in points}, bonus
        if self.cappotto_effect == "bonus":
            bonus[side] = 11
        return dict(points), bonus

    @property
    def cappotto_doubles_stake(self) -> bool:
        """Whether each cappotto doubles the match stake."""
        return self.cappotto_effect == "double" and not self.reversed_cappotto

    # -- checking options ----------------------------------------------------------
    def _check_option(self, key: str, value: object) -> None:
        if key not in self.option_names():
            raise RulesError(f"unknown rules option {key!r}", key)
        _check_value(key, value, _field_type(type(self), key))


PRESETS: Final[dict[str, type[Rules]]] = {"standard": Rules}
"""The rule sets by name, in the order menus offer them."""
PRESET_ALIASES: Final[dict[str, str]] = {}
"""Old preset names still read (in records) but no longer offered."""


def register(variant: type[R]) -> type[R]:
    """Adds a variant class to :data:`PRESETS` under its ``name`` (and its ``aliases``)."""
    PRESETS[variant.name] = variant
    PRESET_ALIASES.update(dict.fromkeys(variant.aliases, variant.name))
    return variant


def _pick(values: Iterable[T], key: Callable[[T], Any] | None, lowest: bool) -> T:
    pick: Callable[..., T] = min if lowest else max
    return pick(values, key=key) if key is not None else pick(values)


def _field_type(cls: type[Rules], key: str) -> object:
    return next(f.type for f in dataclasses.fields(cls) if f.name == key)


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


def _check_value(key: str, value: object, kind: object) -> None:
    if key in _CHOICES and not any(type(value) is type(c) and value == c
                                   for c in _CHOICES[key]):
        allowed = ", ".join(json.dumps(v) for v in _CHOICES[key])
        raise RulesError(f"rules option {key!r} must be one of {allowed}, not {value!r}", key)
    if kind in (bool, "bool") and not isinstance(value, bool):
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
        try:
            _check_value(f.name, getattr(rules, f.name), f.type)
        except RulesError as err:
            return str(err)
    return None


_CHECKS: Final = (_valid_values, _signals_need_partners, _perdere_has_no_extras,
                  _each_for_himself, _reversed_needs_cappotto)
