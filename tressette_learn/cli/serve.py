"""``tressette-learn serve``: the lessons in Voilà (or JupyterLab) on this machine.

Voilà serves the notebooks folder (the installed copy, or ``notebooks/`` in a checkout) with
the settings of ``voila.json`` and ``voila.py`` in that folder; ``--class-size N``
pre-heats kernels of the index and of the play page for the N learners of a class
(:mod:`..serve.pools`). A first line says that it is starting; the index page's URL is
printed once that page renders (its pre-heated kernels are ready): the address learners type
(:mod:`..serve.address`: on this machine only by default; ``--ip`` another address of it,
with a warning that plain HTTP on a shared network needs TLS in front; ``--public-url``
the address of that proxy).
``--lab`` copies the lessons to a folder of the learner's (new files only, never over an
edited copy) and opens JupyterLab there instead. Ctrl-C (or SIGTERM) stops the server and its
kernels and exits with status 0; a port in use exits with status 2 and one line.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import secrets
import shutil
import signal
import socket
import sys
import webbrowser
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

from ..runtime import SERVED_URL_ENV
from ..serve.address import (
    LOOPBACK,
    AddressError,
    is_local_only,
    learners_host,
    listen_ip,
    public_url,
)
from ..serve.pools import (
    CLASS_ENV,
    KERNEL_MB,
    MAX_CLASS,
    ClassSizeError,
    class_size,
    index_pool,
    play_pool,
)
from ..serve.server import ServerError, VoilaServer, notebooks_dir, settings_option
from ..store import default_url
from ..store.database import StoreError, checked_url
from ..teaching.course import by_role
from .common import EXIT_OK, UsageError, fail

DEFAULT_PORT = 8866
START_TIMEOUT = 120.0  # seconds: the first start imports a lot on a busy machine
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
PLAIN_HTTP = ("Warning: on {ip} the lessons are served over plain HTTP: anyone on the same "
              "network can read and change what passes between the learners and this server "
              "(their names, their answers). On a network you do not control, keep the "
              "default --ip 127.0.0.1 and put a proxy with TLS in front (docs/deploy.md).")


def add_serve(sub: Any) -> None:
    """Register ``serve [--port N] [--lab [--dir DIR]] [--no-browser]``."""
    cmd = sub.add_parser(
        "serve", help="serve the lessons in Voilà (or JupyterLab with --lab)",
        description="Serve the lessons on 127.0.0.1 (or --ip) and print the address learners "
                    "type; Ctrl-C stops the server and its kernels.")
    cmd.add_argument("--port", type=int, default=DEFAULT_PORT,
                     help=f"the port to listen on (default {DEFAULT_PORT})")
    cmd.add_argument("--ip", type=address_option(listen_ip), default=LOOPBACK,
                     metavar="ADDRESS",
                     help="the address to listen on: 127.0.0.1 (this machine only, the "
                          "default), an address of this machine on a network, or 0.0.0.0 "
                          "(every network); plain HTTP: see docs/deploy.md for TLS")
    cmd.add_argument("--public-url", type=address_option(public_url), metavar="URL",
                     help="the address learners type when a proxy with TLS is in front "
                          "(such as https://class.example.org): printed and shown on the "
                          "teacher's dashboard")
    cmd.add_argument("--lab", action="store_true",
                     help="open JupyterLab on a copy of the lessons that you can edit")
    cmd.add_argument("--dir", metavar="DIR",
                     help="with --lab: the folder of your copies (default ~/tressette_lessons)")
    cmd.add_argument("--no-browser", action="store_true", help="only print the URL")
    cmd.add_argument("--class-size", type=class_size_option, metavar="N",
                     help="pre-heat kernels of the index and of the play page for N "
                          f"learners who start together (1-{MAX_CLASS}; about {KERNEL_MB} MB "
                          "each)")
    cmd.set_defaults(run=run_serve)


def address_option(read: Callable[[str], str]) -> Callable[[str], str]:
    """An argparse type that reads an address with ``read``, refusing it in words."""

    def option(text: str) -> str:
        try:
            return read(text)
        except AddressError as err:
            raise argparse.ArgumentTypeError(str(err)) from None

    return option


def class_size_option(text: str) -> int:
    """argparse type for ``--class-size``: a clear message for a wrong number."""
    try:
        size = class_size(text)
    except ClassSizeError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    if size is None:
        raise argparse.ArgumentTypeError("give the number of learners")
    return size


def check_store() -> None:
    """Raise UsageError (exit 2) when ``TRESSETTE_DB`` names no database the course opens
    (each page would refuse it)."""
    try:
        checked_url(default_url())
    except StoreError as err:
        raise UsageError(f"TRESSETTE_DB: {err}") from None


def run_serve(args: argparse.Namespace) -> int:
    """Start the server, print the URL, wait for Ctrl-C; stop everything cleanly."""
    if args.dir and not args.lab:
        raise UsageError("--dir goes with --lab")
    for given, option in ((args.class_size, "--class-size"), (args.public_url, "--public-url"),
                          (args.ip != LOOPBACK, "--ip")):
        if given and args.lab:
            raise UsageError(f"{option} goes with the served lessons, not --lab")
    check_port(args.port, args.ip)
    check_store()
    url = "" if args.lab else learners_url(args.ip, args.port, args.public_url)
    others = args.public_url or not is_local_only(args.ip)  # devices other than this one
    server, local = lab_server(args) if args.lab else voila_server(
        args.port, args.class_size, ip=args.ip, served_url=url if others else "")
    announce(args)
    try:
        with stop_signals_raise(), server:
            probe = None if args.lab else server.ready(f"/voila/render/{index_page()}")
            print(f"Serving the lessons at {url or local}\nPress Ctrl-C to stop.", flush=True)
            if probe:
                server.stop_kernel(probe)  # the kernel that rendered the page to check it
            if not args.no_browser:
                open_browser(local)
            assert server.process is not None
            code = server.process.wait()
        return fail(f"the server stopped by itself (exit code {code}); "
                    f"its log: {server.log_path}")
    except KeyboardInterrupt:
        print("Stopped.", flush=True)
        return EXIT_OK
    except ServerError:
        return fail(f"the server did not start: {last_line(server.log_text())} "
                    f"(its log: {server.log_path})")


def announce(args: argparse.Namespace) -> None:
    """The lines before the server starts: that it starts, the class's pre-heated kernels,
    the warning about plain HTTP on a network."""
    print("Starting the lessons (the first start takes a little while)...", flush=True)
    if args.class_size:
        kernels = index_pool(args.class_size) + play_pool(args.class_size)
        print(f"For a class of {args.class_size}: {kernels} kernels of the index and the play "
              f"page are pre-heated in the background (about {kernels * KERNEL_MB} MB).",
              flush=True)
    if not is_local_only(args.ip):
        print(PLAIN_HTTP.format(ip=args.ip), flush=True)


def learners_url(ip: str, port: int, public: str | None) -> str:
    """The index page's address as learners type it (a proxy's, if one is in front)."""
    if public:
        return f"{public}/voila/render/{index_page()}"
    host = learners_host(ip)
    if host is None:
        raise UsageError("--ip 0.0.0.0: this machine has no network address that learners "
                         "could reach; connect it to the classroom's network first")
    return f"http://{host}:{port}/voila/render/{index_page()}"


def index_page() -> str:
    """The index's notebook (the lesson of role ``index`` in ``lessons/course.yaml``)."""
    return by_role("index").notebook


