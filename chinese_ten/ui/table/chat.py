"""The chat at a network table: the last lines, a field to send one (Y to type, Enter sends), hide or show (C), and a
seat muted by clicking its name.

The panel sits in the side panel, above the table's buttons. While its field has the focus, typing goes to the
chat; Esc gives the keyboard back to the table. At a table with chat off it shows nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from chinese_ten.i18n import _
from chinese_ten.net.follower import ChatLine, RemoteFollower
from chinese_ten.ui.network_names import network_seat_name
from chinese_ten.ui.widgets.text_field import TextField

if TYPE_CHECKING:
    from chinese_ten.ui.kit import Kit
    from chinese_ten.ui.table.geometry import TableGeometry

LINES_SHOWN = 5
"""How many chat lines the panel shows in a tall window."""

SHORT_PANEL = 720
"""A side panel shorter than this (in pixels) shows three chat lines, leaving the list of turns room to read."""

CHAT_LENGTH = 300
"""The longest chat line (NETWORK.md)."""


@dataclass(frozen=True)
class ChatRow:
    """One row of the chat as drawn: the speaker on a line's first row (empty on the rows after), the words
    on this row, the seat that said them and how far from the left the words begin."""

    name: str
    text: str
    seat: int
    indent: int


def speaker(line: ChatLine) -> str:
    """Who said a chat line, named as every window names that seat ("Bo (guest 1)")."""
    return network_seat_name(line.seat, line.name, "human")


class ChatPanel:
    """The chat of one network table."""

    def __init__(self, kit: Kit, follower: RemoteFollower) -> None:
        """The chat of ``follower``'s table."""
        self.kit = kit
        self.follower = follower
        self.shown = True
        self.muted: set[int] = set()
        """Seats whose lines are not shown."""
        self.field = TextField(max_length=CHAT_LENGTH)
        self.rect = Rect(0, 0, 0, 0)
        self.toggle_rect = Rect(0, 0, 0, 0)
        self._names: list[tuple[Rect, int]] = []
        """Where each shown line's name was drawn, with its seat (a click there mutes it)."""
        self._opened_by = ""
        """The letter of the key that just opened the field, whose text input is still to come."""
        self.bottom = 0
        """Where the panel ends, in the side panel (just above the table's buttons; 0: the panel's foot)."""

    @property
    def on(self) -> bool:
        """True when the table has chat."""
        return self.follower.chat_on

    def lines(self) -> list[ChatLine]:
        """The last lines of the seats not muted."""
        kept = [line for line in self.follower.chat if line.seat not in self.muted]
        return kept[-LINES_SHOWN:]

    def send(self) -> bool:
        """Send what the field holds (trimmed); True when a line went."""
        text = self.field.text.strip()
        client = getattr(self.follower, "client", None)
        if not text or client is None or not hasattr(client, "chat"):
            return False
        client.chat(text)
        self.field.text = ""
        self.field.caret = 0
        return True

    def height(self, geom: TableGeometry) -> int:
        """How tall the panel is at this table's size (shown; hidden it is one line)."""
        pad = max(6, round(10 * geom.unit))
        line_h = round(geom.font(18) * 1.35)
        if not self.shown or not self.on:
            return line_h + pad
        field_h = max(24, round(34 * geom.unit))
        return pad * 3 + line_h * (self.room(geom) + 1) + field_h

    @staticmethod
    def room(geom: TableGeometry) -> int:
        """How many chat lines the panel shows at this table's size."""
        return LINES_SHOWN if geom.panel.height >= SHORT_PANEL else 3

    def place(self, geom: TableGeometry) -> None:
        """Lay the panel out in the side panel, over the room its buttons leave (see ``bottom``)."""
        unit = geom.unit
        pad = max(6, round(10 * unit))
        line_h = round(geom.font(18) * 1.35)
        width = geom.panel.width - 2 * pad
        field_h = max(24, round(34 * unit))
        bottom = self.bottom or geom.panel.bottom
        self.rect = Rect(geom.panel.left + pad, bottom - self.height(geom), width, self.height(geom))
        self.field.rect = Rect(self.rect.left + pad, self.rect.bottom - pad - field_h, width - 2 * pad, field_h)
        label = self.kit.text.line(self._toggle_text(), geom.font(17), self.kit.theme.text)
        self.toggle_rect = Rect(self.rect.left, self.rect.top, label.get_width() + 2 * pad, line_h)
        self.toggle_rect.topright = (self.rect.right - pad, self.rect.top + pad // 2)

    def rows(self, geom: TableGeometry) -> list[ChatRow]:
        """The rows the panel shows at this table's size, the newest line last: each line's speaker, then its
        words running on after the name and wrapped to the panel's width (from the row below the name when
        the name takes half the width), as many whole lines as there is room for; the newest is shown even
        when it alone is longer, its last row cut with an ellipsis."""
        kit = self.kit
        pad = max(6, round(10 * geom.unit))
        size = geom.font(18)
        width = self.rect.width - 2 * pad if self.rect.width else geom.panel.width - 4 * pad
        room = self.room(geom)
        shown: list[ChatRow] = []
        for line in reversed(self.lines()):
            name = speaker(line) + ":"
            indent = kit.text.width(name, size, True) + pad // 2
            text = line.text.strip()
            first = kit.text.wrap(text, size, width - indent)[0] if indent <= width // 2 else ""
            rest = text[len(first):].strip() if text.startswith(first) else text
            rows = [ChatRow(name, first, line.seat, indent)]
            rows += [ChatRow("", words, line.seat, 0) for words in kit.text.wrap(rest, size, width) if rest]
            if shown and len(rows) + len(shown) > room:
                break
            if len(rows) > room:
                rows = rows[:room]
                last = rows[-1]
                cut = kit.text.cut(last.text + "…", size, width - last.indent)
                rows[-1] = ChatRow(last.name, cut, last.seat, last.indent)
            shown[:0] = rows
        return shown

    def _toggle_text(self) -> str:
        return _("Hide (C)") if self.shown else _("Chat (C)")

    def handle_event(self, event: pygame.event.Event, geom: TableGeometry) -> bool:
        """The chat's share of an event; True when it used it."""
        if not self.on:
            return False
        self.place(geom)
        field = self.field
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.toggle_rect.collidepoint(event.pos):
                self.toggle()
                return True
            if self.shown:
                for rect, seat in self._names:
                    if rect.collidepoint(event.pos):
                        self.muted ^= {seat}
                        return True
                return bool(field.handle_event(event))
        if field.focused:
            if event.type == pygame.TEXTINPUT and self._opened_by and event.text == self._opened_by:
                self._opened_by = ""  # the letter of the key that opened the field is not typed into it
                return True
            if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
                self._opened_by = ""
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.send()
                return True
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                field.blur()
                return True
            if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.TEXTEDITING):
                field.handle_event(event)
                return True  # while typing, no key reaches the table
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.toggle()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_y and self.shown:  # T is the card tracker's
            field.focus()
            self._opened_by = event.unicode or "y"
            return True
        return False

    def toggle(self) -> None:
        """Hide or show the chat."""
        self.shown = not self.shown
        if not self.shown:
            self.field.blur()

    def update(self, dt: float) -> None:
        """Nothing moves in the chat by itself."""

    def draw(self, surface: pygame.Surface, geom: TableGeometry) -> None:
        """The panel (or, hidden, its Chat button)."""
        if not self.on:
            return
        self.place(geom)
        kit = self.kit
        t = kit.theme
        small = geom.font(17)
        if not self.shown:
            title = kit.text.line(_("Chat"), geom.font(18), t.accent, bold=True)
            surface.blit(title, (self.rect.left + 4, self.rect.top + 2))
            label = kit.text.line(self._toggle_text(), small, t.text_dim)
            surface.blit(label, label.get_rect(center=self.toggle_rect.center))
            return
        back = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        pygame.draw.rect(back, (*t.panel, 215), back.get_rect(), border_radius=10)
        surface.blit(back, self.rect)
        pad = max(6, round(10 * geom.unit))
        size = geom.font(18)
        line_h = round(size * 1.35)
        title = kit.text.line(_("Chat"), size, t.accent, bold=True)
        surface.blit(title, (self.rect.left + pad, self.rect.top + pad // 2))
        toggle = kit.text.line(self._toggle_text(), small, t.text_dim)
        surface.blit(toggle, toggle.get_rect(center=self.toggle_rect.center))
        y = self.rect.top + pad + line_h
        self._names = []
        lines = self.lines()[-self.room(geom):]
        if not lines:
            hint = kit.text.line(_("Click a name to mute it; Y to type."), small, t.text_dim)
            surface.blit(hint, (self.rect.left + pad, y))
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-pad, 0).clip(clip))
        for row in self.rows(geom):
            x = self.rect.left + pad
            if row.name:
                name = kit.text.line(row.name, size, t.accent, bold=True)
                where = surface.blit(name, (x, y))
                self._names.append((where, row.seat))
            if row.text:
                surface.blit(kit.text.line(row.text, size, t.text), (x + row.indent, y))
            y += line_h
        surface.set_clip(clip)
        if self.muted:
            names = ", ".join(self.follower.seats_list[s].get("name", "?") if s < len(self.follower.seats_list) else "?"
                              for s in sorted(self.muted))
            note = kit.text.line(_("Muted: {names}").format(names=names), small, t.text_dim)
            surface.blit(note, (self.rect.left + pad, self.field.rect.top - line_h))
        self.field.placeholder = _("Say something (Enter sends)")
        self.field.draw(surface, kit, size)
