"""The lobby of a network table: who has taken which seat, one link per seat to send (with Copy and its QR code
for a phone across the room) and who those links reach (this network's friends, or friends anywhere through the
table server), the link to watch the table from no seat (the host may turn watching off), a waiting seat given to
a computer (the host only), and the table itself once every seat is taken."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame
from pygame import Rect

from chinese_ten.engine.strengths import ORDER, strength_label
from chinese_ten.i18n import N_, _, ngettext
from chinese_ten.net import protocol as p
from chinese_ten.ui.kit import font_px, ui_scale
from chinese_ten.ui.network_names import seat_title
from chinese_ten.ui.scene import Scene
from chinese_ten.ui.sharing import NO_CLIPBOARD, copy_text
from chinese_ten.ui.wake import wake_window
from chinese_ten.ui.widgets.button import Button, buttons_event

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services

_log = logging.getLogger("chinese_ten.ui")

CLOSE_WORDS: dict[int, str] = {
    p.CLOSE_REFUSED: N_("The table refused the link: it has been used already, or it is not this table's."),
    p.CLOSE_NO_TABLE: N_("There is no such table (it may have ended, or waited more than 48 hours)."),
    p.CLOSE_VERSION: N_("The table's server speaks another version of the game."),
    p.CLOSE_REPLACED: N_("This seat was opened somewhere else."),
}
"""What the lobby says when the server ends the connection for good."""


LOCAL_REACH = N_("These links reach friends on this network only.")
"""What the host is told of links from this computer's own table server."""
SERVER_REACH = N_("These links reach friends anywhere, through {server}.")
"""What the host is told of links from the table server set in Settings."""
HERE_REACH = N_("These links work on this computer only ({server}).")
"""What the host is told of links from a table server at this computer's loopback address."""


def links_reach(base: str, server_url: str) -> str:
    """Who links from the table server at ``base`` reach, in one line: this computer only when ``base`` is a
    loopback address, friends anywhere when it is the table server Settings names (``server_url``), else
    friends on this network."""
    from chinese_ten.ui.open_tables import only_this_computer

    if only_this_computer(base):
        return _(HERE_REACH).format(server=base)
    if server_url and base == server_url.rstrip("/"):
        return _(SERVER_REACH).format(server=server_url)
    return _(LOCAL_REACH)

