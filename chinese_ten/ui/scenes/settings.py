"""The settings screen: every remembered choice, saved the moment it changes; and, for playing with
friends, the name one is shown by and the table server's address, typed, checked and kept as one
leaves the field (a value the setting does not allow is told in one line and changes nothing)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from chinese_ten.i18n import LANGUAGE_NAMES, N_, _
from chinese_ten.settings import (LANGUAGE_CHOICES, PLAYER_NAME_LENGTH, SERVER_URL_LENGTH, VOLUMES, WINDOW_SIZES,
                                  SettingError)
from chinese_ten.ui.widgets.dialog import ChoiceGrid
from chinese_ten.ui.kit import font_px, ui_scale
from chinese_ten.ui.widgets.button import PRESS_KEYS, Button, row_step
from chinese_ten.ui.kit.shortcuts import keyboard_words
from chinese_ten.ui.choices import Option, choose_value, chosen_value, options_for
from chinese_ten.ui.widgets.text_field import TextField

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services

_OFF_ON: tuple[tuple[str, object], ...] = ((N_("Off"), False), (N_("On"), True))

_LOOK_ROWS: tuple[Option, ...] = (
    ("high_contrast", N_("High contrast (H)"), _OFF_ON),
    ("four_colour", N_("Four-colour deck"), _OFF_ON),
    ("point_badges", N_("Point badges"), ((N_("Hidden"), False), (N_("Shown"), True))),
    ("animation_speed", N_("Animation"), ((N_("Slow"), "slow"), (N_("Normal"), "normal"), (N_("Fast"), "fast"),
                                          (N_("Instant"), "instant"))),
    ("muted", N_("Sound (M)"), ((N_("On"), False), (N_("Off"), True))),
    ("volume", N_("Volume"), tuple((f"{v}%", v) for v in VOLUMES)),
    ("pause_on_focus_loss", N_("Pause when away"), _OFF_ON),
    ("allow_takebacks", N_("Allow take-backs"), _OFF_ON),
    ("card_tracker", N_("Card tracker (T)"), _OFF_ON),
    ("fullscreen", N_("Full screen (F11)"), _OFF_ON),
    ("window_size", N_("Window size"), tuple((f"{w}×{h}", (w, h)) for w, h in WINDOW_SIZES)),
    ("language", N_("Language"), tuple((LANGUAGE_NAMES.get(code, N_("System")), code) for code in LANGUAGE_CHOICES)),
)
"""The rows of the settings screen after the table's: setting name, label and (shown, value) choices."""


def setting_rows(game: str) -> tuple[Option, ...]:
    """Each row of the settings screen while ``game`` is chosen: its table settings (its own seats and
    lengths), then the look, the sound and the window; setting name, label and (shown, value) choices."""
    return options_for(game) + _LOOK_ROWS


SETTING_ROWS: tuple[Option, ...] = setting_rows("ten")
"""Each row of the settings screen for Chinese Ten: setting name, label and (shown, value) choices."""

TEXT_ROWS: tuple[tuple[str, str, str, int, str], ...] = (
    ("player_name", N_("Your name at tables"), N_("The name your friends see"), PLAYER_NAME_LENGTH,
     N_("A name is at most 32 characters, with no control characters.")),
    ("server_url", N_("Table server"), N_("Empty: this computer"), SERVER_URL_LENGTH,
     N_("Write the address like https://tables.example.org (empty: this computer).")),
)
"""The typed rows after the choices: setting name, label, what the empty field says, longest text, and
what is told when the text is not allowed."""

MATCH_KEYS = frozenset({"computers", "strength", "match_length"})
"""Settings that take effect at the next match rather than at once."""


