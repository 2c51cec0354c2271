"""A lesson's page as Voilà 0.5's front-end holds it, without a browser.

What the server sees of a learner's browser, and nothing more (``widget_client.py`` plays
a learner on it; see ``classroom_load.py --client protocol``):

1. GET the lesson's page (Voilà renders it with a pre-heated kernel and names the kernel in
   the page's config, ``"kernelId"``), then the page's static files (the list a real
   Chromium asked for: :func:`record_assets`), so the server sends the same bytes.
2. GET ``/api/kernels/<id>``, ask for the rest of the static files and meanwhile open the
   kernel's websocket (``/api/kernels/<id>/channels`` with the
   ``v1.kernel.websocket.jupyter.org`` subprotocol: binary frames), send a
   ``kernel_info_request``, then do what the widget manager does at start: open a
   ``jupyter.widget.control`` comm, send it ``request_states``, take every widget's state
   from the ``update_states`` answer and close the comm.
3. Follow the kernel's messages as the page does (``comm_open``, ``update``, ``comm_close``)
   and answer as its views do: a click on a button is ``{"event": "click"}``, a view's own
   message goes as ``custom`` content, and a card table that is ``waiting`` sends
   ``advance`` after its ``delay_ms``, as its view's timer does (``tressette_learn/ui/table.js``).

What a learner sees is worked out from the states: the widgets of the page's cell outputs
and their children, less those whose layout hides them. A wait ends on a message from the
kernel (:meth:`KernelPage.until`), never on a sleep.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
import uuid
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, TypeVar
from urllib.parse import urlsplit

import aiohttp
from headless import EXTERNAL
from yarl import URL

from tressette_learn.teaching.course import by_role

PROTOCOL = "v1.kernel.websocket.jupyter.org"
TIMEOUT = 120.0  # seconds for any one wait, as the browser scenarios
CELL_OUTPUT = re.compile(
    r'<script type="application/vnd\.voila\.cell-output\+json">(.*?)</script>', re.S)
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
CELL_FAILED = "There was an error when executing cell"  # what Voilà shows instead of a traceback
T = TypeVar("T")
# What a browser says of each request (JupyterHub's services check XSRF by them).
FETCH_MODE = {mode: {"Sec-Fetch-Mode": mode, "Sec-Fetch-Site": "same-origin"}
              for mode in ("navigate", "no-cors", "cors", "websocket")}
State = dict[str, Any]


@dataclass(frozen=True)
class Assets:
    """The page's static files (paths from the server's root) that a browser asks for
    before it reaches the kernel, and those it asks for once it has the widgets' states."""

    before: tuple[str, ...] = ()
    after: tuple[str, ...] = ()


class PageError(RuntimeError):
    """The page failed as a learner would see it: a wait ran out, the server refused."""


# -- the kernel's websocket messages (Jupyter's v1 binary framing) --------------------------
def encode(channel: str, msg: State) -> bytes:
    """A message as a v1 frame: the offsets, the channel, then header, parent header,
    metadata and content as JSON."""
    parts = [channel.encode()] + [json.dumps(msg[key], separators=(",", ":")).encode()
                                  for key in ("header", "parent_header", "metadata", "content")]
    offsets = [8 * (len(parts) + 2)]
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    head = b"".join(n.to_bytes(8, "little") for n in [len(offsets), *offsets])
    return head + b"".join(parts)


def decode(frame: bytes) -> tuple[str, State]:
    """The channel and the message of a v1 frame (binary buffers under ``buffers``)."""
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * i:8 * i + 8], "little") for i in range(1, count + 1)]
    parts = [frame[a:b] for a, b in zip(offsets, offsets[1:], strict=False)] + [frame[offsets[-1]:]]
    channel = parts[0].decode()
    header, parent, metadata, content = (json.loads(p) for p in parts[1:5])
    return channel, {"header": header, "parent_header": parent, "metadata": metadata,
                     "content": content, "buffers": [p for p in parts[5:] if p]}


def message(kind: str, session: str, content: State, metadata: State | None = None) -> State:
    """A message from the page, with the header Voilà's front-end writes."""
    now = datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    return {"header": {"date": now, "msg_id": str(uuid.uuid4()), "msg_type": kind,
                       "session": session, "username": "", "version": "5.2"},
            "parent_header": {}, "metadata": metadata or {}, "content": content}


# -- the widgets' states ---------------------------------------------------------------------
def model_ref(value: object) -> str | None:
    """The model id of an ``IPY_MODEL_<id>`` reference."""
    return value[10:] if isinstance(value, str) and value.startswith("IPY_MODEL_") else None


def classes(state: State) -> list[str]:
    """A widget's CSS classes."""
    return list(state.get("_dom_classes") or ())


