"""The coach beside a table: a hint on request and, after the deal, a review of the
learner's mistakes with the points each cost, each linked to the lesson that teaches the
point and put back on the table on request (:mod:`.replay`)."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

import ipywidgets as widgets

from ..ai.comparison import MIN_DEALS
from ..ai.hints import Hint, hint, warm_up
from ..ai.review import Review, ReviewAhead, ReviewedPlay, review
from ..ai.review_talk import MissedDeclaration, SignalNote
from ..engine.cards import Card
from ..engine.deal import Deal
from ..engine_words import declaration_phrase
from ..i18n import Joined, Phrase, card_name, number
from ..teaching.course import lesson
from ..teaching.review_lessons import lesson_for
from .events import LOG, Event, EventSource
from .i18n import t
from .lesson import lesson_title
from .replay import MistakeReplay
from .settings import SETTINGS, Settings
from .table import Table


class Coach(widgets.VBox, EventSource):
    """A Hint button for the learner's turn and a Review button once the deal is over;
    after the review, a Replay button for each mistake (and Back to the review).

    Events: ``hint``, ``review`` and, for each replayed mistake, a ``result``."""

    def __init__(self, table: Table, *, settings: Settings = SETTINGS) -> None:
        self.table = table
        self.settings = settings
        self.last_hint: Hint | None = None
        self._declare_first: Phrase | None = None  # said before the last hint
        self.last_review: Review | None = None
        self.replaying: MistakeReplay | None = None
        self._final: Deal | None = None  # the deal reviewed
        self._hints = 0
        self.ahead = ReviewAhead()  # the review's searches, made while the deal is played
        self._followed: tuple[int, int] | None = None
        self._hinted: tuple[int, int] | None = None  # (deal, cards played) of the last hint
        self._given: dict[int, Hint] = {}  # the hints in _given_deal, by cards played
        self._given_deal: Deal | None = None
        warm_up()  # compile or load the solver core while the learner plays (not in a browser)
        self.hint_button = _button("tl-coach-hint", self.show_hint)
        self.review_button = _button("tl-coach-review", self.show_review)
        self.progress = widgets.IntProgress(min=0, max=1, value=0)
        self.progress.layout.display = "none"
        self.output = widgets.HTML()
        self.output.add_class("tl-coach-output")
        self.replays = widgets.HBox()
        self.replays.add_class("tl-coach-replays")
        self.replays.layout.flex_flow = "row wrap"
        self.back_button = _button("tl-coach-back", self.back_to_review)
        self.back_button.layout.display = "none"
        self.back_button.layout.width = "auto"
        self.next_button = _button("tl-coach-next", self.next_mistake)
        self.next_button.layout.display = "none"  # once a replay is solved, if one follows
        self._replay_index = -1
        super().__init__([widgets.HBox([self.hint_button, self.review_button]),
                          self.progress, self.output, self.replays,
                          widgets.HBox([self.next_button, self.back_button])])
        self.add_class("tl-coach")
        table.observe(self._follow_table, "state")
        settings.observe(self._relabel, "lang")
        self._relabel()
        self._follow_table()

    def close(self) -> None:
        """Close the widgets and end the thread that searches ahead for the review."""
        self.ahead.close()
        super().close()

    # -- hint -----------------------------------------------------------------------
    def show_hint(self) -> Hint | None:
        """The recommended card for the learner's turn, its reason and each card's value."""
        lang = self.settings.lang
        if self.table.status != "your_turn":
            self.output.value = _p(t("coach.hint_wait", lang))
            return None
        self.output.value = _p(t("coach.thinking", lang))
        try:
            advice = hint(self.table.view(), seed=self._hints)
        except Exception:  # a hint must never show a traceback to the learner
            LOG.exception("hint failed")
            self.output.value = _p(t("coach.hint_failed", lang))
            return None
        self._hints += 1
        if self.replaying is not None:
            self.replaying.hints += 1
        self.last_hint, self._hinted = advice, self._cards_played()
        if self.replaying is None:  # the review says which of its mistakes a hint gave
            if self._given_deal is not self.table.deal:
                self._given, self._given_deal = {}, self.table.deal
            self._given[self._hinted[1]] = advice
        waiting = self.table.undeclared()
        self._declare_first = None if not waiting else Phrase.of(
            "coach.declare_first", combos=Joined(tuple(declaration_phrase(d) for d in waiting),
                                                 "; "))
        self.table.highlight(advice.card, advice.signal)
        self.output.value = self._hint_html(lang)
        self.emit(Event("hint", self.table.source, str(advice.card),
                        data={"method": advice.method, "deals": advice.deals,
                              "equal": [str(c) for c in advice.equal]}))
        return advice

    # -- review -----------------------------------------------------------------------
    def show_review(self) -> Review | None:
        """Review the learner's cards of the finished deal (with a progress bar)."""
        lang = self.settings.lang
        if self.table.status != "over":
            self.output.value = _p(t("coach.review_wait", lang))
            return None
        self.output.value = _p(t("coach.reviewing", lang))
        self.progress.layout.display = None
        try:
            self.ahead.pause()  # what is still missing, the review searches itself
            result = review(self.table.deal, self.table.me, progress=self._progress,
                            known=self.ahead.known)
        except Exception:  # a review must never show a traceback to the learner
            LOG.exception("review failed")
            self.output.value = _p(t("coach.review_failed", lang))
            return None
        finally:
            self.progress.layout.display = "none"
        self.last_review, self._final = result, self.table.deal
        self.output.value = self._review_html(lang)
        self._replay_buttons()
        self.emit(Event("review", self.table.source, data={
            "cost": result.total_cost, "mistakes": len(result.mistakes)}))
        return result

    # -- replaying a mistake -------------------------------------------------------------
    def replay(self, index: int) -> MistakeReplay | None:
        """Put the position of the review's mistake ``index`` (0 = the first listed) back on
        the table for the learner to play again."""
        result, final = self.last_review, self._final
        if result is None or final is None or not 0 <= index < len(result.mistakes):
            return None
        self._report()
        self._replay_index = index
        attempt = self.replaying = MistakeReplay(final, result.mistakes[index])
        self._set_table(attempt.position, replaying=True)
        self.table.say(attempt.prompt())
        self.table.focus_hand()
        return attempt

    def next_mistake(self) -> MistakeReplay | None:
        """Replay the review's next mistake (after the one being replayed)."""
        if self.replaying is None:
            return None
        return self.replay(self._replay_index + 1)

    def back_to_review(self) -> bool:
        """Leave the replay: the reviewed deal back on the table as it ended."""
        if self.replaying is None or self._final is None:
            return False
        self._report()
        self._set_table(self._final, replaying=False)
        self.replaying = None
        self._follow_table()
        return True

    def clear(self) -> None:
        """Forget the hint, the review and any replay (a new deal comes)."""
        self._report()
        if self.replaying is not None:
            self.replaying = None
            self.table.choice_handler, self.table.paused = None, False
            self.table.offer_controls, self.table.offer_signals = True, False
        self.last_hint = self.last_review = self._final = None
        self._given, self._given_deal = {}, None
        self.output.value = ""
        self._replay_buttons()

    def _replay_card(self, card: Card) -> None:
        attempt = self.replaying
        if attempt is None or attempt.solved:
            return
        judged = attempt.judge(card)
        if not attempt.solved:
            self.table.say(attempt.words(judged), "error")
            return
        self.table.paused = True  # nobody plays on: the replay ends with the right card
        self.table.script_play(card, self.table.signal)  # a false one was refused before
        self.table.say(attempt.words(judged), "good")
        self._report()

    def _report(self) -> None:
        """The replay's result, once: when solved, or when left after a try or a hint."""
        attempt = self.replaying
        if attempt is not None and not attempt.reported and \
                (attempt.solved or attempt.mistakes or attempt.hints):
            self.emit(attempt.result())

    def _set_table(self, deal: Deal, *, replaying: bool) -> None:
        """Show ``deal`` on the table: a replayed position (the learner's card judged, the
        table's own buttons hidden) or the reviewed deal at its end."""
        table = self.table
        table.choice_handler = self._replay_card if replaying else None
        table.paused = False
        table.pause_key = self._pause_key(replaying)
        table.offer_controls = not replaying
        table.offer_signals = replaying  # on lead, the signal goes with the card again
        offer_new, table.offer_new = table.offer_new, False  # no second deal_end
        table.new_deal(deal=deal, hold=not replaying)
        table.offer_new = offer_new
        self._follow_table()

    def _pause_key(self, replaying: bool) -> str:
        """What a paused table says to do next: a replay solved offers the next mistake
        only when there is one."""
        if not replaying:
            return "table.paused"
        mistakes = self.last_review.mistakes if self.last_review is not None else ()
        return "replay.paused" if self._replay_index + 1 < len(mistakes) else "replay.paused.last"

    def _replay_buttons(self) -> None:
        lang, result = self.settings.lang, self.last_review
        mistakes = result.mistakes if result is not None else ()
        buttons = []
        for index, play in enumerate(mistakes):
            button = _button("tl-coach-replay", lambda i=index: self.replay(i))
            button.description = t("coach.replay", lang, number=index + 1, trick=play.trick)
            button.layout.width = "auto"  # the whole label
            buttons.append(button)
        self.replays.children = buttons

    def _progress(self, done: int, total: int) -> None:
        self.progress.max = max(total, 1)
        self.progress.value = done

    # -- internals ----------------------------------------------------------------------
    def _follow_table(self, _change: object = None) -> None:
        status = self.table.status
        replaying = self.replaying is not None
        self.hint_button.disabled = status != "your_turn"
        self.review_button.disabled = status != "over" or replaying
        self.back_button.layout.display = None if replaying else "none"
        mistakes = self.last_review.mistakes if self.last_review is not None else ()
        more = replaying and self.replaying is not None and self.replaying.solved and \
            self._replay_index + 1 < len(mistakes)
        self.next_button.layout.display = None if more else "none"
        if status != "over" and not replaying and self.last_review is not None:
            self.last_review = self._final = None
            self._replay_buttons()
        if self.last_hint is not None and self._hinted != self._cards_played():
            self._forget_hint()  # a card was played: the hint's position is past
        deal = self.table.deal
        followed = (id(deal), len(deal.actions))
        if not replaying and followed != self._followed and self.last_review is None:
            self._followed = followed
            self.ahead.follow(deal)  # values the new positions between cards

    def _review_html(self, lang: str) -> str:
        """The last review, with the deal's hints and its table's aim."""
        assert self.last_review is not None and self._final is not None
        return review_html(self.last_review, lang, self._hints_in(self._final),
                           perdere=self._final.rules.low_wins)

    def _hints_in(self, deal: Deal | None) -> dict[int, Hint]:
        """The hints given in ``deal``, by the number of cards played before each."""
        return self._given if deal is not None and deal is self._given_deal else {}

    def _cards_played(self) -> tuple[int, int]:
        deal = self.table.deal
        return id(deal), deal.played_mask.bit_count()

    def _forget_hint(self) -> None:
        """Take the hint off the page (its card, its reason and its table)."""
        self.last_hint = self._declare_first = None
        if self.last_review is None:
            self.output.value = ""

    def _relabel(self, _change: object = None) -> None:
        lang = self.settings.lang
        self.hint_button.description = t("coach.hint", lang)
        self.review_button.description = t("coach.review", lang)
        self.back_button.description = t("coach.back", lang)
        self.next_button.description = t("coach.next_mistake", lang)
        self._replay_buttons()
        if self.last_review is not None:
            self.output.value = self._review_html(lang)
        elif self.last_hint is not None:
            self.output.value = self._hint_html(lang)

    def _hint_html(self, lang: str) -> str:
        """The last hint, after the combination to declare first if there was one."""
        assert self.last_hint is not None
        first = self._declare_first
        return (_p(first.get(lang), "tl-coach-declare") if first is not None else "") + \
            hint_html(self.last_hint, lang, alone=self.table.deal.rules.each_for_himself,
                      perdere=self.table.deal.rules.low_wins)


