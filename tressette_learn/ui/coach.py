"""The coach beside a table: a hint on request and, after the deal, a review of the
learner's mistakes with the points each cost."""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as widgets

from ..ai.hints import Hint, hint, warm_up
from ..ai.review import Review, ReviewedPlay, review
from ..engine.cards import Card
from ..i18n import Wording, card_name, number
from .events import LOG, Event, EventSource
from .i18n import t
from .settings import SETTINGS, Settings
from .table import Table


class Coach(widgets.VBox, EventSource):
    """A Hint button for the learner's turn and a Review button once the deal is over."""

    def __init__(self, table: Table, *, settings: Settings = SETTINGS) -> None:
        self.table = table
        self.settings = settings
        self.last_hint: Hint | None = None
        self.last_review: Review | None = None
        self._hints = 0
        warm_up()  # compile or load the solver core while the learner plays
        self.hint_button = _button("tl-coach-hint", self.show_hint)
        self.review_button = _button("tl-coach-review", self.show_review)
        self.progress = widgets.IntProgress(min=0, max=1, value=0)
        self.progress.layout.display = "none"
        self.output = widgets.HTML()
        self.output.add_class("tl-coach-output")
        super().__init__([widgets.HBox([self.hint_button, self.review_button]),
                          self.progress, self.output])
        self.add_class("tl-coach")
        table.observe(self._follow_table, "state")
        settings.observe(self._relabel, "lang")
        self._relabel()
        self._follow_table()

    # -- hint -----------------------------------------------------------------------
    def show_hint(self) -> Hint | None:
        """The recommended card for the learner's turn, its reason and each card's value."""
        lang = self.settings.lang
        if self.table.status != "your_turn":
            self.output.value = _p(t("coach.hint_wait", lang))
            return None
        self.output.value = _p(t("coach.thinking", lang))
        advice = hint(self.table.view(), seed=self._hints)
        self._hints += 1
        self.last_hint = advice
        self.table.highlight(advice.card)
        self.output.value = hint_html(advice, lang)
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
            result = review(self.table.deal, self.table.me, progress=self._progress)
        except Exception:  # a review must never show a traceback to the learner
            LOG.exception("review failed")
            self.output.value = _p(t("coach.review_failed", lang))
            return None
        finally:
            self.progress.layout.display = "none"
        self.last_review = result
        self.output.value = review_html(result, lang)
        self.emit(Event("review", self.table.source, data={
            "cost": result.total_cost, "mistakes": len(result.mistakes)}))
        return result

    def _progress(self, done: int, total: int) -> None:
        self.progress.max = max(total, 1)
        self.progress.value = done

    # -- internals ----------------------------------------------------------------------
    def _follow_table(self, _change: object = None) -> None:
        status = self.table.status
        self.hint_button.disabled = status != "your_turn"
        self.review_button.disabled = status != "over"
        if status != "over":
            self.last_review = None

    def _relabel(self, _change: object = None) -> None:
        lang = self.settings.lang
        self.hint_button.description = t("coach.hint", lang)
        self.review_button.description = t("coach.review", lang)
        if self.last_review is not None:
            self.output.value = review_html(self.last_review, lang)
        elif self.last_hint is not None:
            self.output.value = hint_html(self.last_hint, lang)


def _button(css: str, action) -> widgets.Button:
    button = widgets.Button()
    button.add_class(css)
    button.on_click(lambda _b: action())
    return button


def _p(text: str, css: str = "") -> str:
    cls = f' class="{css}"' if css else ""
    return f"<p{cls}>{html.escape(text)}</p>"


def hint_html(advice: Hint, lang: str) -> str:
    """The hint as HTML: the card, why, how sure, and every legal card's value."""
    method = t(f"coach.{advice.basis}", lang, deals=advice.deals, confidence=advice.percent)
    rows = "".join(
        f'<tr data-card="{e.card}"{_equal_class(advice, e.card)}>'
        f"<td>{html.escape(card_name(e.card, lang, 'bare'))}</td>"
        f"<td>{number(e.points, lang, '.1f')}</td></tr>" for e in advice.values)
    head = (f"<tr><th>{html.escape(t('coach.card', lang))}</th>"
            f"<th>{html.escape(t('coach.points', lang))}</th></tr>")
    return (_p(t("coach.play", lang, card=advice.card), "tl-coach-card")
            + _p(advice.explanation.get(lang), "tl-coach-why") + _p(method, "tl-coach-method")
            + f'<table class="tl-coach-values">{head}{rows}</table>')


def _equal_class(advice: Hint, card: Card) -> str:
    """Marks the rows of the cards about as good as the recommended one (two or more)."""
    return ' class="tl-coach-equal"' if len(advice.equal) > 1 and card in advice.equal else ""


def review_html(result: Review, lang: str) -> str:
    """The review as HTML: points given away, each mistake, the turning points."""
    if not result.mistakes:
        summary = _p(t("coach.no_mistakes", lang), "tl-coach-summary")
    else:
        summary = _p(t("coach.total_cost", lang, cost=result.total_cost,
                       count=len(result.mistakes)), "tl-coach-summary")
    items = "".join(f'<li class="tl-coach-mistake" data-card="{p.card}">'
                    f"{html.escape(mistake_text(p, lang))}</li>" for p in result.mistakes)
    turns = "".join(f"<li>{html.escape(mistake_text(tp.play, lang))}</li>"
                    for tp in result.turning_points if tp.play.seat not in result.seats)
    out = summary + (f'<ol class="tl-coach-mistakes">{items}</ol>' if items else "")
    out += _talk_html("declarations", [d.phrase for d in result.declarations], lang)
    out += _talk_html("signals", [n.phrase for n in result.signals], lang)
    if turns:
        out += _p(t("coach.turning_points", lang)) + f'<ul class="tl-coach-turns">{turns}</ul>'
    return out


def _talk_html(what: str, lines: Sequence[Wording], lang: str) -> str:
    """A heading and a list of the review's lines about declarations or signals (nothing
    when there are none)."""
    if not lines:
        return ""
    items = "".join(f"<li>{html.escape(line.get(lang))}</li>" for line in lines)
    return _p(t(f"review.heading.{what}", lang)) + f'<ul class="tl-coach-{what}">{items}</ul>'


def mistake_text(play: ReviewedPlay, lang: str) -> str:
    """``Trick 3, South: the Ace of cups cost 2 points. Better: the Three of cups.`` and
    why the better card is good."""
    return play.mistake.get(lang)
