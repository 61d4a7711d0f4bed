"""Play with friends: host a network table (the game, seats, rules, match, computers, chat) or join one
by its link; either way under a name the person gives (remembered for next time).

Hosting starts the table server inside the game on the local network, which friends on the same
network reach and no one else; for friends elsewhere the screen offers Settings' table server, and once
one is set hosting uses it and says so. Either way it opens the lobby with one link per seat; joining
(an ``http://`` or ``https://`` link) opens the same lobby at the seat the link names, and the table
once every seat is taken.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
from pygame import Rect

from chinese_ten.engine.game import GameSpec
from chinese_ten.engine.strengths import strength_label
from chinese_ten.games import GAMES, game_named
from chinese_ten.i18n import N_, _
from chinese_ten.settings import PLAYER_NAME_LENGTH, SettingError
from chinese_ten.ui.kit import font_px, ui_scale
from chinese_ten.ui.open_tables import table_words
from chinese_ten.ui.scene import Scene
from chinese_ten.ui.widgets.button import Button, buttons_event
from chinese_ten.ui.widgets.text_field import TextField

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services

LENGTH_WORDS: dict[str, str] = {"one": N_("One deal"), "per-seat": N_("One per seat"),
                                "two-per-seat": N_("Two per seat"), "six": N_("Six deals")}

CLOCKS: tuple[int | None, ...] = (None, 15, 30, 60, 120)
"""The turn clocks a host may choose (NETWORK.md's ``create.clock``): none, or the seconds for each decision."""


def seat_choices(game: str) -> tuple[str | None, ...]:
    """What a guest seat may be at a table of ``game``: kept for a friend (None), or a computer of one of the
    strengths its players offer."""
    return (None, *game_named(game).strengths)

MESSAGE_PT = 18
"""The size of the screen's message (a refused link, a server that could not start)."""
OPEN_SHOWN = 4
"""How many open tables the screen lists."""
LINK_LENGTH = 400
"""The longest text the link field takes."""

NOT_A_LINK = N_("That is not a table link: it looks like https://ADDRESS/t/TABLE#CODE or "
                "http://ADDRESS:PORT/t/TABLE#CODE.")
"""What a text that is no table link is told, in one line."""
LOCAL_NOTE = N_("Only friends on this network can join.")
"""What hosting on this computer reaches, told under Host the table."""
SERVER_NOTE = N_("On {server}: friends anywhere can join.")
"""What hosting on the table server set in Settings reaches, told under Host the table."""
HERE_NOTE = N_("Only this computer can join: no network was found.")
"""What hosting on this computer reaches when its server could listen on the loopback address alone."""
SERVER_HERE_NOTE = N_("On {server}: only this computer can join.")
"""What hosting on a table server at this computer's loopback address reaches."""
SERVER_OFFER = N_("For friends elsewhere: Table server…")
"""The button to Settings' table server while none is set."""
SERVER_CHANGE = N_("Change the table server…")
"""The button to Settings' table server once one is set."""


def host_note(server_url: str, own_url: str = "") -> str:
    """Where a table hosted now is, and who can reach it, in one line: this computer's network only, or
    the table server ``server_url`` (set in Settings), which friends anywhere reach; only this computer
    when that server, or the window's own at ``own_url`` (empty: not started yet), is at a loopback address."""
    from chinese_ten.ui.open_tables import only_this_computer

    if server_url:
        return _(SERVER_HERE_NOTE if only_this_computer(server_url) else SERVER_NOTE).format(server=server_url)
    return _(HERE_NOTE) if own_url and only_this_computer(own_url) else _(LOCAL_NOTE)


def join_problem(link: str) -> str | None:
    """Why ``link`` is no table link (a seat's, or a watch link), in one line; None when it is one."""
    from chinese_ten.net.links import LinkError, parse_link

    if is_watch_link(link):
        return None
    try:
        parse_link(link.strip())
    except LinkError:
        return _(NOT_A_LINK)
    return None


def is_watch_link(link: str) -> bool:
    """True when ``link`` watches a table (``BASE/w/TABLE``) rather than taking a seat."""
    from chinese_ten.net.links import LinkError, parse_watch_link

    try:
        parse_watch_link(link)
    except LinkError:
        return False
    return True


def _presets_at(spec: GameSpec, seats: int) -> list[str]:
    """A game's house rules' presets that deal at ``seats`` seats, the default first (none for a game without)."""
    return [n for n in spec.options.preset_names if seats in spec.rules_from_json(n).seat_counts()]


class FriendsScene(Scene):
    """Host a table or join one."""

    def __init__(self, app: Services, link: str = "") -> None:
        """The screen; ``link`` fills the join field (``chinese-ten join LINK``)."""
        super().__init__(app)
        s = app.settings
        self.game = s.game
        self.seats = max(2, min(s.computers + 1, 4))
        self.rules = s.preset()
        self.length = s.match_length
        self.guests: list[str | None] = [None] * 7
        """Each guest seat (1…): a friend's (None) or a computer's strength."""
        self.chat = True
        self.clock: int | None = None
        """The turn clock's seconds for each decision; None: no clock."""
        self.watchers = True
        """Whether others may watch the table from no seat."""
        self._take_setup(app.open_tables.last_setup())
        self.name = TextField(s.player_name, PLAYER_NAME_LENGTH, _("Your name"))
        self.link = TextField(link, LINK_LENGTH, _("Paste a table link here (Ctrl+V)"))
        self.message = ""
        self.host_button = Button(N_("Host the table"), "host")
        self.server_button = Button(SERVER_OFFER, "server")
        """Opens Settings at the table server's field."""
        self.join_button = Button(N_("Join (Enter)"), "join")
        self.paste_button = Button(N_("Paste"), "paste")
        self.back_button = Button(N_("Back (Esc)"), "back")
        self.rows: list[Button] = []
        self.message_top = 0
        """Where the screen's message goes: under Join, in its column."""
        self.note_top = 0
        """Where the line saying who can reach a hosted table goes, under Host the table."""
        self._hover: Button | None = None
        self.open_tables = app.open_tables.load()[:OPEN_SHOWN]
        """The tables this player sits at ("Open tables"), newest first."""
        self.open_buttons = [(Button(N_("Take my seat"), f"rejoin:{i}"), Button(N_("Forget"), f"forget:{i}"))
                             for i in range(len(self.open_tables))]
        self._typed_ahead = ""
        """A letter typed while no field had the keyboard, put in the link field: its TEXTINPUT, if one
        follows, is not typed twice."""
        self._fix()
        if link and not self.name.text.strip() and self.asks_name:
            self.name.focus()  # a link waits for the name: the typing goes there at once
        else:
            self.link.focus()  # the screen opens ready for a pasted or typed link

    @property
    def asks_name(self) -> bool:
        """False when the link field holds a watch link: watching takes no seat, so no name is asked."""
        return not is_watch_link(self.link.text)

    # ------------------------------------------------------------------ choices

    def setup(self) -> dict[str, Any]:
        """The host form's choices, as they are kept for the next table hosted."""
        return {"game": self.game, "seats": self.seats, "rules": self.rules, "length": self.length,
                "guests": list(self.guests), "chat": self.chat, "clock": self.clock, "watchers": self.watchers}

    def _take_setup(self, kept: dict[str, Any]) -> None:
        """Take each choice of a kept set-up that this version offers (others keep the settings' own);
        :meth:`_fix` then brings them in step."""

        game = kept.get("game")
        if game not in GAMES:
            return
        self.game = str(game)
        if isinstance(kept.get("seats"), int):
            self.seats = kept["seats"]
        if isinstance(kept.get("rules"), str):  # checked against the game's presets by _fix
            self.rules = kept["rules"]
        if isinstance(kept.get("length"), str):
            self.length = kept["length"]
        guests = kept.get("guests")
        if isinstance(guests, list) and len(guests) == len(self.guests):
            choices = seat_choices(self.game)
            self.guests = [g if g in choices else None for g in guests]
        if isinstance(kept.get("chat"), bool):
            self.chat = kept["chat"]
        clock = kept.get("clock")
        if clock in CLOCKS and not isinstance(clock, bool):
            self.clock = clock
        if isinstance(kept.get("watchers"), bool):
            self.watchers = kept["watchers"]

    def _fix(self) -> None:
        """Keep the choices consistent with the game (seat counts, rules, lengths) and rebuild the rows."""
        spec = game_named(self.game)
        counts = spec.seat_counts
        if self.seats not in counts:
            self.seats = min(counts)
        offered = _presets_at(spec, self.seats)
        if offered and self.rules not in offered:  # the game's preset in Settings, if it deals here
            self.rules = next((n for n in offered if n == self.app.settings.preset(spec.name)), offered[0])
        if self.length not in spec.match_lengths:
            self.length = spec.match_lengths[0]
        rows = [Button(_(spec.title), "game"), Button(_("{n} seats").format(n=self.seats), "seats")]
        if spec.options.presets:
            rows.append(Button(_("Rules: {name}").format(name=_(spec.options.preset_title(self.rules))), "rules"))
        rows.append(Button(_("Match: {length}").format(length=_(LENGTH_WORDS[self.length])), "length"))
        for seat in range(1, self.seats):
            who = self.guests[seat - 1]
            kind = _("A friend") if who is None else _("Computer · {strength}").format(strength=strength_label(who))
            rows.append(Button(_("Guest {number}: {who}").format(number=seat, who=kind), f"guest:{seat}"))
        rows.append(Button(_("Chat: on") if self.chat else _("Chat: off"), "chat"))
        rows.append(Button(_("Turn clock: none") if self.clock is None
                           else _("Turn clock: {seconds} s a move").format(seconds=self.clock), "clock"))
        rows.append(Button(_("Watchers: welcome") if self.watchers else _("Watchers: none"), "watchers"))
        self.rows = rows

    def _cycle(self, action: str) -> None:
        spec = game_named(self.game)
        if action == "game":
            names = list(GAMES)
            self.game = names[(names.index(self.game) + 1) % len(names)] if self.game in names else names[0]
        elif action == "seats":
            counts = list(spec.seat_counts)
            self.seats = counts[(counts.index(self.seats) + 1) % len(counts)]
        elif action == "rules":
            names = _presets_at(spec, self.seats)
            self.rules = names[(names.index(self.rules) + 1) % len(names)] if self.rules in names else names[0]
        elif action == "length":
            lengths = list(spec.match_lengths)
            self.length = lengths[(lengths.index(self.length) + 1) % len(lengths)]
        elif action.startswith("guest:"):
            i = int(action.split(":")[1]) - 1
            choices = seat_choices(self.game)
            at = choices.index(self.guests[i]) if self.guests[i] in choices else 0
            self.guests[i] = choices[(at + 1) % len(choices)]
        elif action == "chat":
            self.chat = not self.chat
        elif action == "clock":
            self.clock = CLOCKS[(CLOCKS.index(self.clock) + 1) % len(CLOCKS)] if self.clock in CLOCKS else None
        elif action == "watchers":
            self.watchers = not self.watchers
        self._fix()

    def my_name(self) -> str:
        """The name given (remembered), or the seat's label when none was."""
        name = self.name.text.strip()
        if name != self.app.settings.player_name:
            try:
                self.app.change_settings(player_name=name)
            except SettingError:
                pass
        return name

    def computers(self) -> dict[int, str]:
        """The guest seats given to computers, with their strengths."""
        return {seat: who for seat in range(1, self.seats) if (who := self.guests[seat - 1]) is not None}

    # ------------------------------------------------------------------ acting

    def host(self) -> None:
        """Open the table on the server and go to its lobby."""
        from chinese_ten.net.client import TableClient

        try:
            base = self.app.hosting.base_url(self.app.settings.server_url)
        except OSError as exc:
            self.message = _("The table server could not start here: {reason}").format(reason=exc)
            return
        spec = game_named(self.game)
        rules: Any = spec.rules_from_json(self.rules).to_json() if spec.options.presets else None
        client = TableClient.create(base, self.my_name() or _("Host"), game=self.game, seats=self.seats, rules=rules,
                                    match=self.length, computers=self.computers(), chat=self.chat,
                                    clock=self.clock, watchers=self.watchers)
        title = " · ".join([_(spec.title), _("{n} seats").format(n=self.seats)]
                           + ([_(spec.options.preset_title(self.rules))] if spec.options.presets else []))
        self.app.open_tables.keep_setup(self.setup())
        self.app.show("lobby", client=client, host=True, title=title, watchers=self.watchers)

    def join(self) -> None:
        """Take the seat the pasted link names; a text that is no link is told in one line."""
        from chinese_ten.net.client import TableClient
        from chinese_ten.net.links import LinkError

        link = self.link.text.strip()
        problem = join_problem(link)
        if problem is not None:
            self.message = problem
            return
        if is_watch_link(link):  # watching takes no seat, so no name
            self.app.show("lobby", client=TableClient.watch(link), host=False, title=_("Watching a table"))
            return
        name = self.my_name()
        if not name:  # a seat is taken under a name the person chose, never a made-up one
            self.message = _("Type the name you are shown by at the table first.")
            self.link.blur()
            self.name.focus()
            return
        try:
            client = TableClient.join(link, name)
        except LinkError:
            self.message = _(NOT_A_LINK)
            return
        self.app.show("lobby", client=client, host=False, title=_("Joining a table"))

    def rejoin(self, index: int) -> None:
        """Take back the seat at an open table, with its token."""
        from chinese_ten.ui.open_tables import take_seat_again

        self.message = take_seat_again(self.app, self.open_tables[index])

    def open_server_setting(self) -> None:
        """Open Settings with the table server's field ready for typing; this screen is back under it,
        hosting where the field then says, when Settings closes."""
        self.name.blur()
        self.link.blur()
        for b in self.buttons():
            b.focused = False
        self.app.open("settings", field="server_url")

    def forget(self, index: int) -> None:
        """Drop an open table from the list."""
        entry = self.open_tables.pop(index)
        self.app.open_tables.forget(entry.base, entry.table)
        self.open_buttons.pop()

    def act(self, action: str) -> None:
        """Press a button."""
        if action.startswith("rejoin:"):
            self.rejoin(int(action.split(":")[1]))
        elif action.startswith("forget:"):
            self.forget(int(action.split(":")[1]))
        elif action == "host":
            self.host()
        elif action == "join":
            self.join()
        elif action == "server":
            self.open_server_setting()
        elif action == "paste":
            self.link.focus()
            self.link.paste()
        elif action == "back":
            self.name.blur()
            self.link.blur()
            self.app.show("start")
        else:
            self._cycle(action)

    # ------------------------------------------------------------------ input

    @property
    def typing(self) -> bool:
        """True: this screen is for typing a name and a link, so the window's one-letter keys (H, M, P…)
        are letters here whether or not a field has the keyboard."""
        return True

    def _tab(self, event: pygame.event.Event) -> bool:
        """Tab from a field: name, link, then the buttons (Shift+Tab back); True when it moved the focus."""
        back = bool(event.mod & pygame.KMOD_SHIFT)
        if self.name.focused:
            self.name.blur()
            if back:
                self.back_button.focused = True
            else:
                self.link.focus()
            return True
        if self.link.focused:
            self.link.blur()
            if back:
                self.name.focus()
            else:
                self.rows[0].focused = True
            return True
        return False

    def _type_ahead(self, event: pygame.event.Event) -> bool:
        """A letter typed while no field has the keyboard goes into the link field, which takes it;
        True when it did."""
        text = getattr(event, "unicode", "")
        if self.name.focused or self.link.focused:
            return False  # a field has the keyboard already: what it left is the screen's (Enter, Esc, Tab)
        if event.type == pygame.TEXTINPUT:  # text that came with no field to take it (an input method's word)
            for b in self.buttons():
                b.focused = False
            self.link.focus()
            self.link.insert(event.text)
            return True
        if event.type != pygame.KEYDOWN or not text or not text.isprintable() or text.isspace() \
                or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        for b in self.buttons():
            b.focused = False
        self.link.focus()
        self.link.insert(text)
        self._typed_ahead = text
        return True

    def buttons(self) -> list[Button]:
        """Every button, in the order the focus goes."""
        opened = [b for pair in self.open_buttons for b in pair]
        return [*self.rows, self.host_button, self.server_button, self.paste_button, self.join_button, *opened,
                self.back_button]

    def handle_event(self, event: pygame.event.Event) -> None:
        """Fields first (typing, paste, Enter joins from the link field); then the buttons; Esc goes back."""
        self.place(self.app.surface.get_size())
        if event.type in (pygame.TEXTINPUT, pygame.KEYDOWN) and self._typed_ahead:
            typed, self._typed_ahead = self._typed_ahead, ""
            if event.type == pygame.TEXTINPUT and event.text == typed:
                return  # the letter typed ahead, already in the field
        for field in (self.name, self.link):
            if field.handle_event(event):
                if event.type == pygame.MOUSEBUTTONDOWN:
                    for b in self.buttons():
                        b.focused = False
                    for other in (self.name, self.link):
                        if other is not field:
                            other.blur()  # one field has the keyboard at a time
                return
        if self._type_ahead(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB and self._tab(event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.name.focused or self.link.focused:
                    self.name.blur()
                    self.link.blur()
                else:
                    self.act("back")
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.link.focused:
                self.join()
                return
            if event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.link.focus()
                self.link.paste()
                return
        self._hover = buttons_event(event, self.buttons(), lambda b: self.act(b.action), self._hover,
                                    enter=self.join_button)

    # ------------------------------------------------------------------ drawing

    def place(self, size: tuple[int, int]) -> None:
        """Lay the two columns out for this window size."""
        w, h = size
        unit = ui_scale(size)
        gap = round(12 * unit)
        bh = max(28, round(44 * unit))
        col = min(round(w * 0.42), round(520 * unit))
        left = w // 2 - col - gap * 2
        right = w // 2 + gap * 2
        top = round(120 * unit)
        y = top + round(40 * unit)
        note = self.app.kit.fonts.get(font_px(17, unit)).get_linesize()
        server_h = max(24, round(bh * 0.8))
        # a long row of guests closes up to leave Host, its note and the table server's button in sight
        room = h - y - gap - round(bh * 1.15) - 6 - note - 4 - server_h - gap
        pitch = max(1, min(bh + gap // 2, room // max(1, len(self.rows))))
        row_h = min(bh, pitch - max(2, gap // 4))
        for b in self.rows:
            b.rect = Rect(left, y, col, row_h)
            y += pitch
        self.host_button.rect = Rect(left, y + gap, col, round(bh * 1.15))
        self.note_top = self.host_button.rect.bottom + 6
        self.server_button.rect = Rect(left, self.note_top + note + 4, col, server_h)
        self.server_button.label = SERVER_CHANGE if self.app.settings.server_url else SERVER_OFFER
        self.name.rect = Rect(right, top + round(40 * unit), col, bh)
        ly = self.name.rect.bottom + round(70 * unit)
        self.link.rect = Rect(right, ly, col, bh)
        half = (col - gap) // 2
        self.paste_button.rect = Rect(right, ly + bh + gap, half, bh)
        self.join_button.rect = Rect(right + half + gap, ly + bh + gap, half, bh)
        self.back_button.rect = Rect(w - round(200 * unit) - gap * 2, h - bh - gap * 2, round(200 * unit), bh)
        line = self.app.kit.fonts.get(font_px(MESSAGE_PT, unit)).get_linesize()
        self.message_top = self.join_button.rect.bottom + gap  # the message's place, room kept for two lines
        oy = self.message_top + 2 * line + round(56 * unit)
        small = round(bh * 0.8)
        take_w, drop_w = round(140 * unit), round(90 * unit)
        for take, drop in self.open_buttons:
            oy += round(26 * unit)  # the table's line, then its buttons under it
            drop.rect = Rect(right + col - drop_w, oy, drop_w, small)
            take.rect = Rect(drop.rect.left - gap // 2 - take_w, oy, take_w, small)
            oy += small + gap // 2

    def draw(self, surface: pygame.Surface) -> None:
        """The screen."""
        size = surface.get_size()
        self.place(size)
        kit = self.app.kit
        t = kit.theme
        unit = ui_scale(size)
        surface.blit(kit.felt(size), (0, 0))
        title = kit.text.line(_("Play with friends"), font_px(40, unit), t.text, bold=True)
        surface.blit(title, title.get_rect(midtop=(size[0] // 2, round(24 * unit))))
        head = font_px(24, unit)
        label = font_px(19, unit)
        host = kit.text.line(_("Host a table"), head, t.accent, bold=True)
        surface.blit(host, (self.rows[0].rect.left, self.rows[0].rect.top - host.get_height() - 6))
        you = kit.text.line(_("Your name"), head, t.accent, bold=True)
        surface.blit(you, (self.name.rect.left, self.name.rect.top - you.get_height() - 6))
        join = kit.text.line(_("Join a table"), head, t.accent, bold=True)
        surface.blit(join, (self.link.rect.left, self.link.rect.top - join.get_height() - 6))
        own = self.app.hosting.server.url if self.app.hosting.server is not None else ""
        words = kit.text.cut(host_note(self.app.settings.server_url, own), font_px(17, unit),
                             self.host_button.rect.width)
        note = kit.text.line(words, font_px(17, unit), t.text_dim)
        surface.blit(note, (self.host_button.rect.left, self.note_top))
        for field in (self.name, self.link):
            field.draw(surface, kit, label)
        for b in self.buttons():
            b.draw(surface, kit, label, b is self._hover)
        if self.open_tables:
            top = self.open_buttons[0][0].rect.top - round(30 * unit)
            opened = kit.text.line(_("Open tables"), head, t.accent, bold=True)
            surface.blit(opened, (self.link.rect.left, top - opened.get_height()))
            for entry, (take, _drop) in zip(self.open_tables, self.open_buttons):
                names, progress = table_words(entry)
                room = take.rect.left - self.link.rect.left - round(8 * unit)
                line = kit.text.line(kit.text.cut(names, font_px(17, unit), self.link.rect.width, bold=True),
                                     font_px(17, unit), t.text, bold=True)
                surface.blit(line, (self.link.rect.left, take.rect.top - line.get_height() - 2))
                about = kit.text.line(kit.text.cut(progress, font_px(16, unit), room), font_px(16, unit), t.text_dim)
                surface.blit(about, about.get_rect(midleft=(self.link.rect.left, take.rect.centery)))
        if self.message:  # under Join, in the join column, clear of the host's buttons and the open tables
            text = kit.text.paragraph(self.message, font_px(MESSAGE_PT, unit), t.accent, self.link.rect.width)
            surface.blit(text, (self.link.rect.left, self.message_top))

    def leave(self) -> None:
        """Give the keyboard back."""
        self.name.blur()
        self.link.blur()
