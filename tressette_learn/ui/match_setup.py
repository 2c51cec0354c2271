"""The form before a match: the computer level, the table (a preset), the target, Start."""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Callable

import ipywidgets as widgets

from .. import runtime
from ..ai.levels import LEVELS
from ..engine.rules import PRESETS, Rules
from .i18n import t
from .settings import SETTINGS, Settings

#: The targets of the rule book (RULES.md §5): 21 by default, or 11, 31, 41, 51.
TARGETS = (11, 21, 31, 41, 51)
#: Levels whose players search with the solver (ai/pimc.py): in the static site's pure
#: Python a search of the middle of a deal does not end in a learner's patience.
SOLVER_LEVELS = frozenset({"strong", "expert"})


def offered_levels() -> tuple[str, ...]:
    """The levels the form offers: every one, but on the static site (no server, no
    compiled solver) only those that need no solver."""
    return tuple(name for name in LEVELS
                 if not (runtime.IN_BROWSER and name in SOLVER_LEVELS))


@dataclasses.dataclass(frozen=True)
class Choice:
    """What the learner chose: a level, a preset and a target."""

    level: str
    preset: str
    target: int

    def rules(self) -> Rules:
        """The preset with the chosen target."""
        return Rules.preset(self.preset).with_options(target=self.target)

    @property
    def item(self) -> str:
        """``standard/club/21``: what an event names."""
        return f"{self.preset}/{self.level}/{self.target}"

    def data(self) -> dict[str, object]:
        """The choice as event data."""
        return dataclasses.asdict(self)


def problem(level: object, preset: object, target: object, lang: str) -> str | None:
    """Why this choice cannot start a match (in ``lang``), or None when it can."""
    if level not in offered_levels():
        return t("match.bad_level", lang)  # the list shows their names: no ids here
    if preset not in PRESETS:
        return t("match.bad_preset", lang)
    if isinstance(target, bool) or target not in TARGETS:
        return t("match.bad_target", lang, targets=", ".join(map(str, TARGETS)))
    return None


class MatchSetup(widgets.VBox):
    """Level and table dropdowns, a target box and Start; ``on_start`` gets the choice."""

    def __init__(self, on_start: Callable[[Choice], None], *, level: str = "club",
                 preset: str = "standard", target: int = 21,
                 settings: Settings = SETTINGS) -> None:
        self.settings = settings
        self._on_start = on_start
        levels = offered_levels()
        self.level = widgets.Dropdown(options=[(name, name) for name in levels],
                                      value=level if level in levels else "club")
        self.preset = widgets.Dropdown(options=[(name, name) for name in PRESETS], value=preset)
        self.target = widgets.IntText(value=target)
        self.start_button = widgets.Button(button_style="primary",
                                           layout=widgets.Layout(width="auto"))
        self.start_button.on_click(lambda _b: self.start())
        self.error = widgets.HTML()
        self.levels_note = widgets.HTML()  # on the static site: which levels are left out
        for part, css in ((self.level, "tl-match-level"), (self.preset, "tl-match-preset"),
                          (self.target, "tl-match-target"), (self.start_button, "tl-match-start"),
                          (self.error, "tl-match-error"), (self.levels_note, "tl-match-levels")):
            part.add_class(css)
        for box in (self.level, self.preset, self.target):
            box.style.description_width = "10em"
        self.level.layout.width = self.preset.layout.width = "40em"
        super().__init__([self.level, self.levels_note, self.preset, self.target,
                          self.start_button, self.error])
        self.add_class("tl-match-setup")
        settings.observe(self._relabel, "lang")
        self._relabel()

    def start(self) -> str | None:
        """Check the form and start the match; returns the problem shown instead, if any."""
        found = self._check()
        if found is None:
            self._on_start(Choice(self.level.value, self.preset.value, self.target.value))
        return found

    def _check(self) -> str | None:
        found = problem(self.level.value, self.preset.value, self.target.value,
                        self.settings.lang)
        self.error.value = "" if found is None else \
            f'<p class="tl-match-problem">{html.escape(found)}</p>'
        return found

    def _relabel(self, _change: object = None) -> None:
        lang = self.settings.lang
        self.level.description = t("match.level", lang)
        self.preset.description = t("match.preset", lang)
        self.target.description = t("match.target", lang)
        self.start_button.description = t("match.start", lang)
        left_out = len(offered_levels()) < len(LEVELS)
        self.levels_note.value = f'<p class="tl-match-levels-note">' \
            f'{html.escape(t("match.browser_levels", lang))}</p>' if left_out else ""
        for box, key, names in ((self.level, "match.level", offered_levels()),
                                (self.preset, "match.preset", PRESETS)):
            value = box.value
            box.options = [(t(f"{key}.{name}", lang), name) for name in names]
            box.value = value
        if self.error.value:
            self._check()
