"""Lesson 3's Python in Pyodide under Node, without a browser: where the kernel's boot and
the lesson's cells spend their time.

    python benchmarks/lite_boot.py [--runs N] [--lesson NN_name] [--profile] [--json]

Runs the site's own Pyodide (``build/lite/static/pyodide``, build it first: ``make lite``)
with ``scripts/lite/run_python.mjs``: *pyodide* (the interpreter and its standard library
ready), *packages* (every wheel of the site's lock unpacked, as the kernel's
``loadPyodideOptions.packages`` does), *kernel* (``import pyodide_kernel``: IPython and the
kernel's imports), *cells* (the lesson's code cells, run with ``exec``: no front-end draws
the widgets). Node has no compiled-code cache: *pyodide* is a browser's cold figure.
``--profile`` prints cProfile's 40 costliest calls of the cells (one run).
JSON keys: each phase's median in seconds (``pyodide_s``...), ``runs`` (each run's phases).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tressette_learn.serve.static_site import check_site, default_dir  # noqa: E402

RUNNER = ROOT / "scripts" / "lite" / "run_python.mjs"
SCRIPT = Path(__file__).with_name("lite_boot") / "in_pyodide.py"
PHASES = ("pyodide", "packages", "kernel", "cells")


def one_run(site: Path, lesson: str, profile: bool) -> dict[str, float]:
    """One Node process: the phases' seconds (printed as JSON by :data:`SCRIPT`)."""
    done = subprocess.run(["node", RUNNER, site / "static" / "pyodide", site, SCRIPT,
                           f"files/{lesson}.ipynb", *(["--profile"] if profile else [])],
                          capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(done.stdout + done.stderr)
    *printed, last = done.stdout.strip().splitlines()
    if profile:
        print("\n".join(printed))
    loaded = re.search(r"pyodide loaded in ([0-9.]+) s", done.stderr)
    if loaded is None:
        raise SystemExit(f"no load time from the runner: {done.stderr}")
    return {"pyodide": float(loaded.group(1)), **json.loads(last)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="Node processes (default 3)")
    parser.add_argument("--lesson", default="04_following_suit", help="the page's notebook")
    parser.add_argument("--dir", type=Path, default=default_dir(), help="the built site")
    parser.add_argument("--profile", action="store_true", help="profile the cells (one run)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    check_site(args.dir)
    runs = [one_run(args.dir, args.lesson, args.profile)
            for _ in range(1 if args.profile else args.runs)]
    figures: dict[str, object] = {
        f"{phase}_s": round(statistics.median(run[phase] for run in runs), 2)
        for phase in PHASES}
    figures["runs"] = runs
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"{args.lesson} in Pyodide under Node, medians of {len(runs)}: "
              + ", ".join(f"{phase} {figures[f'{phase}_s']} s" for phase in PHASES))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
