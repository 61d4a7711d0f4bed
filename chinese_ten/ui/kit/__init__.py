"""The shared drawing kit every screen draws with: theme, fonts, text, card images, the felt, and the
window's scale."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from chinese_ten.ui.kit.cardimages import CardImages
from chinese_ten.ui.kit.text import TextPainter
from chinese_ten.ui.kit.theme import FontBook, Theme, text_px


def ui_scale(size: tuple[int, int]) -> float:
    """The scale of a window of ``size`` against the 1280×800 the screens are drawn for."""
    w, h = size
    return min(w / 1280, h / 800)


def font_px(points: float, unit: float) -> int:
    """A font size in pixels: ``points`` at 1280×800 scaled by ``unit``, never below the legible minimum."""
    return text_px(points, unit)


@dataclass
class Kit:
    """Theme, fonts, text and card images shared by all scenes."""

    theme: Theme
    fonts: FontBook
    text: TextPainter
    cards: CardImages
    point_badges: bool = True
    backgrounds: dict[tuple[object, ...], pygame.Surface] = field(default_factory=dict)

    def felt(self, size: tuple[int, int]) -> pygame.Surface:
        """The table cloth at ``size``: felt with a soft darker edge."""
        key = ("felt", size, self.theme.name)
        surf = self.backgrounds.get(key)
        if surf is None:
            surf = _felt(size, self.theme)
            self.backgrounds.clear()
            self.backgrounds[key] = surf
        return surf


def _felt(size: tuple[int, int], theme: Theme) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(theme.felt)
    if not theme.felt_flat:
        small = pygame.Surface((40, 26), pygame.SRCALPHA)
        for y in range(26):
            for x in range(40):
                dx = (x + 0.5) / 20 - 1
                dy = (y + 0.5) / 13 - 1
                d = (dx * dx + dy * dy) ** 0.5
                a = min(1.0, max(0.0, (d - 0.45) / 0.75)) ** 1.6
                small.set_at((x, y), (*theme.felt_edge, int(200 * a)))
        surf.blit(pygame.transform.smoothscale(small, (w, h)), (0, 0))
    return surf.convert() if pygame.display.get_surface() is not None else surf
