"""Settings through the window: changed on screen, saved, applied at the next start; bad files and
unwritable folders told once; an unexpected error reported with the log's path, settings intact."""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from chinese_ten.logs import LOG_FILENAME
from chinese_ten.settings import SETTINGS_FILENAME, Settings
from chinese_ten.ui import app as app_module
from chinese_ten.cli import launch_options
from chinese_ten.ui.app import App, run_game
from chinese_ten.ui.table.choreography import pace_for
from chinese_ten.ui.scenes.settings import SETTING_ROWS, SettingsScene
from chinese_ten.ui.scenes.start import StartScene
from chinese_ten.ui.table.live import TableScene

from uiharness import click_event, key_event


pytestmark = pytest.mark.usefixtures("private_run")
"""Logs and settings in the test's folder; logging and the excepthook put back afterwards."""


Script = Callable[[App], None]


def _play(monkeypatch: pytest.MonkeyPatch, script: Script, settings_dir: Path | None) -> tuple[int, list[App]]:
    """Run ``chinese-ten`` with ``script`` in place of the person; returns the status and the app."""
    seen: list[App] = []

    def scripted_run(self: App) -> None:
        seen.append(self)
        self.thinker.force_inline = True
        script(self)

    monkeypatch.setattr(App, "run", scripted_run)
    args = argparse.Namespace(command=None, settings_dir=str(settings_dir) if settings_dir else None)
    return run_game(launch_options(args)), seen


def _row(key: str) -> int:
    return [k for k, _l, _c in SETTING_ROWS].index(key)


def test_settings_changed_on_screen_are_saved_and_applied_at_the_next_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "settings"

    def change(app: App) -> None:
        app.frame(1 / 60, [])
        app.frame(1 / 60, [key_event(pygame.K_ESCAPE)])  # "Not now" to the first start's Learn to play
        start = app.top()
        assert isinstance(start, StartScene)
        app.frame(1 / 60, [click_event(start.actions[1].rect.center)])
        scene = app.top()
        assert isinstance(scene, SettingsScene)
        app.frame(1 / 60, [])
        app.frame(1 / 60, [click_event(scene.rows[_row("high_contrast")][1].rect.center),
                           click_event(scene.rows[_row("four_colour")][1].rect.center),
                           click_event(scene.rows[_row("animation_speed")][0].rect.center),
                           click_event(scene.rows[_row("point_badges")][0].rect.center),
                           click_event(scene.rows[_row("computers")][2].rect.center)])
        assert app.kit.theme.name == "high-contrast", "applied at once"
        assert app.kit.cards.style == "high-contrast-four-colour"
        saved = json.loads((folder / SETTINGS_FILENAME).read_text())
        assert saved["high_contrast"] is True and saved["animation_speed"] == "slow"
        app.frame(1 / 60, [key_event(pygame.K_ESCAPE)])
        app.running = False

    status, _ = _play(monkeypatch, change, folder)
    assert status == 0

    def check(app: App) -> None:
        assert app.settings == Settings(computers=3, high_contrast=True, four_colour=True, point_badges=False,
                                        animation_speed="slow", window_size=app.settings.window_size,
                                        tutorial_offered=True)
        assert app.kit.theme.name == "high-contrast" and not app.kit.point_badges
        app.frame(1 / 60, [key_event(pygame.K_RETURN)])
        table = app.top()
        assert isinstance(table, TableScene)
        assert table.ctl.seats == 4 and table.ctl.pace == pace_for("slow")
        app.running = False

    status, seen = _play(monkeypatch, check, folder)
    assert status == 0 and seen


def test_the_environment_variable_chooses_the_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def toggle(app: App) -> None:
        app.frame(1 / 60, [key_event(pygame.K_h)])
        app.running = False

    assert _play(monkeypatch, toggle, None)[0] == 0
    saved = json.loads((tmp_path / "env-settings" / SETTINGS_FILENAME).read_text())
    assert saved["high_contrast"] is True


def test_a_damaged_file_is_told_once_and_the_game_starts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "settings"
    folder.mkdir()
    (folder / SETTINGS_FILENAME).write_text('{"version": 1, "computers": 3, "strength": 7', encoding="utf-8")
    told: list[str] = []

    def play(app: App) -> None:
        real = app.notify
        app.notify = lambda text: (told.append(text), real(text))[1]  # type: ignore[method-assign]
        for _ in range(30):
            app.frame(1 / 60, [])
        assert app.banner_left > 0
        app.draw()
        app.frame(1 / 60, [key_event(pygame.K_RETURN)])
        assert isinstance(app.top(), TableScene), "the game starts"
        for _ in range(120):
            app.frame(1 / 60, [])
        app.running = False

    assert _play(monkeypatch, play, folder)[0] == 0
    assert len(told) == 1 and "damaged" in told[0]
    assert list(folder.glob(f"{SETTINGS_FILENAME}.bad-*")), "the damaged file is kept"


