"""Lesson files are parsed safely, the same data whichever YAML parser PyYAML has."""

from pathlib import Path

import pytest
import yaml

from tressette_learn import content
from tressette_learn.content import ContentError, lessons_dir, load


@pytest.fixture
def lesson_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(content, "lessons_dir", lambda: tmp_path)
    load.cache_clear()
    yield tmp_path
    load.cache_clear()


def test_every_lesson_file_reads_as_pyyamls_safe_loader_reads_it() -> None:
    for path in sorted(lessons_dir().rglob("*.yaml")):
        relative = str(path.relative_to(lessons_dir()))
        assert load(relative) == yaml.safe_load(path.read_text(encoding="utf-8")), relative


def test_a_file_that_asks_for_python_objects_is_refused(lesson_files: Path) -> None:
    (lesson_files / "evil.yaml").write_text("x: !!python/object/apply:os.system ['true']\n")
    with pytest.raises(ContentError, match="evil.yaml: not valid YAML"):
        load("evil.yaml")


def test_a_malformed_file_is_named(lesson_files: Path) -> None:
    (lesson_files / "broken.yaml").write_text("a: [1, 2\nb: 3\n")
    with pytest.raises(ContentError, match="broken.yaml: not valid YAML"):
        load("broken.yaml")
