"""The dialogs every screen builds on: a panel over the dimmed screen, a page, a grid of choices and a
question with two answers."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from chinese_ten.i18n import _
from chinese_ten.ui.kit import Kit, font_px, ui_scale
from chinese_ten.ui.kit.theme import Colour, Theme
from chinese_ten.ui.scene import Scene
from chinese_ten.ui.widgets.button import Button, button_at, buttons_event, grid_at

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services

def dim(surface: pygame.Surface, theme: Theme) -> None:
    """Darken everything drawn so far, so a dialog stands out."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, theme.dim_alpha))
    surface.blit(shade, (0, 0))


def dialog_box(surface: pygame.Surface, theme: Theme, box: Rect) -> None:
    """A dialog's panel with its border."""
    pygame.draw.rect(surface, theme.panel, box, border_radius=16)
    pygame.draw.rect(surface, theme.accent, box, 3, border_radius=16)


class Dialog(Scene):
    """A panel over the dimmed screen (menu, settings, help); the game holds still while it is open."""

    opaque = False
    holds_table = True

    def box(self, size: tuple[int, int]) -> Rect:
        """The panel at this window size."""
        raise NotImplementedError

    def place(self, size: tuple[int, int]) -> object:
        """Put the buttons in place for this window size."""

    def update(self, dt: float) -> None:
        """Keep the buttons placed for the window size."""
        self.place(self.app.surface.get_size())

    def draw_page(self, surface: pygame.Surface, title: str) -> tuple[Rect, int]:
        """A page over the felt: the panel and its title; returns the panel's box and where its body starts."""
        kit = self.app.kit
        size = surface.get_size()
        unit = ui_scale(size)
        surface.blit(kit.felt(size), (0, 0))
        box = self.draw_panel(surface)
        text = kit.text.line(title, font_px(36, unit), kit.theme.text, bold=True)
        title_rect = text.get_rect(midtop=(box.centerx, box.top + round(14 * unit)))
        surface.blit(text, title_rect)
        self.notice_top = title_rect.bottom + round(6 * unit)  # a notice leaves the title in sight
        return box, box.top + round(24 * unit) + text.get_height()

    def draw_panel(self, surface: pygame.Surface) -> Rect:
        """Place the buttons, darken what is drawn so far and draw the panel; returns the panel's box."""
        theme = self.app.kit.theme
        size = surface.get_size()
        self.place(size)
        dim(surface, theme)
        box = self.box(size)
        dialog_box(surface, theme, box)
        return box