def is_table(state: State) -> bool:
    """Whether the widget is a card table (table.js's: a ``state`` with seats and a status)."""
    table = state.get("state")
    return isinstance(table, dict) and "seats" in table and "status" in table


@dataclass
class Widgets:
    """Every widget model of a page (id to state) and the page's own widgets, in order."""

    models: dict[str, State] = field(default_factory=dict)
    roots: list[str] = field(default_factory=list)

    def children(self, state: State) -> list[str]:
        """The widgets a widget shows: a box's children, an output area's widgets."""
        found = [model_ref(c) for c in state.get("children") or ()]
        for output in state.get("outputs") or ():
            view = output.get("data", {}).get(WIDGET_VIEW) if isinstance(output, dict) else None
            found.append(view.get("model_id") if isinstance(view, dict) else None)
        return [c for c in found if c]

    def hidden(self, state: State) -> bool:
        """Whether the widget's layout hides it (and all it holds)."""
        layout = self.models.get(model_ref(state.get("layout")) or "", {})
        return layout.get("display") == "none" or layout.get("visibility") == "hidden"

    def walk(self, shown_only: bool = True) -> Iterator[tuple[str, State]]:
        """The widgets on the page in the page's order: those a learner sees, or
        (``shown_only`` false) every one that has a view, hidden or not."""
        todo, seen = list(reversed(self.roots)), set()
        while todo:
            ident = todo.pop()
            state = self.models.get(ident)
            if state is None or ident in seen or (shown_only and self.hidden(state)):
                continue
            seen.add(ident)
            yield ident, state
            todo.extend(reversed(self.children(state)))

    def first(self, css: str) -> tuple[str, State] | None:
        """The first widget a learner sees with the CSS class ``css``."""
        return next(((i, s) for i, s in self.walk() if css in classes(s)), None)

    def table(self) -> tuple[str, State] | None:
        """The first card table a learner sees (``document.querySelector(".tl-table")``)."""
        return next(((i, s) for i, s in self.walk() if is_table(s)), None)


