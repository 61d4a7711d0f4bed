"""Match after match in one window: nothing of a finished match stays behind and memory stays flat."""

from __future__ import annotations

import dataclasses
import gc
import tracemalloc
import weakref

import pygame
import pytest

from chinese_ten.settings import Settings
from chinese_ten.ui.app import App, DemoOptions
from chinese_ten.ui.table.controller import TableController
from chinese_ten.ui.table.live import TableScene
from chinese_ten.ui.kit.text import TextPainter
from chinese_ten.engine.thinking import ComputerThinker

MATCHES = 3
"""Matches measured, after three that fill the caches (both points are traced alike: the last of the three is
the first traced, so the live match at the base is a traced one as at the end). A leak of the budget below a
match shows as 15 KB over three matches, where a flat run here varies by about 2 KB: three are enough to see it."""

FRAME = 0.05
"""Seconds a frame moves the demo on: each of its movements (0.05 s at the demo's pace) still takes a frame of
its own, every scene is drawn, and a match takes about 160 frames instead of 390 at 1/60."""

BYTES_PER_MATCH = 5_000
"""Python memory a match may add at most (the live match's own objects vary a little)."""


TABLES = (TableScene, TableController)
"""The objects of a match at the table that must not outlive it."""


def _held_by(alive: list[object]) -> list[str]:
    """What holds each object (for the failure's message)."""
    return [f"{type(o).__name__} held by {sorted({type(r).__name__ for r in gc.get_referrers(o)})}" for o in alive]


def _play(app: App, seed: int) -> None:
    assert app.demo is not None
    app.demo = dataclasses.replace(app.demo, seed=seed)
    app.running = True
    app.start_match()
    for _ in range(20_000):
        app.frame(FRAME, [])
        if not app.running:
            return
    raise AssertionError("the demo match never ended")


@pytest.mark.slow
def test_matches_leave_nothing_behind_and_python_memory_stays_flat(window: pygame.Surface) -> None:
    # Tables of earlier tests in this process (one that a thread of theirs still holds, say) are not this
    # test's: only the tables made here are counted.
    gc.collect()
    before: weakref.WeakSet[object] = weakref.WeakSet(o for o in gc.get_objects() if isinstance(o, TABLES))
    app = App(window, Settings(), None, DemoOptions(seats=2, deals=1), ComputerThinker(force_inline=True))
    # The text caches have their own bounds (tested with them); small ones keep them out of this measure.
    app.kit.text = TextPainter(app.kit.fonts, app.kit.theme, limit=50, widths=50)
    for seed in range(2):  # untraced: tracing makes Python several times slower
        _play(app, seed)
    tracemalloc.start()
    try:
        _play(app, 2)
        gc.collect()
        base = tracemalloc.get_traced_memory()[0]
        for seed in range(3, 3 + MATCHES):
            _play(app, seed)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - base
    finally:
        tracemalloc.stop()
    gc.collect()
    alive = [o for o in gc.get_objects() if isinstance(o, TABLES) and o not in before]
    assert sorted(type(o).__name__ for o in alive) == ["TableController", "TableScene"], \
        f"only the last match's table and controller are alive: {_held_by(alive)}"
    assert grown < MATCHES * BYTES_PER_MATCH, f"{grown} bytes more after {MATCHES} matches"
