"""One connection to the progress database: SQLite (a file) or PostgreSQL (a URL).

SQL is written once with ``?`` placeholders; PostgreSQL gets them as ``%s``.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

BUSY_SECONDS = 30.0  # how long a writer waits for another one before giving up

T = TypeVar("T")
Execute = Callable[..., list[Any]]  # (sql, params=()) -> rows


class StoreError(RuntimeError):
    """The database refused: the message says why, for the learner's status line."""


def _is_postgres(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://"))


class Database:
    """A connection that runs statements in short transactions, retrying while busy."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.postgres = _is_postgres(url)
        self._conn: Any = None

    # -- connection -------------------------------------------------------------------
    def connection(self) -> Any:
        """The open connection (opened on first use)."""
        if self._conn is None:
            self._conn = self._open()
        return self._conn

    def _open(self) -> Any:
        if self.postgres:
            import psycopg

            return psycopg.connect(self.url, autocommit=False, connect_timeout=10)
        import sqlite3  # here: the static site's Python has none (its store fails, clearly)

        path = Path(self.url.removeprefix("sqlite:///"))
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA foreign_keys=ON")
        return conn

    def close(self) -> None:
        """Close the connection; the next statement opens a new one."""
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()

    # -- statements -------------------------------------------------------------------
    def sql(self, text: str) -> str:
        """``text`` in this database's dialect."""
        if self.postgres:
            return (text.replace("?", "%s")
                    .replace("INTEGER PRIMARY KEY AUTOINCREMENT", "BIGSERIAL PRIMARY KEY"))
        return text

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Any]:
        """A cursor inside one transaction: committed on success, rolled back on error."""
        conn = self.connection()
        cur = conn.cursor()
        try:
            if not self.postgres:
                cur.execute("BEGIN IMMEDIATE")
            yield cur
            conn.commit() if self.postgres else cur.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(Exception):
                conn.rollback()
            raise
        finally:
            with contextlib.suppress(Exception):
                cur.close()

    def within(self, work: Callable[[Execute], T]) -> T:
        """Run ``work`` in one transaction, retrying while the database is busy; it gets a
        function that runs one statement (``?`` placeholders) and returns its rows."""
        deadline = time.monotonic() + BUSY_SECONDS
        while True:
            try:
                with self.transaction() as cur:
                    return work(lambda text, params=(): self._execute(cur, text, params))
            except Exception as err:  # the driver's own error classes differ
                if not _retryable(err) or time.monotonic() > deadline:
                    self.close()
                    raise StoreError(_reason(err)) from err
                time.sleep(0.05)

    def _execute(self, cur: Any, text: str, params: Sequence[Any]) -> list[Any]:
        cur.execute(self.sql(text), tuple(params))
        return cur.fetchall() if cur.description else []

    def run(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> list[list[Any]]:
        """Run statements in one transaction, retrying while the database is busy; the rows
        each one returned."""
        return self.within(lambda execute: [execute(text, params) for text, params in statements])

    def query(self, text: str, *params: Any) -> list[Any]:
        """The rows of one statement."""
        return self.run([(text, params)])[0]


def _retryable(err: Exception) -> bool:
    text = str(err).lower()
    return any(word in text for word in ("locked", "busy", "deadlock", "could not serialize"))


def _reason(err: Exception) -> str:
    first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
    return first[:200]
