"""The learner's display choices shared by every widget: language and card faces.

A choice is stamped with the time it was made (``chosen_at``, the server's clock), so that a
choice kept in the browser and one kept with a signed-in learner can be compared: the later
one wins, on every page (:mod:`.preferences`).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from datetime import datetime, timezone

import traitlets

from ..engine.svg import FACES, set_display
from ..engine_words import svg_labels
from ..i18n import SOURCE, speaking
from .i18n import LANGUAGES

__all__ = ["FACES", "SETTINGS", "Settings", "now_stamp"]


def now_stamp() -> str:
    """This moment as stored with a choice (ISO, UTC, microseconds: they sort as text)."""
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def read_stamp(text: str) -> str:
    """``text`` as a stamp like :func:`now_stamp` writes, a time to come counted as now
    (a wrong clock must not outlast later choices); ValueError if it is not a time."""
    when = datetime.fromisoformat(text)
    if when.tzinfo is None:
        raise ValueError(f"a time without its zone: {text!r}")
    return min(when.astimezone(timezone.utc).isoformat(timespec="microseconds"), now_stamp())


LANG_VARIABLE = "TRESSETTE_LANG"  # the server's language before a learner chooses one


def default_language() -> str:
    """The language set for the whole server (e.g. by the class hub), else English."""
    lang = os.environ.get(LANG_VARIABLE, "").strip().lower()
    return lang if lang in LANGUAGES else SOURCE


class Settings(traitlets.HasTraits):
    """Language (a folder of ``lessons/strings``) and faces (``italian``/``french``);
    widgets observe it.

    ``lang`` is handed out as a :class:`~tressette_learn.i18n.Language` that carries the
    faces, so every sentence a widget writes in it names the cards as its faces show them
    (the Queen of hearts) without the widget passing the faces. ``chosen_at`` is when they
    were last chosen ("" while they are the defaults).
    """

    lang = traitlets.Enum(LANGUAGES, default_value=SOURCE)
    faces = traitlets.Enum(FACES, default_value="italian")
    chosen_at = traitlets.Unicode("")

    def __init__(self, drives_display: bool = False, **kwargs: object) -> None:
        self.drives_display = drives_display
        self._restoring = True  # values given here are not a learner's choice
        super().__init__(**{"lang": default_language(), **kwargs})
        self._restoring = False
        if drives_display:  # cards drawn in a notebook are labelled in the learner's words
            set_display(faces=self.faces, labels=svg_labels(self.lang))

    @traitlets.validate("lang")
    def _speaking(self, proposal: traitlets.Bunch) -> str:
        return speaking(proposal["value"], self.faces)

    @traitlets.observe("faces")
    def _rename_cards(self, change: traitlets.Bunch) -> None:
        """The faces change how the language names cards: the same code (no change of
        language for the observers), carrying the new faces; first of all observers."""
        self.set_trait("lang", speaking(self.lang, change["new"]))

    @traitlets.observe("lang", "faces")
    def _changed(self, _change: object) -> None:
        """A new choice: stamp it; the shared settings also choose how cards draw
        themselves in a notebook."""
        if not self._restoring:
            self.chosen_at = now_stamp()
        if self.drives_display:
            set_display(faces=self.faces, labels=svg_labels(self.lang))

    def offer(self, lang: str, faces: str, at: str) -> bool:
        """Take a choice saved elsewhere if it is later than the current one; whether it
        was taken. ValueError (and no change) for an unknown language, faces or time."""
        if lang not in LANGUAGES or faces not in FACES:
            raise ValueError(f"unknown language {lang!r} or faces {faces!r}")
        stamp = read_stamp(at)
        if self.chosen_at and stamp <= self.chosen_at:
            return False
        with self._restored(), self.hold_trait_notifications():
            self.lang, self.faces, self.chosen_at = lang, faces, stamp
        return True

    @contextlib.contextmanager
    def _restored(self) -> Iterator[None]:
        self._restoring = True
        try:
            yield
        finally:
            self._restoring = False


SETTINGS = Settings(drives_display=True)
