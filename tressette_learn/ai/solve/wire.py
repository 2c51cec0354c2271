"""The solver service's messages: a request for a search, its reply, as JSON bytes.

A request is ``{"op": ..., "pos": {...}, "points_only": bool}``; ``op`` is ``"value"``
(the first side's exact future thirds), ``"cards"`` (each representative legal card's
value), ``"sequence"`` (``"cards"`` for each of ``positions``, positions of one deal in
play order, searched in turn on one table so that each reuses what the others stored: a
review), ``"rows"`` (many deals of one view in one batched call, :mod:`.batched`: ``pos`` is
the first deal's position and ``rows`` the deals, :class:`Rows`), ``"ready"`` (are the
cores loaded?) or ``"wait"`` (answer once they are). ``"idle": true`` on ``"cards"`` or
``"sequence"`` asks for the search at low priority, when nothing else waits for the
service's cores (a review's values computed ahead, while the deal is played). A reply is
``{"ok": ...}`` or ``{"error": "..."}``. Every field of a position is checked before a
search runs on it: the compiled core trusts its input.
"""

from __future__ import annotations

import dataclasses
import json
import re
from functools import reduce
from operator import or_
from typing import Any

from .position import Position

ADDRESS_ENV = "TRESSETTE_SOLVER_ADDRESS"  # a kernel's environment: the service's socket
KEY_ENV = "TRESSETTE_SOLVER_KEY"  # and the key (hex) a client proves it holds
OPS = ("value", "cards", "sequence", "rows", "ready", "wait")
MAX_MESSAGE = 1024 * 1024  # bytes; a position is ~1 KB, a batch of deals up to ~600 KB
MAX_ROWS = 8192  # deals in one batched call (a hint's largest batch)
MAX_SEQUENCE = 64  # positions in one sequence (a deal has at most 40 plays)
MAX_NODES = 1 << 62
SESSION = re.compile(r"[0-9a-f]{1,32}")
FULL = (1 << 40) - 1  # every card of the deck, as a mask


class WireError(ValueError):
    """A message that is not a valid request or reply; names the field."""


@dataclasses.dataclass(frozen=True)
class Rows:
    """Deals that complete one view, for one batched call: each row's four hands (seat
    masks) and stock still to draw (empty rows without a stock), the representative cards
    to value, a budget of search nodes (0: none) and the asking solver's ``session`` (the
    service keeps a table for each). ``stop`` > 0: the search ends at the first trick start
    with that many tricks left and values the rest by a quick play-out (an estimate; may be
    left out: 0, to the end)."""

    hands: tuple[tuple[int, ...], ...]
    stocks: tuple[tuple[int, ...], ...]
    reps: tuple[int, ...]
    nodes: int
    session: str
    stop: int = 0


@dataclasses.dataclass(frozen=True)
class Request:
    """One question to the service."""

    op: str
    pos: Position | None = None
    points_only: bool = False
    rows: Rows | None = None
    positions: tuple[Position, ...] = ()
    idle: bool = False  # at low priority (see the module)


def encode_request(request: Request) -> bytes:
    """The request as JSON bytes."""
    body: dict[str, Any] = {"op": request.op, "points_only": request.points_only}
    if request.pos is not None:
        body["pos"] = dataclasses.asdict(request.pos)
    if request.rows is not None:
        body["rows"] = dataclasses.asdict(request.rows)
    if request.positions:
        body["positions"] = [dataclasses.asdict(pos) for pos in request.positions]
    if request.idle:
        body["idle"] = True
    return json.dumps(body, separators=(",", ":")).encode()


def decode_request(data: bytes) -> Request:
    """A request from JSON bytes; :class:`WireError` names what is wrong."""
    body = _object(data, "request")
    op = body.get("op")
    if op not in OPS:
        raise WireError(f"op: expected one of {', '.join(OPS)}")
    points_only = body.get("points_only", False)
    if not isinstance(points_only, bool):
        raise WireError("points_only: expected true or false")
    idle = body.get("idle", False)
    if not isinstance(idle, bool) or (idle and op not in ("cards", "sequence")):
        raise WireError("idle: expected true or false, true only for cards or sequence")
    if op in ("ready", "wait"):
        return Request(op)
    if op == "sequence":
        return Request(op, points_only=points_only,
                       positions=decode_positions(body.get("positions")), idle=idle)
    pos = decode_position(body.get("pos"))
    if op == "rows":
        return Request(op, pos, rows=decode_rows(body.get("rows"), pos))
    return Request(op, pos, points_only, idle=idle)


