"""A bounded store of ready-made surfaces that lets go of what older window sizes needed."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

import pygame


class SurfaceCache:
    """Surfaces by key: those used since the window last changed size and before it, at most ``limit``.

    :meth:`new_window` starts a new generation: what the window size before the previous
    one needed and has not asked for since is let go. Within a generation the least
    recently used surface goes first once ``limit`` is reached.
    """

    def __init__(self, limit: int) -> None:
        """An empty cache holding at most ``limit`` surfaces."""
        if limit < 1:
            raise ValueError(f"a surface cache holds at least one surface, not {limit}")
        self.limit = limit
        self._now: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._before: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def __len__(self) -> int:
        """How many surfaces are held."""
        return len(self._now) + len(self._before)

    def __contains__(self, key: Hashable) -> bool:
        """True when a surface is held for ``key``."""
        return key in self._now or key in self._before

    def get(self, key: Hashable) -> pygame.Surface | None:
        """The surface kept for ``key``, if any; it counts as used now."""
        surf = self._now.get(key)
        if surf is not None:
            self._now.move_to_end(key)
            return surf
        surf = self._before.pop(key, None)
        if surf is not None:
            self._now[key] = surf
        return surf

    def put(self, key: Hashable, surf: pygame.Surface) -> pygame.Surface:
        """Keep ``surf`` for ``key``, letting the oldest go beyond the limit; returns ``surf``."""
        self._before.pop(key, None)
        self._now[key] = surf
        self._now.move_to_end(key)
        while len(self) > self.limit:
            (self._before if self._before else self._now).popitem(last=False)
        return surf

    def new_window(self) -> None:
        """The window changed size: keep what was used until now as the previous generation only."""
        self._before = self._now
        self._now = OrderedDict()

    def clear(self) -> None:
        """Let every surface go."""
        self._now.clear()
        self._before.clear()
