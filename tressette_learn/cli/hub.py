"""``tressette-learn hub``: JupyterHub for a class on this server.

Learners sign in with their name, a class code given with ``--class-code`` (one or more)
and a PIN of their own; the teacher with the key in ``TRESSETTE_TEACHER_KEY``. Learners'
pages come from one lessons service (Voilà with pre-heated kernels for ``--class-size``
learners); they run no code. The teacher gets a server of their own (JupyterLab and the
dashboard). Ctrl-C (or SIGTERM) stops the hub and all it started; a port in use, a missing
class code or teacher key, or a ``TRESSETTE_DB`` it cannot open exit with status 2 and one
line.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from ..serve.pools import ClassSizeError, class_size
from ..ui.classroom.teacher import KEY_VARIABLE
from .common import EXIT_OK, UsageError, add_lang, fail
from .serve import check_port, check_store, last_line, stop_signals_raise

DEFAULT_PORT = 8000
CODE_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")


def add_hub(sub: Any) -> None:
    """Register ``hub --class-code CODE [--class-code ...] [--port N] [--ip IP] [--dir DIR]``."""
    cmd = sub.add_parser(
        "hub", help="JupyterHub for a class: a login for each learner, the lessons for all",
        description="Start JupyterHub for a class on this server and print its URL; learners "
                    "sign in with their name, the class code and a PIN and get the lessons "
                    f"from one Voilà; the teacher signs in with the key in {KEY_VARIABLE} "
                    "and gets JupyterLab and the dashboard. Ctrl-C stops it.")
    cmd.add_argument("--class-code", action="append", required=True, metavar="CODE",
                     help="a class code learners sign in with (repeat for several classes)")
    cmd.add_argument("--port", type=int, default=DEFAULT_PORT,
                     help=f"the port learners connect to (default {DEFAULT_PORT})")
    cmd.add_argument("--ip", default="127.0.0.1",
                     help="the address to listen on (0.0.0.0: every network of this machine)")
    cmd.add_argument("--dir", metavar="DIR",
                     help="the hub's state folder (default /srv/tressette-hub as root, else "
                          "~/.local/share/tressette_learn/hub)")
    add_lang(cmd, "the sign-in page")
    cmd.add_argument("--cull-after", type=int, default=3600, metavar="SECONDS",
                     help="stop the teacher's server after this long without activity")
    cmd.add_argument("--class-size", type=int, default=30, metavar="N",
                     help="learners the lessons are pre-heated for (default 30)")
    cmd.set_defaults(run=run_hub)


def run_hub(args: argparse.Namespace) -> int:
    """Start the hub, print its URL, wait for Ctrl-C; stop everything cleanly."""
    codes = [class_code(code) for code in args.class_code]
    try:
        size = class_size(str(args.class_size))
    except ClassSizeError as err:
        raise UsageError(f"--class-size: {err}") from None
    if not os.environ.get(KEY_VARIABLE, "").strip():
        raise UsageError(f"set {KEY_VARIABLE} to the teacher's key first")
    if os.environ.get("TRESSETTE_DB", "").strip():
        check_store()  # the lessons service would refuse it at every sign-in
    check_port(args.port)
    try:
        from ..serve.hub.process import Hub, HubError, settings_for
    except ImportError as err:
        raise UsageError(f"the hub needs the 'hub' extra ({err.name} is missing): "
                         "pip install 'tressette_learn[hub]'") from None
    settings = settings_for(state_dir(args.dir), codes, args.port, ip=args.ip,
                            language=args.lang, cull_timeout=args.cull_after,
                            class_size=size or 30,
                            db_url=os.environ.get("TRESSETTE_DB", "").strip())
    hub = Hub(settings)
    print("Starting the class hub...", flush=True)
    try:
        with stop_signals_raise(), hub:
            print(f"The class hub is at {hub.url}/ (class {', '.join(codes)})\n"
                  "Press Ctrl-C to stop.", flush=True)
            assert hub.process is not None
            code = hub.process.wait()
        return fail(f"the hub stopped by itself (exit code {code}); its log: {hub.log_path}")
    except KeyboardInterrupt:
        print("Stopped.", flush=True)
        return EXIT_OK
    except HubError as err:
        return fail(f"the hub did not start: {last_line(str(err))} (its log: {hub.log_path})")


def class_code(text: str) -> str:
    """A class code as learners type it (letters, digits, dashes; at most 16)."""
    code = text.strip().upper()
    if not code or len(code) > 16 or not set(code) <= CODE_CHARS:
        raise UsageError(f"--class-code {text!r}: use 1 to 16 letters, digits or dashes")
    return code


def state_dir(given: str | None) -> Path:
    """The hub's state folder: its database, the learners' homes, the class's progress."""
    if given:
        return Path(given).expanduser().resolve()
    if os.geteuid() == 0:
        return Path("/srv/tressette-hub")
    return Path.home() / ".local/share/tressette_learn/hub"
