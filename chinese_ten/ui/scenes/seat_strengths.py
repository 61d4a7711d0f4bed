"""Each seat…: every computer's strength chosen on its own, a row per computer seat named as the table
names it (North, East…), each row's button going round the strengths the chosen game's players offer.

The choices are saved as they change (``seat_strengths`` in the settings, kept for the largest table) and
played from the next match; Done (or Esc) goes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from chinese_ten.engine.strengths import LABELS, per_seat
from chinese_ten.games import game_named
from chinese_ten.i18n import N_, _
from chinese_ten.settings import COMPUTERS_RANGE
from chinese_ten.ui.kit import font_px, ui_scale
from chinese_ten.ui.table.controller import seat_name
from chinese_ten.ui.widgets.button import PRESS_KEYS, Button, button_at, row_step
from chinese_ten.ui.widgets.dialog import Dialog

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services


def next_strength(strength: str, offered: tuple[str, ...], step: int = 1) -> str:
    """The strength ``step`` places on from ``strength`` round ``offered`` (the first for one not offered)."""
    if strength not in offered:
        return offered[0]
    return offered[(offered.index(strength) + step) % len(offered)]


class SeatStrengthsScene(Dialog):
    """A row per computer seat, each with a button that goes round the strengths; Done below them."""

    def __init__(self, app: Services) -> None:
        """The computers of the table chosen now, each at the strength the settings hold for it."""
        super().__init__(app)
        self.done = Button(N_("Done (Esc)"), "done")
        self.focus = 0
        """The row with the keyboard focus (the last, one past the seats, is Done)."""
        self._hover: Button | None = None
        self.seats: list[Button] = []
        self._sync()

    @property
    def offered(self) -> tuple[str, ...]:
        """The strengths the chosen game's players offer, weakest first."""
        return game_named(self.app.settings.game).strengths

    @property
    def strengths(self) -> tuple[str, ...]:
        """Every computer's strength as the settings keep it, for the largest table."""
        s = self.app.settings
        return per_seat(s.seat_strengths or s.strength, COMPUTERS_RANGE[1])

    def _sync(self) -> None:
        """A button per computer of the table chosen, labelled with its strength; the focus ring in place."""
        computers = self.app.settings.computers
        if len(self.seats) != computers:
            self.seats = [Button("", f"seat={i}") for i in range(computers)]
            self.focus = min(self.focus, computers)
        for i, (b, strength) in enumerate(zip(self.seats, self.strengths)):
            b.label = LABELS.get(strength, strength)
            b.focused = i == self.focus
        self.done.focused = self.focus == len(self.seats)

    def turn(self, index: int, step: int = 1) -> None:
        """Move computer ``index`` (0 for the first after the person) ``step`` strengths on; saved at once."""
        strengths = list(self.strengths)
        strengths[index] = next_strength(strengths[index], self.offered, step)
        self.app.change_settings(seat_strengths=tuple(strengths))
        self._sync()

    def box(self, size: tuple[int, int]) -> Rect:
        """The panel: as tall as its rows need, within the window."""
        unit = ui_scale(size)
        rows = max(1, len(self.seats))
        height = min(size[1] - 20, round((176 + rows * 52) * unit))
        box = Rect(0, 0, min(size[0] - 20, round(560 * unit)), height)
        box.center = (size[0] // 2, size[1] // 2)
        return box

    def place(self, size: tuple[int, int]) -> None:
        """A row per computer under the title, Done at the foot."""
        unit = ui_scale(size)
        box = self.box(size)
        bh = round(48 * unit)
        done_top = box.bottom - bh - round(20 * unit)
        self.done.rect = Rect(0, done_top, round(220 * unit), bh)
        self.done.rect.centerx = box.centerx
        top = box.top + round(96 * unit)
        step = (done_top - round(12 * unit) - top) / max(1, len(self.seats))
        height = min(round(44 * unit), round(step) - round(6 * unit))
        width = round(220 * unit)
        for i, b in enumerate(self.seats):
            b.rect = Rect(box.centerx + round(10 * unit), round(top + i * step), width, max(20, height))

    def close(self) -> None:
        """Back to the screen that opened it."""
        self.app.pop(self)

    def handle_event(self, event: pygame.event.Event) -> None:
        """A click or Enter turns a seat's strength on (Left/Right either way); Up/Down choose a row; Esc closes."""
        self.place(self.app.surface.get_size())
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            hit = button_at([*self.seats, self.done], event.pos)
            if hit is self.done:
                self.close()
            elif hit is not None:
                self.focus = self.seats.index(hit)
                self.turn(self.focus, 1 if event.button == 1 else -1)
        elif event.type == pygame.MOUSEMOTION:
            self._hover = button_at([*self.seats, self.done], event.pos)
        elif event.type == pygame.KEYDOWN:
            on_done = self.focus == len(self.seats)
            if event.key == pygame.K_ESCAPE or (on_done and event.key in PRESS_KEYS):
                self.close()
                return
            if event.key in PRESS_KEYS:
                self.turn(self.focus)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and not on_done:
                self.turn(self.focus, 1 if event.key == pygame.K_RIGHT else -1)
            elif move := row_step(event):
                self.focus = (self.focus + move) % (len(self.seats) + 1)
            self._sync()

    def update(self, dt: float) -> None:
        """In step with the settings (the number of computers may change under it) and placed."""
        self._sync()
        super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The title, each computer's seat name beside its strength, and Done."""
        kit = self.app.kit
        t = kit.theme
        unit = ui_scale(surface.get_size())
        box = self.draw_panel(surface)
        title = kit.text.line(_("Each computer's strength"), font_px(30, unit), t.text, bold=True)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.top + round(16 * unit))))
        keys = kit.text.line(_("Click or Enter: the next strength · Left/Right · Esc: done"), font_px(18, unit),
                             t.text_dim)
        if keys.get_width() > box.width - round(24 * unit):
            keys = kit.text.line(_("Click: the next strength"), font_px(18, unit), t.text_dim)
        surface.blit(keys, keys.get_rect(midtop=(box.centerx, title.get_rect().height + box.top + round(22 * unit))))
        seats = len(self.seats) + 1
        for i, b in enumerate(self.seats):
            name = kit.text.line(seat_name(i + 1, seats), font_px(24, unit), t.text, bold=True)
            surface.blit(name, name.get_rect(midright=(b.rect.left - round(20 * unit), b.rect.centery)))
            b.draw(surface, kit, font_px(22, unit), b is self._hover)
        self.done.draw(surface, kit, font_px(22, unit), self.done is self._hover)
