"""``tressette-learn serve`` attacked as a curious learner on the class's network would:
every endpoint that runs code, code sent on a page's own kernel websocket, another
learner's name (typed otherwise) without her PIN, and the teacher's page (served to anyone
by ``serve``) before the teacher key: the class deal and a progress file sent to it. One
real ``serve`` with a SQLite store and a teacher key; every refusal is followed by reading
the store back and finding it unchanged. (The hub's side: tests/test_hub.py.)"""

from __future__ import annotations

import http.cookiejar
import json
import secrets
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from hub_support import (
    comm,
    jupyter_message,
    kernel_id,
    kernel_messages,
    sign_in_bar,
    widget_states,
    with_buffers,
)
from serve_support import Serve, get

from tressette_learn.serve.server import notebooks_dir
from tressette_learn.store import Store
from tressette_learn.store.identity import Identities
from tressette_learn.teaching.course import by_role

ADA, PIN, CODE, KEY = "Ada Rossi", "4821", "3B", secrets.token_urlsafe(24)
TABLES = {"learners": "*", "identities": "learner_id, class_code, learner_key, pin_hash",
          "sessions": "*", "events": "*", "results": "*", "classes": "*",
          "saved_matches": "*", "preferences": "*"}


class Served:
    """The running ``serve``, its base URL and its store's URL."""

    def __init__(self, server: Serve, db: str) -> None:
        self.server, self.db = server, db
        self.base = f"http://127.0.0.1:{server.port}"

    def page(self, notebook: str) -> str:
        status, text = get(f"{self.base}/voila/render/{notebook}")
        assert status == 200, status
        return text

    def snapshot(self) -> dict[str, list[str]]:
        """Every row of the store (the PIN's failure count aside: a wrong PIN counts)."""
        store = Store(self.db)
        try:
            return {table: sorted(map(repr, store.db.query(f"SELECT {columns} FROM {table}")))
                    for table, columns in TABLES.items()}
        finally:
            store.close()

    def widgets(self, page: str, *extra: dict[str, object] | bytes) -> dict[str, dict[str, object]]:
        return widget_states(self.base, kernel_id(page), {}, *extra, prefix="/")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """``serve`` on a class store where Ada has signed in with her PIN and answered."""
    db = f"sqlite:///{tmp_path_factory.mktemp('serve-security') / 'progress.sqlite'}"
    Identities(Store(db)).sign_in(ADA, CODE, PIN)
    server = Serve(env={"TRESSETTE_DB": db, "TRESSETTE_TEACHER_KEY": KEY})
    try:
        server.url()
        yield Served(server, db)
    finally:
        server.stop()


def request(base: str, method: str, path: str, body: object = None) -> tuple[int, str]:
    """Status and text of ``method path``, with a matching XSRF cookie and header (so that
    what refuses it is what it asks, not Tornado's XSRF check)."""
    xsrf = secrets.token_hex(16)
    data = None if body is None else json.dumps(body).encode()
    sent = urllib.request.Request(base + path, data, method=method, headers={
        "Content-Type": "application/json", "Cookie": f"_xsrf={xsrf}", "X-XSRFToken": xsrf})
    try:
        with urllib.request.urlopen(sent, timeout=60) as answer:
            return answer.status, answer.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode("utf-8", "replace")


CODE_ENDPOINTS = [("GET", "/lab", None), ("GET", "/tree", None), ("GET", "/api/kernels", None),
                  ("POST", "/api/kernels", {"name": "python3"}), ("GET", "/api/sessions", None),
                  ("POST", "/api/sessions", {"path": "x.ipynb", "type": "notebook",
                                             "kernel": {"name": "python3"}}),
                  ("POST", "/api/terminals", {}), ("GET", "/terminals/websocket/1", None),
                  ("PUT", "/api/contents/evil.py", {"type": "file", "format": "text",
                                                    "content": "print('evil')"}),
                  ("PUT", "/voila/api/contents/evil.py", {"type": "file", "format": "text",
                                                          "content": "print('evil')"}),
                  ("POST", "/voila/api/contents/evil.py", {}),
                  ("DELETE", "/voila/api/contents/00_index.ipynb", None)]


def test_serve_has_no_endpoint_that_runs_code_or_writes_a_file(served: Served) -> None:
    before = served.snapshot()
    kernel = kernel_id(served.page(by_role("index").notebook))
    for method, path, body in [*CODE_ENDPOINTS, ("POST", f"/api/kernels/{kernel}/restart", {}),
                               ("PATCH", f"/api/kernels/{kernel}", {"name": "x"})]:
        status, text = request(served.base, method, path, body)
        assert status in (403, 404, 405), (method, path, status, text[:300])
        assert "_xsrf" not in text, text[:300]
    assert not (notebooks_dir() / "evil.py").exists()
    assert (notebooks_dir() / "00_index.ipynb").is_file()
    assert served.snapshot() == before


