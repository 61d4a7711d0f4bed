"""The table's rectangles never overlap each other or leave the window."""

from __future__ import annotations

import itertools

import pytest
from pygame import Rect

from chinese_ten.ui.table.geometry import back_rects, hand_rects, lifted, open_rects, slot_capacity, table_geometry

SIZES = [(960, 600), (1280, 800), (1920, 1080)]
LARGEST_LAYOUT = 26
"""More layout cards than a classic deal can hold at once (16 paired ranks, a five, four courts and tens)."""


def _union(rects: list[Rect]) -> Rect:
    out = rects[0].copy()
    for r in rects[1:]:
        out.union_ip(r)
    return out


def _groups(size: tuple[int, int], seats: int, slots: int, open_hands: bool = False,
            panel_width: int | None = None) -> dict[str, list[Rect]]:
    geom = table_geometry(size, seats, slots, open_hands, panel_width)
    others = open_rects if open_hands else back_rects
    hand = 24 // seats
    person = hand_rects(geom, hand)
    groups: dict[str, list[Rect]] = {
        "panel": [geom.panel],
        "hand 0": [_union(person + [lifted(r, geom) for r in person])],
        "hint": [geom.hint],
        "notice": [geom.notice],
        "stock": [geom.stock],
        "stage": [geom.stage],
    }
    for place in geom.seats:
        groups[f"pile {place.seat}"] = [place.pile]
        if place.seat:
            groups[f"hand {place.seat}"] = [_union(others(geom, place.seat, hand))]
            groups[f"plate {place.seat}"] = [place.plate]
    for i, r in enumerate(geom.slots[:slots]):
        groups[f"slot {i}"] = [r]
    return groups


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("slots", [20, LARGEST_LAYOUT])
def test_nothing_overlaps_or_leaves_the_window(size: tuple[int, int], seats: int, slots: int) -> None:
    window = Rect((0, 0), size)
    groups = _groups(size, seats, slots)
    for name, rects in groups.items():
        for r in rects:
            assert window.contains(r), f"{name} {r} leaves the {size} window"
    for (a, ra), (b, rb) in itertools.combinations(groups.items(), 2):
        for x in ra:
            for y in rb:
                assert not x.colliderect(y), f"{a} {x} overlaps {b} {y} at {size}, {seats} seats"


@pytest.mark.parametrize("size", [(960, 525), (1280, 700), (1920, 945)])
@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("panel_width", [None, 300, 520])
def test_open_hands_fit_their_seats_and_show_every_corner(size: tuple[int, int], seats: int,
                                                         panel_width: int | None) -> None:
    window = Rect((0, 0), size)
    groups = _groups(size, seats, LARGEST_LAYOUT, open_hands=True, panel_width=panel_width)
    for name, rects in groups.items():
        assert all(window.contains(r) for r in rects), f"{name} leaves the {size} window"
    for (a, ra), (b, rb) in itertools.combinations(groups.items(), 2):
        assert not any(x.colliderect(y) for x in ra for y in rb), f"{a} overlaps {b} at {size}, {seats} seats"
    geom = table_geometry(size, seats, 20, open_hands=True, panel_width=panel_width)
    closed = table_geometry(size, seats, 20, panel_width=panel_width)
    assert geom.back_card[1] > closed.back_card[1], "a face needs a bigger card than a back"
    for place in geom.seats[1:]:
        rects = open_rects(geom, place.seat, 24 // seats)
        assert all(r.height > r.width for r in rects), "open cards stand upright, to be read"
        shown = rects[1].left - rects[0].left if place.side == "top" else rects[1].top - rects[0].top
        corner = rects[0].width if place.side == "top" else rects[0].height
        assert shown >= corner * 0.3, f"each card of seat {place.seat}'s hand shows its index corner"


@pytest.mark.parametrize("size", SIZES)
def test_a_full_hand_is_readable(size: tuple[int, int]) -> None:
    geom = table_geometry(size, 2)
    rects = hand_rects(geom, 12)
    visible = rects[1].left - rects[0].left
    assert visible >= geom.hand_card[0] * 0.45, "each card shows at least its index corner"
    assert geom.hand_card[1] >= 90
    assert geom.small_card[1] >= 60


def test_the_grid_grows_with_the_layout() -> None:
    assert slot_capacity(16) >= 16
    assert slot_capacity(21) >= 21
    assert slot_capacity(LARGEST_LAYOUT) >= LARGEST_LAYOUT
    geom = table_geometry((960, 600), 4, LARGEST_LAYOUT)
    assert len(geom.slots) >= LARGEST_LAYOUT


def test_initial_four_sit_at_the_corners_of_the_stock() -> None:
    geom = table_geometry((1280, 800), 3)
    s = geom.stock
    for r in geom.slots[:4]:
        assert r.centerx != s.centerx and r.centery != s.centery
        assert abs(r.centerx - s.centerx) < s.width * 2 and abs(r.centery - s.centery) < s.height * 2
