"""Voilà's page templates compiled once per server, not once per page.

Voilà renders every page, and every pre-heated kernel's page, with a new exporter and so a
new Jinja environment, which parses and compiles its dozen templates again: ~0.3 s of the
server's CPU per page (measured in a class on the play page). :func:`install` gives every
environment Voilà's exporter creates one :class:`SharedBytecode`, Jinja's own bytecode
cache kept in memory for the life of the server (``notebooks/voila.py`` calls it: Voilà
offers no setting for an exporter's environment). A template changed on disk has another
checksum and is compiled again. The same hook drops the links Voilà's templates make to an
icon font on a CDN (:class:`OfflineLoader`): no page of ours uses an icon, and a class
offline saw two console errors for them.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from types import CodeType
from typing import Any

from jinja2 import BaseLoader, BytecodeCache, Environment
from jinja2.bccache import Bucket

#: A stylesheet link to a CDN (Voilà's lab template links Font Awesome from one).
CDN_LINK = re.compile(r'[ \t]*<link rel="stylesheet" href="https://cdn\.jsdelivr\.net/[^"]*"'
                      r'[^>]*>\n?')


class OfflineLoader(BaseLoader):
    """Another loader's templates without their stylesheet links to a CDN."""

    def __init__(self, loader: BaseLoader) -> None:
        self.loader = loader

    def get_source(self, environment: Environment,
                   template: str) -> tuple[str, str | None, Callable[[], bool] | None]:
        """The template's source, its CDN links removed."""
        source, filename, uptodate = self.loader.get_source(environment, template)
        return CDN_LINK.sub("", source), filename, uptodate

    def list_templates(self) -> list[str]:
        """The wrapped loader's templates."""
        return list(self.loader.list_templates())


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
    with ``cache`` and without links to a CDN."""
    if exporter_class is None:
        from voila.exporter import VoilaExporter

        exporter_class = VoilaExporter
    create = exporter_class._create_environment
    if getattr(create, "shared_bytecode", None) is cache:
        return

    def create_with_cache(self: Any) -> Environment:
        environment: Environment = create(self)
        environment.bytecode_cache = cache
        if environment.loader is not None:
            environment.loader = OfflineLoader(environment.loader)
        return environment

    create_with_cache.shared_bytecode = cache  # type: ignore[attr-defined]
    exporter_class._create_environment = create_with_cache
