"""The scene protocol: a screen or an overlay in the app's stack of scenes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

import pygame

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services


class Scene:
    """A screen or an overlay; the app keeps them in a stack and the top one gets events.

    The stack calls :meth:`enter` when a scene is put on it and :meth:`leave` when it is taken off,
    :meth:`pause` when another scene is pushed over it and :meth:`resume` when it is back on top.
    """

    opaque: bool = True
    """False for overlays: the scenes below are drawn first."""

    notice_top: int | None = None
    """Where a notice may begin without covering the scene's title (set as it draws one); None: the top."""

    def __init__(self, app: Services) -> None:
        """A scene belonging to ``app``."""
        self.app = app

    @classmethod
    def opened(cls, app: Services, **kw: Any) -> Self | None:
        """The scene as the registry opens it by name; None when it cannot open (and the person was told why)."""
        return cls(app, **kw)

    def enter(self) -> None:
        """The scene was put on the stack."""

    def leave(self) -> None:
        """The scene was taken off the stack."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """This scene is back on top."""

    def retell(self) -> None:
        """The language changed: drop any words the scene made and kept in the language it had."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Move time on by ``dt`` seconds."""

    def wants_frames(self) -> bool:
        """True while the scene changes with time alone (a movement, a countdown, a computer or an analysis
        at work): the window then draws at its full rate; otherwise it waits for input."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto ``surface``; never changes state."""