def encode_reply(ok: Any = None, error: str | None = None) -> bytes:
    """A reply: the answer, or an error message."""
    body = {"error": error} if error is not None else {"ok": ok}
    return json.dumps(body, separators=(",", ":")).encode()


def decode_reply(data: bytes) -> Any:
    """The answer of a reply; :class:`WireError` with the service's message if it refused."""
    body = _object(data, "reply")
    if "error" in body:
        raise WireError(f"the solver service refused the request: {body['error']}")
    if "ok" not in body:
        raise WireError("reply: no 'ok' field")
    return body["ok"]


def decode_position(raw: object) -> Position:
    """A position from its JSON object, every field checked."""
    if not isinstance(raw, dict):
        raise WireError("pos: expected an object")
    fields = {f.name for f in dataclasses.fields(Position)}
    if set(raw) != fields:
        raise WireError(f"pos: expected the fields {', '.join(sorted(fields))}")
    trick = _list(raw, "trick", 0, 3, pair=True)
    stock = _list(raw, "stock", 0, 39)
    pos = Position(
        hands=_list(raw, "hands", 0, FULL, length=4), trick=[(s, c) for s, c in trick],
        to_play=_int(raw, "to_play", -1, 3), tricks_left=_int(raw, "tricks_left", 0, 20),
        gone=_int(raw, "gone", 0, FULL), stock=tuple(stock),
        stock_pos=_int(raw, "stock_pos", 0, len(stock)),
        must_follow_with_stock=_bool(raw, "must_follow_with_stock"),
        next_seat=tuple(_list(raw, "next_seat", -1, 3, length=4)),
        side=tuple(_list(raw, "side", 0, 1, length=4)),
        values=tuple(_list(raw, "values", 0, 33, length=40)),
        last_trick=_int(raw, "last_trick", 0, 33),
        low_wins=_bool(raw, "low_wins"), captured=_list(raw, "captured", 0, 400, length=2))
    _check_table(pos)
    return pos


def decode_positions(raw: object) -> tuple[Position, ...]:
    """The positions of a sequence, each checked; the error names which one is wrong."""
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_SEQUENCE:
        raise WireError(f"positions: expected a list of 1 to {MAX_SEQUENCE} positions")
    out = []
    for i, item in enumerate(raw):
        try:
            out.append(decode_position(item))
        except WireError as err:
            raise WireError(f"positions[{i}]: {err}") from err
    return tuple(out)


def decode_rows(raw: object, pos: Position) -> Rows:
    """The deals of a batched call, checked against their first deal's position ``pos``:
    every row holds the same cards as ``pos`` (hands and stock still to draw), each seat as
    many, the mover the same hand, and the cards to value are legal for the mover."""
    fields = {f.name for f in dataclasses.fields(Rows)}
    if not isinstance(raw, dict) or set(raw) not in (fields, fields - {"stop"}):
        raise WireError("rows: expected an object with hands, stocks, reps, nodes, session "
                        "(and stop)")
    if pos.to_play < 0 or pos.tricks_left < 1 or pos.stock_pos:
        raise WireError("pos: expected a seat to play, before any card of the stock is drawn")
    session, nodes = raw["session"], _int(raw, "nodes", 0, MAX_NODES)
    if not isinstance(session, str) or not SESSION.fullmatch(session):
        raise WireError("session: expected up to 32 hexadecimal digits")
    reps = _list(raw, "reps", 0, 39)
    if not reps or len(set(reps)) != len(reps) or any(not pos.legal() >> c & 1 for c in reps):
        raise WireError("reps: expected different legal cards of the seat to play")
    hands, stocks = raw["hands"], raw["stocks"]
    if not isinstance(hands, list) or not 1 <= len(hands) <= MAX_ROWS or \
            not isinstance(stocks, list) or len(stocks) != (len(hands) if pos.stock else 0):
        raise WireError(f"hands: expected 1 to {MAX_ROWS} rows (and a stock for each if any)")
    rows = [_row(hand, stocks[i] if pos.stock else [], pos) for i, hand in enumerate(hands)]
    stop = _int(raw, "stop", 0, 0 if pos.stock else max(0, pos.tricks_left - 1)) \
        if "stop" in raw else 0  # (the play-out knows no stock)
    return Rows(tuple(h for h, _ in rows), tuple(s for _, s in rows if s), tuple(reps),
                nodes, session, stop)


