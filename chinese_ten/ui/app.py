"""The window and its main loop: a stack of scenes, one clock, frame timing.

:func:`run_game` is ``chinese-ten`` run bare; :func:`run_demo` is
``chinese-ten demo``.
"""

from __future__ import annotations

import json
import logging
import math
import multiprocessing
import os
import sys
import threading
import time
from array import array
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from chinese_ten.i18n import SYSTEM, _, shown_language, use_language
from chinese_ten.games import game_named
from chinese_ten.settings import (SettingError, Settings, SettingsStore, choose_game, choose_preset, clamp_window_size, rules_for_seats,
                        settings_dir)
from chinese_ten.ui.kit import display
from chinese_ten.ui.kit.cardimages import CardImages
from chinese_ten.ui.table.choreography import Pace, pace_for
from chinese_ten.ui.table.controller import TableController
from chinese_ten.ui.table.geometry import MIN_SIZE
from chinese_ten.ui.keeper import Keeper
from chinese_ten.ui.launch import DemoOptions, LaunchOptions
from chinese_ten.ui.kit import Kit, font_px, ui_scale
from chinese_ten.ui.scene import Scene
from chinese_ten.ui.scenes import ONCE_ON_TOP, SCENES
from chinese_ten.ui.scenes.choice import ChoiceScene
from chinese_ten.ui.scenes.count import CountScene
from chinese_ten.ui.scenes.help import HelpScene
from chinese_ten.ui.scenes.start import StartScene
from chinese_ten.ui.scenes.tutorial import GuidedTableScene
from chinese_ten.ui.services import Screen
from chinese_ten.ui.table.side_deal import deal_number_table
from chinese_ten.ui.table.live import TableScene
from chinese_ten.ui.kit.shortcuts import FULLSCREEN, HELP, global_shortcut, shortcut_names
from chinese_ten.ui.kit.sound import SoundPlayer
from chinese_ten.ui.kit.text import TextPainter
from chinese_ten.ui.kit.theme import FontBook, theme_for
from chinese_ten.ui.wake import wake_window
from chinese_ten.engine.thinking import ComputerThinker

_log = logging.getLogger("chinese_ten.ui")

WARM_BUDGET_S = 0.0015
"""Seconds per frame spent preparing card images ahead of need."""

BANNER_SECONDS = 8.0
"""How long a notice about the settings stays on screen."""

MUTE_BANNER_SECONDS = 1.5
"""How long "Sound off" or "Sound on" stays on screen after M."""

RESIZE_SAVE_DELAY_S = 0.6
"""A new window size is remembered once resizing has stopped for this long."""

GLOBAL_KEYS_TEXT = (f"P pause · H high contrast · M sound · {shortcut_names()[HELP]} help · "
                    f"{shortcut_names()[FULLSCREEN]} full screen · Esc menu")
"""The keys that work everywhere, as shown on screen."""

LINK_HANDED_OVER = pygame.event.custom_type()
"""The event a table link handed over by a second start of the game arrives as (its ``text``)."""

LINK_EVENTS = (pygame.DROPFILE, pygame.DROPTEXT, LINK_HANDED_OVER)
"""Events that may bring a table link: dropped on the window, opened by the system (macOS delivers a
clicked ``chinese-ten://`` link as a dropped file) or handed over."""

DEMO_PACE = Pace(move=0.05, flip=0.05, glow=0.03, sweep=0.05, triple=0.1, pause=0.0)
"""Animations sped right up for ``demo``."""


FRAME_BUCKET_STEP = 1.005
"""Each frame-time bucket is 0.5% wider than the one below, so a percentile is read within 0.25%."""

FRAME_FLOOR_MS = 0.001
"""Frames quicker than this share the lowest bucket."""

FRAME_BUCKETS = 1 + math.ceil(math.log(600_000 / FRAME_FLOOR_MS, FRAME_BUCKET_STEP))
"""Buckets up to ten minutes a frame; anything longer counts in the top one."""


@dataclass
class FrameStats:
    """Milliseconds of update and draw work per frame, kept as a fixed-size histogram.

    Only a recording instance counts frames (``demo`` and the frame benchmark ask for it);
    the memory it takes never grows, however long the game runs. The largest frame is
    exact; the percentiles are read to within a quarter of a percent.
    """

    recording: bool = True
    frames: int = 0
    max_ms: float = 0.0
    counts: array = field(default_factory=lambda: array("Q", bytes(8 * FRAME_BUCKETS)))

    def add(self, ms: float) -> None:
        """Record one frame (when recording)."""
        if not self.recording:
            return
        self.frames += 1
        self.max_ms = max(self.max_ms, ms)
        self.counts[_bucket(ms)] += 1

    def percentile(self, q: float) -> float:
        """The frame time below which a share ``q`` (0 to 1) of the frames fall; 0 with no frames."""
        if not self.frames:
            return 0.0
        rank = min(self.frames - 1, int(q * (self.frames - 1) + 0.5))
        seen = 0
        for i, n in enumerate(self.counts):
            seen += n
            if seen > rank:
                return min(self.max_ms, _bucket_middle(i))
        return self.max_ms

    def summary(self) -> dict[str, float | int]:
        """``frames``, ``p50_ms``, ``p99_ms`` and ``max_ms``."""
        return {"frames": self.frames, "p50_ms": round(self.percentile(0.5), 3),
                "p99_ms": round(self.percentile(0.99), 3), "max_ms": round(self.max_ms, 3)}


