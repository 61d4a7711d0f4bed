"""Play deal number…: a small question with a text field for a deal number (INTERFACE.md "Deal numbers").

The number typed deals exactly its cards again at a practice match of one deal, at the seats, rules and
strength of the current settings; the match is kept apart from the statistics, as one with a take-back is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from chinese_ten.engine.streams import DEAL_NUMBERS
from chinese_ten.i18n import N_, _
from chinese_ten.ui.kit import font_px, ui_scale
from chinese_ten.ui.widgets.button import Button
from chinese_ten.ui.stakes import ask_before_abandoning
from chinese_ten.ui.widgets.dialog import QuestionScene
from chinese_ten.ui.widgets.text_field import TextField

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services


def read_deal_number(text: str) -> int | None:
    """The deal number ``text`` names (digits, spaces allowed between them), or None when it names none."""
    digits = "".join(text.split())
    if not digits.isdigit() or not digits.isascii():
        return None
    number = int(digits)
    return number if number < DEAL_NUMBERS else None


class DealNumberScene(QuestionScene):
    """Asks for a deal number; Play deals it, Cancel (or Esc) goes back."""

    panel_height = 260

    def __init__(self, app: Services) -> None:
        """An empty field, focused, with Cancel and Play under it."""
        super().__init__(app, N_("Play deal number…"), [Button(N_("Cancel"), "cancel"), Button(N_("Play"), "play")])
        self.field = TextField("", max_length=20, placeholder=_("a number from 0 to {last}").format(
            last=DEAL_NUMBERS - 1))
        self.buttons[0].focused = False  # Enter plays the number typed
        self.field.focus()
        self.problem = ""
        self._typed = False
        """True once anything has been typed (the first letter may be the N that opened the question)."""

    def detail(self) -> str:
        """What to type, or what was wrong with it."""
        return self.problem or _("Every deal has a number (shown at its count and in History) that deals it again.")

    def place(self, size: tuple[int, int]) -> None:
        """The two buttons at the foot, the field above them."""
        super().place(size)
        unit = ui_scale(size)
        box = self.box(size)
        height = round(42 * unit)
        field = getattr(self, "field", None)
        if field is not None:
            field.rect = Rect(box.left + round(40 * unit), self.buttons[0].rect.top - height - round(14 * unit),
                              box.width - round(80 * unit), height)

    def act(self, action: str) -> None:
        """Play the number typed, or go back."""
        if action == "cancel":
            self.field.blur()
            self.app.pop(self)
            return
        number = read_deal_number(self.field.text)
        if number is None:
            self.problem = _("A deal number is a whole number from 0 to {last}.").format(last=DEAL_NUMBERS - 1)
            return
        self.field.blur()
        self.app.pop(self)
        ask_before_abandoning(self.app, number, lambda: self.app.play_deal(number))

    def handle_event(self, event: pygame.event.Event) -> None:
        """Typing goes to the field; Enter plays; Esc cancels."""
        self.place(self.app.surface.get_size())
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if enter and not self.buttons[0].focused:
            self.act("play")
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.act("cancel")
            return
        if event.type == pygame.TEXTINPUT:  # a number's digits only (the N that opened this types nothing)
            opening = not self._typed and event.text in ("n", "N")
            self._typed = True
            digits = "".join(ch for ch in event.text if ch.isascii() and (ch.isdigit() or ch == " "))
            if digits:
                self.field.insert(digits)
                self.problem = ""
            if len(digits) < len(event.text) and not opening:  # a sign, a point, a letter: said, not dropped unseen
                self.problem = _("A deal number is a whole number from 0 to {last}.").format(last=DEAL_NUMBERS - 1)
            return
        if self.field.handle_event(event):
            return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The question, the field and the buttons."""
        super().draw(surface)
        self.field.draw(surface, self.app.kit, font_px(22, ui_scale(surface.get_size())))
