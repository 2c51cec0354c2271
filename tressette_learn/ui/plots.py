"""Charts drawn with matplotlib's object-oriented API on the Agg canvas (never pyplot).

The running match totals: one line per side, a dotted line at the target, labels in the
chosen language. Sides differ in colour, marker and line style, so the chart reads in
grey and for colour-blind learners. The same input always gives the same PNG bytes.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as widgets
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from .i18n import side_name, t

# Okabe-Ito colours (blue, vermillion) with distinct markers and dashes per side.
SIDE_STYLES: tuple[dict[str, Any], ...] = (
    {"color": "#0072B2", "marker": "o", "linestyle": "-"},
    {"color": "#D55E00", "marker": "s", "linestyle": "--"},
)
TARGET_STYLE: dict[str, Any] = {"color": "#000000", "linestyle": ":", "linewidth": 1.5}
FIGSIZE = (6.0, 3.2)
DPI = 100


def running_totals(deal_points: Sequence[Mapping[str, int]],
                   sides: Sequence[str]) -> dict[str, list[int]]:
    """Each side's match total before the first deal (0) and after every deal."""
    totals = {side: [0] for side in sides}
    for points in deal_points:
        for side in sides:
            totals[side].append(totals[side][-1] + points.get(side, 0))
    return totals


def totals_figure(totals: Mapping[str, Sequence[int]], target: int | None, lang: str,
                  names: Mapping[str, str] | None = None) -> Figure:
    """The chart of running totals (as from :func:`running_totals`), not yet rendered."""
    fig = Figure(figsize=FIGSIZE, dpi=DPI, layout="constrained")
    ax = fig.add_subplot()
    for (side, values), style in zip(totals.items(), SIDE_STYLES, strict=False):
        label = (names or {}).get(side) or side_name(side, lang)
        ax.plot(range(len(values)), list(values), label=label, gid=f"side-{side}", **style)
    if target is not None:
        ax.axhline(target, label=t("scoreboard.chart.target", lang, target=target),
                   gid="target", **TARGET_STYLE)
    _decorate(ax, totals, target, lang)
    return fig


def _decorate(ax: Axes, totals: Mapping[str, Sequence[int]], target: int | None,
              lang: str) -> None:
    """Titles, axis labels, integer ticks and the legend."""
    top = max([target or 0, *(v for values in totals.values() for v in values)])
    ax.set_ylim(0, max(top, 1) * 1.1)
    ax.set_xlim(-0.2, max(1, *(len(v) - 1 for v in totals.values())) + 0.2)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_title(t("scoreboard.chart.title", lang))
    ax.set_xlabel(t("scoreboard.chart.deals", lang))
    ax.set_ylabel(t("scoreboard.chart.points", lang))
    ax.grid(True, color="#dddddd", linewidth=0.6)
    ax.legend(loc="upper left", fontsize="small")


def figure_png(fig: Figure) -> bytes:
    """Render a figure to PNG on the Agg canvas, without time or version metadata."""
    FigureCanvasAgg(fig)  # attaches itself as fig.canvas: no pyplot, no global backend
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=DPI, facecolor="white",
                metadata={"Software": None})
    return buffer.getvalue()


def totals_png(totals: Mapping[str, Sequence[int]], target: int | None, lang: str,
               names: Mapping[str, str] | None = None) -> bytes:
    """The running-totals chart as PNG bytes."""
    return figure_png(totals_figure(totals, target, lang, names))


def totals_image(totals: Mapping[str, Sequence[int]], target: int | None, lang: str,
                 names: Mapping[str, str] | None = None) -> widgets.Image:
    """The running-totals chart in an ``ipywidgets.Image`` (class ``tl-score-chart``)."""
    image = widgets.Image(value=totals_png(totals, target, lang, names), format="png",
                          layout=widgets.Layout(max_width="600px", width="100%"))
    image.add_class("tl-score-chart")
    return image
