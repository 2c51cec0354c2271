"""``tressette-learn hub``: a real JupyterHub for a class, started by the project.

One hub (with its proxy, idle culler, solver and lessons service) for the module, on free
ports. Learners sign in over HTTP with their name, the class code and a PIN and get their
pages from the one lessons service (Voilà behind the hub's login); they have no server of
their own and run no code. Every way in is tried as an attacker would: the teacher's name,
another learner's name typed otherwise without the PIN, every endpoint that runs code (the
hub's ``/user/...``, the service's kernels API, an ``execute_request`` on the page's own
kernel websocket, another learner's kernel), with the session cookie and a token the
learner would make; a refusal changes nothing (the store is read back). The browser tests
(tests/browser/test_hub_browser.py) add the quiz and the teacher's dashboard.
"""

from __future__ import annotations

import base64
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
    LESSONS,
    SERVICE_INDEX,
    Visitor,
    class_hub,
    comm,
    cookie_header,
    environment,
    jupyter_message,
    kernel_id,
    kernel_messages,
    login_error,
    new_state,
    process_user,
    widget_states,
)
from hub_support import sign_in_bar as bar_of  # noqa: E402

from tressette_learn.ai.solve import ADDRESS_ENV, KEY_ENV  # noqa: E402
from tressette_learn.cli import main  # noqa: E402
from tressette_learn.i18n import t  # noqa: E402
from tressette_learn.serve.hub import runtime as runtime_module  # noqa: E402
from tressette_learn.serve.hub.auth import TEACHER  # noqa: E402
from tressette_learn.serve.hub.config import HubSettings  # noqa: E402
from tressette_learn.serve.hub.lessons import LESSONS_USER, hub_name, learner_id  # noqa: E402
from tressette_learn.serve.hub.node_proxy import folder_for, pinned  # noqa: E402
from tressette_learn.serve.hub.process import Hub, settings_for, with_runtime  # noqa: E402
from tressette_learn.serve.hub.runtime import closed_to_others, copy_app, pins  # noqa: E402
from tressette_learn.serve.hub.solver import SOLVER_USER  # noqa: E402
from tressette_learn.serve.hub.spawner import as_root  # noqa: E402
from tressette_learn.serve.server import _children, _cmdline, answers, descendants, free_port  # noqa: E402
from tressette_learn.ui.settings import LANG_VARIABLE  # noqa: E402

ADA, PIN, BRUNO, BRUNO_PIN = "Ada Rossi", "4821", "Bruno Conti", "735911"


@pytest.fixture(scope="module")
def teacher_key() -> str:
    return secrets.token_urlsafe(24)


@pytest.fixture(scope="module")
def hub(teacher_key: str) -> Iterator[Hub]:
    with class_hub(teacher_key, cull_timeout=600, class_size=2) as running:
        yield running


def signed_in(hub: Hub, name: str, code: str, pin: str) -> Visitor:
    """A visitor signed in as a learner, on the lessons' index the hub sent them to (kept
    as ``index``)."""
    visitor = Visitor(hub.url)
    status, url, page = visitor.sign_in(name, code, pin)
    assert status == 200 and url.endswith(SERVICE_INDEX), (status, url, login_error(page))
    visitor.index = page  # type: ignore[attr-defined]
    return visitor


@pytest.fixture(scope="module")
def ada(hub: Hub) -> Visitor:
    """A learner signed in (the class code in lower case: codes are read without case)."""
    return signed_in(hub, ADA, CODE.lower(), PIN)


@pytest.fixture(scope="module")
def bruno(hub: Hub) -> Visitor:
    return signed_in(hub, BRUNO, CODE, BRUNO_PIN)


@pytest.fixture(scope="module")
def teacher(hub: Hub, teacher_key: str) -> Visitor:
    """The teacher, signed in with the key (and any name)."""
    visitor = Visitor(hub.url)
    assert visitor.sign_in("Prof Bianchi", teacher_key)[0] == 200
    return visitor


