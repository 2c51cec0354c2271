"""How long the teacher's import of a progress file takes, at the largest size taken.

    python benchmarks/progress_import.py [--mb M] [--runs R]

Builds a learner's progress document of about ``--mb`` MB (default 9.9: just under the
limit) from results and answers on exercises of the course, then prints the median over
``--runs`` (default 3) of: reading it (every field checked, :func:`progress_file.read`)
and importing it into a fresh SQLite store in one transaction (the dashboard's and
``progress --import``'s path), with the machine's load average.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from tressette_learn.store import Record, Result, Store
from tressette_learn.store.progress_file import Progress, read
from tressette_learn.store.progress_import import import_file, lesson_ids
from tressette_learn.teaching.exercises import course_exercises


def document(megabytes: float, seed: int = 1) -> bytes:
    """A learner's progress of at most ``megabytes`` MB (nearly that): one answer and one
    result an attempt."""
    rng = random.Random(seed)
    items = [item for found in course_exercises().values() for item in found]
    progress = Progress("Anna", "3B")

    def attempt(n: int) -> None:
        item, right = rng.choice(items), rng.random() < 0.6
        progress.events[f"e{n}"] = Record("answer", item.lesson, item.source, item.item, right,
                                          {"number": n}, f"e{n}", "2025-03-14T09:30:00+00:00")
        progress.results[f"r{n}"] = Result(
            item.lesson, item.source, item.item, item.exercise, right, rng.randrange(3),
            rng.randrange(2), None, rng.random() * 90, f"a{n}", "2025-03-14T09:30:00+00:00",
            {"title": dict(item.title)})

    for n in range(500):
        attempt(n)
    each = len(progress.text().encode()) / 500
    for n in range(500, int(megabytes * 1_000_000 / each)):
        attempt(n)
    while len(text := progress.text().encode()) > megabytes * 1_000_000:
        for _ in range(20):
            progress.events.popitem()
            progress.results.popitem()
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=9.9)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    text = document(args.mb)
    reading, importing = [], []
    for run in range(args.runs):
        start = time.perf_counter()
        read(text, lesson_ids())
        reading.append(time.perf_counter() - start)
        with tempfile.TemporaryDirectory() as folder:
            store = Store(f"sqlite:///{Path(folder) / f'run{run}.sqlite'}")
            start = time.perf_counter()
            said = import_file(store, "anna.json", text)
            importing.append(time.perf_counter() - start)
            store.close()
        assert said.key == "teacher.import.added", said.get("en")
    results = len(read(text).results)
    print(f"file: {len(text) / 1e6:.2f} MB, {results} results and {results} answers")
    print(f"read and check: median {statistics.median(reading):.2f} s "
          f"(runs: {', '.join(f'{s:.2f}' for s in reading)})")
    print(f"whole import into SQLite: median {statistics.median(importing):.2f} s "
          f"(runs: {', '.join(f'{s:.2f}' for s in importing)})")
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())} "
          f"on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
