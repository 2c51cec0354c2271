"""Run by benchmarks/lite_hints.py in Pyodide under Node (the site mounted at /host):
``in_pyodide.py PRESETS DEALS``; prints each hint's and review's seconds as JSON."""

import json
import sys
import time
from pathlib import Path

import pyodide_js  # type: ignore[import-not-found]
from pyodide.ffi import to_js  # type: ignore[import-not-found]

LOCK = Path("/host/static/pyodide/pyodide-lock.json")


async def run() -> None:
    """Club players play each deal; South's every decision gets a hint, each deal a review."""
    packages = list(json.loads(LOCK.read_text(encoding="utf-8"))["packages"])
    await pyodide_js.loadPackage(to_js(packages), messageCallback=lambda message: None)
    from tressette_learn.ai import RulesPlayer
    from tressette_learn.ai.hints import hint
    from tressette_learn.ai.review import review
    from tressette_learn.engine import Deal, Rules, Seat

    south, club = Seat.parse("S"), RulesPlayer()
    hints, reviews = [], []
    for preset in sys.argv[1].split(","):
        for seed in range(int(sys.argv[2])):
            deal = Deal.new(Rules.preset(preset), seed=seed)
            while not deal.is_over():
                if deal.declaration_window() and not deal.declarations:
                    for seat in deal.seats:
                        for found in deal.available_declarations(seat):
                            deal.declare(found)
                view = deal.view(deal.to_play)
                if deal.to_play == south:
                    start = time.perf_counter()
                    advice = hint(view)
                    hints.append({"preset": preset, "basis": advice.basis,
                                  "left": deal.rules.tricks_per_deal - len(deal.tricks),
                                  "s": time.perf_counter() - start})
                decision = club.choose(view)
                deal.play(decision.card, decision.signal)
            start = time.perf_counter()
            review(deal, south)
            reviews.append({"preset": preset, "s": time.perf_counter() - start})
    print(json.dumps({"hints": hints, "reviews": reviews}))
