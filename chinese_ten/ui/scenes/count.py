"""The count at the end of a deal: every seat's scoring cards (in Go Fishing every card captured), each
with its points, the seat's points and its result."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
from pygame import Rect

from chinese_ten.engine.scores import signed
from chinese_ten.i18n import N_, _, ngettext
from chinese_ten.ui.table.geometry import CARD_RATIO
from chinese_ten.ui.table.side_deal import play_again_in_match
from chinese_ten.ui.kit import font_px, ui_scale
from chinese_ten.ui.widgets.button import Button, button_at, buttons_event
from chinese_ten.ui.widgets.overlay import TableOverlay

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services
    from chinese_ten.ui.table.live import TableScene

AUTO_SECONDS = 0.25


class CountScene(TableOverlay):
    """An overlay listing the deal's count; Enter moves on."""

    opens_by_itself = True
    """It opens as the deal ends, maybe under a press meant for the table (see :class:`~chinese_ten.ui.app.PressGuard`)."""

    def __init__(self, app: Services, table: TableScene, auto: bool = False) -> None:
        """The count of ``table``'s finished deal; ``auto`` moves on by itself."""
        self.shot_taken = False
        last = table.ctl.match.is_over
        label = table.after_last_deal if last else N_("Next deal (Enter)")
        buttons = [Button(label, "next")]
        if table.ctl.rules_ui.reviewable:
            buttons.append(Button(N_("Review this deal (R)"), "review"))
        if not auto and not table.apart and table.ctl.session.shuffle_number is not None:
            buttons.append(Button(N_("Play this deal again"), "again"))
        if not auto and self.deal_link(table):
            buttons.append(Button(N_("Share"), "share"))
        super().__init__(app, table, buttons, auto)

    @staticmethod
    def deal_link(table: TableScene) -> str:
        """The finished deal's ``/d/`` link at a network table; empty anywhere else."""
        from chinese_ten.ui.open_tables import base_of
        from chinese_ten.ui.sharing import deal_link

        follower, client = getattr(table, "follower", None), getattr(table, "client", None)
        number, table_id = getattr(follower, "table_deal", None), getattr(follower, "table", None)
        if not getattr(table, "network", False) or client is None or not table_id or not number:
            return ""
        return deal_link(base_of(client.url), table_id, number)

    @property
    def button(self) -> Button:
        """The one button: Next deal, or Final results after the last deal."""
        return self.buttons[0]

    def place(self, size: tuple[int, int]) -> None:
        """Put the button where the count box has it at this window size."""
        unit = ui_scale(size)
        box = self.box(size)
        pad = max(12, round(20 * unit))
        label_w = self.app.kit.text.width(_(self.button.label), font_px(24, unit), True) + 40
        self.button.rect = Rect(0, 0, label_w, round(44 * unit))
        self.button.rect.bottomright = (box.right - pad, box.bottom - pad)
        for before, other in zip(self.buttons, self.buttons[1:]):  # each further button left of the one before
            other_w = self.app.kit.text.width(_(other.label), font_px(24, unit), True) + 40
            other.rect = Rect(0, 0, other_w, self.button.rect.height)
            other.rect.bottomright = (before.rect.left - pad, self.button.rect.bottom)

    def box(self, size: tuple[int, int]) -> Rect:
        """The count's box at this window size."""
        h = size[1]
        unit = ui_scale(size)
        area = self.table.geom().table
        want = round((150 * self.table.ctl.seats + 190) * unit)
        box = Rect(0, 0, area.width - 2 * max(8, round(16 * unit)), min(h - 2 * max(8, round(16 * unit)), want))
        box.center = area.center
        return box

    def handle_event(self, event: pygame.event.Event) -> None:
        """Enter or a click on the button moves on; Esc opens the menu (not in a demo)."""
        self.place(self.app.surface.get_size())
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if not self.auto:
                self.app.open("menu")
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r and self.table.ctl.rules_ui.reviewable:
            self.review()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.auto:
            self.table.place_buttons()
            lit = button_at([b for b in self.table.buttons() if b.enabled], event.pos)
            if lit is not None:  # the panel stays lit beside the count: its live buttons still work
                self.table.press(lit.action)
                return
        self._hover = buttons_event(event, self.buttons, self._press, self._hover)

    def _press(self, button: Button) -> None:
        if button.action == "review":
            self.review()
        elif button.action == "again":
            self.play_again()
        elif button.action == "share":
            from chinese_ten.ui.sharing import share_deal

            self.app.notify(share_deal(self.deal_link(self.table)))
        else:
            self.advance()

    def play_again(self) -> None:
        """Deal the deal just counted again, at a practice match of one deal at the same seats and rules: after
        the match's last deal a practice match kept in History; in the middle of a match one kept nowhere,
        after whose count the match goes on with its next deal, kept as it was meanwhile."""
        ctl = self.table.ctl
        number = ctl.session.shuffle_number
        deal = ctl.finished_deal()
        if number is None or deal is None:
            return
        strengths = tuple(i.player for i in ctl.infos if i.player)
        self.app.pop(self)
        if not ctl.match.is_over:
            play_again_in_match(self.app, self.table)
            return
        self.app.play_deal(number, seats=ctl.seats, strength=strengths or None, rules=ctl.match.rules, game=ctl.game.name,
                           seat=ctl.local, dealer=deal.dealer)

    def review(self) -> None:
        """Open the review of the deal just counted, for the person's seat (the bottom seat's when computers
        play them all)."""
        ctl = self.table.ctl
        deal = ctl.finished_deal()
        assert deal is not None, "the count follows the deal's end"
        shuffle = ctl.session.shuffle_number
        numbering: dict[str, Any] = {} if shuffle is None else {"deal_number": shuffle}
        if getattr(self.table, "network", False):  # a network table's seats keep the names every window gives them
            from chinese_ten.ui.sharing import LINK_KEY

            numbering["names"] = list(ctl.names)
            if self.deal_link(self.table):
                numbering[LINK_KEY] = self.deal_link(self.table)
        record = ctl.rules_ui.record_of(deal, players=[i.player or "you" for i in ctl.infos],
                                        deal_in_match=ctl.deal_number, **numbering)
        kept = None if self.table.apart else self.app.keeper.last_deal()
        if kept is not None and kept[1] != ctl.deal_number:
            kept = None
        self.app.open("review", record=record, seat=ctl.bottom if ctl.person_seat is None else ctl.person_seat, kept=kept)

    def advance(self) -> None:
        """The next deal, or the match results after the last one."""
        self.app.pop(self)
        if not self.table.next_deal():
            self.app.open("match", table=self.table, auto=self.auto)

    def update(self, dt: float) -> None:
        """In a demo, take the screenshot and move on after a moment."""
        super().update(dt)
        if self.auto and self.shot_taken and self.shown_for >= AUTO_SECONDS:
            self.advance()

    def name_column(self, names: list[str], size: int, row_width: int, unit: float) -> tuple[int, int]:
        """The width of the rows' column of names and the names' size: as wide as the longest name needs
        (130 points at least, a third of the row at most, the cards taking the rest), the names a little
        smaller where that third is too narrow for them."""
        text = self.app.kit.text
        most = row_width // 3
        size = text.fitting(names, size, most - 20, bold=True, smallest=max(10, size * 3 // 4))
        need = max((text.width(n, size, True) for n in names), default=0) + 20
        return max(round(130 * unit), min(most, need)), size

    def draw(self, surface: pygame.Surface) -> None:
        """The count over a dimmed table."""
        kit = self.app.kit
        t = kit.theme
        ctl = self.table.ctl
        deal = ctl.finished_deal()
        assert deal is not None, "the count follows the deal's end"
        geom = self.table.geom()
        w, h = surface.get_size()
        dim = pygame.Surface(geom.table.size, pygame.SRCALPHA)
        dim.fill((0, 0, 0, t.dim_alpha))
        surface.blit(dim, geom.table.topleft)
        self.place((w, h))
        box = self.box((w, h))
        pygame.draw.rect(surface, t.panel, box, border_radius=16)
        pygame.draw.rect(surface, t.accent, box, 3, border_radius=16)
        pad = max(12, round(20 * geom.unit))
        x, y = box.left + pad, box.top + pad
        title = kit.text.line(_("Deal {number} of {total}: the count").format(number=ctl.deal_number,
                              total=ctl.match.total_deals), geom.font(36),
                              t.text, bold=True)
        surface.blit(title, (x, y))
        shuffle = ctl.session.shuffle_number
        if shuffle is not None:  # the number that deals these cards again, at the box's top right
            tag = kit.text.line(_("Deal number {number}").format(number=shuffle), geom.font(18), t.text_dim)
            if x + title.get_width() + pad + tag.get_width() <= box.right - pad:
                surface.blit(tag, tag.get_rect(topright=(box.right - pad, y)))
        words = ctl.rules_ui.count_explanation(ctl.match.rules, deal.seats)
        sub = kit.text.line(words, geom.font(20), t.text_dim)
        if sub.get_width() > box.width - 2 * pad:
            sub = kit.text.line(words, geom.font(15), t.text_dim)
        surface.blit(sub, (x, y + title.get_height() + 2))
        y += title.get_height() + sub.get_height() + pad
        button_h = round(44 * geom.unit)
        rows_h = box.bottom - pad - button_h - pad - y
        row_h = min(rows_h // deal.seats, round(150 * geom.unit))
        crowded = deal.seats > 4  # a row too low for two lines puts them side by side
        score_w = round((280 if crowded else 170) * geom.unit)
        name_px = geom.font(22 if crowded else 26)
        name_w, name_px = self.name_column(ctl.names, name_px, box.width - 2 * pad, geom.unit)
        for seat, line in enumerate(ctl.rules_ui.count(deal)):
            row = Rect(x, y + seat * row_h, box.width - 2 * pad, row_h - (3 if crowded else 6))
            pygame.draw.rect(surface, t.raised, row, border_radius=10)
            inset = 4 if crowded else 8
            shown = kit.text.cut(ctl.names[seat], name_px, name_w - 20, bold=True)
            name = kit.text.line(shown, name_px, t.text, bold=True)
            surface.blit(name, (row.left + 10, row.top + inset))
            taken = kit.text.line(ngettext("{count} card", "{count} cards", line.taken).format(
                count=line.taken), geom.font(16 if crowded else 18), t.text_dim)
            surface.blit(taken, (row.left + 10, row.top + inset + 4 + name.get_height()))
            ch = row.height - 2 * inset
            cw = round(ch * CARD_RATIO)
            area = Rect(row.left + name_w, row.top + inset, row.width - name_w - score_w, ch)
            if line.cards:
                step = min(cw * 1.04, (area.width - cw) / max(1, len(line.cards) - 1))
                for i, (c, points) in enumerate(zip(line.cards, line.card_points)):
                    r = Rect(round(area.left + i * step), area.top, cw, ch)
                    self.table.painter.card(surface, c, r, shadow=False, badge_points=points)
            else:
                none = kit.text.line(_("no scoring cards"), geom.font(20), t.text_dim)
                surface.blit(none, none.get_rect(midleft=(area.left, area.centery)))
            pts = kit.text.line(ngettext("{count} point", "{count} points", line.points).format(
                count=line.points), geom.font(22 if crowded else 26), t.text, bold=True)
            margin = float(line.margin)
            colour = t.gain if margin > 0 else (t.loss if margin < 0 else t.text)
            mar = kit.text.line(signed(margin), geom.font(26 if crowded else 34), colour, bold=True)
            if crowded:
                spot = mar.get_rect(midright=(row.right - 12, row.centery))
                surface.blit(mar, spot)
                surface.blit(pts, pts.get_rect(midright=(spot.left - 12, row.centery)))
            else:
                surface.blit(pts, pts.get_rect(topright=(row.right - 12, row.top + 8)))
                surface.blit(mar, mar.get_rect(topright=(row.right - 12, row.top + 12 + pts.get_height())))
        for b in self.buttons:
            b.draw(surface, kit, geom.font(24), self._hover is b)
