"""The Statistics screen: how the person does, per opponent strength, seat count and rules, and a chart
of the margins of the last deals; a reset behind a question, which keeps a backup first."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from chinese_ten.engine.scores import signed as signed_margin
from chinese_ten.i18n import _, ngettext
from chinese_ten.matchstore import Figures, Statistics
from chinese_ten.ui.choices import table_name
from chinese_ten.engine.strengths import key_strengths, strengths_label
from chinese_ten.ui.widgets.dialog import Page
from chinese_ten.ui.kit import font_px, ui_scale
from chinese_ten.ui.widgets.button import Button, buttons_event

if TYPE_CHECKING:
    from chinese_ten.ui.kit.text import TextPainter
    from chinese_ten.ui.services import Services

_log = logging.getLogger("chinese_ten.ui")


def _n(value: float | None, signed: bool = False) -> str:
    if value is None:
        return "–"
    if signed:
        return signed_margin(value) if value else "0"
    return f"{value:g}"


def columns() -> list[str]:
    """The table's column heads."""
    return [_("Table"), _("Played"), _("Won"), _("Shared"), _("Lost"), _("Abandoned"), _("Win %"),
            _("Mean / deal"), _("Best deal"), _("Best match"), _("Streak"), _("Longest")]


def head_lines(painter: TextPainter, head: str, size: int, width: int) -> tuple[list[str], int]:
    """A column head broken into lines no wider than ``width`` (at spaces), and the text size to draw them
    at: smaller only when one word alone is wider than the column."""
    for px in range(size, 9, -1):
        lines = painter.wrap(head, px, width, bold=True)
        if all(painter.width(line, px, True) <= width for line in lines):
            return lines, px
    return painter.wrap(head, 10, width, bold=True), 10


def chart_range(margins: Sequence[float]) -> tuple[float, float]:
    """The highest and lowest values the chart of ``margins`` shows: from the largest gain (or 0) down to
    the largest loss (or 0), so a chart of losses alone spends no room on gains."""
    hi = max(0.0, *margins) if margins else 1.0
    lo = min(0.0, *margins) if margins else 0.0
    if hi - lo < 1:
        hi = lo + 1
    return float(hi), float(lo)


BAR_MOST = 56
"""The widest a chart bar is drawn (at scale 1), so a few deals do not make slabs."""


def bar_slots(count: int, left: int, width: int, unit: float) -> list[tuple[int, int]]:
    """Where each of ``count`` bars goes across a chart ``width`` pixels wide from ``left``: its left edge and
    width, the bars spread over the whole width (each in its own share, centred, at most :data:`BAR_MOST`)."""
    if count <= 0:
        return []
    step = width / count
    bar = max(2, min(round(step * 0.7), round(BAR_MOST * unit)))
    return [(round(left + (i + 0.5) * step - bar / 2), bar) for i in range(count)]


def signed_tick(value: float) -> str:
    """A value on the chart's scale: "+30", "0", "-12"."""
    return f"{value:+g}" if value else "0"


def row_cells(name: str, f: Figures) -> list[str]:
    """One line of the table: the name of the table and its figures."""
    return [name, str(f.matches), str(f.won), str(f.shared), str(f.lost), str(f.abandoned), _n(f.win_percent),
            _n(f.mean_margin, True), _n(f.best_deal, True), _n(f.best_match, True), str(f.streak),
            str(f.longest_streak)]


def table_rows(stats: Statistics) -> list[list[list[str]]]:
    """The table's lines in sections: over all; per kind of computers alone (one strength, or a mix named
    seat by seat), seats alone and rules alone; then per kind of table (computers, seats and rules together),
    every one of them. Rules are Chinese Ten's presets; a game without any (Go Fishing) is named by its game."""
    from chinese_ten.games import GAMES

    games = [row_cells(_("All of {game}").format(game=_(GAMES[k].title)), f) for k, f in stats.by_game if k in GAMES]
    presets = {preset.name: preset.title for spec in GAMES.values() for preset in spec.options.presets}
    return [[row_cells(_("All tables"), stats.overall)],
            [row_cells(_("All against {strength}").format(strength=strengths_label(key_strengths(k))),
                       f) for k, f in stats.by_strength],
            [row_cells(_("All at {n} seats").format(n=k), f) for k, f in stats.by_seats],
            games if len(games) > 1 else [],
            [row_cells(_("All under {rules}").format(rules=_(presets[k])), f) for k, f in stats.by_rules if k in presets],
            [row_cells(table_name(key_strengths(key[0]), *key[1:]), f) for key, f in stats.by]]


