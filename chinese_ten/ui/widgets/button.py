"""The button and the keyboard focus that moves between buttons."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial

import pygame

from chinese_ten.i18n import _
from chinese_ten.ui.kit import Kit
from chinese_ten.ui.kit.shortcuts import keyboard_words
from chinese_ten.ui.kit.theme import Theme

PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
"""The keys that press the focused button."""


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, radius: int = 6,
               width: int | None = None) -> None:
    """The keyboard focus ring around ``rect``: a thick outer band with a thin dark inner edge."""
    w = width or theme.focus_width
    inner = max(1, w // 2)
    pygame.draw.rect(surface, theme.focus_inner, rect.inflate(2 * inner, 2 * inner), inner,
                     border_radius=radius + inner)
    outer = rect.inflate(2 * (inner + w), 2 * (inner + w))
    pygame.draw.rect(surface, theme.turn_ring, outer, w, border_radius=radius + inner + w)


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
        self.enabled = True
        """False while the button can do nothing: it is drawn dim, and neither clicks nor the focus reach it."""
        self.quiet_label: str | None = None
        """The label shown while the button is disabled, when it differs (one without the key, say)."""

    @property
    def shown_label(self) -> str:
        """The label as drawn now (before translation)."""
        return self.quiet_label if not self.enabled and self.quiet_label is not None else self.label

    def hit(self, pos: tuple[int, int]) -> bool:
        """True when ``pos`` is on the button (never while it is disabled)."""
        return self.enabled and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, kit: Kit, size: int, hover: bool = False) -> None:
        """Draw the button in its rectangle."""
        t = kit.theme
        radius = max(4, self.rect.height // 4)
        if not self.enabled:
            pygame.draw.rect(surface, t.panel, self.rect, border_radius=radius)
            pygame.draw.rect(surface, t.panel_line, self.rect, 2, border_radius=radius)
            text = self.shown_label
            label = kit.text.line(text if self.language else keyboard_words(_(text)), size, t.text_dim,
                                  language=self.language)
            surface.blit(label, label.get_rect(center=self.rect.center))
            return
        fill = t.accent if self.selected else (t.button_hover if hover else t.button)
        ink = t.text_on_light if self.selected else t.button_text
        shadow = self.rect.move(0, max(2, self.rect.height // 14))
        pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=radius)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        if t.button_edge is not None:
            pygame.draw.rect(surface, t.button_edge, self.rect, 2, border_radius=radius)
        if self.focused:
            focus_ring(surface, self.rect, t, radius)
        words = self.label if self.language else keyboard_words(_(self.label))
        room = self.rect.width - 2 * label_margin(self.rect)
        while size > 10 and kit.text.width(words, size, True, self.language) > room:
            size -= 1  # a label never runs past its button, nor under a heavy border
        label = kit.text.line(words, size, ink, bold=True, language=self.language)
        surface.blit(label, label.get_rect(center=self.rect.center))


def label_margin(rect: pygame.Rect) -> int:
    """The room kept clear between a button's label and each of its sides: past the rounded corners and
    the high-contrast border."""
    return max(6, rect.height // 6)


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
                  forward: Sequence[int] = (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB),
                  enter: Button | None = None) -> Button | None:
    """A row of buttons' share of ``event``; returns the button under the mouse (``hover`` until it moves).

    A left click presses the button hit; the ``back`` and ``forward`` keys move the focus ring
    (Shift turns forward back); Enter or Space presses the focused button. With none focused, Enter
    presses ``enter`` (the button whose label names Enter), and without one puts the focus on the first
    button, as Space does.
    """
    if event.type == pygame.KEYDOWN:
        if event.key in back:
            move_focus(buttons, -1)
        elif event.key in forward:
            move_focus(buttons, -1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif event.key in PRESS_KEYS:
            focused = next((b for b in buttons if b.focused), None)
            if focused is not None:
                press(focused)
            elif enter is not None and enter.enabled and event.key != pygame.K_SPACE:
                press(enter)
            elif buttons:
                buttons[0].focused = True
    elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        hit = button_at(buttons, event.pos)
        if hit is not None:
            press(hit)
    elif event.type == pygame.MOUSEMOTION:
        return button_at(buttons, event.pos)
    return hover


def balanced_lines(label: str, width: Callable[[str], int], room: int,
                   wrap: Callable[[str], list[str]]) -> list[str]:
    """``label`` on one line if it fits ``room``, else on two lines as even as its spaces allow ("Red Frog /
    Black Frog", not "Red Frog Black / Frog"); ``wrap``'s lines where no break at a space gives two that fit."""
    if width(label) <= room:
        return [label]
    words = label.split(" ")
    best: list[str] | None = None
    best_width = room + 1
    for i in range(1, len(words)):
        pair = [" ".join(words[:i]), " ".join(words[i:])]
        widest = max(width(pair[0]), width(pair[1]))
        if widest < best_width:
            best, best_width = pair, widest
    return best if best is not None else wrap(label)


class PresetButton(Button):
    """A preset's button: its title on up to two lines, as large as fits, in the language in use when drawn."""

    def draw(self, surface: pygame.Surface, kit: Kit, size: int, hover: bool = False) -> None:
        """Draw the button with its title wrapped to fit."""
        label, self.label = self.label, ""
        super().draw(surface, kit, size, hover)
        self.label = label
        label = _(label)
        ink = kit.theme.text_on_light if self.selected else kit.theme.button_text
        room = self.rect.width - 10
        while True:
            lines = balanced_lines(label, partial(kit.text.width, size=size, bold=True), room,
                                   partial(kit.text.wrap, size=size, max_width=room, bold=True))
            height = len(lines) * kit.fonts.get(size, True).get_linesize()
            if (len(lines) <= 2 and height <= self.rect.height
                    and all(kit.text.width(t, size, True) <= room for t in lines)) or size <= 10:
                break
            size -= 1
        y = self.rect.centery - height // 2
        for text in lines:
            line = kit.text.line(text, size, ink, bold=True)
            surface.blit(line, line.get_rect(midtop=(self.rect.centerx, y)))
            y += kit.fonts.get(size, True).get_linesize()
