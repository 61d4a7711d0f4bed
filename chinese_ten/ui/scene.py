"""The scene protocol and the shared things every scene draws with."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from chinese_ten.i18n import _
from chinese_ten.ui.cardimages import CardImages
from chinese_ten.ui.text import TextPainter
from chinese_ten.ui.shortcuts import keyboard_words
from chinese_ten.ui.theme import FontBook, Theme, text_px

if TYPE_CHECKING:
    from chinese_ten.ui.app import App
    from chinese_ten.ui.table_scene import TableScene

PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
"""The keys that press the focused button."""


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

    def wants_frames(self) -> bool:
        """True while the scene changes with time alone (a movement, a countdown, a computer or an analysis
        at work): the window then draws at its full rate; otherwise it waits for input."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto ``surface``; never changes state."""


class Button:
    """A clickable rounded button with a label."""

    def __init__(self, label: str, action: str) -> None:
        """A button showing ``label`` (in the language in use: mark it with ``N_``) that reports ``action``."""
        self.label = label
        self.action = action
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.selected = False
        self.focused = False
        self.language: str | None = None
        """Set for a label written in one language whatever the language in use (a language's own name)."""

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
        label = kit.text.line(self.label if self.language else keyboard_words(_(self.label)), size, ink, bold=True,
                              language=self.language)
        surface.blit(label, label.get_rect(center=self.rect.center))


def button_at(buttons: Iterable[Button], pos: tuple[int, int]) -> Button | None:
    """The first of ``buttons`` under ``pos``, if any."""
    return next((b for b in buttons if b.hit(pos)), None)


def grid_at(rows: list[list[Button]], pos: tuple[int, int]) -> tuple[int, int] | None:
    """The row and the place in it of the button of ``rows`` under ``pos``, if any."""
    for r, row in enumerate(rows):
        for i, b in enumerate(row):
            if b.hit(pos):
                return r, i
    return None


def row_step(event: pygame.event.Event) -> int:
    """How far a key moves the focus between rows: Up or Shift+Tab -1, Down or Tab 1, other keys 0."""
    if event.key == pygame.K_UP or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
        return -1
    return 1 if event.key in (pygame.K_DOWN, pygame.K_TAB) else 0


def move_focus(buttons: list[Button], step: int) -> None:
    """Move the focus ring ``step`` buttons along, wrapping round."""
    if not buttons:
        return
    current = next((i for i, b in enumerate(buttons) if b.focused), 0)
    for b in buttons:
        b.focused = False
    buttons[(current + step) % len(buttons)].focused = True


def buttons_event(event: pygame.event.Event, buttons: list[Button], press: Callable[[Button], None],
                  hover: Button | None, back: Sequence[int] = (pygame.K_UP, pygame.K_LEFT),
                  forward: Sequence[int] = (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB)) -> Button | None:
    """A row of buttons' share of ``event``; returns the button under the mouse (``hover`` until it moves).

    A left click presses the button hit; the ``back`` and ``forward`` keys move the focus ring
    (Shift turns forward back); Enter or Space presses the focused button.
    """
    if event.type == pygame.KEYDOWN:
        if event.key in back:
            move_focus(buttons, -1)
        elif event.key in forward:
            move_focus(buttons, -1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif event.key in PRESS_KEYS:
            press(next(b for b in buttons if b.focused))
    elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        hit = button_at(buttons, event.pos)
        if hit is not None:
            press(hit)
    elif event.type == pygame.MOUSEMOTION:
        return button_at(buttons, event.pos)
    return hover


class TableOverlay(Scene):
    """An overlay over the table at the end of a deal or a match, with buttons, the first one focused.

    ``auto`` (a demo) lets it move on by itself after a moment; ``shown_for`` counts the seconds shown.
    """

    opaque = False

    def __init__(self, app: App, table: TableScene, buttons: list[Button], auto: bool = False) -> None:
        """An overlay over ``table`` offering ``buttons``."""
        super().__init__(app)
        self.table = table
        self.auto = auto
        self.shown_for = 0.0
        self.buttons = buttons
        self.buttons[0].focused = True
        self._hover: Button | None = None
        self.place(app.surface.get_size())

    def place(self, size: tuple[int, int]) -> None:
        """Put the buttons in place for this window size."""

    def update(self, dt: float) -> None:
        """Count the time shown and keep the buttons placed."""
        self.shown_for += dt
        self.place(self.app.surface.get_size())
