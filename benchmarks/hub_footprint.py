"""The hub's own memory as learners are added: JupyterHub and its proxy.

    python benchmarks/hub_footprint.py --hub-python PATH [--users 0,300,3000] [--runs R]
                                       [--json]

Starts a bare JupyterHub (``PATH -m jupyterhub``: a Python that has the ``hub`` extra, as
``tressette-learn hub`` needs; its proxy is the one beside it, ``configurable-http-proxy``),
with the dummy login and a throwaway SQLite database, adds learners through its REST API
(``POST /hub/api/users``) and reads the hub's and the proxy's resident memory each time
the count reaches one of ``--users``, after the hub has listed them all
(``GET /hub/api/users``). The learners have no server running: what a running server adds
to the hub (its spawner, one proxy route, activity reports every few minutes) is not
measured here. JSON: ``{"users": [...], "hub_mb": [...], "proxy_mb": [...],
"hub_mb_per_1000_users": ..}`` (medians over ``--runs``; the slope between the first and the
last count). ``benchmarks/sizing.py --hub`` reads it.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from tressette_learn.serve.server import _children, _cmdline, _stop_group, free_port, rss_mb

CONFIG = """
c.JupyterHub.authenticator_class = "dummy"
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_port = {hub_port}
c.JupyterHub.db_url = "sqlite:///{folder}/hub.sqlite"
c.JupyterHub.cookie_secret_file = "{folder}/cookie_secret"
c.ConfigurableHTTPProxy.command = ["{proxy}"]
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.JupyterHub.services = [{{"name": "sizing", "api_token": "{token}"}}]
c.JupyterHub.load_roles = [{{"name": "sizing", "scopes": ["admin:users"],
                             "services": ["sizing"]}}]
"""
BATCH = 200  # learners added per request


class BareHub:
    """``with BareHub(python) as hub:`` a JupyterHub with nobody in it until the block ends."""

    def __init__(self, python: Path) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="tressette-hubsize-"))
        self.port, self.token = free_port(), secrets.token_hex(16)
        config = self.folder / "jupyterhub_config.py"
        config.write_text(CONFIG.format(
            port=self.port, hub_port=free_port(), api_port=free_port(), folder=self.folder,
            proxy=python.parent / "configurable-http-proxy", token=self.token))
        self.log = open(self.folder / "hub.log", "wb")  # noqa: SIM115 (closed in __exit__)
        self.process = subprocess.Popen(
            [str(python), "-m", "jupyterhub", "-f", str(config)], cwd=self.folder,
            stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True)

    def __enter__(self) -> BareHub:
        deadline = time.monotonic() + 120
        while True:
            try:
                self.api("GET", "/")
                return self
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.__exit__()
                    raise RuntimeError("the hub did not start; its log: "
                                       f"{self.folder / 'hub.log'}") from None
                time.sleep(0.5)

    def __exit__(self, *exc: object) -> None:
        _stop_group(self.process)  # type: ignore[arg-type]
        self.log.close()

    def api(self, method: str, path: str, body: object = None) -> object:
        """One call to the hub's REST API as the ``sizing`` service: the answer's JSON."""
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}/hub/api{path}", method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=120) as answer:
            return json.loads(answer.read() or b"null")

    def memory(self) -> dict[str, float]:
        """The hub's and its proxy's resident memory, in MB."""
        proxies = [pid for pid in _children(self.process.pid)
                   if b"configurable-http-proxy" in _cmdline(pid)]
        return {"hub_mb": round(rss_mb(self.process.pid), 1),
                "proxy_mb": round(sum(rss_mb(pid) for pid in proxies), 1)}


def measure(python: Path, counts: list[int]) -> dict[str, list[float]]:
    """The hub's and the proxy's memory at each count of learners, on one fresh hub."""
    found: dict[str, list[float]] = {"hub_mb": [], "proxy_mb": []}
    with BareHub(python) as hub:
        added = 0
        for count in counts:
            while added < count:
                names = [f"learner-{n}" for n in range(added, min(count, added + BATCH))]
                hub.api("POST", "/users", {"usernames": names})
                added += len(names)
            hub.api("GET", "/users?limit=100000")  # the hub loads every learner
            time.sleep(1)
            for key, value in hub.memory().items():
                found[key].append(value)
    return found


def count_list(text: str) -> list[int]:
    """``0,300,3000``: increasing counts of learners (an argparse type)."""
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list such as 0,300,3000") from None
    if len(counts) < 2 or counts != sorted(set(counts)) or counts[0] < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: give two or more increasing counts")
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hub-python", type=Path, required=True,
                        help="a Python with jupyterhub (the hub extra) installed")
    parser.add_argument("--users", type=count_list, default=[0, 300, 3000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    args = parser.parse_args(argv)
    if not os.access(args.hub_python, os.X_OK):
        parser.error(f"{args.hub_python}: not an executable Python")
    runs = [measure(args.hub_python, args.users) for _ in range(max(1, args.runs))]
    figures: dict[str, object] = {"users": args.users, "runs": len(runs)}
    for key in ("hub_mb", "proxy_mb"):
        figures[key] = [statistics.median(r[key][i] for r in runs)
                        for i in range(len(args.users))]
    hub_mb = figures["hub_mb"]
    assert isinstance(hub_mb, list)
    figures["hub_mb_per_1000_users"] = round(
        1000 * (hub_mb[-1] - hub_mb[0]) / (args.users[-1] - args.users[0]), 1)
    print(json.dumps(figures) if args.json else json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