# -- one learner's page ------------------------------------------------------------------------
class KernelPage:
    """A lesson's page as Voilà's front-end holds it: its HTTP session, the kernel's
    websocket and every widget's state, kept up to date by a reader task."""

    def __init__(self, base: str, http: aiohttp.ClientSession) -> None:
        self.base = base
        self.http = http
        self.session = str(uuid.uuid4())
        self.widgets = Widgets()
        self.errors: list[str] = []
        self.ws: aiohttp.ClientWebSocketResponse[bool] | None = None
        self._changed = asyncio.Condition()
        self._replies: dict[str, State] = {}  # parent msg_id -> the shell reply or control answer
        self._timers: dict[str, asyncio.TimerHandle] = {}  # table id -> its pending advance
        self._viewed: set[str] = set()  # the tables that have a view
        self._sending: set[asyncio.Task[None]] = set()  # the timers' messages under way
        self._reader: asyncio.Task[None] | None = None
        self._closed = ""
        self.kernel_id = ""  # the page's kernel, once its HTML has named it

    # -- opening ------------------------------------------------------------------------
    async def open(self, path: str, assets: Assets) -> None:
        """Load the page at ``path`` with its static files, connect to its kernel and take
        every widget's state, as the page does before it shows anything."""
        await self.connect(await self.get(path, text=True, mode="navigate"), path, assets)

    async def connect(self, html: str, path: str, assets: Assets) -> None:
        """What the page does once its HTML (``html``, from ``path``) has come: its static
        files, its kernel's websocket and every widget's state (e.g. for a page reached
        through a sign-in's redirects)."""
        if CELL_FAILED in html:
            self.errors.append(f"a cell failed on {path}")
        kernel = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', html)
        if kernel is None:
            raise PageError(f"{path} names no kernel")
        self.kernel_id = kernel.group(1)
        self.widgets.roots = roots_of(html)
        await self.get_all(assets.before)
        await self.get(f"/api/kernels/{kernel.group(1)}?{int(time.time() * 1000)}", mode="cors")
        later = asyncio.ensure_future(self.get_all(assets.after))  # asked while connecting
        self.ws = await self.http.ws_connect(
            f"{self.base.replace('http', 'ws', 1)}/api/kernels/{kernel.group(1)}/channels"
            f"?session_id={self.session}", protocols=[PROTOCOL], origin=self.origin,
            headers=FETCH_MODE["websocket"], max_msg_size=0)
        self._reader = asyncio.create_task(self._read())
        await self.request("kernel_info_request", {})
        await self.load_states()
        await later

    @property
    def origin(self) -> str:
        """The page's origin (scheme, host and port), as a browser sends it."""
        parts = urlsplit(self.base)
        return f"{parts.scheme}://{parts.netloc}"

    async def get(self, path: str, text: bool = False, mode: str = "no-cors") -> str:
        """GET ``path`` from the server and read it all (its text with ``text``), with the
        headers a browser sends for a request of this ``mode`` (a page: ``navigate``; a
        script: ``no-cors``; the page's own call to the API: ``cors``, with the XSRF token
        of the server's ``_xsrf`` cookie, as JupyterLab's services send it)."""
        headers = dict(FETCH_MODE[mode])
        if mode == "cors":
            xsrf = self.http.cookie_jar.filter_cookies(URL(self.base + path)).get("_xsrf")
            if xsrf is not None:
                headers["X-XSRFToken"] = xsrf.value
        async with self.http.get(self.base + path, headers=headers,
                                 timeout=aiohttp.ClientTimeout(total=TIMEOUT)) as answer:
            body = await answer.read()
            if answer.status != 200:
                raise PageError(f"GET {path.split('?')[0]}: {answer.status}")
        return body.decode("utf-8", "replace") if text else ""

    async def get_all(self, paths: Sequence[str]) -> None:
        """GET every one of ``paths`` at once (the session's connections limit them as a
        browser's do)."""
        await asyncio.gather(*(self.get(path) for path in paths))

    async def load_states(self) -> None:
        """The widget manager's start: ``request_states`` on a ``jupyter.widget.control``
        comm, every model from its ``update_states`` answer, then the comm closed."""
        comm = str(uuid.uuid4())
        await self.send(message("comm_open", self.session, {
            "comm_id": comm, "target_name": "jupyter.widget.control", "data": {}},
            {"version": "1.0.0"}))
        await self.request("comm_msg", {"comm_id": comm, "data": {"method": "request_states"}})
        await self.send(message("comm_close", self.session, {"comm_id": comm, "data": {}}))

    async def request(self, kind: str, content: State) -> State:
        """Send a shell request and wait for its answer (the shell reply, or for
        ``request_states`` the control comm's answer)."""
        msg = message(kind, self.session, content)
        await self.send(msg)
        ident = msg["header"]["msg_id"]
        return await self.until(lambda: self._replies.get(ident), f"answer to {kind}")

    # -- acting ---------------------------------------------------------------------------
    async def send(self, msg: State) -> None:
        """Send ``msg`` on the shell channel."""
        if self.ws is None or self.ws.closed:
            raise PageError(f"the kernel's websocket is closed ({self._closed or 'never open'})")
        await self.ws.send_bytes(encode("shell", msg))

    async def custom(self, model: str, content: State) -> None:
        """A widget's view sends ``content`` to its model in the kernel."""
        await self.send(message("comm_msg", self.session, {
            "comm_id": model, "data": {"method": "custom", "content": content}}))

    async def click(self, model: str) -> None:
        """A click on a button."""
        await self.custom(model, {"event": "click"})

    async def until(self, test: Callable[[], T | None], what: str,
                    timeout: float = TIMEOUT) -> T:
        """Wait until ``test()`` gives something (checked after each message from the
        kernel); a closed websocket or ``timeout`` seconds raise :class:`PageError`."""
        def done() -> T | None | bool:
            return bool(self._closed) or test()
        async with self._changed:
            try:
                await asyncio.wait_for(self._changed.wait_for(done), timeout)
            except asyncio.TimeoutError:
                raise PageError(f"no {what} in {timeout:.0f} s ({self.describe()})") from None
        found = test()
        if found is None or found is False:
            raise PageError(f"no {what}: the kernel's websocket closed ({self._closed})")
        return found

    def describe(self) -> str:
        """What the page shows now, for an error: the table's status and the coach's text."""
        table = self.widgets.table()
        coach = self.widgets.first("tl-coach-output")
        return (f"table: {table[1]['state']['status'] if table else None}; "
                f"coach: {str(coach[1].get('value', ''))[:300] if coach else None}")

    async def close(self) -> None:
        """Leave the page: its websocket closes, its timers stop."""
        for timer in self._timers.values():
            timer.cancel()
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await self._reader

    # -- what the kernel sends ----------------------------------------------------------
    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for frame in self.ws:
                if frame.type != aiohttp.WSMsgType.BINARY:
                    continue
                channel, msg = decode(frame.data)
                async with self._changed:
                    self._take(channel, msg)
                    self._changed.notify_all()
        finally:
            async with self._changed:
                self._closed = f"code {self.ws.close_code}"
                self._changed.notify_all()

    def _take(self, channel: str, msg: State) -> None:
        """Apply one message from the kernel to the page."""
        kind, content = msg["header"]["msg_type"], msg["content"]
        parent = msg["parent_header"].get("msg_id", "")
        if channel == "shell" and kind.endswith("_reply"):
            self._replies[parent] = content
        elif kind == "error":
            self.errors.append(f"kernel error: {content.get('ename')}: {content.get('evalue')}")
        elif kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            self.widgets.models[content["comm_id"]] = dict(content["data"].get("state", {}))
            self._redraw_tables({content["comm_id"]})
        elif kind == "comm_close":
            self.widgets.models.pop(content["comm_id"], None)
            self._redraw_tables(set())
        elif kind == "comm_msg":
            self._comm_msg(parent, content)

    def _comm_msg(self, parent: str, content: State) -> None:
        data, comm = content.get("data", {}), content["comm_id"]
        method = data.get("method")
        if method == "update_states":
            for ident, model in data["states"].items():
                self.widgets.models[ident] = dict(model["state"])
            self._replies[parent] = data
            self._redraw_tables(set(data["states"]))
        elif method in ("update", "echo_update") and comm in self.widgets.models:
            self.widgets.models[comm].update(data.get("state", {}))
            self._redraw_tables({comm} if {"state", "faces"} & set(data.get("state", {}))
                                else set())  # a box's children may bring a table in view

    # -- the tables' own timers (table.js's draw) -------------------------------------------
    def _redraw_tables(self, changed: set[str]) -> None:
        """Each table with a view draws again when its state changed or its view is new:
        a ``waiting`` table then sends ``advance`` after ``delay_ms`` (as table.js does)."""
        viewed = {i: s for i, s in self.widgets.walk(shown_only=False) if is_table(s)}
        for ident in self._viewed - set(viewed):  # its view is gone, and its timer
            timer = self._timers.pop(ident, None)
            if timer is not None:
                timer.cancel()
        for ident, state in viewed.items():
            if ident in changed or ident not in self._viewed:
                self._draw(ident, state)
        self._viewed = set(viewed)

    def _draw(self, ident: str, state: State) -> None:
        timer = self._timers.pop(ident, None)
        if timer is not None:
            timer.cancel()
        table = state["state"]
        if table["status"] == "waiting":
            advance = {"type": "advance", "step": table["step"]}
            self._timers[ident] = asyncio.get_running_loop().call_later(
                state.get("delay_ms", 700) / 1000, self._advance, ident, advance)

    def _advance(self, ident: str, content: State) -> None:
        """A table's timer is up: its view sends ``advance``."""
        self._timers.pop(ident, None)
        task = asyncio.ensure_future(self._quietly(self.custom(ident, content)))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    @staticmethod
    async def _quietly(action: Awaitable[None]) -> None:
        """A timer's message: lost, as in a browser, when the page has closed."""
        with contextlib.suppress(PageError, ConnectionError):
            await action


