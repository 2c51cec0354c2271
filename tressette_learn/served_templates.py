"""Voilà's page templates compiled once per server, not once per page.

Voilà renders every page, and every pre-heated kernel's page, with a new exporter and so a
new Jinja environment, which parses and compiles its dozen templates again: ~0.3 s of the
server's CPU per page (measured in a class on the play page). :func:`install` gives every
environment Voilà's exporter creates one :class:`SharedBytecode`, Jinja's own bytecode
cache kept in memory for the life of the server (``notebooks/voila.py`` calls it: Voilà
offers no setting for an exporter's environment). A template changed on disk has another
checksum and is compiled again.
"""

from __future__ import annotations

import threading
from types import CodeType
from typing import Any

from jinja2 import BytecodeCache, Environment
from jinja2.bccache import Bucket


class SharedBytecode(BytecodeCache):
    """Compiled templates in memory, shared by environments of the same kind (async or
    not, the same extensions: the two things that change what a source compiles to)."""

    def __init__(self) -> None:
        self._code: dict[str, tuple[str, CodeType]] = {}
        self._lock = threading.Lock()
        self.compiled = 0  # how many templates were compiled (the rest came from here)

    def get_bucket(self, environment: Environment, name: str, filename: str | None,
                   source: str) -> Bucket:
        """Jinja's bucket, keyed by the template and the environment's kind."""
        kind = f"{name}|async={environment.is_async}|{sorted(environment.extensions)}"
        bucket = Bucket(environment, self.get_cache_key(kind, filename),
                        self.get_source_checksum(source))
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket: Bucket) -> None:
        """Give the bucket the code compiled from the same source, if any."""
        with self._lock:
            checksum, code = self._code.get(bucket.key, ("", None))
        if code is not None and checksum == bucket.checksum:
            bucket.code = code

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Keep a freshly compiled template's code."""
        if bucket.code is not None:
            with self._lock:
                self._code[bucket.key] = (bucket.checksum, bucket.code)
                self.compiled += 1


CACHE = SharedBytecode()


def install(exporter_class: Any = None, cache: SharedBytecode = CACHE) -> None:
    """Make ``exporter_class`` (Voilà's exporter by default) build its Jinja environments
    with ``cache``."""
    if exporter_class is None:
        from voila.exporter import VoilaExporter

        exporter_class = VoilaExporter
    create = exporter_class._create_environment
    if getattr(create, "shared_bytecode", None) is cache:
        return

    def create_with_cache(self: Any) -> Environment:
        environment: Environment = create(self)
        environment.bytecode_cache = cache
        return environment

    create_with_cache.shared_bytecode = cache  # type: ignore[attr-defined]
    exporter_class._create_environment = create_with_cache
