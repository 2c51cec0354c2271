"""The card-memory drill: watch the tricks of a seeded deal, hide them, answer from memory.

The questions and answers come from :mod:`tressette_learn.teaching.memory`; the learner
picks cards with a :class:`~.cardpicker.CardPicker`.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..engine.cards import Card
from ..engine.seats import Seat
from ..engine.svg import hand_svg
from ..engine_words import svg_labels
from ..teaching.memory import Marked, MemoryQuestion, drill_questions, mark, memory_deal
from .cardpicker import CardPicker
from .events import Event, EventSource
from .i18n import t
from .settings import SETTINGS, Settings
from .tricks_view import tricks_html


def _strongest_first(cards: frozenset[Card]) -> list[Card]:
    return sorted(cards, reverse=True)


class MemoryDrill(widgets.VBox, EventSource):
    """One seeded deal after most of its tricks: first the tricks are shown, then hidden
    while the learner answers; each answer shows the tricks again to check."""

    seed: int

    def __init__(self, seed: int = 1, *, settings: Settings = SETTINGS) -> None:
        self.settings = settings
        self.seat = Seat.S
        self.picker = CardPicker(settings=settings)
        self.info, self.tricks_view = widgets.HTML(), widgets.HTML()
        self.prompt, self.feedback = widgets.HTML(), widgets.HTML()
        self.hide_button = self._button("tl-memory-hide", self.hide)
        self.check_button = self._button("tl-memory-check", self.check)
        self.next_button = self._button("tl-memory-next", self.next_question)
        self.new_button = self._button("tl-memory-new", lambda: self.new_deal())
        buttons = widgets.HBox([self.hide_button, self.check_button, self.next_button,
                                self.new_button])
        super().__init__([self.info, self.tricks_view, self.prompt, self.picker, buttons,
                          self.feedback])
        self.add_class("tl-memory")
        settings.observe(self._redraw, ["lang", "faces"])
        self.new_deal(seed)

    @staticmethod
    def _button(css: str, action) -> widgets.Button:
        # Each button has a layout of its own: hiding one must not hide the others.
        button = widgets.Button(layout=widgets.Layout(width="auto"))
        button.add_class(css)
        button.on_click(lambda _b: action())
        return button

    # -- actions ----------------------------------------------------------------------
    def new_deal(self, seed: int | None = None) -> None:
        """A fresh drill: the next seed by default; the tricks are shown to memorise."""
        self.seed = seed if seed is not None else self.seed + 1
        self.deal = memory_deal(self.seed)
        self.questions = drill_questions(self.deal, self.seed, self.seat)
        self.index = 0
        self.hidden = False
        self.result: Marked | None = None
        self._redraw()

    def hide(self) -> None:
        """Hide the played tricks and ask the first question."""
        self.hidden = True
        self._show_question()

    def check(self, picked: tuple[Card, ...] | None = None) -> Marked | None:
        """Mark the picked cards (the picker's by default) and show the tricks again."""
        if not self.hidden or self.result is not None:
            return None
        cards = self.picker.value if picked is None else picked
        if not cards:
            self.feedback.value = html.escape(t("memory.pick_first", self.settings.lang))
            return None
        self.result = mark(self.question, cards)
        self.picker.disabled = True
        self.emit(Event("answer", f"memory-{self.seed}", f"{self.question.kind}-{self.index}",
                        self.result.correct, {"cards": [str(c) for c in cards]}))
        self._redraw()
        return self.result

    def next_question(self) -> bool:
        """Hide the tricks again for the next question; False after the last one."""
        if self.result is None or self.index + 1 >= len(self.questions):
            return False
        self.index += 1
        self._show_question()
        return True

    @property
    def question(self) -> MemoryQuestion:
        """The question on screen."""
        return self.questions[self.index]

    # -- drawing ------------------------------------------------------------------------
    def _show_question(self) -> None:
        self.result = None
        question = self.question
        self.picker.show(question.cards, "multiple" if question.multiple else "single")
        self._redraw()

    def _redraw(self, _change: object = None) -> None:
        lang, faces = self.settings.lang, self.settings.faces
        hand = hand_svg(self.deal.hand(self.seat), faces=faces, labels=svg_labels(lang))
        played = len(self.deal.tricks)
        self.info.value = (f"<p>{html.escape(t('memory.intro', lang, tricks=played))}</p>"
                           f"<div><small>{html.escape(t('memory.hand', lang))}</small><br>"
                           f"{hand}</div>")
        show_tricks = not self.hidden or self.result is not None
        self.tricks_view.value = self._tricks_html(lang, faces) if show_tricks else \
            f"<p><i>{html.escape(t('memory.hidden', lang, tricks=played))}</i></p>"
        asking = self.hidden and self.index < len(self.questions)
        self.prompt.value = f"<b>{html.escape(self._prompt(lang))}</b>" if asking else ""
        self.picker.layout.display = None if asking else "none"
        self.hide_button.layout.display = "none" if self.hidden else None
        self.check_button.layout.display = None if asking and self.result is None else "none"
        more = self.result is not None and self.index + 1 < len(self.questions)
        self.next_button.layout.display = None if more else "none"
        self.hide_button.description = t("memory.hide", lang)
        self.check_button.description = t("memory.check", lang)
        self.next_button.description = t("memory.next", lang)
        self.new_button.description = t("memory.new_deal", lang)
        self.feedback.value = self._feedback(lang)

    def _tricks_html(self, lang: str, faces: str) -> str:
        return tricks_html(self.deal.tricks, lang, faces, "memory.trick")

    def _prompt(self, lang: str) -> str:
        return t(f"memory.ask.{self.question.kind}", lang, suit=self.question.suit)

    def _feedback(self, lang: str) -> str:
        result = self.result
        if result is None:
            return ""
        answer = _strongest_first(self.question.answer)
        parts = [t("memory.right" if result.correct else "memory.wrong", lang),
                 t(f"memory.answer.{self.question.kind}", lang, cards=answer)]
        found = set(self.question.answer) - set(result.missed)
        if result.missed and found and self.question.multiple:  # none found: said above
            parts.append(t("memory.missed", lang, cards=_strongest_first(result.missed)))
        if result.wrong and self.question.multiple:
            key = "memory.not_out.one" if len(result.wrong) == 1 else "memory.not_out.many"
            wrong = _strongest_first(result.wrong)
            parts.append(t(key, lang, cards=wrong, card=wrong[0]))  # "è già stato giocato"
        colour = "#1b5e20" if result.correct else "#b71c1c"
        return f'<div style="color:{colour}" role="status">{html.escape(" ".join(parts))}</div>'
