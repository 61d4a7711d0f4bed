"""The table and the match result say which rules are in force and whether the match is practice."""

from __future__ import annotations

import pygame
import pytest

from chinese_ten.games.ten.rules import RuleSet
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.scenes.match import PRACTICE_RESULT, TAKEN_BACK_RESULT, MatchScene
from chinese_ten.ui.table.controller import TableController
from chinese_ten.ui.table.live import TableScene
from chinese_ten.engine.thinking import ComputerThinker

from conftest import QUICK
from uiharness import drawn_texts, play_until, run_frames


def _table(window: pygame.Surface, rules: RuleSet, seats: int = 2) -> tuple[App, TableController, TableScene]:
    settings = Settings(allow_takebacks=True)
    app = App(window, settings, None, None, ComputerThinker(force_inline=True))
    ctl = TableController(seats, "normal", "one", seed=3, pace=QUICK, thinker=app.thinker, rules=rules)
    scene = TableScene(app, ctl)
    app.replace(scene)
    return app, ctl, scene


def test_the_table_names_the_preset_and_says_nothing_of_a_clockwise_direction(
        window: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = drawn_texts(monkeypatch)
    app, _ctl, _scene = _table(window, RuleSet.of("taiwan"))
    app.frame(1 / 60, [])
    assert "Taiwan rules" in seen
    assert not any("lockwise" in t for t in seen)


def test_the_table_says_when_play_goes_counter_clockwise(window: pygame.Surface,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    seen = drawn_texts(monkeypatch)
    app, _ctl, _scene = _table(window, RuleSet.of("classic", direction="counter-clockwise"), seats=3)
    app.frame(1 / 60, [])
    assert "Classic rules · Counter-clockwise" in seen


def test_the_table_and_the_result_say_practice_after_a_take_back(window: pygame.Surface,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    seen = drawn_texts(monkeypatch)
    app, ctl, scene = _table(window, RuleSet.of("classic"))
    assert run_frames(app, lambda: ctl.person_to_play)
    app.frame(1 / 60, [])
    assert "Classic rules" in seen and "Classic rules · practice" not in seen
    ctl.play(ctl.session.deal.hand(0)[0])
    assert run_frames(app, lambda: ctl.person_to_play)
    scene.take_back()
    assert ctl.practice
    seen.clear()
    app.frame(1 / 60, [])
    assert "Classic rules · practice" in seen
    assert play_until(app, lambda: isinstance(app.top(), MatchScene))
    seen.clear()
    app.frame(1 / 60, [])
    assert TAKEN_BACK_RESULT in seen


def test_the_result_of_a_match_that_is_not_practice_says_nothing_of_practice(
        window: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = drawn_texts(monkeypatch)
    app, _ctl, _scene = _table(window, RuleSet.of("classic"))
    assert play_until(app, lambda: isinstance(app.top(), MatchScene))
    app.frame(1 / 60, [])
    assert PRACTICE_RESULT not in seen and TAKEN_BACK_RESULT not in seen and "Classic rules" in seen
