"""The settings screen offers the chosen game's own seats and lengths, and the Rules page stays Chinese
Ten's house rules while Go Fishing is chosen."""

from __future__ import annotations

import pygame
import pytest

from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.i18n import LANGUAGES, use_language
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.scenes.rules import RulesScene
from chinese_ten.ui.scenes.settings import SettingsScene

from tests.ui.uiharness import click_event


def _row(scene: SettingsScene, key: str) -> int:
    return [k for k, _label, _choices in scene.setting_rows].index(key)


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
@pytest.mark.parametrize("code", LANGUAGES)
def test_go_fishings_seven_computer_counts_fit_the_settings_panel(size: tuple[int, int], code: str,
                                                                 window: pygame.Surface) -> None:
    surface = pygame.display.set_mode(size)
    app = App(surface, Settings(game="fishing", computers=6, language=code), None, None,
              ComputerThinker(force_inline=True))
    try:
        scene = SettingsScene(app)
        app.push(scene)
        app.frame(1 / 60, [])
        row = scene.rows[_row(scene, "computers")]
        assert [b.label for b in row] == [str(n) for n in range(1, 8)]
        assert [b.selected for b in row].index(True) == 5
        box = scene.box(size)
        rects = [b.rect for r in scene.rows for b in r]
        assert all(box.contains(r) for r in rects)
        assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        lengths = [v for _t, v in scene.setting_rows[_row(scene, "match_length")][2]]
        assert "six" not in lengths
        app.draw()
    finally:
        app.thinker.shutdown()
        use_language("en")


def test_the_rows_follow_the_game_chosen(window: pygame.Surface) -> None:
    app = App(window, Settings(game="fishing", computers=6), None, None, ComputerThinker(force_inline=True))
    scene = SettingsScene(app)
    app.push(scene)
    app.frame(1 / 60, [])
    app.frame(1 / 60, [click_event(scene.rows[_row(scene, "computers")][4].rect.center)])
    assert app.settings.computers == 5
    app.change_settings(game="ten")
    app.frame(1 / 60, [])
    assert [b.label for b in scene.rows[_row(scene, "computers")]] == ["1", "2", "3"]
    assert app.settings.computers == 3
    app.thinker.shutdown()


def test_the_rules_page_offers_chinese_tens_options_while_go_fishing_is_chosen(window: pygame.Surface) -> None:
    app = App(window, Settings(game="fishing", computers=7, house_rules={"ten": "taiwan"}), None, None,
              ComputerThinker(force_inline=True))
    page = RulesScene(app)
    app.push(page)
    app.frame(1 / 60, [])
    assert page.seats in app.settings.ruleset().seat_counts()
    assert all(page.rows), "every option offers its values at seats Chinese Ten deals"
    app.draw()
    app.thinker.shutdown()
