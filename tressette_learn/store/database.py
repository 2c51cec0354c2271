"""One connection to the progress database: SQLite (a file) or PostgreSQL (a URL).

SQL is written once with ``?`` placeholders; PostgreSQL gets them as ``%s``. A URL of any
other scheme is refused (it would otherwise name a file).
"""

from __future__ import annotations

import contextlib
import re
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


def checked_url(url: str) -> str:
    """``url`` if it names a database this store opens: ``sqlite:///PATH``, a plain path or
    ``postgresql://...`` (StoreError saying which forms are known, for any other)."""
    scheme = re.match(r"([A-Za-z][A-Za-z0-9+.-]*)://", url)
    if scheme is None or _is_postgres(url) or url.startswith("sqlite:///"):
        return url
    raise StoreError(f"{url.split('://')[0]}:// is not a database this course opens: use "
                     "sqlite:///PATH (a file) or postgresql://USER@HOST/NAME")


class Database:
    """A connection that runs statements in short transactions, retrying while busy."""

    def __init__(self, url: str) -> None:
        self.url = checked_url(url)
        self.postgres = _is_postgres(url)
        self._conn: Any = None
        self._cursor: Any = None  # the transaction open in :meth:`within`, if any

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
        function that runs one statement (``?`` placeholders) and returns its rows. Called
        inside another transaction's work, ``work`` is part of that transaction."""
        if self._cursor is not None:
            cur = self._cursor
            return work(lambda text, params=(): self._execute(cur, text, params))
        deadline = time.monotonic() + BUSY_SECONDS
        while True:
            try:
                with self.transaction() as cur:
                    self._cursor = cur
                    try:
                        return work(lambda text, params=(): self._execute(cur, text, params))
                    finally:
                        self._cursor = None
            except Exception as err:  # the driver's own error classes differ
                if not _retryable(err) or time.monotonic() > deadline:
                    self.close()
                    raise StoreError(_reason(err)) from err
                time.sleep(0.05)

    def _execute(self, cur: Any, text: str, params: Sequence[Any]) -> list[Any]:
        cur.execute(self.sql(text), tuple(params))
        return cur.fetchall() if cur.description else []

    def atomic(self, work: Callable[[], T]) -> T:
        """Run ``work`` as one transaction: every statement it runs through this database
        (any number of store calls) is kept together or, if anything in it raises, none is
        (StoreError saying why; the whole of ``work`` is run again while the database is
        busy)."""
        return self.within(lambda _execute: work())

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
