"""``tressette-learn serve`` run as a process by the tests (as ``make serve`` runs it): its
printed lines read as they come, Ctrl-C sent as SIGINT, the processes under it listed. And
the squares of the QR code the teacher's dashboard draws, read back from its SVG."""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import TextIO

import segno

from tressette_learn.serve.server import free_port
from tressette_learn.ui.classroom.class_address import QUIET_ZONE

ROOT = Path(__file__).resolve().parent.parent
START = 120  # seconds for the command to print its URL on a loaded machine


class Serve:
    """``python -m tressette_learn serve`` in the background, its output read line by line."""

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tressette_learn", "serve", "--port", str(self.port),
             "--no-browser", *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
            text=True, cwd=ROOT, env={**os.environ, **(env or {})})
        self.started = time.monotonic()
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []  # the lines before the URL
        self.url_after = 0.0  # seconds from the start to the URL
        self._url = ""
        assert self.process.stdout is not None
        self.reader = threading.Thread(target=self._read, args=(self.process.stdout,),
                                       daemon=True)
        self.reader.start()

    def _read(self, stream: TextIO) -> None:
        for line in stream:
            self.lines.put(line)

    def url(self) -> str:
        """The URL the command printed (waits for it)."""
        if self._url:
            return self._url
        deadline = time.monotonic() + START
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=1)
            except queue.Empty:
                assert self.process.poll() is None, self.rest_of_output()[1]
                continue
            if line.startswith("Serving the lessons at "):
                self.url_after = time.monotonic() - self.started
                self._url = line.split(" at ", 1)[1].strip()
                return self._url
            self.seen.append(line)
        raise AssertionError(f"no URL printed within {START} s")

    def stop(self) -> int:
        """Ctrl-C; the exit code."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(60)
        finally:
            if self.process.poll() is None:
                self.process.kill()

    def rest_of_output(self) -> tuple[str, str]:
        """What the stopped command printed after the URL, on stdout and on stderr."""
        self.reader.join(10)
        out = "".join(_drain(self.lines))
        return out, self.process.stderr.read() if self.process.stderr else ""

    def descendants(self) -> list[int]:
        """Every process under the command (Voilà and its kernels)."""
        parents = {pid: _parent(pid) for pid in map(int, filter(str.isdigit, os.listdir("/proc")))}
        found, todo = [], [self.process.pid]
        while todo:
            above = todo.pop()
            children = [pid for pid, parent in parents.items() if parent == above]
            found += children
            todo += children
        return found


def _drain(lines: queue.Queue[str]) -> list[str]:
    found = []
    while not lines.empty():
        found.append(lines.get_nowait())
    return found


def _read_text(path: str) -> str:
    try:
        return Path(path).read_text()
    except OSError:
        return ""


def _parent(pid: int) -> int:
    fields = _read_text(f"/proc/{pid}/stat").rsplit(")", 1)[-1].split()
    return int(fields[1]) if len(fields) > 1 else 0


def alive(pid: int) -> bool:
    state = _read_text(f"/proc/{pid}/stat").rsplit(")", 1)[-1].split()
    return bool(state) and state[0] != "Z"


def get(url: str, timeout: float = 120) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return response.status, response.read().decode("utf-8", "replace")


def dark_squares(svg: str) -> set[tuple[int, int]]:
    """The (row, column) of every dark square of segno's SVG: its path draws each row's
    runs of dark squares as horizontal strokes (``M`` and ``m`` move, ``h`` draws)."""
    path = re.search(r'class="qrline"[^>]* d="([^"]+)"', svg)
    assert path, svg[:300]
    x = y = 0.0
    dark = set()
    for command, first, second in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", path[1]):
        if command == "M":
            x, y = float(first), float(second)
        elif command == "m":
            x, y = x + float(first), y + float(second)
        else:
            dark |= {(int(y), int(x) + i) for i in range(int(first))}
            x += int(first)
    return dark


def code_squares(address: str) -> set[tuple[int, int]]:
    """The dark squares of the QR code of ``address``, inside its quiet zone."""
    matrix = segno.make(address, error="m", micro=False).matrix
    return {(row + QUIET_ZONE, column + QUIET_ZONE) for row, line in enumerate(matrix)
            for column, dark in enumerate(line) if dark}
