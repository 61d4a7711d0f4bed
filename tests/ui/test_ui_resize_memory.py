"""Resizing the window again and again keeps card pictures, memory and open files bounded."""

from __future__ import annotations

import os
import random

import pygame
import pytest

from chinese_ten.ui.kit.cardimages import EFFECT_LIMIT, FACE_LIMIT


def rss_mb() -> float:
    """This process's resident memory in MB (Linux)."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS in /proc/self/status")


def open_files() -> int:
    """How many file descriptors this process holds open."""
    return len(os.listdir("/proc/self/fd"))


def _resize(app, size: tuple[int, int], frames: int = 3) -> None:  # type: ignore[no-untyped-def]
    """The window resized to ``size``, then ``frames`` frames at that size (each frame draws the whole window)."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.frame(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
    for _ in range(frames):
        app.frame(1 / 60, [])


NEW_SIZES = 60
"""The window sizes whose memory is measured after the first pass: pictures kept for each would grow it by
about 90 MB."""

PICTURE_SIZES = 20
"""The window sizes the picture cache is watched over: over three times the sizes its limit holds a full pack of."""


def _sizes(rng: random.Random, n: int) -> list[tuple[int, int]]:
    return [(rng.randrange(960, 1921), rng.randrange(600, 1081)) for _ in range(n)]


def test_card_pictures_kept_are_those_of_the_current_and_previous_window(make_table, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=4, seed=3, person=False)
    cards = app.kit.cards
    asked: list[set[tuple[int, int]]] = []
    original = type(cards)._get

    def spy(self, code, size, turned=False):  # type: ignore[no-untyped-def]
        asked[-1].add(size)
        return original(self, code, size, turned)

    monkeypatch.setattr(type(cards), "_get", spy)
    for size in _sizes(random.Random(5), PICTURE_SIZES):
        asked.append(set())
        _resize(app, size)
        assert len(cards) <= FACE_LIMIT + EFFECT_LIMIT
    held = {key[1] for key in [*cards._cache._now, *cards._cache._before]}  # noqa: SLF001 - what is held
    assert held, "the pictures in use are kept"
    assert held <= asked[-1] | asked[-2], "no picture made only for an older window size is kept"


@pytest.mark.slow
def test_memory_and_open_files_stay_flat_over_hundreds_of_window_sizes(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=4, seed=3, person=False)
    rng = random.Random(11)
    # A first pass over the whole range of sizes meets every font size and fills the text cache,
    # which are bounded by the range of sizes, not by the number of resizes (the resize's own frame draws
    # every text at its size).
    for size in _sizes(rng, 100):
        _resize(app, size, frames=0)
    before_mb, before_files = rss_mb(), open_files()
    for size in _sizes(rng, NEW_SIZES):
        _resize(app, size, frames=2)
        assert len(app.kit.cards) <= FACE_LIMIT + EFFECT_LIMIT
    grew_mb, grew_files = rss_mb() - before_mb, open_files() - before_files
    # Kept pictures for every size would take about 1.5 MB a size here (90 MB in all, over twice the bound).
    assert grew_mb < 40, f"memory grew {grew_mb:.1f} MB over {NEW_SIZES} new window sizes"
    assert grew_files <= 5, f"{grew_files} more files open after {NEW_SIZES} new window sizes"
