"""Pyodide's core files (the interpreter and its standard library) from the npm package
``pyodide``, which holds no package wheels: the site adds its own (:mod:`.lock`)."""

from __future__ import annotations

import json
import shutil
import subprocess
import tarfile
from pathlib import Path
from typing import Any

STDLIB = "python_stdlib.zip"
CORE = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", STDLIB)


def fetch(version: str, cache: Path) -> Path:
    """The unpacked npm package ``pyodide@version`` (``npm pack`` once, then the cache)."""
    unpacked = cache / f"pyodide-{version}"
    if not (unpacked / "package" / "pyodide.asm.wasm").is_file():
        cache.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "pack", "--silent", f"pyodide@{version}",
                        "--pack-destination", str(cache)], check=True, stdout=subprocess.DEVNULL)
        with tarfile.open(cache / f"pyodide-{version}.tgz") as archive:
            archive.extractall(unpacked, filter="data")
    return unpacked / "package"


def install(package: Path, dest: Path) -> dict[str, Any]:
    """Copy the core files into ``dest``; return the package's own lock file (its ``info``
    must match the interpreter's ABI; it names the micropip Pyodide was built with)."""
    dest.mkdir(parents=True, exist_ok=True)
    for name in CORE:
        shutil.copy2(package / name, dest / name)
    lock = json.loads((package / "pyodide-lock.json").read_text(encoding="utf-8"))
    return lock


def bootstrap_pins(lock: dict[str, Any]) -> tuple[str, ...]:
    """``micropip==...`` and ``packaging==...`` at the versions this Pyodide was built with."""
    return tuple(f"{name}=={lock['packages'][name]['version']}"
                 for name in ("micropip", "packaging"))
