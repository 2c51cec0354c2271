"""Class deals compared (no widgets): the deals every learner of a class played from the
class seed, learner by learner, with the best, the average and the mistakes several made.

The play page stores one ``class_deal`` event per finished class deal and one
``class_review`` event when the learner asks for the review of it (see
:mod:`..ui.classroom.class_match`); both name the deal by :func:`deal_key`. A
learner's first play of a deal counts, as a first answer does.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..engine.cards import Card
from ..engine.rules import Rules

Row = Mapping[str, Any]
DEAL = "class_deal"
REVIEW = "class_review"
MAX_MISTAKES = 5  # common mistakes shown per deal


def deal_key(seed: int, preset: str, number: int) -> str:
    """``1234/standard/2``: the class seed, the table and the deal's number (from 1)."""
    return f"{seed}/{preset}/{number}"


@dataclasses.dataclass(frozen=True)
class DealPlay:
    """One learner's play of a class deal: their side's points and the other side's;
    ``cost`` (points given away) once they asked for the review."""

    name: str
    level: str
    points: int
    against: int
    cost: float | None = None


@dataclasses.dataclass(frozen=True)
class CommonMistake:
    """A card several learners played at the same trick when ``best`` was better."""

    trick: int
    card: Card
    best: tuple[Card, ...]
    names: tuple[str, ...]
    cost: float  # points given away, on average

    @property
    def count(self) -> int:
        """How many learners made it."""
        return len(self.names)


@dataclasses.dataclass(frozen=True)
class ClassDeal:
    """One class deal and how the class played it (``number`` counts from 1)."""

    class_code: str
    seed: int
    preset: str
    number: int
    plays: tuple[DealPlay, ...]
    mistakes: tuple[CommonMistake, ...]

    @property
    def rules(self) -> Rules:
        """The table's rule set."""
        return Rules.preset(self.preset)

    @property
    def low_wins(self) -> bool:
        """At a perdere the fewest points are the best."""
        return self.rules.low_wins

    @property
    def best(self) -> DealPlay:
        """The best play (the most points, the fewest at a perdere)."""
        return self.rules.best(self.plays, key=lambda p: p.points)

    @property
    def average(self) -> float:
        """The class's average points."""
        return sum(p.points for p in self.plays) / len(self.plays)


def compare_deals(rows: Iterable[Row]) -> list[ClassDeal]:
    """Every class deal played in ``rows`` (events with their learner, oldest first): the
    deals of the latest class seed (and table) first, each set by its deals' numbers."""
    plays: dict[tuple[str, str], dict[str, DealPlay]] = defaultdict(dict)
    reviews: dict[tuple[str, str], dict[str, Mapping[str, Any]]] = defaultdict(dict)
    for row in rows:
        key, data = (row["class_code"], row["item"]), row.get("data") or {}
        if row["kind"] == DEAL and _deal_data(data):
            plays[key].setdefault(row["name"], DealPlay(
                row["name"], str(data.get("level", "")), data["points"], data["against"]))
        elif row["kind"] == REVIEW and isinstance(data.get("cost"), int | float):
            reviews[key].setdefault(row["name"], data)
    keys = [key for key in plays if _parsed(key[1])]
    # each set of class deals (class, seed and table) by when it was first played
    first: dict[tuple[str, str], int] = {}
    for place, (code, item) in enumerate(keys):
        first.setdefault((code, item.rsplit("/", 1)[0]), place)
    keys.sort(key=lambda k: (-first[(k[0], k[1].rsplit("/", 1)[0])], _parsed(k[1])))
    return [_deal(code, item, plays[(code, item)], reviews[(code, item)])
            for code, item in keys]


def _deal_data(data: Mapping[str, Any]) -> bool:
    return all(isinstance(data.get(k), int) and not isinstance(data.get(k), bool)
               for k in ("points", "against"))


def _parsed(item: str) -> tuple[int, str, int] | None:
    """The seed, table and number of a deal key (None if it is not one)."""
    parts = item.split("/")
    if len(parts) != 3 or not parts[0].isdigit() or not parts[2].isdigit():
        return None
    try:
        Rules.preset(parts[1])
    except ValueError:
        return None
    return int(parts[0]), parts[1], int(parts[2])


def _deal(code: str, item: str, plays: Mapping[str, DealPlay],
          reviews: Mapping[str, Mapping[str, Any]]) -> ClassDeal:
    parsed = _parsed(item)
    assert parsed is not None
    ordered = tuple(dataclasses.replace(play, cost=_cost(reviews.get(name)))
                    for name, play in sorted(plays.items()))
    return ClassDeal(code, *parsed, ordered, common_mistakes(
        {name: review.get("mistakes") or [] for name, review in reviews.items()
         if name in plays}))


def _cost(review: Mapping[str, Any] | None) -> float | None:
    return None if review is None else float(review["cost"])


def common_mistakes(by_learner: Mapping[str, Sequence[Any]]) -> tuple[CommonMistake, ...]:
    """The mistakes of the learners' reviews (``{trick, card, best, cost}`` each) grouped by
    trick, card and better cards: the most made first, then the costliest."""
    found: dict[tuple[int, Card, tuple[Card, ...]], dict[str, float]] = defaultdict(dict)
    for name, mistakes in by_learner.items():
        for mistake in mistakes:
            parsed = _mistake(mistake)
            if parsed is not None:
                found[parsed[0]][name] = parsed[1]
    common = [CommonMistake(trick, card, best, tuple(sorted(costs)),
                            sum(costs.values()) / len(costs))
              for (trick, card, best), costs in found.items()]
    common.sort(key=lambda m: (-m.count, -m.cost, m.trick))
    return tuple(common[:MAX_MISTAKES])


def _mistake(data: Any) -> tuple[tuple[int, Card, tuple[Card, ...]], float] | None:
    """A stored mistake read back (None if it is malformed)."""
    try:
        trick, cost = data["trick"], float(data["cost"])
        if isinstance(trick, bool) or not isinstance(trick, int):
            return None
        best = tuple(sorted(Card.parse(text) for text in data["best"]))
        return (trick, Card.parse(data["card"]), best), cost
    except (KeyError, TypeError, ValueError):
        return None


def mistakes_data(mistakes: Iterable[Any]) -> list[dict[str, Any]]:
    """The mistakes of a review (:class:`~tressette_learn.ai.review.ReviewedPlay`) as a
    ``class_review`` event keeps them."""
    return [{"trick": m.trick, "card": str(m.card), "best": [str(c) for c in m.best],
             "cost": m.cost, "exact": m.exact} for m in mistakes]


__all__ = ["DEAL", "REVIEW", "ClassDeal", "CommonMistake", "DealPlay", "common_mistakes",
           "compare_deals", "deal_key", "mistakes_data"]
