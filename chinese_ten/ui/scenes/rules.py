"""The Rules page of Settings: each house rule of the next match of the game in force, one row each, saved as it
changes.

The options and their values are those of the game's own options data (``GameSpec.options``), kept in the settings
as that game's house rules; a value that cannot be dealt at the seats chosen is not offered. Only the options that
differ from the preset are remembered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
from pygame import Rect

from chinese_ten.engine.game import GameSpec
from chinese_ten.i18n import _
from chinese_ten.games import game_named
from chinese_ten.settings import choose_rules
from chinese_ten.ui.widgets.dialog import ChoiceGrid
from chinese_ten.ui.kit import font_px, ui_scale
from chinese_ten.ui.widgets.button import PRESS_KEYS, Button, row_step
from chinese_ten.ui.widgets.button import PresetButton

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services


def offered_values(spec: GameSpec, rules: Any, key: str, seats: int) -> list[Any]:
    """The values of ``spec``'s option ``key`` that can be dealt at ``seats`` with the other options as in
    ``rules``."""
    preset, changed = spec.options.chosen(rules.to_json())
    return [v for v in spec.options.option(key).values
            if seats in spec.rules_from_json({"preset": preset, **changed, key: v}).seat_counts()]


class RulesScene(ChoiceGrid):
    """Rows of rule options and their values; Up/Down pick a row, Left/Right a value, Esc closes."""

    @classmethod
    def opened(cls, app: Services, **kw: Any) -> RulesScene | None:
        """The house rules of the game in force; for a game with none (Go Fishing) nothing opens and the person is
        told so."""
        game = game_named(app.game_in_force())
        if not game.options.presets:
            app.notify(_("{game} has no house rules: it is played one way, as Help (F1) tells.").format(
                game=_(game.title)), scene=app.top())
            return None
        return cls(app, **kw)

    def __init__(self, app: Services) -> None:
        """The rules the next match of the game in force will be played under."""
        super().__init__(app)
        self.spec = game_named(app.game_in_force())
        """The game whose house rules the page changes."""
        self.keys = list(self.spec.options.names)
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
        """The seats of the game's next match (while another game is chosen, as many as its rules in force deal)."""
        if self.app.settings.game == self.spec.name:
            return self.app.settings.computers + 1
        return self.app.rules_in_force(self.spec.name)[1]

    def rules(self) -> Any:
        """The game's rules as the settings hold them now."""
        return self.app.settings.ruleset(self.spec.name)

    def current(self) -> dict[str, Any]:
        """Every option's value under the rules the settings hold now."""
        return self.spec.options.values_under(self.rules().to_json())

    def _sync(self) -> None:
        rules, current = self.rules(), self.current()
        for r, key in enumerate(self.keys):
            values = offered_values(self.spec, rules, key, self.seats)
            if values != self.values[r]:
                self.values[r] = values
                titles = self.spec.options.option(key)
                self.rows[r] = [PresetButton(titles.value_title(v), f"{key}={i}") for i, v in enumerate(values)]
            for v, b in zip(values, self.rows[r]):
                b.selected = v == current[key]
                b.focused = r == self.focus_row and b.selected
        self.reset.focused = self.focus_row == len(self.keys)
        self.done.focused = self.focus_row == len(self.keys) + 1

    def change(self, changed: dict[str, Any]) -> None:
        """Keep the game's preset with these options changed from it (saved at once when they differ)."""
        name = self.app.settings.preset(self.spec.name)
        if tuple(changed.items()) != self.app.settings.changed_options(self.spec.name):
            self.app.change_settings(**choose_rules(self.app.settings, {"preset": name, **changed}, self.spec.name))

    def choose(self, row: int, index: int) -> None:
        """Set option ``row`` to its ``index``-th value offered; saved at once."""
        values = self.values[row]
        if not values:
            return
        value = values[max(0, min(len(values) - 1, index))]
        chosen = self.spec.options.chosen(self.rules().to_json())[1] | {self.keys[row]: value}
        rules = self.spec.rules_from_json({"preset": self.app.settings.preset(self.spec.name), **chosen})
        changed = self.spec.options.chosen(rules.to_json())[1]
        self.change({key: changed[key] for key in self.keys if key in changed})
        self._sync()

    def value_index(self, row: int) -> int:
        """Which value of ``row`` is chosen now."""
        current = self.current()[self.keys[row]]
        return self.values[row].index(current) if current in self.values[row] else 0

    def back_to_preset(self) -> None:
        """Drop every option changed from the preset."""
        self.change({})
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
        # while another game is chosen, the heading names the game whose house rules these are
        heading = _("Rules") if self.app.settings.game == self.spec.name else _("{game}'s house rules").format(
            game=_(self.spec.title))
        title = kit.text.line(heading, font_px(36, unit), t.text, bold=True)
        left = box.left + round(30 * unit)
        surface.blit(title, (left, box.top + round(20 * unit)))
        settings = self.app.settings
        about = _("Preset: {title}, {seats} seats.").format(
            title=_(self.spec.options.preset_title(settings.preset(self.spec.name))), seats=self.seats)
        changed = dict(settings.changed_options(self.spec.name))
        about += " " + (_("Changed options are marked •.") if changed
                        else _("Every option as the preset has it."))
        if self.app.table() is not None:
            about += " " + _("They apply from the next match.")
        size = font_px(18, unit)
        room = box.width - round(60 * unit)
        while kit.text.width(about, size) > room and size > 10:
            size -= 1
        note = kit.text.line(about, size, t.text_dim)
        surface.blit(note, (left, box.top + round(20 * unit) + title.get_height() + round(6 * unit)))
        for r, (key, row) in enumerate(zip(self.keys, self.rows)):
            if not row:
                continue
            colour = t.accent if r == self.focus_row else t.text
            label = _(self.spec.options.option(key).title) + (" •" if key in changed else "")
            text = kit.text.line(label, font_px(22, unit), colour, bold=True)
            surface.blit(text, text.get_rect(midleft=(left, row[0].rect.centery)))
            for b in row:
                b.draw(surface, kit, font_px(18, unit), b is self._hover)
        keys = kit.text.line(_("Up/Down: option · Left/Right: value · Esc: done"), font_px(16, unit), t.text_dim)
        surface.blit(keys, keys.get_rect(bottomleft=(left, self.done.rect.top - round(8 * unit))))
        self.reset.draw(surface, kit, font_px(20, unit), self.reset is self._hover)
        self.done.draw(surface, kit, font_px(22, unit), self.done is self._hover)
