"""Binder's files: the pins match pyproject.toml, and an environment built from
``binder/requirements.txt`` alone (plus ``binder/postBuild``) serves the index, both as Binder's
Voilà link does (Voilà inside Jupyter Server) and with the installed ``tressette-learn serve``.
Also: ``docs/deploy.md``'s Zero to JupyterHub values and the lessons' replicas parse, set
up the hub as ``tressette_learn/serve/hub/kubernetes.py`` expects, name what the code reads,
keep each learner on one replica, and are sized from the measured figures.

The fresh environment takes a few minutes to install (pip, from the local wheel cache).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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


SECRET = "s" * 64  # the lessons' secret in these tests
MEASURED = ROOT / "benchmarks" / "measured"
SERVICE_MB = 162  # the lessons service, measured through the hub (docs/hub.md)


def _deploy_yaml() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """docs/deploy.md's ``config.yaml`` (the chart's values) and ``lessons.yaml`` (the
    replicas' manifests)."""
    doc = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", doc, re.S)
    assert len(blocks) >= 2, "docs/deploy.md has no config.yaml and lessons.yaml"
    return yaml.safe_load(blocks[0]), list(yaml.safe_load_all(blocks[1]))


def _manifest(kind: str) -> dict[str, Any]:
    (found,) = [item for item in _deploy_yaml()[1] if item["kind"] == kind]
    return found


def _hub_config(monkeypatch: pytest.MonkeyPatch) -> Any:
    """JupyterHub's configuration as Zero to JupyterHub makes it from ``config.yaml``: its
    ``hub.config`` first, then each ``extraConfig`` run with ``c``."""
    from traitlets.config import Config

    values = _deploy_yaml()[0]["hub"]
    monkeypatch.setenv("TRESSETTE_LESSONS_SECRET", SECRET)
    c = Config(values.get("config", {}))
    c.JupyterHub.services = [{"name": "idle-culler", "command": ["cull"]}]  # the chart's
    for code in values["extraConfig"].values():
        exec(compile(code, "extraConfig", "exec"), {"c": c})  # noqa: S102 - the doc's code
    return c


def _replicas() -> int:
    return int(_manifest("StatefulSet")["spec"]["replicas"])


class _User:
    def __init__(self, name: str, admin: bool = False) -> None:
        self.name, self.admin = name, admin


class _Handler:
    def __init__(self, user: _User) -> None:
        self._jupyterhub_user = user


def test_deploy_config_runs_the_lessons_replicas_behind_the_hub(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from tressette_learn.serve.hub.auth import ClassCodeAuthenticator
    from tressette_learn.serve.hub.kubernetes import derived, replica_for

    c, replicas = _hub_config(monkeypatch), _replicas()
    assert replicas >= 2
    assert c.JupyterHub.authenticator_class is ClassCodeAuthenticator
    assert c.ClassCodeAuthenticator.class_codes and c.ClassCodeAuthenticator.lessons_url
    assert c.ClassCodeAuthenticator.signin_key == derived(SECRET, "sign-in")
    lessons = [s for s in c.JupyterHub.services if s["name"].startswith("lessons-")]
    assert [s["name"] for s in lessons] == [f"lessons-{i}" for i in range(replicas)]
    service = _manifest("Service")
    assert service["metadata"]["name"] == "lessons" and service["spec"]["clusterIP"] == "None"
    for index, entry in enumerate(lessons):
        assert entry["url"] == f"http://lessons-{index}.lessons:8866"
        assert entry["api_token"] == derived(SECRET, entry["name"])
    assert "idle-culler" in [s["name"] for s in c.JupyterHub.services]  # the chart's kept
    (role,) = [r for r in c.JupyterHub.load_roles if r["name"] == "user"]
    assert set(role["scopes"]) == {f"access:services!service=lessons-{i}"
                                   for i in range(replicas)} | {"read:users:name!user",
                                                                "read:users:groups!user"}
    ada = _User("l17-ada-rossi")
    assert c.JupyterHub.default_url(_Handler(ada)) == \
        f"/services/lessons-{replica_for(ada.name, replicas)}/voila/render/00_index.ipynb"
    assert c.JupyterHub.default_url(_Handler(_User("teacher", admin=True))) == ""
    with pytest.raises(RuntimeError):
        c.Spawner.pre_spawn_hook(type("Spawner", (), {"user": ada})())
    c.Spawner.pre_spawn_hook(type("Spawner", (), {"user": _User("teacher", admin=True)})())


def test_deploy_config_gives_the_teacher_a_server_and_names_what_the_code_reads() -> None:
    config, _ = _deploy_yaml()
    single = config["singleuser"]
    assert single["defaultUrl"] == "/voila/render/notebooks/teacher.ipynb"
    assert single["extraEnv"]["TRESSETTE_DB"]["valueFrom"]["secretKeyRef"]["key"]
    assert config["cull"]["enabled"] is True
    template = _manifest("StatefulSet")["spec"]["template"]
    (container,) = template["spec"]["containers"]
    assert container["command"][-1] == "tressette_learn.serve.hub.kubernetes"
    # the chart's hub answers the replicas' OAuth calls only with this label on them
    assert template["metadata"]["labels"]["hub.jupyter.org/network-access-hub"] == "true"
    policy = _manifest("NetworkPolicy")["spec"]
    assert policy["podSelector"]["matchLabels"] == {
        key: value for key, value in template["metadata"]["labels"].items() if key == "app"}
    assert {peer["podSelector"]["matchLabels"]["component"]
            for peer in policy["ingress"][0]["from"]} == {"hub", "proxy"}
    replica_env = {item["name"]: item for item in container["env"]}
    assert replica_env["TRESSETTE_LESSONS_REPLICA"]["valueFrom"]["fieldRef"]["fieldPath"] \
        == "metadata.name"
    hub_env = config["hub"]["extraEnv"]
    assert "TRESSETTE_DB" not in hub_env  # the hub never opens the store
    assert replica_env["TRESSETTE_DB"]["valueFrom"]["secretKeyRef"]["key"] != \
        single["extraEnv"]["TRESSETTE_DB"]["valueFrom"]["secretKeyRef"]["key"]
    code = "".join(p.read_text() for p in (ROOT / "tressette_learn").rglob("*.py"))
    read = set(re.findall(r"TRESSETTE_[A-Z_]+", code)) - {
        "TRESSETTE_DATA",  # SQLite only
        "TRESSETTE_SOLVER_ADDRESS", "TRESSETTE_SOLVER_KEY",  # set for their kernels
        "TRESSETTE_CLOCK_SHIFT",  # a rehearsal of days to come: never set for a class
        "TRESSETTE_LEARNER", "TRESSETTE_CLASS",  # names a page's learner, set by the code
        "TRESSETTE_HUB_CACHE",  # where the one-machine hub keeps its runtime
        "TRESSETTE_SERVED_URL",  # set by `serve --ip/--public-url` for the teacher's QR code
        "TRESSETTE_HUB_SIGNIN_KEY",  # derived from the lessons' secret by each side
        "TRESSETTE_LESSONS_SERVICE",  # set by the lessons service for its kernels
        "TRESSETTE_STRINGS"}  # another folder of languages: a contributor's tests only
    assert read >= {"TRESSETTE_DB", "TRESSETTE_TEACHER_KEY", "TRESSETTE_LESSONS_SECRET"}
    given = set(hub_env) | set(single["extraEnv"]) | {
        name for name in replica_env if name.startswith("TRESSETTE_")}
    assert read == given, "deploy.md and the code disagree on the environment variables"


def test_a_learner_always_lands_on_one_replica_and_replicas_share_the_learners() -> None:
    from tressette_learn.serve.hub.kubernetes import replica_for
    from tressette_learn.serve.hub.lessons import hub_name

    for replicas in (1, 2, 4, 7):
        counts = Counter(replica_for(hub_name(learner, f"Learner {learner}"), replicas)
                         for learner in range(1, 3001))
        assert set(counts) == set(range(replicas))
        assert max(counts.values()) <= 3000 / replicas * 1.1, counts
        assert min(counts.values()) >= 3000 / replicas * 0.9, counts
    ada = hub_name(17, "Ada Rossi")
    assert {replica_for(ada, 4) for _ in range(5)} == {replica_for(hub_name(17, "Ada R."), 4)}
    with pytest.raises(ValueError):
        replica_for(ada, 0)


def test_a_replica_gets_what_the_hub_registered_for_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from tressette_learn.serve.hub.kubernetes import replica_environment

    c = _hub_config(monkeypatch)
    for entry in c.JupyterHub.services[1:]:
        env = replica_environment(entry["name"], SECRET)
        assert env["JUPYTERHUB_API_TOKEN"] == entry["api_token"]
        assert env["TRESSETTE_HUB_SIGNIN_KEY"] == c.ClassCodeAuthenticator.signin_key
        assert env["JUPYTERHUB_SERVICE_PREFIX"] == f"/services/{entry['name']}/"
        assert env["JUPYTERHUB_CLIENT_ID"] == f"service-{entry['name']}"
    for wrong in ("lessons", "teacher", "lessons-1; rm"):
        with pytest.raises(ValueError):
            replica_environment(wrong, SECRET)
    with pytest.raises(ValueError):
        replica_environment("lessons-0", "short")


def test_a_replica_is_sized_from_the_measured_figures() -> None:
    from tressette_learn.serve.hub.kubernetes import Measured, replica_memory_mib

    one = json.loads((MEASURED / "learner_footprint.json").read_text())["solver_in_service"]
    class_ = json.loads((MEASURED / "classroom_play_30.json").read_text())
    measured = Measured(service=SERVICE_MB, solver=class_["solver_service_mb"],
                        index_kernel=one["index_kernel"]["peak_mb"],
                        play_kernel=one["play_kernel"]["peak_mb"],
                        lesson_kernel=one["lesson_kernel"]["peak_mb"],
                        waiting_kernel=class_["kernel_mb"])
    (container,) = _manifest("StatefulSet")["spec"]["template"]["spec"]["containers"]
    learners = int({item["name"]: item for item in container["env"]}
                   ["TRESSETTE_CLASS_SIZE"]["value"])
    assert learners == class_["learners"] == 30
    resources = container["resources"]
    assert resources["requests"]["memory"] == f"{replica_memory_mib(learners, measured)}Mi"
    assert resources["limits"]["memory"] == f"{replica_memory_mib(learners, measured, 1)}Mi"
    # the class of 30 met its goals with the server on one core
    assert float(resources["requests"]["cpu"]) == len(class_["server_cores"]) == 1


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


REPLICA_MAIN = """
import sys
from tressette_learn.serve.hub import kubernetes
kubernetes.PORT = int(sys.argv[1])
kubernetes.main()
"""


def test_a_replica_starts_behind_the_hubs_login_and_signs_in_with_the_derived_key(
        tmp_path: Path) -> None:
    """``python -m tressette_learn.serve.hub.kubernetes`` as the StatefulSet starts it (no
    hub here: its API address answers nothing): the index sends the browser to the hub's
    OAuth for this replica's client, and the sign-in the hub calls takes the key derived
    from the shared secret and no other."""
    from tressette_learn.serve.hub.kubernetes import derived
    from tressette_learn.serve.server import descendants, free_port, wait_until_answers

    port, db = free_port(), f"sqlite:///{tmp_path / 'progress.sqlite'}"
    env = {**os.environ, "TRESSETTE_LESSONS_REPLICA": "lessons-1",
           "TRESSETTE_LESSONS_SECRET": SECRET, "TRESSETTE_DB": db,
           "TRESSETTE_CLASS_SIZE": "1", "JUPYTERHUB_API_URL": "http://127.0.0.1:9/hub/api",
           "HOME": str(tmp_path)}
    with open(tmp_path / "replica.log", "wb") as log:
        process = subprocess.Popen([sys.executable, "-c", REPLICA_MAIN, str(port)], env=env,
                                   stdout=log, stderr=subprocess.STDOUT,
                                   start_new_session=True, cwd=tmp_path)
    base = f"http://127.0.0.1:{port}"
    try:
        trouble = wait_until_answers(f"{base}/services/lessons-1/voila/static/voila.js",
                                     process, 180)
        assert not trouble, trouble + (tmp_path / "replica.log").read_text()[-3000:]

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args: Any) -> None:
                return None

        opener = urllib.request.build_opener(NoRedirect)
        with pytest.raises(urllib.error.HTTPError) as sent:
            opener.open(f"{base}/services/lessons-1/voila/render/00_index.ipynb", timeout=60)
        where = sent.value.headers["Location"]
        assert sent.value.code == 302 and "/hub/api/oauth2/authorize" in where, where
        assert "client_id=service-lessons-1" in where
        assert "redirect_uri=%2Fservices%2Flessons-1%2Foauth_callback" in where
        form = json.dumps({"name": "Ada Rossi", "class_code": "3B", "pin": "4821"}).encode()
        for key, status in [("wrong", 403), (derived(SECRET, "lessons-1"), 403),
                            (derived(SECRET, "sign-in"), 200)]:
            asked = urllib.request.Request(f"{base}/internal/sign-in", form, method="POST",
                                           headers={"Authorization": f"key {key}"})
            try:
                with urllib.request.urlopen(asked, timeout=60) as answer:
                    got, body = answer.status, json.loads(answer.read())
            except urllib.error.HTTPError as err:
                got, body = err.code, {}
            assert got == status, (key, got)
        assert body["name"] == "Ada Rossi" and body["class_code"] == "3B"
    finally:
        below = descendants(process.pid)  # its kernels and solver, in sessions of their own
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        for pid in below:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
