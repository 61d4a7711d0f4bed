"""Card face artwork for Chinese Ten, drawn as plain SVG vector shapes.

Every face, the card back and the application icon are built here from
simple geometry: the rank indices are stroked outlines designed on a
100-unit-tall grid, the suit symbols are closed curves on a 100-unit square,
and the court cards are flat geometric figures mirrored top to bottom.  The
output uses only ``path``, ``rect``, ``circle`` and ``g`` elements so that any
small SVG rasteriser (including the one behind
``pygame.image.load_sized_svg``) draws it faithfully.

This is a build-time tool, not part of the game: run ``python tools/cardart.py``
to (re)write ``assets/`` and ``python tools/cardart.py --check`` to verify that
the files on disk are exactly what it produces.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent
"""The source checkout this tool belongs to."""

for _folder in (CHECKOUT, CHECKOUT / "tools"):  # run as a script from anywhere: the checkout's package
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))

import generated  # noqa: E402
from chinese_ten.assets import CARD_CODES, STYLES  # noqa: E402
from chinese_ten.cards import RANK_NAMES as RANKS  # noqa: E402
from chinese_ten.cards import SUITS  # noqa: E402

WIDTH = 250
"""Width of a card in SVG user units."""

HEIGHT = 350
"""Height of a card in SVG user units."""

_CX = WIDTH / 2
_CY = HEIGHT / 2
_CORNER = 14.0
_ROTATE_HALF = f'<g transform="rotate(180 {_CX:g} {_CY:g})">'

# ---------------------------------------------------------------------------
# Styles


@dataclass(frozen=True)
class _Style:
    face: str
    border: str
    border_width: float
    ink: dict[str, str]
    index_height: float
    index_stroke: float
    index_suit: float
    outline: str
    outline_width: float
    four_colour: bool
    high_contrast: bool
    back: str
    back_line: str
    back_accent: str


_CLASSIC_RED = "#C8102E"
_CLASSIC_BLACK = "#1B1B1F"
# The four-colour deck. Red is the score in this game, so hearts and diamonds stay the
# warm suits and spades and clubs the cool ones: spades black, hearts a deep red, diamonds
# orange, clubs blue. Deuteranopes and protanopes see two hues, yellow-brown and blue:
# under the Machado (2009) simulation both warm inks still fall on the yellow side, clubs
# on the blue side and spades stay black, and every pair of suits stays apart by a CIELAB
# distance of at least 30 (red against orange differ most in lightness, 37 against 61).
# Green clubs would read like red hearts to them; blue diamonds would read as a cool,
# non-scoring suit. tests/ui/test_ui_colour_vision.py measures all of this.
_FOUR_COLOUR = {"S": "#000000", "H": "#B0101E", "D": "#DD7000", "C": "#1A5FD0"}
# High contrast asks 4.5:1 of every ink on the white face, which orange only reaches as a
# burnt orange; the hearts go a darker crimson to stay apart from it (at least 26 apart
# under the same simulation, the closest pair being spades and hearts for protanopes).
_FOUR_COLOUR_STRONG = {"S": "#000000", "H": "#960020", "D": "#B85800", "C": "#1450C0"}

_STYLE_TABLE: dict[str, _Style] = {
    "classic": _Style(
        face="#FFFDF6",
        border="#8E8A80",
        border_width=2.0,
        ink={"S": _CLASSIC_BLACK, "H": _CLASSIC_RED, "D": _CLASSIC_RED, "C": _CLASSIC_BLACK},
        index_height=46.0,
        index_stroke=7.8,
        index_suit=40.0,
        outline="#1B1B1F",
        outline_width=1.5,
        four_colour=False,
        high_contrast=False,
        back="#8A1C2B",
        back_line="#D9A0A4",
        back_accent="#F1D48A",
    ),
    "four-colour": _Style(
        face="#FFFDF6",
        border="#8E8A80",
        border_width=2.0,
        ink=dict(_FOUR_COLOUR),
        index_height=46.0,
        index_stroke=7.8,
        index_suit=40.0,
        outline="#1B1B1F",
        outline_width=1.5,
        four_colour=True,
        high_contrast=False,
        back="#1D3570",
        back_line="#9DB0DC",
        back_accent="#F1D48A",
    ),
    "high-contrast": _Style(
        face="#FFFFFF",
        border="#000000",
        border_width=7.0,
        ink={"S": "#000000", "H": "#CC0000", "D": "#CC0000", "C": "#000000"},
        index_height=49.0,
        index_stroke=10.5,
        index_suit=42.0,
        outline="#000000",
        outline_width=2.4,
        four_colour=False,
        high_contrast=True,
        back="#000000",
        back_line="#FFFFFF",
        back_accent="#FFD400",
    ),
    "high-contrast-four-colour": _Style(
        face="#FFFFFF",
        border="#000000",
        border_width=7.0,
        ink=dict(_FOUR_COLOUR_STRONG),
        index_height=49.0,
        index_stroke=10.5,
        index_suit=42.0,
        outline="#000000",
        outline_width=2.4,
        four_colour=True,
        high_contrast=True,
        back="#0B3D33",
        back_line="#FFFFFF",
        back_accent="#FFD400",
    ),
}

# ---------------------------------------------------------------------------
# Numbers, colours and path data


def _num(value: float) -> str:
    """Format a coordinate with at most one decimal and no trailing zeros."""
    text = f"{round(value, 1):.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _mix(colour: str, other: str, amount: float) -> str:
    """Blend two ``#RRGGBB`` colours; ``amount`` is the share of ``other``."""
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * amount):02X}" for x, y in zip(a, b))


