"""The quiz widget: one question at a time, checked by the engine, explained, scored.

Each answer emits ``Event(kind="answer", ...)`` and the question's ``result`` (one attempt
at one exercise) for a progress store; the quiz redraws itself when the learner switches
language or card faces. A finished quiz shows this attempt's score and the best so far, and
Try again starts a new attempt at every question: nothing is ever locked for good. The
inputs of a question (its choices, checkboxes or number box) are made afresh for each
question, and whatever a draw fails on is logged and leaves no text of another question on
screen.
"""

from __future__ import annotations

import html
import time
import uuid
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from ..engine.rules import Rules
from ..engine.svg import hand_svg, trick_svg
from ..engine_words import svg_labels
from ..i18n import LANGUAGES, Phrase, Wording
from ..teaching.answers import Feedback, check
from ..teaching.bank import bank_source, load_bank
from ..teaching.generate import make_quiz
from ..teaching.questions import Question
from ..teaching.results import Attempt
from .cardpicker import CardPicker
from .events import LOG, Event, EventSource, announce
from .i18n import t
from .settings import SETTINGS, Settings

PICKER_MODES = {"card": "single", "cards": "multiple", "order": "order"}
COLOURS = {"tl-correct": "#1b5e20", "tl-wrong": "#b71c1c", "tl-invalid": "#6d4c00"}


#: Choices whose words run over a line (on a phone, most) wrap under their own button:
#: ipywidgets gives each a line's height, so a long one covered the next one's button, and
#: cut a ticked choice's words with "…".
CHOICE_STYLE = (
    "<style>.tl-quiz .tl-quiz-choice label, .tl-quiz .tl-quiz-choices label "
    "{ display: flex; align-items: flex-start; height: auto; line-height: 1.35; "
    "white-space: normal; overflow: visible; margin-bottom: 0.4em; }"
    " .tl-quiz .tl-quiz-choice input, .tl-quiz .tl-quiz-choices input "
    "{ order: -1; float: none; flex: none; align-self: flex-start; height: auto; "
    "margin: 0.15em 0.5em 0 1px; }"
    " .tl-quiz .tl-quiz-choices .widget-checkbox { width: auto; height: auto; }</style>")


def _auto() -> widgets.Layout:
    """A layout of its own: widgets that share one would hide and show together."""
    return widgets.Layout(width="auto")


def _button(css: str, action: Callable[[], object]) -> widgets.Button:
    button = widgets.Button(layout=_auto())
    button.add_class(css)
    button.on_click(lambda _b: action())
    return button


def _number_box() -> widgets.Text:
    """A box for a number answer, read in Python: a browser's number box turns "2.5" into
    25 before anyone can say that a whole number is wanted."""
    box = widgets.Text(value="", layout=widgets.Layout(width="8em"))
    box.add_class("tl-quiz-number")
    return box


def _html(css: str) -> widgets.HTML:
    box = widgets.HTML()
    box.add_class(css)
    return box


