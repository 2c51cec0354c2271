"""Spaced review (Leitner boxes), computed from a learner's stored results and kept in no
table of its own, so the rule can change without losing anything.

A question or a drill the learner misses goes into box 1. Each right answer after that
moves it up a box, each wrong one puts it back into box 1; right in the last box, it is
learned and leaves the review. An item is due its box's interval after its latest result.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from ..store.clock import parse
from ..teaching.results import Result

INTERVALS = (1, 3, 7, 16, 35)  # days an item waits in boxes 1, 2, 3, 4 and 5
REVIEWED = ("question", "drill")  # the exercises that come back


@dataclasses.dataclass(frozen=True)
class ReviewItem:
    """One exercise in a box: what to ask again (``source``, ``item``), its lesson, its
    box (1 to 5) and when it is due."""

    source: str
    item: str
    lesson: str
    exercise: str
    box: int
    due: datetime

    def to_json(self) -> dict[str, Any]:
        """The item as JSON (the due time in ISO 8601)."""
        return {"source": self.source, "item": self.item, "lesson": self.lesson,
                "exercise": self.exercise, "box": self.box,
                "due": self.due.isoformat(timespec="seconds")}


def schedule(results: Iterable[Result]) -> list[ReviewItem]:
    """Every exercise in a box, the soonest due first."""
    boxes: dict[tuple[str, str], tuple[int, Result]] = {}
    for result in _in_time_order(results):
        key = (result.source, result.item)
        box = boxes.get(key, (0, result))[0]
        boxes[key] = (_next_box(box, result.solved), result)
    items = [_item(box, last) for box, last in boxes.values() if box]
    return sorted(items, key=lambda item: (item.due, item.source, item.item))


def due_items(results: Iterable[Result], now: datetime) -> list[ReviewItem]:
    """The exercises due at ``now`` (see :func:`tressette_learn.store.clock.now`), the
    longest waiting first."""
    return [item for item in schedule(results) if item.due <= now]


def next_due(results: Iterable[Result], now: datetime) -> datetime | None:
    """When the next exercise falls due after ``now`` (None when nothing is in a box)."""
    later = [item.due for item in schedule(results) if item.due > now]
    return min(later, default=None)


def _next_box(box: int, solved: bool) -> int:
    """The box after one more answer: 1 when missed, one up when right (0: not or no
    longer in the review)."""
    if not solved:
        return 1
    return 0 if box in (0, len(INTERVALS)) else box + 1


def _in_time_order(results: Iterable[Result]) -> list[Result]:
    """The reviewed exercises' results by time (results of one second in stored order)."""
    kept = [result for result in results if result.exercise in REVIEWED and result.at]
    return sorted(kept, key=lambda result: parse(result.at))


def _item(box: int, last: Result) -> ReviewItem:
    return ReviewItem(last.source, last.item, last.lesson, last.exercise, box,
                      parse(last.at) + timedelta(days=INTERVALS[box - 1]))