_ARG_COUNT = {"M": 2, "L": 2, "C": 6, "Q": 4, "A": 7, "Z": 0}
_TOKEN = re.compile(r"[MLCQAZ]|-?(?:\d+\.?\d*|\.\d+)")
_Segment = tuple[str, tuple[float, ...]]


def _parse(d: str) -> list[_Segment]:
    """Split absolute path data (M L C Q A Z only) into segments."""
    out: list[_Segment] = []
    tokens = _TOKEN.findall(d)
    i = 0
    cmd = ""
    while i < len(tokens):
        if tokens[i] in _ARG_COUNT:
            cmd = tokens[i]
            i += 1
            if cmd == "Z":
                out.append(("Z", ()))
                continue
        n = _ARG_COUNT[cmd]
        out.append((cmd, tuple(float(t) for t in tokens[i : i + n])))
        i += n
    return out


@dataclass(frozen=True)
class _Xf:
    """Axis-aligned scale then translate: ``(x, y) -> (sx*x + tx, sy*y + ty)``."""

    sx: float = 1.0
    sy: float = 1.0
    tx: float = 0.0
    ty: float = 0.0

    def pt(self, x: float, y: float) -> tuple[float, float]:
        return self.sx * x + self.tx, self.sy * y + self.ty


def _path_data(segments: Sequence[_Segment], xf: _Xf = _Xf()) -> str:
    """Render segments as compact path data after applying ``xf``."""
    parts: list[str] = []
    for cmd, args in segments:
        if cmd == "Z":
            parts.append("Z")
            continue
        if cmd == "A":
            rx, ry, rot, large, sweep, x, y = args
            if xf.sx * xf.sy < 0:
                sweep = 1 - sweep
            px, py = xf.pt(x, y)
            nums = [rx * abs(xf.sx), ry * abs(xf.sy), rot, large, sweep, px, py]
        else:
            nums = []
            for j in range(0, len(args), 2):
                nums.extend(xf.pt(args[j], args[j + 1]))
        parts.append(cmd + " ".join(_num(v) for v in nums))
    return "".join(parts)


def _attrs(**kw: str | float | None) -> str:
    out = []
    for key, value in kw.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        out.append(f'{name}="{_num(value) if isinstance(value, float | int) else value}"')
    return " ".join(out)


def _el(tag: str, **kw: str | float | None) -> str:
    return f"<{tag} {_attrs(**kw)}/>"


def _path(d: str, **kw: str | float | None) -> str:
    return f'<path d="{d}" {_attrs(**kw)}/>'


def _poly(points: Iterable[tuple[float, float]], **kw: str | float | None) -> str:
    pts = list(points)
    d = "M" + "L".join(f"{_num(x)} {_num(y)}" for x, y in pts) + "Z"
    return _path(d, **kw)


def _circle(cx: float, cy: float, r: float, **kw: str | float | None) -> str:
    return _el("circle", cx=cx, cy=cy, r=r, **kw)


# ---------------------------------------------------------------------------
# Suit symbols, each on a 100-unit square centred on the origin

