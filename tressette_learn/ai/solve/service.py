"""One process that runs the compiled solver for every kernel of a server.

The compiled core (numba, llvmlite) costs each process that loads it ~110 MB. A Voilà server
starts this service once (:meth:`SolverService.start`) and gives its kernels the socket's
address and key in their environment (:data:`ADDRESS_ENV`, :data:`KEY_ENV`); each kernel's
:mod:`compiled` then asks the service instead of loading the core itself
(:mod:`client`). The socket is a Unix socket in a private folder, and a client must
prove it holds the key (``multiprocessing.connection``'s challenge) before it is heard.

The service searches on ``workers`` transposition tables at once (the core releases the
GIL); a connection gets back the table it used last when that one is free, so a hint's or
review's consecutive searches at one table reuse its bounds (a review asks for a trick's
positions in one ``sequence``). A hint's batched calls (:mod:`.batched`) never wait for a
core: a learner waits for a hint, while a review is many searches that may wait a moment
each; each hint's solver has a table of its own here (:class:`Sessions`). A request marked
``idle`` (a review's values computed ahead while the deal is played) is searched by a
child process of the service at the lowest priority (nice 19; :class:`IdleSearcher`, one
per machine core, at most :data:`IDLE_WORKERS`), the deal whose positions came first
served first (a connection's idle requests less than :data:`IDLE_RUN_GAP_S` apart are one
deal): it takes what the hints, the reviews a learner waits for, the kernels and Voilà
leave of the processor, never holds a core they wait for, and, in a process of its own,
never holds the interpreter's lock they need (a thread at nice 19 here would: a starved
thread holding it stalls every other). It exits when its parent does.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import faulthandler
import heapq
import itertools
import math
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from multiprocessing.connection import Connection, Listener, answer_challenge, deliver_challenge
from pathlib import Path
from types import TracebackType
from typing import Any

from . import batched, compiled
from .client import RemoteCore, ServiceUnavailable
from .wire import (
    ADDRESS_ENV,
    KEY_ENV,
    MAX_MESSAGE,
    Request,
    WireError,
    decode_reply,
    decode_request,
    encode_reply,
    encode_request,
)

START_TIMEOUT = 30.0  # seconds for the service to listen (not to load the core)


class SolverService:
    """``with SolverService.start() as service:`` runs the service until the block ends."""

    def __init__(self, process: subprocess.Popen[bytes], folder: Path, key: bytes) -> None:
        self.process = process
        self.folder = folder
        self.address = str(folder / "solver.sock")
        self.key = key

    @classmethod
    def start(cls, workers: int | None = None) -> SolverService:
        """Start the service and wait until it listens (it loads the core meanwhile)."""
        folder = Path(tempfile.mkdtemp(prefix="tressette-solver-"))  # mode 0700
        key = secrets.token_bytes(32)
        env = {**os.environ, **cls._env(str(folder / "solver.sock"), key)}
        package = __name__.rpartition(".")[0]  # its __main__ runs main() below
        command = [sys.executable, "-m", package, "--workers", str(workers or WORKERS)]
        process = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL,
                                   start_new_session=True)  # Ctrl-C is the parent's to handle
        service = cls(process, folder, key)
        try:
            service._wait_listening()
        except BaseException:
            service.stop()
            raise
        return service

    @staticmethod
    def _env(address: str, key: bytes) -> dict[str, str]:
        return {ADDRESS_ENV: address, KEY_ENV: key.hex()}

    def env(self) -> dict[str, str]:
        """The environment variables that send a kernel's searches here."""
        return self._env(self.address, self.key)

    def _wait_listening(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"the solver service exited with code {self.process.returncode}")
            with contextlib.suppress(ServiceUnavailable):
                RemoteCore(self.address, self.key).ready()
                return
            if time.monotonic() > deadline:
                raise RuntimeError("the solver service did not listen within "
                                   f"{START_TIMEOUT:.0f} s")
            time.sleep(0.05)

    def stop(self) -> None:
        """Stop the process and remove its socket."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> SolverService:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop()


def _cpus() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
               else os.cpu_count() or 1)


# Searches at once: twice the cores, so that one learner's long review shares the cores
# with other learners' hints instead of making them queue (each adds tables, <= 53 MB).
WORKERS = 2 * _cpus()
RUN_GAP_S = 1.0  # a request within this of the last answer continues its run (a review)
HOLD_S = 0.25  # a connection keeps its core this long for its run's next request
IDLE_WORKERS = min(2, _cpus())  # low-priority searches at once, each in a child process
IDLE_NICE = 19
IDLE_RUN_GAP_S = 30.0  # idle requests this close make one run: a deal played card by card


class CorePool:
    """``workers`` search cores (each with its own tables), lent one at a time, and as many
    places for hints' batched calls, which search on tables of their own
    (:class:`Sessions`): a hint waits only for other hints, never behind a review's long
    search."""

    def __init__(self, workers: int, idle_workers: int = 0,
                 make: Callable[[], Any] = compiled.new_core) -> None:
        self.workers = workers
        self.make = make
        self.idle = CorePool(idle_workers, make=IdleSearcher) if idle_workers else None
        self.free: list[Any] = []
        self.made = 0
        self.cond = threading.Condition()
        self.hints = threading.BoundedSemaphore(workers)
        self.waiting: list[tuple[float, int]] = []  # a heap: (since, ticket)
        self.tickets = itertools.count()

    @contextlib.contextmanager
    def take(self, preferred: Any = None, since: float = 0.0) -> Iterator[Any]:
        """A free core: ``preferred`` if it is free; while all are busy, the waiter whose
        run of requests began first (``since``) is served first."""
        with self.cond:
            place = (since, next(self.tickets))
            heapq.heappush(self.waiting, place)
            try:
                while (not self.free and self.made >= self.workers) or \
                        self.waiting[0] != place:
                    self.cond.wait()
            finally:
                self.waiting.remove(place)
                heapq.heapify(self.waiting)
                self.cond.notify_all()
            if not self.free:
                self.made += 1
                self.free.append(self.make())
            core = preferred if preferred in self.free else self.free[-1]
            self.free.remove(core)
        try:
            yield core
        finally:
            with self.cond:
                self.free.append(core)
                self.cond.notify_all()

    @contextlib.contextmanager
    def hint(self) -> Iterator[None]:
        """A place for a hint's batched call (waits while ``workers`` hints search)."""
        with self.hints:
            yield


