"""Deal and match records (JSON): read with field-named errors, write in a stable form, replay.

A deal record (see ARCHITECTURE.md, "Contracts")::

    {"rules": "standard", "dealer": "E",
     "hands": {"N": ["3c", ...], "E": [...], "S": [...], "W": [...]},
     "stock": [], "declarations": [], "calls": [], "plays": [{"seat": "N", "card": "3c"}]}

plus the optional fields ``match_scores`` (``{"NS": 18, "EW": 15}``, the totals before the
deal, used to judge calls), ``redeal`` (the seat that asked for one) and ``format``. A match
record is ``{"rules": ..., "deals": [deal records without "rules"]}`` (and ``format``).

``format`` says how to read the rules' defaults. Format 1 (a record without the field): a rules
object that turns ``cappotto`` on without a ``cappotto_definition`` means ``all_tricks``, the
default until RULES.md made "all 11 points" the default. Format 2: today's defaults. The
writer adds ``"format": 2`` whenever the rules play cappotto, so such a record keeps its
meaning for any reader; records without cappotto read the same in both formats and are
written as before.

Every problem is a :class:`RecordError` whose one-line message starts with the field, e.g.
``hands.N: 9 cards, a hand has 10``; an action the rules refuse also carries the engine's
:class:`~.refusals.Refusal` (``plays[12].card: held_by(seat=W, card=3c, holder=N)``).
"""

from __future__ import annotations

import dataclasses
import difflib
import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, TypeVar

from .actions import Action, Call, Redeal
from .cards import Card, CardError
from .deal import Deal, DealError, IllegalPlay
from .declarations import Declaration, DeclarationError
from .match import Match
from .refusals import Refusal
from .rules import PRESET_ALIASES, PRESETS, Rules, RulesError
from .scoring import DealResult, card_thirds
from .seats import Seat, SeatError, parse_side, seats_for
from .tricks import SIGNALS, Play, Signal, Trick

T = TypeVar("T")

DEAL_FIELDS: Final = ("format", "rules", "dealer", "hands", "stock", "declarations", "calls",
                      "plays", "match_scores", "redeal")
REQUIRED_FIELDS: Final = ("rules", "dealer", "hands")
MATCH_FIELDS: Final = ("format", "rules", "deals")
RECORD_FORMAT: Final = 2
"""The format records are written in (see the module's notes)."""
LEGACY_DEFAULTS: Final[dict[int, dict[str, Any]]] = {1: {"cappotto_definition": "all_tricks"}}
"""Per older format, the defaults that changed since, applied when a rules object turns
cappotto on and leaves the option out."""
ENGINE_ERRORS: Final = (CardError, SeatError, RulesError, DealError, DeclarationError)


class RecordError(ValueError):
    """A record that cannot be read or replayed; the one-line message names the field.

    ``refusal`` is the engine's reason when the record holds an action the rules refuse.
    """

    def __init__(self, where: str, problem: object):
        """``where`` is the field path (``plays[3].card``), ``problem`` what is wrong (a
        message, a :class:`Refusal`, or an engine error that may carry one)."""
        self.where = where
        self.refusal: Refusal | None = problem if isinstance(problem, Refusal) else \
            getattr(problem, "refusal", None)
        self.problem = " ".join(str(problem).split())
        super().__init__(f"{where}: {self.problem}")


