"""Binder's files: the pins match pyproject.toml, and an environment built from
``binder/requirements.txt`` alone (plus ``binder/postBuild``) serves the index, both as Binder's
Voilà link does (Voilà inside Jupyter Server) and with the installed ``tressette-learn serve``.
Also: ``docs/deploy.md``'s JupyterHub configuration parses and names what the code reads.

The fresh environment takes a few minutes to install (pip, from the local wheel cache).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from tressette_learn.serve.server import VoilaServer

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
INSTALL_TIMEOUT = 1500  # seconds
TITLE = "Tressette"  # the index's title: "Learn Tressette · Impara il Tressette"
COPY_IGNORE = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info",
                                     "__pycache__", ".*_cache", ".hypothesis")


def _pyproject_pins() -> list[str]:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    body = re.search(r"^dependencies = \[\n(.*?)^\]", text, re.M | re.S)
    assert body, "pyproject.toml has no dependencies list"
    return re.findall(r'^\s*"([^"]+)"', body.group(1), re.M)


def _requirements() -> list[str]:
    lines = (BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def _normalize(requirement: str) -> str:
    return re.sub(r"\s+", "", requirement).replace('"', "'")


def test_binder_requirements_are_the_pyproject_pins_and_the_project() -> None:
    *pins, last = _requirements()
    assert last == "."
    assert [_normalize(p) for p in pins] == [_normalize(p) for p in _pyproject_pins()]
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"


def test_deploy_config_parses_and_names_what_the_code_reads() -> None:
    doc = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", doc, re.S)
    assert blocks, "docs/deploy.md has no yaml block"
    config = yaml.safe_load(blocks[0])
    single = config["singleuser"]
    assert single["defaultUrl"] == "/voila/render/notebooks/00_index.ipynb"
    env = single["extraEnv"]
    assert env["TRESSETTE_DB"]["valueFrom"]["secretKeyRef"]["key"]
    assert config["cull"]["enabled"] is True
    code = "".join(p.read_text() for p in (ROOT / "tressette_learn").rglob("*.py"))
    read = set(re.findall(r"TRESSETTE_[A-Z_]+", code)) - {
        "TRESSETTE_DATA",  # SQLite only
        "TRESSETTE_SOLVER_ADDRESS", "TRESSETTE_SOLVER_KEY",  # set by `serve` for its kernels
        "TRESSETTE_CLOCK_SHIFT",  # a rehearsal of days to come: never set for a class
        "TRESSETTE_LEARNER", "TRESSETTE_CLASS",  # set by our hub's spawner from its login
        "TRESSETTE_HUB_CACHE",  # where our hub keeps the learners' runtime
        "TRESSETTE_CLASS_SIZE",  # `serve --class-size`: standalone Voilà's pools only
        "TRESSETTE_SERVED_URL",  # set by `serve --ip/--public-url` for the teacher's QR code
        "TRESSETTE_HUB_SIGNIN_KEY",  # our hub's key for its lessons service's sign-in
        "TRESSETTE_LESSONS_SERVICE",  # set by our hub for its lessons service's kernels
        "TRESSETTE_STRINGS"}  # another folder of languages: a contributor's tests only
    assert read >= {"TRESSETTE_DB", "TRESSETTE_TEACHER_KEY"}
    assert read == set(env), "deploy.md and the code disagree on the environment variables"


# -- a fresh environment from binder/requirements.txt ---------------------------------------
@pytest.fixture(scope="module")
def binder_env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """(a copy of the repository, the environment's bin folder), built as repo2docker does."""
    base = tmp_path_factory.mktemp("binder")
    repo, venv = base / "repo", base / "venv"
    shutil.copytree(ROOT, repo, ignore=COPY_IGNORE)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    bin_dir = venv / "bin"
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}
    env.pop("JUPYTER_CONFIG_DIR", None)
    for step in (["python", "-m", "pip", "install", "-q", "-r", "binder/requirements.txt"],
                 ["bash", "binder/postBuild"]):
        done = subprocess.run(step, cwd=repo, env=env, capture_output=True, text=True,
                              timeout=INSTALL_TIMEOUT)
        assert done.returncode == 0, f"{' '.join(step)} failed:\n{done.stderr[-3000:]}"
    yield repo, bin_dir


def _page(url: str) -> str:
    with urllib.request.urlopen(url, timeout=180) as response:
        assert response.status == 200
        return str(response.read().decode("utf-8", "replace"))


def test_binder_voila_link_serves_the_index(binder_env: tuple[Path, Path]) -> None:
    repo, bin_dir = binder_env
    server = VoilaServer(repo, timeout=180, cwd=repo)
    server.command = [str(bin_dir / "python"), "-m", "jupyter_server",
                      f"--ServerApp.root_dir={repo}", f"--port={server.port}", "--no-browser",
                      "--ServerApp.ip=127.0.0.1", "--ServerApp.allow_root=True",
                      "--IdentityProvider.token=binder"]
    with server:
        page = _page(f"{server.url}/voila/render/notebooks/00_index.ipynb?token=binder")
    assert TITLE in page


def test_installed_serve_command_serves_the_shipped_index(binder_env: tuple[Path, Path],
                                                          tmp_path: Path) -> None:
    _, bin_dir = binder_env
    where = subprocess.run(
        [str(bin_dir / "python"), "-c",
         "from tressette_learn.cli.serve import notebooks_dir as d; print(d())"],
        cwd=tmp_path, capture_output=True, text=True, check=True).stdout.strip()
    assert where.endswith("site-packages/tressette_learn/notebooks")  # the shipped copy
    assert (Path(where) / "voila.json").is_file() and (Path(where) / "00_index.ipynb").is_file()
    server = VoilaServer(tmp_path, timeout=180, cwd=tmp_path)  # no checkout around
    server.command = [str(bin_dir / "tressette-learn"), "serve", f"--port={server.port}",
                      "--no-browser"]
    with server:
        page = _page(f"{server.url}/voila/render/00_index.ipynb")
    assert TITLE in page
