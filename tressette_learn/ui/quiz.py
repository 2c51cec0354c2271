"""The quiz widget: one question at a time, checked by the engine, explained, scored.

Each answer emits ``Event(kind="answer", ...)`` for a progress store; the quiz redraws
itself when the learner switches language or card faces.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from ..engine.rules import Rules
from ..engine.svg import hand_svg, trick_svg
from ..teaching.answers import Feedback, check
from ..teaching.bank import load_bank
from ..teaching.generate import make_quiz
from ..teaching.questions import Question
from .cardpicker import CardPicker
from .events import LOG, Event, EventSource, announce
from .i18n import t
from .settings import SETTINGS, Settings

PICKER_MODES = {"card": "single", "cards": "multiple", "order": "order"}
COLOURS = {"tl-correct": "#1b5e20", "tl-wrong": "#b71c1c", "tl-invalid": "#6d4c00"}
_AUTO = widgets.Layout(width="auto")


def _button(css: str) -> widgets.Button:
    button = widgets.Button(layout=_AUTO)
    button.add_class(css)
    return button


def _html(css: str) -> widgets.HTML:
    box = widgets.HTML()
    box.add_class(css)
    return box


class Quiz(widgets.VBox, EventSource):
    """A quiz over some questions: prompt, cards or choices, Check, Hint, Next and the score."""

    def __init__(self, questions: Sequence[Question], quiz_id: str = "quiz", lesson: str = "",
                 settings: Settings = SETTINGS, **kwargs: Any):
        super().__init__(**kwargs)
        if not questions:
            raise ValueError("a quiz needs at least one question")
        self.questions, self.quiz_id, self.lesson = tuple(questions), quiz_id, lesson
        self.settings = settings
        self.index = self.right = self.answered = 0
        self.result: Feedback | None = None
        self.hint_shown = self.finished = False
        self._build()
        self.add_class("tl-quiz")
        settings.observe(self._on_settings, names=["lang", "faces"])
        self._show_question()
        announce(self)

    @classmethod
    def generated(cls, kinds: Sequence[str], n: int, seed: int, lesson: str = "",
                  rules: Rules | None = None, **kwargs: Any) -> Quiz:
        """``n`` questions from the engine; the same seed gives a whole class the same quiz."""
        return cls(make_quiz(kinds, n, seed, rules), quiz_id=f"quiz-{seed}", lesson=lesson,
                   **kwargs)

    @classmethod
    def from_bank(cls, name: str, lesson: str | None = None, **kwargs: Any) -> Quiz:
        """The questions of ``lessons/quizzes/<name>.yaml``."""
        return cls(load_bank(name), quiz_id=f"bank-{name}", lesson=lesson or name, **kwargs)

    # -- parts ------------------------------------------------------------------------------
    def _build(self) -> None:
        self.progress, self.score = _html("tl-quiz-progress"), _html("tl-quiz-score")
        self.prompt, self.context = _html("tl-quiz-prompt"), _html("tl-quiz-context")
        self.picker = CardPicker(settings=self.settings)
        self.picker.add_class("tl-quiz-picker")
        self.choice = widgets.RadioButtons(options=[], value=None, layout=_AUTO)
        self.choice.add_class("tl-quiz-choice")
        self.checkboxes: dict[str, widgets.Checkbox] = {}
        self.choices_box = widgets.VBox()
        self.choices_box.add_class("tl-quiz-choices")
        self.number = widgets.IntText(value=0, layout=widgets.Layout(width="8em"))
        self.number.add_class("tl-quiz-number")
        self.help = _html("tl-quiz-help")
        self.answer_box = widgets.VBox()
        self.check_button, self.hint_button = _button("tl-quiz-check"), _button("tl-quiz-hint")
        self.next_button = _button("tl-quiz-next")
        self.check_button.on_click(lambda _b: self.check_answer())
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.next_button.on_click(lambda _b: self.next_question())
        self.hint_text, self.feedback = _html("tl-quiz-hint-text"), _html("tl-quiz-feedback")
        buttons = widgets.HBox([self.check_button, self.hint_button, self.next_button])
        self.children = [widgets.HBox([self.progress, self.score]), self.prompt, self.context,
                         self.answer_box, buttons, self.hint_text, self.feedback]

    @property
    def question(self) -> Question:
        """The question on screen."""
        return self.questions[self.index]

    @property
    def lang(self) -> str:
        """The language the quiz is shown in."""
        return self.settings.lang

    # -- actions -----------------------------------------------------------------------------
    def read_answer(self) -> Any:
        """What the learner has entered for the current question (None when nothing)."""
        kind = self.question.input
        if kind in PICKER_MODES:
            cards = self.picker.value
            return (cards[0] if cards else None) if kind == "card" else cards
        if kind == "number":
            return self.number.value
        if kind == "choice":
            return self.choice.value
        return [key for key, box in self.checkboxes.items() if box.value]

    def check_answer(self) -> Feedback | None:
        """Mark the entered answer, show why, update the score and emit an ``answer`` event."""
        if self.finished or (self.result is not None and self.result.valid):
            return None
        result = check(self.question, self.read_answer())
        self.result = result
        if result.valid:
            self.answered += 1
            self.right += result.correct
            self._lock(True)
            self.emit(Event("answer", self.quiz_id, self.question.id, result.correct,
                            {"kind": self.question.kind, "answer": result.answer,
                             "lesson": self.lesson}))
        self._draw()
        return result

    def show_hint(self) -> None:
        """Show the hint of the current question and emit a ``hint`` event."""
        if self.finished:
            return
        self.hint_shown = True
        self._draw()
        self.emit(Event("hint", self.quiz_id, self.question.id,
                        data={"kind": self.question.kind, "lesson": self.lesson}))

    def next_question(self) -> None:
        """Go on once the current question is answered; after the last, show the total."""
        if self.finished or self.result is None or not self.result.valid:
            return
        if self.index + 1 < len(self.questions):
            self.index += 1
            self._show_question()
            return
        self.finished = True
        self._lock(True)
        self.emit(Event("quiz_end", self.quiz_id, data={
            "right": self.right, "total": len(self.questions), "lesson": self.lesson}))
        self._draw()

    def resume(self, answered: Mapping[str, bool]) -> None:
        """Carry on where a learner left off: ``answered`` maps question ids to whether the
        first answer was right; the quiz shows the first question not yet answered."""
        done = [q for q in self.questions if q.id in answered]
        if not done or self.answered:
            return
        self.answered = len(done)
        self.right = sum(answered[q.id] for q in done)
        left = [i for i, q in enumerate(self.questions) if q.id not in answered]
        if left:
            self.index = left[0]
            self._show_question()
            return
        self.index, self.finished = len(self.questions) - 1, True
        self._show_question()
        self._lock(True)
        self._draw()

    def close(self) -> None:
        """Stop following the settings and close every part."""
        self.settings.unobserve(self._on_settings, names=["lang", "faces"])
        self.settings.unobserve(self.picker._redraw, names=["lang", "faces"])
        self.picker.close()
        super().close()

    # -- drawing -------------------------------------------------------------------------------
    def _show_question(self) -> None:
        question = self.question
        self.result, self.hint_shown = None, False
        kind = question.input
        if kind in PICKER_MODES:
            captions = [str(p.seat) for p in question.trick] if kind == "card" else []
            self.picker.show(question.cards, PICKER_MODES[kind], captions)
            parts: list[widgets.Widget] = [self.picker, self.help]
        elif kind == "number":
            self.number.value = 0
            parts = [self.number]
        elif kind == "choice":
            self.choice.options, self.choice.value = [], None
            parts = [self.choice]
        else:
            self.checkboxes = {c.key: widgets.Checkbox(value=False, indent=False, layout=_AUTO)
                               for c in question.choices}
            self.choices_box.children = tuple(self.checkboxes.values())
            parts = [self.choices_box]
        self.answer_box.children = parts
        self._lock(False)
        self._draw()

    def _lock(self, locked: bool) -> None:
        self.picker.disabled = self.choice.disabled = self.number.disabled = locked
        for box in self.checkboxes.values():
            box.disabled = locked

    def _on_settings(self, _change: object) -> None:
        try:
            self._draw()
        except Exception:  # errors in observers are swallowed: log them
            LOG.exception("Quiz could not redraw")

    def _draw(self) -> None:
        lang, question = self.lang, self.question
        self.score.value = html.escape(t("quiz.score_label", lang, right=self.right,
                                         answered=self.answered))
        self.progress.value = html.escape(t("quiz.progress", lang, number=self.index + 1,
                                            total=len(self.questions)))
        self.check_button.description = t("quiz.check", lang)
        self.hint_button.description = t("quiz.hint", lang)
        self.next_button.description = t("quiz.next", lang)
        self._draw_buttons()
        if self.finished:
            self._draw_done()
            return
        self.prompt.value = f"<b>{html.escape(question.prompt.get(lang))}</b>"
        self.context.value = self._context_html()
        self._draw_choices()
        self.picker.label = question.prompt.get(lang)
        help_key = "quiz.order_help" if question.input == "order" else "quiz.picker_help"
        self.help.value = f"<small>{html.escape(t(help_key, lang))}</small>"
        self.hint_text.value = self._hint_html() if self.hint_shown else ""
        self._draw_feedback(self.result)

    def _draw_buttons(self) -> None:
        answered = self.result is not None and self.result.valid
        self.check_button.disabled = answered or self.finished
        self.next_button.disabled = not answered or self.finished
        self.hint_button.disabled = self.finished

    def _draw_done(self) -> None:
        self.prompt.value = "<b>{}</b>".format(html.escape(t(
            "quiz.done", self.lang, right=self.right, total=len(self.questions))))
        self.context.value = self.hint_text.value = ""
        self.answer_box.children = []
        self._draw_feedback(None)

    def _draw_choices(self) -> None:
        lang, question = self.lang, self.question
        if question.input == "choice":
            value = self.choice.value
            self.choice.options = [(c.label.get(lang), c.key) for c in question.choices]
            self.choice.value = value
        for key, box in self.checkboxes.items():
            box.description = question.choice(key).label.get(lang)

    def _hint_html(self) -> str:
        return f"<i>{html.escape(self.question.hint.get(self.lang))}</i>"

    def _draw_feedback(self, result: Feedback | None) -> None:
        for css in COLOURS:
            self.feedback.remove_class(css)
        if result is None:
            self.feedback.value = ""
            return
        css = "tl-invalid" if not result.valid else "tl-correct" if result.correct else "tl-wrong"
        self.feedback.add_class(css)
        text = html.escape(result.explanation.get(self.lang))
        self.feedback.value = f'<div style="color:{COLOURS[css]}" role="status">{text}</div>'

    def _context_html(self) -> str:
        question, lang, faces = self.question, self.lang, self.settings.faces
        parts: list[tuple[str, str]] = []
        if question.trick and question.input != "card":
            plays = [(p.seat, p.card) for p in question.trick]
            parts.append(("quiz.trick", trick_svg(plays, faces=faces, lang=lang)))
        if question.hand:
            parts.append(("quiz.hand", hand_svg(question.hand, faces=faces, lang=lang)))
        if question.cards and question.input in ("number", "choice"):
            parts.append(("quiz.pile", hand_svg(question.cards, faces=faces, lang=lang)))
        if question.played:
            parts.append(("quiz.played", hand_svg(question.played, faces=faces, lang=lang,
                                                  overlap=0.6)))
        return "".join(f"<div><small>{html.escape(t(key, lang))}</small><br>{svg}</div>"
                       for key, svg in parts)