def test_an_unwritable_folder_plays_on_and_says_so_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    folder = blocker / "settings"
    told: list[str] = []

    def play(app: App) -> None:
        real = app.notify
        app.notify = lambda text: (told.append(text), real(text))[1]  # type: ignore[method-assign]
        app.frame(1 / 60, [])
        for key in (pygame.K_h, pygame.K_h, pygame.K_DOWN, pygame.K_RIGHT):
            app.frame(1 / 60, [key_event(key)])
        app.frame(1 / 60, [key_event(pygame.K_RETURN)])
        table = app.top()
        assert isinstance(table, TableScene)
        for _ in range(200):
            app.frame(1 / 60, [])
        app.running = False

    assert _play(monkeypatch, play, folder)[0] == 0
    assert len(told) == 1 and "will not be remembered" in told[0]


def test_settings_a_full_disk_kept_from_being_repaired_are_saved_on_quitting(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "settings"
    folder.mkdir()
    damaged = {"version": 1, "computers": 3, "high_contrast": True, "strength": "lots"}
    (folder / SETTINGS_FILENAME).write_text(json.dumps(damaged), encoding="utf-8")
    disk_full = [True]
    real_fsync = os.fsync

    def fsync(descriptor: int) -> None:
        if disk_full[0]:
            raise OSError(28, "No space left on device")
        real_fsync(descriptor)

    monkeypatch.setattr(os, "fsync", fsync)
    told: list[str] = []

    def play(app: App) -> None:
        real = app.notify
        app.notify = lambda text: (told.append(text), real(text))[1]  # type: ignore[method-assign]
        app.frame(1 / 60, [])
        disk_full[0] = False  # room again before the person quits
        app.running = False

    assert _play(monkeypatch, play, folder)[0] == 0
    assert len(told) == 1 and "could not be repaired" in told[0] and "restored" not in told[0]
    assert list(folder.glob(f"{SETTINGS_FILENAME}.bad-*")), "the damaged file is kept"
    saved = json.loads((folder / SETTINGS_FILENAME).read_text(encoding="utf-8"))
    assert (saved["computers"], saved["high_contrast"], saved["strength"]) == (3, True, "normal")


def test_an_unexpected_error_is_reported_with_the_log_path_and_settings_survive(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "settings"
    folder.mkdir()
    good = Settings(computers=2, high_contrast=True).to_json_dict()
    (folder / SETTINGS_FILENAME).write_text(json.dumps(good), encoding="utf-8")
    raw = (folder / SETTINGS_FILENAME).read_bytes()
    boxes: list[str] = []
    monkeypatch.setattr(app_module, "_can_show_dialog", lambda: True)
    monkeypatch.setattr(pygame.display, "message_box", lambda title, text, **kw: boxes.append(text))

    def broken_update(self: StartScene, dt: float) -> None:
        raise RuntimeError("a scene fell over")

    monkeypatch.setattr(StartScene, "update", broken_update)

    def play(app: App) -> None:
        for _ in range(3):
            app.frame(1 / 60, [])

    status, _ = _play(monkeypatch, play, folder)
    assert status != 0
    log = tmp_path / "logs" / LOG_FILENAME
    err = capsys.readouterr().err
    assert str(log) in err and "unexpected problem" in err
    assert boxes and str(log) in boxes[0]
    text = log.read_text(encoding="utf-8")
    assert "a scene fell over" in text and "Traceback" in text
    assert (folder / SETTINGS_FILENAME).read_bytes() == raw
    assert not [p for p in folder.iterdir() if p.name != SETTINGS_FILENAME]


def test_the_window_size_and_full_screen_are_remembered(window: pygame.Surface, tmp_path: Path) -> None:
    from chinese_ten.settings import SettingsStore
    from chinese_ten.engine.thinking import ComputerThinker

    store = SettingsStore(tmp_path)
    app = App(window, store.load().settings, store, None, ComputerThinker(force_inline=True))
    app.push(StartScene(app))
    pygame.display.set_mode((1100, 700), pygame.RESIZABLE)
    app.frame(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, size=(1100, 700), w=1100, h=700)])
    assert not (tmp_path / SETTINGS_FILENAME).exists(), "not while the window is still being resized"
    assert app._resize_at is not None
    app._resize_at -= 5
    app.frame(1 / 60, [])
    assert store.load().settings.window_size == (1100, 700)
    app.frame(1 / 60, [key_event(pygame.K_F11)])
    saved = store.load().settings
    assert saved.fullscreen and saved.window_size == (1100, 700)
    app.frame(1 / 60, [key_event(pygame.K_F11)])
    assert not store.load().settings.fullscreen
