"""Pre-heated kernels: the default pools, the pools for a class (``serve --class-size``),
and clear refusals of a wrong class size."""

from __future__ import annotations

from pathlib import Path

import pytest
from traitlets.config.loader import PyFileConfigLoader

from tressette_learn.cli import main
from tressette_learn.served_pools import (
    CLASS_ENV,
    ClassSizeError,
    class_size,
    configure,
    play_pool,
    pools,
)
from tressette_learn.server import notebooks_dir


def sizes(settings: dict[str, object]) -> dict[str, int]:
    config = settings["kernel_pools_config"]
    assert isinstance(config, dict)
    return {page: pool["pool_size"] for page, pool in config.items()}


def test_by_default_the_index_and_the_play_page_are_preheated_and_refilled_at_once() -> None:
    settings = pools(None)
    assert sizes(settings) == {"default": 0, "00_index.ipynb": 4, "10_play.ipynb": 8}
    assert settings["fill_delay"] == 1.0


def test_a_class_gets_a_play_kernel_for_everyone_and_refills_after_its_arrival() -> None:
    settings = pools(30)
    assert sizes(settings)["10_play.ipynb"] == play_pool(30) == 36  # and a fifth for reloads
    assert settings["fill_delay"] == 120.0
    assert play_pool(3) == 8  # never fewer than the default


@pytest.mark.parametrize(("text", "words"), [("abc", "not a whole number"),
                                             ("0", "not from 1 to 200"),
                                             ("500", "class hub")])
def test_a_wrong_class_size_is_refused_in_words(text: str, words: str) -> None:
    with pytest.raises(ClassSizeError, match=words):
        class_size(text)


def test_an_unset_class_size_is_none() -> None:
    assert class_size(None) is None and class_size(" ") is None and class_size("12") == 12


def test_a_wrong_size_in_the_environment_serves_the_default_and_says_why(
        capsys: pytest.CaptureFixture[str]) -> None:
    config = PyFileConfigLoader("none.py").config  # an empty traitlets config
    configure(config, {CLASS_ENV: "lots"})
    assert config.VoilaKernelManager.fill_delay == 1.0
    assert "TRESSETTE_CLASS_SIZE: the class size 'lots' is not a whole number" in \
        capsys.readouterr().err


def test_the_served_settings_read_the_class_size(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CLASS_ENV, "20")
    config = PyFileConfigLoader("voila.py", path=str(notebooks_dir())).load_config()
    assert config.VoilaKernelManager.kernel_pools_config["10_play.ipynb"]["pool_size"] == 24
    assert config.VoilaKernelManager.fill_delay == 120.0
    assert Path(notebooks_dir(), "voila.json").is_file()


def test_serve_refuses_a_wrong_class_size_or_one_with_lab(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--class-size", "0", "--no-browser"]) == 2
    assert "the class size 0 is not from 1 to 200" in capsys.readouterr().err
    assert main(["serve", "--class-size", "5", "--lab", "--no-browser"]) == 2
    assert "--class-size goes with the served lessons" in capsys.readouterr().err
