"""The guided hand: a deal record stepped trick by trick or card by card with commentary,
where the learner must find some of the cards (checked by the exact solver); once every
"your move" is done the hand is scored (a ``result`` event and its stars) and may be tried
again."""

from __future__ import annotations

import html
import time
import uuid
from collections.abc import Callable

import ipywidgets as widgets

from ..ai.solve import warm_up
from ..engine.cards import Card
from ..i18n import Joined, Phrase, Text
from ..teaching.guided import HandScript, Verdict, Walkthrough
from ..teaching.results import Result
from ..teaching.stars import stars
from .events import Event, EventSource
from .i18n import t
from .markup import inline
from .settings import SETTINGS, Settings
from .stepper import Step, Stepper
from .table import Table

#: The controls, in order: by trick and by card, and the record's card at a "your move"
ACTIONS = ("back_trick", "back", "forward", "forward_trick", "show_me")


class GuidedHand(widgets.VBox, EventSource):
    """A worked deal: back and forward by trick or by card, commentary under the table.

    At a "your move" the table waits for the learner's card: any card as good as the best
    is accepted; another is answered with what it costs and why, and nothing changes. The
    deal always goes on as it was recorded (the commentary, and the solver's answers at the
    later moves, are about that deal): after a different card that is just as good, the
    record's card is played and the commentary says so.

    A hand with "your move" steps is an exercise: when each of them is found (or shown) the
    hand emits a ``result`` (mistakes: the wrong cards tried; hints: Show me; points lost:
    what the first wrong card at each move cost) and shows its stars; Try again starts a new
    attempt at the first move.
    """

    def __init__(self, script: HandScript | str, *, show_all: bool | None = None,
                 start: int | None = 0, lesson: str = "",
                 settings: Settings = SETTINGS) -> None:
        """``start`` is the card to open at (``None``: the learner's first move); Back still
        shows the cards before it. ``lesson``: the lesson the result counts for (the page's,
        when left out). ``show_all``: every hand (the hand file's choice when left out: a
        ``hidden`` hand shows only the learner's until their last move is played)."""
        self.script = HandScript.load(script) if isinstance(script, str) else script
        self.show_all = not self.script.hidden if show_all is None else show_all
        self.walk = Walkthrough(self.script)
        self.walk.step = self._first_step(start)
        self.lesson = lesson
        self.settings = settings
        self.tries = 0
        self.attempt = Attempt()
        self.last_result: Result | None = None
        self._last: Verdict | None = None
        self._note: Phrase | None = None  # why the table shows another card than the learner's
        if not self.script.your_moves <= set(self.script.solved):
            warm_up()  # the solver core compiles in the background while the learner reads
        self.table = Table(deal=self.walk.deal_at(self.walk.step), seat=self.script.seat,
                           computers=False, show_all=self._all_shown(), allow_undo=False,
                           source=self.script.name, settings=settings)
        self.table.offer_controls = False  # the steps below are this hand's only controls
        self.table.choice_handler = self._judge
        self.title = widgets.HTML()
        self.comment = widgets.HTML()
        self.comment.add_class("tl-guided-comment")
        self.controls = Stepper({name: self._pressed(name) for name in ACTIONS})
        self.score = widgets.HTML()
        self.score.add_class("tl-guided-stars")
        self.again_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.again_button.add_class("tl-guided-again")
        self.again_button.on_click(lambda _b: self.try_again())
        self.again_button.layout.display = "none"
        super().__init__([self.title, self.table, self.comment, self.controls,
                          widgets.HBox([self.score, self.again_button],
                                       layout=widgets.Layout(align_items="center"))])
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

    # -- actions ----------------------------------------------------------------
    def forward(self) -> bool:
        """The next card of the record (not at a "your move": find the card or ask)."""
        return not self.walk.is_your_move() and self._moved(self.walk.forward())

    def forward_trick(self) -> bool:
        """On to the end of the trick, or to the learner's next move if it comes first."""
        return self._moved(self.walk.forward_trick())

    def back(self) -> bool:
        """One card back."""
        return self._moved(self.walk.back())

    def back_trick(self) -> bool:
        """Back to the end of the trick before."""
        return self._moved(self.walk.back_trick())

    def show_me(self) -> None:
        """At a "your move", play the record's card and go on."""
        if self.walk.is_your_move():
            card = self.walk.next_card()
            self.attempt.shown(self.walk.step)
            self.walk.forward()
            self._show()
            self.table.say(Phrase.of("guided.shown", card=card))
            self._score_if_done()

    def try_again(self) -> None:
        """A new attempt: back to the first move (or the start), nothing counted yet."""
        self.attempt = Attempt()
        self.last_result = None
        moves = self.script.your_moves
        self.walk.step = min(moves) if moves else 0
        self._show()
        self._draw_score()
        self._focus()

    def try_card(self, card: Card | str) -> Verdict | None:
        """Offer ``card`` at a "your move" as the learner would by clicking it."""
        card = Card.parse(card) if isinstance(card, str) else card
        self._last = None
        if self.table.play(card) is not None:
            return None
        return self._last

    # -- internals ----------------------------------------------------------------
    def _moved(self, moved: bool) -> bool:
        if moved:
            self._show()
        return moved

    def _pressed(self, name: str) -> Callable[[], None]:
        """A control's action; the keyboard focus stays on its button while it still acts,
        else goes where the learner goes next."""
        action = getattr(self, name)

        def press() -> None:
            action()
            if self.walk.is_your_move() or name not in self.controls.offered():
                self._focus()
        return press

    def _focus(self) -> None:
        """Focus the learner's hand at a "your move", else Next trick (Previous trick at
        the end)."""
        if self.walk.is_your_move():
            self.table.focus_hand()
            return
        offered = self.controls.offered()
        for name in ("forward_trick", "back_trick"):
            if name in offered:
                self.controls.focus(name)
                return

    def _judge(self, card: Card) -> None:
        self.table.say(Phrase.of("guided.checking"))
        verdict = self._last = self.walk.judge(card)
        self.tries += 1
        step, signal = self.walk.step, self.table.signal
        note = self.script.signal_notes.get(step)
        wrong_sign = note is not None and signal != self.script.record.plays[step].signal
        if verdict.right and wrong_sign:
            self.attempt.sign_missed(step)
        else:
            self.attempt.judged(step, verdict.judged.cost)
        self.emit(Event("answer", self.script.name, f"move{step}", verdict.right and not wrong_sign,
                        {"card": str(card), "cost": verdict.judged.cost, "tries": self.tries,
                         **({"signal": signal or "none"} if note is not None else {})}))
        if not verdict.right:
            self.table.say(verdict.words, "error")
            return
        if note is not None and wrong_sign:
            self.table.say(Joined((Phrase.of("guided.wrong_sign", card=card), Text.of(note))),
                           "error")
            return
        played = self.script.record.plays[self.walk.step]
        self.walk.forward()
        self._show(None if card == played.card else Phrase.of(
            "guided.as_played", seat=played.seat, played=played.card, card=card))
        self.table.say(verdict.words, "good")
        self._focus()
        self._score_if_done()

    def _score_if_done(self) -> None:
        """Once every "your move" is done, the attempt's result and its stars (once)."""
        attempt, moves = self.attempt, self.script.your_moves
        if not moves or attempt.reported or not moves <= attempt.done:
            return
        event = attempt.result(self.script, self.lesson)
        self.last_result = Result.of_event(event.source, event.item, event.correct,
                                           {"lesson": self.lesson or "-", **event.data})
        self.emit(event)
        self._draw_score()

    def _show(self, note: Phrase | None = None) -> None:
        """Put the deal at the current step on the table, then the texts (and ``note``)."""
        self.tries = 0
        self._note = note
        self.table.paused = not self.walk.is_your_move()
        self.table.show_all = self._all_shown()
        self.table.offer_signals = self.walk.is_your_move() and \
            self.walk.step in self.script.signal_notes
        self.table.new_deal(deal=self.walk.deal_at(self.walk.step))
        self._texts()

    def _all_shown(self) -> bool:
        """Every hand on the table: when shown, and in any case once the learner's last move
        is played (a hidden hand's cards are turned up to check the commentary)."""
        last = max(self.script.your_moves, default=self.script.length - 1)
        return self.show_all or self.walk.step > last

    def _texts(self) -> None:
        lang, step = self.settings.lang, self.walk.step
        self.title.value = f"<h3>{html.escape(self.script.title[lang])}</h3>"
        paragraphs = [self._note.get(lang) if self._note else "", self.walk.comment(lang)]
        paragraphs = [inline(text) for text in paragraphs if text]
        if self.walk.is_your_move():
            paragraphs.append(f"<b>{html.escape(t('guided.your_move', lang))}</b>")
        self.comment.value = "".join(f"<p>{text}</p>" for text in paragraphs)
        self.controls.show(self._steps(lang), t(
            "guided.position", lang, trick=self.walk.trick(), tricks=self.walk.tricks,
            step=step, total=self.script.length))

    def _steps(self, lang: str) -> list[Step]:
        step, moving = self.walk.step, not self.walk.is_your_move()
        more = moving and step < self.script.length
        return [Step("back_trick", t("guided.back_trick", lang), step > 0),
                Step("back", t("guided.back", lang), step > 0),
                Step("forward", t("guided.forward", lang), more),
                Step("forward_trick", t("guided.forward_trick", lang), more),
                Step("show_me", t("guided.show_me", lang), shown=not moving)]

    def _draw_score(self) -> None:
        lang, result = self.settings.lang, self.last_result
        self.again_button.description = t("guided.again", lang)
        self.again_button.layout.display = None if result is not None else "none"
        self.score.value = "" if result is None else \
            f'<span role="status">{html.escape(t(f"guided.stars.{stars(result)}", lang))}</span>'

    def _redraw(self, _change: object = None) -> None:
        self._texts()  # the table words its own message again
        self._draw_score()


