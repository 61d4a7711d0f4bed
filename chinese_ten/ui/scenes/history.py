"""The History screen: the finished and abandoned matches, and those played with friends at network tables,
newest first, with their deals; a deal's count opens on Enter, R opens its review, and E writes its record
to a file."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from chinese_ten.engine.scores import signed
from chinese_ten.games import with_result
from chinese_ten.engine.records import RecordError
from chinese_ten.engine.scores import as_number
from chinese_ten.i18n import _
from chinese_ten.matchstore import DamagedMatch, KeptMatch
from chinese_ten.storage import atomic_write
from chinese_ten.ui.choices import table_name
from chinese_ten.ui.kit import font_px, ui_scale
from chinese_ten.engine.strengths import strength_label
from chinese_ten.ui.table.controller import SIDE_NAMES
from chinese_ten.ui.stakes import ask_before_abandoning
from chinese_ten.ui.table.games import record_game
from chinese_ten.ui.table.geometry import SIDES
from chinese_ten.ui.widgets.button import Button, buttons_event
from chinese_ten.ui.widgets.dialog import Page

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services

_log = logging.getLogger("chinese_ten.ui")

SHOWN_MATCHES = 200
"""How many of the newest matches the screen lists."""


def _player(who: str) -> str:
    """A seat's player as shown: You, or the computer's strength."""
    return _("You") if who == "you" else strength_label(who)


def seat_names(m: KeptMatch, strength: bool = True) -> list[str]:
    """Who sat in each seat of a kept match: You, or a computer by its side of the table and (with
    ``strength``) how strong it is: "West — Hard"."""
    if m.setup.names is not None:  # a network table's seats, by their labels and the names they had there
        from chinese_ten.ui.network_names import network_seat_name

        return [network_seat_name(seat, name, "human" if who in ("you", "person") else "computer", who)
                for seat, (who, name) in enumerate(zip(m.setup.players, m.setup.names))]
    sides = SIDES.get(m.setup.seats)
    names = []
    for seat, who in enumerate(m.setup.players):
        if who == "you" or sides is None or seat >= len(sides):
            names.append(_player(who))
        elif strength:
            names.append(_("{side} — {strength}").format(side=_(SIDE_NAMES[sides[seat]]), strength=_player(who)))
        else:
            names.append(_(SIDE_NAMES[sides[seat]]))
    return names


def match_line(m: KeptMatch) -> str:
    """A kept match in one line: when, which table, how it went."""
    how = {"won": _("won"), "shared": _("shared"), "lost": _("lost")}.get(m.outcome or "", "")
    seat = m.setup.person_seat
    if m.outcome == "lost" and seat is not None and seat < len(m.totals) and len(m.totals) > 2:
        # not first is not always a loss of points: say the place (second on +28 is no "lost +28")
        place = 1 + sum(1 for t in m.totals if t > m.totals[seat])
        how = _("place {place} of {seats}").format(place=place, seats=len(m.totals))
    if m.state == "abandoned":
        how = _("abandoned")
    if m.practice:
        how = _("{result}, practice").format(result=how) if how else _("practice")
    table = table_name(m.setup.strengths, m.setup.seats, m.setup.preset, m.setup.game)
    if m.setup.network is not None:
        table = network_table_name(m)
        if m.state == "playing":
            how = _("not over when last seen")
    you = f" {signed(m.totals[seat])}" if seat is not None and seat < len(m.totals) else ""
    return f"{m.started.replace('T', ' ')[:16]}  {table}  {how}{you}"


def network_table_name(m: KeptMatch) -> str:
    """A network table's match as a kind of table: "Chinese Ten · with friends · 3 seats"."""
    from chinese_ten.games import game_named

    try:
        title = _(game_named(m.setup.game).title)
    except ValueError:  # a game this version does not know is named as it was kept
        title = m.setup.game
    return " · ".join([title, _("with friends"), _("{n} seats").format(n=m.setup.seats)])


