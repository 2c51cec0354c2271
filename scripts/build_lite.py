"""Build the static course (no server: Pyodide runs the lessons in the browser) into
``build/lite/``: ``python -m scripts.build_lite`` (what ``make lite`` runs). docs/lite.md.

Needs the ``lite`` extra (voici-core, jupyterlite), npm and node (Pyodide byte-compiles the
wheels); downloads only from PyPI and the npm registry, into ``build/lite-cache/`` (reused by
the next build). Prints the build's time and the site's size.
"""

from __future__ import annotations

import argparse
import dataclasses
import shutil
import time
from pathlib import Path

from packaging.requirements import Requirement

from scripts.lite import bytecode, lock, pages, pyodide_core, site, wheels
from scripts.lite.config import CACHE, KERNEL_NEEDS, ROOT, SITE, pins
from scripts.lite.wheels import SOURCES

# What the kernel loads as it starts: the project and what jupyterlite-pyodide-kernel's
# boot would install.
ROOTS = ("tressette_learn", "micropip", "piplite", "pyodide-kernel", "ipykernel", "sqlite3",
         *KERNEL_NEEDS)
# Wheels with metadata only, so that the kernel's boot installs nothing and `import` fails as
# the code that may use them expects: Pyodide's sqlite3 is on no registry; jedi (IPython's
# completion, which no page uses: 4.9 MB and a second of import at every page open).
STAND_INS = {"sqlite3": "the static site has no sqlite3",
             "jedi": "the static site completes no code: IPython goes without jedi"}


def build(out: Path = SITE) -> None:
    """Build the site into ``out``."""
    versions = pins()
    downloads, stage = CACHE / "pypi", CACHE / "site"
    shutil.rmtree(stage, ignore_errors=True)
    core = pyodide_core.fetch(versions.pyodide, CACHE / "npm")
    pyodide_dir = stage / "static" / "pyodide"
    base_lock = pyodide_core.install(core, pyodide_dir)
    compile_cache = CACHE / "bytecode"
    stdlib = pyodide_dir / pyodide_core.STDLIB
    stdlib_compiled = bytecode.compiled([stdlib], core, compile_cache, versions.pyodide)
    shutil.copy2(stdlib_compiled[0], stdlib)

    downloads.mkdir(parents=True, exist_ok=True)
    wheels.download((*versions.lessons, *KERNEL_NEEDS, *pyodide_core.bootstrap_pins(base_lock)),
                    downloads, versions.python)
    kernel = wheels.kernel_wheel(versions.kernel, CACHE / "tools")
    local = CACHE / "local-wheels"
    shutil.rmtree(local, ignore_errors=True)
    local.mkdir(parents=True)
    project = lock.read_wheel(wheels.project_wheel(local))
    found = [*downloads.glob("*.whl"),
             *wheels.kernel_pypi_wheels(kernel, local),  # after PyPI's: the kernel's stand-ins win
             *(wheels.empty_wheel(local, name, "0.0.0", f"stand-in: {why}")
               for name, why in STAND_INS.items())]
    by_name = {wheel.key: wheel for wheel in map(lock.read_wheel, found)}
    # In the browser the project needs only its widgets (no numba, matplotlib, Voila...).
    by_name[project.key] = dataclasses.replace(
        project, requires=tuple(map(Requirement, versions.lessons)))
    env = lock.environment(versions.python)
    needed = lock.closure(ROOTS, by_name, env)
    paths = bytecode.compiled([wheel.path for wheel in needed], core, compile_cache,
                              versions.pyodide)
    needed = [dataclasses.replace(wheel, path=path)
              for wheel, path in zip(needed, paths, strict=True)]
    bytecode.prune(compile_cache, [*stdlib_compiled, *paths])
    for wheel in needed:
        shutil.copy2(wheel.path, pyodide_dir / wheel.path.name)
    lock.write_lock(base_lock["info"], needed, env, pyodide_dir / lock.LOCK)

    pages.write_pages(stage / "files", pages.lesson_notebooks())
    extensions = [by_name[name].path for name in ("anywidget", "jupyterlab-widgets")]
    site.voici_build(stage, out.resolve(), [*extensions, kernel], [w.key for w in needed])


def is_fresh(out: Path = SITE) -> bool:
    """True if ``out`` was built after the last change to anything it is built from."""
    entry = out / "index.html"
    if not entry.is_file():
        return False
    sources = [ROOT / "pyproject.toml", Path(__file__)]
    for folder in (*SOURCES, "scripts/lite"):
        sources.extend(p for p in (ROOT / folder).rglob("*")
                       if p.is_file() and "__pycache__" not in p.parts)
    return entry.stat().st_mtime > max(p.stat().st_mtime for p in sources)


def ensure_built(out: Path = SITE) -> Path:
    """``out``, built first unless :func:`is_fresh` (the tests' way to a current site)."""
    if not is_fresh(out):
        build(out)
    return out


def size(folder: Path) -> tuple[int, int]:
    """(bytes, files) under ``folder``."""
    files = [p for p in folder.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=SITE, help="the site's folder")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    build(args.out)
    total, count = size(args.out)
    print(f"lite site: {args.out} ({total / 1e6:.1f} MB, {count} files) "
          f"built in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