class Sessions:
    """The batched solver's tables, one for each hint's solver (its ``session``), the
    least recently used dropped beyond ``size``: a hint's calls reuse their own entries, as
    in a kernel, and never another hint's."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.tables: OrderedDict[str, tuple[batched.RowTable, batched.TableUser]] = \
            OrderedDict()
        self.lock = threading.Lock()

    def get(self, session: str) -> tuple[batched.RowTable, batched.TableUser]:
        """The session's table and its generation (new ones for a new session)."""
        with self.lock:
            if session not in self.tables:
                self.tables[session] = (batched.RowTable(), batched.TableUser())
                while len(self.tables) > self.size:
                    self.tables.popitem(last=False)
            self.tables.move_to_end(session)
            return self.tables[session]


@dataclasses.dataclass
class Turn:
    """A connection's place in the queue for a core: the core it used last, and when its
    current run of requests began (requests less than :data:`RUN_GAP_S` apart make one
    run: a review's tricks), so that the review that began first is served first instead
    of every review waiting behind every other's searches. Between two requests of a run
    the connection keeps its core (:meth:`keep_for_next`), so that a review's tricks are
    searched on one table, one after the other, not mixed with another review's."""

    core: Any = None
    since: float = 0.0
    answered: float = -math.inf
    held: contextlib.ExitStack = dataclasses.field(default_factory=contextlib.ExitStack)
    holding: bool = False
    idle_since: float = 0.0  # when its run of idle requests (a deal) began
    idle_answered: float = -math.inf

    def begin(self) -> None:
        """A request arrives: it starts a new run unless the last answer was just sent."""
        now = time.monotonic()
        if now - self.answered > RUN_GAP_S:
            self.since = now

    def core_from(self, pool: CorePool) -> Any:
        """The core this connection holds, or one taken from ``pool`` in its turn."""
        if not self.holding:
            self.core = self.held.enter_context(pool.take(self.core, self.since))
            self.holding = True
        return self.core

    def end(self, conn: Connection) -> None:
        """The answer went back: keep the core while the next request of the run comes
        within :data:`HOLD_S`, else give it back."""
        self.answered = time.monotonic()
        if self.holding and not conn.poll(HOLD_S):
            self.release()

    def release(self) -> None:
        """Give the core back."""
        self.held.close()
        self.holding = False


