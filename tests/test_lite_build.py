"""The static site's build for speed and size (docs/lite.md, "Speed" and "Size"): wheels and
the standard library byte-compiled, voici's output trimmed, the server's byte count, and
the built site itself (built here when older than its sources, as the browser tests do)."""

from __future__ import annotations

import hashlib
import json
import re
import sys
import urllib.request
import zipfile
from collections.abc import Callable, Iterator
from email.utils import formatdate
from pathlib import Path

import pytest

from scripts import build_lite
from scripts.lite import bytecode, compile_zips, trim
from tressette_learn.serve.static_site import StaticSite


def _zip(path: Path, files: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return path


@pytest.fixture
def imports_from(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[Path], None]]:
    """``imports_from(zip)`` puts a zip first on sys.path (undone after the test)."""
    def put(path: Path) -> None:
        monkeypatch.syspath_prepend(str(path))
    yield put
    for name in [n for n in sys.modules if n.startswith("tl_probe")]:
        del sys.modules[name]


def test_a_compiled_wheel_imports_from_bytecode_alone(
        tmp_path: Path, imports_from: Callable[[Path], None]) -> None:
    src = _zip(tmp_path / "tl_probe-1.0-py3-none-any.whl", {
        "tl_probe/__init__.py": "ANSWER = 6 * 7\n",
        "tl_probe/fixture.py": "print 'python 2'\n",  # does not compile: stays source
        "tl_probe-1.0.dist-info/METADATA": "Name: tl_probe\n",
        "tl_probe-1.0.dist-info/RECORD": "tl_probe/__init__.py,sha256=x,15\n"})
    dest = tmp_path / "out.whl"
    compile_zips.compile_zip(src, dest)
    with zipfile.ZipFile(dest) as archive:
        names = set(archive.namelist())
        record = archive.read("tl_probe-1.0.dist-info/RECORD").decode()
    assert names == {"tl_probe/__init__.pyc", "tl_probe/fixture.py",
                     "tl_probe-1.0.dist-info/METADATA", "tl_probe-1.0.dist-info/RECORD"}
    assert record.splitlines()[0] == "tl_probe/__init__.pyc,,"
    imports_from(dest)
    import tl_probe  # type: ignore[import-not-found]
    assert tl_probe.ANSWER == 42 and tl_probe.__file__.endswith("__init__.pyc")


def test_the_bytecode_cache_keeps_what_the_build_used(tmp_path: Path) -> None:
    used = [tmp_path / "a1" / "stdlib.zip", tmp_path / "b2" / "project.whl"]
    for path in [*used, tmp_path / "c3" / "project.whl"]:  # c3: an older project wheel
        path.parent.mkdir()
        path.write_bytes(b"zip")
    bytecode.prune(tmp_path, used)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a1", "b2"]


def _site(tmp_path: Path) -> Path:
    """A folder laid out as voici builds the site, with what :mod:`trim` edits."""
    links = "".join(trim.ICON_LINKS)
    for page in ("00_index", "04_following_suit"):
        path = tmp_path / "voici" / "render" / f"{page}.html"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"<head>\n{links}  <title>{page}</title>\n</head>", encoding="utf-8")
    (tmp_path / "voici" / "build").mkdir()
    (tmp_path / "voici" / "build" / "5981.js").write_text(
        f"plugins.filter((e=>{trim.SERVICE_WORKER}))", encoding="utf-8")
    (tmp_path / "voici" / "build" / "voici.js").write_text("main()", encoding="utf-8")
    for name in trim.UNUSED:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("unused", encoding="utf-8")
    return tmp_path


def test_trimming_leaves_no_link_outside_the_site_no_service_worker_and_no_lab_app(
        tmp_path: Path) -> None:
    site = _site(tmp_path)
    trim.trim(site)
    page = (site / "voici" / "render" / "04_following_suit.html").read_text(encoding="utf-8")
    script = trim.PREFERENCES_HEAD.read_text(encoding="utf-8")
    assert page == ("<head>\n  <title>04_following_suit</title>\n"
                    f"<script>\n{script}</script>\n</head>")  # hidden until its language
    chunk = (site / "voici" / "build" / "5981.js").read_text(encoding="utf-8")
    assert chunk == f"plugins.filter((e=>{trim.NO_PLUGIN}))"
    assert not any((site / name).exists() for name in trim.UNUSED)
    assert (site / "voici" / "build" / "voici.js").is_file()


