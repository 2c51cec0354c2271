"""Helpers for the class hub's tests (tests/test_hub.py, tests/browser/test_hub_browser.py):
a hub for one class in a fresh state folder, an HTTP visitor with cookies of its own (and
an attacker's requests), the lessons service's kernel websocket, processes seen from /proc."""

from __future__ import annotations

import contextlib
import http.cookiejar
import json
import os
import pwd
import re
import shutil
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from conftest import run_async

from tressette_learn.serve.hub.process import Hub, settings_for

CODE = "3B"
START = 180  # seconds for a page (or the teacher's server) on a loaded machine


class Visitor:
    """One browser's worth of cookies, talking to the hub over HTTP."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def get(self, path: str) -> tuple[int, str, str]:
        """Status, final URL and text of ``path`` (redirects followed)."""
        return self._open(self.base + path)

    def sign_in(self, name: str, code: str, pin: str = "") -> tuple[int, str, str]:
        form = self.get("/hub/login")[2]
        xsrf = re.search(r'name="_xsrf" value="([^"]+)"', form)
        assert xsrf, form
        data = urllib.parse.urlencode({"_xsrf": xsrf.group(1), "username": name,
                                       "password": code, "pin": pin}).encode()
        return self._open(self.base + "/hub/login", data)

    def signed_in_as(self) -> str:
        """The hub name of the user this visitor is signed in as."""
        status, _, text = self.get("/hub/api/user")
        assert status == 200, text
        return str(json.loads(text)["name"])

    def call(self, method: str, path: str, body: object = None,
             headers: dict[str, str] | None = None) -> tuple[int, str]:
        """Status and text of a ``method`` request (JSON ``body``) as an attacker sends it:
        every cookie of this visitor whatever its path, and the XSRF header matching the
        ``_xsrf`` cookie sent (``path``'s own, else the hub's)."""
        jar = self.jar()
        xsrf = [cookie for cookie in jar if cookie.name == "_xsrf"]
        fitting = [cookie for cookie in xsrf if path.startswith(cookie.path)] or \
            [cookie for cookie in xsrf if cookie.path.startswith("/hub")]
        chosen = max(fitting, key=lambda cookie: len(cookie.path)) if fitting else None
        cookies = [f"{c.name}={c.value}" for c in jar if c.name != "_xsrf"]
        sent = {"Content-Type": "application/json", **(headers or {})}
        if chosen is not None:
            cookies.append(f"_xsrf={chosen.value}")
            sent["X-XSRFToken"] = chosen.value
        sent["Cookie"] = "; ".join(cookies)
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data, sent, method=method)
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return answer.status, answer.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as err:
            return err.code, err.read().decode("utf-8", "replace")

    def jar(self) -> http.cookiejar.CookieJar:
        return next(handler.cookiejar for handler in self.opener.handlers
                    if isinstance(handler, urllib.request.HTTPCookieProcessor))

    def _open(self, url: str | urllib.request.Request,
              data: bytes | None = None) -> tuple[int, str, str]:
        try:
            with self.opener.open(url, data, timeout=60) as answer:
                return answer.status, answer.url, answer.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as err:
            return err.code, err.url or "", err.read().decode("utf-8", "replace")


def login_error(page: str) -> str:
    found = re.search(r'class="login_error">([^<]*)<', page)
    return found.group(1).replace("&#39;", "'") if found else ""


def new_state() -> Path:
    """A fresh state folder that learners' users can reach (pytest's folders are private)."""
    return Path(tempfile.mkdtemp(prefix="tressette-hub-", dir="/tmp"))


@contextlib.contextmanager
def class_hub(teacher_key: str, **options: object) -> Iterator[Hub]:
    """A hub for class CODE in a fresh state folder (removed afterwards)."""
    state = new_state()
    try:
        with Hub(settings_for(state, [CODE], **options), teacher_key=teacher_key) as running:
            yield running
    finally:
        shutil.rmtree(state, ignore_errors=True)


def environment(pid: int) -> dict[str, str]:
    pairs = Path(f"/proc/{pid}/environ").read_bytes().decode().split("\0")
    return dict(pair.split("=", 1) for pair in pairs if "=" in pair)


def process_user(pid: int) -> str:
    """The user process ``pid`` runs as."""
    return pwd.getpwuid(os.stat(f"/proc/{pid}").st_uid).pw_name




LESSONS = "/services/lessons/"
SERVICE_INDEX = f"{LESSONS}voila/render/00_index.ipynb"


def kernel_id(page: str) -> str:
    """The id of the kernel a Voilà page runs on."""
    found = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', page)
    assert found, page[:2000]
    return found.group(1)


def cookie_header(visitor: Visitor) -> str:
    """The visitor's cookies as a ``Cookie`` header."""
    return "; ".join(f"{cookie.name}={cookie.value}" for cookie in visitor.jar())