def _button(css: str, action) -> widgets.Button:
    button = widgets.Button(layout=widgets.Layout(width="auto"))
    button.add_class(css)
    button.on_click(lambda _b: action())
    return button


def _p(text: str, css: str = "") -> str:
    cls = f' class="{css}"' if css else ""
    return f"<p{cls}>{html.escape(text)}</p>"


def hint_html(advice: Hint, lang: str, alone: bool = False, perdere: bool = False) -> str:
    """The hint as HTML: the card, why, every legal card's value and, folded under them, how
    they were found (for a forced card only the card and why: there is nothing to compare;
    without values, how sure it is, in full). ``alone``: each for himself, the values are
    the seat's own points, not a side's; ``perdere``: the fewer the better."""
    play = (_p(advice.advice.get(lang), "tl-coach-card")
            + _p(advice.explanation.get(lang), "tl-coach-why"))
    if advice.forced:
        return play
    method = t(f"coach.{advice.basis}", lang, deals=advice.deals, confidence=advice.percent,
               min=MIN_DEALS, last=advice.searched_to)
    for note in advice.notes:
        method += " " + note.get(lang)
    if not advice.shown:  # too few deals: no values worth showing
        return play + _p(method, "tl-coach-method")
    rows = "".join(
        f'<tr data-card="{e.card}"{_equal_class(advice, e.card)}>'
        f"<td>{html.escape(card_name(e.card, lang, 'bare'))}</td>"
        f"<td>{number(e.points, lang, '.1f')}</td></tr>" for e in advice.shown)
    head = (f"<tr><th>{html.escape(t('coach.card', lang))}</th>"
            f"<th>{html.escape(t(_points_key(alone, perdere), lang))}"
            "</th></tr>")
    # with the values shown, how they were found is there for whoever asks (a disclosure)
    how = (f'<details class="tl-coach-how"><summary>{html.escape(t("coach.how", lang))}'
           f'</summary>{_p(method, "tl-coach-method")}</details>')
    return play + f'<table class="tl-coach-values">{head}{rows}</table>' + how


