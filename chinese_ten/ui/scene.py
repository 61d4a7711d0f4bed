"""The scene protocol: a screen or an overlay in the app's stack of scenes."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from chinese_ten.ui.app import App


class Scene:
    """A screen or an overlay; the app keeps them in a stack and the top one gets events."""

    opaque: bool = True
    """False for overlays: the scenes below are drawn first."""

    def __init__(self, app: App) -> None:
        """A scene belonging to ``app``."""
        self.app = app

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Move time on by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto ``surface``; never changes state."""