def roots_of(html: str) -> list[str]:
    """The widgets the page's cell outputs show, in the page's order."""
    roots = []
    for blob in CELL_OUTPUT.findall(html):
        with_view = json.loads(blob).get("data", {}).get(WIDGET_VIEW)
        if isinstance(with_view, dict) and with_view.get("model_id"):
            roots.append(with_view["model_id"])
    return roots


# -- the static files a real page asks for ---------------------------------------------------
async def record_assets(url: str, chromium: str, args: Sequence[str]) -> Assets:
    """Open the page at ``url`` in Chromium once and list the same-origin GETs it makes
    for static files, split at its first request to the kernel API (the page itself, the
    API and the websocket left out)."""
    from playwright.async_api import Request, async_playwright

    origin = url.split("/voila/")[0]
    seen: list[str] = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium, args=list(args))
        page = await browser.new_page()
        await page.route(EXTERNAL, lambda route: route.fulfill(status=200, body=""))

        def note(request: Request) -> None:
            if request.method == "GET" and request.url.startswith(origin):
                seen.append(request.url[len(origin):])
        page.on("request", note)
        await page.goto(url, timeout=TIMEOUT * 1000)
        shown = (".tl-match-start" if by_role("play").id in url else ".tl-table[data-status]")
        await page.locator(shown).first.wait_for(state="visible", timeout=TIMEOUT * 1000)
        await page.wait_for_load_state("networkidle")
        await browser.close()
    return split_assets(seen, url[len(origin):])


def split_assets(requests: Sequence[str], page: str) -> Assets:
    """The static files among a page's requests, split at the first kernel API request."""
    kernel = next((i for i, r in enumerate(requests) if r.startswith("/api/kernels/")),
                  len(requests))
    def static(paths: Sequence[str]) -> tuple[str, ...]:
        return tuple(p for p in paths if p != page and not p.startswith("/api/"))
    return Assets(static(requests[:kernel]), static(requests[kernel:]))
