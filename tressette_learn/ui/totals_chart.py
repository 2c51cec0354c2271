"""The chart of running match totals as SVG text, in pure Python (no matplotlib).

One line per side, a dotted line at the target, labels in the chosen language. Sides
differ in colour (Okabe-Ito), marker and dash, so the chart reads in grey and for
colour-blind learners. The legend sits above the plot, never over the lines. The SVG
scales with its container (``viewBox``, at most 600 px wide), is an image to screen
readers (``role="img"``, a ``<title>`` and a ``<desc>`` saying the totals), escapes every
text, and the same input always gives the same string.
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .i18n import side_name, t


@dataclass(frozen=True)
class Style:
    """How one line is drawn: colour, marker (``circle``/``square``/``diamond``/
    ``triangle``), SVG dash array."""

    color: str
    marker: str
    dash: str


# Okabe-Ito blue and vermillion; the target black and dotted.
SIDE_STYLES = (Style("#0072B2", "circle", ""), Style("#D55E00", "square", "7 4"),
               Style("#009E73", "diamond", "2 3"), Style("#CC79A7", "triangle", "9 3 2 3"))
"""Two sides, or four players each for himself (the Traversone)."""
TARGET_STYLE = Style("#000000", "", "2 3")
WIDTH, HEIGHT = 600, 320
LEFT, RIGHT, BOTTOM = 58, 16, 46  # room for the y ticks and label, the x ticks and label
TITLE_Y, LEGEND_TOP, LEGEND_ROW = 22, 36, 20
FONT = 'font-family="DejaVu Sans, Arial, Helvetica, sans-serif"'
CHAR_WIDTH = 7.2  # a generous average width of a 12 px character, to lay out the legend
STEPS = (1, 2, 5)


def running_totals(deal_points: Sequence[Mapping[str, int]],
                   sides: Sequence[str]) -> dict[str, list[int]]:
    """Each side's match total before the first deal (0) and after every deal."""
    totals = {side: [0] for side in sides}
    for points in deal_points:
        for side in sides:
            totals[side].append(totals[side][-1] + points.get(side, 0))
    return totals


def tick_step(top: float, most: int) -> int:
    """The smallest step of 1, 2, 5, 10, 20, 50... putting at most ``most`` steps in ``top``."""
    scale = 1
    while True:
        for step in STEPS:
            if top / (step * scale) <= most:
                return step * scale
        scale *= 10


def _num(value: float) -> str:
    """A coordinate with one decimal at most: ``12``, ``12.5``."""
    return f"{value:.1f}".removesuffix(".0")


@dataclass(frozen=True)
class Frame:
    """The plot area in SVG units and the data ranges it shows."""

    left: float
    top: float
    right: float
    bottom: float
    x_max: float
    y_max: float

    def x(self, deal: float) -> float:
        """The SVG x of a deal number (the axis runs from -0.2 to ``x_max``)."""
        return self.left + (deal + 0.2) / (self.x_max + 0.2) * (self.right - self.left)

    def y(self, points: float) -> float:
        """The SVG y of a number of points (0 at the bottom)."""
        return self.bottom - points / self.y_max * (self.bottom - self.top)


def _frame(totals: Mapping[str, Sequence[int]], target: int | None, legend_rows: int
           ) -> tuple[Frame, int, int]:
    """The plot area, and the x and y tick steps."""
    deals = max([1, *(len(values) - 1 for values in totals.values())])
    top = max([target or 0, 1, *(v for values in totals.values() for v in values)])
    y_step = tick_step(top * 1.05, 7)
    y_max = math.ceil(top * 1.05 / y_step) * y_step
    frame = Frame(LEFT, LEGEND_TOP + legend_rows * LEGEND_ROW + 6, WIDTH - RIGHT,
                  HEIGHT - BOTTOM, deals + 0.2, y_max)
    return frame, tick_step(deals, 10), y_step


def _text(x: float, y: float, text: str, size: int, anchor: str = "middle",
          extra: str = "") -> str:
    return (f'<text x="{_num(x)}" y="{_num(y)}" font-size="{size}" text-anchor="{anchor}"'
            f'{extra}>{html.escape(text)}</text>')


def _axes(frame: Frame, x_step: int, y_step: int, lang: str) -> list[str]:
    """Grid, frame, tick labels and axis labels."""
    f = frame
    parts = ['<g stroke="#dddddd" stroke-width="0.8">']
    xs = range(0, math.floor(f.x_max) + 1, x_step)
    ys = range(0, int(f.y_max) + 1, y_step)
    parts += [f'<line x1="{_num(f.x(d))}" y1="{_num(f.top)}" x2="{_num(f.x(d))}" '
              f'y2="{_num(f.bottom)}"/>' for d in xs]
    parts += [f'<line x1="{_num(f.left)}" y1="{_num(f.y(p))}" x2="{_num(f.right)}" '
              f'y2="{_num(f.y(p))}"/>' for p in ys]
    parts.append("</g>")
    parts.append(f'<rect x="{_num(f.left)}" y="{_num(f.top)}" width="{_num(f.right - f.left)}"'
                 f' height="{_num(f.bottom - f.top)}" fill="none" stroke="#555555"/>')
    parts += [_text(f.x(d), f.bottom + 16, str(d), 11) for d in xs]
    parts += [_text(f.left - 6, f.y(p) + 4, str(p), 11, "end") for p in ys]
    parts.append(_text((f.left + f.right) / 2, HEIGHT - 8, t("scoreboard.chart.deals", lang),
                       12))
    middle = (f.top + f.bottom) / 2
    parts.append(_text(16, middle, t("scoreboard.chart.points", lang), 12,
                       extra=f' transform="rotate(-90 16 {_num(middle)})"'))
    return parts


