"""Byte-compile zip files (wheels, the standard library) for Pyodide; run by Pyodide's own
Python under Node (``run_python.mjs``, :mod:`.bytecode`): ``compile_zips.py SRC DEST ...``
(pairs of paths under /host). Each module's source is replaced by its bytecode (``foo.py``
-> ``foo.pyc``, the layout of Pyodide's own packages), so the browser imports without
compiling. A file that does not compile (a test's fixture, Python 2 code) stays source."""

import importlib.util
import os
import sys
import warnings
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]
from pathlib import Path

SKIP = (".dist-info/", ".data/")  # metadata and scripts: not imported


def bytecode(name: str, source: bytes) -> bytes | None:
    """The .pyc of ``source`` (unchecked hash: unpacking sets no usable mtimes), or None."""
    try:
        code = compile(source, name, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), False))


def compile_zip(src: Path, dest: Path) -> None:
    """Write ``src`` to ``dest`` with its modules compiled; a wheel's RECORD names the new
    files (without hashes, which nothing checks)."""
    names: list[str] = []
    record: zipfile.ZipInfo | None = None
    part = dest.with_name(dest.name + ".part")
    with zipfile.ZipFile(src) as old, zipfile.ZipFile(part, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            if info.filename.endswith(".dist-info/RECORD"):
                record = info
                continue
            name, data = info.filename, old.read(info)
            if name.endswith(".py") and not any(skip in name for skip in SKIP):
                compiled = bytecode(name, data)
                if compiled is not None:
                    name, data = name + "c", compiled
            new.writestr(zipfile.ZipInfo(name, info.date_time), data, zipfile.ZIP_DEFLATED)
            names.append(name)
        if record is not None:
            lines = "".join(f"{name},,\n" for name in [*names, record.filename])
            new.writestr(zipfile.ZipInfo(record.filename, record.date_time), lines,
                         zipfile.ZIP_DEFLATED)
    os.replace(part, dest)


def main(args: list[str]) -> None:
    warnings.simplefilter("ignore")  # invalid escapes in some packages' tests: not ours
    for src, dest in zip(args[::2], args[1::2], strict=True):
        compile_zip(Path("/host", src), Path("/host", dest))


if __name__ == "__main__":
    main(sys.argv[1:])
