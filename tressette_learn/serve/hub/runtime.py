"""What the learners' servers run when the hub runs as root.

Their system users may not reach the project's own environment or checkout (a Python
under ``/root``, a clone in a private folder), so their servers run from:

- a **runtime**: a virtual environment made from a Python every user can run (Debian's
  ``/usr/bin/python3``) with the project's pinned dependencies (its runtime ones and the
  ``hub`` extra, read from the installed project's metadata: pyproject.toml stays the one
  place for pins), built once in a cache folder named by a hash of that Python and the pins
  (``/var/cache/tressette_learn/hub-runtime/<hash>``), under a lock;
- an **app folder**: a world-readable copy of this package, ``lessons/``, ``notebooks/``
  and the server settings, laid out like a checkout, made anew at each hub start (so the
  servers run the current code) and found through ``PYTHONPATH``.

``python -m tressette_learn.serve.hub.runtime`` builds the runtime (``make test`` does, as root).
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from packaging.requirements import Requirement

from ...content import lessons_dir
from ..server import notebooks_dir
from .config import server_settings_file
from .node_proxy import ProxyInstallError, ensure_node_proxy

CACHE = Path(os.environ.get("TRESSETTE_HUB_CACHE", "/var/cache/tressette_learn/hub-runtime"))
BASE_PYTHONS = ("/usr/bin/python3", "/usr/local/bin/python3")
EXTRA = "hub"
DONE = "installed.json"  # written last: a runtime without it is rebuilt
PACKAGE = Path(__file__).resolve().parents[2]


class RuntimeBuildError(RuntimeError):
    """The learners' runtime could not be made; the message says what to do."""


def closed_to_others(path: Path) -> Path | None:
    """The first folder on the way to ``path`` (resolved) that other users cannot enter,
    or ``path`` itself if they cannot read it; None when a learner's user can use it."""
    target = path.resolve()
    for folder in reversed(target.parents):
        if not folder.stat().st_mode & 0o001:
            return folder
    return None if target.stat().st_mode & 0o004 else target


def base_python() -> Path:
    """A Python (3.10 or later) that every user can run: Debian's, else the one this
    environment was made from."""
    own = Path(sys.base_prefix) / "bin" / "python3"
    for candidate in (*map(Path, BASE_PYTHONS), own):
        if candidate.is_file() and closed_to_others(candidate) is None \
                and python_version(candidate) >= (3, 10):
            return candidate
    raise RuntimeBuildError("no Python 3.10+ that every user can run (install Debian's "
                        "python3 and python3-venv): the learners' servers need one")


def python_version(python: Path) -> tuple[int, int, int]:
    """The version of the Python at ``python``."""
    out = subprocess.run([str(python), "-c", "import sys; print(*sys.version_info[:3])"],
                         capture_output=True, text=True, check=True).stdout
    major, minor, micro = (int(part) for part in out.split())
    return major, minor, micro


def pins(version: tuple[int, int, int]) -> list[str]:
    """The project's dependencies and its ``hub`` extra, as pip reads them, for a Python
    of ``version`` (markers resolved, so the list says exactly what is installed)."""
    wanted = []
    major, minor, micro = version
    target = {"python_version": f"{major}.{minor}",
              "python_full_version": f"{major}.{minor}.{micro}", "extra": EXTRA}
    try:
        declared = importlib.metadata.requires("tressette_learn") or []
    except importlib.metadata.PackageNotFoundError:
        raise RuntimeBuildError("the project is not installed, so its pins are unknown: "
                                "pip install -e '.[hub]' (or make install)") from None
    for text in declared:
        requirement = Requirement(text)
        if requirement.marker is None or requirement.marker.evaluate(target):
            extras = f"[{','.join(sorted(requirement.extras))}]" if requirement.extras else ""
            wanted.append(f"{requirement.name}{extras}{requirement.specifier}")
    return sorted(wanted)


def runtime_dir(python: Path, version: tuple[int, int, int], wanted: list[str]) -> Path:
    """The runtime's folder: named by a hash of the base Python and the pins."""
    key = json.dumps({"python": str(python), "version": version, "pins": wanted})
    return CACHE / hashlib.sha256(key.encode()).hexdigest()[:16]


def ensure_runtime(say: Callable[[str], object] | None = None) -> Path:
    """The learners' runtime (a virtual environment's folder), built when missing.
    ``say``: a callable told when a build starts (it takes minutes)."""
    python = base_python()
    version = python_version(python)
    wanted = pins(version)
    folder = runtime_dir(python, version, wanted)
    if (folder / DONE).is_file():
        return folder
    with _locked(folder.with_suffix(".lock")):
        if not (folder / DONE).is_file():
            if say is not None:
                say(f"Building the learners' Python in {folder} (once; a few minutes)...")
            _build(folder, python, wanted)
    return folder


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (another hub building the same runtime waits)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    for folder in (path.parent, path.parent.parent):
        folder.chmod(0o755)
    with open(path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _build(folder: Path, python: Path, wanted: list[str]) -> None:
    """A fresh virtual environment in ``folder`` with ``wanted`` installed, readable by all."""
    shutil.rmtree(folder, ignore_errors=True)
    old = os.umask(0o022)
    try:
        _run([str(python), "-m", "venv", str(folder)], "python3 -m venv (python3-venv)")
        requirements = folder / "requirements.txt"
        requirements.write_text("\n".join(wanted) + "\n", encoding="utf-8")
        _run([str(folder / "bin" / "python"), "-m", "pip", "install", "--quiet",
              "--disable-pip-version-check", "--no-input", "-r", str(requirements)],
             "pip install")
    finally:
        os.umask(old)
    (folder / DONE).write_text(json.dumps({"python": str(python), "pins": wanted}, indent=1),
                               encoding="utf-8")
    (folder / DONE).chmod(0o644)


def _run(command: list[str], what: str) -> None:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        raise RuntimeBuildError(f"{what} failed (exit code {done.returncode}): "
                            f"{(done.stderr or done.stdout).strip()[-2000:]}")


def copy_app(app: Path, runtime: Path) -> Path:
    """``app`` made anew: this package, ``lessons/``, ``notebooks/`` and the server
    settings (``binder/``), world-readable, with bytecode the runtime's Python reads."""
    shutil.rmtree(app, ignore_errors=True)
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "lessons", "notebooks")
    old = os.umask(0o022)
    try:
        app.mkdir(parents=True)
        shutil.copytree(PACKAGE, app / PACKAGE.name, ignore=skip)
        shutil.copytree(lessons_dir(), app / "lessons", ignore=skip)
        shutil.copytree(notebooks_dir(), app / "notebooks", ignore=skip)
        settings = server_settings_file()
        if settings is not None:
            (app / "binder").mkdir()
            shutil.copy2(settings, app / "binder" / settings.name)
        _run([str(runtime / "bin" / "python"), "-m", "compileall", "-q", str(app / PACKAGE.name)],
             "compileall")
    finally:
        os.umask(old)
    app.chmod(0o755)
    return app


def main() -> int:
    """Install the hub's Node proxy, build the runtime (as root; otherwise there is
    nothing to build) and say where."""
    try:
        proxy = ensure_node_proxy(say=print)
    except ProxyInstallError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    print(f"The hub's proxy: {proxy or 'the Python port (no npm or no pin)'}")
    if os.geteuid() != 0:
        print("Not root: the hub runs learners' servers with its own Python; nothing to build.")
        return 0
    started = time.monotonic()
    try:
        folder = ensure_runtime(say=print)
    except RuntimeBuildError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    print(f"The learners' Python is ready: {folder} ({time.monotonic() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

