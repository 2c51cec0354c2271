"""Wheels and the standard library byte-compiled by Pyodide's own Python (Node runs it:
``run_python.mjs`` with ``compile_zips.py``), kept in the build cache by content: Pyodide
compiles nothing when a page opens (docs/lite.md, "Speed")."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

RUNNER = Path(__file__).with_name("run_python.mjs")
SCRIPT = Path(__file__).with_name("compile_zips.py")


def _key(path: Path, salt: str) -> str:
    digest = hashlib.sha256(salt.encode())
    digest.update(path.read_bytes())
    return digest.hexdigest()[:20]


def compiled(files: list[Path], pyodide: Path, cache: Path, salt: str) -> list[Path]:
    """The byte-compiled copy of each of ``files`` (zips), compiled by the Pyodide in
    ``pyodide`` (an unpacked npm package) unless ``cache`` holds it already (``salt``: the
    Pyodide version, whose bytecode it is)."""
    targets = [cache / _key(path, salt) / path.name for path in files]
    todo = [(src, dest) for src, dest in zip(files, targets, strict=True) if not dest.is_file()]
    if todo:
        incoming = cache / "in"
        shutil.rmtree(incoming, ignore_errors=True)
        incoming.mkdir(parents=True)
        args = []
        for src, dest in todo:
            shutil.copy2(src, incoming / src.name)
            dest.parent.mkdir(exist_ok=True)
            args += [f"in/{src.name}", dest.relative_to(cache).as_posix()]
        done = subprocess.run(["node", RUNNER, pyodide, cache, SCRIPT, *args],
                              capture_output=True, text=True)
        if done.returncode:
            sys.stderr.write(done.stdout + done.stderr)
            raise SystemExit("lite build: byte-compiling in Pyodide failed")
        shutil.rmtree(incoming)
    return targets


def prune(cache: Path, used: list[Path]) -> None:
    """Remove the compiled copies in ``cache`` that are not ``used`` (old project wheels)."""
    keep = {path.parent for path in used}
    for folder in cache.iterdir():
        if folder.is_dir() and folder not in keep:
            shutil.rmtree(folder)