def _row(hand: object, stock: object, pos: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One deal of a batched call, checked (see :func:`decode_rows`)."""
    hands = _list({"hands": hand}, "hands", 0, FULL, length=4)
    cards = _list({"stocks": stock}, "stocks", 0, 39, length=len(pos.stock))
    masks = [*hands, *(1 << c for c in cards)]
    held = reduce(or_, masks, 0)
    if sum(m.bit_count() for m in masks) != held.bit_count() or \
            held != reduce(or_, [*pos.hands, *(1 << c for c in pos.stock)], 0) or \
            [h.bit_count() for h in hands] != [h.bit_count() for h in pos.hands] or \
            hands[pos.to_play] != pos.hands[pos.to_play]:
        raise WireError("hands: a row must deal the first row's cards, as many to each seat")
    return tuple(hands), tuple(cards)


def _check_table(pos: Position) -> None:
    """What the core indexes with must point inside the table."""
    seated = [s for s in range(4) if pos.next_seat[s] >= 0]
    if not _is_cycle(pos.next_seat, seated):
        raise WireError("next_seat: expected a cycle over the seated players")
    if pos.to_play >= 0 and pos.to_play not in seated:
        raise WireError("to_play: not a seated player")
    if len(pos.trick) >= len(seated) or any(s not in seated for s, _ in pos.trick):
        raise WireError("trick: expected fewer cards than players, from seated players")
    masks = [*pos.hands, pos.gone, *(1 << c for _, c in pos.trick),
             *(1 << c for c in pos.stock[pos.stock_pos:])]
    if sum(m.bit_count() for m in masks) != reduce(or_, masks, 0).bit_count():
        raise WireError("hands: a card is in two places (hands, trick, stock, gone)")


def _is_cycle(nxt: tuple[int, ...], seated: list[int]) -> bool:
    """Whether following ``nxt`` from a seated player visits each seated player once."""
    if len(seated) < 2:
        return False
    seen, seat = [], seated[0]
    for _ in seated:
        seen.append(seat)
        seat = nxt[seat]
    return seat == seated[0] and sorted(seen) == seated


def _object(data: bytes, what: str) -> dict[str, Any]:
    try:
        body = json.loads(data)
    except (ValueError, UnicodeDecodeError):
        raise WireError(f"{what}: not JSON") from None
    if not isinstance(body, dict):
        raise WireError(f"{what}: expected an object")
    return body


def _int(raw: dict[str, Any], name: str, low: int, high: int) -> int:
    value = raw[name]
    if type(value) is not int or not low <= value <= high:
        raise WireError(f"{name}: expected a whole number from {low} to {high}")
    return value


def _bool(raw: dict[str, Any], name: str) -> bool:
    value = raw[name]
    if not isinstance(value, bool):
        raise WireError(f"{name}: expected true or false")
    return value


def _list(raw: dict[str, Any], name: str, low: int, high: int, length: int | None = None,
          pair: bool = False) -> list[Any]:
    """A list of whole numbers in ``[low, high]`` (with ``pair``: of [seat, card] pairs)."""
    value = raw[name]
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise WireError(f"{name}: expected a list" + (f" of {length}" if length else ""))
    items = value if not pair else [x for p in value for x in _pair(p, name)]
    for i, item in enumerate(items):
        top = 39 if pair and i % 2 else high
        if type(item) is not int or not low <= item <= top:
            raise WireError(f"{name}: expected whole numbers from {low} to {top}")
    return [tuple(p) for p in value] if pair else list(value)


def _pair(item: object, name: str) -> list[Any]:
    if not isinstance(item, list) or len(item) != 2:
        raise WireError(f"{name}: expected [seat, card] pairs")
    return item
