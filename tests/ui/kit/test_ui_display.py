"""The window and the screen: DPI awareness, the first size, remembered sizes, points and pixels."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest

from chinese_ten.settings import SettingsStore
from chinese_ten.ui.kit import display
from chinese_ten.ui.app import App, open_window
from chinese_ten.ui.table.geometry import MIN_SIZE
from chinese_ten.ui.scene import Scene
from chinese_ten.engine.thinking import ComputerThinker

ROOT = Path(__file__).resolve().parents[3]


def test_the_dpi_hints_ask_for_per_monitor_awareness_in_pixels() -> None:
    env: dict[str, str] = {}
    display.apply_dpi_hints(env)
    assert env == {"SDL_WINDOWS_DPI_AWARENESS": "permonitorv2", "SDL_WINDOWS_DPI_SCALING": "0"}


def test_a_dpi_hint_set_by_the_person_is_kept() -> None:
    env = {"SDL_WINDOWS_DPI_AWARENESS": "system"}
    display.apply_dpi_hints(env)
    assert env["SDL_WINDOWS_DPI_AWARENESS"] == "system"


def test_opening_the_window_sets_the_dpi_hint_for_a_pip_install(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in display.DPI_HINTS:
        monkeypatch.delenv(name, raising=False)
    open_window((1280, 800))
    try:
        assert os.environ["SDL_WINDOWS_DPI_AWARENESS"] == "permonitorv2"
        assert os.environ["SDL_WINDOWS_DPI_SCALING"] == "0"
    finally:
        pygame.display.quit()


def test_the_frozen_apps_manifest_declares_the_same_awareness_as_the_hint() -> None:
    tree = ET.parse(ROOT / "packaging" / "windows.manifest")
    awareness = [el.text for el in tree.iter() if el.tag.endswith("}dpiAwareness")]
    assert awareness and awareness[0] is not None
    first = awareness[0].split(",")[0].strip().lower()
    assert first == display.DPI_HINTS["SDL_WINDOWS_DPI_AWARENESS"]


@pytest.mark.parametrize(("wanted", "usable", "expected"), [
    ((1280, 800), (1920, 1032), (1280, 800)),   # 1080p at 100 %: room to spare
    ((1280, 800), (1280, 680), (1280, 632)),    # 1080p at 150 %, a pip install that was not DPI aware
    ((1280, 800), (1366, 728), (1280, 680)),    # a small laptop: the hand stays on the screen
    ((2400, 1500), (2560, 1400), (2400, 1352)),
    ((1920, 1080), (1920, 1152), (1920, 1080)),  # 1920×1200 less a top bar: room for the size asked
    ((1920, 1080), (1920, 1032), (1920, 984)),   # 1920×1080 less a task bar: it must be smaller
    ((1280, 800), None, (1280, 800)),           # no desktop (headless): as asked
])
def test_the_first_window_fits_the_usable_desktop(wanted: tuple[int, int], usable: tuple[int, int] | None,
                                                  expected: tuple[int, int]) -> None:
    assert display.first_window_size(wanted, usable) == expected


def test_the_minimum_size_gives_way_to_a_smaller_screen() -> None:
    assert display.minimum_window_size(MIN_SIZE, (1920, 1032)) == MIN_SIZE
    assert display.minimum_window_size(MIN_SIZE, (1024, 600)) == (960, 552)
    assert display.minimum_window_size(MIN_SIZE, None) == MIN_SIZE


def test_the_usable_desktop_leaves_room_for_bars_and_docks(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.display.init()
    try:
        assert display.usable_desktop_size() is None  # the dummy driver has no desktop
        monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
        monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
        assert display.usable_desktop_size("linux") == (1920, 1032)
        monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1200)])
        usable = display.usable_desktop_size("linux")
        assert display.first_window_size((1920, 1080), usable) == (1920, 1080), "a 1920×1200 desktop has room"
        monkeypatch.setattr(display, "_windows_work_area", lambda: (1920, 1032))
        assert display.usable_desktop_size("win32") == (1920, 1032)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize(("pos", "window", "drawable", "expected"), [
    ((100, 50), (1280, 800), (2560, 1600), (200, 100)),     # Retina: two pixels a point
    ((1279, 799), (1280, 800), (2560, 1600), (2558, 1598)),
    ((1280, 800), (1280, 800), (2560, 1600), (2559, 1599)),  # the far edge stays inside
    ((10.5, 20.5), (1000, 600), (1500, 900), (15, 30)),     # 150 %
    ((321, 123), (1280, 800), (1280, 800), (321, 123)),     # no scaling
])
def test_mouse_points_map_to_drawable_pixels(pos: tuple[float, float], window: tuple[int, int],
                                             drawable: tuple[int, int], expected: tuple[int, int]) -> None:
    assert display.to_pixels(pos, window, drawable) == expected


def test_only_mouse_events_are_mapped() -> None:
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 400), button=1)
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(3, -2), buttons=(0, 0, 0))
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)
    assert display.event_in_pixels(click, (1280, 800), (2560, 1600)).pos == (1280, 800)
    moved = display.event_in_pixels(motion, (1280, 800), (2560, 1600))
    assert moved.pos == (20, 20) and moved.rel == (6, -4)
    assert display.event_in_pixels(key, (1280, 800), (2560, 1600)) is key
    assert display.event_in_pixels(click, (1280, 800), (1280, 800)) is click


class _Recorder(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.events: list[pygame.event.Event] = []

    def handle_event(self, event: pygame.event.Event) -> None:
        self.events.append(event)


def _retina_app(window: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    """An app whose drawable has two pixels for every point of its 1280 x 800 window."""
    store = SettingsStore(tmp_path)
    app = App(window, store.load().settings.replace(window_size=(1000, 700)), store, None,
              ComputerThinker(force_inline=True))
    app.surface = pygame.Surface((2560, 1600))
    monkeypatch.setattr(display, "window_size", lambda: (1280, 800))
    return app


def test_a_click_reaches_the_scene_in_pixels(window: pygame.Surface, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    app = _retina_app(window, tmp_path, monkeypatch)
    scene = _Recorder(app)
    app.push(scene)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 400), button=1))
    assert scene.events[-1].pos == (1280, 800)


def test_the_remembered_size_is_in_window_units_not_drawable_pixels(window: pygame.Surface, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    app = _retina_app(window, tmp_path, monkeypatch)
    app.remember_window_size()
    assert app.settings.window_size == (1280, 800)
    assert SettingsStore(tmp_path).load().settings.window_size == (1280, 800)


def test_only_the_mac_asks_for_a_high_dpi_drawable() -> None:
    assert display.wants_high_dpi("darwin")
    assert not display.wants_high_dpi("win32") and not display.wants_high_dpi("linux")


@pytest.fixture
def mac_window(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """The window as a Mac opens it: a pygame.Window allowing a high-DPI drawable."""
    monkeypatch.setattr(display, "wants_high_dpi", lambda platform=None: True)
    surface = open_window((1100, 700))
    yield surface
    pygame.display.quit()


def test_on_a_mac_the_window_is_one_that_allows_a_high_dpi_drawable(mac_window: pygame.Surface) -> None:
    window = display.window()
    assert isinstance(window, pygame.Window) and pygame.display.get_surface() is None
    assert display.surface() is mac_window
    assert display.window_size() == tuple(window.size) == (1100, 700)
    assert window.minimum_size == MIN_SIZE


def test_a_high_dpi_window_plays_resizes_and_goes_full_screen(mac_window: pygame.Surface, tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    app = App(mac_window, store.load().settings, store, None, ComputerThinker(force_inline=True))
    from chinese_ten.ui.scenes.start import StartScene

    app.push(StartScene(app))
    app.frame(1 / 60, [])
    display.flip()
    window = display.window()
    assert window is not None
    window.size = (1300, 820)
    app.frame(1 / 60, [pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1300, y=820, window=window)])
    assert app.surface.get_size() == (1300, 820)
    app.remember_window_size()
    assert app.settings.window_size == (1300, 820)
    app.toggle_fullscreen()
    assert app_is_fullscreen() and app.settings.fullscreen
    app.toggle_fullscreen()
    assert not app_is_fullscreen()


def app_is_fullscreen() -> bool:
    from chinese_ten.ui.app import is_fullscreen

    return is_fullscreen()


def test_with_no_window_manager_full_screen_is_the_window_itself_filling_the_screen_and_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(display, "fills_screen_itself", lambda: True)
    surface = open_window((1100, 700))
    try:
        store = SettingsStore(tmp_path)
        app = App(surface, store.load().settings, store, None, ComputerThinker(force_inline=True))
        window = display.window()
        assert window is not None
        screen = pygame.display.get_desktop_sizes()[0]
        before = tuple(window.size), tuple(window.position)
        app.toggle_fullscreen()
        assert app_is_fullscreen() and tuple(window.size) == tuple(screen) and tuple(window.position) == (0, 0)
        assert app.surface.get_size() == tuple(screen), "the picture is the window's size (the dummy driver keeps no frame)"
        app.toggle_fullscreen()
        assert not app_is_fullscreen()
        assert (tuple(window.size), tuple(window.position)) == before
        assert app.surface.get_size() == (1100, 700)
    finally:
        pygame.display.quit()


def test_the_window_manager_is_looked_for_only_on_x11(window: pygame.Surface) -> None:
    assert pygame.display.get_driver() != "x11"
    assert display.window_manager_running() is None and not display.fills_screen_itself()
