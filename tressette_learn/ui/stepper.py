"""A row of step buttons and a line of text (a guided hand's controls), keyboard-ready.

Each button is a real ``<button>`` (Tab to reach it, Enter or Space to press it). One that
cannot act now is marked ``aria-disabled`` rather than disabled, so it keeps the keyboard
focus. A press reaches Python as ``{"type": "step", "action": "forward"}``; an unknown
action, or one not offered now, is logged and ignored. :meth:`Stepper.focus` asks the
browser to focus a button.
"""

from __future__ import annotations

import dataclasses
import pathlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import anywidget
import traitlets

from .events import LOG
from .messages import checked

SHAPES = {"step": {"action": str}}
_HERE = pathlib.Path(__file__).parent


@dataclasses.dataclass(frozen=True)
class Step:
    """One button: its action, its label, whether it acts now and whether it is shown."""

    action: str
    label: str
    enabled: bool = True
    shown: bool = True


class Stepper(anywidget.AnyWidget):
    """Buttons that call ``actions[name]()`` when pressed; redraw with :meth:`show`."""

    _esm = _HERE / "stepper.js"
    _css = _HERE / "stepper.css"
    state = traitlets.Dict().tag(sync=True)

    def __init__(self, actions: Mapping[str, Callable[[], object]]) -> None:
        super().__init__()
        self._actions = dict(actions)
        self._offered: set[str] = set()
        self.on_msg(self._on_message)

    def show(self, steps: Sequence[Step], text: str = "") -> None:
        """Draw ``steps`` (in order) and ``text`` after them."""
        unknown = {step.action for step in steps} - set(self._actions)
        if unknown:
            raise ValueError(f"no action for {sorted(unknown)}")
        self._offered = {step.action for step in steps if step.enabled and step.shown}
        self.state = {"steps": [dataclasses.asdict(step) for step in steps], "text": text}

    def offered(self) -> set[str]:
        """The actions a press would do now."""
        return set(self._offered)

    def press(self, action: str) -> bool:
        """Do ``action`` as a press of its button would; ``False`` if it is not offered."""
        if action not in self._offered:
            return False
        self._actions[action]()
        return True

    def focus(self, action: str) -> None:
        """Put the keyboard focus on ``action``'s button."""
        self.send({"type": "focus", "action": action})

    def _on_message(self, _widget: object, content: Any, _buffers: object) -> None:
        msg = checked("Stepper", content, SHAPES)
        if msg is None:
            return
        try:
            if not self.press(msg["action"]):
                LOG.warning("Stepper ignored %.64r: not offered now", msg["action"])
        except Exception:  # the kernel must survive anything a press causes
            LOG.exception("Stepper failed on %.200r", content)
