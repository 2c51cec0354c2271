"""``tressette-learn serve`` and the learner-facing server settings.

The command is started as a process (as ``make serve`` does), its printed URL is opened,
and Ctrl-C is sent as SIGINT. ``tests/serve/check.ipynb`` has a try-it cell and a cell that
raises: served with ``notebooks/voila.json`` (standalone Voilà) and with
``binder/jupyter_server_config.json`` (Voilà as a server extension: Binder, JupyterHub),
neither shows the try-it cell or the traceback. ``tests/serve/solver.ipynb`` asks the solver:
its kernel uses the server's solver service without loading numba.
"""

from __future__ import annotations

import html
import importlib.util
import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

import pytest
from traitlets.config.loader import PyFileConfigLoader

import tressette_learn.i18n as i18n_module
from tressette_learn.ai.solve import position_from_deal, reference_card_values
from tressette_learn.cli import main
from tressette_learn.cli.serve import copy_lessons, notebooks_dir
from tressette_learn.engine import DECK, Deal, Rules
from tressette_learn.server import VoilaServer, compile_package, free_port, own_mb, rss_mb

ROOT = Path(__file__).resolve().parent.parent
CHECK = Path(__file__).resolve().parent / "serve"
START = 120  # seconds for the command to print its URL on a loaded machine
TITLE = "Tressette"  # the index's title: "Learn Tressette · Impara il Tressette"


class Serve:
    """``python -m tressette_learn serve`` in the background, its output read line by line."""

    def __init__(self, *args: str) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tressette_learn", "serve", "--port", str(self.port),
             "--no-browser", *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
            text=True, cwd=ROOT)
        self.started = time.monotonic()
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []  # the lines before the URL
        self.url_after = 0.0  # seconds from the start to the URL
        self._url = ""
        assert self.process.stdout is not None
        self.reader = threading.Thread(target=self._read, args=(self.process.stdout,),
                                       daemon=True)
        self.reader.start()

    def _read(self, stream: TextIO) -> None:
        for line in stream:
            self.lines.put(line)

    def url(self) -> str:
        """The URL the command printed (waits for it)."""
        if self._url:
            return self._url
        deadline = time.monotonic() + START
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=1)
            except queue.Empty:
                assert self.process.poll() is None, self.rest_of_output()[1]
                continue
            if line.startswith("Serving the lessons at "):
                self.url_after = time.monotonic() - self.started
                self._url = line.split(" at ", 1)[1].strip()
                return self._url
            self.seen.append(line)
        raise AssertionError(f"no URL printed within {START} s")

    def stop(self) -> int:
        """Ctrl-C; the exit code."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(60)
        finally:
            if self.process.poll() is None:
                self.process.kill()

    def rest_of_output(self) -> tuple[str, str]:
        """What the stopped command printed after the URL, on stdout and on stderr."""
        self.reader.join(10)
        out = "".join(_drain(self.lines))
        return out, self.process.stderr.read() if self.process.stderr else ""

    def descendants(self) -> list[int]:
        """Every process under the command (Voilà and its kernels)."""
        parents = {pid: _parent(pid) for pid in map(int, filter(str.isdigit, os.listdir("/proc")))}
        found, todo = [], [self.process.pid]
        while todo:
            above = todo.pop()
            children = [pid for pid, parent in parents.items() if parent == above]
            found += children
            todo += children
        return found


def _drain(lines: queue.Queue[str]) -> list[str]:
    found = []
    while not lines.empty():
        found.append(lines.get_nowait())
    return found


def _read_text(path: str) -> str:
    try:
        return Path(path).read_text()
    except OSError:
        return ""


def _parent(pid: int) -> int:
    fields = _read_text(f"/proc/{pid}/stat").rsplit(")", 1)[-1].split()
    return int(fields[1]) if len(fields) > 1 else 0


def _alive(pid: int) -> bool:
    state = _read_text(f"/proc/{pid}/stat").rsplit(")", 1)[-1].split()
    return bool(state) and state[0] != "Z"


def _get(url: str, timeout: float = 120) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return response.status, response.read().decode("utf-8", "replace")


@pytest.fixture(scope="module")
def served() -> Iterator[Serve]:
    server = Serve()
    try:
        yield server
    finally:
        server.stop()


def test_serve_prints_the_index_url_and_serves_the_index(served: Serve) -> None:
    url = served.url()
    assert url == f"http://127.0.0.1:{served.port}/voila/render/00_index.ipynb"
    status, page = _get(url)
    assert status == 200 and TITLE in page


def test_the_url_is_printed_once_the_index_renders() -> None:
    """First start: a line says it is starting; the URL comes when a learner opening it
    gets the page at once, not after the pre-heated kernels (8 s on a 2-core machine)."""
    server = Serve()
    try:
        url = server.url()
        opened = time.monotonic()
        status, page = _get(url)
        waited = time.monotonic() - opened
    finally:
        server.stop()
    assert status == 200 and TITLE in page
    assert [line for line in server.seen if line.startswith("Starting the lessons")]
    # the page renders in a fraction of the time the server took to be ready (before: the
    # URL came first and the page then took longer than the whole start had)
    assert waited < server.url_after / 3, (waited, server.url_after)


def test_serve_on_a_port_in_use_is_one_line_and_exit_2(served: Serve,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    served.url()
    assert main(["serve", "--port", str(served.port), "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and "in use" in err, err


def test_ctrl_c_stops_the_server_and_its_kernels() -> None:
    server = Serve()
    try:
        assert _get(server.url())[0] == 200  # a page view starts a kernel
        below = server.descendants()
        kernels = [p for p in below if b"ipykernel" in Path(f"/proc/{p}/cmdline").read_bytes()]
        assert kernels, "no kernel running under the server"
    finally:
        code = server.stop()
    out, err = server.rest_of_output()
    assert code == 0, err
    assert "Traceback" not in err and out.rstrip().endswith("Stopped.")
    assert not [pid for pid in below if _alive(pid)], "processes left after Ctrl-C"


def test_lab_copies_lessons_without_overwriting(tmp_path: Path) -> None:
    (tmp_path / "00_index.ipynb").write_text("my edits")
    copied = copy_lessons(tmp_path)
    assert "00_index.ipynb" not in copied
    assert (tmp_path / "00_index.ipynb").read_text() == "my edits"
    assert set(copied) == {p.name for p in notebooks_dir().glob("*.ipynb")} - {"00_index.ipynb"}
    assert copy_lessons(tmp_path) == []


# -- the settings learners see, in both ways Voilà runs -----------------------------------
def _standalone() -> VoilaServer:
    return VoilaServer(CHECK, f"--Voila.config_file_paths={notebooks_dir()}", timeout=START)


def _extension(config_dir: Path) -> VoilaServer:
    """Jupyter Server with Voilà as an extension, configured as Binder's postBuild does."""
    (config_dir / "jupyter_server_config.json").write_text(
        (ROOT / "binder" / "jupyter_server_config.json").read_text())
    server = VoilaServer(CHECK, timeout=START, env={"JUPYTER_CONFIG_DIR": str(config_dir)})
    server.command = [sys.executable, "-m", "jupyter_server", f"--ServerApp.root_dir={CHECK}",
                      f"--port={server.port}", "--no-browser", "--ServerApp.ip=127.0.0.1",
                      "--ServerApp.port_retries=0", "--ServerApp.allow_root=True",
                      "--IdentityProvider.token=check"]
    return server


