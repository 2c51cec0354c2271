"""The play page's match for a class: when the teacher set class deals, every learner
signed in with that class code plays the same deals.

Deal ``k`` of such a match is dealt from the class seed and ``k`` (the engine's
:class:`~tressette_learn.engine.Match` derives each deal's seed so), and the computers are
seeded from the class seed too: two learners who play the same cards see the same game.
The computer level, the table and the target stay the learner's choice; the teacher's
comparison groups the learners by table and shows each one's level.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ...classroom.class_deals import DEAL, REVIEW, deal_key, mistakes_data
from ...engine.match import Match
from ...store import StoreError
from ..events import LOG, Event
from ..i18n import t
from ..match import SOURCE, MatchPlay
from ..match_setup import Choice
from ..settings import SETTINGS, Settings
from .recorder import Recorder, recorder


def class_seed(rec: Recorder) -> int | None:
    """The seed of the signed-in learner's class deals (None: no learner, no class, class
    deals off, or the store cannot be read)."""
    learner = rec.learner
    if learner is None or not learner.class_code:
        return None
    try:
        return rec.store().class_seed(learner.class_code)
    except StoreError as err:
        LOG.warning("class deals not read: %s", err)
        return None


class ClassMatchPlay(MatchPlay):
    """:class:`~tressette_learn.ui.match.MatchPlay` that deals the class's deals when the
    signed-in learner's class has them (a line above the form says so).

    Besides the match's events: ``class_deal`` after each class deal (the learner's points
    and the other side's) and ``class_review`` when the learner reviews one (the mistakes).
    """

    def __init__(self, *, rec: Recorder | None = None, seed: int | None = None,
                 settings: Settings = SETTINGS, **options: object) -> None:
        """``seed``: the learner's own deals when the class has none (None: new ones)."""
        self.recorder = rec or recorder()
        self.note = widgets.HTML()
        self.note.add_class("tl-match-class")
        self.class_deals: int | None = None  # the class seed of the match in play
        self._own_seed = seed  # a match resumed while the page opens changes self.seed
        super().__init__(seed=seed, settings=settings, **options)  # type: ignore[arg-type]
        self.children = (self.note, *self.children)  # type: ignore[has-type]
        self.on_event(self._on_match_event)
        self.recorder.observe(self._draw_note, "learner")
        settings.observe(self._draw_note, "lang")
        self._draw_note()

    def _start(self, choice: Choice) -> None:
        seed = class_seed(self.recorder)
        self.seed = self._own_seed if seed is None else seed
        super()._start(choice)

    def _begin(self, choice: Choice, match: Match) -> None:
        """A match new or resumed: it deals the class's deals when its seed is the class's
        (a match resumed after the teacher changed the number is the learner's own)."""
        super()._begin(choice, match)
        seed = class_seed(self.recorder)
        self.class_deals = seed if seed is not None and self.seed == seed else None
        if self.coach is not None:
            self.coach.on_event(self._on_coach_event)
        self._draw_note()

    def _on_match_event(self, event: Event) -> None:
        match = self.match
        if event.kind != "match_deal" or self.class_deals is None or match is None or \
                match.results[-1].redeal_by is not None:  # a deal sent back is not played
            return
        totals, side = event.data.get("totals", {}), self.learner_side
        other = next(s for s in match.sides if s != side)
        self.emit(Event(DEAL, SOURCE, self._deal_key(int(event.item)), data={
            "seed": self.class_deals, "preset": self._preset, "deal": int(event.item),
            "level": self._level, "points": totals.get(side, 0),
            "against": totals.get(other, 0)}))

    def _on_coach_event(self, event: Event) -> None:
        coach, match = self.coach, self.match
        if event.kind != "review" or self.class_deals is None or coach is None or \
                match is None or coach.last_review is None or not match.finished:
            return
        number = len(match.finished)  # the review is of the deal just finished
        self.emit(Event(REVIEW, SOURCE, self._deal_key(number), data={
            "seed": self.class_deals, "preset": self._preset, "deal": number,
            "cost": coach.last_review.total_cost,
            "mistakes": mistakes_data(coach.last_review.mistakes)}))

    @property
    def _preset(self) -> str:
        return self.choice.preset if self.choice else ""

    @property
    def _level(self) -> str:
        return self.choice.level if self.choice else ""

    def _deal_key(self, number: int) -> str:
        assert self.class_deals is not None
        return deal_key(self.class_deals, self._preset, number)

    def _draw_note(self, _change: object = None) -> None:
        """Say whether the class's deals are dealt (when the match starts, or now)."""
        seed = self.class_deals if self.match is not None else class_seed(self.recorder)
        self.note.value = "" if seed is None else (
            f'<p class="tl-match-class-note">'
            f'{html.escape(t("match.class_deals", self.settings.lang, seed=seed))}</p>')