SNAPSHOT = """
import json, sys
from tressette_learn.store import Store
db = Store(sys.argv[1]).db
tables = ["learners", "identities", "events", "results", "classes", "saved_matches",
          "preferences"]
print(json.dumps({name: sorted(map(repr, db.query(f"SELECT * FROM {name}")))
                  for name in tables}))
"""


def store_snapshot(hub: Hub) -> dict[str, list[str]]:
    """Every row of the class's store, read as the lessons service's user (the only one
    that may open it); the PINs' failure counts left out (a wrong PIN counts)."""
    settings = hub.settings
    who: dict[str, object] = {}
    if as_root():
        entry = pwd.getpwnam(LESSONS_USER)
        who = {"user": entry.pw_uid, "group": entry.pw_gid}
    path = settings.app_dir or str(Path(runtime_module.__file__).resolve().parents[3])
    done = subprocess.run([str(settings.server_bin / "python"), "-c", SNAPSHOT,
                           settings.progress_url], capture_output=True, text=True, check=False,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": path},
                          cwd="/", timeout=120, **who)
    assert done.returncode == 0, done.stderr
    rows: dict[str, list[str]] = json.loads(done.stdout)
    rows["identities"] = [re.sub(r", \d+, (None|'[^']*')\)$", ")", row)
                          for row in rows["identities"]]
    return rows


def learners_servers(hub: Hub) -> list[int]:
    """The Jupyter Servers the hub runs for anyone but the teacher."""
    assert hub.process is not None
    return [pid for pid in descendants(hub.process.pid)
            if b"jupyterhub-singleuser" in _cmdline(pid)
            and environment(pid).get("JUPYTERHUB_USER") != TEACHER]


def servers(teacher: Visitor, name: str) -> dict[str, object]:
    """Hub user ``name``'s servers, as the teacher (the admin) sees them."""
    status, text = teacher.call("GET", f"/hub/api/users/{name}")
    assert status == 200, text
    return dict(json.loads(text)["servers"])


def test_a_learner_signs_in_with_a_pin_and_gets_the_lessons_from_the_service(
        hub: Hub, ada: Visitor, teacher: Visitor) -> None:
    """No server of her own: her pages come from the one lessons service."""
    assert "Learn Tressette" in ada.index  # type: ignore[attr-defined]
    name = ada.signed_in_as()
    assert re.fullmatch(r"l\d+-ada-rossi", name) and name == hub_name(learner_id(name) or 0, ADA)
    assert servers(teacher, name) == {}
    assert learners_servers(hub) == []


def test_the_same_learner_typed_otherwise_with_her_pin_is_the_same_learner(
        hub: Hub, ada: Visitor) -> None:
    again = signed_in(hub, "  ADA   rossi ", CODE, PIN)
    assert again.signed_in_as() == ada.signed_in_as()


def test_the_service_shows_no_page_without_the_hubs_login(hub: Hub) -> None:
    status, url, page = Visitor(hub.url).get(SERVICE_INDEX)
    assert "/hub/login" in url and "Learn Tressette" not in page


def test_the_teachers_name_with_the_class_code_is_a_learner_who_cannot_touch_the_teacher(
        hub: Hub, teacher: Visitor) -> None:
    status, text = teacher.call("GET", f"/hub/api/users/{TEACHER}")
    assert status == 200 and json.loads(text)["admin"] is True
    intruder = signed_in(hub, "Teacher", CODE, "1111")
    name = intruder.signed_in_as()
    assert name != TEACHER and learner_id(name) is not None
    before = store_snapshot(hub)  # with the learner "Teacher", made by her first sign-in
    for method, path, body in [("GET", f"/hub/api/users/{TEACHER}", None),
                               ("PATCH", f"/hub/api/users/{TEACHER}", {"admin": False}),
                               ("POST", f"/hub/api/users/{TEACHER}/server", {}),
                               ("DELETE", f"/hub/api/users/{TEACHER}/server", None),
                               ("POST", f"/hub/api/users/{TEACHER}/tokens", {}),
                               ("PATCH", f"/hub/api/users/{name}", {"admin": True,
                                                                    "name": TEACHER})]:
        status, text = intruder.call(method, path, body)
        assert status in (403, 404), (method, path, status, text)
    status, _, page = intruder.get(f"/user/{TEACHER}/lab")
    assert status in (403, 404) and "JupyterLab" not in page, status
    status, text = teacher.call("GET", f"/hub/api/users/{TEACHER}")
    assert status == 200 and json.loads(text)["admin"] is True  # still the teacher
    assert store_snapshot(hub) == before