class Page(Dialog):
    """A screen of its own (Statistics, History): the whole window less a margin, its buttons in a row at the foot."""

    opaque = True
    buttons: list[Button]

    def box(self, size: tuple[int, int]) -> Rect:
        """The whole window, less a margin."""
        m = max(8, round(16 * ui_scale(size)))
        return Rect(m, m, size[0] - 2 * m, size[1] - 2 * m)

    def place(self, size: tuple[int, int]) -> None:
        """The buttons side by side, centred at the foot of the screen."""
        unit = ui_scale(size)
        box = self.box(size)
        count = len(self.buttons)
        gap = round(18 * unit)
        bw, bh = min(round(250 * unit), (box.width - (count + 1) * gap) // count), round(48 * unit)
        x = box.centerx - (count * bw + (count - 1) * gap) // 2
        for b in self.buttons:
            b.rect = Rect(x, box.bottom - bh - round(18 * unit), bw, bh)
            x += bw + gap


class ChoiceGrid(Dialog):
    """A dialog of rows of choices (Settings, the Rules page) with a few buttons below them."""

    rows: list[list[Button]]
    focus_row: int

    def choose(self, row: int, index: int) -> None:
        """Pick choice ``index`` of row ``row``."""
        raise NotImplementedError

    def _sync(self) -> None:
        """Mark the chosen and focused buttons as the values stand now."""
        raise NotImplementedError

    def update(self, dt: float) -> None:
        """Keep in step with the values (a key such as H or F11 may change them while open) and the window size."""
        self._sync()
        super().update(dt)

    def pointer(self, event: pygame.event.Event, buttons: list[tuple[Button, Callable[[], object]]],
                hover: Button | None) -> Button | None:
        """A click on one of ``buttons`` does its action, a click on a choice picks it; returns the button
        now under the pointer (``hover`` when the pointer did not move)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button, act in buttons:
                if button.hit(event.pos):
                    act()
                    return hover
            cell = grid_at(self.rows, event.pos)
            if cell is not None:
                self.focus_row = cell[0]
                self.choose(*cell)
        elif event.type == pygame.MOUSEMOTION:
            return button_at([*(b for b, _act in buttons), *(b for row in self.rows for b in row)], event.pos)
        return hover


def draw_words(surface: pygame.Surface, kit: Kit, box: Rect, title: str, words: str, unit: float, *,
               title_px: int = 34, title_ink: Colour | None = None, words_ink: Colour | None = None,
               top: int = 26, gap: int = 10) -> int:
    """A panel's title and its words wrapped beneath, centred in ``box`` (sizes at scale 1); returns the
    bottom of the words."""
    t = kit.theme
    line = kit.text.line(title, font_px(title_px, unit), title_ink or t.text, bold=True)
    surface.blit(line, line.get_rect(midtop=(box.centerx, box.top + round(top * unit))))
    y = box.top + round((top + gap) * unit) + line.get_height()
    for text in kit.text.wrap(words, font_px(21, unit), box.width - round(60 * unit)):
        shown = kit.text.line(text, font_px(21, unit), words_ink or t.text_dim)
        surface.blit(shown, shown.get_rect(midtop=(box.centerx, y)))
        y += shown.get_height()
    return y


class QuestionScene(Dialog):
    """A question in a panel over the dimmed screen: a title, a line or two of detail and two buttons,
    the first focused; Esc gives the first button's answer."""

    panel_height = 210
    """The panel's height at scale 1."""

    def __init__(self, app: Services, question: str, buttons: list[Button]) -> None:
        """Ask ``question`` (marked with ``N_``) with ``buttons``."""
        super().__init__(app)
        self.question = question
        self.buttons = buttons
        self.buttons[0].focused = True
        self._hover: Button | None = None
        self.place(app.surface.get_size())

    def heading(self) -> str:
        """The question, in the language of the moment."""
        return _(self.question)

    def detail(self) -> str:
        """The words under the question."""
        return ""

    def act(self, action: str) -> None:
        """Answer with the button whose action is ``action``."""
        raise NotImplementedError

    def box(self, size: tuple[int, int]) -> Rect:
        """The question's panel at this window size."""
        unit = ui_scale(size)
        box = Rect(0, 0, min(size[0] - 20, round(640 * unit)), round(self.panel_height * unit))
        box.center = (size[0] // 2, size[1] // 2)
        return box

    def place(self, size: tuple[int, int]) -> None:
        """Put the two buttons side by side at the foot of the panel."""
        unit = ui_scale(size)
        box = self.box(size)
        bw, bh = round(240 * unit), round(50 * unit)
        gap = round(20 * unit)
        x = box.centerx - bw - gap // 2
        for b in self.buttons:
            b.rect = Rect(x, box.bottom - bh - round(28 * unit), bw, bh)
            x += bw + gap

    def handle_event(self, event: pygame.event.Event) -> None:
        """Enter presses the focused button; Esc answers with the first; arrows, Tab and clicks as in every dialog."""
        self.place(self.app.surface.get_size())
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.act(self.buttons[0].action)
            return
        self._hover = buttons_event(event, self.buttons, lambda b: self.act(b.action), self._hover)

    def draw(self, surface: pygame.Surface) -> None:
        """The question over the dimmed screen."""
        kit = self.app.kit
        unit = ui_scale(surface.get_size())
        box = self.draw_panel(surface)
        draw_words(surface, kit, box, self.heading(), self.detail(), unit)
        for b in self.buttons:
            b.draw(surface, kit, font_px(22, unit), b is self._hover)
