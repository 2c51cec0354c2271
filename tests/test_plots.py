"""The running-totals chart: real PNG bytes, deterministic, plotting the given totals."""

from __future__ import annotations

import struct
import subprocess
import sys
import zlib

import ipywidgets as widgets
import matplotlib
import numpy as np
from matplotlib.lines import Line2D

from tressette_learn.i18n import side_name
from tressette_learn.ui.plots import (
    running_totals,
    totals_figure,
    totals_image,
    totals_png,
)

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
POINTS = [{"NS": 4, "EW": 10}, {"NS": 7, "EW": 4}, {"NS": 11, "EW": 0}]
TOTALS = running_totals(POINTS, ("NS", "EW"))


def chunks(png: bytes) -> list[tuple[bytes, bytes]]:
    """The (type, data) chunks of a PNG, each CRC checked."""
    out, pos = [], len(PNG_SIGNATURE)
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos:pos + 4])
        kind, data = png[pos + 4:pos + 8], png[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", png[pos + 8 + length:pos + 12 + length])
        assert zlib.crc32(kind + data) == crc
        out.append((kind, data))
        pos += 12 + length
    return out


def side_lines(fig: matplotlib.figure.Figure) -> dict[str, Line2D]:
    (ax,) = fig.axes
    return {str(line.get_gid()): line for line in ax.get_lines()}


def data(line: Line2D, axis: str = "y") -> list[float]:
    """A line's x or y values as plain floats."""
    values = line.get_ydata() if axis == "y" else line.get_xdata()
    return [float(v) for v in np.asarray(values)]


def test_running_totals_start_at_zero_and_add_up() -> None:
    assert TOTALS == {"NS": [0, 4, 11, 22], "EW": [0, 10, 14, 14]}
    assert running_totals([], ("S", "N")) == {"S": [0], "N": [0]}


def test_the_png_is_a_valid_png() -> None:
    png = totals_png(TOTALS, 21, "en")
    assert png.startswith(PNG_SIGNATURE)
    parts = chunks(png)
    assert parts[0][0] == b"IHDR" and parts[-1][0] == b"IEND"
    width, height = struct.unpack(">II", parts[0][1][:8])
    assert (width, height) == (600, 320)
    assert b"tIME" not in [kind for kind, _ in parts]


def test_the_same_input_gives_the_same_bytes() -> None:
    assert totals_png(TOTALS, 21, "en") == totals_png(dict(TOTALS), 21, "en")
    assert totals_png(TOTALS, 21, "en") != totals_png(TOTALS, 31, "en")


def test_the_lines_plot_the_totals_and_the_target() -> None:
    lines = side_lines(totals_figure(TOTALS, 21, "en"))
    assert data(lines["side-NS"]) == [0, 4, 11, 22]
    assert data(lines["side-EW"]) == [0, 10, 14, 14]
    assert data(lines["side-NS"], "x") == [0, 1, 2, 3]
    assert data(lines["target"]) == [21, 21]


def test_sides_differ_in_marker_and_line_style_not_only_colour() -> None:
    lines = side_lines(totals_figure(TOTALS, 21, "en"))
    ns, ew = lines["side-NS"], lines["side-EW"]
    assert ns.get_marker() != ew.get_marker()
    assert ns.get_linestyle() != ew.get_linestyle()
    assert lines["target"].get_linestyle() not in (ns.get_linestyle(), ew.get_linestyle())


def test_labels_follow_the_language() -> None:
    for lang, title, xlabel, legend in [
        ("en", "Running match totals", "Deals played", ["North–South", "East–West", "Target (21)"]),
        ("it", "Andamento della partita", "Smazzate giocate",
         ["Nord–Sud", "Est–Ovest", "Traguardo (21)"]),
    ]:
        (ax,) = totals_figure(TOTALS, 21, lang).axes
        assert ax.get_title() == title
        assert ax.get_xlabel() == xlabel
        legend_box = ax.get_legend()
        assert legend_box is not None
        assert [text.get_text() for text in legend_box.get_texts()] == legend


def test_two_players_are_labelled_by_seat_and_names_override() -> None:
    totals = running_totals([{"S": 6, "N": 5}], ("S", "N"))
    (ax,) = totals_figure(totals, None, "it", names={"N": "Anna"}).axes
    legend_box = ax.get_legend()
    assert legend_box is not None
    assert [text.get_text() for text in legend_box.get_texts()] == ["Sud", "Anna"]
    assert "target" not in side_lines(ax.figure)  # type: ignore[arg-type]
    assert side_name("S", "en") == "South" and side_name("EW", "it") == "Est–Ovest"


def test_the_image_widget_holds_the_png() -> None:
    image = totals_image(TOTALS, 21, "en")
    assert isinstance(image, widgets.Image)
    assert image.format == "png"
    assert image.value == totals_png(TOTALS, 21, "en")
    assert "tl-score-chart" in image._dom_classes


def test_pyplot_is_never_loaded() -> None:
    """A fresh interpreter draws the chart without importing pyplot's global state."""
    code = ("import sys; from tressette_learn.ui.plots import totals_png; "
            "totals_png({'NS': [0, 4]}, 21, 'en'); print('matplotlib.pyplot' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"
