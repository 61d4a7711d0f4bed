"""Learn to play: the live table led by the guided deal's script, the offer of it at the first start, and
its end, which leads on to a real match.

The table is the match table itself (:class:`~chinese_ten.ui.table.live.TableScene`) with the
controller holding a :class:`~chinese_ten.games.ten.tutorial.Guide`: the guide keeps the person's choice to
the suggested card, and this scene shows what the guide says in a box above the side panel's
buttons, where it never covers a card, and rings the suggested card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from chinese_ten.cards import Card
from chinese_ten.i18n import N_, _
from chinese_ten.games import game_named
from chinese_ten.ui.widgets.dialog import QuestionScene, draw_words
from chinese_ten.ui.kit import font_px, ui_scale
from chinese_ten.ui.widgets.button import Button, buttons_event
from chinese_ten.ui.widgets.overlay import TableOverlay
from chinese_ten.ui.kit.shortcuts import keyboard_words
from chinese_ten.ui.table.live import TableScene

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services
    from chinese_ten.ui.table.controller import TableController
    from chinese_ten.ui.table.lesson import LessonGuide

GUIDE_TEXT_PT = 19
"""The guide's text size (points at 1280×800), made smaller only when the box would not fit."""

GUIDE_SHARE = 0.58
"""The largest share of the side panel's height the guide's box may take."""


