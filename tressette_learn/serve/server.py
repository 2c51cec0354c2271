"""Starting and stopping a Voilà server on this machine (for `serve`, tests and benchmarks)."""

from __future__ import annotations

import compileall
import contextlib
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from types import TracebackType

from ..ai.solve import SolverService
from .address import LOOPBACK, local_host


class ServerError(RuntimeError):
    """Voilà did not start; the message ends with its log."""


def notebooks_dir() -> Path:
    """The lessons' notebooks: shipped as ``tressette_learn/notebooks`` or ``notebooks/``."""
    package = Path(__file__).resolve().parents[1]
    installed = package / "notebooks"
    return installed if installed.is_dir() else package.parent / "notebooks"


def settings_option() -> str:
    """The option that gives Voilà the project's settings (``notebooks/voila.json``)."""
    return f"--Voila.config_file_paths={notebooks_dir()}"


def compile_package() -> None:
    """Write this package's bytecode, so that each kernel does not compile it again.

    pip does this when it installs the package; an editable checkout run with
    PYTHONDONTWRITEBYTECODE does not, and every kernel then pays ~0.07 s of CPU."""
    with contextlib.suppress(OSError):
        compileall.compile_dir(Path(__file__).resolve().parents[1], quiet=2)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def answers(url: str) -> bool:
    """Whether ``url`` answers 200."""
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return bool(response.status == 200)
    except OSError:
        return False


def wait_until_answers(url: str, process: subprocess.Popen[bytes], timeout: float) -> str:
    """Wait until ``url`` answers 200: "" then, else what went wrong (``process`` exited,
    or the time ran out)."""
    deadline = time.monotonic() + timeout
    while not answers(url):
        if process.poll() is not None:
            return f"exited with code {process.returncode}"
        if time.monotonic() > deadline:
            return f"did not answer within {timeout:.0f} s"
        time.sleep(0.2)
    return ""


def lab_command(root: Path, port: int, token: str = "", app: str = "jupyterlab") -> list[str]:
    """JupyterLab (or ``notebook``, Notebook 7) on ``root`` at 127.0.0.1:``port``."""
    return [sys.executable, "-m", app, f"--ServerApp.root_dir={root}", f"--port={port}",
            "--no-browser", "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0",
            "--ServerApp.allow_root=True", f"--IdentityProvider.token={token}"]


def voila_command(root: Path, port: int, *extra: str, ip: str = LOOPBACK) -> list[str]:
    """The command that serves the notebooks under ``root`` on ``ip``:``port``."""
    return [sys.executable, "-m", "voila", str(root), f"--port={port}", "--no-browser",
            f"--Voila.ip={ip}", "--Voila.port_retries=0", *extra]


