"""The teacher's switch for a class's deals: a class code (the class chosen above, or one
typed before any learner of it signed in), a deal number to set (or to draw), or off.

With class deals on, every learner signed in with the class code plays the same deals on
the play page (see :mod:`.class_match`)."""

from __future__ import annotations

import html
import random
from typing import Any

import ipywidgets as widgets

from ...store import InputError, Store, StoreError
from ...store.records import normalise_class_code
from ..i18n import t
from ..settings import SETTINGS, Settings

MAX_TYPED = 40  # characters of a number typed
DRAWN = (1, 9999)  # a number drawn is short enough to read out to the class


class ClassDealsBox(widgets.VBox):
    """Class code, deal number, Set and Off; the line below says what the class plays.
    Whatever is refused is said there, and nothing changes."""

    def __init__(self, store: Store, class_code: str = "",
                 settings: Settings = SETTINGS) -> None:
        self.store, self.settings = store, settings
        self._problem: tuple[str, dict[str, Any]] | None = None
        self.code = widgets.Text(value=class_code, layout=widgets.Layout(width="16em"))
        self.number = widgets.Text(layout=widgets.Layout(width="24em"))
        self.set_button = widgets.Button(button_style="primary",
                                         layout=widgets.Layout(width="auto"))
        self.off_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.set_button.on_click(lambda _b: self.set_number(self.number.value))
        self.off_button.on_click(lambda _b: self.turn_off())
        self.code.observe(lambda _change: self._forget_and_draw(), "value")
        self.title, self.status = widgets.HTML(), widgets.HTML()
        for part, css in ((self.code, "tl-teacher-seed-class"), (self.number, "tl-teacher-seed"),
                          (self.set_button, "tl-teacher-seed-set"),
                          (self.off_button, "tl-teacher-seed-off"),
                          (self.status, "tl-teacher-seed-status")):
            part.add_class(css)
        for box in (self.code, self.number):
            box.style.description_width = "initial"
        super().__init__([self.title, widgets.HBox([self.code, self.number, self.set_button,
                                                    self.off_button]), self.status])
        self.add_class("tl-teacher-class-deals")
        self.draw()

    @property
    def class_code(self) -> str:
        """The class code typed, as stored (InputError when it cannot be one)."""
        return normalise_class_code(self.code.value[:MAX_TYPED])

    def set_number(self, typed: str) -> str | None:
        """Give the class the deals of ``typed`` (a number drawn when empty); returns the
        problem shown instead, and then nothing changes."""
        text = str(typed).strip()[:MAX_TYPED]
        digits = text.isascii() and text.isdigit()
        seed = random.randint(*DRAWN) if not text else int(text) if digits else -1
        problem = self._store(seed)
        if problem is None:
            self.number.value = ""
        return problem

    def turn_off(self) -> str | None:
        """Each learner of the class gets their own deals again."""
        return self._store(None)

    def _store(self, seed: int | None) -> str | None:
        try:
            code = self.class_code
            if not code:
                return self._refuse("teacher.class_deals.pick")
            self.store.set_class_seed(code, seed)
        except InputError as err:
            return self._refuse(err.key, **err.values)
        except StoreError as err:
            return self._refuse("teacher.store_failed", reason=str(err))
        self._forget_and_draw()
        return None

    def _refuse(self, key: str, **values: Any) -> str:
        self._problem = (key, values)
        self.draw()
        return t(key, self.settings.lang, **values)

    def _forget_and_draw(self) -> None:
        self._problem = None
        self.draw()

    def draw(self) -> None:
        """Write the labels and the class's state in the teacher's language."""
        lang = self.settings.lang
        self.title.value = f"<h4>{html.escape(t('teacher.class_deals', lang))}</h4>"
        self.code.description = t("teacher.class_deals.code", lang)
        self.number.description = t("teacher.class_deals.number", lang)
        self.number.placeholder = t("teacher.class_deals.help", lang)
        self.set_button.description = t("teacher.class_deals.set", lang)
        self.off_button.description = t("teacher.class_deals.off_button", lang)
        said, seed = self._state(lang)
        self.off_button.disabled = seed is None
        problem = "" if self._problem is None else (
            '<p class="tl-teacher-seed-problem">'
            f"{html.escape(t(self._problem[0], lang, **self._problem[1]))}</p>")
        self.status.value = f"<p>{html.escape(said)}</p>{problem}"

    def _state(self, lang: str) -> tuple[str, int | None]:
        """What the class typed plays, and its seed."""
        try:
            code = self.class_code
            seed = self.store.class_seed(code) if code else None
        except InputError as err:
            return t(err.key, lang, **err.values), None
        except StoreError as err:
            return t("teacher.store_failed", lang, reason=str(err)), None
        if not code:
            return t("teacher.class_deals.pick", lang), None
        if seed is None:
            return t("teacher.class_deals.off", lang, code=code), None
        return t("teacher.class_deals.on", lang, code=code, seed=seed), seed
