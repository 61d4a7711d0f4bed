"""Fixtures for the window tests: pygame on the dummy video driver with a real display surface."""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Callable, Iterator

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from chinese_ten.settings import Settings  # noqa: E402
from chinese_ten.ui.app import App, open_window  # noqa: E402
from chinese_ten.ui.kit import cardimages  # noqa: E402
from chinese_ten.ui.table.choreography import Pace  # noqa: E402
from chinese_ten.ui.table.controller import TableController  # noqa: E402
from chinese_ten.ui.table.live import TableScene  # noqa: E402
from chinese_ten.engine.thinking import ComputerThinker  # noqa: E402

MEMORY_TESTS = ("test_ui_resize_memory", "test_ui_match_memory")
"""The modules that measure the process's memory: their card pictures are all rasterised afresh."""

RASTERS = 2400
"""Card pictures kept between the tests of one process (a few sizes of each card and style; four times the 600
once kept, which took some 30 MB)."""


class _Rasters:
    """pygame's SVG rasteriser with the pictures it made kept between tests, by file (its path, size and time of
    change) and pixel size, each handed out as a copy: the same pixels a fresh rasterising gives, without making
    the same card at the same size again for each of the hundreds of windows the tests open."""

    def __init__(self, load: Callable[..., pygame.Surface]) -> None:
        self.load = load
        self.kept: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()

    def __call__(self, file: object, size: tuple[int, int]) -> pygame.Surface:
        if not isinstance(file, str):
            return self.load(file, size)
        stat = os.stat(file)
        key = (file, stat.st_mtime_ns, stat.st_size, tuple(size))
        kept = self.kept.get(key)
        if kept is None:
            kept = self.kept[key] = self.load(file, size)
            if len(self.kept) > RASTERS:
                self.kept.popitem(last=False)
        else:
            self.kept.move_to_end(key)
        return kept.copy()


_RASTERS = _Rasters(pygame.image.load_sized_svg)


class _Sources:
    """Where each card's SVG lies, looked up once a process: the lookup checks the assets' folders on disk for
    every picture made, and resizing windows makes thousands (a tenth of the monkey's time)."""

    def __init__(self, find: Callable[..., object | None]) -> None:
        self.find = find
        self.found: dict[tuple[str, str, bool], object | None] = {}

    def __call__(self, code: str, style: str, small: bool = False) -> object | None:
        key = (code, style, small)
        if key not in self.found:
            self.found[key] = self.find(code, style, small)
        return self.found[key]


_SOURCES = _Sources(cardimages._svg_source)  # noqa: SLF001 - the lookup the cache stands in front of


@pytest.fixture(autouse=True)
def rasterise_each_card_once(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Card pictures come from :class:`_Rasters`, their files from :class:`_Sources`, in every window test but
    those measuring memory."""
    if not request.module.__name__.endswith(MEMORY_TESTS):
        monkeypatch.setattr(pygame.image, "load_sized_svg", _RASTERS)
        monkeypatch.setattr(cardimages, "_svg_source", _SOURCES)


QUICK = Pace(move=0.02, flip=0.02, glow=0.01, sweep=0.02, triple=0.03, pause=0.0)
"""Animations short enough for tests, still a frame or two each."""


@pytest.fixture(autouse=True)
def audio_only_for_the_sound_tests(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Keep SDL's audio thread out of every test but the sound tests: the test process, which opens and
    closes hundreds of windows, was seen to crash in that thread now and then. Elsewhere the game plays
    as on a machine with no audio device (silent, which the sound tests check too)."""
    from chinese_ten.ui.kit.sound import SoundPlayer

    sound_test = request.module.__name__.endswith("test_ui_sound")
    if not sound_test:
        if pygame.mixer.get_init():
            pygame.mixer.quit()
        monkeypatch.setattr(SoundPlayer, "_open", lambda self: False)
    yield
    if sound_test and pygame.mixer.get_init():
        pygame.mixer.quit()


@pytest.fixture
def window_size() -> tuple[int, int]:
    """The window tests' size: the smallest the game supports, where a layout is tightest, and the cheapest to
    draw (three heavy test files took 28.2 s here against 39.1 s at 1280×800). A module about another size
    gives its own."""
    return (960, 600)


@pytest.fixture
def window(window_size: tuple[int, int]) -> Iterator[pygame.Surface]:
    """A display surface of ``window_size`` on the dummy driver."""
    surface = open_window(window_size)
    yield surface
    pygame.display.quit()


@pytest.fixture
def make_table(window: pygame.Surface):  # type: ignore[no-untyped-def]
    """Builds an app showing a table: ``make_table(seats, seed=…, length=…)``."""

    def build(seats: int = 2, seed: int = 1, length: str = "one", person: bool = True,
              pace: Pace = QUICK) -> tuple[App, TableController, TableScene]:
        app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
        ctl = TableController(seats, "normal", length, seed=seed, pace=pace, person=person, thinker=app.thinker)
        scene = TableScene(app, ctl)
        app.replace(scene)
        return app, ctl, scene

    return build


@pytest.fixture
def app(window: pygame.Surface) -> Iterator[App]:
    """An app with nothing kept, animating quickly; a review left analysing is closed after the test."""
    from chinese_ten.ui.scenes.review import ReviewScene

    app = App(window, Settings(animation_speed="fast"), None, None, ComputerThinker(force_inline=True))
    yield app
    for scene in app.scenes:
        if isinstance(scene, ReviewScene) and scene.analysis is not None:
            scene.analysis.close()


@pytest.fixture
def private_run(tmp_path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """Logs and settings in the test's folder; logging and the excepthook put back afterwards (for tests
    that run the game's start-up as the command does)."""
    import logging
    import sys

    from chinese_ten.logs import LOG_DIR_ENV, LOGGER_NAME
    from chinese_ten.settings import SETTINGS_DIR_ENV

    monkeypatch.setenv(LOG_DIR_ENV, str(tmp_path / "logs"))
    monkeypatch.setenv(SETTINGS_DIR_ENV, str(tmp_path / "env-settings"))
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    logger = logging.getLogger(LOGGER_NAME)
    before = list(logger.handlers)
    yield
    for handler in list(logger.handlers):
        if handler not in before:
            logger.removeHandler(handler)
            handler.close()