@dataclasses.dataclass(frozen=True)
class DealRecord:
    """A deal record read and checked field by field (not yet replayed)."""

    rules: Rules
    dealer: Seat
    hands: dict[Seat, tuple[Card, ...]]
    stock: tuple[Card, ...] = ()
    declarations: tuple[Declaration, ...] = ()
    calls: tuple[Call, ...] = ()
    plays: tuple[Play, ...] = ()
    match_scores: dict[str, int] | None = None
    redeal: Seat | None = None
    extras: dict[str, Any] = dataclasses.field(default_factory=dict)

    @classmethod
    def from_json(cls, data: str | Mapping[str, Any], *, where: str = "",
                  rules: Rules | None = None) -> DealRecord:
        """Read a record (JSON text or a parsed object); ``rules`` is the default for a
        record inside a match. ``where`` prefixes every field path (``deals[2].``)."""
        obj = _as_object(load_json(data) if isinstance(data, str) else data, where)
        _check_fields(obj, DEAL_FIELDS, where)
        for name in REQUIRED_FIELDS:
            if name not in obj and not (name == "rules" and rules is not None):
                raise RecordError(_top(where), f"missing field {name!r}")
        version = read_format(obj, where)
        table = read_rules(obj["rules"], f"{where}rules", version) if "rules" in obj else rules
        assert table is not None
        dealer = _read_seat(obj["dealer"], table, f"{where}dealer")
        hands = _read_hands(obj["hands"], table, f"{where}hands")
        return cls(rules=table, dealer=dealer, hands=hands,
                   stock=_read_stock(obj.get("stock", []), table, hands, where),
                   declarations=_read_list(obj, "declarations", where, _read_declaration(table)),
                   calls=_read_list(obj, "calls", where, _read_call(table)),
                   plays=_read_list(obj, "plays", where, _read_play),
                   match_scores=_read_scores(obj.get("match_scores"), table,
                                             f"{where}match_scores"),
                   redeal=_read_optional_seat(obj.get("redeal"), table, f"{where}redeal"),
                   extras={k: v for k, v in obj.items() if k not in DEAL_FIELDS})

    @classmethod
    def from_deal(cls, deal: Deal) -> DealRecord:
        """The record of a deal as played so far (hands as dealt)."""
        scores = dict(deal.match_scores) if any(deal.match_scores.values()) else None
        return cls(rules=deal.rules, dealer=deal.dealer,
                   hands={seat: tuple(deal.dealt_hand(seat)) for seat in deal.seats},
                   stock=deal.dealt_stock, declarations=tuple(deal.declarations),
                   calls=tuple(Call(c.side, c.after_trick) for c in deal.calls),
                   plays=tuple(Play(p.seat, p.card, p.signal) for p in deal.plays),
                   match_scores=scores, redeal=deal.redeal_by)

    def to_json(self, *, with_rules: bool = True) -> dict[str, Any]:
        """The record as a JSON-ready object, fields in the order of :data:`DEAL_FIELDS`."""
        out: dict[str, Any] = {}
        if with_rules:
            out.update(rules_fields(self.rules))
        out["dealer"] = self.dealer.name
        out["hands"] = {seat.name: [str(c) for c in cards] for seat, cards in self.hands.items()}
        out["stock"] = [str(c) for c in self.stock]
        out["declarations"] = [d.to_json() for d in self.declarations]
        out["calls"] = [c.to_json() for c in self.calls]
        out["plays"] = [p.to_json() for p in self.plays]
        if self.match_scores is not None:
            out["match_scores"] = dict(self.match_scores)
        if self.redeal is not None:
            out["redeal"] = self.redeal.name
        out.update(self.extras)
        return out

    def dumps(self) -> str:
        """The record as JSON text: one field per line, one play per line."""
        return dump_json(self.to_json())

    def replay(self, match_scores: Mapping[str, int] | None = None) -> Deal:
        """Build the deal and replay every action, checking each one."""
        return _replay_record(self, match_scores, "")


# -- public functions ------------------------------------------------------------------
def read_record(record: str | Mapping[str, Any]) -> DealRecord:
    """Read and check a deal record given as JSON text or a parsed object."""
    return DealRecord.from_json(record)


def record_from_deal(deal: Deal) -> dict[str, Any]:
    """The deal record of ``deal`` as a JSON-ready object."""
    return DealRecord.from_deal(deal).to_json()


def write_record(deal: Deal) -> str:
    """The deal record of ``deal`` as JSON text (stable key order, canonical cards)."""
    return DealRecord.from_deal(deal).dumps()


def replay(record: str | Mapping[str, Any] | DealRecord) -> Deal:
    """The deal of a record, replayed action by action; any problem is a RecordError."""
    rec = record if isinstance(record, DealRecord) else DealRecord.from_json(record)
    return rec.replay()


def load_json(source: str | Path) -> Any:
    """Parse JSON text (a ``str``) or read a file (a ``Path``); errors name the problem."""
    if isinstance(source, Path):
        try:
            text = source.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise RecordError(str(source), "no such file") from None
        except (OSError, UnicodeDecodeError) as err:
            raise RecordError(str(source), f"cannot read it ({_os_reason(err)})") from None
    else:
        text = source
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError("record", f"not valid JSON (line {err.lineno} column {err.colno}: "
                                    f"{err.msg})") from None
    except RecursionError:
        raise RecordError("record", "not valid JSON (nested too deeply)") from None


