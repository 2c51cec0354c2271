"""``tressette-learn serve``: the lessons in Voilà (or JupyterLab) on this machine.

Voilà serves the notebooks folder (the installed copy, or ``notebooks/`` in a checkout) with
the settings of ``voila.json`` and ``voila.py`` in that folder; ``--class-size N``
pre-heats a play-page kernel for each learner of a class (:mod:`..served_pools`). A first
line says that it is starting; the index page's URL is printed once that page renders (its
pre-heated kernels are ready).
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
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

from ..served_pools import CLASS_ENV, KERNEL_MB, MAX_CLASS, ClassSizeError, class_size, play_pool
from ..server import ServerError, VoilaServer, notebooks_dir, settings_option
from . import EXIT_OK, UsageError, fail

INDEX = "00_index.ipynb"
DEFAULT_PORT = 8866
START_TIMEOUT = 120.0  # seconds: the first start imports a lot on a busy machine
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def add_serve(sub: Any) -> None:
    """Register ``serve [--port N] [--lab [--dir DIR]] [--no-browser]``."""
    cmd = sub.add_parser(
        "serve", help="serve the lessons in Voilà (or JupyterLab with --lab)",
        description="Serve the lessons on 127.0.0.1 and print the index page's URL; "
                    "Ctrl-C stops the server and its kernels.")
    cmd.add_argument("--port", type=int, default=DEFAULT_PORT,
                     help=f"the port to listen on (default {DEFAULT_PORT})")
    cmd.add_argument("--lab", action="store_true",
                     help="open JupyterLab on a copy of the lessons that you can edit")
    cmd.add_argument("--dir", metavar="DIR",
                     help="with --lab: the folder of your copies (default ~/tressette_lessons)")
    cmd.add_argument("--no-browser", action="store_true", help="only print the URL")
    cmd.add_argument("--class-size", type=class_size_option, metavar="N",
                     help="pre-heat a play-page kernel for each of N learners who start "
                          f"together (1-{MAX_CLASS}; about {KERNEL_MB} MB each)")
    cmd.set_defaults(run=run_serve)


def class_size_option(text: str) -> int:
    """argparse type for ``--class-size``: a clear message for a wrong number."""
    try:
        size = class_size(text)
    except ClassSizeError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    if size is None:
        raise argparse.ArgumentTypeError("give the number of learners")
    return size


def run_serve(args: argparse.Namespace) -> int:
    """Start the server, print the URL, wait for Ctrl-C; stop everything cleanly."""
    if args.dir and not args.lab:
        raise UsageError("--dir goes with --lab")
    if args.class_size and args.lab:
        raise UsageError("--class-size goes with the served lessons, not --lab")
    check_port(args.port)
    server, url = lab_server(args) if args.lab else voila_server(args.port, args.class_size)
    print("Starting the lessons (the first start takes a little while)...", flush=True)
    if args.class_size:
        kernels = play_pool(args.class_size)
        print(f"For a class of {args.class_size}: {kernels} play-page kernels are "
              f"pre-heated in the background (about {kernels * KERNEL_MB} MB).", flush=True)
    try:
        with stop_signals_raise(), server:
            probe = None if args.lab else server.ready(f"/voila/render/{INDEX}")
            print(f"Serving the lessons at {url}\nPress Ctrl-C to stop.", flush=True)
            if probe:
                server.stop_kernel(probe)  # the kernel that rendered the page to check it
            if not args.no_browser:
                open_browser(url)
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


def check_port(port: int) -> None:
    """Raise UsageError (exit 2) unless ``port`` is free on 127.0.0.1."""
    if not 0 < port < 65536:
        raise UsageError(f"--port {port}: not a port number (1-65535)")
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as Tornado binds
        try:
            sock.bind(("127.0.0.1", port))
        except OSError as err:
            reason = "in use" if err.errno == errno.EADDRINUSE else err.strerror
            raise UsageError(f"port {port} is {reason}: choose another with --port") from None


def voila_server(port: int, class_size: int | None = None) -> tuple[VoilaServer, str]:
    """Voilà on the notebooks folder, configured by its ``voila.json`` and ``voila.py``
    (pools for ``class_size`` learners, if given)."""
    root = notebooks_dir()
    env = {CLASS_ENV: str(class_size)} if class_size else {}
    server = VoilaServer(root, settings_option(), port=port,
                         timeout=START_TIMEOUT, env=env)
    return server, f"{server.url}/voila/render/{INDEX}"


def lab_server(args: argparse.Namespace) -> tuple[VoilaServer, str]:
    """JupyterLab on the learner's copies of the lessons (a random token guards it)."""
    folder = Path(args.dir).expanduser() if args.dir else Path.home() / "tressette_lessons"
    copied = copy_lessons(folder)
    print(f"Your copies of the lessons: {folder} ({len(copied)} new)", flush=True)
    token = secrets.token_urlsafe(24)
    server = VoilaServer.lab(folder, port=args.port, token=token, timeout=START_TIMEOUT)
    return server, f"{server.url}/lab/tree/{INDEX}?token={token}"


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