class HistoryScene(Page):
    """The kept matches; Up/Down choose a match, Left/Right a deal, Enter its count, E its record, Esc back."""

    def __init__(self, app: Services) -> None:
        """Read the newest matches once, as the screen opens."""
        super().__init__(app)
        self.matches: list[KeptMatch] = app.keeper.history(SHOWN_MATCHES)
        self.damaged: list[DamagedMatch] = app.keeper.damaged()
        """The kept matches that cannot be read: listed apart, below the others."""
        self.index = 0
        self.deal = 0
        self.count_open = False
        self.buttons = [Button(_("Back"), "back"), Button(_("Count (Enter)"), "count"),
                        Button(_("Review (R)"), "review"), Button(_("Export record (E)"), "export"),
                        Button(_("Play this deal again (A)"), "again"), Button(_("Share (S)"), "share")]
        self.buttons[0].focused = True
        self._hover: Button | None = None
        self._rows: list[Rect] = []
        self.keys_rect = Rect(0, 0, 0, 0)
        """Where the line of keys was last drawn."""
        self.count_cards: list[str] = []
        """Each seat's scoring cards in the count last drawn, in words."""
        self._deal_rows: list[Rect] = []

    @property
    def selected(self) -> KeptMatch | None:
        """The match chosen in the list."""
        return self.matches[self.index] if self.matches else None

    def act(self, action: str) -> None:
        """Back (out of History at once, a count open or not), open or close the deal's count, or export its
        record; ``close`` (Esc) closes an open count first."""
        if action == "close" and self.count_open:
            self.count_open = False
        elif action in ("back", "close"):
            self.app.pop(self)
        elif action == "count":
            self.count_open = not self.count_open and self._kept_deal() is not None
        elif action == "export":
            self.export()
        elif action == "review":
            self.review()
        elif action == "again":
            self.play_again()
        elif action == "share":
            self.share()

    def shared_link(self) -> str:
        """The chosen deal's ``/d/`` link: a network deal's, as kept; empty for a deal played in this window."""
        from chinese_ten.ui.sharing import record_link

        kept = self._kept_deal()
        try:
            return record_link(kept.record) if kept is not None else ""
        except ValueError:  # a damaged record text
            return ""

    def share(self) -> None:
        """Copy the chosen network deal's ``/d/`` link to the clipboard and say so (nothing for another deal)."""
        from chinese_ten.ui.sharing import share_deal

        link = self.shared_link()
        if link:
            self.app.notify(share_deal(link))

    def place(self, size: tuple[int, int]) -> None:
        """The buttons side by side at the foot, each as wide as its words need, the room shared out in that
        measure (six buttons fit a small window)."""
        unit = ui_scale(size)
        box = self.box(size)
        gap = round(14 * unit)
        text = self.app.kit.text
        need = [text.width(_(b.label), font_px(20, unit), True) + round(28 * unit) for b in self.buttons]
        room = box.width - (len(need) + 1) * gap
        scale = min(1.0, room / max(1, sum(need)))
        widths = [int(n * scale) for n in need]
        bh = round(48 * unit)
        x = box.centerx - (sum(widths) + (len(widths) - 1) * gap) // 2
        for b, bw in zip(self.buttons, widths):
            b.rect = Rect(x, box.bottom - bh - round(18 * unit), bw, bh)
            x += bw + gap

    def update(self, dt: float) -> None:
        """Share is offered for a network deal only."""
        super().update(dt)
        self.buttons[-1].enabled = bool(self.shared_link())

    def play_again(self) -> None:
        """Deal the chosen deal again from its deal number: a practice match of one deal, at the kept match's
        seats, rules and computers, the person in the same seat (nothing when the deal has no number)."""
        kept = self._kept_deal()
        m = self.selected
        if kept is None or m is None:
            return
        try:
            record = kept.record
        except ValueError:
            record = {}
        number, dealer = record.get("deal_number"), record.get("dealer")
        if isinstance(number, bool) or not isinstance(number, int):
            self.app.notify(_("This deal was kept before deals had numbers; it can't be dealt again."))
            return
        from chinese_ten.games import game_named

        game = game_named(m.setup.game)
        try:
            rules = game.rules_from_json(m.setup.rules) if game.options.presets else game.default_rules
        except ValueError:
            rules = None
        setup = m.setup
        dealt = dealer if isinstance(dealer, int) and 0 <= dealer < setup.seats else None
        ask_before_abandoning(self.app, number, lambda: self.app.play_deal(
            number, seats=setup.seats, strength=setup.strengths, rules=rules, game=game.name,
            seat=setup.person_seat or 0, dealer=dealt))

    def _kept_deal(self):  # type: ignore[no-untyped-def]
        m = self.selected
        if m is None or not m.deals:
            return None
        return m.deals[min(self.deal, len(m.deals) - 1)]

    def review(self) -> None:
        """Open the review of the chosen deal for the person's seat (seat 0 when computers played them all)."""
        kept = self._kept_deal()
        m = self.selected
        if kept is None or m is None:
            return
        seat = m.setup.person_seat or 0
        try:
            record = kept.record
        except ValueError as problem:  # a damaged record text
            _log.warning("could not read deal %d's record: %s", kept.number, problem)
            self.app.notify(_("This deal cannot be reviewed: {reason}").format(reason=str(problem)))
            return
        self.count_open = False  # Back from the review comes to the list, not to the count it was opened from
        if m.setup.names is not None and isinstance(record, dict):  # a network table's seats, as its windows named them
            record = {**record, "names": seat_names(m, strength=True)}
        self.app.open("review", record=record, seat=seat, kept=(m.id, kept.number))

    def export(self) -> None:
        """Write the chosen deal's record into the data folder's ``records`` folder and say where."""
        kept = self._kept_deal()
        m = self.selected
        if kept is None or m is None or self.app.keeper.folder is None:
            return
        folder = self.app.keeper.folder / "records"
        name = m.record_name(kept)
        try:
            atomic_write(folder / name, (json.dumps(with_result(kept.record), indent=1) + "\n").encode("utf-8"))
        except (OSError, ValueError) as problem:  # the last: a record text that can't be read after all
            _log.warning("could not export a record: %s", problem)
            self.app.notify(_("The record could not be written to {folder}.").format(folder=folder))
            return
        self.app.notify(_("The deal's record was written to {path}.").format(path=folder / name))

    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys and clicks choose a match and a deal, and work the buttons."""
        self.place(self.app.surface.get_size())
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.act("close")
                return
            if event.key in (pygame.K_UP, pygame.K_DOWN) and self.matches:
                self.index = (self.index + (1 if event.key == pygame.K_DOWN else -1)) % len(self.matches)
                self.deal = 0
                self.count_open = False
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.selected and self.selected.deals:
                self.deal = (self.deal + (1 if event.key == pygame.K_RIGHT else -1)) % len(self.selected.deals)
                return
            if event.key == pygame.K_e:
                self.export()
                return
            if event.key == pygame.K_r:
                self.review()
                return
            if event.key == pygame.K_a:
                self.play_again()
                return
            if event.key == pygame.K_s:
                self.share()
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not any(
                    b.focused and b.action != "back" for b in self.buttons):
                self.act("count")
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self._rows):
                if rect.collidepoint(event.pos):
                    self.index, self.deal, self.count_open = i, 0, False
                    return
            for i, rect in enumerate(self._deal_rows):
                if rect.collidepoint(event.pos):
                    self.deal, self.count_open = i, True
                    return
        self._hover = buttons_event(event, self.buttons, lambda b: self.act(b.action), self._hover,
                                    back=(), forward=(pygame.K_TAB,))

    def draw(self, surface: pygame.Surface) -> None:
        """The list of matches on the left, the chosen match's deals (or a deal's count) on the right."""
        kit = self.app.kit
        t = kit.theme
        size = surface.get_size()
        unit = ui_scale(size)
        box, top = self.draw_page(surface, _("History"))
        pad = round(24 * unit)
        bottom = self.buttons[0].rect.top - round(12 * unit)
        body = font_px(18, unit)
        line_h = kit.fonts.get(body).get_linesize() + round(6 * unit)
        self._rows, self._deal_rows = [], []
        self.keys_rect = Rect(box.left, bottom, box.width, 0)
        if self.matches:  # the key line at the foot, and the lists above it, never under it
            keys = kit.text.line(_("Up/Down a match · Left/Right a deal · Enter its count · R its review · E export · "
                                   "A play again · S share · Esc back"),
                                 font_px(16, unit), t.text_dim)
            self.keys_rect = keys.get_rect(midbottom=(box.centerx, bottom))
            surface.blit(keys, self.keys_rect)
            bottom = self.keys_rect.top - round(6 * unit)
        if self.damaged:
            bottom = self._draw_damaged(surface, Rect(box.left + pad, top, box.width - 2 * pad, bottom - top),
                                        body, line_h, at_top=not self.matches)
        if not self.matches:
            if not self.damaged:
                line = kit.text.line(_("No match has ended yet."), body, t.text_dim)
                surface.blit(line, line.get_rect(midtop=(box.centerx, top)))
        else:
            left = Rect(box.left + pad, top, box.width * 11 // 20 - pad, bottom - top)
            list_px, rows = self._match_lines(left.width - 12, body)
            step = kit.fonts.get(list_px).get_linesize()
            row_h = line_h + step * (max(len(lines) for lines in rows) - 1)
            visible = max(1, left.height // row_h)
            first = max(0, min(self.index - visible // 2, len(self.matches) - visible))
            for i in range(first, min(len(self.matches), first + visible)):
                row = Rect(left.left, left.top + (i - first) * row_h, left.width, row_h)
                if i == self.index:
                    pygame.draw.rect(surface, t.raised, row, border_radius=6)
                    pygame.draw.rect(surface, t.accent, row, 2, border_radius=6)
                for k, piece in enumerate(rows[i]):
                    surface.blit(kit.text.line(piece, list_px, t.text), (row.left + 6, row.top + 3 + k * step))
            self._rows = [Rect(0, 0, 0, 0)] * first + [
                Rect(left.left, left.top + k * row_h, left.width, row_h)
                for k in range(min(len(self.matches), first + visible) - first)]
            right = Rect(left.right + pad, top, box.right - pad - left.right - pad, bottom - top)
            self._draw_match(surface, right, body, line_h)
        for b in self.buttons:
            b.draw(surface, kit, font_px(20, unit), b is self._hover)

    def _match_lines(self, room: int, body: int) -> tuple[int, list[list[str]]]:
        """The size the list of matches is written at and each match's line, shrunk a little to fit ``room``
        or, when even that is too wide, broken over lines (between its parts first): never cut."""
        text = self.app.kit.text
        texts = [match_line(m) for m in self.matches]
        size = text.fitting(texts, body, room, smallest=max(10, round(body * 0.85)))
        rows = []
        for words in texts:
            lines = [words]
            if text.width(words, size) > room:
                lines = [line for part in _packed(words.split("  "), "  ", text.width, size, room)
                         for line in (text.wrap(part, size, room) if text.width(part, size) > room else [part])]
            rows.append(lines)
        return size, rows

    def _draw_damaged(self, surface: pygame.Surface, area: Rect, body: int, line_h: int, at_top: bool) -> int:
        """The matches set aside as damaged, a line each (at most three, then how many more), at the top of
        ``area`` or at its foot; returns where the list of sound matches must end."""
        kit = self.app.kit
        t = kit.theme
        shown = self.damaged[:3]
        lines = [_("Set aside as damaged (kept in the file as they were):")]
        lines += [_("{when} · can't be read").format(when=d.started.replace("T", " ")[:16] or _("unknown date"))
                  for d in shown]
        if len(self.damaged) > len(shown):
            lines.append(_("and {n} more").format(n=len(self.damaged) - len(shown)))
        y = area.top if at_top else area.bottom - len(lines) * line_h
        for i, text in enumerate(lines):
            img = kit.text.line(text, body, t.text_dim if i else t.text, bold=i == 0)
            surface.blit(img.subsurface(Rect(0, 0, min(img.get_width(), area.width), img.get_height())),
                         (area.left, y + i * line_h))
        return area.bottom if at_top else y - line_h // 2

    def _draw_match(self, surface: pygame.Surface, area: Rect, body: int, line_h: int) -> None:
        kit = self.app.kit
        t = kit.theme
        m = self.selected
        assert m is not None
        y = area.top
        players = _(", ").join(seat_names(m))
        words = _("{done} of {total} deals · players: {players}").format(done=len(m.deals), total=m.setup.total_deals,
                                                                         players=players)
        # every seat's player and strength, on as many lines as a ring of eight needs
        lines = kit.text.wrap(words, body, area.width)
        if m.missed:  # a network table's deals that ended while this window was not at it, said on lines of their own
            lines = kit.text.wrap(_("{kept} of {played} deals played are kept here (the others ended while you were "
                                    "away) · players: {players}").format(kept=len(m.deals), played=len(m.deals) + m.missed,
                                                                         players=players), body, area.width)
        for words in lines:
            head = kit.text.line(words, body, t.text_dim)
            surface.blit(head.subsurface(Rect(0, 0, min(head.get_width(), area.width), head.get_height())),
                         (area.left, y))
            y += line_h
        if self.count_open:
            self._draw_count(surface, Rect(area.left, y, area.width, area.bottom - y), body, line_h)
            return
        for i, d in enumerate(m.deals):
            margins = " · ".join(f"{who} {signed(v)}" for who, v in zip(seat_names(m, strength=False), d.margins))
            words = _("Deal {n}: {margins}").format(n=d.number, margins=margins)
            room = area.width - 12
            size = kit.text.fitting([words], body, room, smallest=max(10, round(body * 0.85)))
            lines = [words]
            if kit.text.width(words, size) > room:
                # a ring of eight goes on to more lines, broken between seats, rather than shrink out of reading
                lines = _packed(words.split(" · "), " · ", kit.text.width, size, room)
            step = line_h * size // body
            row = Rect(area.left, y, area.width, line_h + step * (len(lines) - 1))
            if row.bottom > area.bottom and i:
                break
            self._deal_rows.append(row)
            if i == self.deal:
                pygame.draw.rect(surface, t.accent, row, 2, border_radius=6)
            for k, piece in enumerate(lines):
                text = kit.text.line(piece, size, t.text)
                surface.blit(text, (row.left + 6, row.top + 3 + k * step), Rect(0, 0, room, text.get_height()))
            y = row.bottom
            if y + line_h > area.bottom:
                break

    def _draw_count(self, surface: pygame.Surface, area: Rect, body: int, line_h: int) -> None:
        """The chosen deal's count: each seat's cards taken, points and margin."""
        kit = self.app.kit
        t = kit.theme
        kept = self._kept_deal()
        m = self.selected
        self.count_cards = []
        if kept is None or m is None:
            return
        try:
            game = record_game(kept.record)  # a kept deal of either game counts as its own game counts
            rows = game.count(game.replayed(kept.record).positions[-1])
        except (RecordError, ValueError) as problem:  # a record that can't be replayed, or read
            line = kit.text.line(str(problem), body, t.text_dim)
            surface.blit(line, (area.left, area.top))
            return
        y = area.top
        words = _("Deal {n}: the count").format(n=kept.number)
        number = kept.record.get("deal_number")
        if isinstance(number, int) and not isinstance(number, bool):
            words = _("{words} · deal number {number}").format(words=words, number=number)
        title = kit.text.line(words, body, t.accent, bold=True)
        surface.blit(title, (area.left, y))
        y += line_h
        names = seat_names(m)
        for seat, row in enumerate(rows):
            name = names[seat] if seat < len(names) else str(seat)
            text = _("{name}: {cards} cards, {points} points, {margin}").format(
                name=name, cards=row.taken, points=row.points, margin=signed(as_number(row.margin)))
            surface.blit(kit.text.line(text, body, t.text), (area.left, y))
            y += line_h
            cards = " ".join(c.pretty for c in row.cards) or _("no scoring cards")
            self.count_cards.append(cards)
            img = kit.text.line(cards, body, t.text_dim)
            surface.blit(img.subsurface(Rect(0, 0, min(img.get_width(), area.width - 12), img.get_height())),
                         (area.left + 12, y))
            y += line_h


def _packed(parts: list[str], joint: str, width: Callable[[str, int], int], size: int, room: int) -> list[str]:
    """``parts`` joined by ``joint`` into as few lines no wider than ``room`` at ``size`` as they go, never
    breaking a part (``width`` measures a text)."""
    lines: list[str] = []
    for part in parts:
        if lines and width(lines[-1] + joint + part, size) <= room:
            lines[-1] += joint + part
        else:
            lines.append(part)
    return lines