@pytest.mark.parametrize(("typed", "pin", "key"), [
    ("  ada   ROSSI ", "", "signin.error.pin_format"),
    ("ADA ROSSI", "0000", "signin.error.wrong_pin"),
    ("Àda  Rossi", "482", "signin.error.pin_format")])
def test_another_learners_name_typed_otherwise_without_her_pin_is_refused(
        hub: Hub, ada: Visitor, typed: str, pin: str, key: str) -> None:
    before = store_snapshot(hub)
    status, _, page = Visitor(hub.url).sign_in(typed, CODE, pin)
    assert status == 403
    assert login_error(page) == html.unescape(t(key, "en", least=4, most=8))
    assert store_snapshot(hub) == before


HUB_CODE = [("GET", "/user/{name}/lab", None), ("GET", "/user/{name}/api/kernels", None),
            ("POST", "/user/{name}/api/kernels", {}), ("POST", "/user/{name}/api/terminals", {}),
            ("PUT", "/user/{name}/api/contents/evil.py",
             {"type": "file", "format": "text", "content": "print('evil')"}),
            ("POST", "/hub/api/users/{name}/server", {}), ("GET", "/hub/spawn", None),
            ("POST", "/hub/api/users/{name}/tokens", {"note": "mine"})]


def test_a_learner_has_no_endpoint_that_runs_code_nor_can_make_a_token(
        hub: Hub, ada: Visitor, teacher: Visitor) -> None:
    """Not her own server (she has none and cannot start one), not a terminal, not a
    kernel, not a file, not a token to try them with."""
    name, before = ada.signed_in_as(), store_snapshot(hub)
    for method, path, body in HUB_CODE:
        status, text = ada.call(method, path.format(name=name), body)
        assert status in (403, 404, 405, 424, 503), (method, path, status, text[:300])
        assert "_xsrf" not in text, text[:300]  # refused for what it asked, not a cookie
    assert servers(teacher, name) == {}
    assert ada.call("GET", f"/hub/api/users/{name}/tokens")[0] == 403
    assert learners_servers(hub) == []
    assert store_snapshot(hub) == before


def oauth_token(visitor: Visitor) -> str:
    """The hub's OAuth token for the lessons service that the learner's browser holds: the
    service's cookie (``service-lessons``) is signed, not encrypted, so she can read it."""
    (cookie,) = [cookie for cookie in visitor.jar() if cookie.name.endswith("service-lessons")]
    field = cookie.value.strip('"').split("|")[4]  # Tornado's signed value, version 2
    return base64.b64decode(field.split(":", 1)[1]).decode()


TEACHERS = [("GET", f"/hub/api/users/{TEACHER}", None),
            ("PATCH", f"/hub/api/users/{TEACHER}", {"admin": False}),
            ("POST", f"/hub/api/users/{TEACHER}/server", {}),
            ("POST", f"/hub/api/users/{TEACHER}/tokens", {}),
            ("GET", f"/user/{TEACHER}/api/kernels", None)]