class Quiz(widgets.VBox, EventSource):
    """A quiz over some questions: prompt, cards or choices, Check, Hint, Next and the score.

    ``title`` (a text key or a wording) is shown above the quiz, to tell two quizzes of a
    page apart."""

    def __init__(self, questions: Sequence[Question], quiz_id: str = "quiz", lesson: str = "",
                 settings: Settings = SETTINGS, title: str | Wording | None = None,
                 **kwargs: Any):
        super().__init__(**kwargs)
        if not questions:
            raise ValueError("a quiz needs at least one question")
        self.questions, self.quiz_id, self.lesson = tuple(questions), quiz_id, lesson
        self.settings = settings
        self.title: Wording | None = Phrase.of(title) if isinstance(title, str) else title
        self.index = self.right = self.answered = self.best = 0
        self.attempt = uuid.uuid4().hex  # this go through the quiz (Try again: a new one)
        self.result: Feedback | None = None
        self.hint_shown = self.finished = self.broken = False
        self.answered_here = False  # the learner answered in this session: no resuming
        self._shown_at = time.monotonic()  # when the question on screen appeared
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
        return cls(load_bank(name), quiz_id=bank_source(name), lesson=lesson or name, **kwargs)

    # -- parts ------------------------------------------------------------------------------
    def _build(self) -> None:
        self.heading = _html("tl-quiz-title")
        self.progress, self.score = _html("tl-quiz-progress"), _html("tl-quiz-score")
        self.prompt, self.context = _html("tl-quiz-prompt"), _html("tl-quiz-context")
        self.picker = CardPicker(settings=self.settings)
        self.picker.add_class("tl-quiz-picker")
        self.choice = widgets.RadioButtons(options=[], value=None, layout=_auto())
        self.checkboxes: dict[str, widgets.Checkbox] = {}
        self.number = _number_box()
        self.help = _html("tl-quiz-help")
        self.answer_box = widgets.VBox()
        self.check_button = _button("tl-quiz-check", lambda: self._guarded(self.check_answer))
        self.hint_button = _button("tl-quiz-hint", lambda: self._guarded(self.show_hint))
        self.next_button = _button("tl-quiz-next", lambda: self._guarded(self.next_question))
        self.retry_button = _button("tl-quiz-retry", lambda: self._guarded(self.try_again))
        self.retry_button.layout.display = "none"  # shown once the quiz is finished
        self.hint_text, self.feedback = _html("tl-quiz-hint-text"), _html("tl-quiz-feedback")
        self.best_text = _html("tl-quiz-best")
        buttons = widgets.HBox([self.check_button, self.hint_button, self.next_button,
                                self.retry_button])
        top = [self.heading] if self.title is not None else []
        style = widgets.HTML(CHOICE_STYLE, layout=widgets.Layout(display="none"))
        self.children = [*top, widgets.HBox([self.progress, self.score]), self.prompt,
                         self.best_text, self.context, self.answer_box, buttons,
                         self.hint_text, self.feedback, style]

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
        """Mark the entered answer, show why, update the score and emit an ``answer`` event
        and the question's ``result``."""
        if self.finished or self.broken or (self.result is not None and self.result.valid):
            return None
        result = check(self.question, self.read_answer())
        self.result = result
        if result.valid:
            self.answered += 1
            self.right += result.correct
            self.best = max(self.best, self.right)
            self.answered_here = True
            self._lock(True)
            self.emit(Event("answer", self.quiz_id, self.question.id, result.correct,
                            {"kind": self.question.kind, "answer": result.answer,
                             "lesson": self.lesson}))
            self.emit(self.result_event(result))
        self._redraw()
        return result

    def result_event(self, result: Feedback) -> Event:
        """The ``result`` of this attempt at the question on screen, for the progress store:
        a wrong answer is a mistake, a hint shown before answering a hint used; without a
        lesson of its own, the page's lesson is recorded."""
        question = self.question
        data: dict[str, Any] = {
            "exercise": "question", "attempt": self.attempt,
            "mistakes": int(not result.correct), "hints": int(self.hint_shown),
            "points_lost": None, "seconds": round(time.monotonic() - self._shown_at, 1),
            "title": {lang: question.prompt.get(lang) for lang in LANGUAGES}}
        if self.lesson:
            data["lesson"] = self.lesson
        return Event("result", self.quiz_id, question.id, result.correct, data)

    def show_hint(self) -> None:
        """Show the hint of the current question and emit a ``hint`` event."""
        if self.finished or self.broken:
            return
        self.hint_shown = True
        self._redraw()
        self.emit(Event("hint", self.quiz_id, self.question.id,
                        data={"kind": self.question.kind, "lesson": self.lesson}))

    def next_question(self) -> None:
        """Go on once the current question is answered (or could not be shown); after the
        last, show the total."""
        answered = self.result is not None and self.result.valid
        if self.finished or not (answered or self.broken):
            return
        if self.index + 1 < len(self.questions):
            self.index += 1
            self._show_question()
            return
        self.finished, self.broken = True, False
        self._lock(True)
        self.emit(Event("quiz_end", self.quiz_id, data={
            "right": self.right, "total": len(self.questions), "lesson": self.lesson}))
        self._redraw()

    def try_again(self) -> None:
        """Start a new attempt at every question, once this one is finished (the best
        score is kept)."""
        if not self.finished:
            return
        self.attempt = uuid.uuid4().hex
        self.index = self.right = self.answered = 0
        self.finished = False
        self._lock(False)
        self._show_question()

    def resume(self, attempts: Sequence[Attempt]) -> None:
        """Carry on where a learner left off (``attempts``: theirs, oldest first): the best
        score is the best attempt's; an unfinished latest attempt goes on at its first
        question not answered, a finished one shows its score and Try again. Nothing
        changes once the learner has answered in this session."""
        ids = {q.id for q in self.questions}
        mine = [a for a in attempts if ids & set(a.answers)]
        if not mine or self.answered_here:
            return
        self.best = max(sum(a.answers.get(qid, False) for qid in ids) for a in mine)
        latest = mine[-1]
        self.attempt = latest.uid
        self.answered = len(ids & set(latest.answers))
        self.right = sum(latest.answers.get(qid, False) for qid in ids)
        left = [i for i, q in enumerate(self.questions) if q.id not in latest.answers]
        if left:
            self.index = left[0]
            self._show_question()
            return
        self.index, self.finished = len(self.questions) - 1, True
        self._show_question()
        self._lock(True)
        self._redraw()

    def close(self) -> None:
        """Stop following the settings and close every part."""
        self.settings.unobserve(self._on_settings, names=["lang", "faces"])
        self.settings.unobserve(self.picker._redraw, names=["lang", "faces"])
        self.picker.close()
        super().close()

    # -- one question -------------------------------------------------------------------------
    def _show_question(self) -> None:
        """Everything about the question before is forgotten: its result, its hint, its
        feedback and its inputs; then the new question is drawn."""
        self.result, self.hint_shown, self.broken = None, False, False
        self._shown_at = time.monotonic()
        self.hint_text.value = ""
        self._draw_feedback(None)
        old = self.answer_box.children
        try:
            self.answer_box.children = self._inputs(self.question)
        except Exception:
            self._failed()
            return
        finally:
            self._retire(old)
        self._redraw()

    def _inputs(self, question: Question) -> list[widgets.Widget]:
        """The widgets the learner answers ``question`` with, made for this question."""
        self.checkboxes = {}
        kind = question.input
        if kind in PICKER_MODES:
            captions = [Phrase.of(f"seat.{p.seat.name}") for p in question.trick] \
                if kind == "card" else []
            self.picker.show(question.cards, PICKER_MODES[kind], captions)
            return [self.picker, self.help]
        if kind == "number":
            self.number = _number_box()
            return [self.number]
        if kind == "choice":
            self.choice = widgets.RadioButtons(options=[], value=None, layout=_auto())
            self.choice.add_class("tl-quiz-choice")
            return [self.choice]
        self.checkboxes = {c.key: widgets.Checkbox(value=False, indent=False, layout=_auto())
                           for c in question.choices}
        choices = widgets.VBox(list(self.checkboxes.values()))
        choices.add_class("tl-quiz-choices")
        return [choices]

    def _retire(self, old: Sequence[widgets.Widget]) -> None:
        """Close the inputs of the question before, once they are off the screen."""
        for widget in old:
            if widget in (self.picker, self.help) or widget in self.answer_box.children:
                continue
            for child in getattr(widget, "children", ()):
                child.close()
            widget.close()

    def _lock(self, locked: bool) -> None:
        self.picker.disabled = self.choice.disabled = self.number.disabled = locked
        for box in self.checkboxes.values():
            box.disabled = locked

    # -- drawing -------------------------------------------------------------------------------
    def _guarded(self, action: Callable[[], object]) -> None:
        """Run a button's action; an error (which the button would swallow) is logged."""
        try:
            action()
        except Exception:
            self._failed()

    def _on_settings(self, _change: object) -> None:
        self._redraw()

    def _redraw(self) -> None:
        try:
            self._draw()
        except Exception:
            self._failed()

    def _failed(self) -> None:
        """Log the error; show only that the question could not be shown, and Next."""
        LOG.exception("Quiz %s could not show question %d", self.quiz_id, self.index + 1)
        self.broken = not self.finished
        try:
            self._show_broken()
        except Exception:
            LOG.exception("Quiz %s could not say so", self.quiz_id)

    def _show_broken(self) -> None:
        self.prompt.value = self.context.value = self.hint_text.value = ""
        self.answer_box.children = []
        self._status("tl-invalid", t("quiz.broken", self.lang))
        self.check_button.disabled = self.hint_button.disabled = True
        self.next_button.disabled = self.finished

    def _draw(self) -> None:
        lang, question = self.lang, self.question
        if self.title is not None:
            self.heading.value = f"<h3>{html.escape(self.title.get(lang))}</h3>"
        self.score.value = html.escape(t("quiz.score_label", lang, right=self.right,
                                         answered=self.answered))
        self.progress.value = html.escape(t("quiz.progress", lang, number=self.index + 1,
                                            total=len(self.questions)))
        self.check_button.description = t("quiz.check", lang)
        self.hint_button.description = t("quiz.hint", lang)
        self.next_button.description = t("quiz.next", lang)
        self.retry_button.description = t("quiz.try_again", lang)
        self.best_text.value = ""
        if self.broken:
            self._show_broken()
            return
        self._draw_buttons()
        if self.finished:
            self._draw_done()
            return
        self.hint_text.value = self._hint_html() if self.hint_shown else ""
        self._draw_feedback(self.result)
        self.prompt.value = f"<b>{html.escape(question.prompt.get(lang))}</b>"
        self.context.value = self._context_html()
        self._draw_choices()
        self.picker.label = question.prompt.get(lang)
        help_key = "quiz.order_help" if question.input == "order" else "quiz.picker_help"
        self.help.value = f"<small>{html.escape(t(help_key, lang))}</small>"

    def _draw_buttons(self) -> None:
        answered = self.result is not None and self.result.valid
        self.check_button.disabled = answered or self.finished or self.broken
        self.next_button.disabled = not (answered or self.broken) or self.finished
        self.hint_button.disabled = self.finished or self.broken
        self.retry_button.layout.display = None if self.finished else "none"

    def _draw_done(self) -> None:
        total = len(self.questions)
        self.prompt.value = "<b>{}</b>".format(html.escape(t(
            "quiz.done", self.lang, right=self.right, total=total)))
        self.best_text.value = html.escape(t("quiz.best", self.lang, best=self.best,
                                             total=total))
        self.context.value = self.hint_text.value = ""
        self.answer_box.children = []
        self._draw_feedback(None)

    def _draw_choices(self) -> None:
        lang, question = self.lang, self.question
        if question.input == "choice":
            value = self.choice.value
            self.choice.options = [(c.label.get(lang), c.key) for c in question.choices]
            self.choice.value = value
        for choice in question.choices:
            if choice.key in self.checkboxes:
                self.checkboxes[choice.key].description = choice.label.get(lang)

    def _hint_html(self) -> str:
        return f"<i>{html.escape(self.question.hint.get(self.lang))}</i>"

    def _draw_feedback(self, result: Feedback | None) -> None:
        if result is None:
            self._status("", "")
            return
        css = "tl-invalid" if not result.valid else "tl-correct" if result.correct else "tl-wrong"
        self._status(css, result.explanation.get(self.lang))

    def _status(self, css: str, text: str) -> None:
        """The feedback line: ``text`` in the colour of ``css`` (nothing when empty)."""
        for name in COLOURS:
            self.feedback.remove_class(name)
        if not text:
            self.feedback.value = ""
            return
        self.feedback.add_class(css)
        self.feedback.value = (f'<div style="color:{COLOURS[css]}" role="status">'
                               f"{html.escape(text)}</div>")

    def _context_html(self) -> str:
        question, lang, faces = self.question, self.lang, self.settings.faces
        labels = svg_labels(lang)
        parts: list[tuple[str, str]] = []
        if question.trick and question.input != "card":
            plays = [(p.seat, p.card) for p in question.trick]
            parts.append(("quiz.trick", trick_svg(plays, faces=faces, labels=labels)))
        if question.hand:
            parts.append(("quiz.hand", hand_svg(question.hand, faces=faces, labels=labels)))
        if question.cards and question.input in ("number", "choice"):
            parts.append(("quiz.pile", hand_svg(question.cards, faces=faces, labels=labels)))
        if question.played:
            parts.append(("quiz.played", hand_svg(question.played, faces=faces, labels=labels,
                                                  overlap=0.6)))
        return "".join(f"<div><small>{html.escape(t(key, lang))}</small><br>{svg}</div>"
                       for key, svg in parts)
