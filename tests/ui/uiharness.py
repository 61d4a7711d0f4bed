"""Helpers for driving the window in tests."""

from __future__ import annotations

import pygame
import pytest

from chinese_ten.ui.app import App
from chinese_ten.ui.kit.text import TextPainter


def run_frames(app: App, until, dt: float = 1 / 60, limit: int = 5000) -> bool:  # type: ignore[no-untyped-def]
    """Run frames (reading posted events) until ``until()`` holds; False if it never did."""
    for _ in range(limit):
        app.frame(dt)
        if until():
            return True
    return False


def key_event(key: int, mod: int = 0) -> pygame.event.Event:
    """A key press as pygame delivers it."""
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)


def press(app: App, *keys: int) -> None:
    """Press ``keys`` one after another, a frame each."""
    for key in keys:
        app.frame(1 / 60, [key_event(key)])


def click_event(pos: tuple[int, int]) -> pygame.event.Event:
    """A left click at ``pos``."""
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def play_until(app: App, done, limit: int = 400) -> bool:  # type: ignore[no-untyped-def]
    """Play as the person, by keys ("1" on the table, Enter in a capture choice or at a count), until ``done()``."""
    from chinese_ten.ui.scenes.choice import ChoiceScene
    from chinese_ten.ui.scenes.count import CountScene
    from chinese_ten.ui.table.live import TableScene

    for _ in range(limit):
        if done():
            return True
        top = app.top()
        table = app.table()
        if isinstance(top, (ChoiceScene, CountScene)):
            press(app, pygame.K_RETURN)
        elif isinstance(top, TableScene) and table is not None and table.ctl.person_to_play:
            press(app, pygame.K_1)
        else:
            app.frame(1 / 60, [])
    return done()


def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every line of text drawn from now on, in order (the painter's ``line`` is watched for the test's length)."""
    seen: list[str] = []
    line = TextPainter.line

    def record_line(self: TextPainter, text: str, *args: object, **kw: object) -> pygame.Surface:
        seen.append(text)
        return line(self, text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(TextPainter, "line", record_line)
    return seen
