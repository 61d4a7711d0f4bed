"""The frame loop: whatever changes reaches the screen in the same frame, with no input."""

from __future__ import annotations

import pygame
import pytest

from chinese_ten.ui.app import App
from chinese_ten.ui.table.choreography import pace_for
from chinese_ten.ui.scene import Scene

from uiharness import key_event


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _fresh_draw(app: App) -> bytes:
    """What a fresh draw of the app's present state shows, drawn on a spare surface."""
    shown = app.surface
    app.surface = pygame.Surface(shown.get_size())
    try:
        app.draw()
        return _pixels(app.surface)
    finally:
        app.surface = shown


def _frames_without_input(app: App, until, limit: int = 6000) -> bool:  # type: ignore[no-untyped-def]
    for _ in range(limit):
        app.frame(1 / 60, [])
        if until():
            return True
    return False


@pytest.mark.parametrize("speed", ["normal", "instant"])
@pytest.mark.parametrize("seats", [2, 4])
def test_the_screen_shows_your_turn_after_the_computers_without_any_input(make_table, speed: str,
                                                                          seats: int) -> None:  # type: ignore[no-untyped-def]
    app, ctl, table = make_table(seats=seats, seed=5, pace=pace_for(speed))
    assert _frames_without_input(app, lambda: ctl.person_to_play)
    for _turn in range(3):
        app.frame(1 / 60, [key_event(pygame.K_1)])
        assert not ctl.person_to_play
        # no events at all from here: nobody touches the mouse or the keyboard
        assert _frames_without_input(app, lambda: ctl.person_to_play or app.top() is not table)
        if app.top() is not table:
            break
        assert _pixels(app.surface) == _fresh_draw(app), "the display lags what the table now is"


def test_a_scene_that_changes_only_in_update_is_drawn_in_the_same_frame(make_table) -> None:  # type: ignore[no-untyped-def]
    app, _ctl, _table = make_table()

    class Lamp(Scene):
        """Turns red half a second after it opens, telling nobody."""

        def __init__(self, owner: App) -> None:
            super().__init__(owner)
            self.age = 0.0

        def update(self, dt: float) -> None:
            self.age += dt

        def draw(self, surface: pygame.Surface) -> None:
            surface.fill((200, 30, 30) if self.age >= 0.5 else (0, 0, 0))

    app.replace(Lamp(app))
    app.frame(1 / 60, [])
    assert app.surface.get_at((5, 5))[:3] == (0, 0, 0)
    for _ in range(40):
        app.frame(1 / 60, [])
    assert app.surface.get_at((5, 5))[:3] == (200, 30, 30)