def _marker(style: Style, x: float, y: float) -> str:
    if style.marker == "circle":
        return f'<circle cx="{_num(x)}" cy="{_num(y)}" r="4"/>'
    if style.marker == "diamond":
        return f'<polygon points="{_points([(x, y - 5), (x + 5, y), (x, y + 5), (x - 5, y)])}"/>'
    if style.marker == "triangle":
        return f'<polygon points="{_points([(x, y - 5), (x + 5, y + 4), (x - 5, y + 4)])}"/>'
    return f'<rect x="{_num(x - 3.5)}" y="{_num(y - 3.5)}" width="7" height="7"/>'


def _points(corners: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in corners)


def _stroke(style: Style, width: float) -> str:
    dash = f' stroke-dasharray="{style.dash}"' if style.dash else ""
    return f'stroke="{style.color}" stroke-width="{_num(width)}"{dash}'


def _side(frame: Frame, side: str, values: Sequence[int], style: Style) -> str:
    """One side's line and its markers, grouped with ``data-side``."""
    points = [(frame.x(deal), frame.y(v)) for deal, v in enumerate(values)]
    coords = " ".join(f"{_num(x)},{_num(y)}" for x, y in points)
    markers = "".join(_marker(style, x, y) for x, y in points)
    return (f'<g class="tl-chart-side" data-side="{html.escape(side)}">'
            f'<polyline points="{coords}" fill="none" {_stroke(style, 2)}/>'
            f'<g fill="{style.color}">{markers}</g></g>')


def _target(frame: Frame, target: int) -> str:
    y = _num(frame.y(target))
    return (f'<line class="tl-chart-target" data-value="{target}" x1="{_num(frame.left)}" '
            f'y1="{y}" x2="{_num(frame.right)}" y2="{y}" {_stroke(TARGET_STYLE, 1.5)}/>')


def _legend_entries(labels: Sequence[tuple[str, Style]]) -> list[tuple[int, float]]:
    """Each entry's row and x, left to right, wrapping when the plot's width is used."""
    placed, row, x = [], 0, float(LEFT)
    for label, _style in labels:
        width = 34 + CHAR_WIDTH * len(label) + 18
        if x > LEFT and x + width > WIDTH - RIGHT:
            row, x = row + 1, float(LEFT)
        placed.append((row, x))
        x += width
    return placed


def _legend(labels: Sequence[tuple[str, Style]]) -> list[str]:
    """A sample of each line (with its marker) and its label, above the plot."""
    parts = ['<g class="tl-chart-legend">']
    for (label, style), (row, x) in zip(labels, _legend_entries(labels), strict=True):
        y = LEGEND_TOP + row * LEGEND_ROW + LEGEND_ROW / 2
        parts.append(f'<line x1="{_num(x)}" y1="{_num(y)}" x2="{_num(x + 28)}" y2="{_num(y)}" '
                     f'{_stroke(style, 2 if style.marker else 1.5)}/>')
        if style.marker:
            parts.append(f'<g fill="{style.color}">{_marker(style, x + 14, y)}</g>')
        parts.append(_text(x + 34, y + 4, label, 12, "start"))
    parts.append("</g>")
    return parts


def _labels(totals: Mapping[str, Sequence[int]], target: int | None, lang: str,
            names: Mapping[str, str]) -> list[tuple[str, Style]]:
    labels = [(names.get(side) or side_name(side, lang), style)
              for side, style in zip(totals, SIDE_STYLES, strict=False)]
    if target is not None:
        labels.append((t("scoreboard.chart.target", lang, target=target), TARGET_STYLE))
    return labels


def description(totals: Mapping[str, Sequence[int]], target: int | None, lang: str,
                names: Mapping[str, str] | None = None) -> str:
    """The chart in words: ``After 5 deals: North–South 33 points, East–West 21 points.``"""
    names = names or {}
    deals = max([0, *(len(values) - 1 for values in totals.values())])
    sides = ", ".join(t("scoreboard.chart.side_total", lang,
                        side=names.get(side) or side_name(side, lang), total=values[-1])
                      for side, values in totals.items())
    text = t("scoreboard.chart.desc", lang, deals=deals, totals=sides)
    if target is None:
        return text
    return f"{text} {t('scoreboard.chart.desc_target', lang, target=target)}"


def totals_svg(totals: Mapping[str, Sequence[int]], target: int | None, lang: str,
               names: Mapping[str, str] | None = None) -> str:
    """The chart of running totals (as from :func:`running_totals`) as SVG text."""
    names = names or {}
    labels = _labels(totals, target, lang, names)
    legend_rows = _legend_entries(labels)[-1][0] + 1 if labels else 0
    frame, x_step, y_step = _frame(totals, target, legend_rows)
    body = [
        _text(WIDTH / 2, TITLE_Y, t("scoreboard.chart.title", lang), 15,
              extra=' font-weight="bold"'),
        *_axes(frame, x_step, y_step, lang),
        *(_side(frame, side, values, style)
          for (side, values), style in zip(totals.items(), SIDE_STYLES, strict=False)),
        *([_target(frame, target)] if target is not None else []),
        *_legend(labels),
    ]
    return (f'<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 {WIDTH} {HEIGHT}"'
            f' width="100%" style="max-width: {WIDTH}px; height: auto" {FONT} fill="#222222">'
            f"<title>{html.escape(t('scoreboard.chart.title', lang))}</title>"
            f"<desc>{html.escape(description(totals, target, lang, names))}</desc>"
            f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>'
            f'{"".join(body)}</svg>')
