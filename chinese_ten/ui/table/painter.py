"""Drawing the table: felt, seats, stock, layout, hands and the step being shown.

Everything here reads a :class:`~chinese_ten.ui.table.tableview.TableView` (the live table or a review) and
draws; nothing changes state.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame
from pygame import Rect

from chinese_ten.cards import Card
from chinese_ten.i18n import _
from chinese_ten.ui.table.animation import Label, Sprite, Step, ease_in_out, ease_out, within
from chinese_ten.ui.table.board import Loc
from chinese_ten.engine.strengths import LABELS, strength_label
from chinese_ten.ui.table.geometry import TableGeometry, back_rects, hand_rects, lifted, open_rects
from chinese_ten.ui.kit import Kit
from chinese_ten.ui.widgets.button import focus_ring
from chinese_ten.ui.table.tableview import TableView
from chinese_ten.ui.kit.theme import TEXT_SCALE
from chinese_ten.ui.kit.surfacecache import SurfaceCache

BADGE_LIMIT = 64
"""Point badges kept at most (moving cards pass through many widths)."""

INDEX_CORNER = (0.32, 0.43)
"""The part of a card's width and height its index (rank over suit) takes in its top-left corner, and turned
half round in its bottom-right one, as ``tools/cardart.py`` draws it: at most 79 of 250 units wide and 149 of
350 tall (the larger suit of a small face in high contrast)."""

SMALLEST_BADGE = 7
"""The smallest point badge drawn (its pill's height, about); a smaller card's badge is left off."""


def index_corners(rect: Rect) -> tuple[Rect, Rect]:
    """Where a face-up card lying at ``rect`` shows its index: the top-left and the bottom-right corner."""
    w, h = round(rect.width * INDEX_CORNER[0]), round(rect.height * INDEX_CORNER[1])
    return Rect(rect.left, rect.top, w, h), Rect(rect.right - w, rect.bottom - h, w, h)


def rect_of(loc: Loc, geom: TableGeometry, face_up: frozenset[int] = frozenset({0})) -> Rect:
    """The pixels of a logical place on the table, where the hands of ``face_up`` seats lie face up."""
    if loc.kind == "hand":
        if loc.seat == geom.bottom:
            rects = hand_rects(geom, max(1, loc.count))
        elif loc.seat in face_up:
            rects = open_rects(geom, loc.seat, max(1, loc.count))
        else:
            rects = back_rects(geom, loc.seat, max(1, loc.count))
        return rects[min(loc.index, len(rects) - 1)]
    if loc.kind in ("slot", "near"):
        base = geom.slots[loc.index] if 0 <= loc.index < len(geom.slots) else geom.stock
        if loc.kind == "near":
            return base.move(round(base.width * 0.24), round(base.height * 0.16))
        return base
    if loc.kind == "pile":
        return geom.seats[loc.seat].pile
    if loc.kind == "stage":
        return geom.stage
    return geom.stock


PILE_LAYERS = 4
"""The most cards drawn in a pile's stack; a pile grows a layer every six cards."""

PILE_LAYER_STEP = 2
"""Pixels each layer of a pile sits up and to the right of the one below (away from the window's edge)."""


class TablePainter:
    """Draws one frame of a table from what its :class:`~chinese_ten.ui.table.tableview.TableView` shows."""

    def __init__(self, kit: Kit) -> None:
        """A painter using the shared kit."""
        self.kit = kit
        self._badges = SurfaceCache(BADGE_LIMIT)
        self._badgeless: set[tuple[object, ...]] = set()
        """The badges' keys of cards too small to hold one (at most :data:`BADGE_LIMIT`)."""
        self.name_rect = Rect(0, 0, 0, 0)
        """Where the bottom seat's name (and dealer chip) went in the advice strip, as drawn last."""
        self.key_caps: list[Rect] = []
        """Where the hand's key tops went, as drawn last."""
        self.toast_rect = Rect(0, 0, 0, 0)
        """Where the last short message went."""
        self.message_rect = Rect(0, 0, 0, 0)
        """Where the last note (:meth:`message`) went."""
        self.message_line = Rect(0, 0, 0, 0)
        """Where the last note's words went."""
        self.hint_rect = Rect(0, 0, 0, 0)
        """Where the line of advice went in the advice strip, as drawn last (empty when there was none)."""

    # ------------------------------------------------------------------ pieces

    def card(self, surface: pygame.Surface, card: Card | None, rect: Rect, shadow: bool = True,
             badge_points: int = 0, turned: bool = False) -> None:
        """One card, face up (``card``) or face down (None), with shadow and badge."""
        kit = self.kit
        size = (rect.height, rect.width) if turned else rect.size
        if shadow and kit.theme.shadow_alpha:
            sh = kit.cards.shadow(rect.size, kit.theme.shadow_alpha)
            off = max(1, rect.width // 40)
            surface.blit(sh, sh.get_rect(center=(rect.centerx + off, rect.centery + off * 2)))
        img = kit.cards.back(size, turned) if card is None else kit.cards.face(card, rect.size)
        surface.blit(img, rect)
        if card is not None and badge_points and kit.point_badges:
            badge = self.badge(badge_points, rect.size)
            if badge is not None:
                surface.blit(badge, self._badge_pos(rect, badge))

    def badge_rect(self, rect: Rect, points: int) -> Rect:
        """Where the point badge of a card of ``points`` lying at ``rect`` is drawn (empty when badges are off,
        the card scores nothing or is too small to hold a badge clear of its index)."""
        badge = self.badge(points, rect.size) if points and self.kit.point_badges else None
        if badge is None:
            return Rect(rect.left, rect.bottom, 0, 0)
        return badge.get_rect(topleft=self._badge_pos(rect, badge))

    @staticmethod
    def _badge_margins(card: tuple[int, int]) -> tuple[int, int]:
        """How far a badge stands in from the card's left edge and up from its bottom edge."""
        return max(2, card[0] // 22), max(2, card[1] // 28)

    def _badge_pos(self, rect: Rect, badge: pygame.Surface) -> tuple[int, int]:
        """The badge's place: the card's bottom-left, between its two index corners."""
        left, up = self._badge_margins(rect.size)
        return rect.left + left, rect.bottom - badge.get_height() - up

    def badge(self, points: int, card: tuple[int, int]) -> pygame.Surface | None:
        """A small pill showing a card's points, for a card of ``card`` pixels: as large as a quarter of its
        width makes it, smaller where it would reach either index corner, and None where even the smallest
        would (a card a few pixels wide)."""
        key = (points, card, self.kit.theme.name, self.kit.theme.badge)
        kept = self._badges.get(key)
        if kept is not None or key in self._badgeless:
            return kept
        left, up = self._badge_margins(card)
        room_w = card[0] - round(card[0] * INDEX_CORNER[0]) - left  # up to the bottom-right corner's left edge
        room_h = card[1] - round(card[1] * INDEX_CORNER[1]) - up  # up to the top-left corner's bottom edge
        for size in range(max(11, round(card[0] * 0.26)), SMALLEST_BADGE - 1, -1):
            pill = self._pill(points, size)
            if pill.get_width() <= room_w and pill.get_height() <= room_h:
                return self._badges.put(key, pill)
        if len(self._badgeless) >= BADGE_LIMIT:
            self._badgeless.clear()
        self._badgeless.add(key)
        return None

    def _pill(self, points: int, size: int) -> pygame.Surface:
        """The badge's pill at ``size`` (about its height), its points in bold."""
        t = self.kit.theme
        label = self.kit.text.line(str(points), round(size * TEXT_SCALE), t.badge_text, bold=True)
        w = max(label.get_width() + size // 2, round(size * 1.25))
        h = round(size * 0.95)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (*t.badge, 255), surf.get_rect(), border_radius=h // 2)
        pygame.draw.rect(surf, (120, 80, 0), surf.get_rect(), 1, border_radius=h // 2)
        surf.blit(label, label.get_rect(center=(w // 2, h // 2 + 1)))
        return surf

    def glow(self, surface: pygame.Surface, rect: Rect, colour: tuple[int, int, int], strength: int = 230) -> None:
        """A halo around a card's rectangle."""
        g = self.kit.cards.glow(rect.size, colour, strength)
        surface.blit(g, g.get_rect(center=rect.center))

    def ring(self, surface: pygame.Surface, rect: Rect, colour: tuple[int, int, int], width: int | None = None) -> None:
        """An outline just outside a card."""
        w = width or self.kit.theme.focus_width
        pygame.draw.rect(surface, colour, rect.inflate(w * 2 + 2, w * 2 + 2), w, border_radius=max(4, rect.width // 10))

    def focus(self, surface: pygame.Surface, rect: Rect) -> None:
        """The keyboard focus ring around a card."""
        focus_ring(surface, rect, self.kit.theme, max(4, rect.width // 10))

    # ------------------------------------------------------------------ table

    def seats(self, surface: pygame.Surface, geom: TableGeometry, view: TableView,
              moving: frozenset[Card]) -> dict[int, dict[str, Rect]]:
        """Name plates, the other seats' hands (face down, or face up for the view's ``face_up`` seats) and
        every pile; returns, by seat, where the name, the line of cards left, the dealer chip, the pile and
        its caption went."""
        kit = self.kit
        t = kit.theme
        board = view.board
        turn = view.shown_turn
        placed: dict[int, dict[str, Rect]] = {}
        for place in geom.seats:
            seat = place.seat
            info = view.infos[seat]
            big = geom.font(24)
            small = geom.font(19)
            where: dict[str, Rect] = {}
            if seat != geom.bottom:
                active = turn == seat and not view.deal_over
                box = place.plate.inflate(8, 6)
                if active:
                    pygame.draw.rect(surface, t.turn_ring, box.inflate(6, 6), 0, border_radius=10)
                pygame.draw.rect(surface, (0, 0, 0), box, 0, border_radius=8)
                # a long name shrinks, leaving the dealer's chip room beside it inside the plate (past a side
                # plate's edge lies the side panel); a network seat's "Guest 2 · Normal" or "Bo (guest 1)" too
                # long even so puts its strength or label on the line below; anything longer is cut
                room = place.plate.width - 8 - (self.dealer_chip_width(geom) if view.dealer == seat else 0)
                shown, tail = info.name, ""
                smallest = max(10, big * 3 // 4)
                size = kit.text.fitting([shown], big, room, bold=True, smallest=smallest)
                mark = info.mark
                if kit.text.width(shown, size, True) > room and (" · " in shown or " (" in shown):
                    if " · " in shown:  # the strength says it is a computer
                        shown, tail = shown.rsplit(" · ", 1)
                        mark = ""
                    else:
                        shown, tail = shown.rsplit(" (", 1)
                        tail = "(" + tail
                    size = kit.text.fitting([shown], big, room, bold=True, smallest=smallest)
                name = kit.text.line(kit.text.cut(shown, size, room, bold=True), size, t.text, bold=True)
                where["name"] = surface.blit(name, (place.plate.left + 4, place.plate.top + 2))
                sub = (" · ".join(w for w in (tail, mark) if w)
                       or (strength_label(info.player) if info.player in LABELS else ""))
                cnt = len(board.hands[seat])
                left = _("{count} left").format(count=cnt)
                line2 = kit.text.line(_("{strength} · {left}").format(strength=sub, left=left) if sub else left, small,
                                      t.text_dim)
                if line2.get_width() > place.plate.width - 4:  # a narrow side plate: the count alone (or the
                    # mark of a network seat that is not simply there, offline or away, which matters more)
                    line2 = kit.text.line(info.mark if info.notice else tail or left, small, t.text_dim)
                where["left"] = surface.blit(line2, (place.plate.left + 4, place.plate.top + 4 + name.get_height()))
                if view.dealer == seat:
                    where["dealer"] = self.dealer_chip(surface, where["name"], geom)
                if seat in view.face_up:
                    for card, r in zip(board.open_hand(seat), open_rects(geom, seat, cnt)):
                        if card not in moving:
                            self.card(surface, card, r, shadow=False, badge_points=view.points_of(card))
                else:
                    turned = place.side in ("left", "right")
                    for r in back_rects(geom, seat, cnt):
                        self.card(surface, None, r, shadow=False, turned=turned)
            where.update(self.pile(surface, place.pile, board.piles[seat], geom, view.pile_caption(seat)))
            placed[seat] = where
        return placed

    def dealer_chip_width(self, geom: TableGeometry) -> int:
        """The most room the dealer's chip takes right of a name: its gap and its width."""
        return max(4, round(6 * geom.unit)) + 2 * max(7, round(12 * geom.unit))

    def dealer_chip(self, surface: pygame.Surface, beside: Rect, geom: TableGeometry) -> Rect:
        """A round "D" token marking the dealer, just right of ``beside`` (a name) and no taller than
        it; returns where it went."""
        t = self.kit.theme
        r = max(7, min(round(12 * geom.unit), beside.height // 2))
        centre = (beside.right + max(4, round(6 * geom.unit)) + r, beside.centery)
        pygame.draw.circle(surface, (250, 250, 245), centre, r)
        pygame.draw.circle(surface, t.accent, centre, r, max(2, r // 4))
        d = self.kit.text.line(_("D"), round(r * 1.5 * TEXT_SCALE), (30, 30, 30), bold=True)
        surface.blit(d, d.get_rect(center=(centre[0], centre[1] + 1)))
        return Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r)

    def pile(self, surface: pygame.Surface, rect: Rect, count: int, geom: TableGeometry,
             caption: str | None = None) -> dict[str, Rect]:
        """A seat's captured cards, face down, with their count, and the caption ("taken" unless given)
        where the fullest pile leaves it clear; returns where the pile (``pile``) and caption (``caption``) went."""
        t = self.kit.theme
        step = PILE_LAYER_STEP
        top = rect
        if count:
            layers = min(PILE_LAYERS, (count + 5) // 6)
            for i in range(layers):
                top = rect.move(i * step, -i * step)
                self.card(surface, None, top, shadow=i == 0)
        else:
            pygame.draw.rect(surface, self.outline(), rect, 2, border_radius=max(4, rect.width // 10))
        label = self.kit.text.line(f"{count}", geom.font(22), t.text, bold=True)
        back = label.get_rect(center=(top.centerx, top.bottom - top.height // 4))
        back = back.inflate(max(14, back.height + 6 - back.width), 4)
        pygame.draw.rect(surface, (0, 0, 0), back, border_radius=back.height // 2)
        pygame.draw.rect(surface, t.accent, back, 1, border_radius=back.height // 2)
        surface.blit(label, label.get_rect(center=back.center))
        grown = rect.union(rect.move((PILE_LAYERS - 1) * step, -(PILE_LAYERS - 1) * step))
        cap = self.kit.text.line(_("taken") if caption is None else caption, geom.font(16), t.text_dim)
        if grown.top - cap.get_height() - 1 >= 0:
            spot = cap.get_rect(midbottom=(rect.centerx, grown.top - 1))
        else:
            spot = cap.get_rect(midleft=(grown.right + 6, rect.centery))
        surface.blit(cap, spot)
        return {"pile": grown, "caption": spot}

    def outline(self) -> tuple[int, int, int]:
        """The colour of an empty place's outline (a pile or the stock with no cards)."""
        t = self.kit.theme
        return t.text_dim if t.felt_flat else t.felt_edge

    def stock(self, surface: pygame.Surface, geom: TableGeometry, count: int) -> None:
        """The face-down stock (its count is drawn over everything by :meth:`stock_count`)."""
        rect = geom.stock
        if count:
            for i in range(min(5, (count + 4) // 5)):
                self.card(surface, None, rect.move(-i * 2, -i * 2), shadow=i == 0)
        else:
            pygame.draw.rect(surface, self.outline(), rect, 2, border_radius=max(4, rect.width // 10))

    def stock_count(self, surface: pygame.Surface, geom: TableGeometry, count: int) -> Rect:
        """The stock's count inside the stock's lower edge, drawn over everything (a card passing over the stock
        to the stage beside it) and clear of the layout card below; returns where."""
        t = self.kit.theme
        rect = geom.stock
        words = _("Stock {count}").format(count=count)
        room = rect.width - 8  # as wide as the stock at most: on two lines when one is too wide even small
        size = self.kit.text.fitting([words], geom.font(17), room, True)
        lines = [words] if self.kit.text.width(words, size, True) <= room else self.kit.text.wrap(words, size, room, True)
        labels = [self.kit.text.line(line, size, t.text, bold=True) for line in lines]
        width = max(label.get_width() for label in labels)
        back = Rect(0, 0, width, sum(label.get_height() for label in labels)).inflate(
            max(4, min(10, rect.width - width)), 2)
        back.midbottom = (rect.centerx, rect.bottom - max(2, rect.height // 20))
        pygame.draw.rect(surface, (0, 0, 0), back, border_radius=min(back.height, back.width) // 2)
        y = back.top + 1
        for label in labels:
            surface.blit(label, label.get_rect(midtop=(back.centerx, y)))
            y += label.get_height()
        return back

    def layout(self, surface: pygame.Surface, geom: TableGeometry, view: TableView, moving: frozenset[Card],
               take: tuple[Card, ...], take_colour: tuple[int, int, int], focus: Card | None,
               step: Step | None, colours: dict[Card, tuple[int, int, int]] | None = None) -> None:
        """The layout cards in their slots, with highlights: the cards of ``take`` lit in ``take_colour``, or
        each in its own colour of ``colours``."""
        board = view.board
        t = self.kit.theme
        glow_slots = step.glow_slots if step is not None else ()
        pulse = 0.5 + 0.5 * math.sin((step.elapsed if step else 0) * 12)
        for slot, card in board.slots.items():
            if card in moving or slot >= len(geom.slots):
                continue
            rect = geom.slots[slot]
            if slot in glow_slots:
                self.glow(surface, rect, t.capture_glow, int(200 + 55 * pulse))
                self.ring(surface, rect, t.accent)
            elif card in take:
                self.glow(surface, rect, colours.get(card, take_colour) if colours else take_colour)
            self.card(surface, card, rect, badge_points=view.points_of(card))
            if card in take:
                self.ring(surface, rect, colours.get(card, take_colour) if colours else take_colour)
            if focus is not None and card == focus:
                self.focus(surface, rect)
        for card, loc in board.resting.items():
            if card in moving:
                continue
            self.card(surface, card, rect_of(loc, geom, view.face_up), badge_points=view.points_of(card))

    def hand(self, surface: pygame.Surface, geom: TableGeometry, view: TableView, hover: int | None,
             moving: frozenset[Card], active: bool, glide: dict[Card, float] | None = None,
             keys: Sequence[str] = ()) -> list[Rect]:
        """The bottom seat's hand (the person's), face up; returns the rectangles drawn.

        ``glide`` gives cards' current left edges while the hand closes up; ``keys`` names the key
        that plays each card, shown on its top edge.
        """
        t = self.kit.theme
        cards = view.board.open_hand(geom.bottom)
        rects = hand_rects(geom, len(cards))
        if glide:
            rects = [r.move(round(glide.get(c, r.x) - r.x), 0) for c, r in zip(cards, rects)]
        if active:
            zone = geom.seats[geom.bottom].hand.inflate(geom.margin, geom.margin // 2)
            pygame.draw.rect(surface, t.turn_ring, zone, 2, border_radius=12)
        out = []
        for i, (card, rect) in enumerate(zip(cards, rects)):
            r = lifted(rect, geom) if i == hover else rect
            out.append(r)
            if card in moving:
                continue
            self.card(surface, card, r, badge_points=view.points_of(card))
            if i == hover:
                self.focus(surface, r)
        self.key_caps = []
        for i, (key, r) in enumerate(zip(keys, out)):
            if cards[i] not in moving:
                seen = (out[i + 1].left if i + 1 < len(out) else r.right) - r.left
                # on the top edge the card has at rest: a raised card's key stays clear of the advice line above
                self.key_caps.append(self.key_cap(surface, key, (r.left + min(seen, r.width) // 2, rects[i].top),
                                                  geom))
        return out

    def key_cap(self, surface: pygame.Surface, key: str, centre: tuple[int, int], geom: TableGeometry) -> Rect:
        """A small key top showing ``key``, centred on ``centre``; returns where it went."""
        t = self.kit.theme
        label = self.kit.text.line(key, geom.font(17), t.text, bold=True)
        side = max(label.get_height(), label.get_width() + 8)
        cap = Rect(0, 0, side, label.get_height() + 2)
        cap.center = centre
        pygame.draw.rect(surface, (0, 0, 0), cap, border_radius=5)
        pygame.draw.rect(surface, t.accent, cap, 1, border_radius=5)
        surface.blit(label, label.get_rect(center=cap.center))
        return cap

    # ------------------------------------------------------------------ motion

    def step(self, surface: pygame.Surface, geom: TableGeometry, view: TableView, step: Step) -> None:
        """The cards, labels and banner of the step under way."""
        p = step.progress
        for sprite in step.sprites:
            self.sprite(surface, geom, view, sprite, within(p, sprite.window))
        for label in step.labels:
            if p >= label.window[0]:
                self.label(surface, geom, label, within(p, label.window), view.face_up)
        if step.banner:
            self.banner(surface, geom, step.banner, p)

    def sprite(self, surface: pygame.Surface, geom: TableGeometry, view: TableView, s: Sprite, p: float) -> None:
        """One moving card."""
        t = self.kit.theme
        a = rect_of(s.src, geom, view.face_up)
        b = rect_of(s.dst, geom, view.face_up)
        if a.width > a.height:
            a = Rect(a.centerx - a.height // 2, a.centery - a.width // 2, a.height, a.width)
        if b.width > b.height:  # a card flying into a hand turned a quarter lands upright on it, unsquashed
            b = Rect(b.centerx - b.height // 2, b.centery - b.width // 2, b.height, b.width)
        e = ease_in_out(p)
        w = round(a.width + (b.width - a.width) * e)
        h = round(a.height + (b.height - a.height) * e)
        cx = a.centerx + (b.centerx - a.centerx) * e
        cy = a.centery + (b.centery - a.centery) * e - math.sin(math.pi * e) * s.lift * h
        rect = Rect(0, 0, w, h)
        rect.center = (round(cx), round(cy))
        if s.glow:
            self.glow(surface, rect, t.capture_glow, int(150 + 100 * math.sin(p * math.pi)))
        face_up = not s.back and s.card is not None
        scale_x = 1.0
        if s.flip:
            face_up = e >= 0.5 and s.card is not None
            scale_x = max(0.04, abs(1 - 2 * e))
        if t.shadow_alpha:
            sh = self.kit.cards.shadow(rect.size, t.shadow_alpha // 2 + 10)
            lift = 2 + round(math.sin(math.pi * e) * h * 0.05)
            surface.blit(sh, sh.get_rect(center=(rect.centerx + lift, rect.centery + lift * 2)))
        base = a.size if e < 0.5 else b.size
        img = self.kit.cards.face(s.card, base) if face_up and s.card is not None else self.kit.cards.back(base)
        if img.get_size() != (w, h) or scale_x != 1.0:
            img = pygame.transform.scale(img, (max(1, round(w * scale_x)), h))
        surface.blit(img, img.get_rect(center=rect.center))
        if face_up and s.card is not None and scale_x > 0.9 and self.kit.point_badges:
            pts = view.points_of(s.card)
            badge = self.badge(pts, (w, h)) if pts else None
            if badge is not None:
                surface.blit(badge, self._badge_pos(rect, badge))

    def label(self, surface: pygame.Surface, geom: TableGeometry, label: Label, p: float,
              face_up: frozenset[int] = frozenset({0})) -> Rect:
        """Floating points rising and fading: straight up, or up and over to ``label.to``; returns where."""
        t = self.kit.theme
        base = rect_of(label.at, geom, face_up)
        x = float(base.centerx)
        y = base.top - ease_out(p) * base.height * 0.7 * label.rise
        if label.to is not None:
            goal = rect_of(label.to, geom, face_up)
            e = ease_in_out(p)
            x += (goal.centerx - base.centerx) * e
            y = base.top + (goal.centery - base.top) * e - math.sin(math.pi * e) * base.height * 0.5 * label.rise
        size = geom.font(40)
        text = self.kit.text.line(label.text, size, t.accent, bold=True)
        edge = self.kit.text.line(label.text, size, (0, 0, 0), bold=True)
        alpha = 255 if p < 0.6 else int(255 * (1 - (p - 0.6) / 0.4))
        pos = text.get_rect(center=(round(x), round(y)))
        pos.clamp_ip(surface.get_rect())
        for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2)):
            edge.set_alpha(alpha)
            surface.blit(edge, pos.move(dx, dy))
        text.set_alpha(alpha)
        surface.blit(text, pos)
        text.set_alpha(None)
        edge.set_alpha(None)
        return pos

    def banner(self, surface: pygame.Surface, geom: TableGeometry, message: str, p: float) -> None:
        """A big message in the notice row, clear of the layout and the advice strip."""
        t = self.kit.theme
        text = self._fit(message, geom, 32, True, t.accent)
        box = self._note_box(geom, text, (36, 12))
        pop = ease_out(min(1.0, p * 4))
        box = box.inflate(-round((1 - pop) * box.width * 0.3), 0)
        pygame.draw.rect(surface, t.toast, box, border_radius=box.height // 2)
        pygame.draw.rect(surface, t.accent, box, 3, border_radius=box.height // 2)
        surface.blit(text, text.get_rect(center=box.center))

    def _note_box(self, geom: TableGeometry, line: pygame.Surface, pad: tuple[int, int]) -> Rect:
        """Where a note of ``line`` goes: centred in the notice row, no taller than it."""
        row = geom.notice
        box = line.get_rect(center=row.center).inflate(*pad)
        box.height = min(box.height, row.height)
        box.center = row.center
        return box

    def _note_room(self, geom: TableGeometry) -> int:
        """How wide a note's words may be in the notice row."""
        return geom.notice.width - 40

    def _fit(self, message: str, geom: TableGeometry, points: float, bold: bool,
             colour: tuple[int, int, int] | None = None, room: int | None = None) -> pygame.Surface:
        """A line of text as large as ``points`` allows within the notice row (or ``room`` pixels wide)."""
        ink = colour or self.kit.theme.text
        room = self._note_room(geom) if room is None else room
        tall = geom.notice.height - 4
        size = geom.font(points)
        while True:
            line = self.kit.text.line(message, size, ink, bold)
            if (line.get_width() <= room and line.get_height() <= tall) or size <= 12:
                return line
            size -= 2

    def message(self, surface: pygame.Surface, geom: TableGeometry, text: str,
                edge: tuple[int, int, int]) -> pygame.Rect:
        """A pill with a short message in the notice row; returns where it went."""
        t = self.kit.theme
        line = self._fit(text, geom, 24, True, room=self._note_room(geom))
        box = self._note_box(geom, line, (32, 8))
        pygame.draw.rect(surface, t.toast, box, border_radius=box.height // 2)
        pygame.draw.rect(surface, edge, box, 3, border_radius=box.height // 2)
        self.message_line = surface.blit(line, line.get_rect(center=box.center))
        self.message_rect = box
        return box

    def hint(self, surface: pygame.Surface, geom: TableGeometry, view: TableView, text: str) -> None:
        """The strip above the person's hand: name, dealer chip and a line of advice."""
        t = self.kit.theme
        strip = geom.hint
        name = view.infos[geom.bottom].name
        label = self.kit.text.line(name, geom.font(24), t.text, bold=True)
        spot = surface.blit(label, label.get_rect(midleft=(strip.left, strip.centery)))
        self.name_rect = Rect(spot)
        x = strip.left + label.get_width() + 6
        if view.dealer == geom.bottom:
            chip = self.dealer_chip(surface, spot, geom)
            x = chip.right + 6
            self.name_rect = self.name_rect.union(chip)
        self.hint_rect = Rect(x, strip.top, 0, 0)
        if text:
            line = self.kit.text.line(text, geom.font(22), t.text)
            if line.get_width() > strip.right - x - 8:
                line = self.kit.text.line(text, geom.font(18), t.text)
            pos = line.get_rect(center=strip.center)
            if pos.left < x + 8:
                pos.left = x + 8
            self.hint_rect = surface.blit(line, pos)

    def toast(self, surface: pygame.Surface, geom: TableGeometry, text: str, alpha: int) -> None:
        """A short message in the notice row, fading out."""
        t = self.kit.theme
        line = self._fit(text, geom, 24, True, room=self._note_room(geom))
        box = self._note_box(geom, line, (32, 8))
        self.toast_rect = box
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (*t.toast, 235), panel.get_rect(), border_radius=box.height // 2)
        pygame.draw.rect(panel, (*t.accent, 255), panel.get_rect(), 2, border_radius=box.height // 2)
        panel.blit(line, line.get_rect(center=panel.get_rect().center))
        panel.set_alpha(alpha)
        surface.blit(panel, box)
