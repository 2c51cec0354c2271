"""The hub's proxy: the Node ``configurable-http-proxy`` when npm can install it.

JupyterHub's own proxy streams responses and passes WebSocket subprotocols; its Python port
(the ``hub`` extra, the fallback) buffers each response whole, so a server's start-up
progress and a lesson page still executing show nothing until they end. The Node package is
pinned in ``pyproject.toml`` (``[tool.tressette_learn.hub] node-proxy``) and installed once
with npm from the registry into a cache folder named by that pin (``make hub-runtime`` does
it; a hub started without it installs it then).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: no pin read, the Python proxy
    tomllib = None  # type: ignore[assignment]

PROJECT = Path(__file__).resolve().parents[3] / "pyproject.toml"
CACHE = Path(os.environ.get("TRESSETTE_HUB_CACHE", "/var/cache/tressette_learn/hub-runtime"))
COMMAND = Path("node_modules") / ".bin" / "configurable-http-proxy"


class ProxyInstallError(RuntimeError):
    """npm could not install the proxy; the message says why."""


def pinned() -> str | None:
    """The pinned package (``configurable-http-proxy@5.3.0``), or None outside a checkout."""
    if tomllib is None:
        return None
    try:
        project = tomllib.loads(PROJECT.read_text(encoding="utf-8"))
    except OSError:
        return None
    return str(project["tool"]["tressette_learn"]["hub"]["node-proxy"])


def folder_for(package: str) -> Path:
    """Where ``package`` is installed (next to the learners' runtimes when root)."""
    base = CACHE.parent if os.geteuid() == 0 else Path.home() / ".cache" / "tressette_learn"
    return base / "hub-proxy" / package.replace("@", "-")


def ensure_node_proxy(say: Callable[[str], object] | None = None) -> Path | None:
    """The Node proxy's command, installed when missing; None without npm or a pin (the
    hub then runs the Python port)."""
    package, npm = pinned(), shutil.which("npm")
    if package is None or npm is None or shutil.which("node") is None:
        return None
    folder = folder_for(package)
    if not (folder / COMMAND).is_file():
        if say is not None:
            say(f"Installing the hub's proxy ({package}) in {folder} (once)...")
        folder.mkdir(parents=True, exist_ok=True)
        done = subprocess.run([npm, "install", "--prefix", str(folder), "--no-audit",
                               "--no-fund", "--no-save", package],
                              capture_output=True, text=True, check=False)
        if done.returncode or not (folder / COMMAND).is_file():
            raise ProxyInstallError(f"npm install {package} failed (exit code "
                                    f"{done.returncode}): {done.stderr.strip()[-1500:]}")
    return folder / COMMAND