_SUIT_PATHS: dict[str, list[_Segment]] = {
    "S": _parse(
        "M0 -50C11 -33 50 -15 50 11C50 29 38 39 24 39C14 39 7 34 3.5 27"
        "C4 38 10 46 20 50L-20 50C-10 46 -4 38 -3.5 27C-7 34 -14 39 -24 39"
        "C-38 39 -50 29 -50 11C-50 -15 -11 -33 0 -50Z"
    ),
    "H": _parse(
        "M0 47C-8 35 -50 15 -50 -16C-50 -36 -37 -47 -23 -47C-11 -47 -3 -39 0 -29"
        "C3 -39 11 -47 23 -47C37 -47 50 -36 50 -16C50 15 8 35 0 47Z"
    ),
    "D": _parse("M0 -50Q15 -24 38 0Q15 24 0 50Q-15 24 -38 0Q-15 -24 0 -50Z"),
    "C": _parse(
        "M-20 50C-10 44 -5 34 -5 20.4A23 23 0 1 1 -21.5 -13.7"
        "A23 23 0 1 1 21.5 -13.7A23 23 0 1 1 5 20.4C5 34 10 44 20 50Z"
    ),
}


def _suit(suit: str, cx: float, cy: float, size: float, fill: str, flip: bool = False) -> str:
    """A suit symbol ``size`` units tall centred on ``(cx, cy)``."""
    s = size / 100.0
    xf = _Xf(-s if flip else s, -s if flip else s, cx, cy)
    return _path(_path_data(_SUIT_PATHS[suit], xf), fill=fill)


# ---------------------------------------------------------------------------
# Rank glyphs: stroke centre-lines on a grid 100 units tall, y pointing down


def _turned(segments: list[_Segment], width: float) -> list[_Segment]:
    """The glyph rotated half a turn within its box (used to make 9 from 6)."""
    out: list[_Segment] = []
    for cmd, args in segments:
        if cmd == "A":
            rx, ry, rot, large, sweep, x, y = args
            out.append((cmd, (rx, ry, rot, large, sweep, width - x, 100 - y)))
        else:
            flipped: list[float] = []
            for j in range(0, len(args), 2):
                flipped.extend((width - args[j], 100 - args[j + 1]))
            out.append((cmd, tuple(flipped)))
    return out


_SIX = _parse(
    "M51 7C46 2 39 0 32 0C14 0 3 19 3 50C3 81 14 100 31 100C47 100 57 87 57 69"
    "C57 51 46 39 31 39C18 39 8 46 3 58"
)

_GLYPHS: dict[str, tuple[float, list[_Segment]]] = {
    "A": (62.0, _parse("M0 100L31 0L62 100M13 63L49 63")),
    "2": (58.0, _parse("M3 23C4 9 15 0 29 0C45 0 56 10 56 25C56 42 43 54 2 100L58 100")),
    "3": (
        56.0,
        _parse(
            "M3 13C9 5 18 0 29 0C44 0 54 9 54 23C54 37 44 46 26 46"
            "C45 46 56 57 56 72C56 89 44 100 28 100C16 100 6 94 1 84"
        ),
    ),
    "4": (60.0, _parse("M44 100L44 0L0 68L60 68")),
    "5": (
        56.0,
        _parse("M52 0L12 0L7 43C13 38 21 35 29 35C45 35 56 48 56 67C56 87 44 100 28 100C16 100 7 95 2 86"),
    ),
    "6": (60.0, _SIX),
    "7": (56.0, _parse("M0 0L56 0C40 30 28 62 22 100")),
    "8": (
        58.0,
        _parse("M29 46A23 23 0 1 1 29 0A23 23 0 1 1 29 46A27 27 0 1 0 29 100A27 27 0 1 0 29 46Z"),
    ),
    "9": (60.0, _turned(_SIX, 60.0)),
    "10": (84.0, _parse("M0 16L16 1L16 100M64 0A20 50 0 1 1 64 100A20 50 0 1 1 64 0Z")),
    "J": (56.0, _parse("M20 0L58 0M46 0L46 70C46 89 36 100 23 100C10 100 2 91 0 78")),
    "Q": (
        62.0,
        _parse("M31 0C48 0 62 20 62 48C62 76 48 96 31 96C14 96 0 76 0 48C0 20 14 0 31 0ZM35 70L61 102"),
    ),
    "K": (58.0, _parse("M2 0L2 100M58 0L2 63M22 40L60 100")),
}