def answer(request: Request, pool: CorePool, turn: Turn, sessions: Sessions) -> Any:
    """The reply's answer to one request (``turn``: the connection's place)."""
    if request.op == "ready":
        return compiled.is_ready() and batched.is_ready()
    compiled.warm_up(background=False)
    batched.warm_up(background=False)
    if request.op == "wait":
        return True
    if request.idle:
        return answer_idle(request, pool, turn)
    if request.rows is not None:
        rows = request.rows
        assert request.pos is not None
        with pool.hint():
            table, user = sessions.get(rows.session)
            values, nodes, searches = batched.solve_rows(
                request.pos, rows.hands, rows.stocks, rows.reps, rows.nodes, table, user,
                rows.stop)
        return [values.tolist(), nodes, searches]
    core = turn.core_from(pool)
    if request.op == "sequence":
        return [sorted(core.card_values(pos, request.points_only).items())
                for pos in request.positions]
    assert request.pos is not None
    if request.op == "value":
        return core.position_value(request.pos)
    return sorted(core.card_values(request.pos, request.points_only).items())


def answer_idle(request: Request, pool: CorePool, turn: Turn) -> Any:
    """A low-priority search, by an :class:`IdleSearcher`, the oldest deal first."""
    assert pool.idle is not None
    now = time.monotonic()
    if now - turn.idle_answered > IDLE_RUN_GAP_S:
        turn.idle_since = now
    try:
        with pool.idle.take(since=turn.idle_since) as searcher:
            return searcher.ask(request)
    finally:
        turn.idle_answered = time.monotonic()


class IdleSearcher:
    """A child process at nice 19 with a search core of its own, for idle requests: the
    service's thread sends it the request and waits (holding no lock) for its answer. It
    starts at its first request and exits when the service does (its socket closes)."""

    running: list[IdleSearcher] = []  # this service's searchers, stopped when it ends

    def __init__(self) -> None:
        self.conn: Connection | None = None
        self.process: subprocess.Popen[bytes] | None = None
        IdleSearcher.running.append(self)

    def ask(self, request: Request) -> Any:
        """The answer to ``request`` (a ``cards`` or ``sequence``), searched there."""
        if self.conn is None or self.process is None or self.process.poll() is not None:
            self._start()
        assert self.conn is not None
        try:
            self.conn.send_bytes(encode_request(request))
            return decode_reply(self.conn.recv_bytes(MAX_MESSAGE))
        except (OSError, EOFError):
            self.conn = None
            raise

    def _start(self) -> None:
        mine, theirs = socket.socketpair()
        package = __name__.rpartition(".")[0]
        self.process = subprocess.Popen(
            [sys.executable, "-m", package, "--idle-fd", str(theirs.fileno())],
            pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL)
        theirs.close()
        self.conn = Connection(mine.detach())

    def stop(self) -> None:
        """Close its socket (it exits) and wait for it: its CPU counts in the service's."""
        if self.conn is not None:
            self.conn.close()
        if self.process is not None:
            try:
                self.process.wait(2)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def _stop_searchers(*_args: object) -> None:
    """End the idle searchers, then this process (SIGTERM: how a server stops it)."""
    for searcher in IdleSearcher.running:
        with contextlib.suppress(Exception):
            searcher.stop()
    os._exit(0)