def kernel_messages(base: str, kernel: str, headers: dict[str, str],
                    send: list[dict[str, object] | bytes], listen: float = 5.0,
                    prefix: str = LESSONS) -> list[dict[str, object]]:
    """Open the kernel's websocket on the lessons service (or the Voilà under ``prefix``)
    with ``headers``, send the Jupyter messages ``send`` (a message with buffers as the
    bytes of :func:`with_buffers`) and return what comes back within ``listen`` seconds;
    ``PermissionError`` when the websocket is refused."""
    import asyncio

    from tornado.httpclient import HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

    url = base.replace("http", "ws", 1) + f"{prefix}api/kernels/{kernel}/channels"

    async def talk() -> list[dict[str, object]]:
        try:
            socket = await websocket_connect(HTTPRequest(url, headers=headers))
        except HTTPClientError as err:
            raise PermissionError(err.code) from None
        for message in send:
            binary = isinstance(message, bytes)
            await socket.write_message(message if binary else json.dumps(message), binary)
        got: list[dict[str, object]] = []
        deadline = time.monotonic() + listen
        while (left := deadline - time.monotonic()) > 0:
            try:
                text = await asyncio.wait_for(socket.read_message(), left)
            except asyncio.TimeoutError:
                break
            if text is None:
                break
            if isinstance(text, str):
                got.append(json.loads(text))
        socket.close()
        return got

    return run_async(talk())


def jupyter_message(kind: str, content: dict[str, object],
                    channel: str = "shell") -> dict[str, object]:
    """A Jupyter message as a browser sends it on a kernel's websocket."""
    import uuid

    return {"header": {"msg_id": uuid.uuid4().hex, "msg_type": kind, "session": "attacker",
                       "username": "", "version": "5.3", "date": ""},
            "parent_header": {}, "metadata": {}, "content": content, "channel": channel,
            "buffers": []}


def with_buffers(message: dict[str, object], buffers: list[bytes]) -> bytes:
    """``message`` with binary ``buffers``, framed as a browser sends it on the websocket."""
    from jupyter_server.services.kernels.connection.base import serialize_binary_message

    return bytes(serialize_binary_message({**message, "buffers": buffers}))


def comm(model: str, data: dict[str, object]) -> dict[str, object]:
    return jupyter_message("comm_msg", {"comm_id": model, "data": data})


def widget_states(base: str, kernel: str, headers: dict[str, str],
                  *extra: dict[str, object] | bytes,
                  prefix: str = LESSONS) -> dict[str, dict[str, object]]:
    """The synced state of each widget of a page's kernel (asked as the page asks it: the
    comms, then each one's state), after sending ``extra`` messages first."""
    info = jupyter_message("comm_info_request", {"target_name": "jupyter.widget"})
    replies = kernel_messages(base, kernel, headers, [info], listen=3, prefix=prefix)
    comms = next(message["content"]["comms"] for message in replies  # type: ignore[index]
                 if message["msg_type"] == "comm_info_reply")
    asked = [comm(model, {"method": "request_state"}) for model in comms]
    states: dict[str, dict[str, object]] = {}
    for message in kernel_messages(base, kernel, headers, [*extra, *asked], listen=5,
                                   prefix=prefix):
        data = message["content"].get("data", {}) if message["msg_type"] == "comm_msg" \
            else {}  # type: ignore[union-attr]
        if data.get("method") == "update":  # type: ignore[union-attr]
            states.setdefault(message["content"]["comm_id"], {}).update(  # type: ignore[index]
                data["state"])  # type: ignore[index]
    return states


def sign_in_bar(states: dict[str, dict[str, object]]) -> tuple[str, dict[str, object]]:
    """The sign-in bar's model id and its ``state`` trait, among a page's widgets."""
    for model, state in states.items():
        bar = state.get("state")
        if isinstance(bar, dict) and "kept_prefixes" in bar:
            return model, bar
    raise AssertionError("no sign-in bar on the page")