def test_serve_runs_no_code_sent_on_a_pages_own_kernel(served: Served) -> None:
    """Voilà passes on comm and kernel-info messages only: the code is never run."""
    kernel = kernel_id(served.page(by_role("index").notebook))
    marker = Path("/tmp") / f"tressette-evil-{secrets.token_hex(4)}"
    execute = jupyter_message("execute_request", {
        "code": f"open({str(marker)!r}, 'w').write('ran')", "silent": False,
        "store_history": False, "user_expressions": {}, "allow_stdin": False})
    info = jupyter_message("kernel_info_request", {})
    got = kernel_messages(served.base, kernel, {}, [execute, info], prefix="/")
    answered = [message for message in got  # type: ignore[index]
                if message["parent_header"].get("msg_id") == execute["header"]["msg_id"]]  # type: ignore[union-attr,index]
    assert any(message["msg_type"] == "kernel_info_reply" for message in got)  # it listens
    assert not answered and not marker.exists()


def test_a_page_left_stops_its_kernel_with_the_pages_own_cookie(served: Served) -> None:
    """Leaving a page, Voilà's script posts the page's ``_xsrf`` cookie back as the form's
    ``_xsrf`` to shut the kernel down. The page never set that cookie, so every page left
    kept its kernel (403) until the culler: now it stops, and without the token (what a
    page of another site can send) it is still refused."""
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    with browser.open(f"{served.base}/voila/render/01_deck.ipynb", timeout=120) as answer:
        kernel = kernel_id(answer.read().decode("utf-8"))
    token = next(cookie.value for cookie in jar if cookie.name == "_xsrf")
    shutdown = f"{served.base}/voila/api/shutdown/{kernel}"
    info = [jupyter_message("kernel_info_request", {})]

    def post(form: bytes) -> int:
        try:
            with browser.open(urllib.request.Request(shutdown, form, method="POST"),
                              timeout=60) as answer:
                return int(answer.status)
        except urllib.error.HTTPError as err:
            return err.code

    assert post(b"") == 403
    assert kernel_messages(served.base, kernel, {}, info, listen=2, prefix="/")  # running
    assert post(f"_xsrf={token}".encode()) == 204
    with pytest.raises(PermissionError):
        kernel_messages(served.base, kernel, {}, info, listen=2, prefix="/")


@pytest.mark.parametrize(("typed", "pin"), [("  ada   ROSSI ", ""), ("ADA ROSSI", "0000"),
                                            ("Àda  Rossi", "482")])
def test_another_learners_name_typed_otherwise_without_her_pin_signs_in_no_one(
        served: Served, typed: str, pin: str) -> None:
    """On a served page's kernel, as the page's sign-in bar sends it."""
    before = served.snapshot()
    page = served.page(by_role("index").notebook)
    model, state = sign_in_bar(served.widgets(page))
    assert state["name"] == ""
    attack = comm(model, {"method": "custom", "content": {
        "type": "sign_in", "name": typed, "class_code": CODE.lower(), "pin": pin,
        "stored": {}}})
    _, state = sign_in_bar(served.widgets(page, attack))
    assert state["name"] == "" and state["message"], state
    assert served.snapshot() == before


def test_the_teachers_page_before_the_key_sets_no_class_deal_and_imports_no_file(
        served: Served) -> None:
    """``serve`` shows ``teacher.ipynb`` to anyone: before the key, the class deals box
    does not exist, a wrong key opens nothing, and a progress file sent to the import
    box's picker (there from the start) imports nothing."""
    before = served.snapshot()
    page = served.page("teacher.ipynb")
    states = served.widgets(page)
    assert not any("tl-teacher-class-deals" in state.get("_dom_classes", ())
                   for state in states.values())
    (key_box,) = [model for model, state in states.items()
                  if isinstance(state.get("state"), dict) and "unlocked" in state["state"]]
    (picker,) = [model for model, state in states.items()
                 if isinstance(state.get("state"), dict) and "most_bytes" in state["state"]]
    progress = saved_progress("Zeno Nuovo")
    wrong_key = comm(key_box, {"method": "custom", "content": {"type": "unlock",
                                                               "key": "not-" + KEY}})
    upload = with_buffers(comm(picker, {"method": "custom", "content": {
        "type": "file", "name": "zeno.json", "index": 0, "count": 1}}), [progress])
    states = served.widgets(page, wrong_key, upload)
    assert states[key_box]["state"]["unlocked"] is False  # type: ignore[index]
    assert not any("tl-teacher-class-deals" in state.get("_dom_classes", ())
                   for state in states.values())
    assert served.snapshot() == before


def saved_progress(name: str) -> bytes:
    """A progress file as the static site saves it, for ``name`` in class CODE."""
    from tressette_learn.store import Record
    from tressette_learn.store.browser_store import BrowserStore, MirroredStorage

    store = BrowserStore(MirroredStorage())
    learner = store.sign_in(name, CODE)
    store.add(learner, Record("answer", "01_deck", "bank-01_deck", "q1", True, {"number": 1}))
    return store.progress(learner).text().encode()
