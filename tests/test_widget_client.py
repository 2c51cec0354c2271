"""The load benchmark's learner without a browser (``benchmarks/widget_client.py`` on
``benchmarks/kernel_page.py``): against a real Voilà serving the lessons it opens the play
page, starts a match, asks for a hint and plays a card, all through the kernel's websocket
as Voilà's front-end does. Were the protocol wrong (the frames, the widget manager's start,
a button's or the table's message), a wait would run out and the test fail.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import run_async

from tressette_learn.serve.server import ServerError, VoilaServer, notebooks_dir

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from kernel_page import (  # noqa: E402
    Assets,
    KernelPage,
    Widgets,
    decode,
    encode,
    message,
    split_assets,
)
from widget_client import (  # noqa: E402
    advance,
    ask_hint,
    in_trick,
    interactive,
    legal_card,
    play_card,
    session,
    start_match,
    table_of,
)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Voilà on the lessons with the project's settings, one pre-heated play page."""
    config = tmp_path_factory.mktemp("voila-config")
    settings = json.loads((notebooks_dir() / "voila.json").read_text())
    settings["VoilaKernelManager"] = {"kernel_pools_config": {  # (voila.py is not read)
        "default": {"pool_size": 0}, "12_play.ipynb": {"pool_size": 1}}}
    (config / "voila.json").write_text(json.dumps(settings))
    db = config / "progress.sqlite"
    try:
        with VoilaServer(notebooks_dir(), f"--Voila.config_file_paths={config}", timeout=120,
                         env={"TRESSETTE_DB": f"sqlite:///{db}"}) as server:
            yield server.url
    except ServerError as err:
        pytest.fail(str(err), pytrace=False)


def coach_text(page: KernelPage) -> str:
    coach = page.widgets.first("tl-coach-output")
    return str(coach[1].get("value", "")) if coach else ""


def test_a_learner_without_a_browser_starts_a_match_gets_a_hint_and_plays(served: str) -> None:
    async def learner() -> dict[str, object]:
        async with session() as http:
            page = KernelPage(served, http)
            try:
                await page.open("/voila/render/12_play.ipynb", Assets())
                shown = interactive(page, "12_play")
                await start_match(page)
                await advance(page, ["your_turn"])
                await ask_hint(page)
                table = table_of(page)[1]["state"]
                hand = next(s for s in table["seats"] if s["pos"] == "bottom")["cards"]
                await page.until(lambda: "tl-coach-card" in coach_text(page), "the hint's words")
                coach = coach_text(page)  # read now: the hint leaves once a card is played
                await play_card(page)
                played = legal_card(table)  # the hinted card, as play_card plays it
                return {"shown": shown, "hand": hand, "coach": coach,
                        "in_trick": in_trick(page, played), "errors": page.errors}
            finally:
                await page.close()

    seen = run_async(learner())
    assert seen["shown"]  # the Start button, before any click
    hand = seen["hand"]
    assert isinstance(hand, list)
    hinted = [c["card"] for c in hand if c["hinted"]]
    assert len(hinted) == 1 and hinted[0] in [c["card"] for c in hand if c["legal"]]
    assert "tl-coach-card" in str(seen["coach"])  # the coach says which card and why
    assert seen["in_trick"]
    assert seen["errors"] == []


def test_a_frame_reads_back_as_it_was_written() -> None:
    msg = message("comm_msg", "s1", {"comm_id": "c", "data": {"method": "custom"}},
                  {"version": "1.0.0"})
    channel, back = decode(encode("shell", msg))
    assert channel == "shell"
    assert {k: back[k] for k in msg} == msg and back["buffers"] == []


def test_only_the_widgets_a_learner_sees_count_in_the_pages_order() -> None:
    widgets = Widgets(models={
        "box": {"children": ["IPY_MODEL_hidden", "IPY_MODEL_b", "IPY_MODEL_a"]},
        "hidden": {"layout": "IPY_MODEL_off", "children": ["IPY_MODEL_inner"],
                   "_dom_classes": ["x"]},
        "inner": {"_dom_classes": ["x"]}, "off": {"display": "none"},
        "a": {"_dom_classes": ["x"]}, "b": {"_dom_classes": ["y"]},
    }, roots=["box"])
    assert [i for i, _ in widgets.walk()] == ["box", "b", "a"]
    assert widgets.first("x") == ("a", {"_dom_classes": ["x"]})
    assert [i for i, _ in widgets.walk(shown_only=False)] == ["box", "hidden", "inner", "b", "a"]


def test_static_files_split_at_the_first_kernel_request() -> None:
    requests = ["/voila/render/p.ipynb", "/voila/static/voila.js", "/api/kernels/k?1",
                "/voila/static/1.voila.js", "/api/kernels/k/channels"]
    assert split_assets(requests, "/voila/render/p.ipynb") == Assets(
        ("/voila/static/voila.js",), ("/voila/static/1.voila.js",))
