"""The side panel: deal number, whose turn, the score table and the log of turns."""

from __future__ import annotations

from fractions import Fraction

import pygame
from pygame import Rect

from chinese_ten.engine.scores import as_number, signed
from chinese_ten.i18n import _
from chinese_ten.ui.table.controller import TableController
from chinese_ten.ui.table.geometry import TableGeometry
from chinese_ten.ui.table.narration import Narration
from chinese_ten.ui.table.tracker import Tracked, grouped, track
from chinese_ten.ui.kit import Kit


def turn_text(ctl: TableController) -> str:
    """Whose turn it is, in words."""
    if ctl.deal_over and not ctl.busy:
        return _("The deal is over")
    seat = ctl.shown_turn
    if seat is None:
        return _("The deal is over")
    if ctl.person_choice is not None:
        if ctl.rules_ui.lists_options:
            return _("Your pick: what to take?")
        return _("Your pick: which card to take?")
    if seat == ctl.person_seat:
        playing = ctl.rules_ui.may_play(ctl.view, seat) and not ctl.busy
        return _("Your turn") if playing else _("Your turn is being played")
    if ctl.busy:
        return _("{name} is playing").format(name=ctl.names[seat])
    if ctl.is_thinking():
        return _("{name} is thinking...").format(name=ctl.names[seat])
    return _("{name} to play").format(name=ctl.names[seat])


def rules_text(ctl: TableController) -> str:
    """The rules in force, in words: the preset, the direction of play when it is not clockwise, and
    whether the match is practice."""
    parts = ctl.rules_ui.rules_words(ctl.match.rules)
    if ctl.practice:
        parts.append(_("practice"))
    return " · ".join(parts)


def deal_margins(ctl: TableController) -> list[Fraction]:
    """Each seat's exact margin in the deal as shown: its points less an even share of the points taken so
    far while the deal goes on (see :func:`live_margins`), the deal's results (points less the tie score)
    once it is over. Both add up to zero; the column writes them by the one rule of
    :func:`~chinese_ten.engine.scores.signed`, as the count and History do.

    Every margin is 0 before the first capture.
    """
    deal = ctl.finished_deal()
    if deal is not None and not ctl.busy:
        return [Fraction(m) for m in ctl.rules_ui.margins(deal)]
    return live_margins(ctl.board.points)


def live_margins(points: list[int]) -> list[Fraction]:
    """Each seat's points less an even share of all the points, exact (they add up to zero)."""
    seats = len(points)
    return [Fraction(p * seats - sum(points), seats) for p in points]


def score_columns(widths: list[int], inner: int, gap: int) -> list[float | None]:
    """Where each column of the score table ends, as a share of the panel's inner width ``inner``: the name
    from the left, the others right-aligned from the right, each as wide as its widest text (``widths``) and
    ``gap`` apart; the cards taken give up their room (they are counted at each pile) when the names need it."""
    edges: list[float | None] = [0.0] * len(widths)
    right = float(inner)
    for i in range(len(widths) - 1, 0, -1):
        edges[i] = right / inner
        right -= widths[i] + gap
    if widths[0] > right:  # long names (a ring's compass points): no Cards column
        edges[1] = None
    return edges


LOG_GAP = 8
"""Pixels between two entries of the turn log."""


def lines_of(tracked: Tracked) -> list[str]:
    """The card tracker's lines: the cards of each value still out (Go Fishing), or the scoring cards and each
    layout card's partners still out."""
    if tracked.values:
        counts = "\u00a0· ".join(f"{name}:\u00a0{n}" for name, n in tracked.values)  # a count never wraps from its card
        return [_("Still out by value: {counts}").format(counts=counts)]
    partners = "\u00a0· ".join(f"{c.pretty}:\u00a0{n}" for c, n in tracked.partners)
    return [_("Scoring cards out: {cards}").format(cards=grouped(tracked.scoring) or _("none")),
            _("Partners out: {cards}").format(cards=partners or _("none"))]


