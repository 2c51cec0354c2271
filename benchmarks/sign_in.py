"""What a PIN costs: a class signing in on the served course (``store/identity.py``).

    python benchmarks/sign_in.py [--learners N] [--runs R]

A fresh SQLite store; ``--learners`` (default 30) learners of one class choose their PIN,
then sign in again with it, then resume a page with their session. Prints the median over
``--runs`` (default 5) of the seconds per learner for each step (each PIN is hashed with
PBKDF2-SHA256, ``identity.ITERATIONS`` rounds), and the load average (the machine is shared).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from tressette_learn.store import Store
from tressette_learn.store.identity import ITERATIONS, Identities


def one_run(learners: int) -> dict[str, float]:
    """Seconds per learner for: the first sign-in, a later one, a page resumed."""
    with tempfile.TemporaryDirectory() as folder:
        people = Identities(Store(f"sqlite:///{Path(folder) / 'p.sqlite'}"))
        names = [f"Learner {n}" for n in range(learners)]
        times: dict[str, float] = {}
        start = time.perf_counter()
        found = [people.sign_in(name, "3B", "2718") for name in names]
        times["first sign-in (PIN chosen)"] = (time.perf_counter() - start) / learners
        start = time.perf_counter()
        for name in names:
            people.sign_in(name.upper(), "3B", "2718")
        times["sign-in with the PIN"] = (time.perf_counter() - start) / learners
        tokens = [people.session(learner) for learner in found]
        start = time.perf_counter()
        for learner, token in zip(found, tokens, strict=True):
            people.resume(learner.id, token)
        times["page resumed (session)"] = (time.perf_counter() - start) / learners
        people.store.close()
        return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    runs = [one_run(args.learners) for _ in range(args.runs)]
    print(f"{args.learners} learners, {args.runs} runs, PBKDF2 rounds {ITERATIONS}, "
          f"load average {os.getloadavg()[0]:.1f}")
    for step in runs[0]:
        values = [run[step] for run in runs]
        print(f"  {step:28s} median {1000 * statistics.median(values):7.1f} ms per learner "
              f"(max {1000 * max(values):.1f})")


if __name__ == "__main__":
    main()
