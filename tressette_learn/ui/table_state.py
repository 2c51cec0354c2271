"""What the card table shows, as one JSON object for the browser (no widget code here).

Only cards the learner may see are named: hidden hands go as a count of face-down cards,
so the page source never gives a card away. The card drawings (:func:`card_faces`) are the
whole deck's, the same for every deal: sent once per table, they say nothing of where a
card lies (every deal has all forty).
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from ..engine.cards import DECK, Card
from ..engine.deal import Deal
from ..engine.declarations import Declaration
from ..engine.seats import Seat
from ..engine.svg import card_svg
from ..engine.tricks import Trick
from ..engine_words import declaration_phrase, declared_phrase, svg_labels
from ..i18n import card_name, speaking
from .i18n import seat_name, t
from .score_texts import pile_text, result_text


@dataclasses.dataclass(frozen=True)
class Situation:
    """The table's own state beside the deal: whose seat is the learner's, what is held."""

    me: Seat
    status: str
    lang: str
    faces: str
    show_all: bool = False
    step: int = 0
    message: str = ""
    message_kind: str = "info"
    signal: str | None = None
    can_undo: bool = False
    hinted: str | None = None
    offer_new: bool = True
    offer_controls: bool = True
    pause_key: str = "table.paused"  # what a paused table says before its trick is over
    offer_signals: bool = False  # the signal buttons even when the controls are not offered


@functools.lru_cache(maxsize=1024)
def _svg(card: Card, faces: str, lang: str) -> str:
    return card_svg(card, faces=faces, labels=svg_labels(speaking(lang, faces)))


@functools.lru_cache(maxsize=8)
def back_svg(faces: str, lang: str) -> str:
    """The drawing of a face-down card (its labels name cards after ``faces``)."""
    return card_svg(DECK[0], faces=faces, labels=svg_labels(speaking(lang, faces)),
                    face_down=True)


@functools.lru_cache(maxsize=8)
def card_faces(faces: str, lang: str) -> dict[str, str]:
    """The drawing of every card of the deck (and of a face-down card, as ``back``) in
    ``faces`` and ``lang``: one object per style and language (never change it), so a
    table sends it again only when the learner switches either. Sending only the cards in
    view would send the whole set again each time a card comes into view (4 MB a deal)."""
    drawings = {str(c): _svg(c, faces, lang) for c in DECK}
    drawings["back"] = back_svg(faces, lang)
    return drawings


def positions(deal: Deal, me: Seat) -> dict[Seat, str]:
    """Where each seat sits on screen: the learner at the bottom, play going to the right."""
    if deal.rules.players == 2:
        return {me: "bottom", me.partner: "top"}
    return {me: "bottom", me.right: "right", me.partner: "top", me.right.right.right: "left"}


def controls(deal: Deal, me: Seat, seat: Seat) -> bool:
    """Whether the learner plays ``seat`` (their own, or the dummy when they deal col morto)."""
    return deal.controller(seat) == me


def visible(deal: Deal, me: Seat, seat: Seat, show_all: bool) -> bool:
    """Whether the learner may see ``seat``'s hand."""
    if show_all or controls(deal, me, seat):
        return True
    return seat == deal.dummy and deal.dummy_exposed


def table_state(deal: Deal, s: Situation) -> dict[str, Any]:
    """The whole picture for the browser."""
    pos = positions(deal, s.me)
    shown = shown_trick(deal, s.status)
    result = deal.result()
    return {
        "step": s.step, "lang": s.lang, "status": s.status,
        "status_text": status_text(deal, s), "turn": _name(deal.to_play),
        "me": str(s.me), "message": {"text": s.message, "kind": s.message_kind},
        "seats": [_seat(deal, s, seat, pos[seat]) for seat in deal.seats],
        "trick": [_trick_card(p.seat, p.card, pos[p.seat], shown, s) for p in shown.plays],
        "lead_signal": _signal_text(shown, deal, s.lang),
        "piles": [{"side": side, "text": pile_text(deal, result, side, s.lang)}
                  for side in deal.sides],
        "stock": _stock(deal, s),
        "signals": _signal_choices(deal, s),
        "declare": _declare_choices(deal, s),
        "declared": [declared_phrase(d).get(s.lang) for d in deal.declarations],
        "buttons": _buttons(deal, s),
        "result": result_text(result, deal.rules, s.lang) if deal.is_over() else "",
        "labels": {"trick": t("table.trick", s.lang), "hand": t("table.your_hand", s.lang)},
    }


def status_changed(state: dict[str, Any], deal: Deal, s: Situation) -> dict[str, Any]:
    """``state`` (the table's last) with only the status changed, e.g. to ``thinking``: a
    status the rest of the picture does not depend on."""
    return {**state, "step": s.step, "status": s.status, "status_text": status_text(deal, s)}


def shown_trick(deal: Deal, status: str) -> Trick:
    """The trick in the centre: the one being played, or the finished one held in view
    (also while a paused table waits between tricks)."""
    if deal.current or not deal.tricks or status not in ("trick_done", "over", "paused"):
        return Trick(tuple(deal.current))
    return deal.tricks[-1]