def _rank(rank: str, cx: float, top: float, height: float, stroke: float, colour: str) -> str:
    """A rank glyph centred horizontally on ``cx`` with its stroke centre-line from ``top``."""
    width, segments = _GLYPHS[rank]
    s = height / 100.0
    sx = s * (0.86 if rank == "10" else 1.0)
    xf = _Xf(sx, s, cx - width * sx / 2, top)
    return _path(
        _path_data(segments, xf),
        fill="none",
        stroke=colour,
        stroke_width=stroke,
        stroke_linecap="round",
        stroke_linejoin="round",
    )


# ---------------------------------------------------------------------------
# Card frame, indices and pips


def _open(width: int = WIDTH, height: int = HEIGHT) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}">'
    )


def _frame(st: _Style) -> str:
    half = st.border_width / 2
    return _el(
        "rect",
        x=half,
        y=half,
        width=WIDTH - st.border_width,
        height=HEIGHT - st.border_width,
        rx=_CORNER - half,
        fill=st.face,
        stroke=st.border,
        stroke_width=st.border_width,
    )


SMALL_INDEX_SUIT = 1.65
"""How much larger a small card's index suit is than a full-size card's: where a card is drawn only a few
pixels wide, ♦ and ♥, ♠ and ♣ are told apart by a symbol big enough to show its shape."""

SMALL_CENTRE = 0.7
"""How far a small card's centre art is drawn in (about the card's middle) to leave the larger index suits
clear."""


def _index(rank: str, suit: str, st: _Style, small: bool = False) -> list[str]:
    colour = st.ink[suit]
    cx = 30.0
    top = 19.0 if not st.high_contrast else 20.0
    glyph = _rank(rank, cx, top, st.index_height, st.index_stroke, colour)
    size = st.index_suit * (SMALL_INDEX_SUIT if small else 1.0)
    suit_cy = top + st.index_height + st.index_stroke / 2 + 5 + size / 2
    return [glyph, _suit(suit, cx + (size - st.index_suit) / 2 if small else cx, suit_cy, size, colour)]


_PIP_X = (82.0, 125.0, 168.0)
_PIP_TOP = 66.0
_PIP_BOTTOM = 284.0
_PIP_SIZE = 46.0


def _row(fraction: float) -> float:
    return _PIP_TOP + (_PIP_BOTTOM - _PIP_TOP) * fraction


# (column, row fraction) for each pip; pips below the middle are turned over.
_LAYOUTS: dict[str, tuple[tuple[int, float], ...]] = {
    "2": ((1, 0.0), (1, 1.0)),
    "3": ((1, 0.0), (1, 0.5), (1, 1.0)),
    "4": ((0, 0.0), (2, 0.0), (0, 1.0), (2, 1.0)),
    "5": ((0, 0.0), (2, 0.0), (1, 0.5), (0, 1.0), (2, 1.0)),
    "6": ((0, 0.0), (2, 0.0), (0, 0.5), (2, 0.5), (0, 1.0), (2, 1.0)),
    "7": ((0, 0.0), (2, 0.0), (1, 0.25), (0, 0.5), (2, 0.5), (0, 1.0), (2, 1.0)),
    "8": ((0, 0.0), (2, 0.0), (1, 0.25), (0, 0.5), (2, 0.5), (1, 0.75), (0, 1.0), (2, 1.0)),
    "9": (
        (0, 0.0),
        (2, 0.0),
        (0, 1 / 3),
        (2, 1 / 3),
        (1, 0.5),
        (0, 2 / 3),
        (2, 2 / 3),
        (0, 1.0),
        (2, 1.0),
    ),
    "10": (
        (0, 0.0),
        (2, 0.0),
        (1, 1 / 6),
        (0, 1 / 3),
        (2, 1 / 3),
        (0, 2 / 3),
        (2, 2 / 3),
        (1, 5 / 6),
        (0, 1.0),
        (2, 1.0),
    ),
}


def _pips(rank: str, suit: str, st: _Style) -> list[str]:
    colour = st.ink[suit]
    if rank == "A":
        return _ace(suit, st)
    out = []
    for column, fraction in _LAYOUTS[rank]:
        out.append(_suit(suit, _PIP_X[column], _row(fraction), _PIP_SIZE, colour, flip=fraction > 0.5))
    return out


def _ace(suit: str, st: _Style) -> list[str]:
    colour = st.ink[suit]
    if suit != "S":
        return [_suit(suit, _CX, _CY, 112.0, colour)]
    # The ace of spades carries a little extra ceremony: a ringed medallion.
    ring = st.outline_width * 1.2
    return [
        _circle(_CX, _CY, 84.0, fill="none", stroke=colour, stroke_width=ring),
        _circle(_CX, _CY, 78.0, fill="none", stroke=colour, stroke_width=ring / 2),
        *(
            _suit(suit, _CX + dx, _CY + dy, 14.0, colour, flip=dy > 0)
            for dx, dy in ((0.0, -84.0), (0.0, 84.0))
        ),
        _suit(suit, _CX, _CY, 118.0, colour),
    ]


