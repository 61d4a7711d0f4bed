"""The end of a match: who won, each seat's place, the results deal by deal; New match, Start screen or Quit."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from chinese_ten.engine.scores import signed
from chinese_ten.i18n import N_, _
from chinese_ten.ui.kit import font_px, ui_scale
from chinese_ten.ui.widgets.button import Button, buttons_event
from chinese_ten.ui.widgets.overlay import TableOverlay
from chinese_ten.ui.kit.sound import match_effect
from chinese_ten.ui.table.narration import winners_text

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services
    from chinese_ten.ui.table.controller import TableController
    from chinese_ten.ui.table.live import TableScene

AUTO_SECONDS = 0.3




ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"), N_("6th"), N_("7th"), N_("8th"))
"""Places as written (up to eight seats)."""


def places(totals: Sequence[Fraction | float]) -> list[int]:
    """Each seat's place from its total: 1 for the highest; seats with equal totals share a place.

    >>> places([10, -5, 10, -15])
    [1, 3, 1, 4]
    """
    return [1 + sum(other > mine for other in totals) for mine in totals]


def place_names(totals: Sequence[Fraction | float]) -> list[str]:
    """Each seat's place in words, a shared place said as such: "1st", "shared 2nd"."""
    ranks = places(totals)
    return [_("shared {place}").format(place=_(ORDINALS[r - 1])) if ranks.count(r) > 1 else _(ORDINALS[r - 1])
            for r in ranks]


def person_place_text(names: list[str], totals: Sequence[Fraction | float], person: int | None) -> str:
    """The person's place in a sentence ("You came 3rd of 4."); empty when no person plays."""
    if person is None:
        return ""
    ranks = places(totals)
    mine = ranks[person]
    others = [names[s] for s, r in enumerate(ranks) if r == mine and s != person]
    if others:
        return _("You share {place} place with {names}.").format(place=_(ORDINALS[mine - 1]),
                                                                 names=_(" and ").join(others))
    return _("You came {place} of {count}.").format(place=_(ORDINALS[mine - 1]), count=len(totals))


PRACTICE_RESULT = N_("A practice match: it stays out of the statistics.")
"""What the result says of a match that was practice with no take-back (a deal played by its number)."""

TAKEN_BACK_RESULT = N_("A practice match (with take-backs): it stays out of the statistics.")
"""What the result says of a match made practice by a take-back."""


def practice_note(ctl: TableController) -> str:
    """What the result says of the match's being practice, in words (empty when it is not practice)."""
    if not ctl.practice:
        return ""
    return _(TAKEN_BACK_RESULT) if ctl.taken_back else _(PRACTICE_RESULT)


AGAIN_ASKED = N_("Asked to play again: {names}")
"""Under a network match's result: who has pressed Play again so far."""


def network_buttons(watching: bool = False) -> list[Button]:
    """A network match's end: another match at the same table (not for a watcher, who sits at none), a new table,
    or the tables one sits at."""
    again = Button(N_("Play again (Enter)"), "again")
    again.quiet_label = N_("Waiting for the others…")  # once asked: until everybody has
    return [again][watching:] + [Button(N_("New table"), "new"), Button(N_("Your tables"), "tables")]


