"""A whole match against the computer: the setup form, then the table, the coach and the
scoreboard, deal after deal, until the engine's :class:`~tressette_learn.engine.Match`
names a winner.

The engine decides everything: who deals, what each deal scores, when the match is over.
The table's own "New deal" button is switched off; "Next deal" here deals the match's next
deal instead of a random one. A deal sent back (mandare a monte) is not played: the same
dealer's new deal is put on the table at once.

A match left mid-way resumes: after every card and every deal the widget emits a
``match_state`` event with the match's state (:mod:`.match_state`; ``None`` once the match
is over), which the progress store keeps for the signed-in learner; the widget announces
itself (:func:`.events.announce`) so the store can hand the saved state back to
:meth:`MatchPlay.resume_match`.
"""

from __future__ import annotations

import html
import time
import uuid

import ipywidgets as widgets

from ..engine.deal import Deal
from ..engine.match import Match, MatchResult
from ..engine.rules import Rules
from ..engine.scoring import DealResult
from ..engine.seats import Seat, side_of
from ..i18n import Joined, Phrase, Wording
from ..teaching.course import by_role
from ..teaching.exercises import MATCH_SOURCE, MATCH_WON, PLAY
from .coach import Coach
from .events import LOG, Event, EventSource, announce
from .i18n import t
from .match_setup import Choice, MatchSetup
from .match_state import StateError, match_state, read_state
from .score_texts import Verdict
from .scoreboard import Scoreboard
from .settings import SETTINGS, Settings
from .table import Table

SOURCE = "match"
LEARNER = Seat.S