CHART_MIN = 120
"""The least height of the chart, at the smallest window's scale: the table scrolls in what is left."""


def practice_line(stats: Statistics) -> str:
    """The line saying how practising went: positions solved, answers failed, positions still to solve
    (empty before there is any position)."""
    counts = stats.positions
    if not (counts.solved or counts.failed or counts.waiting):
        return ""
    return _("Practice positions: {solved} solved · {failed} failed · {waiting} to solve").format(
        solved=counts.solved, failed=counts.failed, waiting=counts.waiting)


def chart_title(stats: Statistics) -> str:
    """The line over the chart of the last deals' margins, or what stands in for the chart while it is empty."""
    if stats.recent:
        return _("Your margin in the last {n} deals").format(n=len(stats.recent))
    if stats.network:  # deals were kept, at network tables, which the chart leaves out as every figure does
        return _("No deal against computers here yet: the chart of your margins starts with the first.")
    return _("No deal has been kept yet: the chart of your margins starts with the first.")


class StatsScene(Page):
    """The statistics over whatever is showing; Esc or Back closes them."""

    def __init__(self, app: Services) -> None:
        """Read the statistics once, as the screen opens."""
        super().__init__(app)
        self.stats: Statistics | None = app.keeper.statistics()
        self.confirming = False
        self.buttons = [Button(_("Back"), "back"), Button(_("Reset statistics…"), "reset")]
        if self.stats is not None and app.keeper.last_reset() is not None:
            self.buttons.append(Button(_("Undo the last reset"), "undo"))
        self.buttons[0].focused = True
        self._hover: Button | None = None
        self.first = 0
        """The first of the table's scrolling lines shown (those under All tables)."""
        self.shown = 0
        """How many of the scrolling lines fit, as last drawn."""

    @property
    def scroll_lines(self) -> int:
        """How many lines scroll under All tables (the totals by one part, then every kind of table)."""
        return 0 if self.stats is None else sum(len(section) for section in table_rows(self.stats)[1:])

    def scroll(self, lines: int) -> None:
        """Move the table's scrolling lines by ``lines`` (down for more than zero), within what there is."""
        self.first = max(0, min(self.first + lines, self.scroll_lines - max(1, self.shown)))

    def act(self, action: str) -> None:
        """Back, ask about a reset, reset after the question, or undo the last reset."""
        if action == "back":
            self.app.pop(self)
        elif action == "reset":
            self.confirming = True
            self.buttons = [Button(_("Keep them"), "keep"), Button(_("Reset"), "really")]
            self.buttons[0].focused = True
        elif action == "keep":
            self.__init__(self.app)  # type: ignore[misc]
        elif action == "really":
            try:
                backup = self.app.keeper.reset()
                self.app.notify(_("Statistics reset. A backup was kept as {name}.").format(name=backup.name))
            except (sqlite3.Error, OSError) as problem:
                _log.warning("could not reset the statistics: %s", problem)
                self.app.notify(_("The statistics could not be reset; nothing was changed."))
            self.__init__(self.app)  # type: ignore[misc]
        elif action == "undo":
            try:
                count = self.app.keeper.undo_reset()
                self.app.notify(ngettext("The last reset is undone: {n} match counts in the statistics again.",
                                         "The last reset is undone: {n} matches count in the statistics again.",
                                         count).format(n=count))
            except (sqlite3.Error, OSError) as problem:
                _log.warning("could not undo the reset of the statistics: %s", problem)
                self.app.notify(_("The last reset could not be undone; nothing was changed."))
            self.__init__(self.app)  # type: ignore[misc]

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc closes (or answers no to the question); Tab, arrows and Enter work the buttons."""
        self.place(self.app.surface.get_size())
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.act("keep" if self.confirming else "back")
            return
        if not self.confirming:
            page = max(1, self.shown - 1)
            steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page,
                     pygame.K_HOME: -self.scroll_lines, pygame.K_END: self.scroll_lines}
            if event.type == pygame.KEYDOWN and event.key in steps:
                self.scroll(steps[event.key])
                return
            if event.type == pygame.MOUSEWHEEL:
                self.scroll(-3 * event.y)
                return
        self._hover = buttons_event(event, self.buttons, lambda b: self.act(b.action), self._hover,
                                    back=(pygame.K_LEFT,), forward=(pygame.K_RIGHT, pygame.K_TAB))

    def draw(self, surface: pygame.Surface) -> None:
        """Title, the figures' table, the chart and the buttons."""
        kit = self.app.kit
        t = kit.theme
        size = surface.get_size()
        unit = ui_scale(size)
        box, y = self.draw_page(surface, _("Statistics"))
        pad = round(28 * unit)
        body = font_px(18, unit)
        if self.confirming:
            for points, text in ((24, _("Reset the statistics?")),
                                 (20, _("Every finished and abandoned match leaves the statistics, which start again "
                                        "from the next match. History keeps them all, with their reviews, and "
                                        "“Undo the last reset” counts them again."))):
                for words in kit.text.wrap(text, font_px(points, unit), box.width - 2 * pad, bold=True):
                    line = kit.text.line(words, font_px(points, unit), t.text, bold=True)
                    surface.blit(line, line.get_rect(midtop=(box.centerx, y + round(40 * unit))))
                    y += line.get_height() + round(8 * unit)
        elif self.stats is None:
            line = kit.text.line(_("Nothing is kept in this window, so there are no statistics."), body, t.text_dim)
            surface.blit(line, line.get_rect(midtop=(box.centerx, y)))
        else:
            chart_bottom = self.buttons[0].rect.top - round(16 * unit)
            room = chart_bottom - y - round((CHART_MIN + 12) * unit)
            y = self._draw_table(surface, Rect(box.left + pad, y, box.width - 2 * pad, max(0, room)), body)
            height = min(round(260 * unit), max(0, chart_bottom - y - round(12 * unit)))
            self._draw_chart(surface, Rect(box.left + pad, y + round(12 * unit), box.width - 2 * pad, height), unit)
        for b in self.buttons:
            b.draw(surface, kit, font_px(22, unit), b is self._hover)

    def _draw_table(self, surface: pygame.Surface, area: Rect, size: int) -> int:
        kit = self.app.kit
        t = kit.theme
        stats = self.stats
        assert stats is not None
        sections = table_rows(stats)
        heads = columns()
        everything = [heads] + [cells for section in sections for cells in section]
        first_w = max(kit.text.line(r[0], size, t.text).get_width() for r in everything)
        first_w = min(first_w + 12, area.width // 3)
        rest = (area.width - first_w) / (len(heads) - 1)
        line_h = kit.fonts.get(size).get_linesize() + 4
        # heads too wide for their columns take two lines rather than run into each other
        wrapped = [head_lines(kit.text, h, size, max(1, int(rest) - 6)) for h in heads[1:]]
        head_h = max(len(lines) * (kit.fonts.get(px, True).get_linesize()) for lines, px in wrapped) + 4
        note_h = kit.fonts.get(max(12, size - 2)).get_linesize() + 8
        # the heads and All tables stay; the other lines scroll in the room left (less a line saying there is more)
        scrolling = [(i, cells) for i, section in enumerate(sections[1:], start=1) for cells in section]
        notes = (1 if stats.practice else 0) + (1 if practice_line(stats) else 0) + (1 if stats.network else 0)
        fit = max(1, (area.height - head_h - line_h - notes * note_h) // line_h)
        self.shown = len(scrolling) if len(scrolling) <= fit else max(1, fit - 1)
        self.first = max(0, min(self.first, len(scrolling) - self.shown))
        shown = scrolling[self.first:self.first + self.shown]
        lines = [(-1, heads), (0, sections[0][0])] + shown
        y = area.top
        for r, (section, cells) in enumerate(lines):
            if r >= 2 and section != lines[r - 1][0]:
                pygame.draw.line(surface, t.text_dim, (area.left, y - 2), (area.right, y - 2))
            if r == 0:
                self._draw_heads(surface, heads[0], wrapped, area, first_w, rest, y, size)
                y += head_h
                continue
            for c, text in enumerate(cells):
                ink = t.text
                img = kit.text.line(text, size, ink, bold=r <= 1)
                if c == 0:
                    img = img.subsurface(Rect(0, 0, min(img.get_width(), first_w - 6), img.get_height()))
                    surface.blit(img, (area.left, y))
                else:
                    cx = area.left + first_w + rest * (c - 1) + rest / 2
                    if img.get_width() > rest - 4:
                        img = kit.text.line(text, max(10, size - 4), ink, bold=r <= 1)
                    surface.blit(img, img.get_rect(midtop=(round(cx), y)))
            y += line_h
        if self.shown < len(scrolling):
            words = _("Lines {first}–{last} of {total} · Up/Down or the wheel to scroll").format(
                first=self.first + 1, last=self.first + len(shown), total=len(scrolling))
            more = kit.text.line(words, max(12, size - 2), t.text_dim)
            surface.blit(more, (area.left, y + 2))
            y += line_h
        if stats.practice:
            words = ngettext("{n} practice match is kept apart and counts in none of these figures.",
                             "{n} practice matches are kept apart and count in none of these figures.",
                             stats.practice).format(n=stats.practice)
            note = kit.text.line(words, max(12, size - 2), t.text_dim)
            surface.blit(note, (area.left, y + 4))
            y += note.get_height() + 8
        positions = practice_line(stats)
        if positions:
            note = kit.text.line(positions, max(12, size - 2), t.text_dim)
            surface.blit(note, (area.left, y + 4))
            y += note.get_height() + 8
        if stats.network:
            words = ngettext("{n} match with friends at a network table is in History and counts in none of these "
                             "figures.",
                             "{n} matches with friends at network tables are in History and count in none of these "
                             "figures.", stats.network).format(n=stats.network)
            note = kit.text.line(words, max(12, size - 2), t.text_dim)
            surface.blit(note, (area.left, y + 4))
            y += note.get_height() + 8
        return y

    def _draw_heads(self, surface: pygame.Surface, first: str, wrapped: list[tuple[list[str], int]], area: Rect,
                    first_w: int, rest: float, y: int, size: int) -> None:
        """The column heads, each centred over its column on one or two lines."""
        kit = self.app.kit
        ink = kit.theme.accent
        img = kit.text.line(first, size, ink, bold=True)
        surface.blit(img.subsurface(Rect(0, 0, min(img.get_width(), first_w - 6), img.get_height())), (area.left, y))
        for c, (lines, px) in enumerate(wrapped, start=1):
            cx = area.left + first_w + rest * (c - 1) + rest / 2
            top = y
            for text in lines:
                line = kit.text.line(text, px, ink, bold=True)
                surface.blit(line, line.get_rect(midtop=(round(cx), top)))
                top += kit.fonts.get(px, True).get_linesize()

    def _draw_chart(self, surface: pygame.Surface, area: Rect, unit: float) -> None:
        """Bars of the last deals' margins, up for a gain and down for a loss, from a zero line, against a scale
        from the largest gain to the largest loss with its values marked."""
        kit = self.app.kit
        t = kit.theme
        stats = self.stats
        assert stats is not None
        words = chart_title(stats)
        label = kit.text.line(words, font_px(18, unit), t.text_dim)
        surface.blit(label, (area.left, area.top))
        plot = Rect(area.left, area.top + label.get_height() + 4, area.width,
                    area.height - label.get_height() - 4)
        if plot.height < 20 or not stats.recent:
            return
        hi, lo = chart_range(stats.recent)
        small = font_px(16, unit)
        labels = [(value, kit.text.line(signed_tick(value), small, t.text_dim)) for value in dict.fromkeys((hi, 0.0, lo))]
        gutter = max(img.get_width() for _value, img in labels) + round(10 * unit)
        plot = Rect(plot.left + gutter, plot.top, max(10, plot.width - gutter), plot.height)

        def y_of(value: float) -> int:
            return round(plot.top + (hi - value) / (hi - lo) * (plot.height - 1))

        zero = y_of(0.0)
        tick = max(3, round(5 * unit))
        shown: list[int] = []
        for value, img in labels:
            y = y_of(value)
            if any(abs(y - other) < img.get_height() for other in shown):
                continue  # a tick too close to one already labelled (the zero line at the top or bottom)
            shown.append(y)
            pygame.draw.line(surface, t.text_dim, (plot.left - tick, y), (plot.left, y))
            surface.blit(img, img.get_rect(midright=(plot.left - tick - 2, y)))
        pygame.draw.line(surface, t.text_dim, (plot.left, plot.top), (plot.left, plot.bottom - 1))
        pygame.draw.line(surface, t.text_dim, (plot.left, zero), (plot.right, zero))
        for margin, (x, width) in zip(stats.recent, bar_slots(len(stats.recent), plot.left, plot.width, unit)):
            end = y_of(margin)
            top, bottom = min(zero, end), max(zero, end)
            bar = Rect(x, top if margin >= 0 else zero + 1, width, max(1, bottom - top))
            pygame.draw.rect(surface, t.gain if margin >= 0 else t.loss, bar)
        order = kit.text.line(_("oldest left, newest right"), font_px(16, unit), t.text_dim)
        surface.blit(order, order.get_rect(topright=(area.right, area.top)))
