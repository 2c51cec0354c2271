"""Events the widgets emit (answers, finished deals, hints) for a progress store to record."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from typing import Any

LOG = logging.getLogger("tressette_learn.ui")

Listener = Callable[["Event"], None]
_GLOBAL: list[Listener] = []
_OPENERS: list[Callable[[Any], None]] = []


@dataclasses.dataclass(frozen=True)
class Event:
    """What happened: ``kind`` (``answer``, ``deal_end``, ``match_end``, ``hint``, ...),
    the widget that says so (``source``), the item, whether it was right, and details."""

    kind: str
    source: str
    item: str = ""
    correct: bool | None = None
    data: dict[str, Any] = dataclasses.field(default_factory=dict)


def subscribe(listener: Listener) -> Callable[[], None]:
    """Hear every widget's events; returns a function that stops listening."""
    _GLOBAL.append(listener)
    return lambda: _GLOBAL.remove(listener) if listener in _GLOBAL else None


def on_open(listener: Callable[[Any], None]) -> Callable[[], None]:
    """Hear of every widget that announces itself (a quiz that may resume); returns a
    function that stops listening."""
    _OPENERS.append(listener)
    return lambda: _OPENERS.remove(listener) if listener in _OPENERS else None


def announce(widget: Any) -> None:
    """Tell the open-listeners that ``widget`` was just shown."""
    for listener in tuple(_OPENERS):
        try:
            listener(widget)
        except Exception:  # a listener must never break the lesson
            LOG.exception("open listener failed")


class EventSource:
    """Mixin: ``on_event(listener)`` and ``emit(event)``; a failing listener is only logged."""

    def on_event(self, listener: Listener) -> None:
        """Call ``listener`` with each event of this widget."""
        self.__dict__.setdefault("_listeners", []).append(listener)

    def emit(self, event: Event) -> None:
        """Tell this widget's listeners and the global ones."""
        for listener in (*self.__dict__.get("_listeners", ()), *_GLOBAL):
            try:
                listener(event)
            except Exception:  # a listener must never break the lesson
                LOG.exception("event listener failed on %s", event.kind)
