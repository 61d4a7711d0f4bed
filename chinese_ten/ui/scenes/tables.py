"""Your tables: every network table this window holds a seat at, as it last saw each (who sits there, the game, the
deal under way, whether it is the person's move), those being played first and the finished ones apart; each
with Take my seat (back to it, to play on or to play again) and Forget."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from chinese_ten.i18n import N_, _
from chinese_ten.ui.kit import font_px, ui_scale
from chinese_ten.ui.open_tables import OpenTable, table_words, take_seat_again
from chinese_ten.ui.widgets.button import Button, buttons_event
from chinese_ten.ui.widgets.dialog import Page

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services


class TablesScene(Page):
    """The tables one sits at; Up/Down or Tab move between the buttons, Esc goes back."""

    def __init__(self, app: Services) -> None:
        """The list as kept now: tables being played, newest first, then the finished ones."""
        super().__init__(app)
        kept = app.open_tables.load()
        self.tables: list[OpenTable] = [t for t in kept if not t.finished] + [t for t in kept if t.finished]
        self.rows: list[tuple[Button, Button]] = [(Button(N_("Take my seat"), f"take:{i}"),
                                                   Button(N_("Forget"), f"forget:{i}")) for i in range(len(self.tables))]
        self.buttons = [Button(N_("New table"), "new"), Button(N_("Back (Esc)"), "back")]
        self.row_rects: list[Rect] = []
        """Each table's panel, as placed last (empty for one with no room)."""
        self.message = ""
        self._hover: Button | None = None

    @property
    def playing(self) -> int:
        """How many of the tables listed are being played (they come first)."""
        return sum(1 for t in self.tables if not t.finished)

    def all_buttons(self) -> list[Button]:
        """The tables' buttons shown, in order, then New table and Back."""
        shown = [b for (take, drop), rect in zip(self.rows, self.row_rects) if rect.width for b in (take, drop)]
        return [*shown, *self.buttons]

    def act(self, action: str) -> None:
        """Take a seat back, forget a table, open a new one, or go back."""
        if action.startswith("take:"):
            self.message = take_seat_again(self.app, self.tables[int(action.split(":")[1])])
        elif action.startswith("forget:"):
            entry = self.tables.pop(int(action.split(":")[1]))
            self.app.open_tables.forget(entry.base, entry.table)
            self.rows.pop()
        elif action == "new":
            self.app.show("friends")
        elif action == "back":
            self.app.pop(self)
            if self.app.top() is None:
                self.app.show("start")

    def handle_event(self, event: pygame.event.Event) -> None:
        """Buttons by keys or clicks; Esc goes back."""
        self.place(self.app.surface.get_size())
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.act("back")
            return
        self._hover = buttons_event(event, self.all_buttons(), lambda b: self.act(b.action), self._hover,
                                    back=(pygame.K_UP,), forward=(pygame.K_DOWN, pygame.K_TAB))

    def place(self, size: tuple[int, int]) -> None:
        """New table and Back at the foot; the tables' panels above, one a row, as many as fit (a heading before
        the finished ones)."""
        super().place(size)
        unit = ui_scale(size)
        box = self.box(size)
        pad = round(32 * unit)
        head = self.app.kit.fonts.get(font_px(22, unit)).get_linesize()
        top = box.top + round(24 * unit) + self.app.kit.fonts.get(font_px(36, unit)).get_linesize() + head
        bottom = self.buttons[0].rect.top - round(16 * unit)
        row_h = max(40, round(64 * unit))
        gap = max(4, round(8 * unit))
        bh = min(row_h - 12, max(26, round(40 * unit)))
        take_w, drop_w = round(170 * unit), round(120 * unit)
        self.row_rects = []
        y = top
        for i, (take, drop) in enumerate(self.rows):
            if i == self.playing and i:
                y += head + gap  # the finished tables' heading
            row = Rect(box.left + pad, y, box.width - 2 * pad, row_h)
            if row.bottom > bottom:
                row = Rect(0, 0, 0, 0)
            self.row_rects.append(row)
            drop.rect = Rect(row.right - gap - drop_w, row.centery - bh // 2, drop_w, bh)
            take.rect = Rect(drop.rect.left - gap - take_w, drop.rect.top, take_w, bh)
            y += row_h + gap

    def draw(self, surface: pygame.Surface) -> None:
        """The tables, the finished ones apart."""
        kit = self.app.kit
        t = kit.theme
        unit = ui_scale(surface.get_size())
        box, top = self.draw_page(surface, _("Your tables"))
        self.place(surface.get_size())
        head_px, name_px, about_px = font_px(22, unit), font_px(19, unit), font_px(16, unit)
        if not self.tables:
            line = kit.text.line(_("This window sits at no network table now."), head_px, t.text_dim)
            surface.blit(line, line.get_rect(midtop=(box.centerx, top + round(16 * unit))))
        for i, (entry, row, (take, _drop)) in enumerate(zip(self.tables, self.row_rects, self.rows)):
            if i == 0 or i == self.playing:
                words = _("Being played") if i < self.playing else _("Finished")
                heading = kit.text.line(words, head_px, t.accent, bold=True)
                y = (row.top if row.width else box.bottom) - heading.get_height() - 4
                if row.width:
                    surface.blit(heading, (row.left, y))
            if not row.width:
                continue
            pygame.draw.rect(surface, t.raised if entry.your_turn and not entry.finished else t.panel, row,
                             border_radius=8)
            pygame.draw.rect(surface, t.accent if entry.your_turn and not entry.finished else t.panel_line, row, 2,
                             border_radius=8)
            names, progress = table_words(entry)
            room = take.rect.left - row.left - round(24 * unit)
            name = kit.text.line(kit.text.cut(names, name_px, room, bold=True), name_px, t.text, bold=True)
            about = kit.text.line(kit.text.cut(progress, about_px, room), about_px, t.text_dim)
            y = row.centery - (name.get_height() + about.get_height()) // 2
            surface.blit(name, (row.left + round(12 * unit), y))
            surface.blit(about, (row.left + round(12 * unit), y + name.get_height()))
        hidden = sum(1 for rect in self.row_rects if not rect.width)
        if hidden:
            more = kit.text.line(_("{n} more: forget some to see them").format(n=hidden), about_px, t.text_dim)
            surface.blit(more, more.get_rect(midbottom=(box.centerx, self.buttons[0].rect.top - 4)))
        if self.message:
            line = kit.text.line(self.message, head_px, t.accent)
            surface.blit(line, line.get_rect(midbottom=(box.centerx, self.buttons[0].rect.top - round(24 * unit))))
        for b in self.all_buttons():
            b.draw(surface, kit, font_px(19, unit), b is self._hover)
