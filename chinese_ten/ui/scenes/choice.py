"""The capture choice: the person picks what their card takes, one option of those the table offers.

In Chinese Ten each option is one lit layout card; in Go Fishing each is a family of sets (or
taking nothing), listed in a box over the hand, the most points first, each set drawn in a
colour of its own on the layout while its option has the focus.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from chinese_ten.cards import Card
from chinese_ten.i18n import _, ngettext
from chinese_ten.ui.scene import Scene
from chinese_ten.ui.table.controller import Offer, Option
from chinese_ten.ui.table.games import same_take
from chinese_ten.ui.table.live import PAUSED_TEXT

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services
    from chinese_ten.ui.table.live import TableScene

SET_COLOURS: tuple[tuple[int, int, int], ...] = (
    (255, 214, 60), (90, 200, 255), (255, 120, 200), (140, 235, 110), (255, 150, 70), (200, 160, 255))
"""The colours the sets of one option are drawn in, set by set (they repeat past the sixth)."""

_BACK = (pygame.K_LEFT, pygame.K_UP)
_FORWARD = (pygame.K_RIGHT, pygame.K_DOWN)
_PICK = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class ChoiceScene(Scene):
    """An overlay over the table while a capture choice is owed."""

    opaque = False

    def __init__(self, app: Services, table: TableScene) -> None:
        """A choice over ``table``, the focus on the option worth most (the first of those on a tie)."""
        super().__init__(app)
        self.table = table
        options = self.options
        self.focus = max(range(len(options)), key=lambda i: options[i].points) if options else 0
        self._hinted: object | None = table.advice
        """The hint the focus last followed (one given before this choice is not followed)."""
        self.hinted_take: Card | None = None
        """The card a hint for this choice named, once it has come."""
        self.hinted: int | None = None
        """The option a hint for this choice named, once it has come."""
        self.rows: list[tuple[int, Rect]] = []
        """The options listed, by index, and where each was drawn last."""
        self.top_row = 0
        """The first row of options the list shows (it scrolls to keep the focus in sight)."""
        self.columns = 1
        """How many options a row of the list held, as drawn last (Up and Down move a row)."""

    @property
    def offer(self) -> Offer | None:
        """The choice owed."""
        return self.table.ctl.offer

    @property
    def options(self) -> tuple[Option, ...]:
        """The ways the waiting card may take, in the order offered."""
        offer = self.offer
        return offer.options if offer else ()

    @property
    def candidates(self) -> tuple[Card, ...]:
        """Every layout card the waiting card may take."""
        offer = self.offer
        return offer.lit if offer else ()

    @property
    def focused_option(self) -> Option | None:
        """The option under keyboard focus."""
        options = self.options
        return options[self.focus % len(options)] if options else None

    @property
    def focused_card(self) -> Card | None:
        """The layout card under keyboard focus: the focused option's first (none for taking nothing)."""
        option = self.focused_option
        return option.cards[0] if option is not None and option.cards else None

    @property
    def lit_cards(self) -> tuple[Card, ...]:
        """The layout cards lit: every candidate, or in a listed choice the focused option's."""
        if not self.table.ctl.rules_ui.lists_options:
            return self.candidates
        option = self.focused_option
        return option.cards if option is not None else ()

    def colours(self) -> dict[Card, tuple[int, int, int]]:
        """In a listed choice, each lit card's colour: its set's."""
        option = self.focused_option
        if option is None or not self.table.ctl.rules_ui.lists_options:
            return {}
        return {c: SET_COLOURS[k % len(SET_COLOURS)] for k, s in enumerate(option.sets) for c in s}

    def update(self, dt: float) -> None:
        """When a hint for this choice arrives, put the focus (and so the light) on the option it names."""
        options = self.options
        if not options:  # the choice went away: its turn was taken back
            self.app.pop(self)
            return
        advice = self.table.advice
        if advice is not None and advice is not self._hinted:
            self._hinted = advice
            offer = self.offer
            for i, option in enumerate(options):
                if offer is not None and advice.play == offer.card and same_take(option.sets, advice.sets):
                    self.focus = self.hinted = i
                    self.hinted_take = option.cards[0] if option.cards else None

    def _pick(self, index: int) -> None:
        reason = self.table.ctl.take(index)
        if reason:
            self.table.say(reason)
        self.app.pop(self)

    def _option_with(self, card: Card) -> int | None:
        """The focused option when it takes ``card``, else the first that does."""
        options = self.options
        if options and card in options[self.focus % len(options)].cards:
            return self.focus % len(options)
        return next((i for i, o in enumerate(options) if card in o.cards), None)

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        return next((i for i, r in self.rows if r.collidepoint(pos)), None)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Clicks on lit cards or listed options and keys choose; anything else explains what is owed."""
        options = self.options
        if not options:
            self.app.pop(self)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.open("menu")
            return
        if self.table.paused and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
                self.table.set_paused(False)
            elif event.type == pygame.MOUSEBUTTONDOWN and any(b.hit(event.pos) for b in self.table.buttons()):
                self.table.handle_event(event)
            else:
                self.table.say(_(PAUSED_TEXT))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and any(
                b.hit(event.pos) for b in self.table.buttons()):
            self.table.handle_event(event)
            return
        count = len(options)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = self._row_at(event.pos)
            card = self.table.slot_hit(event.pos)
            index = row if row is not None else (self._option_with(card) if card is not None else None)
            if index is not None:
                self._pick(index)
            else:
                offer = self.offer
                name = offer.card.pretty if offer else _("card")
                words = (_("First pick what your {card} takes: one of the ways listed.")
                         if self.table.ctl.rules_ui.lists_options else _("First pick which lit card your {card} takes."))
                self.table.say(words.format(card=name))
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                back = bool(event.mod & pygame.KMOD_SHIFT) and self.table.ctl.rules_ui.lists_options
                self.focus = (self.focus + (-1 if back else 1)) % count
            elif event.key in (pygame.K_UP, pygame.K_DOWN) and self.table.ctl.rules_ui.lists_options:
                step = self.columns if event.key == pygame.K_DOWN else -self.columns
                at = self.focus % count
                self.focus = at + step if 0 <= at + step < count else (count - 1 if step > 0 else 0)
            elif event.key in _BACK:
                self.focus = (self.focus - 1) % count
            elif event.key in _FORWARD:
                self.focus = (self.focus + 1) % count
            elif event.key in _PICK:
                self._pick(self.focus % count)
            elif pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < count:
                self._pick(event.key - pygame.K_1)
            elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.table.handle_event(event)
            elif event.key == pygame.K_a:
                self.table.ask_hint()
            elif event.key == pygame.K_BACKSPACE:
                if self.table.ctl.withdraw():
                    self.table.say(_("Your card is back in your hand: play any card."))
                    self.app.pop(self)
                else:
                    self.table.take_back()
        elif event.type == pygame.MOUSEMOTION:
            self.table.handle_event(event)
            row = self._row_at(event.pos)
            card = self.table.slot_hit(event.pos)
            index = row if row is not None else (self._option_with(card) if card is not None else None)
            if index is not None:
                self.focus = index
        elif event.type == pygame.MOUSEWHEEL:
            self.table.handle_event(event)

    def prompt(self) -> str:
        """The words over the advice strip: the choices (Chinese Ten's, with their points) and how to pick."""
        ctl = self.table.ctl
        offer = self.offer
        assert offer is not None
        card = offer.card
        if ctl.rules_ui.lists_options:
            if self.hinted is not None and self.hinted < len(offer.options):
                return _("Hint: the lit way, +{points}. Enter takes it.").format(
                    points=offer.options[self.hinted].points)
            ways = len(offer.options) - 1
            return ngettext("Your {card} can take in {count} way, or take nothing: arrows or a click, then Enter.",
                            "Your {card} can take in {count} ways, best first, or take nothing: arrows or a click, "
                            "then Enter.", ways).format(card=card.pretty, count=ways)
        own = ctl.points_of(card)
        cands = offer.lit
        opts = _(" or ").join(_("{card} (+{points})").format(card=c.pretty, points=own + ctl.points_of(c))
                              for c in cands)
        if offer.source == "flip":
            words = _("The turned {card} can take {options}. Click one, or Left/Right and Enter.")
        else:
            words = _("Your {card} can take {options}. Click one, or Left/Right and Enter.")
        text = words.format(card=card.pretty, options=opts)
        hinted = self.hinted_take
        if hinted is not None and hinted in cands:
            text = _("Hint: take {card} (+{points}). Enter takes it, or click a lit card.").format(
                card=hinted.pretty, points=own + ctl.points_of(hinted))
        return text

    def draw(self, surface: pygame.Surface) -> None:
        """A prompt over the advice strip (clear of the layout), unless the table is showing the person a
        message there; a listed choice draws its options over the hand."""
        ctl = self.table.ctl
        if self.offer is None or self.table.paused:
            return
        geom = self.table.geom()
        kit = self.app.kit
        if ctl.rules_ui.lists_options:
            self._draw_list(surface)
            return
        if self.table.own_note():
            return  # the table's own note (why a take was refused, the connection down) stands where the prompt would
        self.table.painter.message(surface, geom, self.prompt(), kit.theme.choice_glow)

    def _draw_list(self, surface: pygame.Surface) -> None:
        """Over the bottom seat's part of the table, the prompt and the options in rows of up to three, in
        reading order: each set's cards underlined in its colour, the points, the key."""
        geom = self.table.geom()
        kit = self.app.kit
        t = kit.theme
        painter = self.table.painter
        options = self.options
        place = geom.seats[geom.bottom]
        pad = max(4, geom.margin // 2)
        area = Rect(place.zone.left + geom.margin, place.zone.top, place.zone.width - 2 * geom.margin,
                    place.zone.height - pad)
        title = painter._fit(self.prompt(), geom, 20, True, t.text, room=area.width - 4 * pad)
        head = title.get_height() + pad
        row_h = max(26, round(44 * geom.unit))
        cols = max(1, min(3, (area.width - pad) // round(330 * geom.unit), len(options)))
        self.columns = cols
        lines = max(1, (area.height - head - pad) // (row_h + pad))
        needed = -(-len(options) // cols)
        focus_line = (self.focus % len(options)) // cols
        self.top_row = min(max(self.top_row, focus_line - lines + 1), focus_line)
        self.top_row = max(0, min(self.top_row, needed - lines))
        shown = min(needed, lines)
        box = Rect(area.left, area.top, area.width, head + shown * (row_h + pad) + pad)
        box.bottom = area.bottom
        pygame.draw.rect(surface, t.panel, box, border_radius=10)
        pygame.draw.rect(surface, t.choice_glow, box, 2, border_radius=10)
        surface.blit(title, (box.left + 2 * pad, box.top + pad // 2 + 1))
        first = self.top_row * cols
        last = min(len(options), first + shown * cols)
        if last - first < len(options):
            more = kit.text.line(_("{first}–{last} of {count} · Up/Down").format(
                first=first + 1, last=last, count=len(options)), geom.font(16), t.text_dim)
            if title.get_width() + more.get_width() + 8 * pad < box.width:
                surface.blit(more, more.get_rect(topright=(box.right - 2 * pad, box.top + pad // 2 + 2)))
        cell_w = (box.width - pad) // cols - pad
        self.rows = []
        for i in range(first, last):
            option = options[i]
            k_line, k_col = divmod(i - first, cols)
            row = Rect(box.left + pad + k_col * (cell_w + pad), box.top + head + k_line * (row_h + pad), cell_w, row_h)
            focused = i == self.focus % len(options)
            pygame.draw.rect(surface, t.raised if focused else t.panel, row, border_radius=8)
            if focused:
                painter.ring(surface, row.inflate(-4, -4), t.choice_glow, 2)
            key = painter.key_cap(surface, str(i + 1) if i < 9 else "·", (row.left + row_h // 2, row.centery), geom)
            points = kit.text.line(f"+{option.points}", geom.font(24), t.accent if option.points else t.text_dim,
                                   bold=True)
            spot = points.get_rect(midright=(row.right - pad * 2, row.centery))
            x = key.right + pad * 2
            if option.sets:  # each set as its cards' names, underlined in the set's colour on the layout
                room = spot.left - pad - x
                size = 30
                while size > 14 and sum(kit.text.width(_set_words(g), geom.font(size), True) + pad * 3
                                        for g in option.sets) > room:
                    size -= 2
                for k, group in enumerate(option.sets):
                    colour = SET_COLOURS[k % len(SET_COLOURS)] if focused else t.text_dim
                    words = kit.text.line(_set_words(group), geom.font(size), t.text, bold=True)
                    spot_w = words.get_rect(midleft=(x, row.centery - 1))
                    if spot_w.right > spot.left - pad:
                        break
                    surface.blit(words, spot_w)
                    pygame.draw.line(surface, colour, (spot_w.left, spot_w.bottom), (spot_w.right, spot_w.bottom), 3)
                    x = spot_w.right + pad * 3
            else:
                words = painter._fit(_("Take nothing"), geom, 20, False, t.text, room=spot.left - x - pad)
                surface.blit(words, words.get_rect(midleft=(x, row.centery)))
            surface.blit(points, spot)
            self.rows.append((i, row))


def _set_words(group: tuple[Card, ...]) -> str:
    """One set of an option as its cards' names: "4♥+5♦"."""
    return "+".join(c.pretty for c in group)
