"""Run by benchmarks/lite_boot.py in Pyodide under Node (the site is mounted at /host):
``in_pyodide.py files/NN_name.ipynb [--profile]``; prints the phases' seconds as JSON."""

import cProfile
import json
import pstats
import sys
import time
from pathlib import Path

import pyodide_js  # type: ignore[import-not-found]
from pyodide.ffi import to_js  # type: ignore[import-not-found]

SITE = Path("/host")
PROFILE_FILTER = "<module>|__init__|_build|header|section"  # what --profile lists


async def run() -> None:
    """Load the site's packages, import the kernel, run the cells; print the phases."""
    notebook, profile = sys.argv[1], "--profile" in sys.argv
    sys.argv[1:] = []  # the kernel's IPython app parses them
    marks = {"start": time.perf_counter()}
    lock = json.loads((SITE / "static/pyodide/pyodide-lock.json").read_text(encoding="utf-8"))
    await pyodide_js.loadPackage(to_js(list(lock["packages"])),
                                 messageCallback=lambda message: None)
    marks["packages"] = time.perf_counter()
    streams = sys.stdout, sys.stderr
    import pyodide_kernel  # what the kernel imports as it starts

    # the kernel's streams and comms send to a front-end: there is none here
    sys.stdout, sys.stderr = streams
    pyodide_kernel.kernel_instance.interpreter.send_comm = lambda *args, **kwargs: None
    marks["kernel"] = time.perf_counter()
    cells = [cell["source"] for cell in json.loads((SITE / notebook).read_text())["cells"]
             if cell["cell_type"] == "code"]
    namespace: dict[str, object] = {"__name__": "__main__"}
    profiler = cProfile.Profile() if profile else None
    for source in cells:
        code = compile("".join(source), "cell", "exec")
        if profiler:
            profiler.runcall(exec, code, namespace)
        else:
            exec(code, namespace)
    marks["cells"] = time.perf_counter()
    if profiler:
        stats = pstats.Stats(profiler, stream=sys.stdout).sort_stats("cumtime")
        stats.print_stats(PROFILE_FILTER, 40)
    names, ends = list(marks), list(marks.values())
    print(json.dumps({name: round(end - start, 3)
                      for name, start, end in zip(names[1:], ends, ends[1:], strict=False)}))
