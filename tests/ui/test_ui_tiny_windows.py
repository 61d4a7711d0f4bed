"""Every screen draws at any window size, however silly, and paints the whole window."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from conftest import QUICK
from uiharness import key_event, run_frames

from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.scenes.choice import ChoiceScene
from chinese_ten.ui.table.controller import TableController
from chinese_ten.ui.scenes.count import CountScene
from chinese_ten.ui.scenes.help import TABS, HelpScene
from chinese_ten.ui.scenes.match import MatchScene
from chinese_ten.ui.scenes.menu import MenuScene
from chinese_ten.ui.scenes.settings import SettingsScene
from chinese_ten.ui.scenes.start import StartScene
from chinese_ten.ui.table.live import TableScene
from chinese_ten.engine.thinking import ComputerThinker

WINDOW_SIZES = [(1, 1), (19, 600), (960, 5), (2, 300), (300, 2), (5, 5), (20, 20), (40, 40), (150, 90),
                (3000, 3), (3, 2000), (959, 599)]
"""Windows a window manager would refuse but a bare X server allows."""

EMPTY_SIZES = [(0, 0), (0, 600), (960, 0)]
"""Surfaces with no pixels at all (pygame makes these, though no window can be one)."""

SENTINEL = (1, 2, 3)
"""A colour no screen uses: any pixel left in it was never painted."""


def _unpainted(surface: pygame.Surface) -> int:
    return pygame.mask.from_threshold(surface, SENTINEL, (1, 1, 1, 255)).count()


def _draw_at_every_size(app: App, label: str) -> None:
    """Resize to each silly size, move the mouse, run frames and draw; then come back to 1280×800."""
    app.notify("A notice long enough to wrap over several lines in a narrow window, as notices do.")
    for size in WINDOW_SIZES:
        surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        assert surface.get_size() == size
        app.frame(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
        app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=(size[0] // 2, size[1] // 2),
                                              rel=(1, 1), buttons=(0, 0, 0))])
        assert app.surface.get_size() == size
        surface.fill(SENTINEL)
        app.draw()
        assert _unpainted(surface) == 0, f"{label} at {size}: every pixel of the window is painted"
    window = app.surface
    for size in EMPTY_SIZES:
        app.surface = pygame.Surface(size)
        app.draw()
    app.surface = pygame.display.set_mode((1280, 800), pygame.RESIZABLE)
    assert window is not app.surface or window.get_size() == (1280, 800)
    app.frame(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, size=(1280, 800), w=1280, h=800)])


def _table_with_a_choice(app: App) -> tuple[TableController, TableScene]:
    for seed in range(1, 80):
        ctl = TableController(2, "normal", "one", seed=seed, pace=QUICK, thinker=app.thinker)
        table = TableScene(app, ctl)
        app.replace(table)
        assert run_frames(app, lambda: ctl.person_to_play)
        if any(ctl.session.deal.candidates(c) and ctl.session.deal.choice_matters(c) for c in ctl.board.hands[0]):
            return ctl, table
    raise AssertionError("no seed gave the person a choice to make")


def _overlay(app: App, opener: Callable[[], None], kind: type, label: str) -> None:
    opener()
    assert isinstance(app.top(), kind)
    _draw_at_every_size(app, label)
    app.pop(app.top())


@pytest.mark.parametrize("high", [False, True])
def test_every_screen_draws_at_silly_window_sizes(window: pygame.Surface, high: bool) -> None:
    app = App(window, Settings(high_contrast=high, four_colour=high), None, None,
              ComputerThinker(force_inline=True))
    app.push(StartScene(app))
    _draw_at_every_size(app, "start")

    ctl, table = _table_with_a_choice(app)
    _draw_at_every_size(app, "table")
    _overlay(app, app.open_menu, MenuScene, "menu")
    _overlay(app, app.open_settings, SettingsScene, "settings")
    for tab in range(len(TABS)):
        _overlay(app, lambda tab=tab: app.push(HelpScene(app, tab)), HelpScene, f"help page {tab}")
    assert app.top() is table

    choosy = next(i for i, c in enumerate(ctl.board.hands[0])
                  if ctl.session.deal.candidates(c) and ctl.session.deal.choice_matters(c))
    table.try_play(choosy)
    assert run_frames(app, lambda: isinstance(app.top(), ChoiceScene))
    _draw_at_every_size(app, "choice")

    for _ in range(200):
        if not run_frames(app, lambda: ctl.person_to_play or isinstance(app.top(), (ChoiceScene, CountScene))):
            break
        if isinstance(app.top(), CountScene):
            break
        app.frame(1 / 60, [key_event(pygame.K_RETURN if isinstance(app.top(), ChoiceScene) else pygame.K_1)])
    assert isinstance(app.top(), CountScene)
    _draw_at_every_size(app, "count")
    app.frame(1 / 60, [key_event(pygame.K_RETURN)])
    assert isinstance(app.top(), MatchScene)
    _draw_at_every_size(app, "match result")


def test_help_scrolls_and_turns_pages_in_a_window_narrower_than_its_margins(window: pygame.Surface) -> None:
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    app.push(StartScene(app))
    app.show_help()
    help_scene = app.top()
    assert isinstance(help_scene, HelpScene)
    app.surface = pygame.display.set_mode((19, 600), pygame.RESIZABLE)
    for key in (pygame.K_DOWN, pygame.K_PAGEDOWN, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_UP):
        app.frame(1 / 60, [key_event(key)])
        app.draw()
    assert help_scene.tab == 2 and help_scene.page(-5).get_width() == 1
