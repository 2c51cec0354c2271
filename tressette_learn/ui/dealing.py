"""The deal drawn card by card: the dealer shuffles, the player on the left cuts, and the
cards go one at a time anticlockwise from the dealer's right, to four seats named in words.

The cards are the engine's: :meth:`Deal.new` with the same rules, dealer and seed, so the
hands the seats end with are :attr:`DealingShow.deal`'s (a table can show them next). Python
owns the step; the browser only draws it and sends the buttons' presses (Play, Pause, Step,
Restart) and, while playing, a tick naming the step it shows. Every message is checked.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..engine.deal import Deal, dealing_order, shuffled_deck
from ..engine.rules import FOUR_OF_DENARI, Rules
from ..engine.seats import Seat
from ..i18n import Phrase
from .events import LOG
from .i18n import seat_name, t
from .messages import checked
from .settings import SETTINGS, Settings
from .table_state import card_faces

SHAPES: Mapping[str, Mapping[str, type]] = {
    "play": {}, "pause": {}, "step": {}, "restart": {}, "advance": {"step": int},
}
#: Where each seat sits on screen: South at the bottom, play going to the right.
PLACES = {Seat.S: "bottom", Seat.E: "right", Seat.N: "top", Seat.W: "left"}


def _rules(rules: Rules | str) -> Rules:
    return Rules.preset(rules) if isinstance(rules, str) else rules


class DealingShow(anywidget.AnyWidget):
    """The shuffle, the cut and the forty cards dealt, a step at a time (4 players)."""

    _esm = Path(__file__).with_name("dealing.js")
    _css = Path(__file__).with_name("dealing.css")
    state = traitlets.Dict().tag(sync=True)
    faces = traitlets.Dict().tag(sync=True)
    delay_ms = traitlets.Int(450).tag(sync=True)

    def __init__(self, rules: Rules | str = "standard", *, dealer: Seat | str = Seat.E,
                 seed: int | None = 7, packet: int = 1, delay_ms: int = 450,
                 settings: Settings = SETTINGS) -> None:
        super().__init__(delay_ms=delay_ms)
        table = _rules(rules)
        if table.players != 4:
            raise ValueError("the dealing show has four seats: choose a four-player table")
        self.rules = table.with_options(deal_packet=packet)
        self.dealer = Seat.parse(dealer)
        self.seed = seed
        self.deal = Deal.new(self.rules, self.dealer, seed)
        self.order = dealing_order(shuffled_deck(seed), self.rules, self.dealer)
        leader = self.deal.to_play
        assert leader is not None, "a new deal has a leader"
        self.leader: Seat = leader
        self.settings = settings
        self.step = 0
        self.playing = False
        self.on_msg(self._on_message)
        settings.observe(self._redraw, ["lang", "faces"])
        self._redraw()

    # -- the people at the table -------------------------------------------------------
    @property
    def cutter(self) -> Seat:
        """The player on the dealer's left: the one whose right is the dealer."""
        return next(seat for seat in Seat if seat.right == self.dealer)

    @property
    def first_to_receive(self) -> Seat:
        """The dealer's right: the first card is theirs."""
        return self.dealer.right

    def same_deal(self) -> Deal:
        """A fresh deal with the hands this show deals (to play them at a table)."""
        return Deal.new(self.rules, self.dealer, self.seed)

    @property
    def last(self) -> int:
        """The last step: the intro (0), the shuffle, the cut, each card, then who leads."""
        return len(self.order) + 3

    # -- steps -------------------------------------------------------------------------
    def caption(self, step: int) -> Phrase:
        """What step ``step`` says."""
        if step == 0:
            return Phrase.of("dealing.intro", dealer=self.dealer)
        if step == 1:
            return Phrase.of("dealing.shuffle", dealer=self.dealer)
        if step == 2:
            return Phrase.of("dealing.cut", cutter=self.cutter, dealer=self.dealer)
        if step < self.last:
            seat, card = self.order[step - 3]
            count = sum(1 for other, _ in self.order[:step - 2] if other == seat)
            key = "dealing.card.first" if step == 3 else "dealing.card"
            return Phrase.of(key, seat=seat, card=card, n=count)
        if self.rules.first_lead == "four_of_denari":
            return Phrase.of("dealing.lead.four", leader=self.leader, card=FOUR_OF_DENARI)
        return Phrase.of("dealing.lead", leader=self.leader)

    def received(self, step: int | None = None) -> dict[Seat, list[str]]:
        """The cards each seat holds after ``step`` (now by default), in the order dealt."""
        step = self.step if step is None else step
        held: dict[Seat, list[str]] = {seat: [] for seat in Seat}
        for seat, card in self.order[:max(0, step - 2)]:
            held[seat].append(str(card))
        return held

    def forward(self) -> bool:
        """One step on; ``False`` at the end (playing stops there)."""
        if self.step >= self.last:
            self.playing = False
            self._redraw()
            return False
        self.step += 1
        if self.step >= self.last:
            self.playing = False
        self._redraw()
        return True

    def play(self) -> None:
        """Go on by itself (the browser's clock asks for each step)."""
        if self.step < self.last:
            self.playing = True
            self._redraw()

    def pause(self) -> None:
        self.playing = False
        self._redraw()

    def restart(self) -> None:
        """Back to the start, not playing."""
        self.step, self.playing = 0, False
        self._redraw()

    def advance(self, seen: int) -> bool:
        """A tick of the browser's clock while playing, which showed step ``seen``: a stale
        tick (another step, or not playing) does nothing."""
        if not self.playing or seen != self.step:
            return False
        return self.forward()

    # -- drawing -----------------------------------------------------------------------
    def _redraw(self, _change: object = None) -> None:
        lang = self.settings.lang
        faces = card_faces(self.settings.faces, lang)
        if faces is not self.faces:
            self.faces = faces
        self.state = self.state_for(lang)

    def state_for(self, lang: str) -> dict[str, Any]:
        """What the browser draws now, in ``lang``."""
        held = self.received()
        kind = ("intro" if self.step == 0 else "shuffle" if self.step == 1 else
                "cut" if self.step == 2 else "card" if self.step < self.last else "lead")
        just = self.order[self.step - 3] if kind == "card" else None
        seats = []
        for seat in Seat:
            roles = [t(f"dealing.role.{role}", lang) for role, who in (
                ("dealer", self.dealer), ("cutter", self.cutter),
                ("leader", self.leader if self.step >= self.last else None)) if who == seat]
            name = seat_name(seat, lang)
            seats.append({
                "seat": seat.name, "place": PLACES[seat], "name": name,
                "label": t("dealing.seat", lang, seat=name, roles=", ".join(roles))
                if roles else name,
                "cards": held[seat],
                "count": t("dealing.count", lang, seat=name, n=len(held[seat])),
            })
        return {
            "step": self.step, "last": self.last, "kind": kind, "playing": self.playing,
            "dealer": self.dealer.name, "cutter": self.cutter.name,
            "to": just[0].name if just else None, "card": str(just[1]) if just else None,
            "caption": self.caption(self.step).get(lang),
            "deck_left": len(self.order) - sum(len(cards) for cards in held.values()),
            "seats": seats,
            "labels": {name: t(f"dealing.button.{name}", lang)
                       for name in ("play", "pause", "step", "restart")},
            "title": t("dealing.title", lang), "deck": t("dealing.deck", lang),
        }

    def _on_message(self, _widget: object, content: Any, _buffers: object) -> None:
        msg = checked("DealingShow", content, SHAPES)
        if msg is None:
            return
        try:
            kind = msg["type"]
            if kind == "advance":
                self.advance(msg["step"])
            elif kind == "step":
                self.playing = False
                self.forward()
            else:
                getattr(self, kind)()
        except Exception:  # the kernel must survive anything a press causes
            LOG.exception("DealingShow failed on %.200r", content)
