"""The Rules page of Settings: each rule option of the next match, one row each, saved as it changes.

The options and their values are those of the house rules' game's options data (``GameSpec.options``); a
value that cannot be dealt at the seats chosen is not offered. Only the options that differ from the preset are remembered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
from pygame import Rect

from chinese_ten.i18n import _
from chinese_ten.games import HOUSE, game_named
from chinese_ten.ui.widgets.dialog import ChoiceGrid
from chinese_ten.ui.kit import font_px, ui_scale
from chinese_ten.ui.widgets.button import PRESS_KEYS, Button, row_step
from chinese_ten.ui.widgets.button import PresetButton

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services

OPTION_LABELS: dict[str, str] = {option.name: option.title for option in HOUSE.options.options}
"""What each rule option is called on screen (the game's own options data)."""

VALUE_LABELS: dict[tuple[str, Any], str] = {(option.name, value): title for option in HOUSE.options.options
                                            for value, title in zip(option.values, option.value_titles)}
"""What each value of each rule option is called on screen (the game's own options data)."""


def offered_values(rules: Any, key: str, seats: int) -> list[Any]:
    """The values of option ``key`` that can be dealt at ``seats`` with the other options as in ``rules``."""
    return [v for v in HOUSE.options.option(key).values if seats in rules.with_options(**{key: v}).seat_counts()]


class RulesScene(ChoiceGrid):
    """Rows of rule options and their values; Up/Down pick a row, Left/Right a value, Esc closes."""

    @classmethod
    def opened(cls, app: Services, **kw: Any) -> RulesScene | None:
        """Chinese Ten's house rules, when Chinese Ten is the game in force; for a game with none (Go Fishing)
        nothing opens and the person is told so."""
        game = game_named(app.game_in_force())
        if game is not HOUSE:
            app.notify(_("{game} has no house rules: it is played one way, as Help (F1) tells.").format(
                game=_(game.title)), scene=app.top())
            return None
        return cls(app, **kw)

    def __init__(self, app: Services) -> None:
        """The rules the next match will be played under."""
        super().__init__(app)
        self.keys = list(HOUSE.options.names)
        self.rows: list[list[Button]] = [[] for _ in self.keys]
        self.values: list[list[Any]] = [[] for _ in self.keys]
        self.reset = Button(_("Reset to preset (R)"), "reset")
        self.done = Button(_("Done (Esc)"), "done")
        self.focus_row = 0
        self._hover: Button | None = None
        self._sync()
        self.place(app.surface.get_size())

    @property
    def seats(self) -> int:
        """The seats of the next match of Chinese Ten (while another game is chosen, the most the rules deal)."""
        if self.app.settings.game == HOUSE.name:
            return self.app.settings.computers + 1
        return self.app.rules_in_force()[1]

    def rules(self) -> Any:
        """The rules the settings hold now."""
        return self.app.settings.ruleset()

    def _sync(self) -> None:
        rules = self.rules()
        for r, key in enumerate(self.keys):
            values = offered_values(rules, key, self.seats)
            if values != self.values[r]:
                self.values[r] = values
                self.rows[r] = [PresetButton(VALUE_LABELS[(key, v)], f"{key}={i}") for i, v in enumerate(values)]
            current = getattr(rules, key)
            for v, b in zip(values, self.rows[r]):
                b.selected = v == current
                b.focused = r == self.focus_row and b.selected
        self.reset.focused = self.focus_row == len(self.keys)
        self.done.focused = self.focus_row == len(self.keys) + 1

    def choose(self, row: int, index: int) -> None:
        """Set option ``row`` to its ``index``-th value offered; saved at once."""
        values = self.values[row]
        if not values:
            return
        value = values[max(0, min(len(values) - 1, index))]
        rules = self.rules().with_options(**{self.keys[row]: value})
        changed = tuple(rules.changed().items())
        if changed != self.app.settings.rule_options:
            self.app.change_settings(rule_options=changed)
        self._sync()

    def value_index(self, row: int) -> int:
        """Which value of ``row`` is chosen now."""
        current = getattr(self.rules(), self.keys[row])
        return self.values[row].index(current) if current in self.values[row] else 0

    def back_to_preset(self) -> None:
        """Drop every option changed from the preset."""
        if self.app.settings.rule_options:
            self.app.change_settings(rule_options=())
        self._sync()

    def close(self) -> None:
        """Back to Settings."""
        self.app.pop(self)

    def box(self, size: tuple[int, int]) -> Rect:
        """The page's panel at this window size."""
        w, h = size
        unit = ui_scale(size)
        want_h = round((110 + len(self.keys) * 54 + 100) * unit)
        want_w = round((60 + 250 + 4 * 170) * unit)
        box = Rect(0, 0, min(w - 20, want_w), min(h - 20, want_h))
        box.center = (w // 2, h // 2)
        return box

    def place(self, size: tuple[int, int]) -> None:
        """Lay the rows out for this window size."""
        box = self.box(size)
        unit = ui_scale(size)
        bh = round(44 * unit)
        pitch = bh + round(10 * unit)
        label_w = round(250 * unit)
        gap = round(10 * unit)
        bw = round(160 * unit)
        x0 = box.left + round(30 * unit) + label_w
        y = box.top + round(110 * unit)
        for row in self.rows:
            for i, b in enumerate(row):
                b.rect = Rect(x0 + i * (bw + gap), y, bw, bh)
            y += pitch
        self.done.rect = Rect(0, 0, round(200 * unit), round(46 * unit))
        self.done.rect.bottomright = (box.right - round(30 * unit), box.bottom - round(20 * unit))
        self.reset.rect = Rect(0, 0, round(240 * unit), round(46 * unit))
        self.reset.rect.bottomright = (self.done.rect.left - gap, self.done.rect.bottom)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys and clicks change options; R goes back to the preset's own; Esc or Done closes."""
        self.place(self.app.surface.get_size())
        rows = len(self.rows)
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key == pygame.K_r:
                self.back_to_preset()
            elif move := row_step(event):
                self.focus_row = (self.focus_row + move) % (rows + 2)
                self._sync()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus_row < rows:
                step = 1 if event.key == pygame.K_RIGHT else -1
                self.choose(self.focus_row, self.value_index(self.focus_row) + step)
            elif event.key in PRESS_KEYS:
                if self.focus_row == rows:
                    self.back_to_preset()
                elif self.focus_row > rows:
                    self.close()
                else:
                    count = len(self.values[self.focus_row]) or 1
                    self.choose(self.focus_row, (self.value_index(self.focus_row) + 1) % count)
        else:
            self._hover = self.pointer(event, [(self.done, self.close), (self.reset, self.back_to_preset)],
                                       self._hover)

    def draw(self, surface: pygame.Surface) -> None:
        """The rows of options over the dimmed screen."""
        kit = self.app.kit
        t = kit.theme
        unit = ui_scale(surface.get_size())
        box = self.draw_panel(surface)
        # house rules are Chinese Ten's alone: said so while another game is chosen
        heading = _("Rules") if self.app.settings.game == HOUSE.name else _("Chinese Ten's house rules")
        title = kit.text.line(heading, font_px(36, unit), t.text, bold=True)
        left = box.left + round(30 * unit)
        surface.blit(title, (left, box.top + round(20 * unit)))
        settings = self.app.settings
        about = _("Preset: {title}, {seats} seats.").format(title=_(HOUSE.options.preset_title(settings.rules)), seats=self.seats)
        about += " " + (_("Changed options are marked •.") if settings.rule_options
                        else _("Every option as the preset has it."))
        if self.app.table() is not None:
            about += " " + _("They apply from the next match.")
        size = font_px(18, unit)
        room = box.width - round(60 * unit)
        while kit.text.width(about, size) > room and size > 10:
            size -= 1
        note = kit.text.line(about, size, t.text_dim)
        surface.blit(note, (left, box.top + round(20 * unit) + title.get_height() + round(6 * unit)))
        changed = dict(settings.rule_options)
        for r, (key, row) in enumerate(zip(self.keys, self.rows)):
            if not row:
                continue
            colour = t.accent if r == self.focus_row else t.text
            label = _(OPTION_LABELS[key]) + (" •" if key in changed else "")
            text = kit.text.line(label, font_px(22, unit), colour, bold=True)
            surface.blit(text, text.get_rect(midleft=(left, row[0].rect.centery)))
            for b in row:
                b.draw(surface, kit, font_px(18, unit), b is self._hover)
        keys = kit.text.line(_("Up/Down: option · Left/Right: value · Esc: done"), font_px(16, unit), t.text_dim)
        surface.blit(keys, keys.get_rect(bottomleft=(left, self.done.rect.top - round(8 * unit))))
        self.reset.draw(surface, kit, font_px(20, unit), self.reset is self._hover)
        self.done.draw(surface, kit, font_px(22, unit), self.done is self._hover)
