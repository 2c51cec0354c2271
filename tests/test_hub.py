"""``tressette-learn hub``: a real JupyterHub for a class, started by the project.

One hub (with its proxy and idle culler) is started for the module on free ports; a learner
signs in over HTTP with their name and the class code, their own server starts (as a system
user of their own when the tests run as root) and serves the Voilà index; a wrong class code
and a wrong teacher key are refused with the page's explanation; as root, the servers run
from the learners' runtime and a fresh copy of the lessons. The browser tests
(tests/browser/test_hub_browser.py) add the quiz, the teacher's dashboard and the idle
culler. Skipped without the ``hub`` extra (``make test`` installs it).
"""

from __future__ import annotations

import html
import json
import os
import pwd
import re
import secrets
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("jupyterhub")

from hub_support import (  # noqa: E402
    CODE,
    Visitor,
    class_hub,
    index_page,
    login_error,
    new_state,
    process_user,
    server_environment,
    server_pid,
    server_users,
)

from tressette_learn.ai.solve import ADDRESS_ENV, KEY_ENV  # noqa: E402
from tressette_learn.cli import main  # noqa: E402
from tressette_learn.hub import runtime as runtime_module  # noqa: E402
from tressette_learn.hub.auth import user_name  # noqa: E402
from tressette_learn.hub.config import HubSettings  # noqa: E402
from tressette_learn.hub.node_proxy import folder_for, pinned  # noqa: E402
from tressette_learn.hub.process import Hub, settings_for, with_runtime  # noqa: E402
from tressette_learn.hub.runtime import closed_to_others, copy_app, pins  # noqa: E402
from tressette_learn.hub.solver import SOLVER_USER  # noqa: E402
from tressette_learn.hub.spawner import SYSTEM_PREFIX, as_root  # noqa: E402
from tressette_learn.i18n import t  # noqa: E402
from tressette_learn.server import _children, _cmdline, answers, free_port  # noqa: E402
from tressette_learn.ui.settings import LANG_VARIABLE  # noqa: E402


@pytest.fixture(scope="module")
def teacher_key() -> str:
    return secrets.token_urlsafe(24)


@pytest.fixture(scope="module")
def hub(teacher_key: str) -> Iterator[Hub]:
    with class_hub(teacher_key, cull_timeout=600) as running:
        yield running


@pytest.fixture(scope="module")
def ada(hub: Hub) -> tuple[Visitor, str, str, str]:
    """A learner signed in (with the class code in lower case: codes are read without
    case) once her server serves the index: her visitor, hub name, the index page and
    her name as she typed it."""
    visitor, typed = Visitor(hub.url), f"Ada  {secrets.token_hex(3)}"
    status, _, _ = visitor.sign_in(typed, CODE.lower())
    assert status == 200
    name = visitor.signed_in_as()
    return visitor, name, index_page(hub, visitor, name), " ".join(typed.split())


@pytest.fixture(scope="module")
def teacher(hub: Hub, teacher_key: str) -> Visitor:
    """The teacher, signed in with the key."""
    visitor = Visitor(hub.url)
    assert visitor.sign_in("Prof Bianchi", teacher_key)[0] == 200
    return visitor


def test_a_learner_signs_in_with_the_class_code_and_gets_the_index(
        hub: Hub, ada: tuple[Visitor, str, str, str]) -> None:
    _, name, page, _ = ada
    assert "Learn Tressette" in page
    if as_root():
        assert server_users(hub) == {SYSTEM_PREFIX + name}  # never root


def test_a_learner_cannot_reach_another_learners_server(
        hub: Hub, ada: tuple[Visitor, str, str, str]) -> None:
    visitor, name, _, _ = ada
    folder = f"/user/{name}/api/contents/notebooks"
    assert visitor.get(folder)[0] == 200  # Ada herself may
    bruno = Visitor(hub.url)
    assert bruno.sign_in("Bruno", CODE)[0] == 200
    status, url, _ = bruno.get(folder)
    assert status == 403, (status, url)


def test_servers_run_from_a_python_and_lessons_every_learner_can_reach(
        hub: Hub, ada: tuple[Visitor, str, str, str]) -> None:
    """As root, learners' users may not reach the project's own Python or checkout (CI
    clones under /root, mode 700): their servers run from the runtime and the fresh copy
    of the lessons. Not as root, from the hub's own Python and the lessons where they are."""
    settings, pid = hub.settings, server_pid(hub, ada[1])
    command = _cmdline(pid).decode().split("\0")
    if not as_root():
        assert not settings.runtime and command[1].startswith(str(Path(sys.executable).parent))
        return
    checkout = str(Path(runtime_module.__file__).resolve().parents[2])
    assert command[1] == f"{settings.runtime}/bin/jupyterhub-singleuser"
    assert not any(checkout in part for part in command), command
    assert server_environment(hub, ada[1])["PYTHONPATH"] == settings.app_dir
    copied = Path(settings.app_dir) / "tressette_learn" / "hub" / "runtime.py"
    assert copied.read_bytes() == Path(runtime_module.__file__).read_bytes()  # current code
    for path in (settings.runtime, copied, Path(settings.app_dir) / "notebooks" / "00_index.ipynb"):
        assert closed_to_others(Path(path)) is None, path


