"""The side panel: deal number, whose turn, the score table and the log of turns."""

from __future__ import annotations

import pygame
from pygame import Rect

from ..deal import Phase
from .controller import TableController
from .geometry import TableGeometry
from .scene import Kit


def _signed(value: float) -> str:
    if value == int(value):
        return f"{int(value):+d}"
    return f"{value:+.1f}"


def turn_text(ctl: TableController) -> str:
    """Whose turn it is, in words."""
    deal = ctl.deal
    if deal.is_over and not ctl.busy:
        return "The deal is over"
    seat = ctl.shown_turn
    if seat is None:
        return "The deal is over"
    if ctl.person_choice is not None:
        return "Your pick: which card to take?"
    if seat == ctl.person_seat:
        return "Your turn" if deal.phase is Phase.PLAY and not ctl.busy else "Your turn is being played"
    if ctl.is_thinking():
        return f"{ctl.names[seat]} is thinking…".replace("…", "...")
    return f"{ctl.names[seat]} to play"


class SidePanel:
    """Draws the panel, re-rendering only when what it shows has changed."""

    def __init__(self, kit: Kit) -> None:
        """A panel drawn with the shared kit."""
        self.kit = kit
        self.scroll = 0
        self._key: tuple[object, ...] | None = None
        self._surface: pygame.Surface | None = None
        self._log_rect = Rect(0, 0, 0, 0)
        self._max_scroll = 0
        self.reserve = 0
        self.paused = False
        """True while the game is paused: the turn box says so."""
        """Pixels kept free at the bottom of the panel for buttons."""

    def scroll_by(self, entries: int) -> None:
        """Scroll the log: positive goes back to earlier turns."""
        self.scroll = max(0, min(self._max_scroll, self.scroll + entries))

    def draw(self, surface: pygame.Surface, geom: TableGeometry, ctl: TableController) -> None:
        """Draw the panel into its rectangle."""
        key = (geom.panel.size, ctl.narration.version, ctl.board.version, ctl.shown_turn, ctl.deal_number,
               self.scroll, ctl.is_thinking(), ctl.person_choice is not None, ctl.busy, ctl.deal_recorded,
               self.kit.theme.name, self.kit.theme.card_style, self.reserve,
               self.paused)
        if key != self._key or self._surface is None:
            self._surface = self._render(geom, ctl)
            self._key = key
        surface.blit(self._surface, geom.panel)

    def _render(self, geom: TableGeometry, ctl: TableController) -> pygame.Surface:
        kit = self.kit
        t = kit.theme
        w, h = geom.panel.size
        surf = pygame.Surface((w, h))
        surf.fill(t.panel)
        pygame.draw.line(surf, t.panel_line, (0, 0), (0, h), 2)
        pad = max(10, round(16 * geom.unit))
        x = pad
        y = pad
        inner = w - 2 * pad
        title = kit.text.line(f"Deal {ctl.deal_number} of {ctl.match.total_deals}", geom.font(34), t.text, bold=True)
        surf.blit(title, (x, y))
        y += title.get_height() + 2
        dealer = ctl.names[ctl.deal.dealer]
        sub = kit.text.line(f"Dealer: {dealer}" + (" (you)" if ctl.deal.dealer == ctl.person_seat else ""),
                            geom.font(20), t.text_dim)
        surf.blit(sub, (x, y))
        y += sub.get_height() + pad // 2

        words = "Paused" if self.paused else turn_text(ctl)
        turn = kit.text.line(words, geom.font(26), t.text_on_light, bold=True)
        if turn.get_width() > inner - pad:
            turn = kit.text.line(words, geom.font(20), t.text_on_light, bold=True)
        box = Rect(x, y, inner, turn.get_height() + pad)
        pygame.draw.rect(surf, t.turn_ring, box, border_radius=8)
        surf.blit(turn, turn.get_rect(midleft=(x + pad // 2, box.centery)))
        y = box.bottom + pad

        y = self._scores(surf, geom, ctl, x, y, inner)
        y += pad // 2
        head = kit.text.line("Turns", geom.font(22), t.text_dim, bold=True)
        surf.blit(head, (x, y))
        hint = kit.text.line("scroll for earlier", geom.font(16), t.text_dim)
        surf.blit(hint, (x + inner - hint.get_width(), y + 3))
        y += head.get_height() + 4
        self._log(surf, geom, ctl, Rect(x, y, inner, h - y - pad - self.reserve))
        return surf

    def _scores(self, surf: pygame.Surface, geom: TableGeometry, ctl: TableController, x: int, y: int,
                inner: int) -> int:
        kit = self.kit
        t = kit.theme
        size = geom.font(20)
        cols = [0.0, 0.40, 0.58, 0.78, 1.0]
        heads = ["", "Cards", "Points", "Deal", "Match"]
        for i, text in enumerate(heads):
            s = kit.text.line(text, geom.font(17), t.text_dim)
            cx = x + round(cols[i] * inner)
            surf.blit(s, (cx - s.get_width(), y) if i else (cx, y))
        y += kit.fonts.get(geom.font(17)).get_linesize() + 2
        board = ctl.board
        tie = ctl.deal.tie_score
        totals = ctl.match.totals
        turn = ctl.shown_turn
        row_h = kit.fonts.get(size).get_linesize() + 6
        for seat in range(ctl.seats):
            row = Rect(x - 4, y, inner + 8, row_h)
            if seat == turn and not ctl.deal.is_over:
                pygame.draw.rect(surf, t.raised, row, border_radius=6)
            margin = float(board.points[seat] - tie)
            cells = [ctl.names[seat], str(board.piles[seat]), str(board.points[seat]), _signed(margin),
                     _signed(float(totals[seat]))]
            for i, text in enumerate(cells):
                colour = t.text
                if i in (3, 4):
                    val = margin if i == 3 else float(totals[seat])
                    colour = t.gain if val > 0 else (t.loss if val < 0 else t.text)
                s = kit.text.line(text, size, colour, bold=i == 0)
                cx = x + round(cols[i] * inner)
                surf.blit(s, (cx - s.get_width(), y + 3) if i else (cx, y + 3))
            y += row_h
        note = kit.text.line(f"Tie score {_signed(float(tie)).lstrip('+')}: points above it are the margin",
                             geom.font(16), t.text_dim)
        if note.get_width() > inner:
            note = kit.text.line(f"Tie score {_signed(float(tie)).lstrip('+')}", geom.font(16), t.text_dim)
        surf.blit(note, (x, y + 2))
        return y + note.get_height() + 6

    def _log(self, surf: pygame.Surface, geom: TableGeometry, ctl: TableController, rect: Rect) -> None:
        kit = self.kit
        t = kit.theme
        entries = ctl.narration.entries
        self._max_scroll = max(0, len(entries) - 1)
        self.scroll = min(self.scroll, self._max_scroll)
        size = geom.font(19)
        bottom = rect.bottom
        clip = surf.get_clip()
        surf.set_clip(rect)
        last = len(entries) - 1 - self.scroll
        for i in range(last, -1, -1):
            para = kit.text.paragraph(entries[i], size, t.text if i == len(entries) - 1 else t.text_dim,
                                      rect.width - 12)
            top = bottom - para.get_height() - 6
            if i == len(entries) - 1:
                pygame.draw.rect(surf, t.raised, Rect(rect.left - 4, top - 2, rect.width + 8, para.get_height() + 8),
                                 border_radius=6)
            surf.blit(para, (rect.left + 4, top + 2))
            bottom = top - 2
            if bottom < rect.top:
                break
        surf.set_clip(clip)
        if self.scroll:
            more = kit.text.line(f"{self.scroll} newer below", geom.font(16), t.accent)
            surf.blit(more, (rect.right - more.get_width(), rect.bottom - more.get_height()))