def idle_main(fd: int) -> None:
    """An :class:`IdleSearcher`'s process: at nice 19, answer the requests on ``fd``."""
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, 0, IDLE_NICE)
    conn, core = Connection(fd), None
    while True:
        try:
            data = conn.recv_bytes(MAX_MESSAGE)
        except (OSError, EOFError):  # the service is gone
            return
        try:
            request = decode_request(data)
            if core is None:
                core = compiled.new_core()
            if request.op == "sequence":
                reply = encode_reply([sorted(core.card_values(pos, request.points_only).items())
                                      for pos in request.positions])
            else:
                assert request.op == "cards" and request.pos is not None
                reply = encode_reply(sorted(core.card_values(request.pos,
                                                             request.points_only).items()))
        except Exception as err:  # noqa: BLE001  told to the service, which tells the kernel
            reply = encode_reply(error=f"{type(err).__name__}: {err}")
        conn.send_bytes(reply)


def handle(conn: Connection, key: bytes, pool: CorePool, sessions: Sessions) -> None:
    """Serve one client: the key's challenge both ways, then its requests in turn."""
    with conn:
        try:
            deliver_challenge(conn, key)
            answer_challenge(conn, key)
        except Exception:  # a wrong key (AuthenticationError), or a peer that left
            return
        turn = Turn()
        try:
            serve_requests(conn, pool, turn, sessions)
        finally:
            turn.release()


def serve_requests(conn: Connection, pool: CorePool, turn: Turn, sessions: Sessions) -> None:
    """Answer one client's requests in turn until it leaves."""
    while True:
        try:
            data = conn.recv_bytes(MAX_MESSAGE)
        except (OSError, EOFError):  # gone, or a message too long (the stream is lost)
            return
        turn.begin()
        try:
            reply = encode_reply(answer(decode_request(data), pool, turn, sessions))
        except WireError as err:
            reply = encode_reply(error=str(err))
        except Exception as err:  # noqa: BLE001  the core failed: tell the client
            reply = encode_reply(error=f"{type(err).__name__}: {err}")
        try:
            conn.send_bytes(reply)
            turn.end(conn)
        except (OSError, EOFError):  # the client left while its search ran
            return


def serve(address: str, key: bytes, workers: int) -> None:
    """Listen on ``address`` until the process is stopped; load the core at once."""
    with Listener(address, family="AF_UNIX") as listener:
        compiled.warm_up(background=True)
        batched.warm_up(background=True)
        pool, sessions = CorePool(workers, IDLE_WORKERS), Sessions(4 * workers)
        while True:
            try:
                conn = listener.accept()
            except OSError:
                continue
            threading.Thread(target=handle, args=(conn, key, pool, sessions),
                             daemon=True).start()


def _exit_with_parent() -> None:
    parent = os.getppid()
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


def main(argv: list[str] | None = None) -> None:
    """``python -m tressette_learn.ai.solve --workers N``; address and key from
    the environment."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=WORKERS)
    parser.add_argument("--idle-fd", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    threading.Thread(target=_exit_with_parent, daemon=True).start()
    if args.idle_fd is not None:  # an IdleSearcher's process
        idle_main(args.idle_fd)
        return
    faulthandler.register(signal.SIGUSR1, all_threads=True)  # kill -USR1: where each thread is
    signal.signal(signal.SIGTERM, _stop_searchers)
    address, key = os.environ.pop(ADDRESS_ENV), bytes.fromhex(os.environ.pop(KEY_ENV))
    serve(address, key, max(1, args.workers))  # (popped: this process searches itself)
