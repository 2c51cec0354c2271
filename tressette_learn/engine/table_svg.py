"""The whole table as one SVG (every hand face up, the trick in the centre), for
``Deal._repr_svg_`` and ``Match._repr_svg_`` in a notebook: built from :mod:`.svg`'s hands
and tricks, with seat letters and scores as notation (no words)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from .seats import Seat
from .svg import hand_svg, trick_svg

if TYPE_CHECKING:
    from .deal import Deal

_SIZE = re.compile(r'<svg\b[^>]*?\swidth="([\d.]+)"[^>]*?\sheight="([\d.]+)"')
_LABEL = 18.0  # room for a seat letter above its hand
_PAD = 8.0
_SVG_NS = "http://www.w3.org/2000/svg"

Box = tuple[str, float, float]  # markup, width, height


def _box(svg: str) -> Box:
    """An SVG with its width and height (read from its root)."""
    found = _SIZE.match(svg)
    assert found is not None, "svg.py draws a root with a width and a height"
    return svg, float(found[1]), float(found[2])


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _at(box: Box, x: float, y: float, label: str = "") -> str:
    text = "" if not label else (
        f'<text x="{_num(x + 6)}" y="{_num(y + 13)}" font-family="sans-serif" font-size="13" '
        f'font-weight="bold" fill="#222222">{label}</text>')
    shift = _LABEL if label else 0.0
    return f'{text}<g transform="translate({_num(x)} {_num(y + shift)})">{box[0]}</g>'


def deal_svg(deal: Deal, caption: str = "") -> str:
    """Every hand (N at the top, E right, S bottom, W left) and, in the centre, the trick
    in play or else the last one taken; ``caption`` (e.g. the match scores) goes below."""
    empty: Box = ("", 0.0, 0.0)
    hands = {seat: _box(hand_svg(deal.hand(seat), overlap=0.6)) for seat in deal.seats}
    trick = deal.current or (list(deal.tricks[-1].plays) if deal.tricks else [])
    winner = None if deal.current or not deal.tricks else deal.tricks[-1].winner
    centre = _box(trick_svg([(p.seat, p.card) for p in trick], winner=winner)) if trick \
        else empty
    north, east, south, west = (hands.get(s, empty) for s in (Seat.N, Seat.E, Seat.S, Seat.W))
    left, right = west[1], east[1]
    middle_w = max(north[1], south[1], centre[1])
    top = north[2] + _LABEL if north[1] else 0.0
    middle_h = max(east[2] + _LABEL if east[1] else 0.0, west[2] + _LABEL if west[1] else 0.0,
                   centre[2])
    bottom = south[2] + _LABEL if south[1] else 0.0
    width = left + middle_w + right + 2 * _PAD
    height = top + middle_h + bottom + 2 * _PAD + (20.0 if caption else 0.0)
    parts = []
    for seat, box, x, y in ((Seat.N, north, left + (middle_w - north[1]) / 2, 0.0),
                            (Seat.W, west, 0.0, top), (Seat.E, east, left + middle_w, top),
                            (Seat.S, south, left + (middle_w - south[1]) / 2, top + middle_h)):
        if box[1]:
            parts.append(_at(box, x + _PAD, y + _PAD, seat.name))
    if trick:
        parts.append(_at(centre, _PAD + left + (middle_w - centre[1]) / 2,
                         _PAD + top + (middle_h - centre[2]) / 2))
    if caption:
        parts.append(f'<text x="{_num(width / 2)}" y="{_num(height - _PAD)}" '
                     f'font-family="sans-serif" font-size="14" text-anchor="middle" '
                     f'fill="#222222">{escape(caption)}</text>')
    return (f'<svg xmlns="{_SVG_NS}" width="{_num(width)}" height="{_num(height)}" '
            f'viewBox="0 0 {_num(width)} {_num(height)}" role="group" data-table="deal">'
            + "".join(parts) + "</svg>")
