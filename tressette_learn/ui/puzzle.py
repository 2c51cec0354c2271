"""Puzzles from solved positions: one puzzle per screen on a card table, grouped by lesson,
with the cards already played and who has shown out of a suit above the table (what an
answer may rely on, :mod:`tressette_learn.teaching.puzzles.shown`).

The learner clicks a card: a sound card (see :mod:`tressette_learn.teaching.puzzles.check`)
solves the puzzle and the explanation follows (one verdict: when several cards are right the
answer names them together, whichever was clicked); another card is answered with what it costs
and why (with hidden hands: on how many of the re-dealt layouts it goes wrong, and one of
them), and the learner tries again. A puzzle that asks for a signal on the lead plays the
right card with that signal; another card is answered with why the signal would be false
with it. A hint costs a star (it counts in ``hints``). When an attempt ends (solved, or
left unsolved after a card or a hint: Try again, Next, Previous) the widget emits one
``result`` event; each card tried also emits an ``answer`` event.
"""

from __future__ import annotations

import html
import time
import uuid
from collections.abc import Callable, Sequence

import ipywidgets as widgets

from ..engine.cards import Card
from ..engine.svg import hand_svg
from ..engine_words import svg_labels
from ..i18n import LANGUAGES, Phrase
from ..teaching.puzzles import words
from ..teaching.puzzles.bank import Puzzle, load_puzzles, puzzle_source
from ..teaching.puzzles.shown import played_cards, voids
from .events import Event, EventSource
from .i18n import t
from .markup import inline
from .settings import SETTINGS, Settings
from .stepper import Step, Stepper
from .table import Table
from .tricks_view import tricks_html

ACTIONS = ("previous", "hint", "retry", "next")