class SidePanel:
    """Draws the panel, re-rendering only when what it shows has changed."""

    def __init__(self, kit: Kit) -> None:
        """A panel drawn with the shared kit."""
        self.kit = kit
        self.scroll = 0
        self._key: tuple[object, ...] | None = None
        self._surface: pygame.Surface | None = None
        self._max_scroll = 0
        self.reserve = 0
        """Pixels kept free at the bottom of the panel for buttons."""
        self.paused = False
        """True while the game is paused: the turn box says so."""
        self.shown: list[tuple[int, Rect]] = []
        """The log entries drawn last, by index, and where (in the panel's own pixels)."""
        self.note_rect = Rect(0, 0, 0, 0)
        """Where the "newer below" note was drawn last (empty when not scrolled back)."""
        self.log_rect = Rect(0, 0, 0, 0)
        """The log's area in the panel's own pixels, as drawn last."""
        self.turn_rect = Rect(0, 0, 0, 0)
        """The box saying whose turn it is, in the panel's own pixels, as drawn last."""
        self.turns_head = Rect(0, 0, 0, 0)
        """Where the "Turns" heading went, in the panel's own pixels, as drawn last."""
        self._entries_seen = 0
        self.tracker_shown: list[str] = []
        """The card tracker's lines drawn last (none when it had no room)."""
        self.tracker = False
        self._tracked: tuple[tuple[int, int], Tracked] | None = None
        """True when the card tracker is shown (the Card tracker setting, T at the table)."""

    def scroll_by(self, entries: int) -> None:
        """Scroll the log: positive goes back to earlier turns, never past the first."""
        self.scroll = max(0, min(self._max_scroll, self.scroll + entries))

    def follow(self, ctl: TableController) -> None:
        """Back to the newest entry whenever a new turn is told."""
        count = len(ctl.narration.entries)
        if count > self._entries_seen:
            self.scroll = 0
        self._entries_seen = count

    def draw(self, surface: pygame.Surface, geom: TableGeometry, ctl: TableController) -> None:
        """Draw the panel into its rectangle."""
        key = (geom.panel.size, ctl.narration.version, ctl.board.version, ctl.shown_turn, ctl.deal_number,
               self.scroll, ctl.is_thinking(), ctl.person_choice is not None, ctl.busy, ctl.deal_recorded,
               self.kit.theme.name, self.kit.theme.card_style, self.reserve,
               self.paused, ctl.match.rules, ctl.practice, self.tracker and self._tracked_now(ctl))
        if key != self._key or self._surface is None:
            self._surface = self._render(geom, ctl)
            self._key = key
        surface.blit(self._surface, geom.panel)

    def _render(self, geom: TableGeometry, ctl: TableController) -> pygame.Surface:
        self.tracker_shown = []
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
        words = _("Deal {number} of {total}").format(number=ctl.deal_number, total=ctl.match.total_deals)
        title = kit.text.line(words, geom.font(34), t.text, bold=True)
        surf.blit(title, (x, y))
        y += title.get_height() + 2
        sub = kit.text.line(_("Dealer: {name}").format(name=ctl.names[ctl.dealer]), geom.font(20), t.text_dim)
        surf.blit(sub, (x, y))
        y += sub.get_height()
        rules = kit.text.line(rules_text(ctl), geom.font(18), t.text_dim)
        if rules.get_width() > inner:
            rules = kit.text.line(rules_text(ctl), geom.font(15), t.text_dim)
        surf.blit(rules, (x, y))
        y += rules.get_height() + pad // 2

        words = _("Paused") if self.paused else turn_text(ctl)
        turn = kit.text.line(words, geom.font(26), t.text_on_light, bold=True)
        height = turn.get_height()  # the box keeps this height when the words must shrink to fit
        if turn.get_width() > inner - pad:
            turn = kit.text.line(words, geom.font(20), t.text_on_light, bold=True)
        box = Rect(x, y, inner, height + pad)
        self.turn_rect = box
        pygame.draw.rect(surf, t.turn_ring, box, border_radius=8)
        surf.blit(turn, turn.get_rect(midleft=(x + pad // 2, box.centery)))
        y = box.bottom + pad

        y = self._scores(surf, geom, ctl, x, y, inner)
        if self.tracker:  # the tracker takes what is left above the turns' own room
            room = self.turns_room(geom, ctl.narration, inner) + pad
            y = self.tracker_lines(surf, geom, self._tracked_now(ctl), _("Card tracker (T)"), x, y, inner,
                                   h - self.reserve - room) + pad // 2
        self.turns(surf, geom, ctl.narration, x, y + pad // 2, inner, h - pad - self.reserve)
        return surf

    def turns_room(self, geom: TableGeometry, narration: Narration, inner: int) -> int:
        """The least height the turns keep ``inner`` pixels wide: their head and the newest turn whole (two
        lines at least)."""
        kit = self.kit
        entries = narration.entries
        newest = kit.text.paragraph(entries[-1], geom.font(19), kit.theme.text, inner - 12).get_height() if entries else 0
        lines = max(newest, 2 * kit.fonts.get(geom.font(19)).get_linesize())
        head = kit.text.line(_("Turns"), geom.font(22), kit.theme.text_dim, bold=True)
        return int(head.get_height()) + 4 + lines + LOG_GAP

    def turns(self, surf: pygame.Surface, geom: TableGeometry, narration: Narration, x: int, y: int, inner: int,
              bottom: int) -> None:
        """The "Turns" head at ``y`` and under it the log of ``narration`` down to ``bottom``: the newest turns
        that fit, with how many earlier ones are out of sight (Page Up reaches them)."""
        kit = self.kit
        t = kit.theme
        head = kit.text.line(_("Turns"), geom.font(22), t.text_dim, bold=True)
        self.turns_head = surf.blit(head, (x, y))
        self.log_rect = Rect(x, y + head.get_height() + 4, inner, max(0, bottom - y - head.get_height() - 4))
        earlier = narration.turns_before(self.log(surf, geom, narration.entries, self.log_rect))
        if earlier:
            hint = kit.text.line(_("{count} earlier · Page Up").format(count=earlier), geom.font(16), t.text_dim)
            surf.blit(hint, hint.get_rect(bottomright=(x + inner, y + head.get_height())))

    def _scores(self, surf: pygame.Surface, geom: TableGeometry, ctl: TableController, x: int, y: int,
                inner: int) -> int:
        kit = self.kit
        t = kit.theme
        size = geom.font(20)
        board = ctl.board
        totals = ctl.match.totals
        margins = deal_margins(ctl)
        heads = ["", _("Cards"), _("Points"), _("Deal"), _("Match")]
        rows = [[ctl.names[seat], str(board.piles[seat]), str(board.points[seat]), signed(margins[seat]),
                 signed(totals[seat])] for seat in range(ctl.seats)]
        cols = score_columns(
            [max([kit.text.width(heads[i], geom.font(17))] + [kit.text.width(r[i], size, i == 0) for r in rows])
             for i in range(len(heads))], inner, max(6, geom.font(20) // 2))
        for i, text in enumerate(heads):
            at = cols[i]
            if at is None:
                continue
            s = kit.text.line(text, geom.font(17), t.text_dim)
            cx = x + round(at * inner)
            surf.blit(s, (cx - s.get_width(), y) if i else (cx, y))
        y += kit.fonts.get(geom.font(17)).get_linesize() + 2
        turn = ctl.shown_turn
        row_h = kit.fonts.get(size).get_linesize() + 6
        for seat in range(ctl.seats):
            row = Rect(x - 4, y, inner + 8, row_h)
            if seat == turn and not ctl.deal_over:
                pygame.draw.rect(surf, t.raised, row, border_radius=6)
            margin = margins[seat]
            for i, text in enumerate(rows[seat]):
                at = cols[i]
                if at is None:
                    continue
                colour = t.text
                if i in (3, 4):
                    val = as_number(margin if i == 3 else totals[seat])
                    colour = t.gain if val > 0 else (t.loss if val < 0 else t.text)
                s = kit.text.line(text, size, colour, bold=i == 0)
                cx = x + round(at * inner)
                surf.blit(s, (cx - s.get_width(), y + 3) if i else (cx, y + 3))
            y += row_h
        notes = ctl.rules_ui.score_note(ctl.view, ctl.match.rules, ctl.seats)
        for words in notes:
            note = kit.text.line(words, geom.font(16), t.text_dim)
            if note.get_width() <= inner:
                break
        surf.blit(note, (x, y + 2))
        return y + note.get_height() + 6

    def _tracked_now(self, ctl: TableController) -> Tracked:
        """The tracker of the person's view; while a move is still being shown, as it was before it (the
        tracker does not tell a card the table has not shown yet)."""
        kept = self._tracked
        if ctl.busy and kept is not None and kept[0] == (ctl.session.generation, ctl.deal_number):
            return kept[1]
        tracked = track(ctl.view)
        self._tracked = ((ctl.session.generation, ctl.deal_number), tracked)
        return tracked

    def tracker_lines(self, surf: pygame.Surface, geom: TableGeometry, tracked: Tracked, heading: str, x: int, y: int,
                      inner: int, limit: int) -> int:
        """The card tracker under ``heading`` from ``y``, from the seat's view alone (``tracked``): the scoring
        cards still out and each layout card's partners still out (Go Fishing: the cards of each value still
        out), each line only while it ends above ``limit``; nothing when not even its first line fits. Returns
        the bottom."""
        kit = self.kit
        t = kit.theme
        head = kit.text.line(heading, geom.font(20), t.text_dim, bold=True)
        first = kit.text.paragraph(lines_of(tracked)[0], geom.font(17), t.text, inner)
        self.tracker_shown = []
        if y + head.get_height() + 2 + first.get_height() > limit:
            return y  # not even its first line has room: the turns keep theirs
        surf.blit(head, (x, y))
        y += head.get_height() + 2
        for words in lines_of(tracked):
            para = kit.text.paragraph(words, geom.font(17), t.text, inner)
            if y + para.get_height() > limit:
                break
            surf.blit(para, (x, y))
            self.tracker_shown.append(words)
            y += para.get_height() + 2
        return y

    def log(self, surf: pygame.Surface, geom: TableGeometry, entries: list[str], rect: Rect) -> int:
        """The newest of the log's ``entries`` that fit in ``rect``, whole, above a "newer below" note while
        scrolled back; returns the index of the first shown (how many entries are out of sight above)."""
        kit = self.kit
        t = kit.theme
        newest = len(entries) - 1
        size = geom.font(19)
        paras = [kit.text.paragraph(text, size, t.text if i == newest else t.text_dim, rect.width - 12)
                 for i, text in enumerate(entries)]
        note_size = geom.font(16)
        note_h = kit.fonts.get(note_size).get_linesize() + 4

        def first_shown(scroll: int) -> int:
            room = rect.height - (note_h if scroll else 0)
            first = newest - scroll
            used = paras[first].get_height() + LOG_GAP if first >= 0 else 0
            while first > 0 and used + paras[first - 1].get_height() + LOG_GAP <= room:
                first -= 1
                used += paras[first].get_height() + LOG_GAP
            return first

        self._max_scroll = 0
        while self._max_scroll < newest and first_shown(self._max_scroll) > 0:
            self._max_scroll += 1
        self.scroll = min(self.scroll, self._max_scroll)
        self.shown = []
        self.note_rect = Rect(rect.left, rect.bottom, rect.width, 0)
        if not entries:
            return 0
        first = first_shown(self.scroll)
        bottom = rect.bottom - (note_h if self.scroll else 0)
        clip = surf.get_clip()
        surf.set_clip(rect)
        for i in range(newest - self.scroll, first - 1, -1):
            para = paras[i]
            top = max(rect.top, bottom - para.get_height() - LOG_GAP + 2)  # too tall for the log: its first lines
            back = Rect(rect.left - 4, top - 2, rect.width + 8, para.get_height() + LOG_GAP)
            if i == newest:
                pygame.draw.rect(surf, t.raised, back, border_radius=6)
            surf.blit(para, (rect.left + 4, top + 2))
            self.shown.append((i, back))
            bottom = back.top
        surf.set_clip(clip)
        if self.scroll:
            more = kit.text.line(_("{count} newer below · Page Down").format(count=self.scroll), note_size, t.accent)
            if more.get_width() > rect.width:
                more = kit.text.line(_("{count} newer below").format(count=self.scroll), note_size, t.accent)
            self.note_rect = Rect(rect.left, rect.bottom - note_h, rect.width, note_h)
            surf.blit(more, more.get_rect(bottomright=self.note_rect.bottomright))
        return first
