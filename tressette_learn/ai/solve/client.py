"""A kernel's side of the solver service: the search cores' calls, asked over a socket.

:class:`RemoteCore` answers ``position_value`` and ``card_values`` like the in-process core
(``compiled``'s), so ``compiled`` runs the same jobs on either, and ``rows`` like the
batched solver's compiled call (``batched``). Each thread keeps its own
connection, so a hint and a review can search at once. Any failure to reach the service
raises :class:`ServiceUnavailable`; ``compiled`` then loads the core itself.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from multiprocessing.connection import Client, Connection
from typing import Any

from .position import Position
from .wire import (
    ADDRESS_ENV,
    KEY_ENV,
    MAX_SEQUENCE,
    Request,
    Rows,
    decode_reply,
    encode_request,
)


class ServiceUnavailable(RuntimeError):
    """The solver service cannot be reached (gone, wrong key, or it refused a request)."""


class RemoteCore:
    """The search core of the service at ``address``."""

    def __init__(self, address: str, key: bytes) -> None:
        self.address = address
        self.key = key
        self.local = threading.local()
        self.known_ready = False

    def _connection(self) -> Connection:
        conn: Connection | None = getattr(self.local, "conn", None)
        if conn is None:
            conn = Client(self.address, family="AF_UNIX", authkey=self.key)
            self.local.conn = conn
        return conn

    def _ask(self, request: Request) -> Any:
        try:
            conn = self._connection()
            conn.send_bytes(encode_request(request))
            return decode_reply(conn.recv_bytes())
        except Exception as err:  # OSError, EOFError, AuthenticationError, WireError
            self._drop()
            raise ServiceUnavailable(f"the solver service at {self.address}: {err}") from err

    def _drop(self) -> None:
        conn = getattr(self.local, "conn", None)
        self.local.conn = None
        if conn is not None:
            conn.close()

    def ready(self) -> bool:
        """Whether the service's core is loaded (searches will not wait for it)."""
        if not self.known_ready:
            self.known_ready = bool(self._ask(Request("ready")))
        return self.known_ready

    def wait_ready(self) -> None:
        """Return once the service's core is loaded."""
        if not self.known_ready:
            self.known_ready = bool(self._ask(Request("wait")))

    def position_value(self, pos: Position) -> int:
        """The first side's exact future thirds."""
        return int(self._ask(Request("value", pos)))

    def card_values(self, pos: Position, points_only: bool, idle: bool = False
                    ) -> dict[int, int]:
        """The first side's future thirds after each representative legal card (with
        ``idle``, searched at low priority, when nothing else waits for the service)."""
        pairs = self._ask(Request("cards", pos, points_only, idle=idle))
        return {int(rep): int(value) for rep, value in pairs}

    def card_values_many(self, positions: Sequence[Position], points_only: bool
                         ) -> list[dict[int, int]]:
        """:meth:`card_values` of each position, searched in turn on one table there."""
        out: list[dict[int, int]] = []
        for start in range(0, len(positions), MAX_SEQUENCE):
            part = tuple(positions[start:start + MAX_SEQUENCE])
            answers = self._ask(Request("sequence", points_only=points_only, positions=part))
            out += [{int(rep): int(value) for rep, value in pairs} for pairs in answers]
        return out

    def rows(self, pos: Position, rows: Rows) -> tuple[list[list[int]], int, int]:
        """A batched call (:mod:`.batched`): the values of the rows done, nodes, searches."""
        values, nodes, searches = self._ask(Request("rows", pos, rows=rows))
        return values, int(nodes), int(searches)


def from_environment() -> RemoteCore | None:
    """The service this process was told about in its environment, if any."""
    address, key = os.environ.get(ADDRESS_ENV), os.environ.get(KEY_ENV)
    if not address or not key:
        return None
    try:
        return RemoteCore(address, bytes.fromhex(key))
    except ValueError:
        return None