class Attempt:
    """One attempt at a hand's moves: the moves done, the wrong cards, the Show me presses,
    what the first wrong card at each move cost (points) and the time taken."""

    def __init__(self) -> None:
        self.id = uuid.uuid4().hex
        self.done: set[int] = set()
        self.found: set[int] = set()
        self.mistakes = self.hints = 0
        self.lost: dict[int, int] = {}
        self.reported = False
        self._started = time.monotonic()

    def judged(self, move: int, cost: int) -> None:
        """The learner's card at ``move`` cost ``cost`` points (0: right)."""
        if move in self.done:
            return  # a move already done this attempt (after going back) counts once
        if cost > 0:
            self.mistakes += 1
            self.lost.setdefault(move, cost)
        else:
            self.done.add(move)
            self.found.add(move)

    def sign_missed(self, move: int) -> None:
        """The right card at ``move``, with a signal not to give there: a mistake, no
        points lost."""
        if move not in self.done:
            self.mistakes += 1

    def shown(self, move: int) -> None:
        """Show me at ``move``."""
        if move not in self.done:
            self.hints += 1
            self.done.add(move)

    def result(self, script: HandScript, lesson: str) -> Event:
        """The ``result`` event (solved when the learner found at least one move)."""
        self.reported = True
        data = {"exercise": "guided", "attempt": self.id, "mistakes": self.mistakes,
                "hints": self.hints, "points_lost": float(sum(self.lost.values())),
                "seconds": round(time.monotonic() - self._started, 1),
                "title": dict(script.title)}
        if lesson:
            data["lesson"] = lesson
        return Event("result", script.name, script.name, bool(self.found), data)
