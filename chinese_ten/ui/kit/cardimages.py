"""Card faces, backs, shadows and glows as ready-to-blit surfaces, made once per size.

Faces come from the SVG files under ``assets/cards/<style>/``; until those exist
the same artwork is produced in memory, and if even that fails a plain face is
drawn. Rasterising is lazy, and :meth:`CardImages.warm` spends spare frame time
preparing the images the table will soon need. Only the sizes the window uses now and
used before its last change of size are kept (see :class:`SurfaceCache`).
"""

from __future__ import annotations

import logging
import time
from collections import deque
from pathlib import Path

import pygame

from chinese_ten.cards import ALL_CARDS, Card
from chinese_ten.ui.kit.surfacecache import SurfaceCache

_log = logging.getLogger("chinese_ten.ui")

Size = tuple[int, int]

FACE_LIMIT = 6 * (len(ALL_CARDS) + 1)
"""Card pictures kept at most: every face and the back at six sizes."""

EFFECT_LIMIT = 160
"""Shadows and glows kept at most (moving cards pass through many sizes)."""


SMALL_FACE_PX = 64
"""Faces drawn less tall than this many pixels use the small version of their artwork, whose larger index
suit keeps ♦ from ♥ and ♠ from ♣ (the count's piles at a ring of eight in a small window)."""


def _svg_source(code: str, style: str, small: bool = False) -> object | None:
    """The path of the SVG of ``code`` in ``style`` (its ``small`` version), or None when the assets are
    missing (faces are then drawn)."""
    from chinese_ten import assets

    try:
        path = Path(assets.card_file(code, style, small))
    except Exception:  # noqa: BLE001 - a missing or unreadable assets folder falls back to drawn faces
        return None
    return str(path) if path.is_file() else None