def _equal_class(advice: Hint, card: Card) -> str:
    """Marks the rows of the cards about as good as the recommended one (two or more)."""
    return ' class="tl-coach-equal"' if len(advice.equal) > 1 and card in advice.equal else ""


def _points_key(alone: bool, perdere: bool) -> str:
    """The values' heading: the seat's or the side's points, fewer the better a perdere."""
    return "coach.points" + (".alone" if alone else "") + (".perdere" if perdere else "")


def review_html(result: Review, lang: str, hinted: Mapping[int, Hint] | None = None,
                perdere: bool = False) -> str:
    """The review as HTML: points given away, each mistake in the order played (with what
    it cost; numbered as the replay buttons), the turning points. ``hinted``:
    the hints given in the deal, by the number of cards played before each (a mistake made
    with a hint's card says so: the hint saw the seat's view only). ``perdere``: the points
    the cards cost are points taken, not given away."""
    if not result.mistakes:
        summary = _p(t("coach.no_mistakes", lang), "tl-coach-summary")
    else:
        key = "coach.total_cost.perdere" if perdere else "coach.total_cost"
        summary = _p(t(key, lang, cost=result.total_cost,
                       count=len(result.mistakes)), "tl-coach-summary")
    hinted = hinted or {}
    items = "".join(f'<li class="tl-coach-mistake" data-card="{p.card}">'
                    f"{html.escape(mistake_text(p, lang))}{_hinted(p, hinted, lang)} "
                    f"{lesson_link(p, lang)}</li>" for p in result.mistakes)
    turns = "".join(f"<li>{html.escape(mistake_text(tp.play, lang))}</li>"
                    for tp in result.turning_points if tp.play.seat not in result.seats)
    if result.unjudged is not None:  # the scope first: "every card you played" is judged
        summary = _p(result.unjudged.get(lang), "tl-coach-unjudged") + summary
    out = summary + (f'<ol class="tl-coach-mistakes">{items}</ol>' if items else "")
    out += _talk_html("declarations", result.declarations, lang)
    out += _talk_html("signals", result.signals, lang)
    if turns:
        out += _p(t("coach.turning_points", lang)) + f'<ul class="tl-coach-turns">{turns}</ul>'
    return out