class GuidedTableScene(TableScene):
    """The table during Learn to play: the guide's words beside the cards, the suggested card ringed."""

    after_last_deal = N_("Finish the lesson (Enter)")

    def __init__(self, app: Services, controller: TableController) -> None:
        """The table for a controller that holds a guide."""
        super().__init__(app, controller)
        self.leave_button = Button(N_("Leave the lesson"), "leave")
        self.guide_rect = Rect(0, 0, 0, 0)
        """Where the guide's box is drawn, above the panel's buttons."""
        self._layout_key: tuple[object, ...] | None = None
        self._layout: tuple[int, list[str], int] = (0, [], 0)
        self._led_turn = -1
        """How many turns had been played when a guided turn's start last put the keyboard focus on the
        suggested card."""
        self._words: tuple[str, str, str] | None = None

    @property
    def guide(self) -> LessonGuide:
        """The script leading this table."""
        assert self.ctl.guide is not None
        return self.ctl.guide

    def heading(self) -> str:
        """The line above the guide's title: which step of how many on a guided turn."""
        deal = self.ctl.session.deal
        if self.guide.guided(deal):
            return _("Learn to play · step {step} of {total}").format(step=self.guide.step_number(deal),
                                                                    total=self.guide.steps)
        return _("Learn to play")

    def shown_words(self) -> tuple[str, str, str]:
        """The heading, title and text in the guide's box. They follow the table as it is shown: while a
        turn is still moving on the table, the words of that turn stay (the turned card that a lesson
        asks to watch is watched with that lesson's words)."""
        if self._words is None or not self.ctl.busy:
            title, text = self.guide.words(self.ctl.session.deal, choosing=self.ctl.offer is not None)
            self._words = (self.heading(), title, text)
        return self._words

    def buttons(self) -> list[Button]:
        """The table's buttons and Leave the lesson."""
        return [*super().buttons(), self.leave_button]

    def _wrapped(self, width: int, room: int) -> tuple[int, list[str], int]:
        """The text size, the text's lines and the box's height, as large as fits ``room``."""
        heading, title, text = self.shown_words()
        key = (width, room, heading, title, text, self.app.kit.theme.name, self.app.surface.get_size())
        if key == self._layout_key:
            return self._layout
        kit = self.app.kit
        geom = self.geom()
        pad = max(8, round(12 * geom.unit))
        size = geom.font(GUIDE_TEXT_PT)
        while True:
            lines = kit.text.wrap(text, size, width - 2 * pad)
            line_h = kit.fonts.get(size).get_linesize()
            head_h = kit.fonts.get(max(10, size - 3)).get_linesize() + kit.fonts.get(size + 3, True).get_linesize()
            height = pad + head_h + 4 + len(lines) * line_h + pad + self.leave_button.rect.height + pad
            if height <= room or size <= 10:
                break
            size -= 1
        self._layout_key = key
        self._layout = (size, lines, height)
        return self._layout

    def place_buttons(self) -> None:
        """The table's buttons at the foot of the side panel, the guide's box above them."""
        super().place_buttons()
        geom = self.geom()
        panel = geom.panel
        pad = max(10, round(16 * geom.unit))
        gap = max(6, round(10 * geom.unit))
        width = panel.width - 2 * pad
        bh = self.hint_button.rect.height
        label = self.app.kit.text.width(_(self.leave_button.label), geom.font(18), True)
        self.leave_button.rect = Rect(0, 0, min(width - 2 * pad, label + 2 * pad), bh)
        room = round(panel.height * GUIDE_SHARE)
        _size, _lines, height = self._wrapped(width, room)
        bottom = self.hint_button.rect.top - gap
        self.guide_rect = Rect(panel.left + pad, bottom - height, width, height)
        inner = max(8, round(12 * geom.unit))
        self.leave_button.rect.bottomright = (self.guide_rect.right - inner, self.guide_rect.bottom - inner)
        self.panel.reserve += height + gap

    def _press(self, action: str) -> None:
        if action == "leave":
            self.app.leave_lesson()
            return
        super()._press(action)

    def lit(self) -> tuple[tuple[Card, ...], tuple[int, int, int], Card | None]:
        """As at any table; with no card pointed at on a guided turn, what the suggested card would take."""
        ctl = self.ctl
        wanted = self.guide.suggested(ctl.session.deal)
        if (self.hovered_card() is None and wanted is not None and ctl.person_to_play
                and ctl.person_choice is None):
            return ctl.preview(wanted).candidates, self.app.kit.theme.take_glow, None
        return super().lit()

    def update(self, dt: float) -> None:
        """As at any table; when a guided turn begins with the keyboard in use, the focus goes to the
        suggested card, so Enter plays it."""
        super().update(dt)
        ctl = self.ctl
        wanted = self.guide.suggested(ctl.session.deal)
        played = len(ctl.session.deal.turns)
        if wanted is None or not ctl.person_to_play or played == self._led_turn:
            return
        self._led_turn = played
        hand = ctl.board.open_hand(ctl.bottom)
        if self.keyboard and self.button_focus is None and wanted in hand:
            self.hover = hand.index(wanted)

    def next_deal(self) -> bool:
        """The lesson has one deal: after its count comes the way on to a real match, not the match results."""
        self.app.push(TutorialEndScene(self.app, self))
        return True

    def suggested_rect(self) -> Rect | None:
        """Where the card the guide asks for is: in the hand on a guided turn, on the layout in a guided
        choice; None when any card will do or the table is still moving."""
        ctl = self.ctl
        wanted = self.guide.suggested(ctl.session.deal)
        if wanted is None or ctl.busy:
            return None
        geom = self.geom()
        if ctl.offer is not None:
            for slot, card in ctl.board.slots.items():
                if card == wanted and slot < len(geom.slots):
                    return geom.slots[slot]
            return None
        from chinese_ten.ui.table.geometry import hand_rects, lifted

        hand = ctl.board.open_hand(ctl.bottom)
        if wanted not in hand:
            return None
        i = hand.index(wanted)
        rect = hand_rects(geom, len(hand))[i]
        rect = rect.move(round(self.hand_x.get(wanted, rect.x) - rect.x), 0)
        return lifted(rect, geom) if i == self.hover and self.button_focus is None else rect

    def draw(self, surface: pygame.Surface) -> None:
        """The table, the ring round the suggested card and the guide's box."""
        super().draw(surface)
        kit = self.app.kit
        t = kit.theme
        geom = self.geom()
        ring = self.suggested_rect()
        if ring is not None and not self.paused:
            width = max(3, round(4 * geom.unit))
            pygame.draw.rect(surface, t.lesson_ring, ring.inflate(2 * width + 2, 2 * width + 2), width,
                             border_radius=max(6, round(10 * geom.unit)))
        self.draw_guide(surface)
        self.leave_button.draw(surface, kit, geom.font(18), self.leave_button is self._hover_button)

    def draw_guide(self, surface: pygame.Surface) -> None:
        """The guide's box: which step, its title and what to do and why."""
        kit = self.app.kit
        t = kit.theme
        geom = self.geom()
        box = self.guide_rect
        size, lines, _height = self._wrapped(box.width, round(geom.panel.height * GUIDE_SHARE))
        heading, title, _text = self.shown_words()
        pygame.draw.rect(surface, t.toast, box, border_radius=10)
        pygame.draw.rect(surface, t.accent, box, 2, border_radius=10)
        pad = max(8, round(12 * geom.unit))
        x, y = box.left + pad, box.top + pad
        head = kit.text.line(heading, max(10, size - 3), t.text_dim)
        surface.blit(head, (x, y))
        y += kit.fonts.get(max(10, size - 3)).get_linesize()
        line = kit.text.line(title, size + 3, t.accent, bold=True)
        surface.blit(line, (x, y))
        y += kit.fonts.get(size + 3, True).get_linesize() + 4
        for text in lines:
            line = kit.text.line(text, size, t.text)
            surface.blit(line, (x, y))
            y += kit.fonts.get(size).get_linesize()


