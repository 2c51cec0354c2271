"""What a seat said at the table, for the review: declarations it did not make, signals that
were false, leads without the true signal.

**Declarations** are priced exactly: a combination's points are fixed by the rules (RULES.md
§3) and one not declared in time is lost; nothing is lost when a cappotto against the
seat's side cancelled its declarations anyway (§5).

**Signals** change nothing in the values the review's solver computes (it sees every card),
so a signal is priced as an estimate: from the lead, the rest of the deal is played out on
the real cards by the club player (:class:`~.heuristic.RulesPlayer`, which reads signals)
for every seat, once as the table heard the lead and once with each true signal (§4); the
seat's side's card points differ by the price (a perdere, where points are bad, the other
way round). When no true signal would have gained anything in that play-out, the line is
not priced: it says what the true signal would have told the partner. A lead without a
signal is not listed when every true signal would have lost points in the play-out (the
opponents hear signals too): keeping quiet was no mistake there. A false signal is always
listed.

A false signal cannot be made at our tables (the engine refuses it) and ``replay`` refuses a
record that holds one. A record from a real table may hold one, so
:func:`replay_reading_false_signals` replays it without its false signals and returns them;
in the false signal's play-out every seat hears it (its view carries it) while the engine's
deal stays honest.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping
from typing import Any

from ..engine.cards import DECK, FULL_DECK_MASK, SUIT_MASKS, Card
from ..engine.deal import Deal
from ..engine.declarations import Declaration, combos_in
from ..engine.records import DealRecord, RecordError
from ..engine.refusals import Refusal
from ..engine.seats import Seat
from ..engine.tricks import Signal
from ..engine.views import PlayerView
from ..engine_words import declaration_phrase
from ..i18n import LANGUAGES, Phrase
from .players import Player

__all__ = ["FalseSignal", "MissedDeclaration", "SignalNote", "missed_declarations",
           "replay_reading_false_signals", "signal_note"]

FALSE_KINDS = ("false_volo", "false_striscio", "false_busso", "busso_none", "club_false_busso",
               "club_false_striscio", "club_striscio_pezzo")
_SIGNAL_FIELD = re.compile(r"plays\[(\d+)\]\.signal")


# -- declarations ---------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class MissedDeclaration:
    """A combination ``declaration.seat`` was dealt and did not declare in time.

    ``cost``: the points lost (exact); 0 when ``cancelled_by`` (the side that made a
    cappotto) would have cancelled it anyway.
    """

    declaration: Declaration
    cost: int
    cancelled_by: str | None = None
    kind = "missed"
    trick = 1  # declarations are made by the end of the first trick (or before it)
    method = "exact"

    @property
    def seat(self) -> Seat:
        """The seat that held the combination."""
        return self.declaration.seat

    @property
    def phrase(self) -> Phrase:
        """``South did not declare the napoletana of cups (...) in time: 3 points lost.``"""
        decl = self.declaration
        facts: dict[str, Any] = {"seat": decl.seat, "declaration": declaration_phrase(decl),
                                 "cards": decl.cards, "cost": self.cost}
        if self.cancelled_by is not None:
            return Phrase.of("review.declaration.cancelled", **facts, side=self.cancelled_by)
        return Phrase.of("review.declaration.missed", **facts)

    def to_json(self) -> dict[str, Any]:
        """The combination (record form), its cards, points and price, in words."""
        return {**self.declaration.to_json(), "kind": self.kind, "trick": self.trick,
                "cards": [str(c) for c in self.declaration.cards],
                "points": self.declaration.points, "cost": self.cost,
                "method": self.method, **{lang: self.phrase.get(lang) for lang in LANGUAGES}}


def missed_declarations(deal: Deal, seats: Iterable[Seat]) -> tuple[MissedDeclaration, ...]:
    """The combinations ``seats`` were dealt and did not declare, once their time is over."""
    if not deal.rules.declarations or deal.redeal_by is not None or not _window_over(deal):
        return ()
    cappotto = deal.result().cappotto
    out = []
    for seat in seats:
        for decl in combos_in(seat, deal.dealt_hand(seat)):
            if decl not in deal.declarations:
                cancelled = cappotto if cappotto not in (None, deal.side_of(seat)) else None
                out.append(MissedDeclaration(decl, 0 if cancelled else decl.points, cancelled))
    return tuple(out)


def _window_over(deal: Deal) -> bool:
    """Whether the time to declare has come and gone."""
    opened = deal.rules.declaration_timing == "before_first_lead" or bool(deal.tricks)
    return opened and not deal.declaration_window()


# -- signals --------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class FalseSignal:
    """A signal a record holds that was false for the leader's hand (``refusal`` says why)."""

    number: int
    signal: Signal
    refusal: Refusal


