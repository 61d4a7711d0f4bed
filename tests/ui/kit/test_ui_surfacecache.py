"""The surface cache keeps what the current and the previous window size use, never more than its limit."""

from __future__ import annotations

import pygame
import pytest

from chinese_ten.ui.kit.surfacecache import SurfaceCache


def _surf() -> pygame.Surface:
    return pygame.Surface((2, 2))


def test_a_cache_never_holds_more_than_its_limit_and_lets_the_least_recently_used_go() -> None:
    cache = SurfaceCache(3)
    first = cache.put("a", _surf())
    cache.put("b", _surf())
    cache.put("c", _surf())
    assert cache.get("a") is first
    cache.put("d", _surf())
    assert len(cache) == 3
    assert "b" not in cache and "a" in cache and "d" in cache


def test_a_new_window_keeps_the_previous_sizes_until_the_next_change() -> None:
    cache = SurfaceCache(100)
    cache.put(("face", (10, 14)), _surf())
    cache.put(("face", (20, 28)), _surf())
    cache.new_window()
    assert len(cache) == 2, "the previous window's images stay for one change of size"
    cache.put(("face", (30, 42)), _surf())
    cache.new_window()
    assert list(k for k in [("face", (10, 14)), ("face", (20, 28)), ("face", (30, 42))] if k in cache) == [
        ("face", (30, 42))]


def test_an_image_used_again_after_a_change_of_size_lives_on() -> None:
    cache = SurfaceCache(100)
    kept = cache.put("back", _surf())
    cache.put("other", _surf())
    cache.new_window()
    assert cache.get("back") is kept
    cache.new_window()
    assert cache.get("back") is kept and "other" not in cache


def test_beyond_the_limit_the_previous_window_goes_first() -> None:
    cache = SurfaceCache(2)
    cache.put("old", _surf())
    cache.new_window()
    cache.put("new1", _surf())
    cache.put("new2", _surf())
    assert "old" not in cache and "new1" in cache and "new2" in cache


def test_a_cache_must_hold_something() -> None:
    with pytest.raises(ValueError, match="at least one"):
        SurfaceCache(0)