def dump_json(obj: Mapping[str, Any]) -> str:
    """JSON text with one field per line; lists of objects get one item per line."""
    lines = [f"  {json.dumps(key)}: {_dump_value(value)}" for key, value in obj.items()]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def _dump_value(value: Any) -> str:
    if isinstance(value, dict) and value and all(isinstance(v, list) for v in value.values()):
        items = [f"    {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}"
                 for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n  }"
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        items = [f"    {json.dumps(v, ensure_ascii=False)}" for v in value]
        return "[\n" + ",\n".join(items) + "\n  ]"
    return json.dumps(value, ensure_ascii=False)


# -- reading fields ----------------------------------------------------------------------
def _top(where: str) -> str:
    return where.rstrip(".") or "record"


def _as_object(data: Any, where: str) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        raise RecordError(_top(where), f"must be a JSON object, not {_kind(data)}")
    return dict(data)


def _kind(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "text", bool: "true/false",
             int: "a number", float: "a number", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def _check_fields(obj: Mapping[str, Any], known: Sequence[str], where: str) -> None:
    """Reject a field that looks like a misspelt known one; other extra fields are kept."""
    for key in obj:
        if key in known:
            continue
        close = difflib.get_close_matches(str(key).lower(), known, n=1, cutoff=0.75)
        if close:
            raise RecordError(f"{where}{key}", f"unknown field: did you mean {close[0]!r}?")


def read_format(obj: Mapping[str, Any], where: str = "") -> int:
    """The record's ``format`` (1 when it has none)."""
    value = obj.get("format", 1)
    if type(value) is not int or not 1 <= value <= RECORD_FORMAT:
        raise RecordError(f"{where}format", f"must be a record format from 1 to "
                                            f"{RECORD_FORMAT}, not {value!r}")
    return value


def rules_fields(rules: Rules) -> dict[str, Any]:
    """``{"rules": ...}``, preceded by ``"format": 2`` when the rules play cappotto."""
    version = {"format": RECORD_FORMAT} if rules.cappotto else {}
    return {**version, "rules": rules.to_json()}


def read_rules(spec: Any, where: str = "rules", version: int = RECORD_FORMAT) -> Rules:
    """Rules from a preset name or ``{"preset": ..., option: value}``, read under record
    format ``version``; errors name the option."""
    if isinstance(spec, Mapping):
        if spec.get("cappotto") is True:
            spec = {**LEGACY_DEFAULTS.get(version, {}), **spec}
        preset = spec.get("preset", "standard")
        name = PRESET_ALIASES.get(preset, preset) if isinstance(preset, str) else "standard"
        names = PRESETS.get(name, Rules).option_names()
        for key in spec:
            if key != "preset" and key not in names:
                raise RecordError(f"{where}.{key}", f"unknown rules option {key!r}")
        if "preset" in spec and not isinstance(spec["preset"], str):
            raise RecordError(f"{where}.preset", "must be a preset name")
    elif not isinstance(spec, str):
        raise RecordError(where, f"must be a preset name or an object of options, "
                                 f"not {_kind(spec)}")
    try:
        return Rules.from_json(spec)
    except (RulesError, TypeError) as err:
        raise RecordError(_rules_field(spec, err, where), err) from None


def _rules_field(spec: Any, err: RulesError | TypeError, where: str) -> str:
    if isinstance(spec, Mapping):
        if str(err).startswith("unknown preset"):
            return f"{where}.preset"
        option = getattr(err, "option", None)
        if option is not None:
            return f"{where}.{option}"
    return where


def _read_seat(value: Any, rules: Rules, where: str) -> Seat:
    try:
        seat = Seat.parse(value)
    except SeatError as err:
        raise RecordError(where, err) from None
    if seat not in seats_for(rules.players):
        raise RecordError(where, f"{seat} has no place at a {rules.players}-player table "
                                 f"(seats {', '.join(map(str, seats_for(rules.players)))})")
    return seat


def _read_optional_seat(value: Any, rules: Rules, where: str) -> Seat | None:
    return None if value is None else _read_seat(value, rules, where)


def _read_card(value: Any, where: str) -> Card:
    try:
        return Card.parse(value)
    except CardError as err:
        raise RecordError(where, err) from None


def _read_cards(value: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise RecordError(where, f"must be a list of cards, not {_kind(value)}")
    return tuple(_read_card(item, f"{where}[{i}]") for i, item in enumerate(value))


def _read_hands(value: Any, rules: Rules, where: str) -> dict[Seat, tuple[Card, ...]]:
    if not isinstance(value, Mapping):
        raise RecordError(where, f"must be an object of seat: list of cards, not {_kind(value)}")
    seats = seats_for(rules.players)
    hands: dict[Seat, tuple[Card, ...]] = {}
    for key, cards in value.items():
        seat = _read_seat(key, rules, f"{where}.{key}")
        if seat in hands:
            raise RecordError(f"{where}.{key}", f"{seat} is listed twice")
        hands[seat] = _read_cards(cards, f"{where}.{key}")
    for seat in seats:
        if seat not in hands:
            raise RecordError(f"{where}.{seat}", "missing: every seat at the table needs a hand")
    _check_duplicates([(f"{where}.{s}", hands[s]) for s in seats])
    for seat in seats:
        if len(hands[seat]) != 10:
            raise RecordError(f"{where}.{seat}", f"{len(hands[seat])} cards, a hand has 10")
    return {seat: hands[seat] for seat in seats}


def _check_duplicates(groups: Sequence[tuple[str, Sequence[Card]]]) -> None:
    seen: dict[Card, str] = {}
    for where, cards in groups:
        for i, card in enumerate(cards):
            if card in seen:
                raise RecordError(f"{where}[{i}]", f"{card} is dealt twice (also {seen[card]})")
            seen[card] = f"{where}[{i}]"


def _read_stock(value: Any, rules: Rules, hands: Mapping[Seat, Sequence[Card]],
                where: str) -> tuple[Card, ...]:
    stock = _read_cards(value, f"{where}stock")
    _check_duplicates([*((f"{where}hands.{s}", c) for s, c in hands.items()),
                       (f"{where}stock", stock)])
    wanted = rules.stock_size
    if len(stock) != wanted:
        table = "with two players" if wanted else f"with {rules.players} players"
        raise RecordError(f"{where}stock", f"{len(stock)} cards, {wanted} expected {table}")
    return stock


def _read_list(obj: Mapping[str, Any], name: str, where: str,
               read: Callable[[Any, str], T]) -> tuple[T, ...]:
    value = obj.get(name, [])
    if not isinstance(value, list):
        raise RecordError(f"{where}{name}", f"must be a list, not {_kind(value)}")
    return tuple(read(item, f"{where}{name}[{i}]") for i, item in enumerate(value))


def _read_declaration(rules: Rules) -> Callable[[Any, str], Declaration]:
    def read(item: Any, where: str) -> Declaration:
        try:
            decl = Declaration.from_json(item)
        except DeclarationError as err:
            raise RecordError(where, err) from None
        _read_seat(decl.seat, rules, f"{where}.seat")
        return decl
    return read


def _read_call(rules: Rules) -> Callable[[Any, str], Call]:
    def read(item: Any, where: str) -> Call:
        obj = _as_object(item, where + ".")
        try:
            side = parse_side(obj.get("side"), rules.players, rules.partners)
        except SeatError as err:
            raise RecordError(f"{where}.side", err) from None
        after = obj.get("after_trick")
        last = rules.tricks_per_deal
        if not isinstance(after, int) or isinstance(after, bool) or not 1 <= after <= last:
            raise RecordError(f"{where}.after_trick", f"must be a trick number from 1 to "
                                                      f"{last}, not {after!r}")
        return Call(side, after)
    return read


def _read_play(item: Any, where: str) -> Play:
    obj = _as_object(item, where + ".")
    _check_fields(obj, ("seat", "card", "signal"), where + ".")
    for name in ("seat", "card"):
        if name not in obj:
            raise RecordError(where, f"missing field {name!r}")
    try:
        seat = Seat.parse(obj["seat"])
    except SeatError as err:
        raise RecordError(f"{where}.seat", err) from None
    return Play(seat, _read_card(obj["card"], f"{where}.card"),
                _read_signal(obj.get("signal"), f"{where}.signal"))


def _read_signal(value: Any, where: str) -> Signal | None:
    if value is None:
        return None
    for signal in SIGNALS:
        if value == signal:
            return signal
    raise RecordError(where, f"unknown signal {value!r}: use {', '.join(SIGNALS)} or leave "
                             "it out")


def _read_scores(value: Any, rules: Rules, where: str) -> dict[str, int] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise RecordError(where, f"must be an object like {{\"NS\": 0, \"EW\": 0}}, "
                                 f"not {_kind(value)}")
    sides = rules.sides
    for key, points in value.items():
        if key not in sides:
            raise RecordError(f"{where}.{key}", f"unknown side: use {', '.join(sides[:-1])} "
                                                f"or {sides[-1]}")
        if not isinstance(points, int) or isinstance(points, bool) or points < 0:
            raise RecordError(f"{where}.{key}", f"must be a whole number of points, "
                                                f"not {points!r}")
    return {side: int(value.get(side, 0)) for side in sides}


# -- replaying ------------------------------------------------------------------------
Event = tuple[int, int, str, Callable[[Deal], None]]


def _replay_record(rec: DealRecord, match_scores: Mapping[str, int] | None,
                   where: str) -> Deal:
    scores = rec.match_scores if match_scores is None else match_scores
    try:
        deal = Deal(rec.rules, rec.dealer, rec.hands, rec.stock, scores)
    except ENGINE_ERRORS as err:
        raise RecordError(_top(where), err) from None
    events = sorted(_events(rec, deal, where), key=lambda e: (e[0], e[1]))
    pending = 0
    for i, play in enumerate(rec.plays):
        pending = _run_events(events, pending, i, deal)
        _apply_play(deal, play, f"{where}plays[{i}]")
    pending = _run_events(events, pending, len(rec.plays), deal)
    if pending < len(events):
        position, _, field, _ = events[pending]
        raise RecordError(field, _too_early(deal, position))
    return deal


def _run_events(events: list[Event], start: int, position: int, deal: Deal) -> int:
    while start < len(events) and events[start][0] <= position:
        events[start][3](deal)
        start += 1
    return start


def _too_early(deal: Deal, position: int) -> str:
    trick = position // deal.trick_size
    return f"the record stops before trick {trick} is complete ({len(deal.plays)} cards played)"


def _events(rec: DealRecord, deal: Deal, where: str) -> list[Event]:
    size = deal.trick_size
    early = rec.rules.declaration_timing == "before_first_lead"
    events: list[Event] = []
    for i, decl in enumerate(rec.declarations):
        field = f"{where}declarations[{i}]"
        events.append((0 if early else size, 0, field, _record_action(decl, field)))
    if rec.redeal is not None:
        field = f"{where}redeal"
        events.append((0, 1, field, _record_action(Redeal(rec.redeal), field)))
    for i, call in enumerate(rec.calls):
        field = f"{where}calls[{i}]"
        events.append((call.after_trick * size, 2, f"{field}.after_trick",
                       _record_action(call, field)))
    return events


def _record_action(action: Action, where: str) -> Callable[[Deal], None]:
    """Take a recorded declaration, redeal or call at its place; a compulsory declaration
    made already is passed over; a refusal names the record's field."""
    def run(deal: Deal) -> None:
        if isinstance(action, Declaration) and deal.rules.declarations_compulsory \
                and action in deal.declarations:
            return
        if not isinstance(action, Redeal):
            _check_not_over(deal, where)
        try:
            deal.apply(action)
        except ENGINE_ERRORS as err:
            raise RecordError(where, err) from None
    return run


def _check_not_over(deal: Deal, where: str) -> None:
    if deal.is_over():
        raise RecordError(where, deal.over_reason())


def _apply_play(deal: Deal, play: Play, where: str) -> None:
    reason = deal.illegal_reason(play.card, play.seat)
    if reason is not None and not deal.is_revoke(play.card, play.seat):
        field = {"not_your_turn": ".seat", "not_in_hand": ".card"}.get(reason.kind, "")
        raise RecordError(where + field, _whereabouts(deal, play, reason))
    try:
        deal.play(play.card, play.signal, seat=play.seat, allow_revoke=True)
    except IllegalPlay as err:
        raise RecordError(f"{where}.signal", err) from None
    except ENGINE_ERRORS as err:
        raise RecordError(where, err) from None


def _whereabouts(deal: Deal, play: Play, reason: Refusal) -> Refusal:
    """A card not in hand, said with where it is (the record shows the whole deal)."""
    card, seat = play.card, play.seat
    if reason.kind != "not_in_hand":
        return reason
    for n, done in enumerate(deal.plays):
        if done.card == card:
            return Refusal.of("played_already", seat=seat, card=card, by=done.seat,
                              trick=n // deal.trick_size + 1)
    for holder in deal.seats:
        if deal.hand_mask(holder) & card.bit:
            return Refusal.of("held_by", seat=seat, card=card, holder=holder)
    return Refusal.of("in_stock", seat=seat, card=card) if card in deal.stock else reason


# -- score breakdown -----------------------------------------------------------------------
def score_breakdown(deal: Deal) -> dict[str, Any]:
    """The full score of a deal as a JSON-ready object (what ``tressette-learn score`` shows).

    ``sides`` -> side (``NS``/``EW``, or a seat with two players or each for himself) ->
    ``thirds`` (before rounding, last trick included), ``card_thirds``,
    ``points``, ``declarations``, ``bonus``, ``total``; ``tricks`` -> ``{number, leader,
    cards, seats, signal, revokes, winner, thirds, draws}``; ``current`` (the trick in
    play); ``revokes``, ``penalised``, ``last_trick``, ``cappotto``, ``cappotto_effect``,
    ``declarations``, ``calls`` (with ``winner``), ``redeal``, ``complete``, ``in_progress``.
    """
    result = deal.result()
    rules = deal.rules
    sides = {side: {"thirds": s.thirds, "card_thirds": s.thirds - _last_bonus(result, deal, side),
                    "points": s.card_points, "declarations": s.declarations,
                    "bonus": s.bonus, "total": s.total}
             for side, s in result.sides.items()}
    return {
        "rules": rules.to_json(), "players": rules.players, "partners": rules.partners,
        "dealer": deal.dealer.name,
        "sides": sides,
        "tricks": [_trick_json(deal, n, trick) for n, trick in enumerate(deal.tricks, 1)],
        "current": [p.to_json() for p in deal.current],
        "revokes": [r.to_json() for r in result.revokes], "penalised": result.penalised,
        "last_trick": None if result.last_trick is None else result.last_trick.name,
        "cappotto": result.cappotto,
        "cappotto_effect": _cappotto_effect(rules),
        "declarations": [{**d.to_json(), "side": deal.side_of(d.seat), "points": d.points,
                          "text": str(d)} for d in result.declarations],
        "calls": [_call_json(deal, c) for c in deal.calls], "target": rules.target,
        "redeal": None if result.redeal_by is None else result.redeal_by.name,
        "match_scores": dict(deal.match_scores),
        "complete": result.complete, "in_progress": not deal.is_over(),
        "tricks_played": len(deal.tricks), "tricks_per_deal": rules.tricks_per_deal,
        "to_play": None if deal.to_play is None else deal.to_play.name,
    }


def _cappotto_effect(rules: Rules) -> str | None:
    """``double``, ``bonus``, ``reversed`` (the taker scores 0, every other side the deal's
    points), or None without cappotto."""
    if not rules.cappotto:
        return None
    return "reversed" if rules.reversed_cappotto else rules.cappotto_effect


def _call_json(deal: Deal, call: Call) -> dict[str, Any]:
    """A call with its points and the side it makes win the match (None: play went on)."""
    other = next(side for side in deal.sides if side != call.side)
    lost = deal.rules.wrong_call_penalty == "lose_match"
    winner = call.side if call.correct else other if lost else None
    return {**call.to_json(), "points": call.points, "correct": call.correct, "winner": winner}


def _last_bonus(result: DealResult, deal: Deal, side: str) -> int:
    last = result.last_trick
    return 3 if last is not None and deal.side_of(last) == side else 0


def _trick_json(deal: Deal, number: int, trick: Trick) -> dict[str, Any]:
    draws = [{"seat": d.seat.name, "card": str(d.card)} for d in deal.draws
             if d.after_trick == number]
    return {"number": number, "leader": trick.leader.name,
            "cards": [str(c) for c in trick.cards], "seats": [p.seat.name for p in trick.plays],
            "signal": trick.signal, "revokes": [p.seat.name for p in trick.plays if p.revoke],
            "winner": None if trick.winner is None else trick.winner.name,
            "thirds": sum(card_thirds(c, deal.rules) for c in trick.cards), "draws": draws}


# -- match records -------------------------------------------------------------------------
def match_from_records(record: str | Mapping[str, Any]) -> Match:
    """Replay a match record ``{"rules": ..., "deals": [...]}`` into a :class:`Match`.

    Each finished deal is scored in turn; the dealer must pass to the right; only the last
    deal may be unfinished, and no deal may follow the one that ended the match.
    """
    obj = _as_object(load_json(record) if isinstance(record, str) else record, "")
    _check_fields(obj, MATCH_FIELDS, "")
    for name in ("rules", "deals"):
        if name not in obj:
            raise RecordError("record", f"missing field {name!r}")
    rules = read_rules(obj["rules"], "rules", read_format(obj))
    deals = obj["deals"]
    if not isinstance(deals, list):
        raise RecordError("deals", f"must be a list of deal records, not {_kind(deals)}")
    recs = [_match_deal(item, rules, f"deals[{i}].") for i, item in enumerate(deals)]
    match = Match(rules, recs[0].dealer if recs else None)
    for i, rec in enumerate(recs):
        _add_match_deal(match, rec, i, last=i == len(recs) - 1)
    return match


def _match_deal(item: Any, rules: Rules, where: str) -> DealRecord:
    rec = DealRecord.from_json(_as_object(item, where), where=where, rules=rules)
    if rec.rules != rules:
        raise RecordError(f"{where}rules", "differs from the match rules (leave it out)")
    return rec


def _add_match_deal(match: Match, rec: DealRecord, i: int, *, last: bool) -> None:
    where = f"deals[{i}]."
    if match.is_over():
        raise RecordError(f"deals[{i}]", f"the match was already over after deal {i}")
    expected = match.deal.dealer
    if rec.dealer != expected:
        raise RecordError(f"{where}dealer", f"the deal passes to the right: {expected} deals "
                                            f"deal {i + 1}, not {rec.dealer}")
    totals = dict(match.totals)
    if rec.match_scores is not None and rec.match_scores != totals:
        raise RecordError(f"{where}match_scores", f"the totals before deal {i + 1} are "
                                                  f"{_scores_text(totals)}, not "
                                                  f"{_scores_text(rec.match_scores)}")
    deal = _replay_record(rec, totals, where)
    match.replace_deal(deal)
    if deal.is_over():
        match.next_deal()
    elif not last:
        raise RecordError(f"deals[{i}]", "the deal is unfinished but another deal follows")


def _scores_text(scores: Mapping[str, int]) -> str:
    return ", ".join(f"{side} {points}" for side, points in scores.items())


def match_record(match: Match, *, include_unplayed: bool = False) -> dict[str, Any]:
    """A match as a record: the finished deals, then the deal in play if it has begun
    (or always, with ``include_unplayed``)."""
    deals = list(match.finished)
    current = match.deal
    if not match.is_over() and current not in deals and (current.actions or include_unplayed):
        deals.append(current)
    return {**rules_fields(match.rules),
            "deals": [DealRecord.from_deal(d).to_json(with_rules=False) for d in deals]}


def write_match_record(match: Match, *, include_unplayed: bool = False) -> str:
    """A match record as JSON text (one deal record per block)."""
    obj = match_record(match, include_unplayed=include_unplayed)
    deals = ",\n".join(_indent(dump_json(d).rstrip("\n"), "    ") for d in obj["deals"])
    body = f"\n{deals}\n  " if deals else ""
    version = f'  "format": {obj["format"]},\n' if "format" in obj else ""
    return f'{{\n{version}  "rules": {json.dumps(obj["rules"])},\n  "deals": [{body}]\n}}\n'


def _indent(text: str, prefix: str) -> str:
    return "\n".join(prefix + line for line in text.splitlines())


def is_match_record(obj: Any) -> bool:
    """True for a parsed record that holds ``deals`` rather than one deal's ``hands``."""
    return isinstance(obj, Mapping) and "deals" in obj and "hands" not in obj


def _os_reason(err: BaseException) -> str:
    return getattr(err, "strerror", None) or str(err)
