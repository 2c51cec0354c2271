"""The Pyodide lock file of the site: exactly the wheels it holds, with their dependencies
as Pyodide's Python sees them (``sys_platform == "emscripten"``)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import zipfile
from collections.abc import Iterable
from email.parser import Parser
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

LOCK = "pyodide-lock.json"


def environment(python: str) -> dict[str, str]:
    """The marker environment of Pyodide's Python (``python`` like "3.13")."""
    return {"sys_platform": "emscripten", "platform_system": "Emscripten",
            "platform_machine": "wasm32", "os_name": "posix", "implementation_name": "cpython",
            "platform_python_implementation": "CPython", "python_version": python,
            "python_full_version": f"{python}.0", "extra": ""}


@dataclasses.dataclass(frozen=True)
class Wheel:
    """One wheel file: its project name, version, dependencies and top-level modules."""

    path: Path
    name: str
    version: str
    requires: tuple[Requirement, ...]
    imports: tuple[str, ...]

    @property
    def key(self) -> str:
        return canonicalize_name(self.name)

    def depends(self, env: dict[str, str]) -> list[str]:
        """The dependencies Pyodide must load with it (markers evaluated for ``env``)."""
        return sorted({canonicalize_name(r.name) for r in self.requires
                       if r.marker is None or r.marker.evaluate(env)})


def read_wheel(path: Path) -> Wheel:
    """A wheel's metadata."""
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        meta_path = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(archive.read(meta_path).decode("utf-8"))
    tops = {n.split("/")[0].removesuffix(".py") for n in names
            if not n.split("/")[0].endswith((".dist-info", ".data"))}
    return Wheel(path=path, name=meta["Name"], version=meta["Version"],
                 requires=tuple(Requirement(r) for r in meta.get_all("Requires-Dist") or ()),
                 imports=tuple(sorted(t for t in tops if t.isidentifier())))


def closure(roots: Iterable[str], wheels: dict[str, Wheel], env: dict[str, str]) -> list[Wheel]:
    """The wheels ``roots`` need in the browser (themselves included); a missing one is an
    error that names who needs it."""
    needed: dict[str, Wheel] = {}
    todo: list[tuple[str, str]] = [(canonicalize_name(root), "the site") for root in roots]
    while todo:
        key, wanted_by = todo.pop()
        if key in needed:
            continue
        if key not in wheels:
            raise SystemExit(f"lite build: no wheel for {key!r} (needed by {wanted_by})")
        needed[key] = wheels[key]
        todo.extend((dep, key) for dep in wheels[key].depends(env))
    return sorted(needed.values(), key=lambda wheel: wheel.key)


def entry(wheel: Wheel, env: dict[str, str]) -> dict[str, Any]:
    """The lock file's entry for one pure-Python wheel."""
    return {"name": wheel.name, "version": wheel.version, "file_name": wheel.path.name,
            "install_dir": "site", "package_type": "package", "imports": list(wheel.imports),
            "depends": wheel.depends(env), "unvendored_tests": False,
            "sha256": hashlib.sha256(wheel.path.read_bytes()).hexdigest()}


def write_lock(info: dict[str, Any], wheels: list[Wheel], env: dict[str, str],
               dest: Path) -> None:
    """Write the lock file: Pyodide's ``info`` and one entry for each wheel."""
    packages = {wheel.key: entry(wheel, env) for wheel in wheels}
    dest.write_text(json.dumps({"info": info, "packages": packages}, indent=1, sort_keys=True),
                    encoding="utf-8")
