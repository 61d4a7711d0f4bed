"""The game menu (Esc at the table): Resume, New match, Start screen, Settings, Help, Statistics, History, Quit;
at a network table, where nothing pauses and a new match is a new table: Back to the table, Leave the seat to
a computer, Start screen, Settings, Help, Quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from chinese_ten.i18n import N_, _
from chinese_ten.ui.kit import font_px, ui_scale
from chinese_ten.ui.stakes import match_at_stake
from chinese_ten.ui.widgets.button import Button, buttons_event
from chinese_ten.ui.widgets.dialog import Dialog

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services

MENU_ITEMS: tuple[tuple[str, str], ...] = (
    (N_("Resume"), "resume"),
    (N_("New match"), "new"),
    (N_("Start screen"), "start"),
    (N_("Settings"), "settings"),
    (N_("Help (F1)"), "help"),
    (N_("Statistics"), "stats"),
    (N_("History"), "history"),
    (N_("Quit"), "quit"),
)
"""The menu's buttons, top to bottom: label and action."""

NETWORK_MENU_ITEMS: tuple[tuple[str, str], ...] = (
    (N_("Back to the table"), "resume"),
    (N_("Leave the seat to a computer"), "leave-seat"),
    (N_("Start screen"), "start"),
    (N_("Settings"), "settings"),
    (N_("Help (F1)"), "help"),
    (N_("Quit"), "quit"),
)
"""The menu's buttons at a network table: the match goes on on the server whatever this window does."""

LEAVE_APART = N_("Leave this practice deal")
"""The menu's second button at a deal played apart (played on, or played again): back where it came from."""


class MenuScene(Dialog):
    """The menu over the table."""

    def __init__(self, app: Services) -> None:
        """The menu over whatever the app shows."""
        super().__init__(app)
        self.network = bool(getattr(app.table(), "network", False))
        """True over a network table (its own buttons, and no word of a pause)."""
        self.buttons = [Button(label, action) for label, action in (NETWORK_MENU_ITEMS if self.network else MENU_ITEMS)]
        if getattr(app.table(), "apart", False):  # a practice deal: leave it for where it was opened from
            self.buttons.insert(1, Button(LEAVE_APART, "apart"))
        self.buttons[0].focused = True
        self._hover: Button | None = None
        self.place(app.surface.get_size())

    def box(self, size: tuple[int, int]) -> Rect:
        """The menu's panel at this window size."""
        w, h = size
        unit = ui_scale(size)
        bh = round(50 * unit)
        gap = round(14 * unit)
        height = round(100 * unit) + len(self.buttons) * (bh + gap) + round(24 * unit)
        box = Rect(0, 0, round(400 * unit), height)
        box.center = (w // 2, h // 2)
        return box

    def place(self, size: tuple[int, int]) -> None:
        """Put the buttons in a column inside the panel."""
        unit = ui_scale(size)
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
        elif action == "apart":
            table = app.table()
            app.pop(self)
            go_back = getattr(table, "go_back", None)
            if callable(go_back):
                go_back()
        elif action == "new" and getattr(app.table(), "guide", None) is not None:
            app.leave_lesson(play=True)  # from Learn to play, a real match as its end offers it
        elif action == "new" and match_at_stake(app):
            app.open("confirm", action=action)
        elif action == "new":
            app.pop(self)
            app.start_match()
        elif action == "start" and getattr(app.table(), "guide", None) is not None:
            app.leave_lesson()
        elif action == "leave-seat":
            table = app.table()
            client = getattr(table, "client", None)
            if client is not None:
                client.leave()  # a computer plays the seat until the person comes back ("Open tables")
                app.open_tables.follow(client, getattr(table, "follower", None), False)  # its moves are not theirs now
            app.show("start")
        elif action == "start":
            app.thinker.cancel()
            app.keeper.save()  # the match stays kept, and the start screen offers to continue it
            app.show("start")
        elif action == "settings":
            app.open("settings")
        elif action == "stats":
            app.open("stats")
        elif action == "history":
            app.open("history")
        elif action == "help":
            app.show_help()
        elif action == "quit":
            app.quit()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Arrows or Tab move the focus, Enter chooses, Esc resumes; clicks choose."""
        self.place(self.app.surface.get_size())
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.act("resume")
            return
        self._hover = buttons_event(event, self.buttons, lambda b: self.act(b.action), self._hover)

    def draw(self, surface: pygame.Surface) -> None:
        """The dimmed table under the menu."""
        kit = self.app.kit
        unit = ui_scale(surface.get_size())
        box = self.draw_panel(surface)
        table = self.app.table()
        if table is not None and table.ctl.match.is_over:
            words = _("Match over")
        else:  # a network table never pauses: the others play on
            words = _("At the table with friends") if self.network else _("Game paused")
        title = kit.text.line(words, font_px(36, unit), kit.theme.text, bold=True)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.top + round(26 * unit))))
        for b in self.buttons:
            b.draw(surface, kit, font_px(24, unit), b is self._hover)
