"""A row of cards to pick from: one card, several, or all of them in order.

The cards are drawn in Python by the engine's SVG module and shown in the browser as
buttons (Tab to reach them, Enter or Space to pick). A click reaches Python as a
``{"type": "toggle", "card": "3c"}`` message; a forged message (unknown card, a card not
shown, a wrong shape) is logged and ignored.
"""

from __future__ import annotations

import pathlib
from collections.abc import Iterable, Sequence
from typing import Any

import anywidget
import traitlets

from ..engine.cards import Card, CardError
from ..engine.svg import card_svg
from ..engine_words import svg_labels
from ..i18n import Wording, card_name
from .events import LOG
from .messages import checked
from .settings import SETTINGS, Settings

MODES = ("single", "multiple", "order")
SHAPES = {"toggle": {"card": str}}
_HERE = pathlib.Path(__file__).parent


class CardPicker(anywidget.AnyWidget):
    """Cards as buttons; ``value`` holds the picked cards (in picking order for ``order``)."""

    _esm = _HERE / "cardpicker.js"
    _css = _HERE / "cardpicker.css"
    items = traitlets.List(traitlets.Dict()).tag(sync=True)
    selected = traitlets.List(traitlets.Unicode()).tag(sync=True)
    mode = traitlets.Enum(MODES, default_value="single").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)

    def __init__(self, cards: Iterable[Card] = (), mode: str = "single",
                 captions: Sequence[str | Wording] = (), settings: Settings = SETTINGS,
                 **kwargs: Any):
        super().__init__(mode=mode, **kwargs)
        self._settings = settings
        self._shown: tuple[Card, ...] = ()
        self._captions: tuple[str | Wording, ...] = ()
        self.show(cards, mode, captions)
        settings.observe(self._redraw, names=["lang", "faces"])
        self.on_msg(self._on_msg)

    # -- Python API --------------------------------------------------------------------
    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards shown, in order."""
        return self._shown

    @property
    def value(self) -> tuple[Card, ...]:
        """The picked cards (shown cards only, in picking order)."""
        return tuple(Card.parse(text) for text in self.selected)

    def show(self, cards: Iterable[Card], mode: str | None = None,
             captions: Sequence[str | Wording] = ()) -> None:
        """Show new cards (with an optional caption under each, worded in the learner's
        language) and clear the selection."""
        self._shown = tuple(cards)
        self._captions = tuple(captions)
        self.selected = []
        if mode is not None:
            self.mode = mode
        self.disabled = False
        self._redraw()

    def toggle(self, card: Card) -> None:
        """Pick or unpick ``card`` as a click would."""
        if self.disabled or card not in self._shown:
            return
        text = str(card)
        current = list(self.selected)
        if self.mode == "single":
            self.selected = [] if current == [text] else [text]
        elif text in current:
            self.selected = [t for t in current if t != text]
        else:
            self.selected = [*current, text]

    def clear(self) -> None:
        """Unpick every card."""
        self.selected = []

    # -- browser -------------------------------------------------------------------------
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        message = checked("CardPicker", content, SHAPES)
        if message is None:
            return
        try:
            card = Card.parse(message["card"])
        except CardError:
            LOG.warning("CardPicker ignored an unknown card: %.20r", message["card"])
            return
        if card not in self._shown:
            LOG.warning("CardPicker ignored a card it does not show: %s", card)
            return
        self.toggle(card)

    @traitlets.validate("selected")
    def _valid_selection(self, proposal: Any) -> list[str]:
        """Keep only shown cards, each once (one at most in ``single`` mode)."""
        shown = {str(card) for card in self._shown}
        kept: list[str] = []
        for text in proposal["value"]:
            if text in shown and text not in kept:
                kept.append(text)
        if len(kept) != len(proposal["value"]):
            LOG.warning("CardPicker dropped forged selections: %.200r", proposal["value"])
        return kept[:1] if self.mode == "single" else kept

    def _redraw(self, _change: object = None) -> None:
        try:
            faces, lang = self._settings.faces, self._settings.lang
            captions = [c if isinstance(c, str) else c.get(lang) for c in self._captions]
            self.items = [{"card": str(card), "svg": card_svg(card, faces=faces,
                                                                labels=svg_labels(lang)),
                           "label": card_name(card, lang, "bare"),
                           "caption": captions[i] if i < len(captions) else ""}
                          for i, card in enumerate(self._shown)]
        except Exception:  # an observer's error would be swallowed: log it
            LOG.exception("CardPicker could not redraw")
