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
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from serve_support import ROOT, START, Serve, alive, get
from traitlets.config.loader import PyFileConfigLoader

import tressette_learn.i18n as i18n_module
from tressette_learn.ai.solve import position_from_deal, reference_card_values
from tressette_learn.cli import main
from tressette_learn.cli.serve import copy_lessons, notebooks_dir
from tressette_learn.engine import DECK, Deal, Rules
from tressette_learn.serve.address import network_address
from tressette_learn.serve.server import VoilaServer, compile_package, free_port, own_mb, rss_mb

CHECK = Path(__file__).resolve().parent / "serve"
TITLE = "Tressette"  # the index's title: "Learn Tressette · Impara il Tressette"


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
    status, page = get(url)
    assert status == 200 and TITLE in page
    assert not [line for line in served.seen if "Warning" in line]  # this machine only


def test_serve_on_every_network_prints_the_address_learners_type_and_warns() -> None:
    """``--ip 0.0.0.0``: the URL printed is the machine's address on its network, which
    answers (as it does on 127.0.0.1), after a warning that plain HTTP needs TLS in front."""
    server = Serve("--ip", "0.0.0.0")
    try:
        url = server.url()
        address = network_address()
        assert address and url == f"http://{address}:{server.port}/voila/render/00_index.ipynb"
        assert TITLE in get(url)[1]
        assert TITLE in get(url.replace(address, "127.0.0.1"))[1]
    finally:
        server.stop()
    warning = " ".join(line for line in server.seen if line.startswith("Warning"))
    for words in ("on 0.0.0.0", "plain HTTP", "anyone on the same network can read and change",
                  "keep the default --ip 127.0.0.1", "proxy with TLS", "docs/deploy.md"):
        assert words in warning, (words, server.seen)


@pytest.mark.parametrize(("args", "words"), [
    (["--ip", "localhost"], "--ip 'localhost': give an IPv4 address of this machine"),
    (["--ip", "192.0.2.250"], "--ip 192.0.2.250 is not an address of this machine"),
    (["--ip", "0.0.0.0", "--lab"], "--ip goes with the served lessons, not --lab"),
    (["--public-url", "ftp://class.example.org"], "--public-url 'ftp://class.example.org': "
                                                  "give the proxy's address"),
    (["--public-url", "https://class.example.org/lessons?x=1"], "give the proxy's address"),
    (["--public-url", "https://x.org", "--lab"], "--public-url goes with the served lessons"),
])
def test_serve_refuses_an_address_it_cannot_serve_in_words(
        args: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--no-browser", "--port", str(free_port()), *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and words in err, err


@pytest.mark.parametrize("url", ["bogus://x", "mysql://class@db/progress", "sqlite://x.db"])
def test_serve_refuses_a_database_url_it_cannot_open_before_starting(
        url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    """Each page would refuse it (and it once made a file named like it): say so at once."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TRESSETTE_DB", url)
    assert main(["serve", "--no-browser", "--port", str(free_port())]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: TRESSETTE_DB: ") and "sqlite:///PATH" in err, err
    assert list(tmp_path.iterdir()) == []  # no file named after the URL


def test_the_url_is_printed_once_the_index_renders() -> None:
    """First start: a line says it is starting; the URL comes when a learner opening it
    gets the page at once, not after the pre-heated kernels (8 s on a 2-core machine)."""
    server = Serve()
    try:
        url = server.url()
        opened = time.monotonic()
        status, page = get(url)
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
        assert get(server.url())[0] == 200  # a page view starts a kernel
        below = server.descendants()
        kernels = [p for p in below if b"ipykernel" in Path(f"/proc/{p}/cmdline").read_bytes()]
        assert kernels, "no kernel running under the server"
    finally:
        code = server.stop()
    out, err = server.rest_of_output()
    assert code == 0, err
    assert "Traceback" not in err and out.rstrip().endswith("Stopped.")
    assert not [pid for pid in below if alive(pid)], "processes left after Ctrl-C"


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
        status, page = get(f"{server.url}/voila/render/check.ipynb?token=check")
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
        "00_index.ipynb", "12_play.ipynb"}
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
        status, page = get(f"{server.url}/voila/render/solver.ipynb")
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
