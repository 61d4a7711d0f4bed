"""Frame timings: a fixed-size histogram, read as the demo's p50/p99/max, kept only when asked for."""

from __future__ import annotations

import random
import sys

import pygame
import pytest

from chinese_ten.settings import Settings
from chinese_ten.ui.app import App, DemoOptions, FrameStats
from chinese_ten.ui.scenes.start import StartScene
from chinese_ten.engine.thinking import ComputerThinker


def _exact(data: list[float], q: float) -> float:
    data = sorted(data)
    return data[min(len(data) - 1, int(q * (len(data) - 1) + 0.5))]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_percentiles_match_the_sorted_frames_within_a_quarter_percent_and_the_max_exactly(seed: int) -> None:
    rng = random.Random(seed)
    data = [rng.lognormvariate(1.0, 0.7) for _ in range(20_000)] + [rng.uniform(0, 0.0005) for _ in range(50)]
    stats = FrameStats()
    for ms in data:
        stats.add(ms)
    got = stats.summary()
    assert got["frames"] == len(data)
    assert got["max_ms"] == round(max(data), 3)
    for q, key in ((0.5, "p50_ms"), (0.99, "p99_ms")):
        assert got[key] == pytest.approx(_exact(data, q), rel=0.0026, abs=0.001)


def test_no_frames_read_as_zero_and_extreme_frames_are_counted() -> None:
    assert FrameStats().summary() == {"frames": 0, "p50_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0}
    stats = FrameStats()
    for ms in (0.0, 1e12, 5.0):
        stats.add(ms)
    got = stats.summary()
    assert got["frames"] == 3 and got["max_ms"] == 1e12
    assert got["p50_ms"] == pytest.approx(5.0, rel=0.003)


def test_the_memory_frame_timings_take_never_grows() -> None:
    stats = FrameStats()
    stats.add(3.0)
    size = sum(sys.getsizeof(v) for v in vars(stats).values())
    rng = random.Random(4)
    for _ in range(200_000):
        stats.add(rng.uniform(0.1, 40.0))
    assert stats.frames == 200_001
    assert sum(sys.getsizeof(v) for v in vars(stats).values()) <= size + 64


def test_only_a_demo_records_frame_timings(window: pygame.Surface) -> None:
    play = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    play.push(StartScene(play))
    demo = App(window, Settings(), None, DemoOptions(seats=2, deals=1), ComputerThinker(force_inline=True))
    demo.push(StartScene(demo))
    for _ in range(30):
        play.frame(1 / 60, [])
        demo.frame(1 / 60, [])
    assert play.stats.summary()["frames"] == 0, "normal play keeps no frame timings"
    assert demo.stats.summary()["frames"] == 30


def test_a_demo_with_no_screen_makes_its_frames_at_once_each_a_sixtieth_of_a_second(
        window: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    caps: list[int] = []
    steps: list[float] = []

    class Clock:
        def tick(self, framerate: int = 0) -> int:
            caps.append(framerate)
            return 0

    monkeypatch.setattr(pygame.time, "Clock", Clock)
    demo = App(window, Settings(), None, DemoOptions(seats=2, deals=1), ComputerThinker(force_inline=True))
    frame = demo.frame
    monkeypatch.setattr(demo, "frame", lambda dt, events=None: (steps.append(dt), frame(dt, events))[1])
    demo.start_match()
    demo.run()
    assert not demo.running, "the demo plays its match to the end and stops"
    assert caps and all(cap == 0 for cap in caps), "no frame waits for the next sixtieth of a second"
    assert len(steps) > 100 and all(dt == pytest.approx(1 / 60) for dt in steps[1:])
