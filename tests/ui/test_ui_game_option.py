"""``--game`` for one run: the bare command opens the start screen at that game without changing the
remembered one, and a demo builds its table for the game asked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.cli import build_parser, launch_options
from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.games.fishing.rules import STANDARD
from chinese_ten.settings import SETTINGS_FILENAME, Settings
from chinese_ten.ui import app as app_module
from chinese_ten.ui.app import App, run_game
from chinese_ten.ui.launch import DemoOptions
from chinese_ten.ui.scenes.start import StartScene


pytestmark = pytest.mark.usefixtures("private_run")
"""Logs and settings in the test's folder; logging and the excepthook put back afterwards."""


def test_the_bare_command_opens_at_the_game_asked_for_this_run_only(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "settings"
    folder.mkdir()
    (folder / SETTINGS_FILENAME).write_text(json.dumps({"version": 1, "computers": 3, "match_length": "six",
                                                        "strength": "easy", "tutorial_offered": True}),
                                                  encoding="utf-8")
    seen: dict[str, Any] = {}

    def look(app: App) -> None:
        app.frame(1 / 60, [])
        start = app.top()
        assert isinstance(start, StartScene)
        seen.update(game=start.game, computers=app.settings.computers, length=app.settings.match_length)
        app.change_settings(strength="hard")  # a save during the run
        app.running = False

    monkeypatch.setattr(App, "run", look)
    argv = ["--settings-dir", str(folder), "--data-dir", str(tmp_path / "data"), "--game", "fishing"]
    assert run_game(launch_options(build_parser().parse_args(argv))) == 0
    assert seen == {"game": "fishing", "computers": 3, "length": "per-seat"}, "six deals is no Go Fishing length"
    saved = json.loads((folder / SETTINGS_FILENAME).read_text(encoding="utf-8"))
    assert (saved["game"], saved["match_length"], saved["strength"]) == ("ten", "six", "hard")


def test_a_go_fishing_demo_builds_its_table_for_go_fishing(window: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[tuple[Any, ...], dict[str, Any]]] = []

    class Recorded:
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            asked.append((args, kwargs))

    monkeypatch.setattr(app_module, "TableController", Recorded)
    monkeypatch.setattr(app_module, "TableScene", lambda app, ctl, auto=False: None)
    monkeypatch.setattr(App, "replace", lambda self, scene: None)
    demo = DemoOptions(seats=7, deals=2, seed=9, strength="hard", game="fishing")
    app = App(window, Settings(), None, demo, ComputerThinker(force_inline=True))
    monkeypatch.setattr(app.keeper, "watch", lambda ctl: None)
    app.start_match()
    (args, kwargs), = asked
    assert args[:2] == (7, "hard") and kwargs["game"] == "fishing" and kwargs["rules"] == STANDARD
    assert kwargs["deals"] == 2 and kwargs["seed"] == 9 and kwargs["person"] is False
    app.thinker.shutdown()
