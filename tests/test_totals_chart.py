"""The running-totals chart as SVG: the points plotted, the target, labels, escaping."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tressette_learn.ui.totals_chart import (
    description,
    running_totals,
    tick_step,
    totals_svg,
)

SVG = "{http://www.w3.org/2000/svg}"
POINTS = [{"NS": 4, "EW": 10}, {"NS": 7, "EW": 4}, {"NS": 11, "EW": 0}]
TOTALS = running_totals(POINTS, ("NS", "EW"))


def parse(svg: str) -> ET.Element:
    """The SVG as an XML tree (fails on anything not well-formed, e.g. an unescaped name)."""
    return ET.fromstring(svg)


def polylines(root: ET.Element) -> dict[str, list[tuple[float, float]]]:
    """Each side's line as SVG points, by ``data-side``."""
    lines = {}
    for group in root.iter(f"{SVG}g"):
        side = group.get("data-side")
        if side is not None:
            (line,) = group.iter(f"{SVG}polyline")
            lines[side] = [(float(x), float(y)) for x, y in
                           (pair.split(",") for pair in line.get("points", "").split())]
    return lines


def texts(root: ET.Element) -> list[str]:
    return [text.text or "" for text in root.iter(f"{SVG}text")]


def target_lines(root: ET.Element) -> list[ET.Element]:
    return [line for line in root.iter(f"{SVG}line") if line.get("class") == "tl-chart-target"]


def test_running_totals_start_at_zero_and_add_up() -> None:
    assert TOTALS == {"NS": [0, 4, 11, 22], "EW": [0, 10, 14, 14]}
    assert running_totals([], ("S", "N")) == {"S": [0], "N": [0]}


def test_one_line_per_side_through_every_total() -> None:
    root = parse(totals_svg(TOTALS, 21, "en"))
    lines = polylines(root)
    assert list(lines) == ["NS", "EW"]
    assert len(list(root.iter(f"{SVG}polyline"))) == 2
    ns, ew = lines["NS"], lines["EW"]
    assert len(ns) == len(ew) == 4
    assert [x for x, _ in ns] == [x for x, _ in ew]
    assert [x for x, _ in ns] == sorted({x for x, _ in ns})  # one x per deal, left to right
    assert ns[0][1] == ew[0][1]  # both start at 0
    # SVG's y grows downwards: the leader ends higher on the screen.
    assert ns[-1][1] < ew[-1][1]
    assert ew[1][1] < ns[1][1]  # after the first deal East–West led
    assert ew[2][1] == ew[3][1]  # East–West scored nothing in the third deal
    # Equal steps in points are equal steps on screen.
    assert abs((ns[0][1] - ns[1][1]) / 4 - (ns[1][1] - ns[3][1]) / 18) < 0.1


def test_the_target_line_is_drawn_only_with_a_target() -> None:
    root = parse(totals_svg(TOTALS, 21, "en"))
    (line,) = target_lines(root)
    ns = polylines(root)["NS"]
    y = float(line.get("y1", ""))
    assert line.get("y1") == line.get("y2")
    assert ns[2][1] > y > ns[3][1]  # 21 is between North–South's 11 and 22
    assert "Target (21)" in texts(root)
    root = parse(totals_svg(TOTALS, None, "en"))
    assert target_lines(root) == []
    assert not any(text.startswith("Target") for text in texts(root))


def test_sides_differ_in_colour_marker_and_dash() -> None:
    root = parse(totals_svg(TOTALS, 21, "en"))
    sides = [group for group in root.iter(f"{SVG}g") if group.get("data-side")]
    styles = [(line.get("stroke"), line.get("stroke-dasharray"))
              for group in sides for line in group.iter(f"{SVG}polyline")]
    assert styles[0][0] != styles[1][0] and styles[0][1] != styles[1][1]
    assert len(list(sides[0].iter(f"{SVG}circle"))) == 4
    assert len(list(sides[1].iter(f"{SVG}rect"))) == 4
    (target,) = target_lines(root)
    assert target.get("stroke-dasharray") not in (styles[0][1], styles[1][1])


def test_labels_follow_the_language() -> None:
    for lang, words in [
        ("en", ["Running match totals", "Deals played", "Points", "North–South", "East–West",
                "Target (21)"]),
        ("it", ["Andamento della partita", "Smazzate giocate", "Punti", "Nord–Sud",
                "Est–Ovest", "Traguardo (21)"]),
    ]:
        root = parse(totals_svg(TOTALS, 21, lang))
        assert set(words) <= set(texts(root))
        assert root.findtext(f"{SVG}title") == words[0]


def test_the_description_says_the_totals() -> None:
    root = parse(totals_svg(TOTALS, 21, "it"))
    assert root.get("role") == "img"
    assert root.findtext(f"{SVG}desc") == ("Dopo 3 smazzate: Nord–Sud 22 punti, Est–Ovest "
                                           "14 punti. Partita ai 21 punti.")
    one = running_totals([{"S": 1, "N": 0}], ("S", "N"))
    assert description(one, None, "en") == "After 1 deal: South 1 point, North 0 points."


def test_ticks_are_whole_numbers_at_round_steps() -> None:
    assert [tick_step(top, 7) for top in (1, 7, 8, 20, 35, 42, 120)] == [1, 1, 2, 5, 5, 10, 20]
    root = parse(totals_svg(TOTALS, 21, "en"))
    numbers = [int(text) for text in texts(root) if text.isdigit()]
    assert numbers == [0, 1, 2, 3, 0, 5, 10, 15, 20, 25]


def test_names_override_the_sides_and_are_escaped() -> None:
    totals = running_totals([{"S": 6, "N": 5}], ("S", "N"))
    names = {"N": '<b>Anna</b> & "co"'}
    svg = totals_svg(totals, None, "it", names=names)
    assert "<b>" not in svg
    root = parse(svg)  # well-formed: the name did not break the markup
    assert {"Sud", '<b>Anna</b> & "co"'} <= set(texts(root))
    assert '<b>Anna</b> & "co" 5 punti' in (root.findtext(f"{SVG}desc") or "")


def test_the_same_input_gives_the_same_svg() -> None:
    assert totals_svg(TOTALS, 21, "en") == totals_svg(dict(TOTALS), 21, "en")
    assert totals_svg(TOTALS, 21, "en") != totals_svg(TOTALS, 31, "en")


def test_it_scales_with_its_container() -> None:
    root = parse(totals_svg(TOTALS, 21, "en"))
    assert root.get("viewBox") == "0 0 600 320"
    assert root.get("width") == "100%"
    assert "max-width: 600px" in root.get("style", "")


def test_four_players_each_for_himself_get_four_lines_and_four_legend_names() -> None:
    seats = ("N", "E", "S", "W")
    totals = running_totals([{"N": 0, "E": 12, "S": 7, "W": 2}, {"N": 11, "E": 0, "S": 11,
                                                                "W": 11}], seats)
    root = parse(totals_svg(totals, 21, "en"))
    assert list(polylines(root)) == list(seats)
    assert {"North", "East", "South", "West"} <= set(texts(root))
    colours = {line.get("stroke") for line in root.iter(f"{SVG}polyline")}
    assert len(colours) == 4
