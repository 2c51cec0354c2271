"""The split slider of lesson 4: drag one side's thirds and see both sides' points.

The deal holds ``rules.total_thirds`` (35): whatever North–South take, East–West have the
rest, each side's thirds are rounded down to points, and the two always add up to
``rules.deal_points`` (11): the two remainders always make two thirds, which nobody scores.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..engine.rules import Rules
from ..i18n import t
from .settings import SETTINGS, Settings


def split_points(thirds: int, rules: Rules) -> dict[str, tuple[int, int, int]]:
    """Each side's ``(thirds, points, thirds lost)`` when North–South hold ``thirds``."""
    total = rules.total_thirds
    if not 0 <= thirds <= total:
        raise ValueError(f"a side holds 0 to {total} thirds, not {thirds}")
    return {side: (n, *divmod(n, 3)) for side, n in (("NS", thirds), ("EW", total - thirds))}


class ThirdsSplit(widgets.VBox):
    """A slider for North–South's thirds; East–West hold the rest of the deal's thirds."""

    def __init__(self, thirds: int = 14, rules: Rules | None = None,
                 settings: Settings = SETTINGS) -> None:
        self.rules = rules or Rules()
        self.settings = settings
        self.slider = widgets.IntSlider(value=thirds, min=0, max=self.rules.total_thirds,
                                        continuous_update=True)
        self.label = widgets.HTML()
        self.text = widgets.HTML()
        self.text.add_class("tl-split-text")
        super().__init__([widgets.HBox([self.label, self.slider]), self.text])
        self.add_class("tl-split")
        self.slider.observe(self._draw, "value")
        settings.observe(self._draw, "lang")
        self._draw()

    @property
    def split(self) -> dict[str, tuple[int, int, int]]:
        """The split the slider shows now (see :func:`split_points`)."""
        return split_points(self.slider.value, self.rules)

    def _draw(self, _change: object = None) -> None:
        lang = self.settings.lang
        self.label.value = html.escape(t("split.slider", lang))
        split = self.split
        lines = [t("split.side", lang, side=side, thirds=n, points=points, lost=lost)
                 for side, (n, points, lost) in split.items()]
        ns, ew = (split[side][1] for side in ("NS", "EW"))
        lost = sum(left for _, _, left in split.values())
        lines.append(t("split.total", lang, ns=ns, ew=ew, total=ns + ew, lost=lost))
        self.text.value = "".join(f"<p>{html.escape(line)}</p>" for line in lines)