def _plain_face(card: Card | None, size: Size) -> pygame.Surface:
    """A simple drawn face (or back) used only when no artwork can be loaded."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(3, w // 12)
    if card is None:
        pygame.draw.rect(surf, (150, 30, 40), (0, 0, w, h), border_radius=radius)
        pygame.draw.rect(surf, (245, 235, 220), (3, 3, w - 6, h - 6), 2, border_radius=radius)
        return surf
    pygame.draw.rect(surf, (252, 250, 244), (0, 0, w, h), border_radius=radius)
    pygame.draw.rect(surf, (90, 90, 90), (0, 0, w, h), 1, border_radius=radius)
    ink = (200, 24, 30) if card.is_red else (20, 20, 24)
    font = pygame.font.Font(None, max(12, h // 4))
    surf.blit(font.render(card.rank_name, True, ink), (max(2, w // 14), max(2, h // 20)))
    from chinese_ten.ui.kit.text import suit_shape

    glyph = suit_shape(card.suit, max(8, w // 2), ink)
    surf.blit(glyph, glyph.get_rect(center=(w // 2, h * 0.58)))
    return surf


class CardImages:
    """Surfaces for card faces and backs in one style, cached per size while the window uses it."""

    def __init__(self, style: str = "classic") -> None:
        """Images in ``style`` (a folder name under ``assets/cards``)."""
        self.style = style
        self._cache = SurfaceCache(FACE_LIMIT)
        self._fx = SurfaceCache(EFFECT_LIMIT)
        self._queue: deque[tuple[str, Size]] = deque()
        self._queued: set[tuple[str, Size]] = set()
        self._window: Size | None = None

    def __len__(self) -> int:
        """How many pictures, shadows and glows are held."""
        return len(self._cache) + len(self._fx)

    def set_style(self, style: str) -> None:
        """Switch to another card style; every image is made again on demand."""
        if style != self.style:
            self.style = style
            self._cache.clear()

    def use_window(self, size: Size) -> None:
        """The window is now ``size``: images only an earlier size needed will be let go.

        What the window used before this change stays until the next one, so going back
        and forth between two sizes makes nothing again; images queued for earlier sizes
        are no longer prepared.
        """
        if size == self._window:
            return
        if self._window is not None:
            self._cache.new_window()
            self._fx.new_window()
            self._queue.clear()
            self._queued.clear()
        self._window = size

    def _load(self, code: str, size: Size) -> pygame.Surface:
        size = (max(4, size[0]), max(4, size[1]))
        source = _svg_source(code, self.style, code != "back" and size[1] < SMALL_FACE_PX)
        surf: pygame.Surface | None = None
        if source is not None:
            try:
                surf = pygame.image.load_sized_svg(source, size)  # type: ignore[arg-type]
                if surf.get_size() != size:
                    surf = pygame.transform.smoothscale(surf, size)
            except (pygame.error, ValueError, OSError) as exc:
                _log.warning("could not draw card %s (%s): %s", code, self.style, exc)
                surf = None
        if surf is None:
            surf = _plain_face(None if code == "back" else Card.parse(code), size)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        return surf

    def _get(self, code: str, size: Size, turned: bool = False) -> pygame.Surface:
        key = (code, size, turned)
        surf = self._cache.get(key)
        if surf is None:
            if turned:
                surf = pygame.transform.rotate(self._get(code, size), 90)
            else:
                surf = self._load(code, size)
            self._cache.put(key, surf)
        return surf

    def face(self, card: Card, size: Size) -> pygame.Surface:
        """The face of ``card`` at ``size`` pixels."""
        return self._get(str(card), size)

    def back(self, size: Size, turned: bool = False) -> pygame.Surface:
        """The card back at ``size``; ``turned`` gives it lying sideways."""
        return self._get("back", size, turned)

    def shadow(self, size: Size, alpha: int) -> pygame.Surface:
        """A soft shadow for a card of ``size``."""
        key = ("shadow", size, alpha)
        surf = self._fx.get(key)
        if surf is None:
            surf = self._fx.put(key, _soft_rect(size, (0, 0, 0), alpha, spread=max(3, size[0] // 14)))
        return surf

    def glow(self, size: Size, colour: tuple[int, int, int], strength: int = 220) -> pygame.Surface:
        """A soft halo around a card of ``size``, larger than the card."""
        key = ("glow", size, colour, strength)
        surf = self._fx.get(key)
        if surf is None:
            surf = self._fx.put(key, _soft_rect(size, colour, strength, spread=max(6, size[0] // 5)))
        return surf

    def want(self, cards: list[Card] | tuple[Card, ...], size: Size) -> None:
        """Queue faces to be prepared during spare frame time (the latest wishes, up to the limit)."""
        for c in cards:
            self._enqueue(str(c), size)

    def want_everything(self, size: Size) -> None:
        """Queue every face and the back at ``size``."""
        self.want(list(ALL_CARDS), size)
        self._enqueue("back", size)

    def _enqueue(self, code: str, size: Size) -> None:
        key = (code, size)
        if (code, size, False) in self._cache or key in self._queued:
            return
        self._queue.append(key)
        self._queued.add(key)
        while len(self._queue) > FACE_LIMIT:
            self._queued.discard(self._queue.popleft())

    def warm(self, budget_s: float) -> int:
        """Prepare queued images until ``budget_s`` seconds are spent; returns how many."""
        start = time.perf_counter()
        done = 0
        while self._queue and time.perf_counter() - start < budget_s:
            code, size = self._queue.popleft()
            self._queued.discard((code, size))
            self._get(code, size)
            done += 1
        return done


def _soft_rect(size: Size, colour: tuple[int, int, int], alpha: int, spread: int) -> pygame.Surface:
    """A blurred rounded rectangle ``spread`` pixels larger than ``size`` on every side."""
    w, h = size[0] + 2 * spread, size[1] + 2 * spread
    scale = 4
    small = pygame.Surface((max(2, w // scale), max(2, h // scale)), pygame.SRCALPHA)
    inset = max(1, spread // scale)
    pygame.draw.rect(small, (*colour, alpha), small.get_rect().inflate(-inset * 2, -inset * 2),
                     border_radius=max(1, size[0] // (10 * scale) + 1))
    for _ in range(2):
        small = pygame.transform.smoothscale(small, (max(2, small.get_width() // 2), max(2, small.get_height() // 2)))
        small = pygame.transform.smoothscale(small, (max(2, w // scale), max(2, h // scale)))
    return pygame.transform.smoothscale(small, (w, h))
