"""SVG pictures of cards, hands and tricks, drawn by us (no image files, no web fonts).

Italian faces show simple signs of the four Italian suits: a coin (denari), a goblet
(coppe), a sword (spade) and a knotted club (bastoni). French faces show diamonds,
hearts, spades and clubs drawn as paths. Suits differ by shape as well as by colour, so
the cards stay readable for colour-blind players. Output is deterministic: the same call
always returns the same string, and no ``id`` attributes are used.

The drawings speak no language: their titles and aria-labels come from a :class:`Labels`
the caller passes (by default the notation: ``3c``, ``N``); the words layer's
``tressette_learn.engine_words.svg_labels(lang)`` gives them in a language.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Final, NamedTuple, TypedDict
from xml.sax.saxutils import escape, quoteattr

if TYPE_CHECKING:  # cards draw themselves with this module: it needs no card at run time
    from .cards import Card, Rank, Suit

__all__ = ["CARD_HEIGHT", "CARD_WIDTH", "FACES", "Labels", "card_svg", "hand_svg", "rank_label",
           "trick_svg", "set_display", "display"]

CARD_WIDTH: Final = 60.0
CARD_HEIGHT: Final = 100.0
FACES: Final = ("italian", "french")

_SVG_NS: Final = "http://www.w3.org/2000/svg"
_FONT: Final = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
_PAPER: Final = "#fffdf7"
_EDGE: Final = "#6b6b6b"
_MARK: Final = "#e07000"  # highlight and winner outline (always also thicker: a shape cue)
_GAP: Final = 6.0  # space between cards laid side by side
_LIFT: Final = 10.0  # highlighted cards in a hand stand this much higher
_MARGIN: Final = 6.0  # room around a row of cards for outlines

Attr = str | float


class _Palette(NamedTuple):
    """The colours of one suit: sign fill, dark outline and text, light background tint."""

    fill: str
    dark: str
    tint: str


_ITALIAN_COLOURS: Final = (
    _Palette("#e8ad26", "#6e4a00", "#fbf0d2"),  # denari: gold / ochre
    _Palette("#d63a2c", "#8a1a10", "#fbe1dc"),  # coppe: red
    _Palette("#3f77c8", "#143c78", "#dfe9f7"),  # spade: blue
    _Palette("#3f9a4b", "#1a5524", "#dff0e1"),  # bastoni: green
)
_RED: Final = _Palette("#d42f2f", "#9c1818", "#fbe2e2")
_BLACK: Final = _Palette("#262626", "#111111", "#e9e9e9")
_FRENCH_COLOURS: Final = (_RED, _RED, _BLACK, _BLACK)


class Labels:
    """The titles and aria-labels of a drawing, in notation: a subclass (the words layer's)
    writes them in a language."""

    def card(self, card: Card) -> str:
        """A card face up: ``3c``."""
        return str(card)

    def back(self) -> str:
        """A card face down (it does not give itself away)."""
        return "\U0001F0A0"  # PLAYING CARD BACK

    def seat(self, seat: str) -> str:
        """The name under a trick's card: ``N`` (any other text as it is)."""
        return seat

    def play(self, seat: str, card: Card, wins: bool) -> str:
        """A card of a trick: ``N 3c``, with a tick when it takes the trick."""
        return f"{self.seat(seat)} {self.card(card)}" + (" \u2713" if wins else "")

    def hand(self, cards: Sequence[Card]) -> str:
        """A row of cards: ``3c 2c Ad``."""
        return " ".join(self.card(card) for card in cards)

    def trick(self, plays: Sequence[tuple[str, Card]]) -> str:
        """A trick: ``N 3c, W 4s``."""
        return ", ".join(f"{self.seat(seat)} {self.card(card)}" for seat, card in plays)


NOTATION: Final = Labels()

# ---------------------------------------------------------------- markup helpers


def _num(value: float) -> str:
    """A number as short, stable text: at most two decimals, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _value(value: Attr) -> str:
    """An attribute value as text."""
    return value if isinstance(value, str) else _num(value)


def _el(name: str, content: str = "", /, **attrs: Attr | None) -> str:
    """An element; ``stroke_width=1`` becomes ``stroke-width="1"``; None values are left out.

    ``content`` is markup and is not escaped: escape text before passing it.
    """
    parts = [name] + [
        f"{key.replace('_', '-')}={quoteattr(_value(val))}"
        for key, val in attrs.items()
        if val is not None
    ]
    head = " ".join(parts)
    return f"<{head}>{content}</{name}>" if content else f"<{head}/>"


def _place(sign: str, x: float, y: float, scale: float) -> str:
    """A suit sign (drawn in a 20x20 box around the origin) moved to ``x, y`` and scaled."""
    return _el("g", sign, transform=f"translate({_num(x)} {_num(y)}) scale({_num(scale)})")


def _text(text: str, x: float, y: float, size: float, fill: str, **attrs: Attr | None) -> str:
    """Bold centred text, escaped."""
    return _el("text", escape(text), x=x, y=y, fill=fill, font_family=_FONT, font_size=size,
               font_weight="bold", text_anchor="middle", **attrs)


def _path(d: str, fill: str, stroke: str | None = None, width: float = 0.8) -> str:
    """A filled path, outlined when ``stroke`` is given."""
    return _el("path", d=d, fill=fill, stroke=stroke, stroke_width=width if stroke else None,
               stroke_linejoin="round" if stroke else None)


# ---------------------------------------------------------------- Italian suit signs


def _coin(p: _Palette) -> str:
    """Denari: a coin with a rim and an eight-petal rosette."""
    petals = "".join(_el("ellipse", cx=3.4, cy=0, rx=2.4, ry=1.15, transform=f"rotate({a})")
                     for a in range(0, 360, 45))
    return (_el("circle", r=9.4, fill=p.fill, stroke=p.dark, stroke_width=0.9)
            + _el("circle", r=6.9, fill="none", stroke=p.dark, stroke_width=0.6)
            + _el("g", petals, fill=p.dark)
            + _el("circle", r=1.3, fill=p.tint))


def _cup(p: _Palette) -> str:
    """Coppe: a goblet with a wide bowl, a knotted stem and a foot."""
    body = ("M -8 -7 L 8 -7 C 8 -1 4.5 2 1.4 2.6 L 1.4 5.2 C 1.4 6.6 5.5 7.6 6.5 9.6 "
            "L -6.5 9.6 C -5.5 7.6 -1.4 6.6 -1.4 5.2 L -1.4 2.6 C -4.5 2 -8 -1 -8 -7 Z")
    return (_path(body, p.fill, p.dark)
            + _el("ellipse", cy=-7, rx=8, ry=1.9, fill=p.dark)
            + _el("ellipse", cy=3.9, rx=2.6, ry=1.1, fill=p.dark)
            + _path("M -5.6 -3.2 C -4.8 -0.6 -3 0.8 -1 1.3", "none", p.tint, 0.7))


def _sword(p: _Palette) -> str:
    """Spade: a sword, blade vertical and point down, with cross-guard, grip and pommel."""
    blade = "M -1.7 -5 L 1.7 -5 L 1.7 7.4 L 0 11 L -1.7 7.4 Z"
    guard = ("M -7.2 -7.2 Q -7.8 -4.8 -5.6 -5.2 L 5.6 -5.2 Q 7.8 -4.8 7.2 -7.2 "
             "Q 6.5 -6 5.2 -6.6 L -5.2 -6.6 Q -6.5 -6 -7.2 -7.2 Z")
    return (_path(blade, p.fill, p.dark)
            + _path("M 0 -4.4 L 0 8.2", "none", p.dark, 0.6)
            + _el("rect", x=-1.2, y=-9.8, width=2.4, height=3.6, fill=p.dark)
            + _el("circle", cy=-10, r=1.6, fill=p.fill, stroke=p.dark, stroke_width=0.7)
            + _path(guard, p.dark, p.dark, 0.6))


def _stub(x: float, y: float, angle: float, p: _Palette) -> str:
    """A lopped-off branch of a club, its cut end showing pale wood."""
    return _el("g", _el("rect", x=-1.15, y=-2.9, width=2.3, height=3.1, rx=0.5, fill=p.fill,
                        stroke=p.dark, stroke_width=0.7)
               + _el("ellipse", cy=-2.9, rx=1.15, ry=0.55, fill=p.tint, stroke=p.dark,
                     stroke_width=0.5),
               transform=f"translate({_num(x)} {_num(y)}) rotate({_num(angle)})")


def _club(p: _Palette) -> str:
    """Bastoni: a slanting knotted club, thick at the top, with lopped-off branches."""
    body = ("M -1.4 11 L -3 -8 Q -3.4 -11.4 0 -11.4 Q 3.4 -11.4 3 -8 L 1.4 11 "
            "Q 0 11.8 -1.4 11 Z")
    stubs = "".join(_stub(x, y, a, p) for x, y, a in ((-2.5, -3.2, -65), (2.1, 1.8, 65),
                                                       (-1.8, 6.4, -65)))
    grain = _path("M 1 -9.4 Q 1.4 -2 0.4 8", "none", p.tint, 0.7)
    return _el("g", stubs + _path(body, p.fill, p.dark) + grain, transform="rotate(30)")


# ---------------------------------------------------------------- French suit signs


def _diamond(p: _Palette) -> str:
    """Diamonds: a rhombus."""
    return _path("M 0 -10 Q 3.5 -4.5 7.5 0 Q 3.5 4.5 0 10 Q -3.5 4.5 -7.5 0 Q -3.5 -4.5 0 -10 Z",
                 p.fill)


def _heart(p: _Palette) -> str:
    """Hearts: a heart, point down."""
    return _path("M 0 9.5 C -3 6.5 -9.5 2 -9.5 -3.2 C -9.5 -7.2 -5.6 -9.4 -2.8 -8.4 "
                 "C -1.4 -7.9 -0.4 -6.8 0 -5.6 C 0.4 -6.8 1.4 -7.9 2.8 -8.4 "
                 "C 5.6 -9.4 9.5 -7.2 9.5 -3.2 C 9.5 2 3 6.5 0 9.5 Z", p.fill)


def _spade_fr(p: _Palette) -> str:
    """Spades: an upside-down heart on a flared stem."""
    return _path("M 0 -10 C -3 -6.4 -9.5 -2.6 -9.5 2 C -9.5 5.6 -5.8 7.2 -3.2 6.2 "
                 "C -1.9 5.7 -1 4.7 -0.6 3.8 Q -0.8 7.8 -3 9.8 L 3 9.8 Q 0.8 7.8 0.6 3.8 "
                 "C 1 4.7 1.9 5.7 3.2 6.2 C 5.8 7.2 9.5 5.6 9.5 2 C 9.5 -2.6 3 -6.4 0 -10 Z",
                 p.fill)


def _clover(p: _Palette) -> str:
    """Clubs: three round leaves on a flared stem."""
    leaves = "".join(f"M {_num(x - 4.3)} {_num(y)} a 4.3 4.3 0 1 0 8.6 0 a 4.3 4.3 0 1 0 -8.6 0 Z "
                     for x, y in ((0, -5), (-4.9, 1.6), (4.9, 1.6)))
    middle = "M -2.4 0 a 2.4 2.4 0 1 0 4.8 0 a 2.4 2.4 0 1 0 -4.8 0 Z "  # fills the gap
    stem = "M -0.9 0 Q -0.8 7.6 -3 9.8 L 3 9.8 Q 0.8 7.6 0.9 0 Z"
    return _path(leaves + middle + stem, p.fill)


Sign = Callable[[_Palette], str]
_SIGNS: Final[dict[str, tuple[Sign, Sign, Sign, Sign]]] = {
    "italian": (_coin, _cup, _sword, _club),
    "french": (_diamond, _heart, _spade_fr, _clover),
}

# ---------------------------------------------------------------- card faces

_PIP_LAYOUTS: Final[dict[int, tuple[tuple[float, float], ...]]] = {
    2: ((30, 27), (30, 73)),
    3: ((30, 23), (30, 50), (30, 77)),
    4: ((20.5, 27), (39.5, 27), (20.5, 73), (39.5, 73)),
    5: ((20.5, 25), (39.5, 25), (30, 50), (20.5, 75), (39.5, 75)),
    6: ((20.5, 23), (39.5, 23), (20.5, 50), (39.5, 50), (20.5, 77), (39.5, 77)),
    7: ((20.5, 21), (39.5, 21), (30, 36), (20.5, 51), (39.5, 51), (20.5, 79), (39.5, 79)),
}
_PIP_SCALES: Final = {2: 0.85, 3: 0.8, 4: 0.72, 5: 0.68, 6: 0.64, 7: 0.6}
_FIGURES: Final = "FCR"  # the figures' rank symbols: Fante, Cavallo, Re


class Display(TypedDict):
    """How objects draw themselves: face style and labels."""

    faces: str
    labels: Labels


_DISPLAY: Display = {"faces": "italian", "labels": NOTATION}


def set_display(*, faces: str | None = None, labels: Labels | None = None) -> None:
    """Choose the faces and labels that cards, hands and tricks draw themselves with."""
    new: Display = {"faces": faces or _DISPLAY["faces"], "labels": labels or _DISPLAY["labels"]}
    _check_style(new["faces"])
    _DISPLAY.update(new)


def display() -> Display:
    """The current ``faces`` and ``labels`` for ``_repr_svg_``."""
    return Display(faces=_DISPLAY["faces"], labels=_DISPLAY["labels"])


def _check_style(faces: str) -> None:
    """Reject unknown face styles."""
    if faces not in FACES:
        raise ValueError(f"unknown faces {faces!r}: use 'italian' or 'french'")


def _palette(suit: Suit, faces: str) -> _Palette:
    """The colours of a suit in a face style."""
    return (_FRENCH_COLOURS if faces == "french" else _ITALIAN_COLOURS)[suit]


def rank_label(rank: Rank, faces: str = "italian") -> str:
    """The corner letter: ``A 2 3 4 5 6 7 F C R``, or ``J Q K`` for figures on French faces."""
    if faces == "french" and rank.symbol in _FIGURES:
        return "JQK"[_FIGURES.index(rank.symbol)]
    return rank.symbol


def _frame(highlight: bool, fill: str = _PAPER, edge: str = _EDGE) -> str:
    """The card's rounded outline; highlighted cards get a thick orange border."""
    stroke, width = (_MARK, 3.0) if highlight else (edge, 1.0)
    inset = width / 2
    return _el("rect", x=inset, y=inset, width=CARD_WIDTH - 2 * inset,
               height=CARD_HEIGHT - 2 * inset, rx=5, fill=fill, stroke=stroke, stroke_width=width)


def _corners(label: str, sign: str, p: _Palette) -> str:
    """Rank and small sign in the top-left corner, repeated upside down bottom-right."""
    corner = _text(label, 8, 14.5, 12, p.dark) + _place(sign, 8, 22.5, 0.3)
    turn = f"rotate(180 {_num(CARD_WIDTH / 2)} {_num(CARD_HEIGHT / 2)})"
    return corner + _el("g", corner, transform=turn)


def _figure(label: str, sign: str, p: _Palette) -> str:
    """A figure: double frame, big sign and a big rank letter."""
    return (_el("rect", x=14, y=11, width=32, height=78, rx=3, fill=p.tint, stroke=p.dark,
                stroke_width=1.2)
            + _el("rect", x=16.5, y=13.5, width=27, height=73, rx=2, fill="none", stroke=p.fill,
                  stroke_width=0.7)
            + _place(sign, 30, 38, 1.05)
            + _text(label, 30, 79, 22, p.dark))


def _pips(rank: Rank, sign: str) -> str:
    """One big sign for the ace, otherwise as many small signs as the rank says."""
    if rank.symbol == "A":
        return _place(sign, 30, 50, 1.55)
    count = int(rank.symbol)
    return "".join(_place(sign, x, y, _PIP_SCALES[count]) for x, y in _PIP_LAYOUTS[count])


def _back(highlight: bool) -> str:
    """The back of a card: a blue lattice in a gold frame."""
    cells = [(x, 10 + 5 * row) for row in range(17) for x in range(10 + 4 * (row % 2), 51, 8)]
    lattice = "".join(f"M {x} {_num(y - 2.4)} l 2.4 2.4 l -2.4 2.4 l -2.4 -2.4 Z" for x, y in cells)
    return (_frame(highlight, "#2b3c70", "#17244a")
            + _path(lattice, "#4a5f9e")
            + _el("rect", x=5, y=5, width=50, height=90, rx=3, fill="none", stroke="#c9a227",
                  stroke_width=1)
            + _el("circle", cx=30, cy=50, r=9, fill="#2b3c70", stroke="#c9a227", stroke_width=1.2))


def _card_body(card: Card, faces: str, highlight: bool, face_down: bool) -> str:
    """The drawing of a card in its own 60x100 box."""
    if face_down:
        return _back(highlight)
    p = _palette(card.suit, faces)
    sign = _SIGNS[faces][card.suit](p)
    label = rank_label(card.rank, faces)
    centre = _figure(label, sign, p) if card.rank.symbol in _FIGURES else _pips(card.rank, sign)
    return _frame(highlight) + _corners(label, sign, p) + centre


def _card_node(tag: str, card: Card, *, faces: str, labels: Labels, highlight: bool = False,
               face_down: bool = False, label: str | None = None, **attrs: Attr | None) -> str:
    """A card as an ``svg`` or ``g`` element with role, aria-label, title and ``data-card``.

    A face-down card does not give itself away: its label is the labels' ``back()`` and its
    ``data-card`` is ``back``.
    """
    name = labels.back() if face_down else labels.card(card)
    title = name if label is None else label
    content = _el("title", escape(title)) + _card_body(card, faces, highlight, face_down)
    return _el(tag, content, **attrs, role="img", aria_label=title,
               data_card="back" if face_down else str(card),
               data_highlight="true" if highlight else None)


def _root(content: str, width: float, height: float, label: str) -> str:
    """The outer ``svg`` of a group of cards, with its title."""
    return _el("svg", _el("title", escape(label)) + content, xmlns=_SVG_NS, width=width,
               height=height, viewBox=f"0 0 {_num(width)} {_num(height)}", role="group",
               aria_label=label)


def _translate(x: float, y: float) -> str:
    """A ``transform`` value moving by ``x, y``."""
    return f"translate({_num(x)} {_num(y)})"


# ---------------------------------------------------------------- public API


def card_svg(card: Card, *, faces: str = "italian", size: float = 1.0, highlight: bool = False,
             face_down: bool = False, labels: Labels = NOTATION) -> str:
    """An SVG of one card, ``60 * size`` by ``100 * size`` pixels (scalable viewBox).

    ``faces`` is ``"italian"`` or ``"french"``; ``labels`` writes the aria-label and title
    (notation by default). ``highlight`` draws a thick orange border.
    """
    _check_style(faces)
    if not size > 0:
        raise ValueError(f"size must be positive, not {size!r}")
    return _card_node("svg", card, faces=faces, labels=labels, highlight=highlight,
                      face_down=face_down, xmlns=_SVG_NS, width=CARD_WIDTH * size,
                      height=CARD_HEIGHT * size,
                      viewBox=f"0 0 {_num(CARD_WIDTH)} {_num(CARD_HEIGHT)}")


def hand_svg(cards: Iterable[Card], *, faces: str = "italian", labels: Labels = NOTATION,
             highlight: Collection[Card] = (), overlap: float = 0.0) -> str:
    """One SVG with the cards in a row, in the order given, each its own labelled group.

    Highlighted cards get a thick orange border and stand higher than the others.
    ``overlap`` is the fraction of each card's width covered by the next card (0 to below
    1); with 0 the cards stand side by side with a small gap.
    """
    _check_style(faces)
    if not 0 <= overlap < 1:
        raise ValueError(f"overlap must be from 0 to below 1, not {overlap!r}")
    hand = tuple(cards)
    lift = _LIFT if any(card in highlight for card in hand) else 0.0
    step = CARD_WIDTH * (1 - overlap) if overlap else CARD_WIDTH + _GAP
    nodes = "".join(
        _card_node("g", card, faces=faces, labels=labels, highlight=card in highlight,
                   transform=_translate(_MARGIN + i * step,
                                        _MARGIN + (0 if card in highlight else lift)))
        for i, card in enumerate(hand))
    width = 2 * _MARGIN + CARD_WIDTH + step * max(len(hand) - 1, 0)
    return _root(nodes, width, 2 * _MARGIN + lift + CARD_HEIGHT, labels.hand(hand))


def _play_node(seat: str, card: Card, x: float, wins: bool, faces: str, labels: Labels) -> str:
    """One card of a trick with its seat's name under it; the winner's card is outlined."""
    name = labels.seat(seat)
    node = _card_node("g", card, faces=faces, labels=labels, label=labels.play(seat, card, wins),
                      transform=_translate(x, _MARGIN))
    seat_y = _MARGIN + CARD_HEIGHT + 17
    text = _text(name, x + CARD_WIDTH / 2, seat_y, 12, "#222222", aria_hidden="true")
    if not wins:
        return _el("g", node + text, data_seat=seat)
    outline = _el("rect", x=x - 3.5, y=_MARGIN - 3.5, width=CARD_WIDTH + 7,
                  height=CARD_HEIGHT + 7, rx=7, fill="none", stroke=_MARK, stroke_width=3)
    underline = _el("rect", x=x + CARD_WIDTH / 2 - 18, y=seat_y + 3, width=36, height=2.5,
                    fill=_MARK)
    return _el("g", outline + node + text + underline, data_seat=seat, data_winner="true")


def trick_svg(plays: Sequence[tuple[object, Card]], *, winner: object = None,
              faces: str = "italian", labels: Labels = NOTATION) -> str:
    """One SVG with the cards of a trick in play order, each with its seat's name under it.

    ``plays`` holds ``(seat, card)`` pairs, seats as ``Seat`` or text like ``"N"``
    (``str()`` of each is drawn through the labels). The card of the
    ``winner`` seat is outlined, its seat's name underlined and its group marked
    ``data-winner="true"``.
    """
    _check_style(faces)
    seats = [str(seat) for seat, _ in plays]
    won = None if winner is None else str(winner)
    if len(set(seats)) != len(seats):
        raise ValueError(f"a seat plays twice in {seats!r}")
    if won is not None and won not in seats:
        raise ValueError(f"winner {won!r} did not play in this trick")
    step = CARD_WIDTH + 2 * _GAP
    nodes = "".join(_play_node(seat, card, _MARGIN + i * step, seat == won, faces, labels)
                    for i, (seat, (_, card)) in enumerate(zip(seats, plays, strict=True)))
    width = 2 * _MARGIN + CARD_WIDTH + step * max(len(plays) - 1, 0)
    title = labels.trick([(seat, card) for seat, (_, card) in zip(seats, plays, strict=True)])
    return _root(nodes, width, 2 * _MARGIN + CARD_HEIGHT + 26, title)
