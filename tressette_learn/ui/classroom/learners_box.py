"""The teacher's changes to learners on the dashboard (behind the teacher key): rename,
merge two records of one person, reset a forgotten PIN, remove a learner.

One learner is chosen from a list (of the class chosen above, or all); each change says what
it did, or why it was refused (and then nothing changed). Removing asks for a second press.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ...store import InputError, Learner, Store, StoreError
from ...store.identity import Identities
from ..i18n import t
from ..settings import SETTINGS, Settings

ACTIONS = ("rename", "merge", "reset_pin", "remove")


def label(learner: Learner) -> str:
    """How a learner is listed: name, class and id (two records of one name differ)."""
    return f"{learner.name} · {learner.class_code or '–'} · #{learner.id}"


class LearnersBox(widgets.VBox):
    """A learner, then Rename (to the name typed), Merge into (another learner), Reset PIN
    and Remove; ``changed`` is called after each change (the dashboard redraws)."""

    def __init__(self, store: Store, class_code: str = "", settings: Settings = SETTINGS,
                 changed: Callable[[], None] = lambda: None) -> None:
        self.people, self.settings, self.changed = Identities(store), settings, changed
        self.class_code = class_code
        self._said: tuple[str, dict[str, Any], str] | None = None
        self._removing: int | None = None  # the learner whose removal awaits a second press
        self._drawing = False
        self.learner = widgets.Dropdown(layout=widgets.Layout(width="24em"))
        self.into = widgets.Dropdown(layout=widgets.Layout(width="24em"))
        self.new_name = widgets.Text(layout=widgets.Layout(width="20em"))
        self.buttons = {action: widgets.Button(layout=widgets.Layout(width="auto"))
                        for action in ACTIONS}
        self.buttons["rename"].on_click(lambda _b: self.rename(self.new_name.value))
        self.buttons["merge"].on_click(lambda _b: self.merge(self.into.value))
        self.buttons["reset_pin"].on_click(lambda _b: self.reset_pin())
        self.buttons["remove"].on_click(lambda _b: self.remove())
        self.title, self.status = widgets.HTML(), widgets.HTML()
        for part, css in ((self.learner, "tl-teacher-learner"), (self.into, "tl-teacher-into"),
                          (self.new_name, "tl-teacher-new-name"),
                          (self.status, "tl-teacher-learners-status"),
                          *((button, f"tl-teacher-{action.replace('_', '-')}")
                            for action, button in self.buttons.items())):
            part.add_class(css)
        for box in (self.learner, self.into, self.new_name):
            box.style.description_width = "initial"
        self.learner.observe(lambda _change: self._forget(), "value")
        super().__init__([self.title, self.learner,
                          widgets.HBox([self.new_name, self.buttons["rename"]]),
                          widgets.HBox([self.into, self.buttons["merge"]]),
                          widgets.HBox([self.buttons["reset_pin"], self.buttons["remove"]]),
                          self.status])
        self.add_class("tl-teacher-learner-changes")
        self.draw()

    # -- the changes --------------------------------------------------------------------
    def chosen(self) -> Learner | None:
        """The learner chosen in the list (None if none, or no longer stored)."""
        value = self.learner.value
        return self.people.by_id(value) if isinstance(value, int) else None

    def rename(self, name: str) -> bool:
        """Give the chosen learner the name typed."""
        return self._do(lambda who: self.people.rename(who, name), "teacher.learner.renamed",
                        name=" ".join(str(name).split()))

    def merge(self, into_id: object) -> bool:
        """Move the chosen learner's progress to the learner chosen under "Merge into"."""
        into = self.people.by_id(into_id) if isinstance(into_id, int) else None
        if into is None:
            return self._refuse("teacher.error.no_learner")
        return self._do(lambda who: self.people.merge(who, into), "teacher.learner.merged",
                        into=into.name)

    def reset_pin(self) -> bool:
        """Forget the chosen learner's PIN: they choose a new one at their next sign-in."""
        return self._do(self.people.reset_pin, "teacher.learner.pin_reset")

    def remove(self) -> bool:
        """Ask once; on the second press remove the chosen learner and their progress."""
        who = self.chosen()
        if who is not None and self._removing != who.id:
            self._removing = who.id
            self._said = ("teacher.learner.remove_confirm", {"name": who.name}, "ask")
            self.draw()
            return False
        return self._do(self.people.remove, "teacher.learner.removed")

    def _do(self, change: Callable[[Learner], Any], done: str, **values: Any) -> bool:
        who = self.chosen()
        if who is None:
            return self._refuse("teacher.error.no_learner")
        try:
            change(who)
        except InputError as err:
            return self._refuse(err.key, **err.values)
        except StoreError as err:
            return self._refuse("teacher.store_failed", reason=str(err))
        self._removing = None
        self._said = (done, {"name": who.name, **values}, "done")
        self.new_name.value = ""
        self.draw()
        self.changed()
        return True

    def _refuse(self, key: str, **values: Any) -> bool:
        self._removing = None
        self._said = (key, values, "problem")
        self.draw()
        return False

    def _forget(self) -> None:
        if not self._drawing and self._said is not None and self._said[2] != "done":
            self._said, self._removing = None, None
            self.draw()

    # -- drawing --------------------------------------------------------------------------
    def draw(self) -> None:
        """Labels in the teacher's language, and the learners of the class."""
        lang = self.settings.lang
        self.title.value = f"<h4>{html.escape(t('teacher.learner.title', lang))}</h4>"
        self.learner.description = t("teacher.learner.choose", lang)
        self.into.description = t("teacher.learner.into", lang)
        self.new_name.description = t("teacher.learner.new_name", lang)
        for action, button in self.buttons.items():
            button.description = t(f"teacher.learner.{action}", lang)
        try:
            learners = self.people.store.learners(class_code=self.class_code or None)
        except (StoreError, InputError):
            learners = []
        options = [(label(who), who.id) for who in learners]
        chosen, into = self.learner.value, self.into.value
        ids = [who.id for who in learners]
        self._drawing = True
        try:
            self.learner.options = options
            self.into.options = options
            self.learner.value = chosen if chosen in ids else (ids[0] if ids else None)
            self.into.value = into if into in ids else (ids[1] if len(ids) > 1 else None)
        finally:
            self._drawing = False
        said = self._said
        self.status.value = "" if said is None else (
            f'<p class="tl-teacher-learner-{said[2]}">'
            f"{html.escape(t(said[0], lang, **said[1]))}</p>")
