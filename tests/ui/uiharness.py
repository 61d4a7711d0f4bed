"""Helpers for driving the window in tests."""

from __future__ import annotations

from chinese_ten.ui.app import App


def run_frames(app: App, until, dt: float = 1 / 60, limit: int = 5000) -> bool:  # type: ignore[no-untyped-def]
    """Run frames (reading posted events) until ``until()`` holds; False if it never did."""
    for _ in range(limit):
        app.frame(dt)
        if until():
            return True
    return False