# ---------------------------------------------------------------------------
# Court cards: a flat geometric bust in the upper half, turned over below


_SKIN = "#F4D3AE"
_HAIR = "#6B4428"
_GOLD = "#E3A92F"
_ROYAL = "#27468F"
_FOREST = "#2E7A3C"
_PANEL = (58.0, 20.0, 192.0, 330.0)
_SLOPE = 0.2


def _diag(x: float) -> float:
    """Height of the slanted line through the card centre that splits a court figure."""
    return _CY + (_CX - x) * _SLOPE


def _court_palette(suit: str, st: _Style) -> tuple[str, str, str]:
    """Main garment colour, second garment colour and panel tint."""
    main = st.ink[suit]
    # Without four colours, clubs and spades share an ink (and so do diamonds and hearts): the
    # sleeves tell them apart at a glance, blue for spades and hearts, green for clubs and diamonds.
    second = _mix(main, "#FFFFFF", 0.5) if st.four_colour else (_ROYAL if suit in "SH" else _FOREST)
    tint = "#FFFFFF" if st.high_contrast else _mix(main, st.face, 0.93)
    return main, second, tint


def _court(rank: str, suit: str, st: _Style) -> list[str]:
    main, second, tint = _court_palette(suit, st)
    x0, y0, x1, y1 = _PANEL
    lw = st.outline_width
    panel = _el(
        "rect",
        x=x0,
        y=y0,
        width=x1 - x0,
        height=y1 - y0,
        rx=6.0,
        fill=tint,
        stroke=main,
        stroke_width=lw * 1.4,
    )
    half = _court_half(rank, suit, st, main, second)
    divider = _path(
        f"M{_num(x0)} {_num(_diag(x0))}L{_num(x1)} {_num(_diag(x1))}",
        stroke=main,
        stroke_width=lw * 1.4,
    )
    return [panel, *half, _ROTATE_HALF, *half, "</g>", divider]


