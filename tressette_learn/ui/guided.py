"""The guided hand: a deal record stepped card by card with commentary, where the learner
must find some of the cards (checked by the exact solver)."""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..ai.fastsolver import warm_up
from ..engine.cards import Card
from ..teaching.guided import HandScript, Verdict, Walkthrough
from .events import Event, EventSource
from .i18n import t
from .settings import SETTINGS, Settings
from .table import Table


class GuidedHand(widgets.VBox, EventSource):
    """A worked deal: Back and Forward through the cards, commentary under the table.

    At a "your move" the table waits for the learner's card: any card as good as the best
    is accepted; another is answered with what it costs and why, and nothing changes.
    """

    def __init__(self, script: HandScript | str, *, show_all: bool = True,
                 start: int | None = 0, settings: Settings = SETTINGS) -> None:
        """``start`` is the card to open at (``None``: the learner's first move); Back still
        shows the cards before it."""
        self.script = HandScript.load(script) if isinstance(script, str) else script
        self.walk = Walkthrough(self.script)
        self.walk.step = self._first_step(start)
        self.settings = settings
        self.tries = 0
        self._last: Verdict | None = None
        if not self.script.your_moves <= set(self.script.solved):
            warm_up()  # the solver core compiles in the background while the learner reads
        self.table = Table(deal=self.walk.deal_at(self.walk.step), seat=self.script.seat,
                           computers=False, show_all=show_all, allow_undo=False,
                           source=self.script.name, settings=settings)
        self.table.choice_handler = self._judge
        self.title = widgets.HTML()
        self.comment = widgets.HTML()
        self.position = widgets.HTML()
        self.back_button = self._button("tl-guided-back", self.back)
        self.forward_button = self._button("tl-guided-forward", self.forward)
        self.show_button = self._button("tl-guided-show", self.show_me)
        self.comment.add_class("tl-guided-comment")
        self.position.add_class("tl-guided-position")
        controls = widgets.HBox([self.back_button, self.forward_button, self.show_button,
                                 self.position])
        super().__init__([self.title, self.table, self.comment, controls])
        self.add_class("tl-guided")
        settings.observe(self._redraw, "lang")
        self._show()

    def _first_step(self, start: int | None) -> int:
        moves = self.script.your_moves
        if start is None:
            return min(moves) if moves else 0
        if not 0 <= start <= self.script.length:
            raise ValueError(f"start must be from 0 to {self.script.length}, not {start}")
        return start

    @staticmethod
    def _button(css: str, action) -> widgets.Button:
        button = widgets.Button()
        button.add_class(css)
        button.on_click(lambda _b: action())
        return button

    # -- actions ----------------------------------------------------------------
    def forward(self) -> bool:
        """The next card of the record (not at a "your move": find the card or ask)."""
        if self.walk.is_your_move() or not self.walk.forward():
            return False
        self._show()
        return True

    def back(self) -> bool:
        """One card back."""
        if not self.walk.back():
            return False
        self._show()
        return True

    def show_me(self) -> None:
        """At a "your move", play the record's card and go on."""
        if self.walk.is_your_move():
            card = self.walk.next_card()
            self.walk.forward()
            self._show()
            self.table.say(t("guided.shown", self.settings.lang, card=card.name(
                self.settings.lang)))

    def try_card(self, card: Card | str) -> Verdict | None:
        """Offer ``card`` at a "your move" as the learner would by clicking it."""
        card = Card.parse(card) if isinstance(card, str) else card
        self._last = None
        if self.table.play(card) is not None:
            return None
        return self._last

    # -- internals ----------------------------------------------------------------
    def _judge(self, card: Card) -> None:
        lang = self.settings.lang
        self.table.say(t("guided.checking", lang))
        verdict = self._last = self.walk.judge(card)
        self.tries += 1
        self.emit(Event("answer", self.script.name, f"move{self.walk.step}", verdict.right,
                        {"card": str(card), "cost": verdict.judged.cost, "tries": self.tries}))
        if not verdict.right:
            self.table.say(_wrong_text(verdict, lang), "error")
            return
        self.walk.forward()
        self._show()
        self.table.say(_right_text(verdict, lang), "good")

    def _show(self) -> None:
        lang = self.settings.lang
        step, length = self.walk.step, self.script.length
        self.tries = 0
        self.table.paused = not self.walk.is_your_move()
        self.table.new_deal(deal=self.walk.deal_at(step), hold=step > 0)
        self.title.value = f"<h3>{html.escape(self.script.title[lang])}</h3>"
        text = self.walk.comment(lang)
        if self.walk.is_your_move():
            text = f"{text} <b>{html.escape(t('guided.your_move', lang))}</b>" if text else \
                f"<b>{html.escape(t('guided.your_move', lang))}</b>"
        self.comment.value = f"<p>{text}</p>" if text else ""
        self.position.value = html.escape(t("guided.position", lang, step=step, total=length))
        self.back_button.disabled = step == 0
        self.forward_button.disabled = step >= length or self.walk.is_your_move()
        self.show_button.layout.display = None if self.walk.is_your_move() else "none"
        self._label_buttons(lang)

    def _label_buttons(self, lang: str) -> None:
        self.back_button.description = t("guided.back", lang)
        self.forward_button.description = t("guided.forward", lang)
        self.show_button.description = t("guided.show_me", lang)

    def _redraw(self, _change: object = None) -> None:
        self._show()


def _right_text(verdict: Verdict, lang: str) -> str:
    """A right card's verdict in ``lang`` (:attr:`Verdict.words`)."""
    return verdict.words.get(lang)


def _wrong_text(verdict: Verdict, lang: str) -> str:
    """A costly card's verdict in ``lang`` (:attr:`Verdict.words`)."""
    return verdict.words.get(lang)