@dataclasses.dataclass(frozen=True)
class SignalNote:
    """A lead with a false signal (``kind`` ``false``, ``made`` the signal) or without the
    true one (``missing``). ``better`` is the true signal worth most in the play-outs,
    ``gains`` what each true signal gained over the lead as made, ``cost`` the best gain
    (0 or more, estimated); ``meaning`` what ``better`` tells the partner."""

    kind: str
    number: int
    trick: int
    seat: Seat
    partner: Seat
    card: Card
    made: Signal | None
    better: Signal
    cost: int
    gains: tuple[tuple[Signal, int], ...]
    meaning: Phrase
    why: Phrase | None = None
    method = "estimated"

    @property
    def phrase(self) -> Phrase:
        """``Trick 3, South: the Ace of cups was led without a signal, but ...``"""
        key = f"review.signal.{self.kind}" + ("" if self.cost else ".free")
        made = None if self.made is None else _signal_name(self.made)
        return Phrase.of(key, trick=self.trick, seat=self.seat, card=self.card, made=made,
                         signal=_signal_name(self.better), cost=self.cost,
                         partner=self.partner, meaning=self.meaning, why=self.why)

    def to_json(self) -> dict[str, Any]:
        """The lead, the signal made and the true one, the price, in words."""
        return {"kind": self.kind, "number": self.number, "trick": self.trick,
                "seat": self.seat.name, "card": str(self.card), "signal": self.made,
                "better": self.better, "cost": self.cost, "gains": dict(self.gains),
                "method": self.method, **{lang: self.phrase.get(lang) for lang in LANGUAGES}}


def _signal_name(signal: Signal) -> Phrase:
    return Phrase.of(f"review.signal.name.{signal}")


def signal_note(deal: Deal, card: Card, player: Player,
                false: FalseSignal | None = None) -> SignalNote | None:
    """The line for the seat to play in ``deal`` leading ``card``: with the ``false``
    signal a record holds, or without a signal (None when there is nothing to say: the
    last trick, where a signal tells nobody anything, every true signal would have lost
    points, or the only gain-free one is a volo or striscio)."""
    seat = deal.to_play
    truths = deal.true_signals(card)
    if seat is None or not truths or (false is None and _last_trick(deal)):
        return None
    number = len(deal.plays)
    heard = None if false is None else false.signal
    as_made = _play_out(deal, card, None, player, heard)
    gains = tuple((s, _play_out(deal, card, s, player) - as_made) for s in truths)
    better, gain = max(gains, key=lambda g: g[1])  # the first of the best, in SIGNALS order
    if false is None and (gain < 0 or (gain == 0 and better != "busso")):
        return None  # a free volo or striscio is true at almost every lead: not worth a line
    why = None if false is None else Phrase.of(f"review.false.{false.refusal.kind}",
                                               seat=seat, **false.refusal.facts)
    return SignalNote("missing" if false is None else "false", number, len(deal.tricks) + 1,
                      seat, seat.partner, card, heard, better, max(gain, 0), gains,
                      _meaning(deal, card, better), why)


def _last_trick(deal: Deal) -> bool:
    return len(deal.tricks) == deal.rules.tricks_per_deal - 1


def _meaning(deal: Deal, card: Card, signal: Signal) -> Phrase:
    """What ``signal`` on leading ``card`` tells the partner (busso: the master card)."""
    seat = deal.to_play
    out = FULL_DECK_MASK & ~deal.played_mask & ~card.bit & SUIT_MASKS[card.suit]
    master = DECK[out.bit_length() - 1] if out else None
    return Phrase.of(f"review.meaning.{signal}", seat=seat, suit=card.suit, master=master)


def _play_out(deal: Deal, card: Card, signal: Signal | None, player: Player,
              heard: Signal | None = None) -> int:
    """The leader's side's card points (negated a perdere) after leading ``card`` with
    ``signal`` and ``player`` playing every seat to the end; ``heard``: the signal every
    seat's view shows on this lead instead (a false one)."""
    twin = deal.copy()
    seat = twin.to_play
    assert seat is not None
    number = len(twin.plays)
    twin.play(card, signal)
    while not twin.is_over():
        turn = twin.to_play
        assert turn is not None
        view = twin.view(turn)
        if heard is not None:
            view = _hearing(view, number, heard, twin.trick_size)
        decision = player.choose(view)
        twin.play(decision.card, decision.signal)
    points = twin.result().sides[twin.side_of(seat)].card_points
    return twin.rules.sign * points


def _hearing(view: PlayerView, number: int, signal: Signal, size: int) -> PlayerView:
    """``view`` with the lead ``number`` carrying ``signal``."""
    index = number // size
    if index < len(view.tricks):
        trick = view.tricks[index]
        plays = (dataclasses.replace(trick.plays[0], signal=signal), *trick.plays[1:])
        tricks = (*view.tricks[:index], dataclasses.replace(trick, plays=plays),
                  *view.tricks[index + 1:])
        return dataclasses.replace(view, tricks=tricks)
    current = view.current_trick
    lead = dataclasses.replace(current[0], signal=signal)
    return dataclasses.replace(view, current_trick=(lead, *current[1:]))


# -- records from a real table ------------------------------------------------------------
def replay_reading_false_signals(
        record: DealRecord | Mapping[str, Any] | str) -> tuple[Deal, dict[int, FalseSignal]]:
    """Replay a record, taking out each signal that was false for the leader's hand (a real
    table's record may hold one); the false signals by play number. Every other problem is
    the :class:`RecordError` that ``replay`` raises."""
    rec = record if isinstance(record, DealRecord) else DealRecord.from_json(record)
    found: dict[int, FalseSignal] = {}
    while True:
        try:
            return rec.replay(), found
        except RecordError as err:
            match = _SIGNAL_FIELD.fullmatch(err.where)
            refusal = err.refusal
            if match is None or refusal is None or refusal.kind not in FALSE_KINDS:
                raise
            number = int(match.group(1))
            play = rec.plays[number]
            assert play.signal is not None
            found[number] = FalseSignal(number, play.signal, refusal)
            plays = (*rec.plays[:number], dataclasses.replace(play, signal=None),
                     *rec.plays[number + 1:])
            rec = dataclasses.replace(rec, plays=plays)
