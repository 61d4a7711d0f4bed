"""A table of 2 to 8 seats (Go Fishing's): every seat's plate, hand and pile, the layout and the stock
lie clear of each other and inside the window, at the smallest window and a large one."""

from __future__ import annotations

import itertools

import pytest
from pygame import Rect

from chinese_ten.ui.table.geometry import SIDES, back_rects, hand_rects, lifted, side_of, table_geometry

SIZES = [(960, 600), (1920, 1080)]
HAND = 5
"""A Go Fishing hand."""


def _groups(size: tuple[int, int], seats: int, slots: int, bottom: int) -> dict[str, Rect]:
    geom = table_geometry(size, seats, slots, bottom=bottom)
    person = hand_rects(geom, HAND)
    groups = {"panel": geom.panel, "hint": geom.hint, "stock": geom.stock}
    whole = person[0].unionall(person[1:] + [lifted(r, geom) for r in person])
    groups[f"hand {bottom}"] = whole
    for place in geom.seats:
        grown = place.pile.union(place.pile.move(6, -6)) if seats > 4 else place.pile  # a ring's, with its layers
        groups[f"pile {place.seat}"] = grown
        if place.seat != bottom:
            backs = back_rects(geom, place.seat, HAND)
            groups[f"hand {place.seat}"] = backs[0].unionall(backs[1:])
            groups[f"plate {place.seat}"] = place.plate.inflate(8, 6)
    for i, r in enumerate(geom.slots[:slots]):
        groups[f"slot {i}"] = r
    return groups


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", range(2, 9))
@pytest.mark.parametrize("slots", [5, 12, 20])
def test_no_part_of_the_table_overlaps_another_or_leaves_the_window(size: tuple[int, int], seats: int,
                                                                   slots: int) -> None:
    window = Rect((0, 0), size)
    for bottom in {0, seats - 1}:
        groups = _groups(size, seats, slots, bottom)
        for name, r in groups.items():
            assert window.contains(r), f"{name} {r} leaves the {size} window at {seats} seats"
        for (a, ra), (b, rb) in itertools.combinations(groups.items(), 2):
            if {a, b} == {f"hand {bottom}", "hint"}:
                continue  # a raised card of the bottom hand reaches into the advice strip, as at every table
            if a.startswith("pile") and b.startswith("plate") and a[5:] == b[6:]:
                continue  # a seat's own pile count may touch its plate's corner
            assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb} at {size}, {seats} seats"


@pytest.mark.parametrize("seats", range(5, 9))
def test_a_ring_seat_is_big_enough_to_read_at_the_smallest_window(seats: int) -> None:
    geom = table_geometry((960, 600), seats, 20)
    assert geom.small_card[1] >= 60, "the layout's cards stay readable"
    for place in geom.seats[1:]:
        assert place.plate.width >= 90 and place.plate.height >= 30
        backs = back_rects(geom, place.seat, HAND)
        assert all(r.height > r.width for r in backs), "a ring seat's backs stand upright"


def test_every_seat_of_a_ring_has_a_side_of_its_own_and_turns_with_the_bottom_seat() -> None:
    for seats in range(2, 9):
        assert len(set(SIDES[seats])) == seats
        for bottom in range(seats):
            assert side_of(bottom, seats, bottom) == "bottom"
            assert [side_of((bottom + k) % seats, seats, bottom) for k in range(seats)] == list(SIDES[seats])


FOUR_SIDED_DIGEST = "edcb2318764466ba5adcab4989506c8fd46ff7086ecb20b7b02df2f5eb4e6e8b"
"""The SHA-256 of every rectangle of the 2 to 4 seat tables below, as laid out since the notes' row and the
turned card's own cell were added (the ring's seats changed none of them)."""


def test_a_table_of_two_to_four_seats_keeps_every_rectangle_it_had_before_the_ring() -> None:
    import hashlib

    lines = []
    for size in [(960, 600), (1280, 800), (1920, 1080), (1000, 700)]:
        for seats in (2, 3, 4):
            for slots in (20, 26):
                for open_hands in (False, True):
                    for bottom in range(seats):
                        lines.append(repr(table_geometry(size, seats, slots, open_hands, None, bottom)))
    assert hashlib.sha256(("\n".join(lines) + "\n").encode()).hexdigest() == FOUR_SIDED_DIGEST
