"""Declarations (accuso): the napoletana and the buon gioco found in a dealt hand."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, Literal

from .actions import Action, ActionError
from .cards import Card, CardError, Rank, Suit
from .refusals import RefusalError
from .seats import Seat, SeatError

Combo = Literal["napoletana", "buon_gioco"]
TOP_RANKS = (Rank.THREE, Rank.TWO, Rank.ASSO)


class DeclarationError(RefusalError):
    """A declaration that is malformed, or refused (not held, out of time: ``refusal``)."""


@dataclasses.dataclass(frozen=True, order=True)
class Declaration(Action):
    """A declared combination (an action: ``N declare napoletana c``).

    A napoletana has a ``suit``; a buon gioco has a ``rank`` (3, 2 or ace) and, when it
    holds three of the four cards, the ``missing`` suit that the declaration names
    (``N declare buon_gioco 3 missing d``).
    """

    verb: ClassVar[str] = "declare"
    seat: Seat
    combo: Combo
    suit: Suit | None = None
    rank: Rank | None = None
    missing: Suit | None = None

    @property
    def points(self) -> int:
        """3 points, or 4 for all four 3s, 2s or aces."""
        return 4 if self.combo == "buon_gioco" and self.missing is None else 3

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards this declaration shows to the table."""
        if self.combo == "napoletana":
            assert self.suit is not None
            return tuple(Card.of(rank, self.suit) for rank in TOP_RANKS)
        assert self.rank is not None
        return tuple(Card.of(self.rank, s) for s in Suit if s != self.missing)

    def to_json(self) -> dict[str, str]:
        """The record form: ``{"seat": "N", "combo": "napoletana", "suit": "c"}``."""
        out = {"seat": self.seat.name, "combo": self.combo}
        if self.suit is not None:
            out["suit"] = self.suit.symbol
        if self.rank is not None:
            out["rank"] = self.rank.symbol
        if self.missing is not None:
            out["missing"] = self.missing.symbol
        return out

    @classmethod
    def from_json(cls, data: Any) -> Declaration:
        """Read the record form; a wrong field is an error that names it."""
        if not isinstance(data, dict):
            raise DeclarationError("a declaration must be an object")
        try:
            seat = Seat.parse(data.get("seat"))
            combo = data.get("combo")
            if combo == "napoletana":
                return cls(seat, "napoletana", suit=Suit.parse(_text(data, "suit")))
            if combo == "buon_gioco":
                missing = data.get("missing")
                return cls(seat, "buon_gioco", rank=_top_rank(_text(data, "rank")),
                           missing=None if missing is None else Suit.parse(_text(data, "missing")))
        except (CardError, SeatError) as err:
            raise DeclarationError(str(err)) from None
        raise DeclarationError(f"unknown combo {combo!r}: use napoletana or buon_gioco")

    def __str__(self) -> str:
        """The action's text: ``N declare napoletana c``, ``E declare buon_gioco A missing d``
        (the words layer names it)."""
        if self.combo == "napoletana":
            assert self.suit is not None
            return f"{self.seat} declare napoletana {self.suit.symbol}"
        assert self.rank is not None
        missing = "" if self.missing is None else f" missing {self.missing.symbol}"
        return f"{self.seat} declare buon_gioco {self.rank.symbol}{missing}"

    @classmethod
    def _read(cls, who: str, args: list[str]) -> Declaration:
        seat = Seat.parse(who)
        if args[:1] == ["napoletana"] and len(args) == 2:
            return cls(seat, "napoletana", suit=Suit.parse(args[1]))
        if args[:1] == ["buon_gioco"] and len(args) == 2:
            return cls(seat, "buon_gioco", rank=_top_rank(args[1]))
        if args[:1] == ["buon_gioco"] and len(args) == 4 and args[2] == "missing":
            return cls(seat, "buon_gioco", rank=_top_rank(args[1]), missing=Suit.parse(args[3]))
        raise ActionError("a declaration is 'napoletana' and a suit, or 'buon_gioco', a rank "
                          "(3, 2 or A) and maybe 'missing' and a suit")


def _text(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise DeclarationError(f"field {key!r} is missing or not text")
    return value


def _top_rank(text: str) -> Rank:
    rank = Rank.parse(text)
    if rank not in TOP_RANKS:
        raise DeclarationError(f"a buon gioco is of 3s, 2s or aces, not {text!r}")
    return rank


def combos_in(seat: Seat, cards: tuple[Card, ...] | frozenset[Card]) -> list[Declaration]:
    """Every combination held in these cards (the same card may serve in two)."""
    held = set(cards)
    found = [Declaration(seat, "napoletana", suit=suit) for suit in Suit
             if all(Card.of(rank, suit) in held for rank in TOP_RANKS)]
    for rank in TOP_RANKS:
        missing = [suit for suit in Suit if Card.of(rank, suit) not in held]
        if len(missing) <= 1:
            found.append(Declaration(seat, "buon_gioco", rank=rank,
                                     missing=missing[0] if missing else None))
    return found
