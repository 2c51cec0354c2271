"""``tressette-learn lite``: serve the static site (``make lite`` builds it) on this machine.

Nothing runs on the server: it hands out files, and the lessons run in the browser (Pyodide).
It prints the address of the course's first page; Ctrl-C stops it (exit status 0). A missing
site or a port in use exits with status 2 and one line.
"""

from __future__ import annotations

import argparse
import threading
from pathlib import Path
from typing import Any

from ..serve.static_site import StaticSite, check_site, default_dir
from .common import EXIT_OK, UsageError
from .serve import check_port, open_browser, stop_signals_raise

DEFAULT_PORT = 8867


def add_lite(sub: Any) -> None:
    """Register ``lite [--port N] [--dir DIR] [--no-browser]``."""
    cmd = sub.add_parser(
        "lite", help="serve the static site (no server-side Python; `make lite` builds it)",
        description="Serve the static site on 127.0.0.1 and print its address; the lessons "
                    "run in the browser. Ctrl-C stops it.")
    cmd.add_argument("--port", type=int, default=DEFAULT_PORT,
                     help=f"the port to listen on (default {DEFAULT_PORT})")
    cmd.add_argument("--dir", metavar="DIR", type=Path,
                     help=f"the site's folder (default {default_dir()})")
    cmd.add_argument("--no-browser", action="store_true", help="only print the address")
    cmd.set_defaults(run=run_lite)


def run_lite(args: argparse.Namespace) -> int:
    """Serve until Ctrl-C."""
    folder = (args.dir or default_dir()).expanduser()
    try:
        check_site(folder)
    except FileNotFoundError as err:
        raise UsageError(str(err)) from None
    check_port(args.port)
    site = StaticSite(folder, args.port)
    try:
        with stop_signals_raise(), site:
            print(f"Serving the static course at {site.url}/\nPress Ctrl-C to stop.",
                  flush=True)
            if not args.no_browser:
                open_browser(f"{site.url}/")
            threading.Event().wait()
    except KeyboardInterrupt:
        print("Stopped.", flush=True)
    return EXIT_OK
