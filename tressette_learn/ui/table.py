"""The card table: one anywidget that shows a deal and lets the learner play their seat.

The browser only draws :func:`~.table_state.table_state` and sends clicks; every click
goes to the engine, which alone judges it: a refused action changes nothing and its
refusal is shown.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..ai.arena import PlayerError, ask_calls, ask_declarations, play_one
from ..ai.levels import make_player
from ..ai.players import Player
from ..engine.cards import Card, CardError
from ..engine.deal import Deal, DealError, IllegalPlay
from ..engine.declarations import Declaration
from ..engine.records import record_from_deal
from ..engine.refusals import RefusalError
from ..engine.rules import Rules
from ..engine.seats import Seat
from ..engine.tricks import SIGNALS, Play, Signal
from ..engine.views import PlayerView
from ..engine_words import declaration_phrase, refusal_phrase
from ..i18n import Joined, Phrase, Wording
from .events import LOG, Event, EventSource
from .messages import checked
from .settings import SETTINGS, Settings
from .table_state import (
    Situation,
    card_faces,
    controls,
    declaration_id,
    learner_leads,
    status_changed,
    table_state,
)

SHAPES: Mapping[str, Mapping[str, type]] = {
    "play": {"card": str}, "signal": {"signal": str}, "declare": {"id": str},
    "advance": {"step": int}, "next": {}, "undo": {}, "new": {}, "call": {}, "redeal": {},
}


def _refusal(err: RefusalError) -> Phrase:
    """The words of the engine's refusal."""
    assert err.refusal is not None, "the engine refuses an action with a Refusal"
    return refusal_phrase(err.refusal)


def _rules(rules: Rules | str) -> Rules:
    return Rules.preset(rules) if isinstance(rules, str) else rules