def test_the_token_the_hub_gave_the_learner_runs_no_code_and_makes_no_other(
        hub: Hub, ada: Visitor, teacher: Visitor) -> None:
    """The one token a learner holds (the service's OAuth token, read from her cookie),
    sent as ``Authorization: token ...`` with no cookie: it names her to the hub and
    opens nothing else: no server, kernel, terminal, file or new token, nothing of the
    teacher's, no kernel API on the service."""
    name, before = ada.signed_in_as(), store_snapshot(hub)
    bearer, auth = Visitor(hub.url), {"Authorization": f"token {oauth_token(ada)}"}
    status, text = bearer.call("GET", "/hub/api/user", headers=auth)
    assert status == 200 and json.loads(text)["name"] == name  # a real token, and hers
    for method, path, body in [*HUB_CODE, *TEACHERS,
                               ("GET", f"{LESSONS}api/kernels", None),
                               ("POST", f"{LESSONS}api/kernels", {}),
                               ("POST", f"{LESSONS}api/terminals", {}),
                               ("PUT", f"{LESSONS}api/contents/evil.py", {"type": "file"})]:
        status, text = bearer.call(method, path.format(name=name), body, headers=auth)
        login_page = status == 200 and 'id="login_submit"' in text  # pages want the cookie
        assert status in (403, 404, 405, 424, 503) or login_page, \
            (method, path, status, text[:300])
    assert bearer.call("GET", f"/hub/api/users/{name}/tokens", headers=auth)[0] == 403
    assert servers(teacher, name) == {} and learners_servers(hub) == []
    status, text = teacher.call("GET", f"/hub/api/users/{TEACHER}")
    assert status == 200 and json.loads(text)["admin"] is True
    assert store_snapshot(hub) == before


def test_a_name_in_other_letters_signs_in_and_one_the_class_cannot_use_is_told_why(
        hub: Hub) -> None:
    """"名字" is a learner (hub name ``l<id>``); a name of spaces or accents only, or too
    long, is refused with its reason and writes nothing."""
    before = store_snapshot(hub)
    for typed, key in [("   ", "signin.error.no_name"), ("\u0301\u0300", "signin.error.no_name"),
                       ("x" * 41, "signin.error.long_name")]:
        status, _, page = Visitor(hub.url).sign_in(typed, CODE, "2468")
        assert status == 403, typed
        assert login_error(page) == html.unescape(t(key, "en", most=40)), typed
    assert store_snapshot(hub) == before
    visitor = signed_in(hub, "名字", CODE, "2468")
    name = visitor.signed_in_as()
    assert re.fullmatch(r"l\d+", name), name
    assert sign_in_bar(hub, visitor, visitor.index)[1]["name"] == "名字"  # type: ignore[attr-defined]


def test_the_lessons_service_has_no_kernel_api_and_runs_no_code_sent_on_a_kernel(
        hub: Hub, ada: Visitor, tmp_path: Path) -> None:
    """Voilà keeps its kernel API to a page's own kernel (no new kernel, no list) and
    passes on comm and kernel-info messages only: the code sent is never run."""
    kernel = kernel_id(ada.index)  # type: ignore[attr-defined]
    for method in ("GET", "POST"):
        assert ada.call(method, f"{LESSONS}api/kernels", {} if method == "POST" else None)[0] \
            in (403, 404, 405)
    assert ada.call("GET", f"{LESSONS}api/terminals")[0] == 404
    marker = Path("/tmp") / f"tressette-evil-{secrets.token_hex(4)}"
    code = f"open({str(marker)!r}, 'w').write('ran')"
    execute = jupyter_message("execute_request", {"code": code, "silent": False,
                                                  "store_history": False,
                                                  "user_expressions": {},
                                                  "allow_stdin": False})
    info = jupyter_message("kernel_info_request", {})
    got = kernel_messages(hub.url, kernel, {"Cookie": cookie_header(ada)}, [execute, info])
    replies = {message["msg_type"] for message in got  # type: ignore[misc]
               if message["parent_header"].get("msg_id") == execute["header"]["msg_id"]}  # type: ignore[union-attr,index]
    assert any(message["msg_type"] == "kernel_info_reply" for message in got)  # it listens
    assert not replies and not marker.exists()


def test_a_learners_kernel_is_hers_alone(hub: Hub, ada: Visitor, bruno: Visitor) -> None:
    kernel = kernel_id(ada.index)  # type: ignore[attr-defined]
    for headers in ({"Cookie": cookie_header(bruno)}, {}):
        with pytest.raises(PermissionError):
            kernel_messages(hub.url, kernel, headers, [jupyter_message("kernel_info_request", {})])
    for method, path in [("GET", f"api/kernels/{kernel}"), ("DELETE", f"api/kernels/{kernel}"),
                         ("POST", f"voila/api/shutdown/{kernel}")]:
        assert bruno.call(method, LESSONS + path)[0] == 403, (method, path)
    assert ada.call("GET", f"{LESSONS}api/kernels/{kernel}")[0] == 200  # still running