class PuzzleBoard(widgets.VBox, EventSource):
    """A row of puzzles shown one at a time: ``source`` names the set in its events."""

    def __init__(self, puzzles: Sequence[Puzzle], *, source: str,
                 settings: Settings = SETTINGS) -> None:
        self.puzzles = tuple(puzzles)
        self.source = source
        self.settings = settings
        self.index = 0
        self._attempt = ""
        self._hinted = False
        self.title = widgets.HTML()
        self.prompt = widgets.HTML()
        self.prompt.add_class("tl-puzzle-prompt")
        self.hint_text = widgets.HTML()
        self.hint_text.add_class("tl-puzzle-hint")
        self.played = widgets.HTML()
        self.played.add_class("tl-puzzle-played")
        self.controls = Stepper({name: self._pressed(name) for name in ACTIONS})
        children: list[widgets.Widget] = [self.title, self.prompt, self.played]
        if self.puzzles:
            self.table = Table(deal=self.puzzles[0].deal(), seat=self.puzzles[0].seat,
                               computers=False, show_all=self.puzzles[0].shown,
                               allow_undo=False, source=source, settings=settings)
            self.table.offer_controls = False
            self.table.choice_handler = self._judge
            children.append(self.table)
        children += [self.hint_text, self.controls]
        super().__init__(children)
        self.add_class("tl-puzzles")
        settings.observe(self._redraw, ["lang", "faces"])
        if self.puzzles:
            self._open(0)
        else:
            self._texts()

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle on the screen."""
        return self.puzzles[self.index]

    # -- actions ----------------------------------------------------------------------
    def try_card(self, card: Card | str) -> bool | None:
        """Offer ``card`` as a click would: True solved, False wrong, None refused (not a
        legal card, or the puzzle is already solved)."""
        card = Card.parse(card) if isinstance(card, str) else card
        before = (self.solved, self.mistakes)
        if self.table.play(card) is not None or (self.solved, self.mistakes) == before:
            return None
        return self.solved

    def hint(self) -> None:
        """Show the theme's hint; it counts in this attempt's ``hints`` (once)."""
        if self.solved or self._hinted:
            return
        self._hinted = True
        self.hints += 1
        self.emit(Event("hint", self.source, self.puzzle.id, data={"hints": self.hints}))
        self._texts()

    def retry(self) -> None:
        """Start this puzzle again as a new attempt."""
        self._open(self.index)

    def next(self) -> bool:
        """The next puzzle (``False`` at the last one)."""
        return self.index + 1 < len(self.puzzles) and self._open(self.index + 1)

    def previous(self) -> bool:
        """The puzzle before (``False`` at the first one)."""
        return self.index > 0 and self._open(self.index - 1)

    # -- attempts ---------------------------------------------------------------------
    def _open(self, index: int) -> bool:
        """End the attempt on the screen (if it began) and open puzzle ``index`` afresh."""
        self._finish_unsolved()
        self.index = index
        self._attempt = uuid.uuid4().hex
        self.mistakes = self.hints = 0
        self.points_lost = 0.0
        self.solved = self._hinted = False
        self._started = time.monotonic()
        puzzle = self.puzzle
        self.table.show_all = puzzle.shown
        self.table.me = puzzle.seat
        self.table.paused = False
        last = index == len(self.puzzles) - 1
        self.table.pause_key = "puzzle.paused.last" if last else "puzzle.paused"
        self.table.new_deal(deal=puzzle.deal())
        self.table.say(Phrase.of("puzzle.click"))
        self._texts()
        self.table.focus_hand()
        return True

    def _finish_unsolved(self) -> None:
        if self._attempt and not self.solved and (self.mistakes or self.hints):
            self._result(False)

    def _result(self, correct: bool) -> None:
        puzzle = self.puzzle
        title = words.title(puzzle)
        self.emit(Event("result", self.source, puzzle.id, correct, {
            "lesson": puzzle.lesson, "exercise": "puzzle", "attempt": self._attempt,
            "mistakes": self.mistakes, "hints": self.hints,
            "points_lost": round(self.points_lost, 2),
            "seconds": round(time.monotonic() - self._started, 1),
            "title": {lang: title.get(lang) for lang in LANGUAGES}}))
        self._attempt = ""

    def _judge(self, card: Card) -> None:
        puzzle = self.puzzle
        right = card in puzzle.answer.accepted
        cost = 0.0 if right else words.points_lost(puzzle, card)
        self.emit(Event("answer", self.source, puzzle.id, right,
                        {"card": str(card), "cost": cost, "attempt": self._attempt}))
        if not right:
            self.mistakes += 1
            self.points_lost += cost
            self.table.say(words.wrong(puzzle, card), "error")
            self.table.focus_hand()
            return
        self.solved = True
        self._play_answer(card)
        self.table.paused = True
        self.table.say(words.solved(puzzle, card), "good")
        self._result(True)
        self._texts()
        self.controls.focus("next" if "next" in self.controls.offered() else "retry")

    def _play_answer(self, card: Card) -> None:
        """Play the right card, led with the puzzle's signal when it asks for one (the
        table then says it: "South knocks...")."""
        self.table.script_play(card, self.puzzle.lead_signal)

    # -- drawing ----------------------------------------------------------------------
    def _pressed(self, name: str) -> Callable[[], object]:
        action: Callable[[], object] = getattr(self, name)
        return action

    def _texts(self) -> None:
        lang = self.settings.lang
        if not self.puzzles:
            self.prompt.value = f"<p>{html.escape(t('puzzle.none', lang))}</p>"
            self.controls.show([])
            return
        puzzle = self.puzzle
        self.title.value = f"<h4>{html.escape(words.title(puzzle).get(lang))}</h4>"
        self.prompt.value = f"<p><b>{inline(words.prompt(puzzle).get(lang))}</b></p>"
        self.hint_text.value = f"<p>{inline(words.hint(puzzle).get(lang))}</p>" \
            if self._hinted else ""
        self.played.value = played_html(puzzle, lang, self.settings.faces)
        last = len(self.puzzles) - 1
        self.controls.show([
            Step("previous", t("puzzle.previous", lang), self.index > 0),
            Step("hint", t("puzzle.hint", lang), not self.solved and not self._hinted),
            Step("retry", t("puzzle.retry", lang)),
            Step("next", t("puzzle.next", lang), self.index < last)],
            t("puzzle.position", lang, n=self.index + 1, total=len(self.puzzles)))

    def _redraw(self, _change: object = None) -> None:
        self._texts()  # the table words its own message again


def played_html(puzzle: Puzzle, lang: str, faces: str) -> str:
    """The cards already played (as the quizzes show them), who has shown out of a suit and
    the tricks so far (who led, who played what, who took it, the signals): what the
    puzzle's answer may rely on besides the table."""
    deal = puzzle.deal()
    cards = played_cards(deal)
    strip = hand_svg(cards, faces=faces, labels=svg_labels(lang), overlap=0.6) if cards else \
        html.escape(t("puzzle.played.none", lang))
    out = [f"<small>{html.escape(t('puzzle.played', lang))}</small><br>{strip}"]
    out += [html.escape(Phrase.of("puzzle.void", seat=seat, suit=suit).get(lang))
            for seat, suit in voids(deal)]
    if deal.tricks:
        out.append(f'<details class="tl-puzzle-tricks" open><summary><small>'
                   f'{html.escape(t("puzzle.tricks", lang))}</small></summary>'
                   f'{tricks_html(deal.tricks, lang, faces, "puzzle.trick")}</details>')
    return "<div>" + "<br>".join(out) + "</div>"


class PuzzleSet(PuzzleBoard):
    """The puzzles of one lesson (``lessons/puzzles/<lesson_id>.json``)."""

    def __init__(self, lesson_id: str, *, settings: Settings = SETTINGS) -> None:
        self.lesson_id = lesson_id
        super().__init__(load_puzzles(lesson_id), source=puzzle_source(lesson_id),
                         settings=settings)
