"""Where everything sits on the table, as pure rectangle arithmetic.

:func:`table_geometry` turns a window size and a seat count into a
:class:`TableGeometry`; the other functions place the cards of a hand. Nothing
here draws, so the whole arrangement can be checked without a screen.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

from chinese_ten.ui.kit.theme import text_px

CARD_RATIO = 0.714
"""Width of a card divided by its height."""

MIN_SIZE = (960, 600)
"""The smallest window the table is laid out for."""

SIDES: dict[int, tuple[str, ...]] = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
    5: ("bottom", "west", "north-west", "north-east", "east"),
    6: ("bottom", "west", "north-west", "north", "north-east", "east"),
    7: ("bottom", "south-west", "west", "north-west", "north-east", "east", "south-east"),
    8: ("bottom", "south-west", "west", "north-west", "north", "north-east", "east", "south-east"),
}
"""The side of the table each seat sits on, by seat count, clockwise from the seat at the bottom: the four
sides for 2 to 4 seats, a ring of compass points round the table for 5 to 8."""

RING_COLUMNS: dict[str, str] = {"south-west": "left", "west": "left", "north-west": "top", "north": "top",
                                "north-east": "top", "east": "right", "south-east": "right"}
"""Where each compass point of a ring of 5 to 8 seats sits: in the left column, the top row or the right column."""


def turned_hand(side: str) -> bool:
    """True when a seat on ``side`` lies its face-down cards turned a quarter (the left and right sides of a
    table of 2 to 4 seats); every other seat fans them upright from left to right."""
    return side in ("left", "right")


def side_of(seat: int, seats: int, bottom: int = 0) -> str:
    """The side of the table ``seat`` sits on when seat ``bottom`` is drawn at the bottom."""
    return SIDES[seats][(seat - bottom) % seats]

_GRIDS: tuple[tuple[int, int], ...] = ((6, 3), (8, 3), (6, 4), (10, 3), (8, 4), (10, 5), (12, 5))
"""The layout's grids round the stock and the stage, fewest slots first: columns and rows (an even count of
columns, so that the stock and the stage beside it sit in the middle; the 6 by 3 holds a Go Fishing layout of up
to 16 cards, a Chinese Ten layout starts in 22 slots). Of the grids that hold the layout, the table takes the
one whose cards come out tallest in its middle (a narrow middle, as at a ring of seats, takes four rows)."""


@dataclass(frozen=True)
class SeatPlace:
    """One seat's part of the table: name plate, hand area and pile."""

    seat: int
    side: str
    zone: Rect
    plate: Rect
    hand: Rect
    pile: Rect


@dataclass(frozen=True)
class TableGeometry:
    """Every fixed rectangle of the table at one window size and seat count."""

    size: tuple[int, int]
    unit: float
    margin: int
    panel: Rect
    table: Rect
    centre: Rect
    hand_card: tuple[int, int]
    small_card: tuple[int, int]
    back_card: tuple[int, int]
    seats: tuple[SeatPlace, ...]
    stock: Rect
    stage: Rect
    slots: tuple[Rect, ...]
    hint: Rect
    notice: Rect
    """The row between the layout and the bottom seat where the table's notes stand (a capture choice's prompt,
    a refusal, the connection's banner), so that none covers the advice strip or the layout."""
    bottom: int = 0
    """The seat laid out at the bottom, whose hand is the big one."""

    def font(self, points: float) -> int:
        """A font size in pixels, scaled to the window (``points`` at 1280×800)."""
        return text_px(points, self.unit)


def grid_for(slots_needed: int) -> tuple[int, int]:
    """Columns and rows of the layout grid that hold ``slots_needed`` cards around the stock."""
    for cols, rows in _GRIDS:
        if cols * rows - 2 >= slots_needed:
            return cols, rows
    return _GRIDS[-1]


def slot_capacity(slots_needed: int) -> int:
    """How many layout slots the grid chosen for ``slots_needed`` has."""
    cols, rows = grid_for(slots_needed)
    return cols * rows - 2


def notice_height(unit: float) -> int:
    """The height of the notice row: one line of a note's type, as tall as Chinese type sets it, in its pill."""
    return round(text_px(24, unit) * 1.5) + 10


def _notice(left: int, right: int, above: int, unit: float) -> Rect:
    """The notice row between ``left`` and ``right``, its foot on ``above``."""
    h = notice_height(unit)
    return Rect(left, above - h, right - left, h)


def _card(height: float) -> tuple[int, int]:
    h = max(20, int(height))
    return (round(h * CARD_RATIO), h)