def test_a_page_the_learner_leaves_stops_its_kernel(hub: Hub, ada: Visitor) -> None:
    """The page sets the service's ``_xsrf`` cookie, which Voilà's script sends back when
    the learner leaves (it was never set: every page left kept its kernel until culled)."""
    status, _url, page = ada.get(f"{LESSONS}voila/render/01_deck.ipynb")
    assert status == 200
    kernel = kernel_id(page)
    assert any(c.name == "_xsrf" and c.path.startswith(LESSONS.rstrip("/")) for c in ada.jar())
    assert ada.call("POST", f"{LESSONS}voila/api/shutdown/{kernel}")[0] == 204
    assert ada.call("GET", f"{LESSONS}api/kernels/{kernel}")[0] == 404


def sign_in_bar(hub: Hub, visitor: Visitor, page: str,
                *extra: dict[str, object]) -> tuple[str, dict[str, object]]:
    """The sign-in bar's model id and its ``state`` trait in the page's kernel."""
    return bar_of(widget_states(hub.url, kernel_id(page), {"Cookie": cookie_header(visitor)},
                                *extra))


def test_the_service_says_who_the_page_is_for_and_the_browser_cannot(
        hub: Hub, ada: Visitor, bruno: Visitor) -> None:
    """The kernel signs in as the learner the hub signed in, whatever header or sign-in
    message the browser sends; the store is unchanged by the attempts."""
    assert sign_in_bar(hub, ada, ada.index)[1]["name"] == ADA  # type: ignore[attr-defined]
    before = store_snapshot(hub)
    bruno_id = str(learner_id(bruno.signed_in_as()))
    ada.opener.addheaders = [("X-Tressette-Learner", bruno_id)]
    try:
        status, _, page = ada.get(f"{LESSONS}voila/render/01_deck.ipynb")
    finally:
        ada.opener.addheaders = []
    assert status == 200
    model, state = sign_in_bar(hub, ada, page)
    assert (state["name"], state["hub"]) == (ADA, True)
    attack = comm(model, {"method": "custom", "content": {
        "type": "sign_in", "name": "Zeno Nuovo", "class_code": CODE, "stored": {}}})
    assert sign_in_bar(hub, ada, page, attack)[1]["name"] == ADA
    assert store_snapshot(hub) == before


def test_the_teachers_pages_are_not_served_to_learners(hub: Hub, ada: Visitor) -> None:
    """The class's deal, its report and the learners' PINs are the teacher's: their page is
    on the teacher's own server only."""
    before = store_snapshot(hub)
    status, _, page = ada.get(f"{LESSONS}voila/render/teacher.ipynb")
    assert status == 404 and "kernelId" not in page
    assert store_snapshot(hub) == before


def test_only_the_lessons_service_holds_the_store_and_its_kernels_no_hub_secret(
        hub: Hub, ada: Visitor) -> None:
    """The class's SQLite file is open to the service's user alone (no group, no other
    user); the service's kernels get neither its hub token nor the sign-in key."""
    database = Path(hub.settings.progress_url.removeprefix("sqlite:///"))
    for path in (database, database.parent):
        assert path.stat().st_mode & 0o077 == 0, oct(path.stat().st_mode)
    (service,) = lessons_pids(hub)
    env = environment(service)
    assert env["TRESSETTE_DB"] == hub.settings.progress_url
    assert not env.get("TRESSETTE_TEACHER_KEY")
    kernels = [pid for pid in descendants(service) if b"ipykernel" in _cmdline(pid)]
    assert kernels
    for pid in kernels:
        kernel_env = environment(pid)
        assert not {"JUPYTERHUB_API_TOKEN", "JPY_API_TOKEN",
                    "TRESSETTE_HUB_SIGNIN_KEY", "TRESSETTE_TEACHER_KEY"} & set(kernel_env)
    if as_root():
        assert {process_user(pid) for pid in [service, *kernels]} == {LESSONS_USER}
        assert pwd.getpwuid(database.stat().st_uid).pw_name == LESSONS_USER


