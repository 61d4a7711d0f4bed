"""Where small tags (the review's option tags) go on the table: each at the place it wants or the nearest
free one, never over another tag, and over what must stay in sight only when nothing else is free."""

from __future__ import annotations

from functools import lru_cache

from pygame import Rect

Box = tuple[int, int, int, int]
"""A rectangle as (left, top, width, height): hashable, so a layout is worked out once for a picture."""

ROWS = 6
"""How many rows up or down from its wanted place a tag looks for room before looking further."""

SIDEWAYS = 16
"""How many quarter widths left or right of its wanted place a tag looks for room before looking further."""


@lru_cache(maxsize=32)
def place_tags(wanted: tuple[Box, ...], keep_clear: tuple[Box, ...], bounds: Box) -> tuple[Box, ...]:
    """Where each tag goes, in order (earlier tags have first claim): the place it wants, or the nearest
    place inside ``bounds`` that no tag placed before covers and that leaves ``keep_clear`` in sight;
    failing that, the nearest free of other tags alone. A tag overlaps another only when ``bounds`` has no
    room left for it at all (then it stays where it wants to be)."""
    area = Rect(bounds)
    placed: list[Rect] = []
    clear = [Rect(r) for r in keep_clear if r[2] > 0 and r[3] > 0]
    for box in wanted:
        want = Rect(box)
        spot = (_near(want, placed, clear, area) or _near(want, placed, [], area)
                or _anywhere(want, placed, clear, area) or _anywhere(want, placed, [], area) or want)
        placed.append(spot)
    return tuple((r.x, r.y, r.width, r.height) for r in placed)


def _free(spot: Rect, placed: list[Rect], clear: list[Rect], area: Rect) -> bool:
    return (area.contains(spot) and spot.collidelist(placed) < 0 and spot.collidelist(clear) < 0)


def _near(want: Rect, placed: list[Rect], clear: list[Rect], area: Rect) -> Rect | None:
    """The free place nearest ``want`` a few rows up or down and a little to either side (a row costing
    about two quarter widths; of two as near, up before down and right before left)."""
    row = want.height + 2
    step = max(1, want.width // 4)
    moves = sorted(((dy, dx) for dy in range(-ROWS, ROWS + 1) for dx in range(-SIDEWAYS, SIDEWAYS + 1)),
                   key=lambda m: (abs(m[0]) + 0.6 * abs(m[1]), m[0] > 0, abs(m[1]), m[1] < 0))
    for dy, dx in moves:
        spot = want.move(dx * step, dy * row)
        if _free(spot, placed, clear, area):
            return spot
    return None


def _anywhere(want: Rect, placed: list[Rect], clear: list[Rect], area: Rect) -> Rect | None:
    """The free place inside ``area`` nearest ``want``, looked for over the whole area."""
    best: Rect | None = None
    far = 0
    step_x = max(1, want.width // 2)
    step_y = want.height + 2
    for top in range(area.top, area.bottom - want.height + 1, step_y):
        for left in range(area.left, area.right - want.width + 1, step_x):
            spot = Rect(left, top, want.width, want.height)
            distance = abs(spot.centerx - want.centerx) + abs(spot.centery - want.centery)
            if (best is None or distance < far) and _free(spot, placed, clear, area):
                best, far = spot, distance
    return best
