"""Hints and reviews on the static site: their seconds in the site's own Pyodide (no
compiled solver, no numpy, no thread), under Node.

    python benchmarks/lite_hints.py [--presets standard,a_due] [--deals N] [--json]

Club players play ``--deals`` seeded deals (default 4) of each preset at every seat; each
of South's decisions gets ``hint(view)`` and each deal ends with South's review, as the
play page's Hint and Review buttons ask them. Needs a built site (``make lite``). Hints are
grouped by how they were made (``basis``: the reference solver near the end, club
play-outs before). Node has no page to draw: the figures are Python's time alone.
JSON keys: ``hints`` (per basis and overall: count, median_s, p95_s, max_s), ``reviews``
(count, median_s, max_s), ``deals``, ``presets``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from headless import percentile  # noqa: E402

from tressette_learn.serve.static_site import check_site, default_dir  # noqa: E402

RUNNER = ROOT / "scripts" / "lite" / "run_python.mjs"
SCRIPT = Path(__file__).with_name("lite_hints") / "in_pyodide.py"


def summary(seconds: list[float]) -> dict[str, float | int]:
    """Count, median, p95 and max of ``seconds``."""
    return {"count": len(seconds), "median_s": round(statistics.median(seconds), 3),
            "p95_s": round(percentile(seconds, 0.95), 3), "max_s": round(max(seconds), 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", default="standard,a_due")
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    site = default_dir()
    check_site(site)
    done = subprocess.run(["node", RUNNER, site / "static" / "pyodide", site, SCRIPT,
                           args.presets, str(args.deals)],
                          capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(done.stdout + done.stderr)
    measured = json.loads(done.stdout.strip().splitlines()[-1])
    hints = measured["hints"]
    by_basis = {basis: summary([h["s"] for h in hints if h["basis"] == basis])
                for basis in sorted({h["basis"] for h in hints})}
    out = {"presets": args.presets.split(","), "deals": args.deals,
           "hints": {"overall": summary([h["s"] for h in hints]), **by_basis},
           "reviews": summary([r["s"] for r in measured["reviews"]])}
    if args.json:
        print(json.dumps(out, indent=2))
        return
    for name, row in out["hints"].items():
        print(f"hint {name:<11} n={row['count']:<4} median {row['median_s']:.2f} s, "
              f"p95 {row['p95_s']:.2f} s, max {row['max_s']:.2f} s")
    row = out["reviews"]
    print(f"review      n={row['count']:<4} median {row['median_s']:.2f} s, "
          f"max {row['max_s']:.2f} s")


if __name__ == "__main__":
    main()
