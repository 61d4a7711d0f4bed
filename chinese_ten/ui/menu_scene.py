"""The game menu (Esc at the table): Resume, New match, Settings, Help, Quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from .scene import Button, Scene, Theme

if TYPE_CHECKING:
    from .app import App

MENU_ITEMS: tuple[tuple[str, str], ...] = (
    ("Resume", "resume"),
    ("New match", "new"),
    ("Settings", "settings"),
    ("Help (F1)", "help"),
    ("Quit", "quit"),
)
"""The menu's buttons, top to bottom: label and action."""


def dim(surface: pygame.Surface, theme: Theme) -> None:
    """Darken everything drawn so far, so a dialog stands out."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, theme.dim_alpha))
    surface.blit(shade, (0, 0))


def dialog_box(surface: pygame.Surface, theme: Theme, box: Rect) -> None:
    """A dialog's panel with its border."""
    pygame.draw.rect(surface, theme.panel, box, border_radius=16)
    pygame.draw.rect(surface, theme.accent, box, 3, border_radius=16)


def move_focus(buttons: list[Button], step: int) -> None:
    """Move the focus ring ``step`` buttons along, wrapping round."""
    if not buttons:
        return
    current = next((i for i, b in enumerate(buttons) if b.focused), 0)
    for b in buttons:
        b.focused = False
    buttons[(current + step) % len(buttons)].focused = True


class MenuScene(Scene):
    """An overlay over the table; the game holds still while it is open."""

    opaque = False
    holds_table = True

    def __init__(self, app: App) -> None:
        """The menu over whatever the app shows."""
        super().__init__(app)
        self.buttons = [Button(label, action) for label, action in MENU_ITEMS]
        self.buttons[0].focused = True
        self._hover: Button | None = None
        self.place(app.surface.get_size())

    def box(self, size: tuple[int, int]) -> Rect:
        """The menu's panel at this window size."""
        w, h = size
        unit = min(w / 1280, h / 800)
        bh = round(50 * unit)
        gap = round(14 * unit)
        height = round(100 * unit) + len(self.buttons) * (bh + gap) + round(24 * unit)
        box = Rect(0, 0, round(400 * unit), height)
        box.center = (w // 2, h // 2)
        return box

    def place(self, size: tuple[int, int]) -> None:
        """Put the buttons in a column inside the panel."""
        w, h = size
        unit = min(w / 1280, h / 800)
        box = self.box(size)
        bh = round(50 * unit)
        gap = round(14 * unit)
        y = box.top + round(100 * unit)
        for b in self.buttons:
            b.rect = Rect(box.left + round(50 * unit), y, box.width - round(100 * unit), bh)
            y += bh + gap

    def act(self, action: str) -> None:
        """Carry out a menu choice."""
        app = self.app
        if action == "resume":
            app.pop(self)
        elif action == "new":
            app.pop(self)
            app.start_match()
        elif action == "settings":
            app.open_settings()
        elif action == "help":
            app.show_help()
        elif action == "quit":
            app.quit()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Arrows or Tab move the focus, Enter chooses, Esc resumes; clicks choose."""
        self.place(self.app.surface.get_size())
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.act("resume")
            elif event.key in (pygame.K_UP, pygame.K_LEFT):
                move_focus(self.buttons, -1)
            elif event.key in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB):
                move_focus(self.buttons, -1 if event.mod & pygame.KMOD_SHIFT else 1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.act(next(b.action for b in self.buttons if b.focused))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    self.act(b.action)
                    return
        elif event.type == pygame.MOUSEMOTION:
            self._hover = next((b for b in self.buttons if b.hit(event.pos)), None)

    def update(self, dt: float) -> None:
        """Keep the buttons placed for the window size."""
        self.place(self.app.surface.get_size())

    def draw(self, surface: pygame.Surface) -> None:
        """The dimmed table under the menu."""
        kit = self.app.kit
        t = kit.theme
        w, h = surface.get_size()
        unit = min(w / 1280, h / 800)
        self.place((w, h))
        dim(surface, t)
        box = self.box((w, h))
        dialog_box(surface, t, box)
        title = kit.text.line("Game paused", max(14, round(36 * unit)), t.text, bold=True)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.top + round(26 * unit))))
        for b in self.buttons:
            b.draw(surface, kit, max(12, round(24 * unit)), b is self._hover)