@pytest.mark.parametrize("breaks, message", [
    (lambda site: (site / "voici/render/00_index.html").write_text("<head></head>"),
     "00_index.html does not link"),
    (lambda site: (site / "voici/build/5981.js").write_text("plugins"),
     "service worker plugin found in 0 chunks"),
    (lambda site: (site / "config-utils.js").unlink(), "config-utils.js is not in the site"),
])
def test_trimming_another_voici_stops_the_build_and_says_what_it_missed(
        tmp_path: Path, breaks, message: str) -> None:
    site = _site(tmp_path)
    breaks(site)
    with pytest.raises(trim.TrimError, match=message):
        trim.trim(site)


def test_the_static_server_counts_what_it_sends_and_not_what_the_browser_holds(
        tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<p>course</p>")
    (tmp_path / "core.wasm").write_bytes(b"\0asm" * 100)
    with StaticSite(tmp_path) as site:
        with urllib.request.urlopen(f"{site.url}/core.wasm") as got:
            assert got.read() == b"\0asm" * 100
            assert got.headers["Cache-Control"] == "no-cache"  # a rebuilt site is never stale
        assert site.sent == (1, 400)
        cached = urllib.request.Request(f"{site.url}/core.wasm", headers={
            "If-Modified-Since": formatdate(2**31, usegmt=True)})
        with pytest.raises(urllib.error.HTTPError, match="304"):
            urllib.request.urlopen(cached)
        assert site.sent == (1, 400)


# The built site (build/lite): built here unless newer than every file it is built from.

@pytest.fixture(scope="module")
def site() -> Path:
    """build/lite, current (its build needs the `lite` extra, npm and node)."""
    return build_lite.ensure_built()


OUTSIDE = re.compile(r"""<(?:link|script|img|iframe)\b[^>]*\b(?:href|src)=["']?(?:https?:)?//""")


def test_no_page_of_the_built_site_links_outside_it(site: Path) -> None:
    pages = [*site.glob("*.html"), *site.glob("voici/**/*.html")]
    assert len(pages) >= 12
    for page in pages:
        assert not OUTSIDE.search(page.read_text(encoding="utf-8")), page.name


def test_the_built_site_holds_what_its_pages_load_and_no_lab_app(site: Path) -> None:
    page = (site / "voici" / "render" / "04_following_suit.html").read_text(encoding="utf-8")
    found = re.search(r'id="jupyter-config-data"[^>]*>(.*?)</script>', page, re.S)
    assert found is not None
    config = json.loads(found.group(1))
    for extension in config["federated_extensions"]:
        assert (site / "extensions" / extension["name"] / extension["load"]).is_file()
    assert (site / "voici" / "build" / "voici.js").is_file()
    assert not any((site / name).exists() for name in trim.UNUSED)
    assert not list(site.rglob("*.map"))
    files = [p for p in site.rglob("*") if p.is_file()]
    assert sum(p.stat().st_size for p in files) < 40e6  # 52 MB before the lab app went


def test_every_wheel_of_the_lock_is_there_and_byte_compiled(site: Path) -> None:
    pyodide = site / "static" / "pyodide"
    packages = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    for entry in packages.values():
        wheel = (pyodide / entry["file_name"]).read_bytes()
        assert hashlib.sha256(wheel).hexdigest() == entry["sha256"], entry["name"]
    with zipfile.ZipFile(pyodide / packages["tressette-learn"]["file_name"]) as archive:
        names = archive.namelist()
    assert "tressette_learn/ui/classroom/lesson.pyc" in names
    assert not [name for name in names if name.endswith(".py")]
    with zipfile.ZipFile(pyodide / "python_stdlib.zip") as archive:
        assert "asyncio/__init__.pyc" in archive.namelist()
    with zipfile.ZipFile(pyodide / packages["jedi"]["file_name"]) as archive:
        assert all(".dist-info/" in name for name in archive.namelist())  # the stand-in