class MatchPlay(widgets.VBox, EventSource):
    """Choose a level, a table and a target, then play a match at South (col morto: for
    North–South, as the dealer when the dummy is South).

    Events: ``match_start``, ``match_deal`` after each deal (with the match totals),
    ``match_end`` (``correct`` is True when the learner's side won), then the match's
    ``result`` (the play page's exercise "a match won", with the hints asked in its deals)
    and ``match_state`` (what to save). The table itself emits ``deal_end`` and the coach
    ``hint``, ``review`` and the ``result`` of each mistake replayed.
    """

    def __init__(self, *, level: str = "club", preset: str = "standard", target: int = 21,
                 seed: int | None = None, delay_ms: int = 700,
                 settings: Settings = SETTINGS) -> None:
        """``seed`` makes the deals and the computers' choices reproducible."""
        self.settings = settings
        self.seed, self.delay_ms = seed, delay_ms
        self.match: Match | None = None
        self.choice: Choice | None = None
        self.table: Table | None = None
        self.coach: Coach | None = None
        self._status: Wording | None = None
        self._saved: tuple[int, int] | None = None  # (deals finished, actions) last saved
        self._hints = 0  # asked in the match's deals (not in replayed mistakes)
        self._started = time.monotonic()
        self.setup = MatchSetup(self._start, level=level, preset=preset, target=target,
                                settings=settings)
        self.scoreboard = Scoreboard(Rules.preset(preset), settings=settings)
        self.info = widgets.HTML()
        self.info.add_class("tl-match-info")
        self.next_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.new_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.next_button.on_click(lambda _b: self.next_deal())
        self.new_button.on_click(lambda _b: self.new_match())
        self.next_button.add_class("tl-match-next")
        self.new_button.add_class("tl-match-new")
        self.play_area = widgets.VBox()
        self.play_area.layout.display = "none"
        super().__init__([self.setup, self.play_area])
        self.add_class("tl-match")
        settings.observe(self._relabel, "lang")
        self._relabel()
        announce(self)

    # -- public API --------------------------------------------------------------------
    def start(self) -> str | None:
        """Start a match with the form's choices; returns the problem shown, if any."""
        return self.setup.start()

    def next_deal(self) -> bool:
        """Put the match's next deal on the table; False while the deal is in play or
        once the match is over."""
        match, table = self.match, self.table
        if match is None or table is None or match.is_over() or match.deal is table.deal:
            return False
        self._clear_coach()
        table.me = learner_seat(match.deal)
        table.new_deal(deal=match.deal)
        table.allow_undo = True
        self.next_button.layout.display = "none"
        self._say(self._deal_info())
        return True

    def new_match(self) -> None:
        """Show the form again; Start replaces the match in play."""
        self.setup.layout.display = None

    @property
    def learner_side(self) -> str:
        """The learner's side: ``NS``, or ``S`` at a two-player table or each for himself."""
        return self.match.rules.side_of(LEARNER) if self.match else side_of(LEARNER, 4)

    def resume_match(self, state: object) -> bool:
        """Go on with a saved match (a state of :func:`.match_state.match_state`); False,
        with a log line, for a state that is not a match that can go on, or when a match is
        already in play here."""
        if self.match is not None and (self.match.finished or self.match.deal.actions):
            return False
        try:
            saved = read_state(state)
        except StateError as err:
            LOG.warning("saved match ignored: %s", err)
            return False
        self.seed = saved.seed
        setup, choice = self.setup, saved.choice  # New match offers the same choice again
        setup.level.value, setup.preset.value = choice.level, choice.preset
        setup.target.value = choice.target
        self._begin(choice, saved.match)
        match = saved.match
        between = bool(match.finished) and not match.deal.actions
        if between:  # left between deals: the last deal stays in view, with Next deal
            assert self.table is not None
            self.table.me = learner_seat(match.finished[-1])
            self.table.allow_undo = False
            self.table.new_deal(deal=match.finished[-1], hold=True)
            self.next_button.layout.display = None
        totals = Joined(tuple(Phrase.of("match.side_total", side=side, total=total)
                              for side, total in match.totals.items()), ", ")
        key = "match.resumed_between" if between else "match.resumed"
        resumed = Phrase.of(key, number=len(match.finished) + (0 if between else 1),
                            totals=totals)
        self._say(resumed, *(() if between else (self._deal_info(),)))
        self._saved = self._progress()
        return True

    # -- the match -----------------------------------------------------------------------
    def _start(self, choice: Choice) -> None:
        self._begin(choice, Match(choice.rules(), seed=self.seed))
        self._say(self._deal_info())
        self.emit(Event("match_start", SOURCE, choice.item, data=choice.data()))

    def _begin(self, choice: Choice, match: Match) -> None:
        """Put ``match`` on the table: a new one, or one resumed."""
        self.choice, self.match = choice, match
        self._clear_coach()  # a replay in progress reports its result
        for old in (self.coach, self.table):
            if old is not None:
                old.close()
        self.table = Table(deal=match.deal, seat=learner_seat(match.deal),
                           level=choice.level, seed=self.seed, delay_ms=self.delay_ms,
                           source=SOURCE, settings=self.settings)
        self.table.offer_new = False
        self.table.on_event(self._on_table_event)
        self.table.observe(self._save, "state")
        self.coach = Coach(self.table, settings=self.settings)
        self.coach.on_event(self._on_coach_event)
        self._hints, self._started = 0, time.monotonic()
        self.scoreboard.from_match(match)
        self.next_button.layout.display = "none"
        self.play_area.children = [self.info, self.table, self.coach,
                                   widgets.HBox([self.next_button, self.new_button]),
                                   self.scoreboard]
        self.play_area.layout.display = None
        self.setup.layout.display = "none"
        self._saved = None

    def _progress(self) -> tuple[int, int] | None:
        match = self.match
        return None if match is None else (len(match.finished), len(match.deal.actions))

    def _save(self, _change: object = None) -> None:
        """After every card and deal: the match's state, to be saved (once per change)."""
        match, progress = self.match, self._progress()
        if match is None or match.is_over() or progress == self._saved:
            return
        assert self.choice is not None
        self._saved = progress
        self.emit(Event("match_state", SOURCE, self.choice.item,
                        data={"state": match_state(match, self.choice, self.seed)}))

    def _on_table_event(self, event: Event) -> None:
        match, table = self.match, self.table
        if event.kind != "deal_end" or match is None or table is None or match.is_over():
            return
        if table.deal is not match.deal:
            return
        number = len(match.finished) + 1
        result = match.next_deal()
        outcome = match.result()
        table.allow_undo = False  # the deal is scored: it can no longer change
        self.scoreboard.add_deal(result, outcome)
        self.emit(Event("match_deal", SOURCE, str(number), data={
            "deal": number, "dealer": str(table.deal.dealer),
            "totals": {s: result.total(s) for s in match.sides},
            "match_totals": dict(match.totals)}))
        if outcome is not None:
            self._finish(outcome)
        elif result.redeal_by is not None:  # nothing to review: the same dealer deals again
            self.next_deal()
            self._say(*self._between_deals(number, result), self._deal_info())
        else:
            self.next_button.layout.display = None
            self._say(*self._between_deals(number, result))

    def _on_coach_event(self, event: Event) -> None:
        if event.kind == "hint" and self.coach is not None and self.coach.replaying is None:
            self._hints += 1

    def _between_deals(self, number: int, result: DealResult) -> tuple[Wording, ...]:
        match = self.match
        assert match is not None
        if result.redeal_by is not None:
            return (Phrase.of("match.redealt", seat=result.redeal_by, number=number,
                              dealer=match.deal.dealer),)
        totals = set(match.totals.values())
        if match.rules.fixed_deals is None and len(totals) == 1 and \
                max(totals) >= match.rules.target:
            return (Verdict(result), Phrase.of("match.tie_more", total=max(totals)))
        return (Verdict(result), Phrase.of("match.deal_done", number=number))

    def _finish(self, outcome: MatchResult) -> None:
        won = outcome.winner == self.learner_side
        totals = Joined(tuple(Phrase.of("match.side_total", side=side, total=total)
                              for side, total in outcome.totals.items()), ", ")
        said = Phrase.of("match.won" if won else "match.lost", side=outcome.winner,
                         totals=totals)
        low_wins = self.match is not None and self.match.rules.low_wins
        self._say(*((Phrase.of("scoreboard.low_wins"),) if low_wins else ()), said)
        assert self.choice is not None
        self.emit(Event("match_state", SOURCE, self.choice.item, data={"state": None}))
        self.emit(Event("match_end", SOURCE, self.choice.item, won, data={
            **self.choice.data(), "winner": outcome.winner, "reason": outcome.reason,
            "totals": dict(outcome.totals), "deals": outcome.deals, "stake": outcome.stake,
            "learner_side": self.learner_side}))
        self.emit(Event("result", MATCH_SOURCE, MATCH_WON, won, data={
            "lesson": by_role(PLAY).id, "exercise": "match", "attempt": uuid.uuid4().hex,
            "mistakes": 0, "hints": self._hints,
            "seconds": round(time.monotonic() - self._started, 1), **self.choice.data()}))

    def _deal_info(self) -> Phrase:
        assert self.match is not None
        return Phrase.of("match.deal_info", number=len(self.match.finished) + 1,
                         dealer=self.match.deal.dealer, seat=learner_seat(self.match.deal))

    def _clear_coach(self) -> None:
        if self.coach is not None:
            self.coach.clear()

    # -- texts -----------------------------------------------------------------------------
    def _say(self, *parts: Wording) -> None:
        """Show sentences above the table, written again when the language changes."""
        self._status = Joined(parts)
        self._draw_status()

    def _draw_status(self) -> None:
        text = "" if self._status is None else self._status.get(self.settings.lang)
        self.info.value = f'<p class="tl-match-status">{html.escape(text)}</p>' if text else ""

    def _relabel(self, _change: object = None) -> None:
        lang = self.settings.lang
        self.next_button.description = t("match.next", lang)
        self.new_button.description = t("match.new", lang)
        self._draw_status()


def learner_seat(deal: Deal) -> Seat:
    """South, or the dealer when South is the dummy (col morto): the learner always plays
    for North–South."""
    return deal.controller(LEARNER)