class TutorialEndScene(TableOverlay):
    """The end of the lesson: now play a real match, or go back to the start screen."""

    def __init__(self, app: Services, table: TableScene) -> None:
        """The lesson's last word over ``table``."""
        super().__init__(app, table, [Button(N_("Play a real match (Enter)"), "play"),
                                      Button(N_("Start screen"), "start")])

    def words(self) -> str:
        """What the lesson showed, in a sentence or two."""
        guide: LessonGuide | None = self.table.ctl.guide
        return keyboard_words(guide.ending() if guide is not None else "")

    def box(self, size: tuple[int, int]) -> Rect:
        """The box at this window size, over the middle of the table, as tall as its words need."""
        unit = ui_scale(size)
        area = self.table.geom().table
        margin = max(8, round(16 * unit))
        width = min(area.width - 2 * margin, round(700 * unit))
        fonts = self.app.kit.fonts
        lines = self.app.kit.text.wrap(self.words(), font_px(21, unit), width - round(60 * unit))
        want = (round(22 * unit) + fonts.get(font_px(38, unit), True).get_linesize() + round(8 * unit)
                + len(lines) * fonts.get(font_px(21, unit)).get_linesize() + round((24 + 48 + 24) * unit))
        box = Rect(0, 0, width, min(size[1] - 2 * margin, want))
        box.center = area.center
        return box

    def place(self, size: tuple[int, int]) -> None:
        """Put the two buttons side by side at the foot of the box."""
        unit = ui_scale(size)
        box = self.box(size)
        bw, bh = min(round(280 * unit), (box.width - round(60 * unit)) // 2), round(48 * unit)
        gap = round(20 * unit)
        x = box.centerx - bw - gap // 2
        for b in self.buttons:
            b.rect = Rect(x, box.bottom - bh - round(24 * unit), bw, bh)
            x += bw + gap

    def act(self, action: str) -> None:
        """A real match with the start screen's choices (asking first if an unfinished match is kept), or
        the start screen."""
        self.app.leave_lesson(play=action == "play")

    def handle_event(self, event: pygame.event.Event) -> None:
        """Enter presses the focused button (Play a real match at first); Esc goes to the start screen."""
        self.place(self.app.surface.get_size())
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.act("start")
            return
        self._hover = buttons_event(event, self.buttons, lambda b: self.act(b.action), self._hover,
                                    back=(pygame.K_LEFT,), forward=(pygame.K_RIGHT, pygame.K_TAB))

    def draw(self, surface: pygame.Surface) -> None:
        """The words and the two buttons over the dimmed table."""
        kit = self.app.kit
        t = kit.theme
        size = surface.get_size()
        unit = ui_scale(size)
        self.place(size)
        dim = pygame.Surface(size, pygame.SRCALPHA)
        dim.fill((0, 0, 0, t.dim_alpha))
        surface.blit(dim, (0, 0))
        box = self.box(size)
        pygame.draw.rect(surface, t.panel, box, border_radius=16)
        pygame.draw.rect(surface, t.accent, box, 3, border_radius=16)
        draw_words(surface, kit, box, _("Now play a real match"), self.words(), unit, title_px=38,
                   title_ink=t.accent, words_ink=t.text, top=22, gap=8)
        for b in self.buttons:
            b.draw(surface, kit, font_px(22, unit), b is self._hover)


class OfferScene(QuestionScene):
    """The first start's question: learn to play with a guided deal, or not now. Either answer is
    remembered, so it is asked once."""

    panel_height = 250

    def __init__(self, app: Services) -> None:
        """The offer over the start screen, Learn to play focused."""
        super().__init__(app, N_("New to {game}?"),
                         [Button(N_("Learn to play"), "learn"), Button(N_("Not now"), "later")])

    def heading(self) -> str:
        """The question, naming the game chosen on the start screen (whose lesson Learn to play starts)."""
        return _("New to {game}?").format(game=_(game_named(self.app.settings.game).title))

    def detail(self) -> str:
        """What the lesson is."""
        return _("A short guided deal teaches the rules as you play, one step at a time. Learn to play stays "
                 "on the start screen for later.")

    def act(self, action: str) -> None:
        """Remember the answer; start the lesson or go back to the start screen."""
        self.app.change_settings(tutorial_offered=True)
        self.app.pop(self)
        if action == "learn":
            self.app.start_tutorial()

    def handle_event(self, event: pygame.event.Event) -> None:
        """As every question, except that Esc is Not now."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.act("later")
            return
        super().handle_event(event)