class MatchScene(TableOverlay):
    """An overlay with the match's result."""

    opens_by_itself = True
    """It opens from the last count, maybe under a held Enter (see :class:`~chinese_ten.ui.app.PressGuard`)."""

    def __init__(self, app: Services, table: TableScene, auto: bool = False) -> None:
        """The result of ``table``'s match; ``auto`` closes the app after a moment (demo)."""
        network = getattr(table, "network", False)
        self.match = table.ctl.match
        """The match shown (at a network table the next one may begin under this screen)."""
        watching = bool(getattr(getattr(table, "follower", None), "watching", False))
        super().__init__(app, table, network_buttons(watching) if network else [
            Button(N_("New match (Enter)"), "new"), Button(N_("Start screen"), "start"), Button(N_("Quit"), "quit")], auto)
        app.sound.play(match_effect(table.ctl))
        app.keeper.result_shown()

    def place(self, size: tuple[int, int]) -> None:
        """Put the buttons in place for this window size."""
        unit = ui_scale(size)
        box = self.box(size)
        bw, bh = round(220 * unit), round(46 * unit)
        gap = round(16 * unit)
        x = box.centerx - (len(self.buttons) * bw + (len(self.buttons) - 1) * gap) // 2
        for b in self.buttons:
            b.rect = Rect(x, box.bottom - bh - round(22 * unit), bw, bh)
            x += bw + gap

    def box(self, size: tuple[int, int]) -> Rect:
        """The result box at this window size."""
        w, h = size
        unit = ui_scale(size)
        fonts = self.app.kit.fonts

        def line(points: float) -> int:
            return int(fonts.get(font_px(points, unit)).get_linesize())

        row_h = line(22) + round(8 * unit)
        want = (round(28 * unit) + line(44) + line(26) + round(14 * unit)  # title and place
                + row_h * (self.match.deals_played + 1) + 6 + line(26) + round(4 * unit) + line(22)
                + round((30 + 46 + 22) * unit))  # the table, then the buttons
        if self.match.rules.win == "target":
            want += line(20)  # the rule that decided the win
        if getattr(self.table, "network", False):
            want += line(20)  # who has asked to play again
        if self.table.ctl.practice:
            want += line(20)  # the word that the match was practice
        area = self.table.geom().table
        margin = max(8, round(16 * unit))
        widest = round(w * 0.66) if self.table.ctl.seats <= 4 else area.width  # a column a seat
        box = Rect(0, 0, min(area.width - 2 * margin, widest), min(h - 2 * margin, want))
        box.center = area.center
        return box

    def act(self, action: str) -> None:
        """Start a new match, go back to the start screen or quit."""
        if action == "quit":
            self.app.quit()
        elif action == "start":
            self.app.thinker.cancel()
            self.app.show("start")
        elif action == "again":
            play_again = getattr(self.table, "play_again", None)
            if play_again is not None:
                play_again()
        elif action == "tables":
            self.app.show("tables")  # the network tables this window sits at
        elif getattr(self.table, "network", False):  # a new match with friends is a new table
            self.app.show("friends")
        else:
            self.app.new_match()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Enter presses the focused button (New match at first); Esc opens the menu, as everywhere;
        Left/Right or Tab move between the buttons; clicks too."""
        self.place(self.app.surface.get_size())
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.open("menu")
            return
        self._hover = buttons_event(event, self.buttons, lambda b: self.act(b.action), self._hover,
                                    back=(pygame.K_LEFT,), forward=(pygame.K_RIGHT, pygame.K_TAB))

    def update(self, dt: float) -> None:
        """In a demo, close after a moment; at a network table, give way to the next match once the server
        deals it (everybody asked to play again)."""
        super().update(dt)
        if getattr(self.table, "network", False):
            self.buttons[0].enabled = self.buttons[0].action != "again" or not getattr(self.table, "again_asked", False)
            follower = getattr(self.table, "follower", None)
            if follower is not None and follower.match is not self.match and self.app.top() is self:
                self.app.pop(self)
                return
        if self.auto and self.shown_for >= AUTO_SECONDS:
            self.app.quit()

    def draw(self, surface: pygame.Surface) -> None:
        """The winners and the results table."""
        kit = self.app.kit
        t = kit.theme
        ctl = self.table.ctl
        match = self.match
        w, h = surface.get_size()
        unit = ui_scale((w, h))
        self.place((w, h))
        dim = pygame.Surface((w, h), pygame.SRCALPHA)
        dim.fill((0, 0, 0, max(160, t.dim_alpha)))
        surface.blit(dim, (0, 0))
        box = self.box((w, h))
        pygame.draw.rect(surface, t.panel, box, border_radius=16)
        pygame.draw.rect(surface, t.accent, box, 3, border_radius=16)
        title = kit.text.line(winners_text(ctl.names, match.winners()), font_px(44, unit), t.accent, bold=True)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.top + round(24 * unit))))
        y = box.top + round(28 * unit) + title.get_height()
        mine = person_place_text(ctl.names, match.exact_totals, ctl.person_seat)
        if mine:
            line = kit.text.line(mine, font_px(26, unit), t.text, bold=True)
            surface.blit(line, line.get_rect(midtop=(box.centerx, y)))
            y += line.get_height()
        winning = ctl.rules_ui.winning_words(match.rules)
        if winning is not None:
            rule = kit.text.line(winning, font_px(20, unit), t.text_dim)
            surface.blit(rule, rule.get_rect(midtop=(box.centerx, y)))
            y += rule.get_height()
        if ctl.practice:
            note = kit.text.line(practice_note(ctl), font_px(20, unit), t.text_dim)
            surface.blit(note, note.get_rect(midtop=(box.centerx, y)))
            y += note.get_height()
        asked: list[str] = getattr(self.table, "again_names", list)()
        if getattr(self.table, "network", False):
            words = _(AGAIN_ASKED).format(names=_(", ").join(asked)) if asked else ""
            note = kit.text.line(kit.text.cut(words, font_px(20, unit), box.width - round(40 * unit)) if words else " ",
                                 font_px(20, unit), t.accent)
            surface.blit(note, note.get_rect(midtop=(box.centerx, y)))
            y += note.get_height()
        y += round(14 * unit)
        cols = len(ctl.names) + 1
        col_w = (box.width - round(60 * unit)) / cols
        x0 = box.left + round(30 * unit)
        row_h = kit.fonts.get(font_px(22, unit)).get_linesize() + round(8 * unit)
        avail = box.bottom - round(90 * unit) - y
        results = match.results
        shown = results if (len(results) + 3) * row_h <= avail else results[-max(1, avail // row_h - 4):]
        heads = [_("Deal")] + ctl.names
        head_px = kit.text.fitting(heads, font_px(22, unit), col_w - 4, True)  # a full ring's names fit their columns
        for i, text in enumerate(heads):
            s = kit.text.line(text, head_px, t.text_dim, bold=True)
            surface.blit(s, s.get_rect(midtop=(x0 + col_w * (i + 0.5), y)))
        y += row_h
        first = len(results) - len(shown) + 1
        for k, res in enumerate(shown):
            cells = [str(first + k)] + [signed(float(r)) for r in res]
            for i, text in enumerate(cells):
                s = kit.text.line(text, font_px(22, unit), t.text)
                surface.blit(s, s.get_rect(midtop=(x0 + col_w * (i + 0.5), y)))
            y += row_h
        pygame.draw.line(surface, t.panel_line, (x0, y), (box.right - round(30 * unit), y), 2)
        y += 6
        winners = set(match.winners())
        for i, text in enumerate([_("Total")] + [signed(float(v)) for v in match.totals]):
            colour = t.accent if i and (i - 1) in winners else t.text
            s = kit.text.line(text, font_px(26, unit), colour, bold=True)
            surface.blit(s, s.get_rect(midtop=(x0 + col_w * (i + 0.5), y)))
        y += kit.fonts.get(font_px(26, unit)).get_linesize() + round(4 * unit)
        place_words = [_("Place")] + place_names(match.exact_totals)
        place_px = kit.text.fitting(place_words, font_px(22, unit), col_w - 4, True)
        for i, text in enumerate(place_words):
            colour = t.accent if i and (i - 1) in winners else t.text_dim
            s = kit.text.line(text, place_px, colour, bold=True)
            surface.blit(s, s.get_rect(midtop=(x0 + col_w * (i + 0.5), y)))
        for b in self.buttons:
            b.draw(surface, kit, font_px(22, unit), b is self._hover)