def _court_half(rank: str, suit: str, st: _Style, main: str, second: str) -> list[str]:
    line = st.outline
    lw = st.outline_width
    ol: dict[str, str | float | None] = {"stroke": line, "stroke_width": lw, "stroke_linejoin": "round"}
    out: list[str] = []

    def staff(x: float, top: float, bottom: float, width: float, colour: str) -> None:
        d = f"M{_num(x)} {_num(bottom)}L{_num(x)} {_num(top)}"
        out.append(_path(d, stroke=line, stroke_width=width + 2 * lw, stroke_linecap="round"))
        out.append(_path(d, stroke=colour, stroke_width=width, stroke_linecap="round"))

    # The suit, worn as a badge in the free corner of the panel.
    out.append(_suit(suit, 80.0, 48.0, 32.0, main))

    # Behind the body: long hair, and the staff of the held emblem.
    if rank == "Q":
        out.append(_path("M101 96C98 66 110 58 125 58C140 58 152 66 149 96L156 138L94 138Z", fill=_HAIR, **ol))
    elif rank == "K":
        staff(168.0, 46.0, 150.0, 5.5, _GOLD)
        out.append(_circle(168.0, 40.0, 8.5, fill=_GOLD, **ol))
        out.append(_path("M168 31L168 20M162.5 25L173.5 25", stroke=line, stroke_width=3.2, stroke_linecap="round"))
    else:
        staff(170.0, 40.0, 150.0, 4.5, _HAIR)
        out.append(_path("M170 20L176.5 36L170 45L163.5 36Z", fill=_GOLD, **ol))
        out.append(_path("M170 50C181 48 187 55 187 68C181 63 175 63 170 65Z", fill=second, **ol))

    # Body, cut by the slanted centre line, with sleeves.
    out.append(_path(
        f"M113 114C100 116 82 120 74 132C70 144 73 162 {_num(80)} {_num(_diag(80))}"
        f"L170 {_num(_diag(170))}C176 152 180 144 176 132C168 120 150 116 137 114Z",
        fill=main,
        **ol,
    ))
    out.append(_path(f"M74 132C70 146 73 164 80 {_num(_diag(80))}L94 {_num(_diag(94))}"
                     "C89 164 87 148 89 134Z", fill=second, **ol))
    out.append(_path("M176 132C181 142 180 152 174 160L160 156C164 148 166 140 163 130Z", fill=second, **ol))

    if rank == "K":
        # Jewelled front panel and an ermine cape.
        out.append(_poly([(114, 114), (136, 114), (138, _diag(138)), (112, _diag(112))], fill=_GOLD, **ol))
        for y in (146.0, 162.0):
            out.append(_circle(125.0, y, 4.2, fill=second, **ol))
        out.append(_path("M76 131C90 118 108 114 125 120C142 114 160 118 174 131C158 141 140 139 125 135"
                         "C110 139 92 141 76 131Z", fill="#FFFFFF", **ol))
        for x, y in ((92.0, 130.0), (108.0, 127.0), (142.0, 127.0), (158.0, 130.0)):
            out.append(_path(f"M{_num(x)} {_num(y - 3.5)}L{_num(x + 2.5)} {_num(y + 2.5)}"
                             f"L{_num(x - 2.5)} {_num(y + 2.5)}Z", fill=line))
    elif rank == "Q":
        # Gown with a V neckline, a gold necklace and a brooch.
        out.append(_path("M112 114L125 140L138 114Z", fill=_SKIN, **ol))
        out.append(_path("M112 118C116 128 120 132 125 134C130 132 134 128 138 118", fill="none", stroke=_GOLD,
                         stroke_width=3.0, stroke_linecap="round"))
        out.append(_path("M90 132C104 140 116 152 125 170M160 132C146 140 134 152 125 170", fill="none",
                         stroke=_GOLD, stroke_width=4.5, stroke_linecap="round"))
        out.append(_circle(125.0, 138.0, 4.8, fill=second, **ol))
        out.append(_circle(125.0, 170.0, 4.0, fill=_GOLD, **ol))
    else:
        # A tabard bearing the suit, under a gold collar.
        tab = [(104.0, 122.0), (146.0, 122.0), (147.0, _diag(147)), (103.0, _diag(103))]
        out.append(_poly(tab, fill="#FFFFFF", stroke=_GOLD, stroke_width=3.0, stroke_linejoin="round"))
        out.append(_suit(suit, 125.0, 150.0, 26.0, main))
        out.append(_path("M108 112L142 112L136 126L114 126Z", fill=_GOLD, **ol))

    # Hand holding the emblem.
    out.append(_circle(167.0, 154.0, 7.0, fill=_SKIN, **ol))
    if rank == "Q":
        out.append(_path("M167 150C165 134 166 118 165 104", fill="none", stroke="#3C7A3A", stroke_width=2.8))
        out.append(_path("M166 128C157 124 153 116 155 110C161 114 165 120 166 128Z", fill="#3C7A3A", **ol))
        for dx, dy in ((0.0, -8.0), (7.6, -2.5), (4.7, 6.5), (-4.7, 6.5), (-7.6, -2.5)):
            out.append(_circle(165.0 + dx, 98.0 + dy, 5.6, fill=second, **ol))
        out.append(_circle(165.0, 98.0, 3.6, fill=_GOLD, **ol))

    # Neck and head.
    out.append(_path("M118 100L132 100L133 116L117 116Z", fill=_SKIN, **ol))
    if rank == "J":
        out.append(_path("M104 90C102 70 112 62 125 62C138 62 148 70 146 90L142 100L108 100Z", fill=_HAIR, **ol))
    out.append(_circle(125.0, 86.0, 21.0, fill=_SKIN, **ol))
    out.append(_circle(117.5, 85.0, 2.1, fill=line))
    out.append(_circle(132.5, 85.0, 2.1, fill=line))
    if rank != "K":
        out.append(_path("M120.5 96C123.5 98.5 126.5 98.5 129.5 96", fill="none", stroke=line, stroke_width=lw,
                         stroke_linecap="round"))
        out.append(_path("M105 80C108 69 116 65 125 65C134 65 142 69 145 80C138 74 132 72 125 74"
                         "C118 72 112 74 105 80Z", fill=_HAIR, **ol))

    if rank == "K":
        out.append(_path("M104 88C104 108 114 118 125 120C136 118 146 108 146 88C141 97 133 99 125 97"
                         "C117 99 109 97 104 88Z", fill=_HAIR, **ol))
        out.append(_path("M115 97C119 92 123 92 125 95C127 92 131 92 135 97C131 99 127 98 125 97"
                         "C123 98 119 99 115 97Z", fill=_HAIR, **ol))
        out.append(_path("M104 71L101 41L114 56L125 34L136 56L149 41L146 71Z", fill=_GOLD, **ol))
        out.append(_path("M103.5 62L146.5 62", stroke=line, stroke_width=lw))
        for x, y in ((101.0, 41.0), (125.0, 34.0), (149.0, 41.0)):
            out.append(_circle(x, y, 3.6, fill=_GOLD, **ol))
        out.append(_circle(125.0, 66.5, 3.0, fill=main, **ol))
        out.append(_circle(113.0, 66.5, 2.4, fill=second, **ol))
        out.append(_circle(137.0, 66.5, 2.4, fill=second, **ol))
    elif rank == "Q":
        out.append(_path("M107 70C107 61 109 54 111 49L118 58L125 47L132 58L139 49C141 54 143 61 143 70"
                         "C132 66 118 66 107 70Z", fill=_GOLD, **ol))
        for x, y in ((111.0, 48.0), (125.0, 45.5), (139.0, 48.0)):
            out.append(_circle(x, y, 3.2, fill="#FFFFFF", **ol))
        out.append(_circle(125.0, 62.0, 3.2, fill=second, **ol))
    else:
        out.append(_path("M102 76C99 58 112 50 128 52C143 54 152 62 148 76C134 70 116 70 102 76Z", fill=main, **ol))
        out.append(_path("M103 72.5C116 67.5 134 67.5 147.5 72.5", fill="none", stroke=_GOLD, stroke_width=3.0))
        out.append(_path("M139 60C142 48 148 40 157 34C156 44 152 53 143 63Z", fill=_GOLD, **ol))
    return out


