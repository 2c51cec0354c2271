"""The wheels the site serves: the project's own, the kernel's, and pure-Python ones from PyPI.

Pyodide cannot use wheels built for this machine, and the wheels Pyodide builds itself
(numpy, PyYAML...) are on no registry reachable here: only ``py3-none-any`` wheels are
downloaded, resolved for Pyodide's Python.
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from tressette_learn.content import COMPILED, compile_yaml

from .config import CACHE, ROOT

SOURCES = ("tressette_learn", "lessons", "notebooks")  # what the project's wheel is built from
SOURCE_FILES = ("pyproject.toml", "README.md")
KERNEL_PYPI = "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi/"


def pip(*args: str | Path) -> None:
    """Run this Python's pip quietly; a failure stops the build with pip's output."""
    done = subprocess.run([sys.executable, "-m", "pip", *map(str, args)],
                          capture_output=True, text=True)
    if done.returncode:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"lite build: pip {args[0]} failed")


def project_wheel(dest: Path) -> Path:
    """The project's wheel, with ``lessons/compiled.json`` (every YAML file parsed) added:
    the browser has no PyYAML. Built from a copy of the checkout under the build cache."""
    src = CACHE / "src"
    shutil.rmtree(src, ignore_errors=True)
    for name in SOURCES:
        shutil.copytree(ROOT / name, src / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"))
    for name in SOURCE_FILES:
        shutil.copy2(ROOT / name, src / name)
    compiled = json.dumps(compile_yaml(ROOT / "lessons"), ensure_ascii=False, sort_keys=True)
    (src / "lessons" / COMPILED).write_text(compiled, encoding="utf-8")
    for old in dest.glob("tressette_learn-*.whl"):
        old.unlink()
    pip("wheel", "--quiet", "--no-deps", "--wheel-dir", dest, src)
    return next(dest.glob("tressette_learn-*.whl"))


def download(requirements: tuple[str, ...], dest: Path, python: str) -> None:
    """Pure-Python wheels of ``requirements`` and their dependencies, for ``python``."""
    pip("download", "--quiet", "--only-binary=:all:", "--platform", "any",
        "--implementation", "py", "--abi", "none", "--python-version", python,
        "--dest", dest, *requirements)


def kernel_wheel(requirement: str, dest: Path) -> Path:
    """jupyterlite-pyodide-kernel's own wheel (its front-end and the wheels it serves)."""
    pip("download", "--quiet", "--no-deps", "--only-binary=:all:", "--dest", dest, requirement)
    name, version = requirement.split("==")
    return dest / f"{name.replace('-', '_')}-{version}-py3-none-any.whl"


def kernel_pypi_wheels(kernel: Path, dest: Path) -> list[Path]:
    """The wheels the kernel ships for the browser (pyodide_kernel, piplite, and stand-ins
    for ipykernel and widgetsnbextension), extracted to ``dest``."""
    found = []
    with zipfile.ZipFile(kernel) as archive:
        for member in archive.namelist():
            if KERNEL_PYPI in member and member.endswith(".whl"):
                target = dest / member.rsplit("/", 1)[1]
                target.write_bytes(archive.read(member))
                found.append(target)
    return found


def empty_wheel(dest: Path, name: str, version: str, summary: str) -> Path:
    """A wheel with metadata only: a stand-in that lets the kernel's boot install ``name``
    (``import name`` still fails, which is what the code that may use it expects)."""
    dist = f"{name}-{version}.dist-info"
    files = {
        f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
                            f"Summary: {summary}\n",
        f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: tressette_learn\n"
                         "Root-Is-Purelib: true\nTag: py3-none-any\n",
    }
    files[f"{dist}/RECORD"] = "".join(f"{path},,\n" for path in files) + f"{dist}/RECORD,,\n"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path, text in files.items():
            archive.writestr(zipfile.ZipInfo(path, (2020, 2, 2, 0, 0, 0)), text)
    target = dest / f"{name}-{version}-py3-none-any.whl"
    target.write_bytes(buffer.getvalue())
    return target
