"""The start screen: which game, how many computers, how strong, how long a match (and, for a game with house
rules, which preset of them); then Play."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from chinese_ten.cards import Card
from chinese_ten.engine.strengths import ORDER, strength_label
from chinese_ten.i18n import N_, _, ngettext
from chinese_ten.engine.match import MatchLength
from chinese_ten.settings import choose_preset
from chinese_ten.ui.table.controller import seat_name
from chinese_ten.ui.table.games import table_game
from chinese_ten.ui.table.geometry import CARD_RATIO
from chinese_ten.ui.keeper import describe
from chinese_ten.ui.open_tables import table_words
from chinese_ten.ui.kit import font_px, ui_scale
from chinese_ten.ui.kit.theme import MIN_TEXT_PX
from chinese_ten.ui.scene import Scene
from chinese_ten.ui.choices import GAME_OPTION, Option, choose_value, chosen_value, options_for
from chinese_ten.games import game_named
from chinese_ten.ui.widgets.button import (PRESS_KEYS, Button, PresetButton, button_at, grid_at, label_margin,
                                          row_step)
from chinese_ten.ui.kit.shortcuts import keyboard_words

if TYPE_CHECKING:
    from chinese_ten.ui.kit import Kit
    from chinese_ten.ui.services import Services

_SHOWCASE = ("AH", "9D", "KH", "5S", "AC")


def game_title_px(unit: float) -> int:
    """The size of a game button's title at this scale (its description is a little smaller)."""
    return font_px(24, unit)


def presets_for(game: str, seats: int) -> list[str]:
    """The presets of ``game``'s house rules that can be dealt at this many seats, in the order of its options data
    (its default first; none for a game played one way)."""
    spec = game_named(game)
    return [name for name in spec.options.preset_names if seats in spec.rules_from_json(name).seat_counts()]


def game_description(game: str) -> str:
    """A game's one line on its start-screen button: what a turn does and how many play it."""
    counts = game_named(game).seat_counts
    return table_game(game).description().format(low=min(counts), high=max(counts))


