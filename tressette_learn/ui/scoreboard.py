"""The scoreboard: one deal's score in thirds and points, and the match's way to its target.

The engine decides every number (:class:`~tressette_learn.engine.DealResult`,
:class:`~tressette_learn.engine.Match`); this module only lays them out, in English or
Italian, and escapes every text it puts into HTML. The chart of totals, SVG drawn in pure
Python (:mod:`.totals_chart`), appears with the first deal counted.
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Callable, Iterable, Mapping

import ipywidgets as widgets

from ..engine import Deal, DealResult, Match, MatchResult, Rules
from ..engine.seats import side_of
from ..engine_words import declared_phrase
from .events import LOG
from .i18n import side_name, t
from .markup import TABLE_SPACING
from .score_texts import Label, deal_notes
from .settings import SETTINGS, Settings
from .totals_chart import running_totals, totals_svg

FRACTIONS = ("", "⅓", "⅔")


def thirds_as_points(thirds: int) -> str:
    """``14`` thirds -> ``4⅔`` (the exact value before rounding down)."""
    whole, rest = divmod(thirds, 3)
    return f"{whole}{FRACTIONS[rest]}" if whole or not rest else FRACTIONS[rest]


def _row(css: str, label: str, values: Mapping[str, int], text: Callable[[int], str] = str
         ) -> str:
    """One table row: a label, then one cell per side holding ``data-value``."""
    cells = "".join(f'<td data-side="{html.escape(side)}" data-value="{value}">'
                    f"{html.escape(text(value))}</td>" for side, value in values.items())
    return f'<tr class="{css}"><th scope="row">{html.escape(label)}</th>{cells}</tr>'


def _thirds_text(thirds: int) -> str:
    return f"{thirds} = {thirds_as_points(thirds)}"


def _players(result: DealResult) -> int:
    """2 when the sides are seats (S, N), else 4 (sides NS and EW)."""
    return 2 if all(len(side) == 1 for side in result.sides) else 4


def deal_rows(result: DealResult, lang: str, declarations: bool = True) -> list[str]:
    """The table rows, each the sum of the rows above it where it says so: thirds of the
    cards, last trick, thirds in all, points, declarations (at tables that use them),
    bonus, total."""
    sides = result.sides
    rows = [
        _row("tl-score-cards", t("scoreboard.row.cards", lang),
             {s: v.taken_thirds for s, v in sides.items()}, _thirds_text),
        _row("tl-score-last", t("scoreboard.row.last_trick", lang),
             {s: v.last_trick for s, v in sides.items()}, lambda v: f"+{v}" if v else "–"),
        _row("tl-score-thirds", t("scoreboard.row.thirds", lang),
             {s: v.thirds for s, v in sides.items()}, _thirds_text),
        _row("tl-score-points", t("scoreboard.row.points", lang),
             {s: v.card_points for s, v in sides.items()}),
    ]
    if declarations:
        rows.append(_row("tl-score-declarations", t("scoreboard.row.declarations", lang),
                         {s: v.declarations for s, v in sides.items()}))
    if any(v.bonus for v in sides.values()):
        rows.append(_row("tl-score-bonus", t("scoreboard.row.bonus", lang),
                         {s: v.bonus for s, v in sides.items()}))
    rows.append(_row("tl-score-total", t("scoreboard.row.total", lang),
                     {s: v.total for s, v in sides.items()}))
    return rows


def declaration_lines(result: DealResult, lang: str) -> list[str]:
    """Each declaration as a line of text, marking those a cappotto cancelled."""
    if not result.declarations:
        return [t("scoreboard.declared_none", lang)]
    lines = []
    for decl in result.declarations:
        text = declared_phrase(decl).get(lang)
        side = decl.seat.name if decl.seat.name in result.sides else \
            side_of(decl.seat, _players(result))
        if result.cappotto is not None and side != result.cappotto:
            text = t("scoreboard.declared_cancelled", lang, text=text)
        lines.append(text)
    return lines


def deal_html(result: DealResult, rules: Rules, lang: str, label: Label, heading: str) -> str:
    """The whole deal panel: heading, score table, declarations on their own line, notes
    (a redeal scores nothing: only its note)."""
    notes = "".join(f'<p class="{css}">{html.escape(text)}</p>'
                    for css, text in deal_notes(result, rules, lang, label))
    if result.redeal_by is not None:
        return f'<div class="tl-score-deal"><h4>{html.escape(heading)}</h4>{notes}</div>'
    head = "".join(f"<th>{html.escape(label(side))}</th>" for side in result.sides)
    table = (f'<table class="tl-score-table" {TABLE_SPACING}><thead><tr>'
             f'<th>{html.escape(t("scoreboard.column", lang))}</th>{head}</tr></thead>'
             f'<tbody>{"".join(deal_rows(result, lang, rules.declarations))}</tbody></table>')
    declared = "".join(f"<li>{html.escape(line)}</li>" for line in declaration_lines(result, lang)
                       ) if rules.declarations else ""
    return (f'<div class="tl-score-deal"><h4>{html.escape(heading)}</h4>{table}'
            f'<ul class="tl-score-declared">{declared}</ul>{notes}</div>')


class Scoreboard(widgets.VBox):
    """The last deal's score, each side's progress to the target, and a chart of totals.

    ``Scoreboard(rules)``; ``show_deal(deal_or_result)`` shows a deal without counting it,
    ``add_deal(result)`` counts it in the match, ``follow(deal)`` shows a deal in play and
    counts it once it is over, ``from_match(match)`` loads a whole match,
    ``reset()`` starts again. ``names`` may rename the sides (``{"NS": "Anna & Marco"}``).
    It redraws in the learner's language whenever ``settings.lang`` changes.
    """

    def __init__(self, rules: Rules, target: int | None = None, *,
                 names: Mapping[str, str] | None = None, settings: Settings = SETTINGS):
        """Set up an empty match at this table; ``target`` overrides the rules' target."""
        self._target_arg = target
        self.names = dict(names or {})
        self._settings = settings
        self.results: list[DealResult] = []
        self.outcome: MatchResult | None = None
        self._shown: tuple[DealResult, int | None] | None = None
        self._counted: Deal | None = None  # the deal ``follow`` counted last
        self._deal = widgets.HTML()
        self._heading = widgets.HTML()
        self._chart = widgets.HTML(layout=widgets.Layout(max_width="600px", width="100%"))
        self._chart.add_class("tl-score-chart")
        self._progress = widgets.VBox()
        self._progress.add_class("tl-score-progress")
        super().__init__([self._deal, self._progress, self._chart])
        self.add_class("tl-scoreboard")
        self._set_rules(rules)
        self._redraw()
        settings.observe(self._on_lang, "lang")

    # -- public API --------------------------------------------------------------------
    @property
    def totals(self) -> dict[str, int]:
        """Each side's match total over the deals added so far."""
        return {side: sum(r.total(side) for r in self.results) for side in self.sides}

    def show_deal(self, deal: Deal | DealResult) -> None:
        """Show a deal's score (finished or in play) without adding it to the match."""
        self._shown = (_result(deal), None)
        self._draw_deal()

    def add_deal(self, deal: Deal | DealResult, outcome: MatchResult | None = None) -> None:
        """Count a finished deal in the match, show it, and update progress and chart.

        ``outcome`` is the engine's :class:`MatchResult` when this deal ended the match.
        """
        result = _result(deal)
        self.results.append(result)
        self.outcome = outcome
        self._shown = (result, len(self.results))
        self._redraw()

    def follow(self, deal: Deal) -> None:
        """Show a deal being played, and count it in the match once, when it is over (a
        table that deals again brings the next deal of the same match)."""
        if not deal.is_over():
            self.show_deal(deal)
        elif deal is not self._counted:
            self._counted = deal
            self.add_deal(deal)

    def from_match(self, match: Match) -> Scoreboard:
        """Show a whole match: its rules, finished deals, last deal and outcome."""
        self._set_rules(match.rules)
        self.results = list(match.results)
        self.outcome = match.result()
        self._shown = (self.results[-1], len(self.results)) if self.results else None
        self._redraw()
        return self

    def reset(self) -> None:
        """Forget every deal: an empty match at the same table."""
        self.results, self.outcome, self._shown, self._counted = [], None, None, None
        self._redraw()

    def close(self) -> None:
        """Stop following the settings and close the widgets (twice does no harm)."""
        parts = self.__dict__
        if "_settings" in parts:
            with contextlib.suppress(ValueError):
                self._settings.unobserve(self._on_lang, "lang")
        _close_all(parts.get("_rows", ()))
        _close_all(parts[name] for name in ("_deal", "_heading", "_chart", "_progress")
                   if name in parts)
        super().close()

    # -- drawing -----------------------------------------------------------------------
    @property
    def lang(self) -> str:
        """The language the board is drawn in."""
        return str(self._settings.lang)

    def label(self, side: str) -> str:
        """A side's name: the learner's name for it, else ``North–South`` / ``South``."""
        return self.names.get(side) or side_name(side, self.lang)

    def short_label(self, side: str) -> str:
        """A side's short name for the progress line: ``NS``, ``EO``, ``S``."""
        return self.names.get(side) or t(f"scoreboard.short.{side}", self.lang)

    def _set_rules(self, rules: Rules) -> None:
        self.rules = rules
        self.sides = rules.sides
        self.target = self._target_arg if self._target_arg is not None else (
            None if rules.fixed_deals is not None else rules.target)
        old = self.__dict__.get("_rows", ())
        # the same width for every side's text, so that the bars line up
        self._texts = [widgets.HTML(layout=widgets.Layout(min_width="7em"))
                       for _ in self.sides]
        self._bars = [widgets.IntProgress(min=0, max=max(self.target or 1, 1))
                      for _ in self.sides]
        self._rows = [widgets.HBox([text, bar])
                      for text, bar in zip(self._texts, self._bars, strict=True)]
        self._progress.children = [self._heading, *self._rows]
        _close_all(old)

    def _on_lang(self, _change: object) -> None:
        try:
            self._redraw()
        except Exception:  # an observer's error would be swallowed silently
            LOG.exception("scoreboard redraw failed")

    def _redraw(self) -> None:
        self._draw_deal()
        self._draw_progress()
        self._chart.layout.display = None if self.results else "none"
        if not self.results:
            self._chart.value = ""
            return
        totals = running_totals([{s: r.total(s) for s in self.sides} for r in self.results],
                                self.sides)
        self._chart.value = totals_svg(totals, self.target, self.lang, self.names)

    def _draw_deal(self) -> None:
        if self._shown is None:
            self._deal.value = (f'<div class="tl-score-deal"><p>'
                                f'{html.escape(t("scoreboard.no_deal", self.lang))}</p></div>')
            return
        result, number = self._shown
        heading = (t("scoreboard.deal_current", self.lang) if number is None
                   else t("scoreboard.deal", self.lang, number=number))
        self._deal.value = deal_html(result, self.rules, self.lang, self.label, heading)

    def _draw_progress(self) -> None:
        totals = self.totals
        for side, text, bar in zip(self.sides, self._texts, self._bars, strict=True):
            text.value = f'<span data-side="{html.escape(side)}">' \
                         f"{html.escape(self._progress_text(side, totals[side]))}</span>"
            bar.value = min(totals[side], bar.max)
            bar.layout.display = "none" if self.target is None else None
        self._heading.value = "".join(f"<p>{html.escape(line)}</p>"
                                      for line in self._match_lines(totals))

    def _progress_text(self, side: str, total: int) -> str:
        if self.target is None:
            return t("scoreboard.progress_fixed", self.lang, side=self.short_label(side),
                     total=total)
        return t("scoreboard.progress", self.lang, side=self.short_label(side), total=total,
                 target=self.target)

    def _match_lines(self, totals: Mapping[str, int]) -> list[str]:
        lang = self.lang
        if self.target is not None:
            lines = [t("scoreboard.match_to", lang, target=self.target)]
        else:
            lines = [t("scoreboard.match_of", lang, deals=self.rules.fixed_deals,
                       played=sum(1 for r in self.results if r.redeal_by is None))]
        if self.rules.low_wins:
            lines.append(t("scoreboard.low_wins", lang))
        if self.outcome is not None:
            winner = self.outcome.winner  # its total first: "Winner: East–West (27 – 23)"
            order = sorted(self.sides, key=lambda side: side != winner)
            scores = " – ".join(str(self.outcome.totals.get(s, totals[s])) for s in order)
            lines.append(t("scoreboard.winner", lang, side=self.label(winner), totals=scores))
            if self.outcome.stake > 1:
                lines.append(t("scoreboard.stake", lang, stake=self.outcome.stake))
        return lines


def _close_all(parts: Iterable[widgets.Widget]) -> None:
    """Close widgets and, for boxes, their children (ipywidgets leaves those open)."""
    for part in parts:
        if isinstance(part, widgets.Box):
            _close_all(part.children)
        part.close()


def _result(deal: Deal | DealResult) -> DealResult:
    return deal if isinstance(deal, DealResult) else deal.result()