class SettingsScene(ChoiceGrid):
    """An overlay of rows of choices and a Done button; Up/Down pick a row, Left/Right a choice."""

    def __init__(self, app: Services, field: str = "") -> None:
        """The settings as they stand now; ``field`` (a typed row's setting, such as ``server_url``) opens
        them with that field ready for typing."""
        super().__init__(app)
        self.game = ""
        """The game whose table settings the rows offer (the one chosen on the start screen)."""
        self.setting_rows: tuple[Option, ...] = ()
        """The rows offered now, in order: setting name, label and (shown, value) choices."""
        self.rows: list[list[Button]] = []
        self._build_rows()
        self.fields = [TextField(str(getattr(app.settings, key)), length, _(hint))
                       for key, _label, hint, length, _problem in TEXT_ROWS]
        """The typed rows' fields, in the order of :data:`TEXT_ROWS`."""
        self.problem = ""
        """Why the text last left in a field was not kept (empty when it was)."""
        self.done = Button(N_("Done (Esc)"), "done")
        self.rules_button = Button(N_("Rules (R)"), "rules")
        self.on_rules = False
        """True while the keyboard focus is on Rules rather than Done (Left/Right on the last row)."""
        self.focus_row = 0
        self._hover: Button | None = None
        self._sync()
        self.place(app.surface.get_size())
        if field:
            self._to_row(len(self.rows) + [key for key, *_rest in TEXT_ROWS].index(field))

    def _build_rows(self) -> None:
        """The rows for the game chosen now."""
        self.game = self.app.settings.game
        self.setting_rows = setting_rows(self.game)
        self.rows = [[Button(text, f"{key}={i}") for i, (text, _v) in enumerate(choices)]
                     for key, _label, choices in self.setting_rows]
        for b, code in zip(self.rows[-1], LANGUAGE_CHOICES):
            b.language = code if code in LANGUAGE_NAMES else None  # each language's name in its own script

    def value_index(self, row: int) -> int:
        """Which choice of ``row`` the settings hold now; -1 when none does (a window resized by hand)."""
        key, _label, choices = self.setting_rows[row]
        current = chosen_value(self.app.settings, key)
        values = [v for _t, v in choices]
        return values.index(current) if current in values else -1

    def _sync(self) -> None:
        if self.app.settings.game != self.game:
            self._build_rows()
            self.place(self.app.surface.get_size())
        for r, row in enumerate(self.rows):
            chosen = self.value_index(r)
            for i, b in enumerate(row):
                b.selected = i == chosen
                b.focused = r == self.focus_row and i == chosen
        for i in range(len(self.fields)):
            if self.focus_row != len(self.rows) + i:
                self.keep_field(i)
        self.done.focused = self.focus_row == self.done_row and not self.on_rules
        self.rules_button.focused = self.focus_row == self.done_row and self.on_rules

    def _to_row(self, row: int) -> None:
        """Move the keyboard to ``row``: a field's row gives the field the keyboard, leaving one keeps its text."""
        self.focus_row = row
        self._sync()
        if len(self.rows) <= row < self.done_row:
            self.fields[row - len(self.rows)].focus()

    @property
    def done_row(self) -> int:
        """The place of the last row, Done and Rules, in the keyboard's order (after the choices and the fields)."""
        return len(self.rows) + len(self.fields)

    @property
    def typing(self) -> bool:
        """True while a field has the keyboard (the window's one-letter keys are then letters)."""
        return any(field.focused for field in self.fields)

    def keep_field(self, index: int) -> None:
        """Let go of a field, keeping its text when the setting allows it; else say why, and the setting stays."""
        field = self.fields[index]
        if not field.focused:
            return
        field.blur()
        key, _label, _hint, _length, problem = TEXT_ROWS[index]
        if field.text.strip() == getattr(self.app.settings, key):
            return
        try:
            self.app.change_settings(**{key: field.text})
        except SettingError:
            self.problem = _(problem)
            return
        self.problem = ""
        field.text = str(getattr(self.app.settings, key))
        field.caret = len(field.text)

    def choose(self, row: int, index: int) -> None:
        """Set the setting of ``row`` to its ``index``-th choice; saved and applied at once."""
        key, _label, choices = self.setting_rows[row]
        index = max(0, min(len(choices) - 1, index))
        choose_value(self.app, key, choices[index][1])
        self._sync()

    def close(self) -> None:
        """Back to where the settings were opened from (a field's text kept first, if allowed)."""
        for i in range(len(self.fields)):
            self.keep_field(i)
        self.app.pop(self)

    def open_rules(self) -> None:
        """Open the Rules page over the settings."""
        self.app.open("rules")

    def place(self, size: tuple[int, int]) -> None:
        """Lay the rows out for this window size."""
        box = self.box(size)
        unit = ui_scale(size)
        bh = round(40 * unit)
        pitch = max(1, min(bh + round(10 * unit), (box.bottom - round(76 * unit) - box.top - round(84 * unit))
                           // (len(self.rows) + len(self.fields))))
        bh = min(bh, pitch - max(2, round(6 * unit)))
        label_w = round(250 * unit)
        gap = round(10 * unit)
        bw = round(150 * unit)
        x0 = box.left + round(30 * unit) + label_w
        y = box.top + round(84 * unit)
        span = 4 * bw + 3 * gap
        for row in self.rows:
            # more than four choices (Go Fishing's seven seat counts) share the width of four
            cw = bw if len(row) <= 4 else (span - (len(row) - 1) * gap) // len(row)
            for i, b in enumerate(row):
                b.rect = Rect(x0 + i * (cw + gap), y, cw, bh)
            y += pitch
        for field in self.fields:
            field.rect = Rect(x0, y, span, bh)
            y += pitch
        self.done.rect = Rect(0, 0, round(220 * unit), round(46 * unit))
        self.done.rect.bottomright = (box.right - round(30 * unit), box.bottom - round(20 * unit))
        self.rules_button.rect = Rect(0, 0, round(180 * unit), round(46 * unit))
        self.rules_button.rect.bottomright = (self.done.rect.left - round(12 * unit), self.done.rect.bottom)

    def box(self, size: tuple[int, int]) -> Rect:
        """The settings panel at this window size."""
        w, h = size
        unit = ui_scale(size)
        rows = len(self.setting_rows) + len(TEXT_ROWS)
        want_h = round((84 + rows * 50 + 100) * unit)
        want_w = round((60 + 250 + 4 * 160) * unit)
        box = Rect(0, 0, min(w - 20, want_w), min(h - 20, want_h))
        box.center = (w // 2, h // 2)
        return box

    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys and clicks change settings; Esc or Done closes."""
        self.place(self.app.surface.get_size())
        if event.type == pygame.KEYDOWN and self.typing and (event.key in (pygame.K_UP, pygame.K_DOWN)
                                                             or event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)):
            step = -1 if event.key == pygame.K_UP else 1  # Enter keeps the text and goes on, as Down does
            self._to_row(min(self.done_row, max(0, self.focus_row + step)))
            return
        for i, field in enumerate(self.fields):
            was = field.focused
            if field.handle_event(event):
                if not was:
                    self.focus_row = len(self.rows) + i
                    self._sync()
                return
            if was and not field.focused:  # a click elsewhere: the text is kept (or refused) as the field is left
                field.focus()
                self.keep_field(i)
        if event.type == pygame.KEYDOWN and self.typing and event.key == pygame.K_ESCAPE:
            self._to_row(self.done_row)  # Esc leaves the field (its text kept, if allowed); a second Esc closes
            return
        if event.type == pygame.KEYDOWN:
            rows = self.done_row
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key == pygame.K_r:
                self.open_rules()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus_row == rows:
                self.on_rules = not self.on_rules
                self._sync()
            elif move := row_step(event):
                self._to_row((self.focus_row + move) % (rows + 1))
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus_row < len(self.rows):
                step = 1 if event.key == pygame.K_RIGHT else -1
                self.choose(self.focus_row, self.value_index(self.focus_row) + step)
            elif event.key in PRESS_KEYS:
                if self.focus_row >= rows and self.on_rules:
                    self.open_rules()
                elif self.focus_row >= rows:
                    self.close()
                elif self.focus_row >= len(self.rows):
                    self.fields[self.focus_row - len(self.rows)].focus()
                else:
                    count = len(self.rows[self.focus_row])
                    self.choose(self.focus_row, (self.value_index(self.focus_row) + 1) % count)
        else:
            self._hover = self.pointer(event, [(self.done, self.close), (self.rules_button, self.open_rules)],
                                       self._hover)

    def draw(self, surface: pygame.Surface) -> None:
        """The rows of choices over the dimmed screen."""
        kit = self.app.kit
        t = kit.theme
        unit = ui_scale(surface.get_size())
        box = self.draw_panel(surface)
        title = kit.text.line(_("Settings"), font_px(36, unit), t.text, bold=True)
        surface.blit(title, (box.left + round(30 * unit), box.top + round(20 * unit)))
        saved = _("Saved as you change them.")
        if self.app.table() is not None:
            saved = _("Saved as you change them. Computers, strength and match length apply from the next match.")
        note = kit.text.line(saved, font_px(18, unit), t.text_dim)
        if note.get_width() > box.width - title.get_width() - round(80 * unit):
            note = kit.text.line(_("Saved as you change them."), font_px(18, unit), t.text_dim)
        surface.blit(note, note.get_rect(bottomright=(box.right - round(30 * unit),
                                                      box.top + round(20 * unit) + title.get_height() - 4)))
        for r, ((key, label, _choices), row) in enumerate(zip(self.setting_rows, self.rows)):
            colour = t.accent if r == self.focus_row else t.text
            if self.value_index(r) < 0 and key == "window_size":
                label = _("Window {width}×{height}").format(width=self.app.settings.window_size[0],
                                                            height=self.app.settings.window_size[1])
            text = kit.text.line(keyboard_words(_(label)), font_px(23, unit), colour, bold=True)
            surface.blit(text, text.get_rect(midleft=(box.left + round(30 * unit), row[0].rect.centery)))
            for b in row:
                b.draw(surface, kit, font_px(20, unit), b is self._hover)
        for i, ((_key, label, hint, _length, _problem), field) in enumerate(zip(TEXT_ROWS, self.fields)):
            field.placeholder = _(hint)  # in the language chosen a moment ago too
            colour = t.accent if len(self.rows) + i == self.focus_row else t.text
            text = kit.text.line(_(label), font_px(23, unit), colour, bold=True)
            surface.blit(text, text.get_rect(midleft=(box.left + round(30 * unit), field.rect.centery)))
            field.draw(surface, kit, font_px(20, unit))
        room = self.rules_button.rect.left - box.left - round(42 * unit)
        if self.problem:  # in the place of the keys' line, until the field's text is allowed
            text = kit.text.paragraph(self.problem, font_px(17, unit), t.accent, room, bold=True)
            if text.get_height() > self.done.rect.height + round(16 * unit):
                text = kit.text.paragraph(self.problem, font_px(14, unit), t.accent, room, bold=True)
            surface.blit(text, text.get_rect(midleft=(box.left + round(30 * unit), self.done.rect.centery)))
        else:
            keys = kit.text.line(_("Up/Down: setting · Left/Right: choice · Esc: done"), font_px(18, unit), t.text_dim)
            surface.blit(keys, keys.get_rect(midleft=(box.left + round(30 * unit), self.done.rect.centery)))
        self.done.draw(surface, kit, font_px(22, unit), self.done is self._hover)
        self.rules_button.draw(surface, kit, font_px(22, unit), self.rules_button is self._hover)