class Table(anywidget.AnyWidget, EventSource):
    """A deal at 2, 3 or 4 seats; the learner plays ``seat``, computers play the others.

    ``level`` names the computer players (``random`` ... ``expert``) or ``players`` maps
    seats to :class:`~tressette_learn.ai.players.Player` objects. Computer cards follow
    each other after ``delay_ms``; a finished trick stays until the learner moves on.
    New deal passes the deal to the right (:attr:`Deal.next_dealer`); col morto, the
    learner plays the dealer's cards when ``seat`` is the dummy (``me``: the seat played).

    With ``computers=False`` nobody plays the other seats: a guided hand plays them
    through :meth:`script_play`, pauses the table (``paused``: a finished trick stays in
    view) and may take over the learner's choice with ``choice_handler`` (called with a
    legal card instead of playing). With ``offer_controls`` false the table shows none of
    its own buttons (next trick, signals, declarations, undo...) and ignores their messages.
    """

    _esm = Path(__file__).with_name("table.js")
    _css = Path(__file__).with_name("table.css")
    state = traitlets.Dict().tag(sync=True)
    faces = traitlets.Dict().tag(sync=True)
    delay_ms = traitlets.Int(700).tag(sync=True)
    show_all = traitlets.Bool(False)
    allow_undo = traitlets.Bool(True)
    offer_new = traitlets.Bool(True)
    offer_controls = traitlets.Bool(True)
    offer_signals = traitlets.Bool(False)  # the signal buttons even without the controls
    _signal: Signal | None
    _hinted: str | None
    _message: Wording | str
    _hold: bool
    _asked_declare: bool  # the learner was told of a combination still to declare
    _pushed: tuple[int, int, Situation] | None = None  # what the last state was built from

    def __init__(self, rules: Rules | str = "standard", *, deal: Deal | None = None,
                 seat: Seat | str = Seat.S, level: str = "club", seed: int | None = None,
                 players: Mapping[Seat, Player] | None = None, show_all: bool = False,
                 allow_undo: bool = True, delay_ms: int = 700, hold_tricks: bool = True,
                 computers: bool = True, source: str = "table",
                 settings: Settings = SETTINGS) -> None:
        super().__init__(show_all=show_all, allow_undo=allow_undo, delay_ms=delay_ms,
                         offer_new=computers)
        self.rules = deal.rules if deal is not None else _rules(rules)
        self.seat = self.me = Seat.parse(seat)  # ``me``: the seat played from (see _seated)
        self.level, self.seed, self.source = level, seed, source
        self.hold_tricks = hold_tricks
        self.computers = computers
        self.paused = False
        self.pause_key = "table.paused"  # the text key of the status line while paused
        self.choice_handler: Callable[[Card], None] | None = None
        self.settings = settings
        self._custom_players = dict(players) if players else None
        self._start(deal if deal is not None else self._seated(Deal.new(self.rules, seed=seed)))
        self.on_msg(self._on_message)
        settings.observe(self._redraw, ["lang", "faces"])
        self.observe(self._redraw, ["show_all", "allow_undo", "offer_new", "offer_controls",
                                    "offer_signals"])

    # -- public API ---------------------------------------------------------------
    def play(self, card: Card | str, signal: Signal | None = None) -> Phrase | None:
        """Play ``card`` for the learner; returns the rule it breaks, shown to the learner
        (nothing changes then). The engine alone judges the card: its refusal is shown."""
        card = Card.parse(card) if isinstance(card, str) else card
        signal = signal if signal is not None else self._signal
        if self._status() != "your_turn":
            return self._refuse(card, Phrase.of("table.not_your_turn"))
        if self.choice_handler is not None:  # a guided hand takes the card over: ask only
            reason = self.deal.play_reason(card, signal)
            if reason is not None:
                return self._refuse(card, refusal_phrase(reason))
            self._signal = signal  # the handler plays it with the card, if it plays it
            self.choice_handler(card)
            return None
        try:
            self._do(lambda: self.deal.play(card, signal))
        except IllegalPlay as err:
            return self._refuse(card, _refusal(err))
        return None

    def _refuse(self, card: Card, reason: Phrase) -> Phrase:
        """Show why a card was refused, and tell the listeners."""
        self._say(reason, "error")
        self.emit(Event("illegal", self.source, str(card), False, {"reason": reason.key}))
        return reason

    def script_play(self, card: Card | str, signal: Signal | None = None) -> None:
        """Play the next card of a script (a guided hand, a puzzle's answer), whoever's turn
        it is, with the leader's ``signal`` if any."""
        self._do(lambda: self.deal.play(card, signal))

    def say(self, text: Wording | str, kind: str = "info") -> None:
        """Show a message above the table (``info``, ``good`` or ``error``); a phrase is
        worded again when the learner switches language."""
        self._say(text, kind)

    def focus_hand(self) -> None:
        """Ask the browser to put the keyboard focus on the learner's first playable card."""
        self.send({"type": "focus"})

    def advance(self) -> bool:
        """Let the computer whose turn it is play one card; ``False`` if none is due."""
        if self._status() != "waiting":
            return False
        self._sync("thinking")
        try:
            self._do(lambda: play_one(self.deal, self.players), said=self._message)
        except PlayerError:
            LOG.exception("a computer player failed")
            self._say(Phrase.of("table.computer_failed"), "error")
        return True

    def run(self) -> None:
        """Play the computers' cards until the learner must act (no delays)."""
        while self.advance():
            pass

    def next_trick(self) -> None:
        """Clear the finished trick from the centre and go on. With a combination still to
        declare (going on would lose it), the first press asks instead."""
        if not self._hold:
            return
        waiting = self.undeclared()
        if waiting and not self._asked_declare:
            self._asked_declare = True
            combos = Joined(tuple(declaration_phrase(d) for d in waiting), "; ")
            self._say(Phrase.of("table.declare_first", combos=combos), "error")
            return
        self._hold = False
        self._refresh()

    def undeclared(self) -> list[Declaration]:
        """The learner's combinations that may be declared now (buttons on the table)."""
        if not self.offer_controls:
            return []
        return [d for seat in self.deal.seats if self._mine(seat)
                for d in self.deal.available_declarations(seat)]

    def undo(self) -> bool:
        """Take back the learner's last card and every card played after it."""
        if not self.can_undo():
            return False
        while True:
            last = self.deal.actions[-1]
            mine = isinstance(last, Play) and self._mine(last.seat)
            self.deal.undo()
            if mine:
                break
        self._hold = False
        self._finished = False
        self._refresh("")
        return True

    def can_undo(self) -> bool:
        """Whether undo is allowed and the learner has a card to take back."""
        return self.allow_undo and any(self._mine(p.seat) for p in self.deal.plays)

    def choose_signal(self, signal: str | None) -> Phrase | None:
        """Set (or clear with ``None``) the signal for the learner's next lead."""
        if signal is not None and (signal not in SIGNALS or not self.rules.signals):
            return Phrase.of("table.no_signal")
        chosen = signal
        if not learner_leads(self.deal, self._situation()):
            return Phrase.of("table.signal_when_leading")
        self._signal = None if chosen == self._signal else chosen
        self._refresh()
        return None

    def declare(self, decl_id: str) -> Phrase | None:
        """Declare the learner's combination named ``decl_id`` (see the table state)."""
        for seat in self.deal.seats:
            if not self._mine(seat):
                continue
            for decl in self.deal.available_declarations(seat):
                if declaration_id(decl) == decl_id:
                    self._do(lambda d=decl: self.deal.declare(d))
                    return None
        return Phrase.of("table.no_declaration")

    def call_out(self) -> Phrase | None:
        """Claim the match target for the learner's side (chiamata fuori)."""
        try:
            self._do(lambda: self.deal.call_out(self.deal.side_of(self.me)))
        except DealError as err:
            return _refusal(err)
        return None

    def redeal(self) -> Phrase | None:
        """Ask for a redeal (mandare a monte) of a hand worth less than a point. A table
        that deals its own deals (``offer_new``) has the same dealer deal again at once;
        otherwise the deal is over, sent back, and whoever runs the table deals next (a
        match: :class:`~tressette_learn.ui.match.MatchPlay`)."""
        try:
            self._do(lambda: self.deal.redeal(self.me))
        except DealError as err:
            return _refusal(err)
        sent = self.deal
        if self.offer_new and sent.redeal_by is not None:
            self.new_deal(dealer=sent.dealer, match_scores=sent.match_scores)
            self._say(Phrase.of("table.redealt", seat=sent.redeal_by, dealer=sent.dealer),
                      "info")
        return None

    def new_deal(self, seed: int | None = None, deal: Deal | None = None,
                 hold: bool = False, dealer: Seat | None = None,
                 match_scores: Mapping[str, int] | None = None) -> None:
        """Start a fresh deal (the next seed by default; dealt by ``dealer``, by default
        the next dealer after the deal on the table: the deal passes to the right), or show
        ``deal`` as it stands (``hold``: its last trick stays in the centre)."""
        if deal is None:
            if seed is not None or self.seed is not None:
                self.seed = seed if seed is not None else (self.seed or 0) + 1
            dealer = self.deal.next_dealer if dealer is None else dealer
            deal = self._seated(Deal.new(self.rules, dealer=dealer, seed=self.seed,
                                         match_scores=match_scores))
        self._start(deal, hold and bool(deal.tricks) and not deal.current)

    def _deal_next(self) -> None:
        """New deal, pressed: the deal passes on, and the table says who deals and leads."""
        self.new_deal()
        deal = self.deal
        leader = deal.rules.next_seat(deal.dealer)
        said = Phrase.of("table.dealt", dealer=deal.dealer, leader=leader) \
            if deal.dummy is None else \
            Phrase.of("table.dealt.dummy", dealer=deal.dealer, dummy=deal.dummy, leader=leader)
        self._say(said, "info")

    def _seated(self, deal: Deal) -> Deal:
        """``deal``, dealt by the table, with the learner playing from ``seat``, or from
        the dealer when ``seat`` is the dummy (col morto: they play for their side)."""
        self.me = deal.controller(self.seat)
        return deal

    def view(self) -> PlayerView:
        """What the learner's seat sees (for hints)."""
        seat = self.deal.to_play if self.deal.to_play and self._mine(self.deal.to_play) else self.me
        return self.deal.view(seat)

    def record(self) -> dict[str, Any]:
        """The deal so far as a deal record (JSON-ready)."""
        return record_from_deal(self.deal)

    def highlight(self, card: Card | None, signal: Signal | None = None) -> None:
        """Mark one of the learner's cards (a hint) until the next card is played; with a
        ``signal`` for a lead, choose it on the signal buttons too."""
        self._hinted = None if card is None else str(card)
        if signal is not None and self.rules.signals and \
                learner_leads(self.deal, self._situation()):
            self._signal = signal
        self._refresh()

    @property
    def signal(self) -> Signal | None:
        """The signal chosen for the learner's next lead (None: no signal)."""
        return self._signal

    @property
    def status(self) -> str:
        """``your_turn``, ``waiting`` (a computer is due), ``trick_done`` or ``over``."""
        return self._status()

    @property
    def message(self) -> str:
        """The last message shown to the learner (a rule broken, a result), in the
        learner's language."""
        shown = self._message
        return shown if isinstance(shown, str) else shown.get(self.settings.lang)

    # -- internals ----------------------------------------------------------------
    def _start(self, deal: Deal, hold: bool = False) -> None:
        self.deal = deal
        self.players = self._make_players()
        self._hold, self._finished = hold, deal.is_over() and not self.offer_new
        self._signal = self._hinted = None
        self._asked_declare = False
        self._step = getattr(self, "_step", 0)
        self._calls_checked = -1
        self._message, self._kind = "", "info"
        self._refresh()

    def _make_players(self) -> dict[Seat, Player]:
        if not self.computers:
            return {}
        if self._custom_players is not None:
            return {s: p for s, p in self._custom_players.items() if not self._mine(s)}
        seed = self.seed or 0
        return {s: make_player(self.level, seed * 7 + int(s)) for s in self.deal.seats
                if self.deal.controller(s) == s and not self._mine(s)}

    def _mine(self, seat: Seat) -> bool:
        return controls(self.deal, self.me, seat)

    def _do(self, action: Any, said: Wording | str = "") -> None:
        """Run one engine action, then hold a finished trick and let computers act. The
        message shown becomes ``said`` (a computer's card keeps the one shown, such as who
        deals; the learner's action clears it)."""
        tricks = len(self.deal.tricks)
        action()
        self._signal = self._hinted = None
        self._message = said
        if len(self.deal.tricks) > tricks and self.hold_tricks:
            self._hold = True
        self._refresh()

    def _settle(self) -> None:
        """Computer declarations and calls, which need no delay."""
        deal = self.deal
        if deal.is_over():
            return
        if deal.declaration_window():
            ask_declarations(deal, self.players)
        if not deal.current and self._calls_checked != len(deal.tricks):
            self._calls_checked = len(deal.tricks)
            ask_calls(deal, self.players)

    def _status(self) -> str:
        if self.deal.is_over():
            return "over"
        if self.paused:  # a finished trick too: nobody goes on from a paused table
            return "paused"
        if self._hold:
            return "trick_done"
        seat = self.deal.to_play
        mine = seat is not None and self._mine(seat)
        if not mine and not self.computers:
            return "paused"
        return "your_turn" if mine else "waiting"

    def _situation(self, status: str | None = None) -> Situation:
        lang = self.settings.lang
        return Situation(self.me, status or self._status(), lang, self.settings.faces,
                         self.show_all, self._step, self.message, self._kind, self._signal,
                         self.can_undo(), self._hinted, self.offer_new, self.offer_controls,
                         self.pause_key, self.offer_signals)

    def _refresh(self, message: Wording | str | None = None) -> None:
        if message is not None:
            self._message = message
        self._settle()
        if self.deal.is_over() and not self._finished:
            self._finished = True
            self._announce_end()
        self._sync()

    def _announce_end(self) -> None:
        result = self.deal.result()
        totals = {side: result.total(side) for side in self.deal.sides}
        self.emit(Event("deal_end", self.source, data={"totals": totals,
                                                       "record": self.record()}))

    def _say(self, text: Wording | str, kind: str) -> None:
        self._message, self._kind = text, kind
        self._sync()

    def _sync(self, status: str | None = None) -> None:
        self._step += 1
        situation = self._situation(status)
        faces = card_faces(situation.faces, situation.lang)
        if faces is not self.faces:
            self.faces = faces  # sent before the state that names these cards
        pushed = (id(self.deal), len(self.deal.actions),
                  dataclasses.replace(situation, step=0, status=""))
        if status == "thinking" and self._pushed == pushed and self.state["status"] == "waiting":
            self.state = status_changed(self.state, self.deal, situation)  # nothing else did
        else:
            self.state = table_state(self.deal, situation)
        self._pushed = pushed

    def _redraw(self, _change: object = None) -> None:
        self._sync()

    def _on_message(self, _widget: object, content: Any, _buffers: object) -> None:
        msg = checked("Table", content, SHAPES)
        if msg is None:
            return
        try:
            self._handle(msg)
        except (CardError, DealError, ValueError):
            LOG.warning("Table ignored a forged message: %.200r", content)
        except Exception:  # the kernel must survive anything a message causes
            LOG.exception("Table failed on %.200r", content)

    def _handle(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        allowed = ("play", "advance", "signal") if self.offer_signals else ("play", "advance")
        if not self.offer_controls and kind not in allowed:
            LOG.warning("Table ignored a forged message: no %s button here", kind)
        elif kind == "play":
            self._handle_play(msg["card"])
        elif kind == "advance":
            if msg["step"] == self._step:
                self.advance()
        elif kind == "signal":
            self._answer(self.choose_signal(None if msg["signal"] == "none" else msg["signal"]))
        elif kind == "declare":
            self._answer(self.declare(msg["id"]))
        elif kind == "call":
            self._answer(self.call_out())
        elif kind == "redeal":
            self._answer(self.redeal())
        elif kind == "new" and not self.offer_new:
            LOG.warning("Table ignored a forged message: no new deal here")
        else:
            {"next": self.next_trick, "undo": self.undo, "new": self._deal_next}[kind]()

    def _handle_play(self, text: str) -> None:
        card = Card.parse(text)
        seat = self.deal.to_play
        if self._status() != "your_turn" or seat is None or card not in self.deal.hand(seat):
            LOG.warning("Table ignored a forged play of %s (to play: %s)", text, seat)
            return
        self.play(card)

    def _answer(self, problem: Phrase | None) -> None:
        if problem is not None:
            self._say(problem, "error")
