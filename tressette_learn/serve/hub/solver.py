"""The class's one solver service, run by the hub for every learner's server.

Without it each learner's kernels would load the compiled search core themselves (~110 MB
per process). The hub runs ``python -m tressette_learn.serve.hub.solver`` as a JupyterHub-managed
service and gives every learner's server the socket's address and key
(``TRESSETTE_SOLVER_ADDRESS``, ``TRESSETTE_SOLVER_KEY``), so their kernels ask it instead
(:mod:`tressette_learn.ai.solve.client`). As root the service runs as the system user
``tressette-solver``; its socket is in ``STATE/solver`` (owner the service, group the class,
mode 2750), so only the class's users reach it, and they must still prove the key.
"""

from __future__ import annotations

import os
import pwd
import subprocess
from pathlib import Path
from typing import Any

from ...ai.solve import ADDRESS_ENV, KEY_ENV, run_service

SOLVER_USER = "tressette-solver"
SOCKET = "solver.sock"
CACHE = "cache"


def ensure_solver_user() -> pwd.struct_passwd:
    """The service's system user (made when missing: no home, no shell, no password)."""
    try:
        return pwd.getpwnam(SOLVER_USER)
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", "--home-dir", "/nonexistent",
                        "--shell", "/usr/sbin/nologin", "--comment", "tressette solver",
                        SOLVER_USER], check=True, capture_output=True)
        return pwd.getpwnam(SOLVER_USER)


def prepare_folder(folder: Path, class_gid: int | None) -> None:
    """The socket's folder (and the compiled core's cache inside): as root owned by the
    service with the class's group, which may reach the socket and nothing else; else
    private to the hub's user."""
    cache = folder / CACHE
    cache.mkdir(parents=True, exist_ok=True)
    if class_gid is None:
        folder.chmod(0o700)
        return
    user = ensure_solver_user()
    os.chown(folder, user.pw_uid, class_gid)
    folder.chmod(0o2750)  # the class's group passes through to the socket
    os.chown(cache, user.pw_uid, user.pw_gid)
    cache.chmod(0o700)


def service_spec(folder: Path, python: Path, app_dir: str, key: str) -> dict[str, Any]:
    """The JupyterHub service that runs the solver (as its own user when the hub is root)."""
    env = {ADDRESS_ENV: str(folder / SOCKET), KEY_ENV: key,
           "NUMBA_CACHE_DIR": str(folder / CACHE)}  # its home is /nonexistent
    if app_dir:
        env["PYTHONPATH"] = app_dir
    return {"name": "solver", "command": [str(python), "-m", __name__], "cwd": str(folder),
            "environment": env, "user": SOLVER_USER if os.geteuid() == 0 else ""}


def main() -> None:
    """Serve with a socket the class's group may connect to."""
    os.umask(0o007)
    run_service()


if __name__ == "__main__":
    main()