def lessons_pids(hub: Hub) -> list[int]:
    assert hub.process is not None
    return [pid for pid in _children(hub.process.pid)
            if b"tressette_learn.serve.hub.lessons" in _cmdline(pid)]


def test_the_teacher_gets_a_server_with_the_key_and_the_dashboard(
        hub: Hub, teacher: Visitor, teacher_key: str) -> None:
    page = ""
    for _ in range(90):
        status, url, page = teacher.get(f"/user/{TEACHER}/voila/render/notebooks/teacher.ipynb")
        if status == 200 and "/voila/render/" in url:
            break
        import time
        time.sleep(2)
    assert "kernelId" in page
    (server,) = [pid for pid in _children(hub.process.pid)  # type: ignore[union-attr]
                 if b"jupyterhub-singleuser" in _cmdline(pid)]
    env = environment(server)
    assert env["TRESSETTE_TEACHER_KEY"] == teacher_key
    assert env["TRESSETTE_DB"] == hub.settings.progress_url
    if as_root():
        assert process_user(server) == LESSONS_USER  # never root


ASK_SOLVER = """
from tressette_learn.ai.solve.client import ServiceUnavailable, from_environment
try:
    from_environment().ready()
    print("reached")
except ServiceUnavailable:
    print("refused")
"""


def ask_solver(hub: Hub, env: dict[str, str], user: str | None) -> str:
    """What a process of ``user`` (None: this one's) with the service's solver address and
    key gets from the solver: reached or refused."""
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


def test_one_solver_service_answers_the_lessons_and_nobody_else(hub: Hub) -> None:
    (service,) = lessons_pids(hub)
    env = environment(service)
    assert env[ADDRESS_ENV] == str(hub.settings.solver_dir / "solver.sock")
    solvers = [pid for pid in _children(hub.process.pid)  # type: ignore[union-attr]
               if b"tressette_learn.serve.hub.solver" in _cmdline(pid)]
    assert len(solvers) == 1
    assert ask_solver(hub, env, LESSONS_USER if as_root() else None) == "reached"
    if as_root():
        assert {process_user(pid) for pid in solvers} == {SOLVER_USER}
        assert ask_solver(hub, env, "nobody") == "refused"


def test_the_service_runs_from_a_python_and_lessons_its_user_can_reach(hub: Hub) -> None:
    """As root, the service's user may not reach the project's own Python or checkout (CI
    clones under /root, mode 700): it runs from the runtime and the fresh copy of the
    lessons. Not as root, from the hub's own Python and the lessons where they are."""
    settings = hub.settings
    (service,) = lessons_pids(hub)
    command = _cmdline(service).decode().split("\0")
    if not as_root():
        assert not settings.runtime and command[0].startswith(str(Path(sys.executable).parent))
        return
    checkout = str(Path(runtime_module.__file__).resolve().parents[3])
    assert command[0] == f"{settings.runtime}/bin/python"
    assert not any(checkout in part for part in command), command
    assert environment(service)["PYTHONPATH"] == settings.app_dir
    copied = Path(settings.app_dir) / "tressette_learn" / "serve" / "hub" / "lessons.py"
    assert copied.read_bytes() == Path(runtime_module.__file__).with_name("lessons.py").read_bytes()
    for path in (settings.runtime, copied, Path(settings.app_dir) / "notebooks" / "00_index.ipynb"):
        assert closed_to_others(Path(path)) is None, path


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
    monkeypatch.setattr("tressette_learn.serve.hub.process.as_root", lambda: False)
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


def test_a_wrong_class_code_is_refused_with_the_reason(hub: Hub) -> None:
    status, _, page = Visitor(hub.url).sign_in("Bruno", "4C")
    assert status == 403
    assert login_error(page) == t("hub.error.bad_code", "en")
    assert html.escape(t("hub.code", "en")) in page  # the form says what to type


def test_a_wrong_teacher_key_is_refused_with_the_reason(hub: Hub, teacher_key: str) -> None:
    status, _, page = Visitor(hub.url).sign_in("Prof", teacher_key[:-1] + "!" * 8)
    assert status == 403
    assert login_error(page) == t("hub.error.teacher_key", "en")


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


