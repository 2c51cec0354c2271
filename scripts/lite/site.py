"""``voici build`` on a staging folder: the pages, Pyodide with the site's wheels, and the
settings that make the kernel load those wheels at start and never ask PyPI."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from tressette_learn.teaching.course import by_role

from . import trim

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
FIRST_PAGE = f"voici/render/{by_role('index').id}.html"  # the course's index
# The site's index.html: voici's sends the learner to a list of files (and by an absolute
# path, which breaks on a host that serves the site below its root); ours opens the course.
ENTRY_PAGE = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="refresh" content="0; url={FIRST_PAGE}">
<title>Tressette</title></head>
<body><p><a href="{FIRST_PAGE}">Tressette: the course · il corso</a></p></body></html>
"""


def lite_config(out: Path, extensions: list[Path]) -> dict[str, object]:
    """jupyter_lite_config.json: only the front-end extensions named (from the very wheels
    the browser's Python loads, so versions match), none from this environment."""
    return {"LiteBuildConfig": {
        "apps": ["voici"], "contents": ["files"], "output_dir": str(out),
        "ignore_sys_prefix": True, "no_sourcemaps": True,
        "federated_extensions": [str(path) for path in extensions]}}


def lite_settings(preload: list[str]) -> dict[str, object]:
    """jupyter-lite.json: the kernel loads ``preload`` from the site's lock file as it
    starts (so it installs nothing itself), and PyPI is never asked."""
    kernel = {"disablePyPIFallback": True, "loadPyodideOptions": {"packages": preload}}
    return {"jupyter-lite-schema-version": 0,
            "jupyter-config-data": {"litePluginSettings": {KERNEL_PLUGIN: kernel}}}


def voici_build(stage: Path, out: Path, extensions: list[Path], preload: list[str]) -> None:
    """Write the configuration into ``stage`` (which holds files/ and static/pyodide/) and
    build the site into ``out`` (emptied first)."""
    (stage / "jupyter_lite_config.json").write_text(
        json.dumps(lite_config(out, extensions), indent=1), encoding="utf-8")
    (stage / "jupyter-lite.json").write_text(
        json.dumps(lite_settings(preload), indent=1), encoding="utf-8")
    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(stage / ".cache", ignore_errors=True)
    # (voici-core's own `python -m voici_core` imports the `voici` package, which we skip)
    subprocess.run([sys.executable, "-c", "from voici_core.app import main; main()",
                    "build", "--lite-dir", str(stage)], check=True, cwd=stage,
                   stdout=subprocess.DEVNULL)
    (out / "index.html").write_text(ENTRY_PAGE, encoding="utf-8")
    trim.trim(out)