class VoilaServer:
    """``with VoilaServer(root) as server:`` serves ``root`` until the block ends.

    The server runs in a process group of its own; leaving the block stops it and every
    kernel it started. With ``solver`` (the default) one solver service
    (:mod:`tressette_learn.ai.solve.service`) runs beside it and its kernels search there.
    :meth:`lab` makes one that runs JupyterLab or Notebook 7 instead. It listens on 127.0.0.1,
    or on ``ip`` (:mod:`.address`); :attr:`url` is where this machine reaches it.
    """

    def __init__(self, root: Path, *extra: str, port: int | None = None,
                 timeout: float = 60.0, env: dict[str, str] | None = None,
                 cwd: Path | None = None, solver: bool = True, ip: str = LOOPBACK) -> None:
        self.port = port or free_port()
        self.url = f"http://{local_host(ip)}:{self.port}"
        self.command = voila_command(root, self.port, *extra, ip=ip)
        self.timeout = timeout
        self.env = {**os.environ, **(env or {})}
        self.cwd = cwd
        self.log_path = Path(tempfile.mkstemp(prefix="voila-", suffix=".log")[1])
        self.process: subprocess.Popen[bytes] | None = None
        self.use_solver = solver
        self.solver: SolverService | None = None

    @classmethod
    def lab(cls, root: Path, *, port: int | None = None, token: str = "",
            app: str = "jupyterlab", timeout: float = 60.0) -> VoilaServer:
        """A JupyterLab (``app="notebook"``: Notebook 7) server on ``root``."""
        server = cls(root, port=port, timeout=timeout)
        server.command = lab_command(root, server.port, token, app)
        return server

    def __enter__(self) -> VoilaServer:
        compile_package()
        self._start_solver()
        try:
            with open(self.log_path, "wb") as log:
                self.process = subprocess.Popen(
                    self.command, stdout=log, stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL, start_new_session=True, env=self.env, cwd=self.cwd)
            self._wait()
        except BaseException:
            self.stop()
            raise
        return self

    def _start_solver(self) -> None:
        """Start the solver service; without it each kernel loads the solver itself."""
        if not self.use_solver:
            return
        try:
            self.solver = SolverService.start()
        except (OSError, RuntimeError) as err:
            print(f"note: no shared solver ({err}); each page loads its own", file=sys.stderr)
            return
        self.env.update(self.solver.env())

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop()

    def _wait(self) -> None:
        assert self.process is not None
        trouble = wait_until_answers(self.url + "/", self.process, self.timeout)
        if trouble:
            self._fail(trouble)

    def ready(self, path: str) -> str | None:
        """Return once page ``path`` renders (a first learner would otherwise wait for
        Voilà's pre-heated kernels): the id of the kernel that rendered it (no browser will
        use it: stop it with :meth:`stop_kernel`). A page that does not render within the
        start timeout raises ServerError."""
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                with urllib.request.urlopen(self.url + path,
                                            timeout=max(1.0, deadline - time.monotonic())) as page:
                    text = page.read().decode("utf-8", "replace")
                break
            except OSError as err:
                if self.process is None or self.process.poll() is not None:
                    self._fail("stopped before the page rendered")
                if time.monotonic() > deadline:
                    self._fail(f"did not render {path} within {self.timeout:.0f} s ({err})")
                time.sleep(0.2)
        kernel = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', text)
        return kernel.group(1) if kernel else None

    def stop_kernel(self, kernel_id: str) -> bool:
        """Shut kernel ``kernel_id`` down through the server's API (whether it answered)."""
        token = secrets.token_hex(16)  # the same value as cookie and header: Tornado's check
        request = urllib.request.Request(
            f"{self.url}/api/kernels/{kernel_id}", method="DELETE",
            headers={"Cookie": f"_xsrf={token}", "X-XSRFToken": token})
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return bool(answer.status == 204)
        except OSError:
            return False

    def _fail(self, state: str) -> None:
        raise ServerError(f"Voilà {state} ({' '.join(self.command)}); its log:\n"
                          + self.log_text())

    def log_text(self) -> str:
        """What the server has printed so far."""
        return self.log_path.read_text(errors="replace")

    def stop(self) -> None:
        """SIGTERM lets Voilà shut its kernels down; then SIGKILL what is left, kernels
        included (one still starting for a pool when Voilà exits is nobody's to stop)."""
        process, self.process = self.process, None
        solver, self.solver = self.solver, None
        below = descendants(process.pid) if process is not None else []
        try:
            if process is not None:
                _stop_group(process)
        finally:
            if solver is not None:
                solver.stop()
            _end(below)

    def kernel_pids(self) -> list[int]:
        """The kernels this server started (its child processes running ipykernel)."""
        if self.process is None:
            return []
        return [pid for pid in _children(self.process.pid) if b"ipykernel" in _cmdline(pid)]


def descendants(pid: int) -> list[int]:
    """Every process started, directly or not, by ``pid``."""
    found, todo = [], [pid]
    while todo:
        children = _children(todo.pop())
        found += children
        todo += children
    return found


def _end(pids: list[int], grace: float = 5.0) -> None:
    """SIGTERM to those of ``pids`` still running, SIGKILL after ``grace`` seconds (a pid
    counts only while it names the same process: its start time is kept)."""
    started = {pid: when for pid in pids if (when := _started(pid)) is not None}
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in [pid for pid, when in started.items() if _started(pid) == when]:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, sig)
        deadline = time.monotonic() + grace
        while sig == signal.SIGTERM and time.monotonic() < deadline and any(
                _started(pid) == when for pid, when in started.items()):
            time.sleep(0.1)


def _started(pid: int) -> int | None:
    """When ``pid`` started (clock ticks since boot), or None if it is gone or a zombie."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return None if fields[0] == "Z" else int(fields[19])


def _stop_group(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the process group, SIGKILL to what is left after 15 s."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(15)
    except ProcessLookupError:
        return
    except subprocess.TimeoutExpired:
        pass
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def _children(parent: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                stat = (entry / "stat").read_text()
                if int(stat.rsplit(")", 1)[1].split()[1]) == parent:
                    found.append(int(entry.name))
    return found


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` in MB (0 when it is gone)."""
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def own_mb(pid: int) -> float:
    """Memory only process ``pid`` holds, in MB (its private pages: what one more such
    process costs; shared libraries are counted once for all). 0 when it is gone."""
    with contextlib.suppress(OSError):
        fields = dict(line.split(":", 1) for line in
                      Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:])
        return sum(int(fields[k].split()[0]) for k in ("Private_Clean", "Private_Dirty")) / 1024
    return 0.0
