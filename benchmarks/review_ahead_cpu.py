"""What valuing a review's positions during the deal costs the server (issue 24).

    python benchmarks/review_ahead_cpu.py [--deals N] [--preset standard] [--json]

Plays ``--deals`` seeded deals with club players and reviews South's cards two ways, each
on a solver service of its own (their tables start empty alike):

- **at the end** (the code before): ``review()`` once the deal is over;
- **ahead**: :class:`ReviewAhead` follows the deal card by card (as the play page's coach
  does), searching at low priority; then ``review(known=...)`` gathers what is known.

It reports the solver service's CPU seconds per deal for each, the share of the ahead mode
spent before the review is asked (what a learner who never asks for the review costs), the
CPU of this process (the kernel's side: copies of the deal, positions, the review's own
work) and checks that both reviews are the same.
JSON keys: ``deals``, ``preset``, ``end_solver_cpu_s``, ``ahead_solver_cpu_s``,
``ahead_review_solver_cpu_s`` (the review after the ahead: what is left), ``end_kernel_cpu_s``,
``ahead_kernel_cpu_s``, ``ahead_review_kernel_cpu_s`` (each per deal), ``same``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tressette_learn.ai import make_player, play_deal
from tressette_learn.ai.review import ReviewAhead, review
from tressette_learn.ai.solve import SolverService
from tressette_learn.engine import Deal, Rules, Seat


def process_cpu(pid: int) -> float:
    """CPU seconds (user + system) of process ``pid`` and its living children (the
    service's idle searcher), their threads included."""
    children = [c for task in Path(f"/proc/{pid}/task").iterdir()
                for c in (task / "children").read_text().split()]
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    own = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return own + sum(process_cpu(int(child)) for child in children)


def deals(preset: str, count: int, first: int = 1000) -> list[Deal]:
    """``count`` deals of ``preset`` played to the end by club players (seeds from
    ``first``)."""
    out = []
    for seed in range(count):
        deal = Deal.new(Rules.preset(preset), seed=first + seed)
        play_deal(deal, {s: make_player("club", int(s) + seed) for s in deal.seats})
        out.append(deal)
    return out


def replayed(final: Deal, ahead: ReviewAhead) -> bool:
    """The deal card by card, followed after each, as the table shows it; whether every
    position was valued (within 600 s)."""
    deal = Deal(final.rules, final.dealer, {s: final.dealt_hand(s) for s in final.seats},
                final.dealt_stock, final.match_scores)
    ahead.follow(deal)
    for action in final.actions:
        deal.apply(action)
        ahead.follow(deal)
    return ahead.wait(600)


def measure(finals: list[Deal], ahead_mode: bool, preset: str) -> dict[str, Any]:
    """Review every deal at the end, or (``ahead_mode``) after following it: the solver
    service's and this process's CPU seconds per deal, before and after the review is
    asked, and the reviews."""
    seat = Seat(0)
    pid = int(os.environ["REVIEW_AHEAD_SERVICE_PID"])  # this process searches there
    review(deals(preset, 1, 0)[0], seat)  # connection, core (not counted)
    during, solver, kernel_during, kernel, reviews = 0.0, 0.0, 0.0, 0.0, []
    for final in finals:
        s0, k0 = process_cpu(pid), time.process_time()
        known = None
        if ahead_mode:
            ahead = ReviewAhead()
            replayed(final, ahead)
            known = ahead.known
            ahead.close()
        s1, k1 = process_cpu(pid), time.process_time()
        reviews.append(review(final, seat, known=known).to_json())
        during += s1 - s0
        kernel_during += k1 - k0
        solver += process_cpu(pid) - s1
        kernel += time.process_time() - k1
    per = len(finals)
    return {"reviews": reviews, "during": during / per, "solver": solver / per,
            "kernel_during": kernel_during / per, "kernel": kernel / per}


def measured(args: argparse.Namespace, mode: str) -> dict[str, Any]:
    """:func:`measure` in a process of its own, told of a fresh service as a kernel is."""
    with SolverService.start() as service:
        env = {**os.environ, **service.env(),
               "REVIEW_AHEAD_SERVICE_PID": str(service.process.pid)}
        out = subprocess.run([sys.executable, __file__, "--deals", str(args.deals),
                              "--preset", args.preset, "--mode", mode],
                             env=env, check=True, capture_output=True, text=True).stdout
    return dict(json.loads(out))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--mode", choices=["end", "ahead"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.mode:  # one way, in this process (see measured)
        finals = deals(args.preset, args.deals)
        print(json.dumps(measure(finals, args.mode == "ahead", args.preset)))
        return 0
    end, ahead = measured(args, "end"), measured(args, "ahead")
    figures = {"deals": args.deals, "preset": args.preset,
               "end_solver_cpu_s": round(float(end["solver"]), 3),
               "ahead_solver_cpu_s": round(float(ahead["during"]), 3),
               "ahead_review_solver_cpu_s": round(float(ahead["solver"]), 3),
               "end_kernel_cpu_s": round(float(end["kernel"]), 3),
               "ahead_kernel_cpu_s": round(float(ahead["kernel_during"]), 3),
               "ahead_review_kernel_cpu_s": round(float(ahead["kernel"]), 3),
               "same": end["reviews"] == ahead["reviews"]}
    summary = (f"{args.deals} deals ({args.preset}), CPU seconds per deal: the solver "
               f"service {figures['end_solver_cpu_s']} for the review at the end; ahead "
               f"{figures['ahead_solver_cpu_s']} during the deal and "
               f"{figures['ahead_review_solver_cpu_s']} for the review; this process "
               f"{figures['end_kernel_cpu_s']} / {figures['ahead_kernel_cpu_s']} + "
               f"{figures['ahead_review_kernel_cpu_s']}; the same reviews: {figures['same']}")
    print(json.dumps(figures) if args.json else summary)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
