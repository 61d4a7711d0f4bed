"""The look for one run from the command line (``--size``, ``--high-contrast``, ``--four-colour``)
for the game and for ``demo``, and the window size chosen in Settings."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from chinese_ten.cli import build_parser, launch_options
from chinese_ten.settings import SETTINGS_FILENAME, WINDOW_SIZES, Settings, validate_setting
from chinese_ten.ui.app import App, run_game
from chinese_ten.ui.scenes.settings import SETTING_ROWS, SettingsScene
from chinese_ten.ui.scenes.start import StartScene
from chinese_ten.ui.kit.theme import high_contrast_theme

from uiharness import click_event, key_event


pytestmark = pytest.mark.usefixtures("private_run")
"""Logs and settings in the test's folder; logging and the excepthook put back afterwards."""


def _play(monkeypatch: pytest.MonkeyPatch, script: Callable[[App], None], argv: list[str]) -> int:
    """Run ``chinese-ten ARGV`` with ``script`` in place of the person; returns the exit status."""

    def scripted_run(self: App) -> None:
        self.thinker.force_inline = True
        script(self)

    monkeypatch.setattr(App, "run", scripted_run)
    return run_game(launch_options(build_parser().parse_args(argv)))


def _saved(folder: Path) -> dict[str, object]:
    return json.loads((folder / SETTINGS_FILENAME).read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_look_options_apply_for_one_run_and_leave_remembered_settings_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "settings"
    folder.mkdir()
    remembered = Settings(strength="easy", window_size=(1280, 800))
    (folder / SETTINGS_FILENAME).write_text(json.dumps({"version": 1, "strength": "easy",
                                                        "window_size": [1280, 800]}), encoding="utf-8")
    seen: dict[str, object] = {}

    def look_and_change_something_else(app: App) -> None:
        app.frame(1 / 60, [])
        seen["size"] = app.surface.get_size()
        seen["theme"] = app.kit.theme.name
        seen["cards"] = app.kit.cards.style
        app.change_settings(strength="hard")  # a save while the run's look is on
        app.running = False

    argv = ["--settings-dir", str(folder), "--size", "960x600", "--high-contrast", "--four-colour"]
    assert _play(monkeypatch, look_and_change_something_else, argv) == 0
    assert seen == {"size": (960, 600), "theme": "high-contrast", "cards": "high-contrast-four-colour"}
    saved = _saved(folder)
    assert saved["strength"] == "hard", "the person's own change is kept"
    assert saved["window_size"] == list(remembered.window_size)
    assert saved["high_contrast"] is False and saved["four_colour"] is False


def test_a_look_the_person_changes_during_the_run_is_remembered(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "settings"

    def choose_another_size_and_four_colours(app: App) -> None:
        app.frame(1 / 60, [])
        app.change_settings(window_size=(1600, 1000), four_colour=False)
        assert app.surface.get_size() == (1600, 1000)
        app.running = False

    assert _play(monkeypatch, choose_another_size_and_four_colours,
                 ["--settings-dir", str(folder), "--size", "960x600", "--four-colour"]) == 0
    saved = _saved(folder)
    assert saved["window_size"] == [1600, 1000] and saved["four_colour"] is False


def test_the_settings_screen_offers_window_sizes_and_resizes_the_window(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "settings"
    row = [key for key, _l, _c in SETTING_ROWS].index("window_size")
    offered = [value for _label, value in SETTING_ROWS[row][2]]
    assert offered == list(WINDOW_SIZES)
    assert all(validate_setting("window_size", size) == size for size in WINDOW_SIZES)

    def choose_the_smallest(app: App) -> None:
        app.frame(1 / 60, [])
        app.frame(1 / 60, [key_event(pygame.K_ESCAPE)])  # "Not now" to the first start's Learn to play
        start = app.top()
        assert isinstance(start, StartScene)
        app.frame(1 / 60, [click_event(start.actions[1].rect.center)])
        scene = app.top()
        assert isinstance(scene, SettingsScene)
        app.frame(1 / 60, [])
        assert scene.value_index(row) == WINDOW_SIZES.index((1280, 800))
        app.frame(1 / 60, [click_event(scene.rows[row][0].rect.center)])
        assert app.surface.get_size() == WINDOW_SIZES[0]
        assert _saved(folder)["window_size"] == list(WINDOW_SIZES[0])
        app.frame(1 / 60, [])
        assert scene.rows[row][0].selected
        app.running = False

    assert _play(monkeypatch, choose_the_smallest, ["--settings-dir", str(folder)]) == 0
    sizes: list[tuple[int, int]] = []
    assert _play(monkeypatch, lambda app: (sizes.append(app.surface.get_size()), setattr(app, "running", False)),
                 ["--settings-dir", str(folder)]) == 0
    assert sizes == [WINDOW_SIZES[0]], "the chosen size opens the next start"


def test_the_demo_takes_the_look_options(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CHINESE_TEN_SETTINGS_DIR=str(tmp_path / "settings"))
    shots = tmp_path / "shots"
    proc = subprocess.run(
        [sys.executable, "-m", "chinese_ten", "demo", "--seats", "2", "--deals", "1", "--seed", "4",
         "--size", "960x600", "--high-contrast", "--four-colour", "--screenshot", str(shots), "--json"],
        env=env, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    (png,) = sorted(shots.glob("*.png"))
    pygame.init()
    image = pygame.image.load(str(png))
    assert image.get_size() == (960, 600)
    theme = high_contrast_theme(True)
    dimmed = [c * (255 - theme.dim_alpha) / 255 for c in theme.felt]  # the count dims the table
    assert all(abs(a - b) <= 1.5 for a, b in zip(image.get_at((5, 5))[:3], dimmed)), "the high-contrast felt"
    assert not (tmp_path / "settings").exists(), "the demo never writes settings"


def test_a_size_the_desktop_has_no_room_for_opens_smaller_and_settings_show_the_size_it_is(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from chinese_ten.ui.kit import display

    monkeypatch.setattr(display, "usable_desktop_size", lambda platform=None: (1280, 700))
    seen: dict[str, object] = {}

    def look(app: App) -> None:
        seen["size"] = app.surface.get_size()
        seen["setting"] = app.settings.window_size

    assert _play(monkeypatch, look, ["--settings-dir", str(tmp_path / "s"), "--size", "1920x1080"]) == 0
    assert seen["size"] == (1280, 652)
    assert seen["setting"] == (1280, 652), "Settings shows the size the window is, not the size asked"
