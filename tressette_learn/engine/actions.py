"""What happens at the table, as small frozen values with a text form.

Every action is replayed by :meth:`Deal.apply <.deal.Deal.apply>` and reads back from its
text, like python-chess's ``Move.from_uci`` / ``move.uci()``::

    N play 3c            a card (the seat, then the card)
    N play 3c busso      a lead with its signal (busso, volo or striscio)
    N play 4d revoke     a card that may fail to follow suit (real-table records)
    N declare napoletana c / N declare buon_gioco 3 missing d    (see Declaration)
    NS call after 6      a side calls out after trick 6
    N redeal             a seat asks for a redeal
    S draw 7d after 1    a card drawn from the stock (it happens by itself; applying one
                         checks it happened)

``Action.parse(text)`` reads any of them, ``Play.parse(text)`` only a play; ``str(action)``
writes the form back. A text that cannot be read raises :class:`ActionError` (a
``ValueError``) naming the word at fault.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, Literal, TypeVar

from .cards import Card
from .seats import Seat

Signal = Literal["busso", "volo", "striscio"]
SIGNALS: tuple[Signal, ...] = ("busso", "volo", "striscio")

A = TypeVar("A", bound="Action")


class ActionError(ValueError):
    """An action's text that cannot be read; the message quotes it and names the fault."""


class Action:
    """Something done at the table (the base of every action type)."""

    __slots__ = ()
    verb: ClassVar[str] = ""
    _kinds: ClassVar[dict[str, type[Action]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.verb:
            Action._kinds[cls.verb] = cls

    @classmethod
    def parse(cls: type[A], text: str) -> A:
        """Read an action from its text form (see the module's notes)."""
        if not isinstance(text, str):
            raise ActionError(f"an action is text like 'N play 3c', not {type(text).__name__}")
        words = text.split()
        if len(words) < 2:
            raise ActionError(f"{text!r}: an action is a seat or side, then a verb "
                              f"({', '.join(Action._kinds)})")
        kind = Action._kinds.get(words[1])
        if kind is None:
            raise ActionError(f"{text!r}: unknown verb {words[1]!r}: use "
                              f"{', '.join(Action._kinds)}")
        if not issubclass(kind, cls):
            raise ActionError(f"{text!r}: a {kind.verb}, not a {cls.verb}")
        try:
            return kind._read(words[0], words[2:])  # type: ignore[return-value]
        except ValueError as err:  # a card, seat, suit or rank that cannot be read
            raise ActionError(f"{text!r}: {err}") from None

    @classmethod
    def _read(cls, who: str, args: list[str]) -> Action:
        """The action from its first word and the words after the verb."""
        raise NotImplementedError


def _after(args: list[str], what: str) -> int:
    """``after N`` at the end of a call or a draw: the trick number N (1 or more)."""
    if len(args) != 2 or args[0] != "after" or not args[1].isdigit() or int(args[1]) < 1:
        raise ActionError(f"{what} ends with 'after' and a trick number, like 'after 6'")
    return int(args[1])


@dataclasses.dataclass(frozen=True)
class Play(Action):
    """One card played by one seat, with the leader's signal and whether it was a revoke.

    Applied, ``revoke=True`` lets a card that fails to follow suit through (records of
    real tables); the play the deal keeps says whether it was one.
    """

    verb: ClassVar[str] = "play"
    seat: Seat
    card: Card
    signal: Signal | None = None
    revoke: bool = False

    def to_json(self) -> dict[str, str]:
        """The record form: ``{"seat": "N", "card": "3c", "signal": "busso"}``."""
        out = {"seat": self.seat.name, "card": str(self.card)}
        if self.signal:
            out["signal"] = self.signal
        return out

    def __str__(self) -> str:
        extra = (f" {self.signal}" if self.signal else "") + (" revoke" if self.revoke else "")
        return f"{self.seat} play {self.card}{extra}"

    @classmethod
    def _read(cls, who: str, args: list[str]) -> Play:
        if not args:
            raise ActionError("a play names its card, like 'N play 3c'")
        signal: Signal | None = None
        revoke = False
        for word in args[1:]:
            if word == "revoke" and not revoke:
                revoke = True
            elif word in SIGNALS and signal is None:
                signal = next(s for s in SIGNALS if s == word)
            else:
                raise ActionError(f"unexpected {word!r} after the card: a play may add one "
                                  f"signal ({', '.join(SIGNALS)}) and 'revoke'")
        return cls(Seat.parse(who), Card.parse(args[0]), signal, revoke)


@dataclasses.dataclass(frozen=True)
class Call(Action):
    """A chiamata fuori: ``side`` claims the target after trick ``after_trick``.

    ``points`` (captured points, declarations and match score) and ``correct`` are the
    engine's verdict: None on a call read from text, and left out of comparisons.
    """

    verb: ClassVar[str] = "call"
    side: str
    after_trick: int
    points: int | None = dataclasses.field(default=None, compare=False)
    correct: bool | None = dataclasses.field(default=None, compare=False)

    def to_json(self) -> dict[str, Any]:
        """The record form: ``{"side": "NS", "after_trick": 6}``."""
        return {"side": self.side, "after_trick": self.after_trick}

    def __str__(self) -> str:
        return f"{self.side} call after {self.after_trick}"

    @classmethod
    def _read(cls, who: str, args: list[str]) -> Call:
        side = who.upper()
        if not (side in ("NS", "EW") or side in Seat.__members__):
            raise ActionError(f"unknown side {who!r}: use NS, EW or a seat")
        return cls(side, _after(args, "a call"))


@dataclasses.dataclass(frozen=True)
class Redeal(Action):
    """A seat ends the deal unplayed: its hand is worth less than a point."""

    verb: ClassVar[str] = "redeal"
    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat} redeal"

    @classmethod
    def _read(cls, who: str, args: list[str]) -> Redeal:
        if args:
            raise ActionError(f"unexpected {args[0]!r}: a redeal is just 'N redeal'")
        return cls(Seat.parse(who))


@dataclasses.dataclass(frozen=True)
class Draw(Action):
    """A card drawn from the stock (two players): it is shown to the opponent."""

    verb: ClassVar[str] = "draw"
    seat: Seat
    card: Card
    after_trick: int

    def __str__(self) -> str:
        return f"{self.seat} draw {self.card} after {self.after_trick}"

    @classmethod
    def _read(cls, who: str, args: list[str]) -> Draw:
        if not args:
            raise ActionError("a draw names its card, like 'S draw 7d after 1'")
        return cls(Seat.parse(who), Card.parse(args[0]), _after(args[1:], "a draw"))