def hinted_note(play: ReviewedPlay, advice: Hint | None) -> Phrase | None:
    """What a mistake made with the card of the learner's own hint was on their view: the
    best there (exactly, or by the hint's estimate), or the club player's card."""
    if advice is None or not play.own or play.card != advice.card:
        return None
    if advice.alone or not advice.separated:
        return Phrase.of("review.hinted.club")
    if advice.exact:
        key = "review.hinted.exact" if advice.deals > 1 else "review.hinted.exact.one"
        return Phrase.of(key, deals=advice.deals)
    return Phrase.of("review.hinted.estimated", deals=advice.deals)


def _hinted(play: ReviewedPlay, hinted: Mapping[int, Hint], lang: str) -> str:
    note = hinted_note(play, hinted.get(play.number))
    if note is None:
        return ""
    return f' <span class="tl-coach-hinted">{html.escape(note.get(lang))}</span>'


def _talk_html(what: str, lines: Sequence[MissedDeclaration | SignalNote], lang: str) -> str:
    """A heading and a list of the review's lines about declarations or signals (nothing
    when there are none), each with the lesson that teaches the point."""
    if not lines:
        return ""
    items = "".join(f"<li>{html.escape(line.phrase.get(lang))} {lesson_link(line, lang)}</li>"
                    for line in lines)
    return _p(t(f"review.heading.{what}", lang)) + f'<ul class="tl-coach-{what}">{items}</ul>'


def mistake_text(play: ReviewedPlay, lang: str) -> str:
    """``Trick 3, South: the Ace of cups cost 2 points. Better: the Three of cups.`` and
    why the better card is good."""
    return play.mistake.get(lang)


def lesson_link(item: ReviewedPlay | MissedDeclaration | SignalNote, lang: str) -> str:
    """A link to the lesson that teaches the point of a review's line, titled in ``lang``."""
    target = lesson(lesson_for(item))
    text = t("coach.lesson", lang, title=lesson_title(target, lang))
    return (f'<a class="tl-coach-lesson" data-lesson="{target.id}" href="{target.notebook}">'
            f"{html.escape(text)}</a>")