# ---------------------------------------------------------------------------
# Whole cards


def _style(style: str) -> _Style:
    try:
        return _STYLE_TABLE[style]
    except KeyError:
        raise ValueError(f"unknown card style {style!r}; expected one of {', '.join(STYLES)}") from None


def _split_code(code: str) -> tuple[str, str]:
    if code not in CARD_CODES:
        raise ValueError(f"unknown card code {code!r}; expected a rank {RANKS} followed by a suit {SUITS}")
    return code[:-1], code[-1]


def suit_inks(style: str) -> dict[str, str]:
    """The ink of each suit's pips and indices in a style, as ``#RRGGBB`` by suit letter."""
    return dict(_style(style).ink)


def face_colour(style: str) -> str:
    """The colour of a card face in a style, as ``#RRGGBB``."""
    return _style(style).face


def card_svg(code: str, style: str, small: bool = False) -> str:
    """The SVG document of one card face, e.g. ``card_svg("10H", "classic")``; ``small`` gives the face
    drawn for cards a few pixels wide: a larger index suit, the centre art drawn in to leave it clear."""
    rank, suit = _split_code(code)
    st = _style(style)
    index = _index(rank, suit, st, small)
    centre = _court(rank, suit, st) if rank in ("J", "Q", "K") else _pips(rank, suit, st)
    if small:  # drawn in about the card's middle, clear of both indices
        centre = [f'<g transform="translate({_num(_CX * (1 - SMALL_CENTRE))} {_num(_CY * (1 - SMALL_CENTRE))}) '
                  f'scale({_num(SMALL_CENTRE)})">', *centre, "</g>"]
    parts = [_open(), _frame(st), *centre, *index, _ROTATE_HALF, *index, "</g>", "</svg>"]
    return "\n".join(parts) + "\n"


def _lattice(x0: float, y0: float, x1: float, y1: float, step: float, offset: float) -> str:
    """Diagonal lines in both directions clipped to a rectangle, as one path."""
    segments: list[str] = []
    w = x1 - x0
    h = y1 - y0
    k = offset - h
    while k <= w:
        # Line x - y = k (relative to the rectangle), i.e. falling to the right.
        ax, ay = max(k, 0.0), max(k, 0.0) - k
        bx, by = min(w, h + k), min(w, h + k) - k
        if bx - ax > 0.5:
            segments.append(f"M{_num(x0 + ax)} {_num(y0 + ay)}L{_num(x0 + bx)} {_num(y0 + by)}")
            # Mirror image: line x + y = const.
            segments.append(f"M{_num(x1 - ax)} {_num(y0 + ay)}L{_num(x1 - bx)} {_num(y0 + by)}")
        k += step
    return "".join(segments)