class GameButton(Button):
    """A game's button: its title, and under it a line describing the game."""

    description: str = ""
    """The line under the title (already in the language in use)."""

    def fitted(self, kit: Kit, size: int) -> tuple[int, int, str]:
        """How the button is lettered at ``size``: the title's size, the description's size and the
        description as drawn (cut short with "…" only if it cannot fit even at the smallest text drawn)."""
        room = self.rect.width - 2 * label_margin(self.rect)
        title = size
        while title > 10 and kit.text.width(_(self.label), title, True) > room:
            title -= 1
        small = max(MIN_TEXT_PX, round(size * 0.8))
        about = self.description
        while small > MIN_TEXT_PX and kit.text.width(about, small) > room:
            small -= 1
        about = kit.text.cut(about, small, room)
        return title, small, about

    def draw(self, surface: pygame.Surface, kit: Kit, size: int, hover: bool = False) -> None:
        """Draw the button with its title in the upper part and the description, smaller, under it."""
        label, self.label = self.label, ""
        super().draw(surface, kit, size, hover)
        self.label = label
        ink = kit.theme.text_on_light if self.selected else kit.theme.button_text
        title_px, about_px, about_text = self.fitted(kit, size)
        title = kit.text.line(_(label), title_px, ink, bold=True)
        about = kit.text.line(about_text, about_px, ink)
        gap = max(1, self.rect.height // 20)
        top = self.rect.centery - (title.get_height() + gap + about.get_height()) // 2
        surface.blit(title, title.get_rect(midtop=(self.rect.centerx, top)))
        surface.blit(about, about.get_rect(midtop=(self.rect.centerx, top + title.get_height() + gap)))


class OpenTableButton(Button):
    """A network table the person sits at: who sits there, and the game with how far it has gone; a click
    takes the seat back."""

    lines: tuple[str, str] = ("", "")
    """The two lines (already in the language in use)."""

    def draw(self, surface: pygame.Surface, kit: Kit, size: int, hover: bool = False) -> None:
        """Draw the button with its two lines, each cut short with "…" to fit."""
        label, self.label = self.label, ""
        super().draw(surface, kit, size, hover)
        self.label = label
        ink = kit.theme.button_text
        room = self.rect.width - 2 * label_margin(self.rect)
        first, second = self.lines
        top_px, low_px = size, max(MIN_TEXT_PX, size - 2)
        top = kit.text.line(kit.text.cut(first, top_px, room, True), top_px, ink, bold=True)
        low = kit.text.line(kit.text.cut(second, low_px, room), low_px, ink)
        y = self.rect.centery - (top.get_height() + low.get_height()) // 2
        surface.blit(top, (self.rect.left + label_margin(self.rect), y))
        surface.blit(low, (self.rect.left + label_margin(self.rect), y + top.get_height()))


OPEN_TABLES_SHOWN = 2
"""How many of the person's network tables the start screen offers to go back to (the newest)."""


class StartScene(Scene):
    """Choose the table and start a match."""

    def __init__(self, app: Services) -> None:
        """The start screen, preset from the saved settings."""
        super().__init__(app)
        self.game = ""
        """The game whose choices the rows offer now (the settings' game: see _sync)."""
        self.options: tuple[Option, ...] = ()
        """The settings the rows offer, the game first, in row order (the house rules' presets follow, for a game with them)."""
        self.rows: list[list[Button]] = []
        self.presets: list[str] = []
        self._build_rows()
        self.play = Button(N_("Play"), "play")
        kept = app.keeper.unfinished() if app.keeper.keeping else None
        self.kept = kept
        """The unfinished match the Continue button takes up again (None without one): kept as data, and
        told in the language in use whenever it is shown."""
        if kept is not None:
            self.play.label = N_("New match")
        first = [Button(N_("Continue"), "continue")] if kept is not None else []
        self.actions = [*first, self.play, Button(N_("Settings"), "settings"),
                        Button(N_("Statistics"), "stats"), Button(N_("History"), "history"),
                        Button(N_("Help (F1)"), "help"), Button(N_("Learn to play"), "learn"),
                        Button(N_("With friends"), "friends"), Button(N_("Quit"), "quit")]
        self.deal_button = Button(N_("Play deal number… (N)"), "deal-number")
        """Play deal number…, in the top right corner (the row of actions is full in a small window)."""
        self._offer_practice()
        self.table_buttons: list[OpenTableButton] = []
        """The person's open network tables, in the top left corner (see _offer_tables)."""
        self._offer_tables()
        self.focus_row = len(self.rows)
        self.focus_action = 0
        self._hover: Button | None = None
        self._result_asked = kept is not None
        self.elsewhere_line = ""
        """What the screen says, for as long as it holds, when another window keeps the matches (else empty)."""
        self._sync()

    @property
    def continue_line(self) -> str:
        """What the Continue button takes up again, in one line in the language in use (empty without an
        unfinished match)."""
        return "" if self.kept is None else describe(self.kept)

    def _offer_practice(self) -> None:
        """Offer Practice, with how many positions wait, beside Play when any do (and not when none do)."""
        waiting = self.app.keeper.practice_waiting() if self.app.keeper.readable else 0
        button = next((b for b in self.actions if b.action == "practice"), None)
        if not waiting:
            if button is not None:
                self.actions.remove(button)
                self.focus_action = min(getattr(self, "focus_action", 0), len(self.actions) - 1)
            return
        if button is None:
            button = Button("", "practice")
            self.actions.insert(self.actions.index(self.play) + 1, button)
        button.label = _("Practice ({n})").format(n=waiting)

    def _offer_tables(self) -> None:
        """Offer the way back to each of the newest open network tables, as the window last saw them."""
        self.open_tables = self.app.open_tables.load()[:OPEN_TABLES_SHOWN]
        self.actions = [b for b in self.actions if b not in self.table_buttons]
        self.table_buttons = []
        for i, entry in enumerate(self.open_tables):
            button = OpenTableButton("", f"table:{i}")
            button.lines = table_words(entry)
            self.table_buttons.append(button)
        self.actions += self.table_buttons  # last in the keyboard's order along the actions (Left/Right)
        self.focus_action = min(getattr(self, "focus_action", 0), len(self.actions) - 1)

    def resume(self) -> None:
        """Back on top: the positions to practise may have changed."""
        self._offer_practice()
        self._offer_tables()
        self._sync()

    @property
    def values(self) -> dict[str, object]:
        """The table choices as the settings hold them."""
        return {key: chosen_value(self.app.settings, key) for key, _, _ in self.options}

    @property
    def preset_row(self) -> int | None:
        """The row of the presets of the chosen game's house rules; None for a game without them."""
        return len(self.options) if game_named(self.game).options.presets else None

    def _build_rows(self) -> None:
        """The rows of choices for the game chosen: the games, its own seats, strengths and lengths, and for
        a game with house rules a row for their presets (filled in by _sync)."""
        self.game = self.app.settings.game
        self.options = (GAME_OPTION, *options_for(self.game))
        self.rows = []
        for key, _label, choices in self.options:
            kind = GameButton if key == "game" else Button
            self.rows.append([kind(text, f"{key}={i}") for i, (text, _v) in enumerate(choices)])
        self.presets = []
        if self.preset_row is not None:
            self.rows.append([])

    def _sync(self) -> None:
        if self.app.settings.game != self.game:  # another game: its own rows, the focus kept where it was
            on_actions = self.focus_row >= len(self.rows)
            self._build_rows()
            self.focus_row = len(self.rows) if on_actions else min(self.focus_row, len(self.rows) - 1)
        values = self.values
        for b in self.rows[0]:
            if isinstance(b, GameButton):
                b.description = game_description(str(self.options[0][2][int(b.action.split("=")[1])][1]))
        offered = presets_for(self.game, int(values["computers"]) + 1)  # type: ignore[call-overload]
        if self.preset_row is not None and (offered != self.presets or not self.rows[-1]):
            self.presets = offered
            titles = game_named(self.game).options
            self.rows[-1] = [PresetButton(titles.preset_title(name), f"rules={name}") for name in offered]
        for (key, _label, choices), row in zip(self.options, self.rows):
            for (_text, value), b in zip(choices, row):
                b.selected = value == values[key]
                b.focused = False
        if self.preset_row is not None:
            for name, b in zip(self.presets, self.rows[-1]):
                b.selected = name == self.app.settings.preset()
                b.focused = False
        for i, b in enumerate(self.actions):
            b.focused = self.focus_row == len(self.rows) and i == self.focus_action
        if self.focus_row < len(self.rows):
            for b in self.rows[self.focus_row]:
                b.focused = b.selected

    def _match_label(self) -> str:
        seats = int(self.values["computers"]) + 1  # type: ignore[call-overload]
        length = MatchLength.parse(str(self.values["match_length"]))
        n = length.total(seats)
        rules, _seats = self.app.rules_in_force()
        deals = ngettext("{seats} seats, {count} deal.", "{seats} seats, {count} deals.", n).format(seats=seats,
                                                                                                   count=n)
        lead = table_game(self.game).lead_words(rules, seats)
        line = _("{deals} {lead}").format(deals=deals, lead=lead)
        if self.app.settings.seat_strengths:
            line = _("{line} Computers: {who}.").format(line=line, who=self.computers_words())
        return line

    def computers_words(self) -> str:
        """Each computer's strength while they are chosen one by one: "North Hard · East Easy", or for more
        than three, how many of each ("2 Easy · 3 Hard")."""
        strengths = self.app.settings.strengths()
        seats = len(strengths) + 1
        if len(strengths) <= 3:
            return " · ".join(_("{seat} {strength}").format(seat=seat_name(i + 1, seats), strength=strength_label(s))
                              for i, s in enumerate(strengths))
        return " · ".join(_("{count} {strength}").format(count=strengths.count(s), strength=strength_label(s))
                          for s in ORDER if s in strengths)

    def rules_description(self) -> str:
        """The chosen preset's one-line description, and whether options were changed from it."""
        preset = game_named(self.game).options.preset(self.app.settings.preset())
        changed = len(self.app.settings.changed_options())
        if changed:
            # the preset's own description ("every option off") is no longer true of the rules in force
            return ngettext("The {preset} rules, with {count} option changed in Settings.",
                            "The {preset} rules, with {count} options changed in Settings.", changed).format(
                preset=_(preset.title), count=changed)
        return _(preset.description)

    def place(self, size: tuple[int, int]) -> None:
        """Lay the buttons out for this window size."""
        w, h = size
        unit = ui_scale(size)
        bh = round(48 * unit)
        label_w = round(180 * unit)
        bw = round(170 * unit)
        gap = round(12 * unit)
        total_w = label_w + 4 * bw + 3 * gap
        x0 = (w - total_w) // 2 + label_w
        y = self.rows_top(size)
        span = 4 * bw + 3 * gap
        for key_row, row in zip(self.options, self.rows):
            if key_row[0] == "game":  # a wide button for each game, with its line of description, and no label
                gh = round(bh * 1.3)
                half = (total_w - gap) // 2
                for i, b in enumerate(row):
                    b.rect = Rect(x0 - label_w + i * (half + gap), y, half, gh)
                y += gh + round(14 * unit)
                continue
            # a row of more choices than four (Go Fishing's seven seat counts) shares the four's width
            cw = bw if len(row) <= 4 else (span - (len(row) - 1) * round(8 * unit)) // len(row)
            step = bw + gap if len(row) <= 4 else cw + round(8 * unit)
            for i, b in enumerate(row):
                b.rect = Rect(x0 + i * step, y, cw, bh)
            y += bh + round(14 * unit)
        if self.preset_row is not None:
            presets = self.rows[-1]
            pw = (span - (len(presets) - 1) * round(8 * unit)) // max(1, len(presets))
            for i, b in enumerate(presets):
                b.rect = Rect(x0 + i * (pw + round(8 * unit)), y, pw, bh)
            y += bh + round(26 * unit)
        else:
            y += round(12 * unit)
        play_w, small_w, ah = round(240 * unit), round(170 * unit), round(56 * unit)
        # Practice, when positions wait, goes in the top right corner under Play deal number…: its coming
        # and going moves no button of the row
        row = [b for b in self.actions if b.action != "practice" and b not in self.table_buttons]
        big = sum(1 for b in row if b.action in ("play", "continue"))
        small = len(row) - big
        spacing = gap * 2 * (len(row) - 1)
        # each small button as wide as its label needs; with Continue shown the big ones give way first
        # (a label may be drawn a little smaller than its 22 points to fit: see Button.draw)
        margin = 2 * label_margin(Rect(0, 0, 1, ah))
        needed = max(self.app.kit.text.width(keyboard_words(_(b.label)), font_px(19, unit), True)
                     for b in row if b.action not in ("play", "continue")) + margin
        small_w = min(small_w, (w - 2 * gap - big * play_w - spacing) // small)
        if small_w < needed and big:
            small_w = needed
            play_w = max(needed, (w - 6 * gap - small * small_w - spacing) // big)
        widths = [play_w if b.action in ("play", "continue") else small_w for b in row]
        # a row too wide for the window (Continue and Practice both offered in a small one) closes up first,
        # then every button gives way alike (its label is drawn a little smaller to fit: see Button.draw)
        between = 2 * gap
        room = w - 2 * gap
        if sum(widths) + between * (len(widths) - 1) > room:
            between = gap
        if sum(widths) + between * (len(widths) - 1) > room:
            share = (room - between * (len(widths) - 1)) / sum(widths)
            widths = [int(bw_ * share) for bw_ in widths]
        x = (w - sum(widths) - between * (len(widths) - 1)) // 2
        for b, bw_ in zip(row, widths):
            b.rect = Rect(x, y + round(34 * unit), bw_, ah)
            x += bw_ + between
        self._place_deal_button(size)
        self._place_tables(size)

    def row_label_px(self, unit: float) -> int:
        """The one size of the labels of the row's smaller buttons (Settings to Quit): 22 points, or as much
        smaller as the longest label needs to fit its button, so that no label is drawn smaller than the others."""
        kit = self.app.kit
        size = font_px(22, unit)
        for b in self.actions:
            if b.action in ("play", "continue", "practice") or b in self.table_buttons:
                continue
            room = b.rect.width - 2 * label_margin(b.rect)
            size = kit.text.fitting([keyboard_words(_(b.label))], size, room, True)
        return size

    def _place_tables(self, size: tuple[int, int]) -> None:
        """The open tables in the top left corner, one under the other, clear of the fan of cards."""
        w, h = size
        unit = ui_scale(size)
        gap = round(14 * unit)
        fan = round(h * 0.15 * CARD_RATIO * 1.75)  # half the fan's width, its turned cards and their shadows
        width = min(round(400 * unit), w // 2 - fan - 2 * gap)
        height = max(34, round(54 * unit))
        y = gap + self.app.kit.fonts.get(font_px(16, unit), True).get_linesize()  # under the heading
        for b in self.table_buttons:
            b.rect = Rect(gap, y, width, height)
            y += height + round(8 * unit)

    def practice_button(self) -> Button | None:
        """Practice, while positions wait to be practised."""
        return next((b for b in self.actions if b.action == "practice"), None)

    def _place_deal_button(self, size: tuple[int, int]) -> None:
        """Play deal number… in the top right corner, and Practice (when offered) under it, as wide."""
        unit = ui_scale(size)
        practice = self.practice_button()
        corner = [self.deal_button] + ([practice] if practice is not None else [])
        width = max(self.app.kit.text.width(keyboard_words(_(b.label)), font_px(18, unit), True) for b in corner)
        gap = round(14 * unit)
        y = gap
        for b in corner:
            b.rect = Rect(0, 0, width + round(28 * unit), round(38 * unit))
            b.rect.topright = (size[0] - gap, y)
            y = b.rect.bottom + round(8 * unit)

    def _deal_number_event(self, event: pygame.event.Event) -> bool:
        """A click on Play deal number…, or N, opens it; True when the event was used."""
        self._place_deal_button(self.app.surface.get_size())
        rect = self.deal_button.rect
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and rect.collidepoint(event.pos):
            self.app.open("deal-number")
            return True
        if event.type == pygame.MOUSEMOTION and rect.collidepoint(event.pos):
            self._hover = self.deal_button
            return True
        chord = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META
        if event.type == pygame.KEYDOWN and event.key == pygame.K_n and not event.mod & chord:
            self.app.open("deal-number")
            return True
        return False

    def subtitle(self) -> str:
        """The line under the title: what the chosen game is about (for Chinese Ten, what scores under the
        rules and at the seats chosen)."""
        return table_game(self.game).tagline(*self.app.rules_in_force())

    def rows_top(self, size: tuple[int, int]) -> int:
        """Where the first row of choices goes: under the title, which sits under the fan of cards."""
        return round(size[1] * 0.37)

    def choose(self, row: int, index: int) -> None:
        """Select the ``index``-th choice of option ``row``."""
        if row == self.preset_row:
            name = self.presets[max(0, min(len(self.presets) - 1, index))]
            if (name, ()) != (self.app.settings.preset(), self.app.settings.changed_options()):
                self.app.change_settings(**choose_preset(self.app.settings, name))
            self._sync()
            return
        key, _label, choices = self.options[row]
        index = max(0, min(len(choices) - 1, index))
        choose_value(self.app, key, choices[index][1])
        self._sync()

    def drop_continue(self) -> None:
        """Offer Play, not Continue: the unfinished match can't be taken up (it was set aside, and said so)."""
        self.kept = None
        self.play.label = N_("Play")
        self.actions = [b for b in self.actions if b.action != "continue"]
        self.focus_action = 0
        self._sync()

    def start(self) -> None:
        """Sit down at the table chosen (the choices are already saved); an unfinished match kept asks first."""
        if self.continue_line:
            self.app.open("confirm", action="new")
            return
        self.app.start_match()

    def act(self, action: str) -> None:
        """Press one of the buttons under the choices."""
        if action == "continue":
            if not self.app.continue_match():
                self.drop_continue()
        elif action == "practice":
            self.app.open("practice")
        elif action == "stats":
            self.app.open("stats")
        elif action == "history":
            self.app.open("history")
        elif action == "play":
            self.start()
        elif action == "learn":
            self.app.start_tutorial()
        elif action == "friends":
            self.app.show("friends")
        elif action.startswith("table:"):  # back into the seat, as "Open tables" on the friends screen does
            index = int(action.split(":")[1])
            entry = self.open_tables[index]
            self.app.show("friends")
            friends = self.app.top()
            rows = getattr(friends, "open_tables", [])
            at = next((i for i, r in enumerate(rows) if (r.base, r.table) == (entry.base, entry.table)), None)
            if at is not None:
                friends.rejoin(at)  # type: ignore[union-attr]
        elif action == "settings":
            self.app.open("settings")
        elif action == "help":
            self.app.show_help(self.game)
        elif action == "quit":
            self.app.quit()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Clicks and keys choose; Enter or Play starts."""
        self.place(self.app.surface.get_size())
        if self._deal_number_event(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            action = button_at(self.actions, event.pos)
            cell = grid_at(self.rows, event.pos)
            if action is not None:
                self.act(action.action)
            elif cell is not None:
                self.focus_row = cell[0]
                self.choose(*cell)
        elif event.type == pygame.MOUSEMOTION:
            self._hover = button_at(self.actions + [b for row in self.rows for b in row], event.pos)
        elif event.type == pygame.KEYDOWN:
            on_actions = self.focus_row == len(self.rows)
            if event.key in PRESS_KEYS:
                self.act(self.actions[self.focus_action].action if on_actions else "play")
            elif move := row_step(event):
                self.focus_row = (self.focus_row + move) % (len(self.rows) + 1)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = 1 if event.key == pygame.K_RIGHT else -1
                if on_actions:
                    self.focus_action = (self.focus_action + step) % len(self.actions)
                elif self.focus_row == self.preset_row:
                    chosen = self.app.settings.preset()
                    current = self.presets.index(chosen) if chosen in self.presets else 0
                    self.choose(self.focus_row, current + step)
                else:
                    key, _label, choices = self.options[self.focus_row]
                    current = [v for _t, v in choices].index(self.values[key])
                    self.choose(self.focus_row, current + step)
            self._sync()

    def update(self, dt: float) -> None:
        """Keep the buttons placed and in step with the settings; show start-up notices, and the first
        start's offer of Learn to play, once."""
        self.app.show_notices()
        if not self._result_asked and self.app.top() is self and self.app.keeper.keeping:
            self._result_asked = True  # a match closed at its last count: its result is shown first
            if self.app.show_unseen_result():
                return
        if self.app.offer_tutorial and self.app.top() is self:
            self.app.offer_tutorial = False
            self.app.open("offer")
        self._sync()
        self.place(self.app.surface.get_size())

    def footer(self, size: tuple[int, int]) -> list[tuple[pygame.Surface, Rect]]:
        """The lines under the buttons and where they go: what Continue takes up, then the keys; a window
        too small for both keeps the first."""
        kit = self.app.kit
        t = kit.theme
        w, h = size
        unit = ui_scale(size)
        keys = kit.text.line(keyboard_words(_("Up/Down and Left/Right to choose, Enter to press · F1 help · H high contrast")),
                             font_px(18, unit), t.text_dim)
        lines = [(keys, keys.get_rect(midbottom=(w // 2, h - round(14 * unit))))]
        if self.continue_line:
            words = _("Continue: {what}").format(what=self.continue_line)
            line = kit.text.line(words, font_px(20, unit), t.text)
            at = line.get_rect(midtop=(w // 2, self.actions[0].rect.bottom + round(12 * unit)))
            lines = [(line, at)] + [(p, r) for p, r in lines if not r.colliderect(at)]
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        """Title, a fan of cards, the options and Play."""
        kit = self.app.kit
        t = kit.theme
        w, h = surface.get_size()
        unit = ui_scale((w, h))
        surface.blit(kit.felt((w, h)), (0, 0))
        ch = round(h * 0.15)
        cw = round(ch * CARD_RATIO)
        centre_x = w // 2
        for i, code in enumerate(_SHOWCASE):
            off = i - 2
            img = kit.cards.face(Card.parse(code), (cw, ch))
            rot = pygame.transform.rotozoom(img, -off * 9, 1.0)
            pos = rot.get_rect(center=(centre_x + off * cw * 0.55, round(h * 0.115) + abs(off) * ch * 0.06))
            if t.shadow_alpha:
                sh = kit.cards.shadow((cw, ch), t.shadow_alpha)
                sh = pygame.transform.rotate(sh, -off * 9)
                surface.blit(sh, sh.get_rect(center=(pos.centerx + 4, pos.centery + 8)))
            surface.blit(rot, pos)
        name = _(game_named(self.game).title)  # the game chosen, whose choices the rows offer
        title = kit.text.line(name, font_px(68, unit), t.accent, bold=True)
        shade = kit.text.line(name, font_px(68, unit), (0, 0, 0), bold=True)
        sub = kit.text.line(self.subtitle(), font_px(22, unit), t.text)
        # the title and the chosen game's line sit between the fan and the rows
        top = round(h * 0.115 + ch * 0.62)
        block = title.get_height() + sub.get_height()
        ty = max(top, (top + self.rows_top((w, h)) - block) // 2 - round(4 * unit))
        surface.blit(shade, shade.get_rect(midtop=(centre_x + 3, ty + 3)))
        surface.blit(title, title.get_rect(midtop=(centre_x, ty)))
        surface.blit(sub, sub.get_rect(midtop=(centre_x, ty + title.get_height())))
        for (key, label, _choices), row in zip(self.options, self.rows):
            if key == "game":  # the games' buttons say what they are
                for b in row:
                    b.draw(surface, kit, game_title_px(unit), b is self._hover)
                continue
            text = kit.text.line(_(label), font_px(26, unit), t.text, bold=True)
            r0 = row[0].rect
            surface.blit(text, text.get_rect(midright=(r0.left - round(18 * unit), r0.centery)))
            for b in row:
                b.draw(surface, kit, font_px(22, unit), b is self._hover)
        presets = self.rows[-1] if self.preset_row is not None else []
        if presets:
            text = kit.text.line(_("Rules"), font_px(26, unit), t.text, bold=True)
            r0 = presets[0].rect
            surface.blit(text, text.get_rect(midright=(r0.left - round(18 * unit), r0.centery)))
            for b in presets:
                b.draw(surface, kit, font_px(20, unit), b is self._hover)
            span = w - 2 * round(20 * unit)
            size = font_px(18, unit)
            about = self.rules_description()
            while kit.text.width(about, size) > span and size > 10:
                size -= 1
            line = kit.text.line(about, size, t.text_dim)
            surface.blit(line, line.get_rect(midtop=(centre_x, r0.bottom + round(5 * unit))))
        note = kit.text.line(self._match_label(), font_px(20, unit), t.text_dim)
        surface.blit(note, note.get_rect(midbottom=(centre_x, self.play.rect.top - round(8 * unit))))
        self._place_deal_button((w, h))
        self._place_tables((w, h))
        if self.table_buttons:
            head = kit.text.line(_("Your tables with friends"), font_px(16, unit), t.text, bold=True)
            first = self.table_buttons[0].rect
            surface.blit(head, head.get_rect(bottomleft=(first.left + 2, first.top - 1)))
        for b in self.table_buttons:
            b.draw(surface, kit, font_px(17, unit), b is self._hover)
        row_px = self.row_label_px(unit)
        for b in self.actions:
            if b in self.table_buttons:
                continue
            px = row_px
            if b.action in ("play", "continue", "practice"):
                px = font_px(18 if b.action == "practice" else 30, unit)
            b.draw(surface, kit, px, b is self._hover)
        self.deal_button.draw(surface, kit, font_px(18, unit), self._hover is self.deal_button)
        for picture, where in self.footer((w, h)):
            surface.blit(picture, where)
        if self.app.keeper.elsewhere:  # said for as long as it holds, not in a notice that goes
            self.elsewhere_line = _("Another window of the game keeps your matches: this one keeps nothing, "
                                    "neither the match nor its statistics.")
            line = kit.text.line(self.elsewhere_line, font_px(18, unit), t.accent, bold=True)
            keys_height = kit.fonts.get(font_px(18, unit)).get_linesize()
            surface.blit(line, line.get_rect(midbottom=(centre_x, h - round(20 * unit) - keys_height)))
