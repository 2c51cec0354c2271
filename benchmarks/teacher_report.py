"""How long the teacher's dashboard takes to read and draw a busy class.

    python benchmarks/teacher_report.py [--learners N] [--results K] [--deals D] [--runs R]

A fresh SQLite store gets ``--learners`` learners of one class (default 30), each with
``--results`` results (default 300, on exercises of the course drawn at random) and
``--deals`` class deals played and reviewed (default 10). Prints the median over
``--runs`` (default 5) of: reading the results and the events from the store, computing the
report (stars by lesson, the exercises missed, the deals compared) and the whole dashboard
refresh (the HTML in Italian included).
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from tressette_learn.classroom.class_deals import compare_deals, deal_key
from tressette_learn.classroom.class_report import lesson_lines, missed_exercises
from tressette_learn.store import Record, Result, Store
from tressette_learn.teaching.course import by_role
from tressette_learn.teaching.exercises import course_exercises
from tressette_learn.ui.classroom.teacher import TeacherDashboard
from tressette_learn.ui.settings import Settings

PLAY = by_role("play").id  # the page whose class deals are recorded


def fill(store: Store, learners: int, results: int, deals: int, seed: int = 1) -> None:
    """A class of ``learners`` with their results and class deals."""
    rng = random.Random(seed)
    items = [item for found in course_exercises().values() for item in found]
    for n in range(learners):
        who = store.sign_in(f"Learner {n}", "3B")
        for _ in range(results):
            item = rng.choice(items)
            store.add_result(who, Result(
                item.lesson, item.source, item.item, item.exercise, rng.random() < 0.6,
                rng.randrange(3), rng.randrange(2), rng.random() * 2, rng.random() * 90,
                data={"title": dict(item.title)}))
        for number in range(1, deals + 1):
            key = deal_key(42, "standard", number)
            points = rng.randrange(12)
            store.add(who, Record("class_deal", PLAY, "match", key, data={
                "level": "club", "points": points, "against": 11 - points}))
            store.add(who, Record("class_review", PLAY, "match", key, data={
                "cost": 2, "mistakes": [{"trick": rng.randrange(1, 11), "card": "Ac",
                                         "best": ["3c"], "cost": 1}]}))


def timed(action: Callable[[], object], runs: int) -> float:
    """The median seconds of ``action`` over ``runs``."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--results", type=int, default=300)
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        store = Store(f"sqlite:///{Path(folder) / 'p.sqlite'}")
        fill(store, args.learners, args.results, args.deals)
        rows, results = store.rows(), store.class_results("3B")
        settings = Settings()
        settings.lang = "it"
        board = TeacherDashboard(store, key="k", settings=settings)
        board.unlock("k")
        figures = {
            "read_s": timed(lambda: (store.rows(), store.class_results("3B")), args.runs),
            "report_s": timed(lambda: (lesson_lines(results), missed_exercises(results),
                                       compare_deals(rows)), args.runs),
            "refresh_s": timed(lambda: board.refresh("3B"), args.runs),
        }
    print(f"{args.learners} learners x {args.results} results, {args.deals} class deals; "
          f"median of {args.runs} runs")
    for name, seconds in figures.items():
        print(f"  {name}: {seconds:.3f}")


if __name__ == "__main__":
    main()
