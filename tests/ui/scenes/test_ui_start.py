"""The start screen: choices are remembered and Play sits the person at the table they chose."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from chinese_ten.settings import SettingsStore
from chinese_ten.ui.app import App
from chinese_ten.ui.scenes.start import StartScene
from chinese_ten.ui.table.live import TableScene
from chinese_ten.engine.thinking import ComputerThinker


def test_choices_are_saved_and_play_opens_the_table(window: pygame.Surface, tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    app = App(window, store.load().settings, store, None, ComputerThinker(force_inline=True))
    start = StartScene(app)
    app.push(start)
    app.frame(1 / 60, [])
    three = start.rows[1][2].rect.center  # the first row chooses the game
    hard = start.rows[2][2].rect.center
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=three, button=1),
                       pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=hard, button=1)])
    keys = [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
            for k in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_RETURN)]
    app.frame(1 / 60, keys)
    table = app.top()
    assert isinstance(table, TableScene)
    assert table.ctl.seats == 4
    assert [i.player for i in table.ctl.infos] == [None, "hard", "hard", "hard"]
    assert table.ctl.session.deal.dealer == 3 and table.ctl.session.deal.to_move == 0, "the person leads the first deal"
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["computers"] == 3 and saved["strength"] == "hard"
    assert saved["match_length"] == "two-per-seat"
    assert table.ctl.match.total_deals == 8
    app.draw()


def test_the_rules_line_does_not_say_every_option_is_off_when_some_were_changed(window: pygame.Surface) -> None:
    from chinese_ten.settings import Settings

    plain = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    assert StartScene(plain).rules_description() == "The classic rules: every option off."
    plain.thinker.shutdown()
    changed = App(window, Settings(rule_options=(("direction", "counter-clockwise"),)), None, None,
                  ComputerThinker(force_inline=True))
    text = StartScene(changed).rules_description()
    changed.thinker.shutdown()
    assert "every option off" not in text
    assert text == "The Classic rules, with 1 option changed in Settings."
