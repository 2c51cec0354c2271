"""The address learners type, on the teacher's dashboard: in words, as a link, and as a QR
code whose squares are the code of exactly that address."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from serve_support import code_squares, dark_squares

from tressette_learn.runtime import SERVED_URL_ENV
from tressette_learn.store import Store
from tressette_learn.ui.classroom.class_address import ClassAddress
from tressette_learn.ui.classroom.teacher import TeacherDashboard
from tressette_learn.ui.settings import Settings

ADDRESS = "http://192.168.1.20:8866/voila/render/00_index.ipynb"


def test_the_code_shown_is_the_code_of_the_address_written_beside_it() -> None:
    box = ClassAddress(ADDRESS, settings=Settings(lang="en"))
    assert box.layout.display != "none"
    assert "Learners open this address, or point their phone's or tablet's camera" in \
        html.unescape(box.value)
    assert f'<a href="{ADDRESS}" target="_blank" rel="noopener">{ADDRESS}</a>' in box.value
    svg = box.value[box.value.index("<svg"):]
    assert dark_squares(svg) == code_squares(ADDRESS)
    assert dark_squares(svg) != code_squares(ADDRESS.replace("20", "21"))
    assert "<script" not in svg and "http" not in svg.replace(ADDRESS, "")  # nothing fetched


def test_the_words_follow_the_teachers_language() -> None:
    settings = Settings(lang="en")
    box = ClassAddress(ADDRESS, settings=settings)
    settings.lang = "it"
    assert "Gli allievi aprono questo indirizzo" in box.value and ADDRESS in box.value


@pytest.mark.parametrize("address", ["", "   ", "javascript:alert(1)", "file:///etc/passwd"])
def test_without_an_http_address_nothing_is_shown(address: str) -> None:
    box = ClassAddress(address, settings=Settings())
    assert box.value == "" and box.layout.display == "none"


def test_the_dashboard_shows_the_address_serve_gives_its_kernels(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SERVED_URL_ENV, ADDRESS)
    board = TeacherDashboard(Store(f"sqlite:///{tmp_path / 'p.sqlite'}"), key="",
                             settings=Settings())
    shown = [child for child in board.children if isinstance(child, ClassAddress)]
    assert len(shown) == 1 and shown[0].address == ADDRESS and ADDRESS in shown[0].value
    monkeypatch.delenv(SERVED_URL_ENV)
    board = TeacherDashboard(Store(f"sqlite:///{tmp_path / 'p.sqlite'}"), key="",
                             settings=Settings())
    assert [child.value for child in board.children if isinstance(child, ClassAddress)] == [""]