def back_svg(style: str) -> str:
    """The SVG document of the card back in the given style."""
    st = _style(style)
    inset = 12.0 + st.border_width / 2
    x0, y0, x1, y1 = inset, inset, WIDTH - inset, HEIGHT - inset
    line_w = 1.4 if not st.high_contrast else 2.2
    parts = [
        _open(),
        _frame(st),
        _el("rect", x=x0, y=y0, width=x1 - x0, height=y1 - y0, rx=8.0, fill=st.back),
        _path(_lattice(x0 + 8, y0 + 8, x1 - 8, y1 - 8, 20.0, 10.0), fill="none", stroke=st.back_line,
              stroke_width=line_w),
        _el("rect", x=x0 + 5, y=y0 + 5, width=x1 - x0 - 10, height=y1 - y0 - 10, rx=5.0, fill="none",
            stroke=st.back_accent, stroke_width=line_w * 1.4),
    ]
    # Central medallion: a ring, an eight-pointed star and a diamond.
    star: list[tuple[float, float]] = []
    rays = [(0.0, -1.0), (0.38, -0.92), (0.71, -0.71), (0.92, -0.38), (1.0, 0.0), (0.92, 0.38), (0.71, 0.71),
            (0.38, 0.92), (0.0, 1.0), (-0.38, 0.92), (-0.71, 0.71), (-0.92, 0.38), (-1.0, 0.0), (-0.92, -0.38),
            (-0.71, -0.71), (-0.38, -0.92)]
    for i, (dx, dy) in enumerate(rays):
        r = 44.0 if i % 2 == 0 else 22.0
        star.append((_CX + dx * r, _CY + dy * r))
    parts += [
        _circle(_CX, _CY, 52.0, fill=st.back, stroke=st.back_accent, stroke_width=line_w * 1.4),
        _circle(_CX, _CY, 46.0, fill="none", stroke=st.back_line, stroke_width=line_w),
        _poly(star, fill=st.back_accent),
        _poly([(_CX, _CY - 14), (_CX + 10, _CY), (_CX, _CY + 14), (_CX - 10, _CY)], fill=st.back),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def icon_svg() -> str:
    """The SVG document of the application icon: a red ten over a fanned card."""
    ten_w, ten_segments = _GLYPHS["10"]
    s = 0.74
    xf = _Xf(s * 0.86, s, 136 - ten_w * s * 0.86 / 2, 60)
    parts = [
        _open(256, 256),
        _el("rect", x=8.0, y=8.0, width=240.0, height=240.0, rx=46.0, fill="#1E6B45"),
        '<g transform="rotate(-16 128 150)">',
        _el("rect", x=46.0, y=40.0, width=124.0, height=176.0, rx=14.0, fill="#8A1C2B", stroke="#FFFDF6",
            stroke_width=7.0),
        _path(_lattice(60, 54, 156, 202, 16.0, 8.0), fill="none", stroke="#D9A0A4", stroke_width=3.0),
        "</g>",
        '<g transform="rotate(9 128 150)">',
        _el("rect", x=72.0, y=36.0, width=128.0, height=182.0, rx=14.0, fill="#FFFDF6", stroke="#1B1B1F",
            stroke_width=3.0),
        _path(_path_data(ten_segments, xf), fill="none", stroke=_CLASSIC_RED, stroke_width=15.0,
              stroke_linecap="round", stroke_linejoin="round"),
        _suit("H", 136.0, 177.0, 50.0, _CLASSIC_RED),
        "</g>",
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


# ---------------------------------------------------------------------------
# Files


def expected_files() -> dict[str, str]:
    """Every asset this module produces: relative path under ``assets/`` -> SVG text."""
    files: dict[str, str] = {}
    for style in STYLES:
        for code in CARD_CODES:
            files[f"cards/{style}/{code}.svg"] = card_svg(code, style)
            files[f"cards/{style}/small/{code}.svg"] = card_svg(code, style, small=True)
        files[f"cards/{style}/back.svg"] = back_svg(style)
    files["icon.svg"] = icon_svg()
    return files


def _encoded() -> dict[str, bytes]:
    return {rel: text.encode("utf-8") for rel, text in expected_files().items()}


def write_all(root: Path) -> list[Path]:
    """Write every asset under ``root`` (the ``assets`` folder) and return the paths written."""
    return generated.write_all(root, _encoded())


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point: write the assets, or with ``--check`` compare them; returns the exit status."""
    return generated.main(argv, "cardart.py", "card artwork", _encoded, "cards", "*.svg")


if __name__ == "__main__":
    sys.exit(main())
