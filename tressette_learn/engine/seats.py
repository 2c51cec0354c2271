"""Seats, sides and the anticlockwise turn order N -> W -> S -> E (letters: a seat's name in
words is the words layer's ``seat_name``)."""

from __future__ import annotations

import enum


class SeatError(ValueError):
    """A seat or side name that cannot be read."""


class Seat(enum.IntEnum):
    """A place at the table; partners sit opposite (N-S against E-W)."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def right(self) -> Seat:
        """The seat on this one's right: the next to play (anticlockwise)."""
        return Seat((self - 1) % 4)

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return Seat((self + 2) % 4)

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: object) -> Seat:
        """Read ``N``, ``E``, ``S`` or ``W``."""
        if isinstance(text, Seat):
            return text
        if isinstance(text, str) and text.strip().upper() in cls.__members__:
            return cls[text.strip().upper()]
        raise SeatError(f"unknown seat {text!r}: use N, E, S or W")


TWO_PLAYER_SEATS = (Seat.S, Seat.N)


def seats_for(players: int) -> tuple[Seat, ...]:
    """The seats that hold cards: S and N for two players, all four otherwise."""
    return TWO_PLAYER_SEATS if players == 2 else tuple(Seat)


def next_seat(seat: Seat, players: int) -> Seat:
    """Who plays after ``seat``: the seat on the right, or the opponent with two players."""
    return seat.partner if players == 2 else seat.right


def side_of(seat: Seat, players: int, partners: bool = True) -> str:
    """``NS`` or ``EW``; with two players, or each for himself (``partners`` false), each
    seat is its own side (``S``, ``N``...)."""
    if players == 2 or not partners:
        return seat.name
    return "NS" if seat in (Seat.N, Seat.S) else "EW"


def sides_for(players: int, partners: bool = True) -> tuple[str, ...]:
    """The sides of a table: two partnerships, or one seat each (two players or each for
    himself, in seat order)."""
    if players == 2:
        return ("S", "N")
    return ("NS", "EW") if partners else tuple(seat.name for seat in seats_for(players))


def parse_side(text: object, players: int, partners: bool = True) -> str:
    """Read a side name valid at this table."""
    sides = sides_for(players, partners)
    if isinstance(text, str) and text.strip().upper() in sides:
        return text.strip().upper()
    raise SeatError(f"unknown side {text!r}: use {', '.join(sides[:-1])} or {sides[-1]}")
