"""A plain static file server for the built static site (``tressette-learn lite`` and the
browser tests): any web host does the same, nothing runs on the server."""

from __future__ import annotations

import functools
import http.server
import os
import threading
from pathlib import Path
from types import TracebackType
from typing import Any

# Types the standard library may not know; a browser refuses a .wasm served as anything else.
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".json": "application/json", ".whl": "application/zip"}
ENTRY = "index.html"  # the site's first page: it opens the course's index


def default_dir() -> Path:
    """Where ``make lite`` builds the site: ``build/lite`` in the checkout."""
    return Path(__file__).resolve().parents[2] / "build" / "lite"


def check_site(folder: Path) -> None:
    """Raise FileNotFoundError unless ``folder`` holds a built site."""
    if not (folder / ENTRY).is_file():
        raise FileNotFoundError(f"{folder}: no static site here (build it with `make lite`)")


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    server: _Server

    def copyfile(self, source: Any, outputfile: Any) -> None:
        """Send a file's body, counted first (what a page transfers): whoever reads the
        body sees the count."""
        self.server.count(os.fstat(source.fileno()).st_size - source.tell())
        super().copyfile(source, outputfile)

    def end_headers(self) -> None:
        """Every file revalidated (a 304 when unchanged): after a rebuild the browser must
        not use its copy of a wheel whose name stayed and whose hash in the lock changed
        (Pyodide would refuse it)."""
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base's name
        """Quiet: a page asks for hundreds of files."""


class _Server(http.server.ThreadingHTTPServer):
    """Counts the files it sends and their bytes (:attr:`StaticSite.sent`)."""

    daemon_threads = True

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.sent = (0, 0)
        self._lock = threading.Lock()

    def count(self, size: int) -> None:
        with self._lock:
            files, total = self.sent
            self.sent = (files + 1, total + size)


class StaticSite:
    """Serve ``folder`` on 127.0.0.1 (``port`` 0: a free one) from a thread while in a
    ``with`` block; :attr:`url` is its address."""

    def __init__(self, folder: Path, port: int = 0) -> None:
        check_site(folder)
        handler = functools.partial(_Handler, directory=str(folder))
        self.httpd = _Server(("127.0.0.1", port), handler)
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    @property
    def sent(self) -> tuple[int, int]:
        """(files, bytes) of the bodies sent so far (not the 304 answers to a browser whose
        cached copy is current)."""
        return self.httpd.sent

    def __enter__(self) -> StaticSite:
        self._thread = threading.Thread(target=self.httpd.serve_forever, name="static-site",
                                        daemon=True)
        self._thread.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
