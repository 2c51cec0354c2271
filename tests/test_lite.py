"""The static site's pieces that run without a browser: lesson content without PyYAML, links
to the HTML pages, the static server and its command, and the build's lock and pages."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from scripts.lite import config, lock, pages, wheels
from tressette_learn import content, runtime
from tressette_learn.cli import main
from tressette_learn.serve.static_site import StaticSite
from tressette_learn.teaching.course import lesson


@pytest.fixture
def no_yaml(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Content read as on the static site: no PyYAML, lessons from ``tmp_path``."""
    monkeypatch.setattr(content, "yaml", None)
    monkeypatch.setattr(content, "lessons_dir", lambda: tmp_path)
    content.load.cache_clear()
    content._compiled_files.cache_clear()
    yield tmp_path
    content.load.cache_clear()
    content._compiled_files.cache_clear()


def test_compiled_lessons_hold_every_yaml_file_as_parsed() -> None:
    compiled = content.compile_yaml()
    assert "course.yaml" in compiled and "strings/en/table.yaml" in compiled
    for relative, data in compiled.items():
        assert json.loads(json.dumps(data)) == content.load(relative), relative


def test_without_pyyaml_yaml_files_come_from_the_compiled_json(no_yaml: Path) -> None:
    (no_yaml / "glossary.yaml").write_text("not: read", encoding="utf-8")
    (no_yaml / content.COMPILED).write_text(json.dumps({"glossary.yaml": {"a": [1, 2]}}))
    (no_yaml / "hands").mkdir()
    (no_yaml / "hands" / "x.json").write_text('{"b": 3}')
    assert content.load("glossary.yaml") == {"a": [1, 2]}
    assert content.load("hands/x.json") == {"b": 3}  # JSON files are read as they are
    with pytest.raises(content.ContentError, match="quizzes/none.yaml: no such lesson file"):
        content.load("quizzes/none.yaml")


def test_without_pyyaml_or_compiled_json_the_error_says_what_is_missing(no_yaml: Path) -> None:
    with pytest.raises(content.ContentError, match="PyYAML is not installed and "
                                                   "lessons/compiled.json is missing"):
        content.load("course.yaml")


def test_lesson_links_name_the_notebook_or_on_the_static_site_its_page(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert lesson("04_following_suit").notebook == "04_following_suit.ipynb"
    monkeypatch.setattr(runtime, "IN_BROWSER", True)
    assert lesson("04_following_suit").notebook == "04_following_suit.html"


def test_the_static_server_hands_out_wasm_as_wasm(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<p>course</p>")
    (tmp_path / "core.wasm").write_bytes(b"\0asm")
    with StaticSite(tmp_path) as site, urllib.request.urlopen(f"{site.url}/core.wasm") as got:
        assert got.headers["Content-Type"] == "application/wasm"
        assert got.read() == b"\0asm"


def test_lite_without_a_built_site_says_how_to_build_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lite", "--dir", str(tmp_path), "--no-browser", "--port", "0"]) == 2
    assert "no static site here (build it with `make lite`)" in capsys.readouterr().err


def _wheel(tmp_path: Path, name: str, *requires: str) -> lock.Wheel:
    path = wheels.empty_wheel(tmp_path, name, "1.0", "test")
    return lock.Wheel(path, name, "1.0", tuple(map(Requirement, requires)), (name,))


def test_the_lock_holds_what_the_roots_need_in_the_browser(tmp_path: Path) -> None:
    env = lock.environment("3.13")
    found = {w.key: w for w in (
        _wheel(tmp_path, "ipython", "pexpect; sys_platform != 'emscripten'", "Traitlets>=5"),
        _wheel(tmp_path, "traitlets"), _wheel(tmp_path, "pexpect"))}
    needed = lock.closure(["IPython"], found, env)
    assert [w.key for w in needed] == ["ipython", "traitlets"]  # no pexpect in a browser
    lock.write_lock({"abi_version": "x"}, needed, env, tmp_path / lock.LOCK)
    written = json.loads((tmp_path / lock.LOCK).read_text())
    assert set(written["packages"]) == {"ipython", "traitlets"}
    assert written["packages"]["ipython"]["depends"] == ["traitlets"]
    assert written["packages"]["ipython"]["file_name"] == "ipython-1.0-py3-none-any.whl"
    with pytest.raises(SystemExit, match="no wheel for 'traitlets' \\(needed by ipython\\)"):
        lock.closure(["ipython"], {"ipython": found["ipython"]}, env)


def test_an_empty_wheel_reads_back_as_a_wheel_with_nothing_to_import(tmp_path: Path) -> None:
    wheel = lock.read_wheel(wheels.empty_wheel(tmp_path, "sqlite3", "0.0.0", "stand-in"))
    assert (wheel.key, wheel.version, wheel.requires, wheel.imports) == ("sqlite3", "0.0.0", (), ())


def test_static_pages_drop_try_it_cells_and_name_the_pyodide_kernel(tmp_path: Path) -> None:
    source = config.ROOT / "notebooks" / "04_following_suit.ipynb"
    pages.write_pages(tmp_path, [source])
    nb = json.loads((tmp_path / source.name).read_text())
    original = json.loads(source.read_text())
    assert nb["metadata"]["kernelspec"]["name"] == "python"
    assert not any(pages.TRY_IT in c["metadata"].get("tags", []) for c in nb["cells"])
    assert len(nb["cells"]) == len(original["cells"]) - 2


def test_the_browser_gets_the_projects_own_widget_pins() -> None:
    pins = config.pins()
    assert pins.lessons == ("ipywidgets==8.1.9", "anywidget==0.11.0")
    assert pins.kernel.startswith("jupyterlite-pyodide-kernel==")
    assert pins.pyodide.count(".") == 2
