"""The lessons through nginx with TLS (``scripts/start-proxy``, docs/deploy.md), in Chromium.

``tressette-learn serve --public-url`` listens on 127.0.0.1; Debian's nginx (installed by
``scripts/ensure-nginx`` when missing) answers HTTPS with a self-signed certificate made for
the test and passes pages and the kernels' websockets to it. Chromium (told to accept that
certificate) opens the index over HTTPS and plays a card: the table's widget works only if
its kernel's websocket went through the proxy, which nginx's log shows. The teacher's
dashboard shows the proxy's address, written and as a QR code.
"""

from __future__ import annotations

import html
import re
import ssl
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from serve_support import ROOT, Serve, code_squares, dark_squares

from tressette_learn.serve.server import free_port

from .conftest import open_page

MY_CARDS = ".tl-seat.tl-pos-bottom .tl-card"
SCRIPTS = ROOT / "scripts"


@dataclass(frozen=True)
class Proxied:
    """The proxy's address (serve's --public-url), its folder (its certificate and logs),
    and what serve printed."""

    address: str
    folder: Path
    printed: str
    before: list[str]


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Proxied]:
    """serve on 127.0.0.1 with nginx in front, for the module."""
    folder = tmp_path_factory.mktemp("proxy")
    port = free_port()
    served = Serve("--public-url", f"https://127.0.0.1:{port}/",
                   env={"TRESSETTE_DB": f"sqlite:///{folder / 'progress.sqlite'}"})
    try:
        printed = served.url()
        started = subprocess.run([str(SCRIPTS / "start-proxy"), str(folder), str(port),
                                  f"127.0.0.1:{served.port}"],
                                 capture_output=True, text=True, timeout=300)
        assert started.returncode == 0, started.stderr
        try:
            yield Proxied(f"https://127.0.0.1:{port}", folder, printed, served.seen)
        finally:
            subprocess.run([str(SCRIPTS / "stop-proxy"), str(folder)], check=True, timeout=60)
    finally:
        served.stop()


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """Chromium accepts the test's self-signed certificate (a class uses a real one)."""
    return {**browser_context_args, "ignore_https_errors": True}


def test_serve_prints_the_proxys_address_for_learners(proxied: Proxied) -> None:
    assert proxied.printed == f"{proxied.address}/voila/render/00_index.ipynb"
    assert not [line for line in proxied.before if "Warning" in line]  # on 127.0.0.1 only


def test_the_proxy_answers_with_its_certificate(proxied: Proxied) -> None:
    address, folder = proxied.address, proxied.folder
    port = int(address.rsplit(":", 1)[1])
    shown = ssl.get_server_certificate(("127.0.0.1", port))
    assert ssl.PEM_cert_to_DER_cert(shown) == ssl.PEM_cert_to_DER_cert(
        (folder / "self-signed.crt").read_text())


def test_a_lesson_over_https_plays_a_card_through_the_proxys_websocket(
        page: Page, proxied: Proxied, console_errors: list[str]) -> None:
    address, folder = proxied.address, proxied.folder
    sockets: list[str] = []
    page.on("websocket", lambda socket: sockets.append(socket.url))
    open_page(page, f"{address}/voila/render/00_index.ipynb", ".tl-table")
    assert page.evaluate("location.protocol") == "https:"
    expect(page.locator('.tl-table[data-status="your_turn"]')).to_be_visible(timeout=30_000)
    legal = page.locator(f"{MY_CARDS}.legal").first
    card = legal.get_attribute("data-card")
    legal.click()
    expect(page.locator(f'.tl-trick .tl-played[data-seat="S"][data-card="{card}"]')
           ).to_be_visible(timeout=30_000)
    assert [url for url in sockets if url.startswith(f"wss://{address[8:]}/api/kernels/")]
    page.close()  # nginx logs a websocket once it closes
    assert_logged(folder / "access.log", r'"GET /api/kernels/[0-9a-f-]+/channels\S* HTTP/1.1" 101 ')
    assert console_errors == []


def assert_logged(log: Path, pattern: str, wait: float = 10.0) -> None:
    """Wait until a line of ``log`` matches ``pattern``."""
    deadline = time.monotonic() + wait
    while not re.search(pattern, log.read_text()):
        assert time.monotonic() < deadline, log.read_text()[-2000:]
        time.sleep(0.2)


def test_the_teachers_dashboard_shows_the_proxys_address_as_a_qr_code(
        page: Page, proxied: Proxied, console_errors: list[str]) -> None:
    address = proxied.printed
    open_page(page, f"{proxied.address}/voila/render/teacher.ipynb", ".tl-class-address svg")
    box = page.locator(".tl-class-address")
    expect(box.get_by_role("link", name=address)).to_have_attribute("href", address)
    code = box.locator("svg")
    assert code.bounding_box()["width"] >= 150  # type: ignore[index]  # read across a room
    svg = html.unescape(code.evaluate("svg => svg.outerHTML"))
    assert dark_squares(svg) == code_squares(address)
    page.screenshot(path=str(proxied.folder / "teacher.png"))
    assert console_errors == []