class LobbyScene(Scene):
    """Waiting for every seat of a network table to be taken."""

    def __init__(self, app: Services, client: Any, host: bool = False, title: str = "",
                 links: dict[int, str] | None = None, watch: str = "", watchers: bool = True, matches: int = 0) -> None:
        """The lobby of ``client``'s table; ``host`` when this window opened it; ``links`` and the ``watch`` link
        kept from when it was opened (coming back to it); ``watchers``: whether the table was opened to watchers;
        ``matches``: how many matches the window saw played there before (coming back to it)."""
        super().__init__(app)
        self.client = client
        self.host = host
        self.title = title
        self.frames: list[dict[str, Any]] = []
        """Every frame so far, handed to the table when the deal starts."""
        self.links: dict[int, str] = dict(links or {})
        self.watch = watch
        """The link that watches the table from no seat (``created``'s ``watch``); empty when not known."""
        self.watching_on = watchers
        """Whether the host lets the table be watched (the host turns it off and on here)."""
        self.code_of: int | str | None = None
        """Whose link the QR code shows: a seat, ``"watch"``, or None for the first seat still waiting."""
        self.watching = 0
        """How many watch the table now (``presence``'s ``watchers``)."""
        self.matches = matches
        """How many matches the window saw played at the table before (handed to the table's follower)."""
        self.seats: list[dict[str, Any]] = []
        self.seat: int | None = None
        self.message = ""
        self.failed = ""
        self.copy_buttons: dict[int, Button] = {}
        self.fill_buttons: dict[int, Button] = {}
        self.code_buttons: dict[int, Button] = {}
        self.watch_copy = Button(N_("Copy"), "copy:watch")
        self.watch_code = Button(N_("QR code"), "code:watch")
        self.watch_toggle = Button(N_("Turn watching off"), "watching")
        self.watch_rect = Rect(0, 0, 0, 0)
        """The watch link's panel, under the seats' (see place)."""
        self.code_rect = Rect(0, 0, 0, 0)
        """Where the QR code is drawn (see place); empty when there is no room or no link to show."""
        self.back_button = Button(N_("Leave (Esc)"), "back")
        self.row_rects: list[Rect] = []
        """Each seat's panel (see place)."""
        self._hover: Button | None = None
        self._handed = False
        self._kept = False
        if hasattr(client, "on_frame"):
            client.on_frame = wake_window  # the seats being taken wake the sleeping window

    # ------------------------------------------------------------------ frames

    def update(self, dt: float) -> None:
        """Read what came; open the table once a deal has been dealt to this seat."""
        frames = self.client.poll()
        started = False
        for frame in frames:
            self.frames.append(frame)
            kind = frame.get("type")
            if kind == "created":
                self.links = {int(k): str(v) for k, v in (frame.get("links") or {}).items()}
                self.watch = str(frame.get("watch") or "")
            elif kind in ("welcome", "watching"):  # a seat taken, or the table watched from none
                self.seat = frame.get("seat")
                self.seats = list(frame.get("seats") or [])
                self.watching = int(frame.get("watchers") or 0)
                started = started or bool(frame.get("story"))
            elif kind == "presence":
                self.seats = list(frame.get("seats") or [])
                self.watching = int(frame.get("watchers") or 0)
            elif kind == "update":
                started = True
            elif kind == "error":
                from chinese_ten.ui.table.remote import refusal_text

                self.message = refusal_text(str(frame.get("code") or ""))
            elif kind == "connection" and frame.get("status") == "closed":
                code = frame.get("code")
                self.message = ""  # the refusal before a final close says what the close says: told once
                self.failed = _(CLOSE_WORDS.get(code, N_("The connection to the table has ended."))) \
                    if isinstance(code, int) else _("The table's server could not be reached.")
            elif kind == "connection" and frame.get("status") == "lost" and frame.get("unreachable"):
                from chinese_ten.ui.table.remote import UNREACHABLE_TEXT

                self.message = _(UNREACHABLE_TEXT)
            elif kind == "connection" and frame.get("status") == "lost" and not self.seats:
                self.message = _("The table's server cannot be reached yet: trying again…")
            elif kind == "connection" and frame.get("status") == "open" and frame.get("tries", 0) == 0:
                self.message = ""
        self._keep()
        if self._kept and self.seats and frames:
            from chinese_ten.ui.open_tables import base_of, seat_rows

            self.app.open_tables.note(base_of(self.client.url), str(self.client.table), seat_rows(self.seats), 0, 0,
                                      False, self.matches)
        self._buttons()
        if started:
            self.start_table()

    def _keep(self) -> None:
        """Keep the seat's token once the server has given it, for "Open tables"."""
        from chinese_ten.ui.open_tables import OpenTable, base_of, seat_rows

        token, table = getattr(self.client, "token", None), getattr(self.client, "table", None)
        if self.seat is None or not token or not table or self._kept:
            return
        self._kept = True
        self.app.open_tables.keep(OpenTable(base_of(self.client.url), table, token, int(self.seat),
                                            getattr(self.client, "game", "ten"), links=tuple(sorted(self.links.items())),
                                            seats=seat_rows(self.seats), watch=self.watch))

    def start_table(self) -> None:
        """The deal has begun: sit down at the table (it takes the connection over)."""
        from chinese_ten.net.follower import RemoteFollower
        from chinese_ten.ui.table.remote import RemoteTableScene

        follower = RemoteFollower(self.client, self.frames)
        follower.matches_before += self.matches
        self._handed = True
        self.app.replace(RemoteTableScene(self.app, follower, self.client))

    def _buttons(self) -> None:
        for seat in range(1, len(self.seats)):
            if seat in self.links and seat not in self.copy_buttons:
                self.copy_buttons[seat] = Button(N_("Copy"), f"copy:{seat}")
                self.code_buttons[seat] = Button(N_("QR code"), f"code:{seat}")
            if self.host and seat not in self.fill_buttons:
                self.fill_buttons[seat] = Button(N_("Give to a computer"), f"fill:{seat}")
        for buttons in (self.fill_buttons, self.copy_buttons, self.code_buttons):
            for seat, b in buttons.items():  # a taken seat needs neither its link nor a computer
                b.enabled = seat < len(self.seats) and self.seats[seat].get("kind") == "empty"
        shown = self.code_link()
        for b in [*self.code_buttons.values(), self.watch_code]:  # the QR code shown is marked on its button
            which = b.action.split(":")[1]
            b.selected = shown is not None and shown[0] == (self.watch if which == "watch" else self.links.get(int(which)))
        self.watch_toggle.label = N_("Turn watching off") if self.watching_on else N_("Let others watch")
        self.watch_copy.enabled = self.watch_code.enabled = self.watching_on

    def seat_buttons(self, seat: int) -> list[Button]:
        """A seat's buttons shown now, left to right: Copy, QR code, Give to a computer."""
        return [b for b in (self.copy_buttons.get(seat), self.code_buttons.get(seat), self.fill_buttons.get(seat))
                if b is not None and b.enabled]

    def watch_buttons(self) -> list[Button]:
        """The watch link's buttons: Copy and QR code while watching is on, and the host's switch."""
        if not self.watch or not self.host:
            return []
        return [b for b in (self.watch_copy, self.watch_code) if b.enabled] + [self.watch_toggle]

    def buttons(self) -> list[Button]:
        """Every button, seat by seat, then the watch link's, then Leave."""
        out: list[Button] = []
        for seat in range(1, len(self.seats)):
            out += self.seat_buttons(seat)
        return [*out, *self.watch_buttons(), self.back_button]

    def code_link(self) -> tuple[str, str] | None:
        """The link the QR code shows and what it is for ("Guest 1's seat", "To watch the table"): the one
        chosen, else the first seat still waiting for a friend; None when the host has none to show."""
        if not self.host:
            return None
        waiting = [seat for seat in range(1, len(self.seats)) if seat in self.links
                   and self.seats[seat].get("kind") == "empty"]
        chosen = self.code_of
        if chosen == "watch" and self.watch and self.watching_on:
            return self.watch, _("To watch the table")
        seat = chosen if isinstance(chosen, int) and chosen in waiting else (waiting[0] if waiting else None)
        if seat is None:
            return None
        return self.links[seat], _("{label}'s link").format(label=seat_title(seat))

    # ------------------------------------------------------------------ acting

    def act(self, action: str) -> None:
        """Copy a link, give a seat to a computer, or leave."""
        if action == "copy:watch":
            if copy_text(self.watch):
                self.message = _("The watch link is copied: anyone with it can watch the table from no seat.")
            else:
                self.message = _(NO_CLIPBOARD)
        elif action.startswith("copy:"):
            seat = int(action.split(":")[1])
            if copy_text(self.links[seat]):
                self.message = _("The link for guest {number} is copied: send it to your friend.").format(number=seat)
            else:
                self.message = _(NO_CLIPBOARD)
        elif action.startswith("code:"):
            which = action.split(":")[1]
            self.code_of = "watch" if which == "watch" else int(which)
            self._buttons()
        elif action == "watching":
            self.watching_on = not self.watching_on
            self.client.send({"type": "watchers", "on": self.watching_on})
            self._buttons()
        elif action.startswith("fill:"):
            self.client.fill(int(action.split(":")[1]), "normal")
        elif action == "back":
            self.app.show("friends")

    def handle_event(self, event: pygame.event.Event) -> None:
        """Buttons; Esc leaves."""
        self.place(self.app.surface.get_size())
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.act("back")
            return
        self._hover = buttons_event(event, self.buttons(), lambda b: self.act(b.action), self._hover)

    def wants_frames(self) -> bool:
        """False: the lobby changes only when a frame comes, and a frame wakes the window."""
        return False

    def leave(self) -> None:
        """Leaving before the table starts closes the connection (the seat stays kept)."""
        if not self._handed:
            self.client.close(wait=2.0)

    # ------------------------------------------------------------------ drawing

    def place(self, size: tuple[int, int]) -> None:
        """One panel a seat (and one for the watch link), all as tall and evenly spaced, sharing the room between
        the title and Leave (eight seats fit a small window); each panel's buttons at its right; the QR code at the
        right of the panels when the host has a link to show."""
        w, h = size
        unit = ui_scale(size)
        bh = max(26, round(40 * unit))
        self.back_button.rect = Rect(w - round(220 * unit), h - bh - round(24 * unit), round(190 * unit), bh)
        message = self.app.kit.fonts.get(font_px(20, unit)).get_linesize()
        top = round(130 * unit)
        bottom = self.back_button.rect.top - message - round(16 * unit)
        left = round(48 * unit)
        gap = max(4, round(10 * unit))
        panels = len(self.seats) + (1 if self.watch_buttons() else 0)
        pitch = min(round(bh * 1.9), (bottom - top) // max(1, panels))
        code = min(bottom - top, round(w * 0.24)) if self.code_link() is not None else 0
        width = w - 2 * left - (code + 2 * gap if code else 0)
        self.code_rect = Rect(w - left - code, top, code, code) if code else Rect(0, 0, 0, 0)
        self.row_rects = [Rect(left, top + seat * pitch, width, pitch - gap) for seat in range(len(self.seats))]
        self.watch_rect = Rect(left, top + len(self.seats) * pitch, width, pitch - gap) if panels > len(self.seats) \
            else Rect(0, 0, 0, 0)
        widths = {"fill": round(220 * unit), "watching": round(220 * unit)}
        for row, buttons in [*((row, self.seat_buttons(seat)) for seat, row in enumerate(self.row_rects)),
                             (self.watch_rect, self.watch_buttons())]:
            height = min(bh, row.height - 6)
            right = row.right - gap
            y = row.centery - height // 2
            for b in reversed(buttons):
                bw = widths.get(b.action.split(":")[0], round(110 * unit))
                b.rect = Rect(right - bw, y, bw, height)
                right -= bw + round(8 * unit)

    def link_picture(self, link: str, size: int, room: int) -> pygame.Surface:
        """A seat's link in the links' face and groups (:meth:`~chinese_ten.ui.kit.text.TextPainter.link`), as
        large as fits ``room`` pixels up to ``size`` (at the smallest size, what is past ``room`` is not drawn:
        Copy link copies it whole)."""
        kit = self.app.kit
        while True:
            picture = kit.text.link(link, size, kit.theme.text_dim)
            if picture.get_width() <= room or size <= 10:
                return picture
            size -= 1

    def reach_words(self) -> str:
        """Who the host's links reach (:func:`links_reach`); empty for a guest, who hands out no links."""
        if not self.host:
            return ""
        from chinese_ten.ui.open_tables import base_of

        url = getattr(self.client, "url", "")
        return links_reach(base_of(url) if url else "", self.app.settings.server_url)

    def seat_line(self, seat: int, entry: dict[str, Any]) -> str:
        """What a seat's panel says: its label and who sits there (or that a friend is awaited)."""
        label = seat_title(seat)
        kind = entry.get("kind")
        if kind == "empty":
            who = _("waiting for a friend")
        elif kind == "computer":
            strength = entry.get("strength")
            who = _("a computer") if strength not in ORDER else _("a computer ({strength})").format(
                strength=strength_label(str(strength)))
        elif kind == "away":
            who = _("{name} (away)").format(name=entry.get("name") or "")
        else:
            who = str(entry.get("name") or "")
            who += "" if entry.get("online") else " " + _("(offline)")
        if seat == self.seat:
            who += " " + _("(you)")
        return _("{label}: {who}").format(label=label, who=who)

    def draw_watch(self, surface: pygame.Surface) -> None:
        """The watch link's panel: what it is for and how many watch, the link under it (while watching is on)."""
        kit = self.app.kit
        t = kit.theme
        unit = ui_scale(surface.get_size())
        row = self.watch_rect
        radius = max(4, row.height // 6)
        pygame.draw.rect(surface, t.panel, row, border_radius=radius)
        pygame.draw.rect(surface, t.panel_line, row, 2, border_radius=radius)
        pad = max(8, round(16 * unit))
        room = min((b.rect.left for b in self.watch_buttons()), default=row.right) - row.left - 2 * pad
        small = font_px(16, unit)
        if not self.watching_on:
            words = _("Watching is off: nobody can watch this table.")
        elif self.watching:
            words = ngettext("To watch the table · {n} watching", "To watch the table · {n} watching",
                             self.watching).format(n=self.watching)
        else:
            words = _("To watch the table")
        text = kit.text.line(kit.text.cut(words, small if self.watching_on else font_px(20, unit), room),
                             small if self.watching_on else font_px(20, unit), t.text)
        if not self.watching_on:
            surface.blit(text, text.get_rect(midleft=(row.left + pad, row.centery)))
            return
        under = self.link_picture(self.watch, small, room)
        y = row.centery - (text.get_height() + under.get_height()) // 2
        surface.blit(text, (row.left + pad, y))
        surface.blit(under, (row.left + pad, y + text.get_height()), Rect(0, 0, room, under.get_height()))

    def draw_code(self, surface: pygame.Surface) -> None:
        """The QR code of the link :meth:`code_link` names, dark on white with its quiet zone, what it is for under
        it."""
        from chinese_ten.qr import qr_modules

        shown = self.code_link()
        grid = qr_modules(shown[0]) if shown is not None else None
        if shown is None or grid is None:
            return
        kit = self.app.kit
        unit = ui_scale(surface.get_size())
        box = self.code_rect
        caption = kit.fonts.get(font_px(16, unit)).get_linesize()
        side = len(grid) + 8  # four light modules a side
        module = max(1, (min(box.width, box.height - caption - 4)) // side)
        picture = Rect(0, 0, module * side, module * side)
        picture.midtop = box.midtop
        pygame.draw.rect(surface, (255, 255, 255), picture)
        for y, row in enumerate(grid):
            for x, dark in enumerate(row):
                if dark:
                    surface.fill((0, 0, 0), Rect(picture.left + (x + 4) * module, picture.top + (y + 4) * module,
                                                 module, module))
        words = kit.text.line(kit.text.cut(shown[1], font_px(16, unit), box.width), font_px(16, unit), kit.theme.text)
        surface.blit(words, words.get_rect(midtop=(picture.centerx, picture.bottom + 4)))

    def draw(self, surface: pygame.Surface) -> None:
        """The seats, their links and what the lobby waits for."""
        size = surface.get_size()
        self.place(size)
        kit = self.app.kit
        t = kit.theme
        unit = ui_scale(size)
        surface.blit(kit.felt(size), (0, 0))
        title = kit.text.line(self.title or _("A table with friends"), font_px(34, unit), t.text, bold=True)
        surface.blit(title, title.get_rect(midtop=(size[0] // 2, round(24 * unit))))
        body = font_px(20, unit)
        if self.failed:
            line = kit.text.paragraph(self.failed, body, t.accent, size[0] - round(96 * unit))
            surface.blit(line, line.get_rect(midtop=(size[0] // 2, round(84 * unit))))
        elif not self.seats:
            line = kit.text.line(_("Connecting to the table…"), body, t.text_dim)
            surface.blit(line, line.get_rect(midtop=(size[0] // 2, round(84 * unit))))
        else:
            waiting = kit.text.line(_("The deal starts when every seat is taken."), body, t.text_dim)
            surface.blit(waiting, waiting.get_rect(midtop=(size[0] // 2, round(84 * unit))))
        for seat, (entry, row) in enumerate(zip(self.seats, self.row_rects)):
            radius = max(4, row.height // 6)
            pygame.draw.rect(surface, t.panel, row, border_radius=radius)
            pygame.draw.rect(surface, t.accent if seat == self.seat else t.panel_line, row, 2, border_radius=radius)
            shown = [b.rect.left for b in self.seat_buttons(seat)]
            pad = max(8, round(16 * unit))
            room = min(shown, default=row.right) - row.left - 2 * pad
            small = font_px(16, unit)
            text_px = body
            link = self.links.get(seat) if entry.get("kind") == "empty" else None
            line_h = kit.fonts.get(body).get_linesize() + (kit.fonts.get(small).get_linesize() if link else 0)
            if line_h > row.height - 4:  # a crowded table: the seat's words a little smaller
                text_px = small
            text = kit.text.line(kit.text.cut(self.seat_line(seat, entry), text_px, room, seat == self.seat), text_px,
                                 t.text, bold=seat == self.seat)
            if link:
                under = self.link_picture(link, small, room)
                y = row.centery - (text.get_height() + under.get_height()) // 2
                surface.blit(text, (row.left + pad, y))
                surface.blit(under, (row.left + pad, y + text.get_height()), Rect(0, 0, room, under.get_height()))
            else:
                surface.blit(text, text.get_rect(midleft=(row.left + pad, row.centery)))
        if self.watch_rect.width:
            self.draw_watch(surface)
        if self.code_rect.width:
            self.draw_code(surface)
        for b in self.buttons():
            b.draw(surface, kit, font_px(18, unit), b is self._hover)
        reach = self.reach_words()
        if reach and self.links:  # level with Leave, at the left
            small = font_px(16, unit)
            left = round(48 * unit)
            words = kit.text.cut(reach, small, self.back_button.rect.left - left - round(16 * unit))
            line = kit.text.line(words, small, t.text_dim)
            surface.blit(line, line.get_rect(midleft=(left, self.back_button.rect.centery)))
        if self.message:
            line = kit.text.line(self.message, body, t.accent)
            surface.blit(line, line.get_rect(midbottom=(size[0] // 2, self.back_button.rect.top - round(8 * unit))))
