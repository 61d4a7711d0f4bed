"""Waking the window from another thread: a frame from the network arrived while the window sleeps.

The window sleeps on its input while nothing on it moves (see ``App.run``). A thread that brings it
something to show (a network table's connection) calls :func:`wake_window`, which posts a
:data:`WAKE` event: the sleeping window takes it as an input and draws the next frame at once.
"""

from __future__ import annotations

import pygame

WAKE: int = pygame.event.custom_type()
"""The event type that wakes the window; it carries nothing and every scene passes it by."""


def wake_window() -> None:
    """Wake the window's main loop from any thread (nothing when pygame's events are not running)."""
    try:
        pygame.event.post(pygame.event.Event(WAKE))
    except pygame.error:  # the display is closed or not yet open: there is no window to wake
        pass
