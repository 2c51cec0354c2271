"""Pre-heated kernels: the default pools, the pools for a class (``serve --class-size``),
clear refusals of a wrong class size, and a page that never waits for a pool's refill."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.request
from pathlib import Path

import pytest
from conftest import run_async
from traitlets.config.loader import PyFileConfigLoader

from tressette_learn.cli import main
from tressette_learn.serve.kernels import put_ready_first
from tressette_learn.serve.pools import (
    CLASS_ENV,
    CLASS_INDEX_REFILL_S,
    ClassSizeError,
    class_size,
    configure,
    index_pool,
    play_pool,
    pools,
)
from tressette_learn.serve.server import VoilaServer, notebooks_dir

CHECK = Path(__file__).resolve().parent / "serve"  # pooled.ipynb prints VOILA_PREHEAT


def sizes(settings: dict[str, object]) -> dict[str, int]:
    config = settings["kernel_pools_config"]
    assert isinstance(config, dict)
    return {page: pool["pool_size"] for page, pool in config.items()}


def test_by_default_the_index_and_the_play_page_are_preheated_and_refilled_at_once() -> None:
    settings = pools(None)
    assert sizes(settings) == {"default": 0, "00_index.ipynb": 4, "12_play.ipynb": 8}
    assert settings["fill_delay"] == 1.0


def test_a_class_gets_a_play_kernel_for_everyone_and_refills_after_its_arrival() -> None:
    settings = pools(30)
    assert sizes(settings)["12_play.ipynb"] == play_pool(30) == 36  # and a fifth for reloads
    assert settings["fill_delay"] == 120.0
    assert play_pool(3) == 8  # never fewer than the default


def test_a_class_arrives_on_an_index_kernel_for_everyone_refilled_after_its_deals() -> None:
    config = pools(30)["kernel_pools_config"]
    assert config["00_index.ipynb"] == {"pool_size": 30, "fill_delay": CLASS_INDEX_REFILL_S}
    assert pools(30)["fill_delay"] < CLASS_INDEX_REFILL_S
    assert index_pool(31) == 31 and index_pool(3) == 4  # never fewer than the default
    assert "fill_delay" not in pools(None)["kernel_pools_config"]["00_index.ipynb"]


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
    assert config.VoilaKernelManager.kernel_pools_config["12_play.ipynb"]["pool_size"] == 24
    assert config.VoilaKernelManager.fill_delay == 120.0
    assert Path(notebooks_dir(), "voila.json").is_file()


def test_serve_refuses_a_wrong_class_size_or_one_with_lab(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--class-size", "0", "--no-browser"]) == 2
    assert "the class size 0 is not from 1 to 200" in capsys.readouterr().err
    assert main(["serve", "--class-size", "5", "--lab", "--no-browser"]) == 2
    assert "--class-size goes with the served lessons" in capsys.readouterr().err


# -- a page takes a ready kernel, never one that waits for its refill -------------------------
def test_ready_kernels_go_first_then_starting_ones_and_refills_waiting_are_not_counted(
        ) -> None:
    async def scene() -> tuple[list[str], int]:
        loop = asyncio.get_running_loop()
        made = {name: loop.create_future() for name in
                ("refill", "starting", "ready", "failed", "ready2")}
        made["ready"].set_result({"kernel_id": "a"})
        made["ready2"].set_result({"kernel_id": "b"})
        made["failed"].set_exception(RuntimeError("no kernel"))
        due = {made["refill"]: 200.0, made["starting"]: 90.0}
        pool = list(made.values())
        count = put_ready_first(pool, due, now=100.0)
        names = {id(task): name for name, task in made.items()}
        for task in made.values():  # nobody waits for these in the test
            task.cancel()
        return [names[id(task)] for task in pool], count

    order, count = run_async(scene())
    assert order == ["ready", "ready2", "starting", "refill"]  # the failed start dropped
    assert count == 3


def test_only_refills_waiting_count_as_none() -> None:
    async def scene() -> int:
        refill = asyncio.get_running_loop().create_future()
        count = put_ready_first([refill], {refill: 200.0}, now=100.0)
        refill.cancel()
        return count

    assert run_async(scene()) == 0  # Voilà's page then starts a kernel of its own at once


def _render(url: str, timeout: float) -> tuple[float, str]:
    """Seconds to render the page, and what its cell printed."""
    start = time.monotonic()
    with urllib.request.urlopen(url, timeout=timeout) as page:
        text = page.read().decode()
    printed = [line for line in text.splitlines() if "pre-heated:" in line]
    return time.monotonic() - start, printed[0] if printed else text[-300:]


def test_a_page_after_the_pool_is_taken_starts_its_own_kernel_instead_of_waiting() -> None:
    """A pool of one kernel, refilled 10 minutes after it is taken (the page's own delay,
    over the pools' 1 s, as the index's for a class): the first page gets the pre-heated
    kernel, the next ones a kernel started for them at once (Voilà alone hands them the
    refill and they wait the 10 minutes)."""
    pool = json.dumps({"default": {"pool_size": 0},
                       "pooled.ipynb": {"pool_size": 1, "fill_delay": 600}})
    server = VoilaServer(CHECK, f"--Voila.config_file_paths={notebooks_dir()}",
                         f"--VoilaKernelManager.kernel_pools_config={pool}",
                         "--VoilaKernelManager.fill_delay=1", timeout=120, solver=False)
    with server:
        _wait_for_log(server, "Kernel pool of pooled.ipynb is filled", times=1)
        pages = [_render(f"{server.url}/voila/render/pooled.ipynb", timeout=90)
                 for _ in range(3)]
    assert "pre-heated: True" in pages[0][1]
    for waited, printed in pages[1:]:
        assert "pre-heated: False" in printed and waited < 90


def _wait_for_log(server: VoilaServer, line: str, times: int) -> None:
    """Wait until the server has logged ``line`` ``times`` times (at most two minutes)."""
    deadline = time.monotonic() + 120
    while server.log_text().count(line) < times:
        assert time.monotonic() < deadline, server.log_text()[-3000:]
        time.sleep(0.2)