def _bucket(ms: float) -> int:
    """The histogram bucket of a frame of ``ms`` milliseconds."""
    if ms < FRAME_FLOOR_MS:
        return 0
    return min(FRAME_BUCKETS - 1, 1 + int(math.log(ms / FRAME_FLOOR_MS, FRAME_BUCKET_STEP)))


def _bucket_middle(i: int) -> float:
    """The middle (geometric) of bucket ``i``'s range of milliseconds."""
    if i == 0:
        return FRAME_FLOOR_MS / 2
    return FRAME_FLOOR_MS * FRAME_BUCKET_STEP ** (i - 0.5)


SETTLE_S = 0.5
"""How long after a screen that opens by itself (the count, the final results) Enter and Space are not taken:
a press meant for the screen before, or a held key, does not run through the one that follows."""

PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
"""The keys that press a button, which a held or early press must not press twice."""


class PressGuard:
    """Tells a deliberate press of Enter or Space from a held key's repeats, and from a press that came just as
    a screen that opens by itself opened (the person was pressing for the screen before); ``clock`` is the time
    in seconds, injected in tests."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, settle_s: float = SETTLE_S) -> None:
        """A guard reading the time from ``clock``, letting presses through ``settle_s`` after a screen opens."""
        self.clock = clock
        self.settle_s = settle_s
        self.held: set[int] = set()
        self.opened_at = -math.inf

    def opened(self) -> None:
        """A screen has just come on top."""
        self.opened_at = self.clock()

    def passes(self, event: pygame.event.Event, settling: bool) -> bool:
        """False for a key event to drop: a repeat of a held Enter or Space, or its press while the screen on
        top (``settling``: one that opens by itself) is younger than the settle time."""
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.held.clear()  # its key-up may go to another window
        elif event.type == pygame.KEYDOWN and event.key in PRESS_KEYS:
            repeat = event.key in self.held
            self.held.add(event.key)
            if repeat or (settling and self.clock() - self.opened_at < self.settle_s):
                return False
        return True


class App:
    """The window's scenes, settings and shared drawing kit: the :class:`~chinese_ten.ui.services.Services`
    every scene is given."""

    def __init__(self, surface: pygame.Surface, settings: Settings, store: SettingsStore | None = None,
                 demo: DemoOptions | None = None, thinker: ComputerThinker | None = None,
                 keeper: Keeper | None = None) -> None:
        """An app drawing on ``surface``; push a scene to begin. ``keeper`` keeps the matches (none by default)."""
        self.surface = surface
        self.keeper = keeper or Keeper(None)
        """The kept matches: the unfinished one, the history and the statistics."""
        self.keeper.notify = self.notify
        self.settings = settings
        self.store = store
        self.demo = demo
        self.thinker = thinker or ComputerThinker()
        self.thinker.on_fallback = self.notify
        from chinese_ten.ui.hosting import Hosting

        self.hosting = Hosting(self.keeper.folder)
        """The window's own table server for "Play with friends" (started on first use)."""
        from chinese_ten.ui.open_tables import OpenTables

        self.open_tables = OpenTables(self.keeper.folder)
        """The network tables this player sits at (for "Open tables")."""
        use_language(shown_language(settings.language))
        self.sound = SoundPlayer(settings.volume, settings.muted)
        """The sound effects, at the remembered volume, muted or not."""
        theme = theme_for(settings.high_contrast, settings.four_colour)
        fonts = FontBook()
        self.kit = Kit(theme, fonts, TextPainter(fonts, theme), CardImages(theme.card_style),
                       point_badges=settings.point_badges)
        self.scenes: list[Screen] = []
        self.running = True
        self.stats = FrameStats(recording=demo is not None)
        """Frame times, recorded only for a demo (whose summary reports them)."""
        self.screenshots: list[Path] = []
        self.match_seed: int | None = None
        self.first_number: int | None = None
        """The deal number the next match started deals first (``--deal``), once; None: the seed's."""
        self.notices: list[str] = []
        """Messages for the person not yet shown (settings that could not be read or saved)."""
        self.run_only: dict[str, tuple[object, object]] = {}
        """Settings given on the command line for this run: name -> (value now, value remembered)."""
        self.banner_text = ""
        self.banner_left = 0.0
        self.banner_scene: object | None = None
        """The screen the notice is about, whose closing ends it (None: it lasts its seconds)."""
        self.offer_tutorial = False
        """True when the start screen is to offer Learn to play (a start whose settings never answered it)."""
        self._resize_at: float | None = None
        self.guard: PressGuard | None = None
        """Drops held and early presses of Enter and Space (the real window has one; tests that press at machine
        speed, and demos, have none)."""

    # ------------------------------------------------------------------ scenes

    def top(self) -> Screen | None:
        """The scene receiving input."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Screen) -> None:
        """Put a scene on top: the one below is paused, the new one entered."""
        below = self.top()
        self.scenes.append(scene)
        if below is not None:
            below.pause()
        if self.guard is not None:
            self.guard.opened()
        scene.enter()

    def pop(self, scene: Screen | None = None) -> None:
        """Remove the top scene (or ``scene`` wherever it is): it is left, and the scene back on top resumed."""
        if scene is None:
            scene = self.top()
        if scene is None or scene not in self.scenes:
            return
        was_top = scene is self.top()
        self.scenes.remove(scene)
        scene.leave()
        top = self.top()
        if was_top and top is not None:
            top.resume()

    def replace(self, scene: Screen) -> None:
        """Make ``scene`` the only scene: every scene there was is left, the new one entered."""
        old, self.scenes = self.scenes, [scene]
        for gone in reversed(old):
            gone.leave()
        if self.guard is not None:
            self.guard.opened()
        scene.enter()

    def make(self, name: str, **kw: Any) -> Scene | None:
        """The scene registered as ``name``, built for this app; None when it could not be (the person was told)."""
        return SCENES[name].opened(self, **kw)

    def open(self, name: str, **kw: Any) -> Scene | None:
        """Open the scene registered as ``name`` over what is showing and return it (None when it could not
        open); the menu, settings, statistics and history open only when they are not on top already."""
        if name in ONCE_ON_TOP and self.top_is(name):
            return None
        scene = self.make(name, **kw)
        if scene is not None:
            self.push(scene)
        return scene

    def show(self, name: str, **kw: Any) -> Scene | None:
        """Make the scene registered as ``name`` the only one and return it (None when it could not open)."""
        scene = self.make(name, **kw)
        if scene is not None:
            self.replace(scene)
        return scene

    def top_is(self, name: str) -> bool:
        """True when the scene on top is the one registered as ``name``."""
        return isinstance(self.top(), SCENES[name])

    def quit(self) -> None:
        """Close the window at the end of this frame."""
        self.running = False

    def save_settings(self, settings: Settings) -> None:
        """Use and remember new settings; a problem saving them is told to the person once."""
        self.settings = settings
        if self.store is not None:
            notice = self.store.save(self.to_remember(settings))
            if notice:
                _log.warning(notice)
                self.notify(notice)

    def to_remember(self, settings: Settings) -> Settings:
        """``settings`` as they are saved: a look chosen on the command line for this run is not
        remembered, unless the person has since changed that setting."""
        kept = {key: remembered for key, (for_run, remembered) in self.run_only.items()
                if getattr(settings, key) == for_run}
        try:
            return settings.replace(**kept) if kept else settings
        except SettingError:  # the rules or the game of this run no longer fit the seats chosen since
            return settings

    def notify(self, text: str, seconds: float = BANNER_SECONDS, scene: object | None = None) -> None:
        """Show a notice across the top of the window for a few seconds (told from another thread, such as
        the kept matches' writer, it wakes the sleeping window); a notice about ``scene`` goes when it closes."""
        self.banner_text = text
        self.banner_left = seconds
        self.banner_scene = scene
        if threading.current_thread() is not threading.main_thread():
            wake_window()

    def show_notices(self) -> None:
        """Show the notices waiting from start-up, once."""
        if self.notices:
            self.notify("  ".join(self.notices))
            self.notices = []

    def table(self) -> TableScene | None:
        """The table scene in the stack, if a match is on."""
        for scene in self.scenes:
            if isinstance(scene, TableScene):
                return scene
        return None

    def holding(self) -> bool:
        """True while an overlay (menu, help, settings) holds the game still."""
        return any(getattr(s, "holds_table", False) for s in self.scenes)

    def change_settings(self, **changes: object) -> Settings:
        """Change some settings: remember them and apply at once what can be applied now."""
        old = self.settings
        if "game" in changes and changes["game"] != old.game:  # the new game's seats, length and rules
            changes = {**choose_game(old, str(changes["game"])), **changes}
        elif "computers" in changes and "house_rules" not in changes:
            changes = {**rules_for_seats(old, int(changes["computers"])), **changes}  # type: ignore[call-overload]
        new = old.replace(**changes)
        self.save_settings(new)
        if (new.high_contrast, new.four_colour, new.point_badges) != (old.high_contrast, old.four_colour,
                                                                       old.point_badges):
            self.apply_look(new)
        if new.animation_speed != old.animation_speed:
            table = self.table()
            if table is not None and not table.auto:
                table.ctl.set_pace(pace_for(new.animation_speed))
        if new.muted != old.muted:
            self.sound.set_muted(new.muted)
        if new.volume != old.volume:
            self.sound.set_volume(new.volume)
            self.sound.play("capture-scoring")  # hear the new level
        if new.language != old.language:
            use_language(shown_language(new.language))
            self.kit.text.set_theme(self.kit.theme)  # drop text drawn in the other language
            pygame.display.set_caption(_("Chinese Ten"))
            table = self.table()
            if table is not None:
                table.ctl.retell()
            for scene in self.scenes:  # an open review, History, … tell their words again
                if isinstance(scene, Scene):
                    scene.retell()
        if new.fullscreen != old.fullscreen:
            self._set_fullscreen(new.fullscreen)
        if new.window_size != old.window_size:
            self._set_window_size(new.window_size)
        return new

    def _set_window_size(self, size: tuple[int, int]) -> None:
        """Resize the window (not the full screen, whose size is the screen's)."""
        if self.demo is not None or self.settings.fullscreen or is_fullscreen():
            return
        window = display.window()
        if window is None:
            return
        try:
            window.size = size
        except (pygame.error, TypeError, ValueError) as exc:
            _log.warning("could not resize the window to %sx%s: %s", *size, exc)
            return
        current = display.surface()
        if current is not None:
            self.surface = current

    def toggle_mute(self) -> None:
        """Mute the sound or sound it again, remember it, and say which for a moment."""
        muted = self.change_settings(muted=not self.settings.muted).muted
        self.notify(_("Sound off (M)") if muted else _("Sound on (M)"), MUTE_BANNER_SECONDS)

    def toggle_fullscreen(self) -> None:
        """Switch between the window and the full screen, and remember it."""
        self.change_settings(fullscreen=not self.settings.fullscreen)

    def _set_fullscreen(self, on: bool) -> None:
        if self.demo is not None:
            return
        set_fullscreen(on)
        current = display.surface()
        if current is not None:
            self.surface = current

    def show_help(self, game: str | None = None) -> None:
        """Open the help of ``game`` (by default the game in force: see :meth:`game_in_force`) over whatever
        is showing, or close it when it is on top."""
        top = self.top()
        if isinstance(top, HelpScene):
            self.pop(top)
        else:
            self.push(HelpScene(self, game=game or self.game_in_force()))

    def open_menu(self) -> None:
        """Open the game menu over the table."""
        self.open("menu")

    def open_settings(self) -> None:
        """Open the settings screen over whatever is showing."""
        self.open("settings")

    def start_match(self) -> None:
        """Sit down at a new match with the current settings (or the demo's table)."""
        self.thinker.cancel()
        if self.demo is not None:
            demo = self.demo
            spec = game_named(demo.game)
            rules: Any = spec.default_rules if demo.rules is None else demo.rules
            if spec.options.presets:  # a game with house rules plays the demo's, at its preset's length
                length = spec.options.preset(spec.options.chosen(rules.to_json())[0]).match_length or "per-seat"
            else:
                length = spec.match_lengths[0]
            ctl = TableController(demo.seats, demo.strength, length, seed=demo.seed, pace=DEMO_PACE,
                                  person=False, thinker=self.thinker, deals=demo.deals, rules=rules, game=spec.name)
            if demo.deal is not None:
                ctl.resume({"first_number": demo.deal})
            self.keeper.watch(ctl)
            self.replace(TableScene(self, ctl, auto=True))
            return
        s = self.settings
        self.keeper.abandon()  # asked first when a match was unfinished
        spec = game_named(s.game)
        ctl = TableController(s.computers + 1, s.strengths(), s.match_length, seed=self.match_seed,
                              pace=pace_for(s.animation_speed), thinker=self.thinker,
                              rules=s.ruleset(), game=spec.name)
        if self.first_number is not None:
            ctl.resume({"first_number": self.first_number})
            self.first_number = None
        self.keeper.watch(ctl)
        self.replace(TableScene(self, ctl))

    def play_deal(self, number: int, *, seats: int | None = None, strength: str | Sequence[str] | None = None,
                  rules: Any = None,
                  game: str | None = None, seat: int = 0, dealer: int | None = None) -> None:
        """Sit down at a practice match of one deal, deal number ``number``, at these seats, rules, strength and
        game (each by default the current settings'), the person at ``seat``; ``dealer`` deals it (by default the
        seat before the person's). Dealt so, the deal has exactly the cards it had. It is kept apart from the
        statistics, as a match with a take-back is."""
        self.thinker.cancel()
        self.keeper.abandon()  # asked first when a match was unfinished
        s = self.settings
        spec = game_named(game or s.game)
        if rules is None or not isinstance(rules, type(spec.default_rules)):
            rules = s.ruleset(spec.name)
        ctl = deal_number_table(self, number, seats or s.computers + 1, strength or s.strengths(), rules, spec.name, seat,
                                dealer)
        self.keeper.watch(ctl)
        self.replace(TableScene(self, ctl))

    def open_join(self, link: str) -> None:
        """Open "Play with friends" at the join of ``link``: with a remembered name the seat is taken at
        once; without one the name is asked first (the link waits in its field); a watch link, which needs no
        name, is watched at once."""
        scene = self.show("friends", link=link)
        if scene is not None and hasattr(scene, "join") and (self.settings.player_name
                                                             or not getattr(scene, "asks_name", True)):
            scene.join()

    def take_link(self, text: str) -> bool:
        """Open the join of a table link dropped on the window, opened by the system or handed over by a
        second start, as a pasted one is; the match on the table stays kept. Any other text is ignored
        (a line in the log); True when it was a link."""
        from chinese_ten.net.links import LinkError, parse_link

        try:
            parse_link(text)
        except LinkError as exc:
            _log.info("ignored a text brought to the window that is no table link: %s", exc)
            return False
        _bring_forward()
        self.thinker.cancel()
        self.keeper.save()
        self.open_join(text.strip())
        return True

    def start_tutorial(self) -> None:
        """Sit down at the guided first deal (Learn to play); it is kept neither in the history nor in the
        statistics, and an unfinished match kept stays as it was. The lesson is the chosen game's (Chinese
        Ten's for a game without one)."""
        spec = game_named(self.settings.game)
        if spec.lesson is None:
            spec = game_named("ten")
        assert spec.lesson is not None
        self.thinker.cancel()
        ctl = TableController(2, "normal", "one", pace=pace_for(self.settings.animation_speed), thinker=self.thinker,
                              guide=spec.lesson(), game=spec.name)
        self.replace(GuidedTableScene(self, ctl))

    def continue_match(self) -> bool:
        """Sit down again at the unfinished match, exactly where it was left; False when there is none."""
        self.thinker.cancel()
        ctl = self.keeper.resume(pace_for(self.settings.animation_speed), self.thinker)
        if ctl is None:
            return False
        self.replace(TableScene(self, ctl))
        return True

    def show_unseen_result(self) -> bool:
        """Sit down at the last match's final count when the window closed before its result was seen (the
        result follows it as always); False when there is none."""
        ctl = self.keeper.unseen_result(pace_for(self.settings.animation_speed), self.thinker)
        if ctl is None:
            return False
        self.replace(TableScene(self, ctl))
        return True

    def leave_lesson(self, play: bool = False) -> None:
        """Leave Learn to play for the start screen, or with ``play`` for a real match with the start screen's
        choices (asking first, as the start screen does, when an unfinished match is kept)."""
        self.thinker.cancel()
        start = StartScene(self)
        self.replace(start)
        if play:
            start.start()

    def rules_in_force(self, game: str | None = None) -> tuple[Any, int]:
        """The rules and seat count of ``game`` (the game in force, unless named) as the person is playing it, or
        will play it next from the start screen (the seats chosen, or the most its rules deal when those are
        another game's)."""
        name = game or self.game_in_force()
        table = self.table()
        if table is not None and name == self.game_in_force():
            rules, seats = table.ctl.match.rules, table.ctl.match.seats
        else:
            rules, seats = self.settings.ruleset(name), self.settings.computers + 1
        counts = rules.seat_counts()
        return rules, seats if seats in counts else max(counts)  # seats of another game: the most it deals

    def game_in_force(self) -> str:
        """The name of the game the person is playing, or will play next from the start screen."""
        table = self.table()
        game = getattr(table.ctl, "game", None) if table is not None else None
        return str(getattr(game, "name", self.settings.game))

    def open_statistics(self) -> None:
        """Open the Statistics screen over whatever is showing."""
        self.open("stats")

    def open_history(self) -> None:
        """Open the History screen over whatever is showing."""
        self.open("history")

    def apply_look(self, settings: Settings) -> None:
        """Switch theme, card style and point badges to what ``settings`` ask for."""
        theme = theme_for(settings.high_contrast, settings.four_colour)
        self.kit.theme = theme
        self.kit.text.set_theme(theme)
        self.kit.cards.set_style(theme.card_style)
        self.kit.point_badges = settings.point_badges
        self.kit.backgrounds.clear()
        self.settings = settings
        _log.info("look: %s", theme.card_style)

    def new_match(self) -> None:
        """Another match at the same table."""
        self.start_match()

    # ------------------------------------------------------------------ frames

    def handle(self, event: pygame.event.Event) -> None:
        """Route one event: window events and the keys that work everywhere here, the rest to the top scene."""
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in LINK_EVENTS and self.demo is None:
            self.take_link(str(getattr(event, "file", None) or getattr(event, "text", "")))
            return
        event = display.event_in_pixels(event, display.window_size(), self.surface.get_size())
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED,
                          pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED):
            current = display.surface()
            if current is not None:
                self.surface = current
                self.kit.cards.use_window(current.get_size())
            if event.type in (pygame.VIDEORESIZE, pygame.WINDOWRESIZED):
                self._resize_at = time.monotonic()
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED) and self.settings.pause_on_focus_loss:
            table = self.table()
            if table is not None and not table.auto:
                table.set_paused(True, by_itself=True)
        if self.banner_left > 0 and event.type == pygame.MOUSEBUTTONDOWN and self.banner_rect().collidepoint(event.pos):
            self.banner_left = 0.0
            return
        if self.guard is not None and not self.guard.passes(event, getattr(self.top(), "opens_by_itself", False)):
            return
        if event.type == pygame.KEYDOWN and self._global_key(event):
            return
        top = self.top()
        if top is not None:
            top.handle_event(event)

    def _global_key(self, event: pygame.event.Event) -> bool:
        """Keys that mean the same on every screen; True when the key was used here."""
        key = event.key
        shortcut = global_shortcut(key, event.mod, getattr(event, "unicode", ""))
        if shortcut == FULLSCREEN:
            self.toggle_fullscreen()
            return True
        if shortcut == HELP:
            self.show_help()
            return True
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        if getattr(self.top(), "typing", False):
            return False  # a letter typed into a text field (a name, a chat line) is only that
        if key == pygame.K_h:
            self.change_settings(high_contrast=not self.settings.high_contrast)
            return True
        if key == pygame.K_m:
            self.toggle_mute()
            return True
        if key == pygame.K_t and self.table() is not None and isinstance(self.top(), (type(self.table()), ChoiceScene)):
            self.change_settings(card_tracker=not self.settings.card_tracker)
            return True
        if key == pygame.K_p:
            table = self.table()
            if table is not None and isinstance(self.top(), (type(table), ChoiceScene)):
                if not (table.ctl.replaying and table.skip()):  # P finishes a replay like any key
                    table.set_paused(not table.paused)
                return True
        return False

    def frame(self, dt: float, events: list[pygame.event.Event] | None = None) -> None:
        """Handle events, update every scene, then draw them all.

        Every frame is drawn, so whatever an event or an update changed is on the screen
        at the end of the same frame, with no input needed and nothing for a scene to report.
        """
        start = time.perf_counter()
        for event in pygame.event.get() if events is None else events:
            self.handle(event)
            if not self.running:
                return
        for scene in list(self.scenes):
            if scene in self.scenes:
                scene.update(dt)
        self.sound.follow(self.table())
        if self.banner_left > 0:
            self.banner_left = max(0.0, self.banner_left - dt)
            if self.banner_scene is not None and self.banner_scene not in self.scenes:
                self.banner_left = 0.0
        if self._resize_at is not None and time.monotonic() - self._resize_at >= RESIZE_SAVE_DELAY_S:
            self._resize_at = None
            self.remember_window_size()
        if self.running:
            self.draw()
            self._maybe_screenshot()
        self.kit.cards.warm(WARM_BUDGET_S)
        self.stats.add((time.perf_counter() - start) * 1000)

    def draw(self) -> None:
        """Draw the scenes from the topmost opaque one up."""
        first = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                first = i
                break
        for scene in self.scenes[first:]:
            scene.draw(self.surface)
        if self.banner_left > 0 and self.banner_text:
            self._draw_banner(self.surface)

    def remember_window_size(self) -> None:
        """Save the window's size (not the full screen's) for the next start."""
        if self.demo is not None or self.settings.fullscreen or is_fullscreen():
            return
        size = clamp_window_size(*(display.window_size() or self.surface.get_size()))
        if size != self.settings.window_size:
            self.save_settings(self.settings.replace(window_size=size))

    def banner_rect(self) -> pygame.Rect:
        """Where the notice banner is drawn."""
        w = self.surface.get_width()
        unit = ui_scale(self.surface.get_size())
        size = font_px(21, unit)
        width = min(w - 40, round(900 * unit))
        lines = self.kit.text.wrap(self.banner_text, size, width - 40, bold=True)
        line_h = self.kit.fonts.get(size).get_linesize()
        rect = pygame.Rect(0, 0, width, line_h * len(lines) + 20 + line_h)
        top = self.top() if self.scenes else None
        below = top.notice_top if isinstance(top, Scene) else None
        rect.midtop = (w // 2, below if below is not None else round(12 * unit))
        return rect

    def _draw_banner(self, surface: pygame.Surface) -> None:
        t = self.kit.theme
        box = self.banner_rect()
        unit = ui_scale(surface.get_size())
        size = font_px(21, unit)
        pygame.draw.rect(surface, t.toast, box, border_radius=10)
        pygame.draw.rect(surface, t.accent, box, 3, border_radius=10)
        y = box.top + 10
        for text in self.kit.text.wrap(self.banner_text, size, box.width - 40, bold=True):
            line = self.kit.text.line(text, size, t.text, bold=True)
            surface.blit(line, (box.left + 20, y))
            y += line.get_height()
        close = self.kit.text.line(_("(click to close)"), font_px(17, unit), t.text_dim)
        surface.blit(close, close.get_rect(bottomright=(box.right - 16, box.bottom - 6)))

    def _maybe_screenshot(self) -> None:
        top = self.top()
        if isinstance(top, CountScene) and not top.shot_taken:
            top.shot_taken = True
            if self.demo is not None and self.demo.screenshot is not None:
                folder = self.demo.screenshot
                folder.mkdir(parents=True, exist_ok=True)
                path = folder / f"deal-{top.table.ctl.deal_number:02d}.png"
                pygame.image.save(self.surface, str(path))
                self.screenshots.append(path)

    def wants_frames(self) -> bool:
        """True while anything on the screen changes with time alone; otherwise the window waits for input."""
        return (self.demo is not None or self.banner_left > 0 or self._resize_at is not None
                or any(scene.wants_frames() for scene in self.scenes))

    def due_in(self) -> float | None:
        """Seconds until something on the screen changes with time alone while no scene wants frames (the
        soonest a scene's ``due_in`` names); None when nothing is due."""
        dues = [due() for due in (getattr(scene, "due_in", None) for scene in self.scenes) if callable(due)]
        found = [float(d) for d in dues if d is not None]
        return max(0.0, min(found)) if found else None

    def run(self) -> None:
        """The main loop, at up to 60 frames a second while anything moves, until the window closes (a demo with
        no screen behind it, SDL's dummy driver, makes its frames one after another, each a sixtieth of a second
        of the table's time). When
        nothing moves it sleeps until an input arrives, or until something is due (:meth:`due_in`), and draws
        nothing meanwhile: a frame is drawn (whole) only for an input or for what changes with time, so a game
        left waiting for its player costs next to no processor time. A thread bringing something to show (a
        network table's connection, a notice) wakes it with :func:`~chinese_ten.ui.wake.wake_window`, an event
        like an input."""
        clock = pygame.time.Clock()
        dt = 0.0
        events: list[pygame.event.Event] | None = None
        unseen = self.demo is not None and display.headless()
        while self.running:
            self.frame(dt, events)
            if not self.running:
                break
            display.flip()
            if self.wants_frames():
                events = None
                if unseen:  # a demo with no screen behind it: each frame is a sixtieth of a second of the table's
                    clock.tick()  # time, made as soon as the last is drawn, for nobody is waiting to see it
                    dt = 1 / 60
                else:
                    dt = min(clock.tick(60) / 1000.0, 0.1)
                continue
            events = _wait_for_input(self.due_in(), self.sound.rest)
            dt = min(clock.tick() / 1000.0, 0.1)


# ---------------------------------------------------------------------- entry points


def open_window(size: tuple[int, int], title: str = "", fullscreen: bool = False) -> pygame.Surface:
    """Start pygame's display and open the resizable window (or go full screen).

    ``size`` is in window units; the window never opens larger than the desktop's usable area.
    The title is the game's name in the language in use unless ``title`` is given.
    """
    title = title or _("Chinese Ten")
    display.apply_dpi_hints()
    pygame.display.init()
    pygame.font.init()
    usable = display.usable_desktop_size()
    surface = display.open_surface(display.first_window_size(size, usable), title, display.wants_high_dpi())
    _set_minimum_size(display.minimum_window_size(MIN_SIZE, usable))
    _set_icon()
    pygame.key.set_repeat(300, 60)
    if fullscreen:
        set_fullscreen(True)
        surface = display.surface() or surface
    return surface


def set_fullscreen(on: bool) -> bool:
    """Put the window in desktop full screen or back; False when the display can't."""
    try:
        display.set_fullscreen(on)
        return True
    except (pygame.error, AttributeError, TypeError) as exc:
        _log.warning("could not %s full screen: %s", "enter" if on else "leave", exc)
        return False


def is_fullscreen() -> bool:
    """True while the window fills the screen."""
    return display.is_fullscreen()


def _can_show_dialog() -> bool:
    """False where no one could see a dialog (the headless video drivers)."""
    return os.environ.get("SDL_VIDEODRIVER", "") not in ("dummy", "offscreen")


def show_problem(message: str) -> None:
    """Tell the person something went badly wrong: on the terminal and, where possible, in a dialog."""
    if sys.stderr is not None:
        try:
            print(message, file=sys.stderr)
        except Exception:  # noqa: BLE001 - a closed terminal must not hide the dialog
            pass
    box = getattr(pygame.display, "message_box", None)
    if box is None or not _can_show_dialog():
        return
    try:
        box(_("Chinese Ten"), message, message_type="error")
    except Exception:  # noqa: BLE001 - the message already went to the terminal and the log
        pass


def _set_minimum_size(size: tuple[int, int]) -> None:
    """Ask the window manager not to shrink the window below ``size``, where pygame can."""
    window = display.window()
    try:
        if window is not None:
            window.minimum_size = size
    except (AttributeError, pygame.error, TypeError, ValueError):
        pass


def _bring_forward() -> None:
    """Raise the window (out of the task bar when it is minimised) and give it the keyboard, where the
    system lets a program do that; where it does not, the window flashes for attention."""
    window = display.window()
    try:
        if window is not None:
            if not pygame.display.get_active():
                window.restore()
            window.focus()
            if not window.focused:
                window.flash(pygame.FLASH_BRIEFLY)
    except (AttributeError, pygame.error):
        pass


def _post_link(text: str) -> None:
    """Post a handed-over link to the window's events (called on the door's thread)."""
    pygame.event.post(pygame.event.Event(LINK_HANDED_OVER, text=text))


def _set_icon() -> None:
    try:
        from chinese_ten import assets

        icon = pygame.image.load_sized_svg(str(assets.icon_file()), (64, 64))
        window = display.window()
        if window is not None:
            window.set_icon(icon)
        else:
            pygame.display.set_icon(icon)
    except Exception:  # noqa: BLE001 - the icon is a nicety
        pass


IDLE_POLL_S = 0.01
"""How often the waiting window looks for input at first: an input is answered within this."""

IDLE_POLL_LONG_S = 0.04
"""How often it looks once it has waited :data:`IDLE_SETTLE_S`: still quicker than a person notices, and a
quarter of the wake-ups. (``pygame.event.wait`` is no cheaper: it looks every millisecond, holding the
interpreter, so another thread's wake could not be posted meanwhile.)"""

IDLE_SETTLE_S = 0.5
"""How long the window waits looking often before it looks less often."""


def _wait_for_input(longest: float | None, rest: Callable[[], bool] | None = None) -> list[pygame.event.Event]:
    """The input events that arrive within ``longest`` seconds (None: however long it takes), as soon as any
    does; none when none did. A :data:`~chinese_ten.ui.wake.WAKE` posted by another thread is one of them.
    Once the wait has settled, ``rest`` is called until it says it is done (the sound device let go)."""
    began = time.monotonic()
    deadline = None if longest is None else began + longest
    while True:
        events = pygame.event.get()
        now = time.monotonic()
        if events or (deadline is not None and now >= deadline):
            return events
        settled = now - began >= IDLE_SETTLE_S
        if settled and rest is not None and rest():
            rest = None
        pause = IDLE_POLL_LONG_S if settled else IDLE_POLL_S
        time.sleep(pause if deadline is None else max(0.0, min(pause, deadline - now)))

EXIT_CRASH = 1
"""Exit status after an unexpected problem."""


def run_game(options: LaunchOptions) -> int:
    """Open the window and play until the person closes it; 1 after an unexpected problem."""
    multiprocessing.freeze_support()
    from chinese_ten.logs import crash_report, install_excepthook, setup_logging

    log_path = setup_logging()
    install_excepthook(log_path)
    from chinese_ten.handoff import Door, open_door
    from chinese_ten.matchstore import data_dir, open_store
    from chinese_ten.url_scheme import register_at_start

    opened = open_store(data_dir(options.data_dir))
    for notice in opened.notices:
        _log.warning(notice)
    # the notices of a damaged settings file are told in the language asked for, or the system's
    use_language(shown_language(str(options.look_overrides().get("language", SYSTEM))))
    store = SettingsStore(settings_dir(options.settings_dir))
    loaded = store.load()
    for notice in loaded.notices:
        _log.warning(notice)
    run_only = options.look_overrides()
    if options.game:
        run_only.update(choose_game(loaded.settings.replace(**run_only), options.game))
    if options.rules:
        run_only.update(choose_preset(loaded.settings.replace(**run_only), options.rules))
    settings = loaded.settings.replace(**run_only)
    use_language(shown_language(settings.language))
    app: App | None = None
    door: Door | None = None
    status = 0
    try:
        surface = open_window(settings.window_size, fullscreen=settings.fullscreen)
        register_at_start()
        door = open_door(data_dir(options.data_dir), _post_link)
        app = App(surface, settings, store, keeper=Keeper(opened))
        app.guard = PressGuard()
        app.run_only = {key: (value, getattr(loaded.settings, key)) for key, value in run_only.items()}
        app.remember_window_size()  # opened smaller than asked (no room on the desktop): Settings says so
        app.notices = list(loaded.notices) + opened.notices
        app.offer_tutorial = not settings.tutorial_offered
        app.first_number = options.deal
        if options.join:
            app.open_join(options.join)
        else:
            app.open("start")
        app.run()
        if door is not None:
            door.close()  # a link opened from now on opens a new window
        app.remember_window_size()
        pygame.display.quit()  # the window goes at once; keeping the match and stopping the worker follow
        app.save_settings(app.settings)  # settings a full disk kept from being saved
    except Exception as exc:  # noqa: BLE001 - anything unexpected is reported, not swallowed
        show_problem(crash_report(exc, log_path))
        status = EXIT_CRASH
    finally:
        if door is not None:
            door.close()
        if app is not None:
            app.keeper.close()  # the match is kept first, whatever the worker does
            app.hosting.stop()
            app.thinker.shutdown()
        else:
            opened.close()
        pygame.quit()
    return status


class DemoInterrupted(Exception):
    """The demo's window closed (or a signal stopped it) before the match ended; the message says how far it got."""


def run_demo(options: LaunchOptions) -> int:
    """Computers play a whole match in the window at full speed; then exit 0.

    Raises :class:`DemoInterrupted` when the match was stopped before its end.
    """
    multiprocessing.freeze_support()
    from chinese_ten.logs import crash_report, install_excepthook, setup_logging

    log_path = setup_logging()
    install_excepthook(log_path)
    demo = options.demo or DemoOptions()
    look = Settings().replace(**options.look_overrides())
    keeper = None
    if options.data_dir:
        from chinese_ten.matchstore import open_store

        opened = open_store(Path(options.data_dir))
        for notice in opened.notices:  # a demo that cannot keep its match says so (the log's warnings reach stderr too)
            _log.warning(notice)
        keeper = Keeper(opened)
    use_language(shown_language(look.language))
    surface = open_window(look.window_size, _("Chinese Ten (demo)"))
    app = App(surface, look, None, demo, ComputerThinker(), keeper)
    began = time.perf_counter()
    try:
        app.start_match()
        app.run()
    except Exception as exc:  # noqa: BLE001 - anything unexpected is reported, not swallowed
        show_problem(crash_report(exc, log_path))
        pygame.quit()
        return EXIT_CRASH
    finally:
        app.thinker.shutdown()
        app.keeper.close()
    table = app.scenes[0] if app.scenes else None
    ctl = getattr(table, "ctl", None)
    if ctl is None or not ctl.match.is_over:
        pygame.quit()
        if ctl is None:
            raise DemoInterrupted("the demo was interrupted before its first deal")
        raise DemoInterrupted(f"the demo was interrupted after {ctl.match.deals_played} "
                              f"of {ctl.match.total_deals} deals")
    summary = app.stats.summary()
    if options.frame_stats is not None:
        try:
            Path(options.frame_stats).write_text(json.dumps(summary) + "\n", encoding="utf-8")
        except OSError as exc:
            raise OSError(exc.errno, exc.strerror, str(options.frame_stats)) from None
    result = {
        "seats": demo.seats,
        "deals": ctl.match.deals_played if ctl else 0,
        "totals": [float(t) for t in ctl.match.totals] if ctl else [],
        "seconds": round(time.perf_counter() - began, 2),
        "screenshots": [str(p) for p in app.screenshots],
        "strength": demo.strength,
        "worker_answers": app.thinker.worker_answers,
        **summary,
    }
    pygame.quit()
    if options.json:
        print(json.dumps(result))
    else:
        print(f"demo: {result['deals']} deal{'' if result['deals'] == 1 else 's'} at {demo.seats} seats in {result['seconds']} s, "
              f"{summary['frames']} frames, p99 {summary['p99_ms']} ms")
    return 0