def check_port(port: int, ip: str = LOOPBACK) -> None:
    """Raise UsageError (exit 2) unless ``port`` is free on ``ip``, an address of this
    machine."""
    if not 0 < port < 65536:
        raise UsageError(f"--port {port}: not a port number (1-65535)")
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as Tornado binds
        try:
            sock.bind((ip, port))
        except OSError as err:
            if err.errno == errno.EADDRNOTAVAIL:
                raise UsageError(f"--ip {ip} is not an address of this machine") from None
            reason = "in use" if err.errno == errno.EADDRINUSE else err.strerror
            raise UsageError(f"port {port} is {reason}: choose another with --port") from None


def voila_server(port: int, class_size: int | None = None, ip: str = LOOPBACK,
                 served_url: str = "") -> tuple[VoilaServer, str]:
    """Voilà on the notebooks folder, configured by its ``voila.json`` and ``voila.py``
    (pools for ``class_size`` learners, if given), listening on ``ip``; its kernels know
    the address learners on other devices type (``served_url``, for the teacher's
    dashboard; "" when there is none). Returns the server and the index's URL on this
    machine."""
    root = notebooks_dir()
    env = {CLASS_ENV: str(class_size)} if class_size else {}
    env[SERVED_URL_ENV] = served_url
    server = VoilaServer(root, settings_option(), port=port,
                         timeout=START_TIMEOUT, env=env, ip=ip)
    return server, f"{server.url}/voila/render/{index_page()}"


def lab_server(args: argparse.Namespace) -> tuple[VoilaServer, str]:
    """JupyterLab on the learner's copies of the lessons (a random token guards it)."""
    folder = Path(args.dir).expanduser() if args.dir else Path.home() / "tressette_lessons"
    copied = copy_lessons(folder)
    print(f"Your copies of the lessons: {folder} ({len(copied)} new)", flush=True)
    token = secrets.token_urlsafe(24)
    server = VoilaServer.lab(folder, port=args.port, token=token, timeout=START_TIMEOUT)
    return server, f"{server.url}/lab/tree/{index_page()}?token={token}"


def copy_lessons(folder: Path) -> list[str]:
    """Copy the lesson notebooks that ``folder`` lacks; the names copied."""
    folder.mkdir(parents=True, exist_ok=True)
    copied = []
    for source in sorted(notebooks_dir().glob("*.ipynb")):
        target = folder / source.name
        if not target.exists():
            shutil.copyfile(source, target)
            copied.append(source.name)
    return copied


@contextlib.contextmanager
def stop_signals_raise() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP raise KeyboardInterrupt once; later ones are ignored
    (so that stopping the server is not itself interrupted)."""

    def handler(signum: int, frame: FrameType | None) -> None:
        for sig in STOP_SIGNALS:
            signal.signal(sig, signal.SIG_IGN)
        raise KeyboardInterrupt

    previous = {sig: signal.signal(sig, handler) for sig in STOP_SIGNALS}
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


def open_browser(url: str) -> None:
    """Open ``url`` in a desktop browser; never a text browser in this terminal."""
    if sys.platform.startswith("linux") and not (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return
    with contextlib.suppress(Exception):
        webbrowser.open(url)


def last_line(text: str) -> str:
    """The last non-empty line of a log."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else "no output"
