"""The window and its main loop: a stack of scenes, one clock, frame timing.

:func:`run_game` is ``chinese-ten`` run bare; :func:`run_demo` is
``chinese-ten demo``.
"""

from __future__ import annotations

import argparse
import io
import json
import logging
import multiprocessing
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from ..settings import Settings, SettingsStore, clamp_window_size, settings_dir
from .cardimages import CardImages
from .choreography import Pace, pace_for
from .controller import TableController
from .geometry import MIN_SIZE
from .scene import Kit, Scene
from .text import TextPainter
from .theme import FontBook, theme_for
from .thinking import ComputerThinker

_log = logging.getLogger("chinese_ten.ui")

WARM_BUDGET_S = 0.0015
"""Seconds per frame spent preparing card images ahead of need."""

DEMO_PACE = Pace(move=0.05, flip=0.05, glow=0.03, sweep=0.05, triple=0.1, pause=0.0)
"""Animations sped right up for ``demo``."""


@dataclass
class FrameStats:
    """Milliseconds of update and draw work per frame."""

    times_ms: list[float] = field(default_factory=list)

    def add(self, ms: float) -> None:
        """Record one frame."""
        self.times_ms.append(ms)

    def summary(self) -> dict[str, float | int]:
        """``frames``, ``p50_ms``, ``p99_ms`` and ``max_ms``."""
        data = sorted(self.times_ms)
        if not data:
            return {"frames": 0, "p50_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0}

        def pct(q: float) -> float:
            return round(data[min(len(data) - 1, int(q * (len(data) - 1) + 0.5))], 3)

        return {"frames": len(data), "p50_ms": pct(0.5), "p99_ms": pct(0.99), "max_ms": round(data[-1], 3)}


@dataclass
class DemoOptions:
    """What ``demo`` was asked for."""

    seats: int = 4
    deals: int | None = None
    seed: int = 0
    screenshot: Path | None = None


class App:
    """The window's scenes, settings and shared drawing kit."""

    def __init__(self, surface: pygame.Surface, settings: Settings, store: SettingsStore | None = None,
                 demo: DemoOptions | None = None, thinker: ComputerThinker | None = None) -> None:
        """An app drawing on ``surface``; push a scene to begin."""
        self.surface = surface
        self.settings = settings
        self.store = store
        self.demo = demo
        self.thinker = thinker or ComputerThinker()
        theme = theme_for(settings.high_contrast, settings.four_colour)
        fonts = FontBook()
        self.kit = Kit(theme, fonts, TextPainter(fonts, theme), CardImages(theme.card_style),
                       point_badges=settings.point_badges)
        self.scenes: list[Scene] = []
        self.running = True
        self.stats = FrameStats()
        self.dirty = True
        self.screenshots: list[Path] = []
        self.match_seed: int | None = None

    # ------------------------------------------------------------------ scenes

    def top(self) -> Scene | None:
        """The scene receiving input."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        """Put a scene on top."""
        self.scenes.append(scene)
        self.dirty = True

    def pop(self, scene: Scene | None = None) -> None:
        """Remove the top scene (or ``scene`` wherever it is)."""
        if scene is None:
            if self.scenes:
                self.scenes.pop()
        elif scene in self.scenes:
            self.scenes.remove(scene)
        self.dirty = True

    def replace(self, scene: Scene) -> None:
        """Make ``scene`` the only scene."""
        self.scenes = [scene]
        self.dirty = True

    def quit(self) -> None:
        """Close the window at the end of this frame."""
        self.running = False

    def save_settings(self, settings: Settings) -> None:
        """Use and remember new settings."""
        self.settings = settings
        if self.store is not None:
            notice = self.store.save(settings)
            if notice:
                _log.warning(notice)

    def start_match(self) -> None:
        """Sit down at a new match with the current settings (or the demo's table)."""
        from .table_scene import TableScene

        self.thinker.cancel()
        if self.demo is not None:
            ctl = TableController(self.demo.seats, "normal", "per-seat", seed=self.demo.seed, pace=DEMO_PACE,
                                  person=False, thinker=self.thinker, deals=self.demo.deals)
            self.replace(TableScene(self, ctl, auto=True))
            return
        s = self.settings
        ctl = TableController(s.computers + 1, s.strength, s.match_length, seed=self.match_seed,
                              pace=pace_for(s.animation_speed), thinker=self.thinker)
        self.replace(TableScene(self, ctl))

    def apply_look(self, settings: Settings) -> None:
        """Switch theme, card style and point badges to what ``settings`` ask for."""
        theme = theme_for(settings.high_contrast, settings.four_colour)
        self.kit.theme = theme
        self.kit.text.set_theme(theme)
        self.kit.cards.set_style(theme.card_style)
        self.kit.point_badges = settings.point_badges
        self.kit.backgrounds.clear()
        self.settings = settings
        self.dirty = True

    def new_match(self) -> None:
        """Another match at the same table."""
        self.start_match()

    # ------------------------------------------------------------------ frames

    def handle(self, event: pygame.event.Event) -> None:
        """Route one event: window events here, the rest to the top scene."""
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED,
                          pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED):
            current = pygame.display.get_surface()
            if current is not None:
                self.surface = current
            self.dirty = True
        top = self.top()
        if top is not None:
            top.handle_event(event)
        self.dirty = True

    def frame(self, dt: float, events: list[pygame.event.Event] | None = None) -> bool:
        """Handle events, update, draw; returns True when something was drawn."""
        start = time.perf_counter()
        for event in pygame.event.get() if events is None else events:
            self.handle(event)
            if not self.running:
                return False
        for scene in list(self.scenes):
            if scene in self.scenes:
                scene.update(dt)
        drew = False
        if self.running and (self.dirty or any(s.animating() for s in self.scenes)):
            self.draw()
            drew = True
            self.dirty = False
            self._maybe_screenshot()
        self.kit.cards.warm(WARM_BUDGET_S)
        self.stats.add((time.perf_counter() - start) * 1000)
        return drew

    def draw(self) -> None:
        """Draw the scenes from the topmost opaque one up."""
        first = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                first = i
                break
        for scene in self.scenes[first:]:
            scene.draw(self.surface)

    def _maybe_screenshot(self) -> None:
        from .count_scene import CountScene

        top = self.top()
        if isinstance(top, CountScene) and not top.shot_taken:
            top.shot_taken = True
            if self.demo is not None and self.demo.screenshot is not None:
                folder = self.demo.screenshot
                folder.mkdir(parents=True, exist_ok=True)
                path = folder / f"deal-{top.table.ctl.deal_number:02d}.png"
                pygame.image.save(self.surface, str(path))
                self.screenshots.append(path)

    def run(self) -> None:
        """The main loop, at up to 60 frames a second, until the window closes."""
        clock = pygame.time.Clock()
        dt = 0.0
        while self.running:
            if self.frame(dt):
                pygame.display.flip()
            dt = min(clock.tick(60) / 1000.0, 0.1)


# ---------------------------------------------------------------------- entry points


def open_window(size: tuple[int, int], title: str = "Chinese Ten") -> pygame.Surface:
    """Start pygame's display and open the resizable window."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_caption(title)
    surface = pygame.display.set_mode(size, pygame.RESIZABLE)
    _set_minimum_size(MIN_SIZE)
    _set_icon()
    pygame.key.set_repeat(300, 60)
    return surface


def _set_minimum_size(size: tuple[int, int]) -> None:
    """Ask the window manager not to shrink the window below ``size``, where pygame can."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
        window.minimum_size = size
    except (AttributeError, pygame.error, TypeError, ValueError):
        pass


def _set_icon() -> None:
    try:
        try:
            from .. import assets  # type: ignore[attr-defined]

            source: object = str(assets.icon_file())
        except Exception:  # noqa: BLE001 - the icon is a nicety
            from .. import cardart

            source = io.BytesIO(cardart.icon_svg().encode("utf-8"))
        pygame.display.set_icon(pygame.image.load_sized_svg(source, (64, 64)))  # type: ignore[arg-type]
    except Exception:  # noqa: BLE001 - the icon is a nicety
        pass


def run_game(args: argparse.Namespace) -> int:
    """Open the window and play until the person closes it."""
    multiprocessing.freeze_support()
    from ..logs import install_excepthook, setup_logging

    install_excepthook(setup_logging())
    store = SettingsStore(settings_dir(getattr(args, "settings_dir", None)))
    loaded = store.load()
    for notice in loaded.notices:
        _log.warning(notice)
    settings = loaded.settings
    surface = open_window(settings.window_size)
    app = App(surface, settings, store)
    from .start_scene import StartScene

    app.push(StartScene(app))
    try:
        app.run()
    finally:
        app.thinker.shutdown()
        size = clamp_window_size(*app.surface.get_size())
        if size != app.settings.window_size:
            app.save_settings(app.settings.replace(window_size=size))
        pygame.quit()
    return 0


def run_demo(args: argparse.Namespace) -> int:
    """Computers play a whole match in the window at full speed; then exit 0."""
    multiprocessing.freeze_support()
    demo = DemoOptions(seats=args.seats, deals=args.deals, seed=args.seed,
                       screenshot=getattr(args, "screenshot", None))
    surface = open_window((1280, 800), "Chinese Ten (demo)")
    app = App(surface, Settings(), None, demo, ComputerThinker())
    app.start_match()
    began = time.perf_counter()
    try:
        app.run()
    finally:
        app.thinker.shutdown()
    table = app.scenes[0] if app.scenes else None
    ctl = getattr(table, "ctl", None)
    summary = app.stats.summary()
    if getattr(args, "frame_stats", None) is not None:
        Path(args.frame_stats).write_text(json.dumps(summary) + "\n", encoding="utf-8")
    result = {
        "seats": demo.seats,
        "deals": ctl.match.deals_played if ctl else 0,
        "totals": [float(t) for t in ctl.match.totals] if ctl else [],
        "seconds": round(time.perf_counter() - began, 2),
        "screenshots": [str(p) for p in app.screenshots],
        **summary,
    }
    pygame.quit()
    if getattr(args, "json", False):
        print(json.dumps(result))
    else:
        print(f"demo: {result['deals']} deals at {demo.seats} seats in {result['seconds']} s, "
              f"{summary['frames']} frames, p99 {summary['p99_ms']} ms")
    return 0
