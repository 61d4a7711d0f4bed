"""The scene protocol and the shared things every scene draws with."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from .cardimages import CardImages
from .text import TextPainter
from .theme import FontBook, Theme

if TYPE_CHECKING:
    from .app import App


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


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, radius: int = 6,
               width: int | None = None) -> None:
    """The keyboard focus ring around ``rect``: a thick outer band with a thin dark inner edge."""
    w = width or theme.focus_width
    inner = max(1, w // 2)
    pygame.draw.rect(surface, theme.focus_inner, rect.inflate(2 * inner, 2 * inner), inner,
                     border_radius=radius + inner)
    outer = rect.inflate(2 * (inner + w), 2 * (inner + w))
    pygame.draw.rect(surface, theme.turn_ring, outer, w, border_radius=radius + inner + w)


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

    def animating(self) -> bool:
        """True while the scene changes by itself and must be redrawn every frame."""
        return False


class Button:
    """A clickable rounded button with a label."""

    def __init__(self, label: str, action: str) -> None:
        """A button showing ``label`` that reports ``action`` when pressed."""
        self.label = label
        self.action = action
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.selected = False
        self.focused = False

    def hit(self, pos: tuple[int, int]) -> bool:
        """True when ``pos`` is on the button."""
        return self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, kit: Kit, size: int, hover: bool = False) -> None:
        """Draw the button in its rectangle."""
        t = kit.theme
        fill = t.accent if self.selected else (t.button_hover if hover else t.button)
        ink = t.text_on_light if self.selected else t.button_text
        radius = max(4, self.rect.height // 4)
        shadow = self.rect.move(0, max(2, self.rect.height // 14))
        pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=radius)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        if t.button_edge is not None:
            pygame.draw.rect(surface, t.button_edge, self.rect, 2, border_radius=radius)
        if self.focused:
            focus_ring(surface, self.rect, t, radius)
        label = kit.text.line(self.label, size, ink, bold=True)
        surface.blit(label, label.get_rect(center=self.rect.center))