@pytest.mark.parametrize("url", ["bogus://x", "sqlite://x.db"])
def test_the_command_refuses_a_database_url_it_cannot_open_and_creates_nothing(
        url: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TRESSETTE_TEACHER_KEY", "k" * 24)
    monkeypatch.setenv("TRESSETTE_DB", url)
    assert main(["hub", "--class-code", CODE, "--dir", str(tmp_path / "state")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: TRESSETTE_DB: ") and err.count("\n") == 1, err
    assert list(tmp_path.iterdir()) == []  # no state folder, no file named after the URL


def test_the_command_refuses_a_bad_class_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hub", "--class-code", "3B C"]) == 2
    assert "--class-code" in capsys.readouterr().err


def test_an_italian_hub_signs_in_and_teaches_in_italian() -> None:
    """``--lang it``: every word of the login form, and the lessons' language until a
    learner chooses another."""
    from traitlets.config import Config

    from tressette_learn.serve.hub import config

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


@pytest.mark.parametrize(("learner", "typed", "name"), [
    (17, "Nicolò  Rossi", "l17-nicolo-rossi"), (3, "名字", "l3"),
    (5, "Teacher", "l5-teacher"), (123456, "x" * 40, "l123456-" + "x" * 24)])
def test_a_learners_hub_name_carries_their_id_and_is_never_the_teachers(
        learner: int, typed: str, name: str) -> None:
    assert hub_name(learner, typed) == name and learner_id(name) == learner
    assert learner_id(TEACHER) is None


def test_on_the_lessons_service_only_the_services_word_names_the_learner(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A page there ignores ``JUPYTERHUB_USER`` (the service's own hub user) and takes the
    learner from the id the service put in the request."""
    from tressette_learn.store import Store
    from tressette_learn.ui.classroom.hub_learner import (
        LEARNER_ENV,
        SERVICE_VARIABLE,
        hub_learner,
        served_learner,
    )

    url = f"sqlite:///{tmp_path / 'class.sqlite'}"
    ada = Store(url).sign_in("Ada Rossi", CODE)
    monkeypatch.setenv("TRESSETTE_DB", url)
    env = {SERVICE_VARIABLE: "1", "JUPYTERHUB_USER": "tressette-lessons"}
    assert hub_learner(env) is None and served_learner(env) is None
    assert served_learner({**env, LEARNER_ENV: str(ada.id)}) == ("Ada Rossi", CODE)
    assert served_learner({**env, LEARNER_ENV: str(ada.id + 1)}) is None


def test_a_kubernetes_replica_is_given_what_the_hub_gives_its_lessons_service(
        hub: Hub) -> None:
    """docs/deploy.md's replicas are started by no hub: they make for themselves what this
    hub gives its managed lessons service (every ``JUPYTERHUB_*`` variable set, in the same
    form), for their own name."""
    from tressette_learn.serve.hub.kubernetes import replica_environment

    (service,) = lessons_pids(hub)
    given = {name: value for name, value in environment(service).items()
             if name.startswith("JUPYTERHUB_") and value
             and name not in ("JUPYTERHUB_USER",  # the service's system user: kernels lose it
                              "JUPYTERHUB_COOKIE_HOST_PREFIX_ENABLED")}  # "0", the default
    made = replica_environment("lessons-3", "s" * 64)
    assert set(given) <= set(made), set(given) - set(made)
    for name in ("JUPYTERHUB_SERVICE_NAME", "JUPYTERHUB_SERVICE_PREFIX", "JUPYTERHUB_CLIENT_ID",
                 "JUPYTERHUB_OAUTH_CALLBACK_URL", "JUPYTERHUB_OAUTH_SCOPES",
                 "JUPYTERHUB_OAUTH_ACCESS_SCOPES", "JUPYTERHUB_OAUTH_CLIENT_ALLOWED_SCOPES",
                 "JUPYTERHUB_BASE_URL"):
        assert made[name] == given[name].replace("lessons", "lessons-3"), name