OPEN_HAND_SCALE = 0.66
"""The height of the other seats' cards when their hands lie face up, as a share of the bottom hand's
(face down they are 0.55: a face needs room for its corner to be read)."""


def table_geometry(size: tuple[int, int], seats: int, slots_needed: int = 20,
                   open_hands: bool = False, panel_width: int | None = None, bottom: int = 0) -> TableGeometry:
    """The table laid out for a window of ``size`` and ``seats`` seats, seat ``bottom`` at the bottom and
    the others clockwise from it; ``open_hands`` makes room for the other seats' hands face up
    (:func:`open_rects`), ``panel_width`` sets the side panel's width."""
    w = max(int(size[0]), 640)
    h = max(int(size[1]), 400)
    unit = min(w / 1280, h / 800)
    m = max(6, round(12 * unit))
    panel_w = min(max(int(w * 0.23), 230), 420) if panel_width is None else max(0, min(panel_width, w - 320))
    panel = Rect(w - panel_w, 0, panel_w, h)
    table = Rect(0, 0, w - panel_w, h)
    sides = tuple(side_of(seat, seats, bottom) for seat in range(seats))

    hand_card = _card(min(h * 0.165, table.width / 7.2))
    hc_w, hc_h = hand_card
    back_card = _card(hc_h * (OPEN_HAND_SCALE if open_hands else 0.55))
    bk_w, bk_h = back_card
    plate_h = max(18, round(26 * unit))
    lift = round(hc_h * 0.12)
    arc = round(hc_h * 0.05)
    bottom_h = plate_h + lift + hc_h + arc + m
    top_h = max(bk_h, plate_h * 2) + 2 * m
    side_w = max(bk_h, round(92 * unit)) + 2 * m

    if seats > 4:
        return _ring_geometry(size, seats, slots_needed, bottom, w, h, unit, m, panel, table, sides, hand_card,
                              back_card, plate_h, bottom_h)
    places: list[SeatPlace] = []
    bottom_seat = bottom
    bottom_zone = Rect(table.left, table.bottom - bottom_h, table.width, bottom_h)
    hint = Rect(bottom_zone.left + m, bottom_zone.top, bottom_zone.width - 2 * m, plate_h)
    pile0 = Rect(bottom_zone.left + m, bottom_zone.top + plate_h + lift + (hc_h - bk_h) // 2, bk_w, bk_h)
    hand0 = Rect(pile0.right + 2 * m, bottom_zone.top + plate_h, bottom_zone.right - m - pile0.right - 2 * m,
                 lift + hc_h + arc)
    places.append(SeatPlace(bottom_seat, "bottom", bottom_zone, Rect(pile0.left, bottom_zone.top, hand0.right - pile0.left,
                                                                plate_h), hand0, pile0))

    has_top = "top" in sides
    upper = table.top + (top_h if has_top else m)
    lower = bottom_zone.top
    for seat, side in enumerate(sides):
        if side == "top":
            zone = Rect(table.left + m, table.top, table.width - 2 * m, top_h)
            plate_w = max(round(150 * unit), bk_w * 3)
            fan_w = round(bk_w * (1 + 11 * 0.42))
            total = plate_w + fan_w + bk_w + 4 * m
            x0 = table.centerx - total // 2
            plate = Rect(x0, zone.top + m, plate_w, zone.height - 2 * m)
            hand = Rect(plate.right + 2 * m, zone.top + m, fan_w, bk_h)
            pile = Rect(hand.right + 2 * m, zone.top + m - 2, bk_w, bk_h)
            places.append(SeatPlace(seat, side, zone, plate, hand, pile))
        elif side in ("left", "right"):
            x = table.left + m if side == "left" else table.right - m - side_w
            zone = Rect(x, upper, side_w, lower - upper - m)
            plate = Rect(zone.left, zone.top, zone.width, plate_h * 2)
            pile = Rect(zone.centerx - bk_w // 2, zone.bottom - bk_h - plate_h, bk_w, bk_h)
            hand = Rect(zone.left, plate.bottom + m, zone.width, pile.top - plate.bottom - 2 * m)
            places.append(SeatPlace(seat, side, zone, plate, hand, pile))
    places.sort(key=lambda p: p.seat)

    left_edge = table.left + (side_w + m if "left" in sides else 0) + m
    right_edge = table.right - (side_w + m if "right" in sides else 0) - m
    notice = _notice(left_edge, right_edge, lower, unit)
    centre = Rect(left_edge, upper + m, right_edge - left_edge, notice.top - upper - m)

    small, stock, stage, slots = _layout_grid(centre, slots_needed, unit, hc_h)
    return TableGeometry(
        size=(w, h), unit=unit, margin=m, panel=panel, table=table, centre=centre,
        hand_card=hand_card, small_card=small, back_card=back_card, seats=tuple(places),
        bottom=bottom_seat, stock=stock, stage=stage, slots=slots, hint=hint, notice=notice,
    )


def _layout_grid(centre: Rect, slots_needed: int, unit: float, hc_h: int) -> tuple[tuple[int, int], Rect, Rect, tuple[Rect, ...]]:
    """The layout's card size, the stock, the stage beside it and the layout's slots, in a grid centred in ``centre``: the
    stock in the middle cell and the stage (where a turned card waits) in the cell on its right, each in a cell of its
    own; the slots are the four corners round the stock first, then the nearest cells."""
    gap = max(4, round(8 * unit))

    def card_height(grid: tuple[int, int]) -> float:
        return min(centre.height / grid[1] - gap, (centre.width / grid[0] - gap) / CARD_RATIO, hc_h * 0.92)

    fits = [g for g in _GRIDS if g[0] * g[1] - 2 >= slots_needed] or [_GRIDS[-1]]
    cols, rows = max(fits, key=lambda g: (_card(card_height(g))[1], -fits.index(g)))
    cell_w = centre.width / cols
    cell_h = centre.height / rows
    small = _card(card_height((cols, rows)))
    sc_w, sc_h = small
    pitch_x = min(cell_w, sc_w * 1.25)
    pitch_y = min(cell_h, sc_h * 1.12)
    grid_w = pitch_x * cols
    grid_h = pitch_y * rows
    gx = centre.centerx - grid_w / 2
    gy = centre.centery - grid_h / 2

    def cell(c: int, r: int) -> Rect:
        x = gx + c * pitch_x + (pitch_x - sc_w) / 2
        y = gy + r * pitch_y + (pitch_y - sc_h) / 2
        return Rect(round(x), round(y), sc_w, sc_h)

    sc, sr = (cols - 1) // 2, (rows - 1) // 2  # the stock left of the middle, the stage right of it
    stock = cell(sc, sr)
    stage = cell(sc + 1, sr)
    corners = [(sc - 1, sr - 1), (sc + 1, sr - 1), (sc - 1, sr + 1), (sc + 1, sr + 1)]
    own = ((sc, sr), (sc + 1, sr))
    rest = [(c, r) for r in range(rows) for c in range(cols) if (c, r) not in own and (c, r) not in corners]
    rest.sort(key=lambda cr: (abs(cr[0] - sc) + abs(cr[1] - sr) * 1.5, abs(cr[1] - sr), cr[0] > sc, cr[1]))
    slots = tuple(cell(c, r) for c, r in corners + rest)
    return small, stock, stage, slots


RING_FAN = 5
"""The face-down cards a seat of the ring has room for side by side (a Go Fishing hand)."""


def _ring_geometry(size: tuple[int, int], seats: int, slots_needed: int, bottom: int, w: int, h: int, unit: float,
                   m: int, panel: Rect, table: Rect, sides: tuple[str, ...], hand_card: tuple[int, int],
                   back_card: tuple[int, int], plate_h: int, bottom_h: int) -> TableGeometry:
    """A table of 5 to 8 seats: the bottom seat as at any table, the others in compact boxes round it (a
    column at the left, a row along the top, a column at the right), each a name plate over a fan of backs
    with the pile beside it."""
    hc_w, hc_h = hand_card
    bk_w, bk_h = back_card
    lift = round(hc_h * 0.12)
    bottom_zone = Rect(table.left, table.bottom - bottom_h, table.width, bottom_h)
    hint = Rect(bottom_zone.left + m, bottom_zone.top, bottom_zone.width - 2 * m, plate_h)
    pile0 = Rect(bottom_zone.left + m, bottom_zone.top + plate_h + lift + (hc_h - bk_h) // 2, bk_w, bk_h)
    hand0 = Rect(pile0.right + 2 * m, bottom_zone.top + plate_h, bottom_zone.right - m - pile0.right - 2 * m,
                 lift + hc_h + round(hc_h * 0.05))
    places = [SeatPlace(bottom, "bottom", bottom_zone, Rect(pile0.left, bottom_zone.top, hand0.right - pile0.left,
                                                           plate_h), hand0, pile0)]
    fan_w = round(bk_w * (1 + (RING_FAN - 1) * 0.42))
    layers = 6  # the pile's layers rise up and to the right
    plate_box = round(2.4 * plate_h)  # two lines of the plate, with room for Chinese type
    box_w = fan_w + m + bk_w + layers + m
    box_h = plate_box + m + bk_h + layers
    columns = {col: [s for s in range(seats) if RING_COLUMNS.get(sides[s]) == col] for col in ("left", "top", "right")}
    upper = table.top + box_h + 2 * m
    lower = bottom_zone.top - m

    def boxed(seat: int, x: int, y: int) -> SeatPlace:
        zone = Rect(x, y, box_w, box_h)
        plate = Rect(x + m // 2, y + m // 2, fan_w - m // 2, plate_box - m // 2)
        hand = Rect(x + m // 2, plate.bottom + m // 2, fan_w, bk_h)
        pile = Rect(hand.right + m, hand.top, bk_w, bk_h)
        return SeatPlace(seat, sides[seat], zone, plate, hand, pile)

    top = columns["top"]
    span = table.width - 2 * m
    gap = (span - len(top) * box_w) / (len(top) + 1)
    for k, seat in enumerate(top):
        places.append(boxed(seat, round(table.left + m + gap + k * (box_w + gap)), table.top + m))
    for col in ("left", "right"):
        stack = columns[col] if col == "right" else columns[col][::-1]  # clockwise: up the left, down the right
        room = lower - upper
        vgap = (room - len(stack) * box_h) / (len(stack) + 1)
        x = table.left + m if col == "left" else table.right - m - box_w
        for k, seat in enumerate(stack):
            places.append(boxed(seat, x, round(upper + vgap + k * (box_h + vgap))))
    places.sort(key=lambda p: p.seat)
    left_edge = table.left + m + box_w + m
    right_edge = table.right - m - box_w - m
    notice = _notice(left_edge, right_edge, bottom_zone.top, unit)
    centre = Rect(left_edge, upper, right_edge - left_edge, min(lower, notice.top) - upper)
    small, stock, stage, slots = _layout_grid(centre, slots_needed, unit, hc_h)
    return TableGeometry(
        size=(w, h), unit=unit, margin=m, panel=panel, table=table, centre=centre,
        hand_card=hand_card, small_card=small, back_card=back_card, seats=tuple(places), bottom=bottom,
        stock=stock, stage=stage, slots=slots, hint=hint, notice=notice,
    )


def hand_rects(geom: TableGeometry, count: int) -> list[Rect]:
    """The person's hand cards, left to right, fanned in a shallow arc (none lifted)."""
    area = geom.seats[geom.bottom].hand
    cw, ch = geom.hand_card
    if count <= 0:
        return []
    step = cw * 1.06 if count == 1 else min(cw * 1.06, (area.width - cw) / (count - 1))
    total = cw + step * (count - 1)
    x0 = area.centerx - total / 2
    lift = round(ch * 0.12)
    arc = area.height - ch - lift
    mid = (count - 1) / 2
    rects = []
    for i in range(count):
        bend = ((i - mid) / mid) ** 2 if mid else 0.0
        rects.append(Rect(round(x0 + i * step), area.top + lift + round(arc * bend), cw, ch))
    return rects


def lifted(rect: Rect, geom: TableGeometry) -> Rect:
    """A hand card raised for hover or keyboard focus."""
    return rect.move(0, -round(geom.hand_card[1] * 0.12))


def back_rects(geom: TableGeometry, seat: int, count: int) -> list[Rect]:
    """A computer's face-down hand cards; side seats' cards lie turned a quarter."""
    place = geom.seats[seat]
    bw, bh = geom.back_card
    area = place.hand
    if count <= 0:
        return []
    if not turned_hand(place.side):
        step = min(bw * 0.42, (area.width - bw) / max(1, count - 1))
        total = bw + step * (count - 1)
        x0 = area.centerx - total / 2
        return [Rect(round(x0 + i * step), area.top, bw, bh) for i in range(count)]
    step = min(bw * 0.42, (area.height - bw) / max(1, count - 1))
    total = bw + step * (count - 1)
    y0 = area.centery - total / 2
    return [Rect(area.centerx - bh // 2, round(y0 + i * step), bh, bw) for i in range(count)]


def open_rects(geom: TableGeometry, seat: int, count: int) -> list[Rect]:
    """A hand lying face up at a seat other than the bottom: upright cards overlapping so that each card's
    corner shows, fanned left to right at the top and top to bottom at the sides."""
    place = geom.seats[seat]
    if not turned_hand(place.side):
        return back_rects(geom, seat, count)
    bw, bh = geom.back_card
    area = place.hand
    if count <= 0:
        return []
    step = min(bh * 0.34, (area.height - bh) / max(1, count - 1))
    total = bh + step * (count - 1)
    y0 = area.centery - total / 2
    return [Rect(area.centerx - bw // 2, round(y0 + i * step), bw, bh) for i in range(count)]