ASK_SOLVER = """
from tressette_learn.ai.solve.client import ServiceUnavailable, from_environment
try:
    from_environment().ready()
    print("reached")
except ServiceUnavailable:
    print("refused")
"""


def ask_solver(hub: Hub, env: dict[str, str], user: str | None) -> str:
    """What a process of ``user`` (None: this one's) with a server's solver address and key
    gets from the service: reached or refused."""
    pass_on = {name: env[name] for name in (ADDRESS_ENV, KEY_ENV, "PYTHONPATH") if name in env}
    who: dict[str, object] = {}
    if user is not None:  # as the hub's spawner does: the user's own groups, no others
        entry = pwd.getpwnam(user)
        who = {"user": entry.pw_uid, "group": entry.pw_gid,
               "extra_groups": os.getgrouplist(user, entry.pw_gid)}
    done = subprocess.run([str(hub.settings.server_bin / "python"), "-c", ASK_SOLVER],
                          env={"PATH": "/usr/bin:/bin", **pass_on}, cwd="/", **who,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_one_solver_service_answers_every_learner_and_nobody_else(
        hub: Hub, ada: tuple[Visitor, str, str, str], teacher: Visitor) -> None:
    """The hub runs one solver for the class (not ~110 MB of core per kernel); every
    learner's server is told where it is; as root it runs as its own user and only the
    class's users reach its socket."""
    env = server_environment(hub, ada[1])
    assert env[ADDRESS_ENV] == str(hub.settings.solver_dir / "solver.sock")
    assert len(solver_pids(hub)) == 1
    index_page(hub, teacher, "prof-bianchi")
    assert server_environment(hub, "prof-bianchi")[KEY_ENV] == env[KEY_ENV]
    learner = SYSTEM_PREFIX + ada[1] if as_root() else None
    assert ask_solver(hub, env, learner) == "reached"
    if as_root():
        assert {process_user(pid) for pid in solver_pids(hub)} == {SOLVER_USER}
        assert ask_solver(hub, env, "nobody") == "refused"


def solver_pids(hub: Hub) -> list[int]:
    assert hub.process is not None
    return [pid for pid in _children(hub.process.pid)
            if b"tressette_learn.hub.solver" in _cmdline(pid)]


def test_the_lessons_copy_is_made_anew(tmp_path: Path) -> None:
    app = tmp_path / "app"
    (app / "tressette_learn").mkdir(parents=True)
    (app / "tressette_learn" / "gone.py").write_text("stale = True\n")
    copy_app(app, Path(sys.executable).parent.parent)
    assert not (app / "tressette_learn" / "gone.py").exists()
    assert (app / "lessons" / "strings" / "en" / "hub.yaml").is_file()
    assert (app / "notebooks" / "00_index.ipynb").is_file()
    assert list((app / "tressette_learn" / "__pycache__").glob("*.pyc"))  # no compiling per kernel
    assert not (app / "tressette_learn" / "lessons").exists()


def test_not_as_root_the_servers_use_the_hubs_own_python(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr("tressette_learn.hub.process.as_root", lambda: False)
    settings = settings_for(tmp_path, [CODE])
    assert with_runtime(settings) == settings
    assert settings.server_bin == Path(sys.executable).parent


def test_the_runtime_has_the_projects_pins_and_the_hub_extra() -> None:
    """pyproject.toml is the one place for pins; the runtime reads them, markers resolved
    for its own Python."""
    newer, older = pins((3, 11, 2)), pins((3, 10, 12))
    assert {"jupyterhub==6.1.1", "voila==0.5.13", "numpy==2.4.6"} <= set(newer)
    assert "numpy==2.2.6" in older and "numpy==2.4.6" not in older
    assert not any(pin.startswith(("pytest", "playwright")) for pin in newer)  # no test extra


def test_the_lessons_sign_the_learner_in_with_the_name_typed_and_the_class_code(
        hub: Hub, ada: tuple[Visitor, str, str, str], teacher: Visitor) -> None:
    """The spawner hands the lessons the learner's name as first typed and the class code
    (see tests/test_recorder.py for the sign-in bar that reads them)."""
    _, name, _, typed = ada
    env = server_environment(hub, name)
    assert (env["TRESSETTE_LEARNER"], env["TRESSETTE_CLASS"]) == (typed, CODE)
    again = Visitor(hub.url)  # the same learner on another machine, typing otherwise
    assert again.sign_in(typed.upper(), CODE)[0] == 200 and again.signed_in_as() == name
    status, _, text = teacher.get(f"/hub/api/users/{name}")
    assert status == 200 and json.loads(text)["auth_state"]["display_name"] == typed


def test_every_server_writes_to_the_class_database_and_only_the_teacher_has_the_key(
        hub: Hub, ada: tuple[Visitor, str, str, str], teacher: Visitor,
        teacher_key: str) -> None:
    index_page(hub, teacher, "prof-bianchi")
    learner_env = server_environment(hub, ada[1])
    teacher_env = server_environment(hub, "prof-bianchi")
    assert learner_env["TRESSETTE_DB"] == teacher_env["TRESSETTE_DB"] \
        == hub.settings.progress_url
    assert teacher_env["TRESSETTE_TEACHER_KEY"] == teacher_key
    assert not learner_env.get("TRESSETTE_TEACHER_KEY")


def test_a_wrong_class_code_is_refused_with_the_reason(hub: Hub) -> None:
    status, _, page = Visitor(hub.url).sign_in("Bruno", "4C")
    assert status == 403
    assert login_error(page) == t("hub.error.bad_code", "en")
    assert html.escape(t("hub.code", "en")) in page  # the form says what to type


def test_a_wrong_teacher_key_is_refused_with_the_reason(hub: Hub, teacher_key: str) -> None:
    status, _, page = Visitor(hub.url).sign_in("Prof", teacher_key[:-1] + "!" * 8)
    assert status == 403
    assert login_error(page) == t("hub.error.teacher_key", "en")


@pytest.mark.parametrize(("typed", "name"), [("Nicolò  Rossi", "nicolo-rossi"),
                                             ("ADA", "ada")])
def test_a_learner_name_becomes_a_hub_name(typed: str, name: str) -> None:
    assert user_name(typed) == name


@pytest.mark.parametrize("typed", ["", "   ", "a/b", "x" * 30])
def test_a_name_the_hub_cannot_use_is_refused(typed: str) -> None:
    with pytest.raises(ValueError):
        user_name(typed)


def test_the_command_prints_the_url_and_ctrl_c_stops_everything(teacher_key: str) -> None:
    state, port = new_state(), free_port()
    command = [sys.executable, "-m", "tressette_learn", "hub", "--class-code", CODE,
               "--port", str(port), "--dir", str(state)]
    env = {**os.environ, "TRESSETTE_TEACHER_KEY": teacher_key}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env=env, start_new_session=True)
    try:
        assert process.stdout is not None
        lines = [process.stdout.readline() for _ in range(2)]
        assert f"http://127.0.0.1:{port}/" in lines[1], lines
        assert answers(f"http://127.0.0.1:{port}/hub/login")
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
        assert process.returncode == 0 and "Stopped." in out and "Traceback" not in err
        assert not answers(f"http://127.0.0.1:{port}/hub/login")
    finally:
        if process.poll() is None:
            process.kill()
        shutil.rmtree(state, ignore_errors=True)


def test_the_command_needs_the_teacher_key(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("TRESSETTE_TEACHER_KEY", raising=False)
    assert main(["hub", "--class-code", CODE]) == 2
    assert "TRESSETTE_TEACHER_KEY" in capsys.readouterr().err


def test_the_command_refuses_a_bad_class_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hub", "--class-code", "3B C"]) == 2
    assert "--class-code" in capsys.readouterr().err


def test_an_italian_hub_signs_in_and_teaches_in_italian() -> None:
    """``--lang it``: every word of the login form, and the lessons' language until a
    learner chooses another."""
    from traitlets.config import Config

    from tressette_learn.hub import config

    settings = HubSettings(state_dir="/nonexistent", class_codes=("3B",), port=1, hub_port=2,
                           proxy_api_port=3, language="it")
    c = Config()
    config._login(c, settings)
    config._servers(c, settings)
    assert c.JupyterHub.template_vars["tressette_sign_in"] == t("hub.sign_in", "it") == "Entra"
    assert {f"tressette_{key}" for key in config.LOGIN_TEXTS} == set(c.JupyterHub.template_vars)
    assert c.Spawner.environment[LANG_VARIABLE] == "it"
    template = (Path(config.__file__).with_name("templates") / "login.html").read_text()
    used = set(re.findall(r"{{ (tressette_\w+) }}", template))
    assert used == set(c.JupyterHub.template_vars)  # each text shown, none forgotten
    words = re.sub(r"{{.*?}}|{%.*?%}|{#.*?#}|<[^>]*>", " ", template, flags=re.S)
    assert words.split() == []  # no word of the form is left in JupyterHub's English


def test_the_hub_runs_the_node_proxy_which_streams(hub: Hub) -> None:
    """``make hub-runtime`` installed the pinned Node proxy: the hub runs it (the Python
    port buffers whole responses, so a starting server's progress never reached the page)."""
    pid = int((hub.settings.private / "proxy.pid").read_text())
    command = _cmdline(pid).split(b"\0")
    assert hub.settings.node_proxy and Path(hub.settings.node_proxy).is_file()
    assert any(part.endswith(b"node") for part in command)
    installed = str(folder_for(pinned() or "")).encode()
    assert any(part.startswith(installed) for part in command), command