def status_text(deal: Deal, s: Situation) -> str:
    """One line that says whose turn it is or what to do next."""
    if s.status == "your_turn":
        seat = deal.to_play
        key = "table.your_turn" if seat == s.me else "table.your_turn_for"
        return t(key, s.lang, seat=seat_name(seat, s.lang))
    if s.status in ("waiting", "thinking"):
        return t(f"table.{s.status}", s.lang, seat=seat_name(deal.to_play, s.lang))
    if s.status == "paused":
        if not (deal.tricks and not deal.current):
            return t(s.pause_key, s.lang)
        taken = t("table.paused_trick", s.lang, seat=deal.tricks[-1].winner)
        # a puzzle or a replay that ends on a trick also says what comes next
        return taken if s.pause_key == "table.paused" else f"{taken} {t(s.pause_key, s.lang)}"
    if s.status == "trick_done":
        won = deal.tricks[-1].winner
        return t("table.trick_won", s.lang, seat=seat_name(won, s.lang))
    return t("table.deal_redealt" if deal.redeal_by else "table.deal_over", s.lang)


def _name(seat: Seat | None) -> str | None:
    return None if seat is None else str(seat)


def _seat(deal: Deal, s: Situation, seat: Seat, pos: str) -> dict[str, Any]:
    hand = deal.hand(seat)
    mine = controls(deal, s.me, seat)
    playable = s.status == "your_turn" and deal.to_play == seat and mine
    legal = set(deal.legal_cards()) if playable else set()
    label = seat_name(seat, s.lang)
    if seat in (s.me, deal.dummy):
        label = t("table.seat.you" if seat == s.me else "table.seat.dummy", s.lang, seat=seat)
    cards = None
    if visible(deal, s.me, seat, s.show_all):
        cards = [{"card": str(c), "name": card_name(c, s.lang, "bare"), "legal": c in legal,
                  "hinted": str(c) == s.hinted} for c in hand]
    return {"seat": str(seat), "pos": pos, "label": label, "mine": mine,
            "turn": deal.to_play == seat and s.status != "over", "playable": playable,
            "cards": cards, "count": len(hand)}


def _trick_card(seat: Seat, card: Card, pos: str, trick: Trick, s: Situation) -> dict[str, Any]:
    wins = trick.winner == seat
    return {"seat": str(seat), "pos": pos, "card": str(card), "winner": wins,
            "name": card_name(card, s.lang, "bare")}


def _signal_text(trick: Trick, deal: Deal, lang: str) -> str:
    if not trick.plays or trick.signal is None:
        return ""
    return t(f"table.signal_said.{trick.signal}", lang, seat=seat_name(trick.leader, lang))


def _stock(deal: Deal, s: Situation) -> dict[str, Any] | None:
    if deal.rules.players != 2:
        return None
    last = [d for d in deal.draws if d.after_trick == len(deal.tricks)]
    draws = [{"text": t("table.drew", s.lang, seat=d.seat, card=d.card), "card": str(d.card)}
             for d in last]
    return {"count": len(deal.stock), "text": t("table.stock", s.lang, count=len(deal.stock)),
            "draws": draws}


def learner_leads(deal: Deal, s: Situation) -> bool:
    """Whether the learner is about to lead a trick."""
    return (s.status == "your_turn" and not deal.current and deal.to_play is not None
            and controls(deal, s.me, deal.to_play))


def _signal_choices(deal: Deal, s: Situation) -> list[dict[str, Any]]:
    if not ((s.offer_controls or s.offer_signals) and deal.rules.signals
            and learner_leads(deal, s)):
        return []
    return [{"value": name, "label": t(f"table.signal.{name}", s.lang),
             "selected": s.signal == name} for name in ("busso", "volo", "striscio")]


def _declare_choices(deal: Deal, s: Situation) -> list[dict[str, Any]]:
    if s.status == "over" or not s.offer_controls or not deal.declaration_window():
        return []
    mine = [seat for seat in deal.seats if controls(deal, s.me, seat)]
    return [{"id": declaration_id(d),
             "label": t("table.declare", s.lang, combo=declaration_phrase(d), points=d.points)}
            for seat in mine for d in deal.available_declarations(seat)]


def declaration_id(decl: Declaration) -> str:
    """A short stable name for a declaration, used by the browser's buttons."""
    return ":".join(str(v) for v in decl.to_json().values())


def _buttons(deal: Deal, s: Situation) -> dict[str, str | None]:
    def label(key: str, shown: bool) -> str | None:
        return t(key, s.lang) if shown and s.offer_controls else None

    side = deal.side_of(s.me)
    can_call = (s.status == "your_turn" and not deal.current
                and deal.call_reason(side) is None and deal.rules.calling_out)
    return {"next": label("table.next", s.status == "trick_done"),
            "undo": label("table.undo", s.can_undo),
            "new": label("table.new_deal", s.status == "over" and s.offer_new),
            "call": label("table.call_out", can_call),
            "redeal": label("table.redeal", s.status != "over"
                            and deal.redeal_reason(s.me) is None)}
