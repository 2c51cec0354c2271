"""The form before a match: the computer level, the table (a preset), the target, Start."""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Callable

import ipywidgets as widgets

from ..ai.levels import LEVELS, SOLVER_LEVELS, playable_levels
from ..engine.rules import PRESETS, Rules
from .i18n import t
from .settings import SETTINGS, Settings

#: The targets of the rule book (RULES.md §5): 21 by default, or 11, 31, 41, 51.
TARGETS = (11, 21, 31, 41, 51)


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
    if level not in playable_levels():
        return t("match.bad_level", lang)  # the list shows their names: no ids here
    if preset not in PRESETS:
        return t("match.bad_preset", lang)
    if isinstance(target, bool) or target not in TARGETS:
        return t("match.bad_target", lang, targets=", ".join(map(str, TARGETS)))
    return None


class MatchSetup(widgets.VBox):
    """Level, table and target lists and Start; ``on_start`` gets the choice."""

    def __init__(self, on_start: Callable[[Choice], None], *, level: str = "club",
                 preset: str = "standard", target: int = 21,
                 settings: Settings = SETTINGS) -> None:
        self.settings = settings
        self._on_start = on_start
        self.levels = playable_levels()
        self.level = widgets.Dropdown(options=[(name, name) for name in self.levels],
                                      value=level if level in self.levels else "club")
        self.preset = widgets.Dropdown(options=[(name, name) for name in PRESETS], value=preset)
        self.target = widgets.Dropdown(options=[(str(n), n) for n in TARGETS],
                                       value=target if target in TARGETS else 21)
        self.start_button = widgets.Button(button_style="primary",
                                           layout=widgets.Layout(width="auto"))
        self.start_button.on_click(lambda _b: self.start())
        self.error = widgets.HTML()
        self.left_out = widgets.HTML()  # what the static site cannot offer (no solver)
        self.alone_note = widgets.HTML()  # how Strong and Expert play each for himself
        for part, css in ((self.level, "tl-match-level"), (self.preset, "tl-match-preset"),
                          (self.target, "tl-match-target"), (self.start_button, "tl-match-start"),
                          (self.error, "tl-match-error"), (self.left_out, "tl-match-left-out"),
                          (self.alone_note, "tl-match-alone-note")):
            part.add_class(css)
        for box in (self.level, self.preset, self.target):
            box.style.description_width = "12em"  # "Livello del computer" whole
        for box in (self.level, self.preset):  # the whole name, or the screen's width
            box.layout.width, box.layout.max_width = "100%", "40em"
        super().__init__([self.level, self.left_out, self.preset, self.alone_note, self.target,
                          self.start_button, self.error])
        self.add_class("tl-match-setup")
        settings.observe(self._relabel, "lang")
        self.level.observe(self._note_alone, "value")
        self.preset.observe(self._note_alone, "value")
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
        if self.levels != tuple(LEVELS):
            self.left_out.value = (f'<p class="tl-match-levels-note">'
                                   f'{html.escape(t("match.left_out", lang))}</p>')
        for box, key, names in ((self.level, "match.level", self.levels),
                                (self.preset, "match.preset", PRESETS)):
            value = box.value
            box.options = [(t(f"{key}.{name}", lang), name) for name in names]
            box.value = value
        if self.error.value:
            self._check()
        self._note_alone()

    def _note_alone(self, _change: object = None) -> None:
        """Each for himself a search level plays the club player's cards until the hint is
        exact (:mod:`tressette_learn.ai.pimc`): said under the table's list."""
        shown = self.level.value in SOLVER_LEVELS and self.preset.value in PRESETS and \
            Rules.preset(self.preset.value).each_for_himself
        self.alone_note.value = (f'<p class="tl-match-levels-note">'
                                 f'{html.escape(t("match.alone_levels", self.settings.lang))}'
                                 "</p>") if shown else ""
