"""Fixtures for the window tests: pygame on the dummy video driver with a real display surface."""

from __future__ import annotations

import os
from collections.abc import Iterator

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from chinese_ten.settings import Settings  # noqa: E402
from chinese_ten.ui.app import App, open_window  # noqa: E402
from chinese_ten.ui.table.choreography import Pace  # noqa: E402
from chinese_ten.ui.table.controller import TableController  # noqa: E402
from chinese_ten.ui.table.live import TableScene  # noqa: E402
from chinese_ten.engine.thinking import ComputerThinker  # noqa: E402

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
def window() -> Iterator[pygame.Surface]:
    """A 1280×800 display surface on the dummy driver."""
    surface = open_window((1280, 800))
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