@pytest.mark.parametrize("mode", ["standalone", "extension"])
def test_try_it_cells_and_tracebacks_are_hidden(mode: str, tmp_path: Path) -> None:
    server = _standalone() if mode == "standalone" else _extension(tmp_path)
    with server:
        status, page = _get(f"{server.url}/voila/render/check.ipynb?token=check")
    assert status == 200
    assert "visible-output" in page and "There was an error when executing cell" in page
    for hidden in ("try-it-output", "try-it-source", "Try-it text", "secret-detail",
                   "Traceback"):
        assert hidden not in page, hidden


def test_voila_settings_preheat_only_the_index_and_play_pages() -> None:
    config = json.loads((notebooks_dir() / "voila.json").read_text())
    voila = config["VoilaConfiguration"]
    assert voila["show_tracebacks"] is False and voila["preheat_kernel"] is True
    # Notebook 7's lab extension breaks Voilà's page; the widget managers must stay on
    assert "@jupyter-notebook/lab-extension" in voila["extension_denylist"]
    # the static site's kernel (the lite extra) throws in a served page
    assert "@jupyterlite/pyodide-kernel-extension" in voila["extension_denylist"]
    assert not {"anywidget", "@jupyter-widgets/jupyterlab-manager"} & set(
        voila["extension_denylist"])
    served = PyFileConfigLoader("voila.py", path=str(notebooks_dir())).load_config()
    pools = served.VoilaKernelManager.kernel_pools_config
    assert pools["default"]["pool_size"] == 0
    assert {name for name, pool in pools.items() if pool["pool_size"] > 0} == {
        "00_index.ipynb", "10_play.ipynb"}
    assert config["KernelManager"] == {"transport": "ipc"}  # no TCP port race at a start
    # a page's outputs (its widgets) are waited for, not dropped, while 40 kernels start
    assert config["VoilaExecutor"]["iopub_timeout"] >= 30
    assert config["MappingKernelManager"]["cull_idle_timeout"] > 0
    assert config["TagRemovePreprocessor"] == {"remove_cell_tags": ["try-it"]}
    assert os.path.basename(notebooks_dir()) == "notebooks"


def test_the_server_writes_the_package_bytecode_for_its_kernels() -> None:
    """Kernels import the package from bytecode instead of compiling every module again."""
    cached = Path(importlib.util.cache_from_source(i18n_module.__file__))
    cached.unlink(missing_ok=True)
    compile_package()
    assert cached.is_file()
    assert cached.stat().st_mtime >= Path(i18n_module.__file__).stat().st_mtime


def test_memory_readings_of_a_process_and_of_one_that_is_gone() -> None:
    """The benchmarks' memory figures: own pages are part of the resident set; 0 when gone."""
    me = os.getpid()
    assert 0 < own_mb(me) <= rss_mb(me)
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    assert own_mb(gone.pid) == rss_mb(gone.pid) == 0.0


def _solver_check(server: VoilaServer) -> dict[str, object]:
    """What ``tests/serve/solver.ipynb``'s kernel printed: its card values, numba loaded."""
    with server:
        status, page = _get(f"{server.url}/voila/render/solver.ipynb")
    assert status == 200
    line = html.unescape(page.split("solver-check ", 1)[1].split("\n", 1)[0])
    return dict(json.loads(line))


@pytest.mark.parametrize("shared", [True, False])
def test_kernels_ask_the_servers_solver_instead_of_loading_it(shared: bool) -> None:
    """One solver process serves every kernel: a page gets the same values without numba."""
    deal = Deal.new(Rules.preset("standard"), seed=4)
    while len(deal.tricks) < 5:
        legal = deal.legal_mask()
        deal.play(DECK[(legal & -legal).bit_length() - 1])
    expected = [[str(v.card), v.thirds] for v in reference_card_values(position_from_deal(deal))]
    server = VoilaServer(CHECK, f"--Voila.config_file_paths={notebooks_dir()}", timeout=START,
                         solver=shared)
    result = _solver_check(server)
    assert result == {"values": expected, "numba": not shared}
    assert server.solver is None  # stopped with the server
