"""Stars, computed from stored results (never stored, so the rule can change): one to
three per exercise, the best attempt counting; a lesson is passed with enough stars."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from .results import Result

PASS_SHARE = Fraction(3, 4)  # of a lesson's exercises with a best of one star or more
FREE_LOSS = 1 / 3 - 1e-9  # points an exercise may lose and still earn three stars
SMALL_LOSS = 1.0 + 1e-9  # points a two-star attempt may lose


def stars(result: Result) -> int:
    """0 when not solved; 3 without a mistake, a hint or a third of a point lost; 2 with
    one mistake or hint at most and a point lost at most; else 1."""
    if not result.solved:
        return 0
    lost = result.points_lost or 0.0
    slips = result.mistakes + result.hints
    if slips == 0 and lost < FREE_LOSS:
        return 3
    return 2 if slips <= 1 and lost <= SMALL_LOSS else 1


def best_stars(results: Iterable[Result]) -> dict[tuple[str, str], int]:
    """The best stars of each exercise (by source and item) over its attempts."""
    best: dict[tuple[str, str], int] = {}
    for result in results:
        key = (result.source, result.item)
        best[key] = max(best.get(key, 0), stars(result))
    return best


def passed(best: Iterable[int], exercises: int) -> bool:
    """Whether a lesson of ``exercises`` exercises is passed with these best stars."""
    earned = sum(1 for value in best if value >= 1)
    return exercises > 0 and earned >= PASS_SHARE * exercises


def lesson_stars(best: Iterable[int], exercises: int) -> int:
    """A lesson's stars: 0 until passed, then the mean of its exercises' best stars
    (unattempted ones count 0), rounded down, at least 1."""
    values = list(best)
    if not passed(values, exercises):
        return 0
    return max(1, int(Fraction(sum(values), exercises)))
