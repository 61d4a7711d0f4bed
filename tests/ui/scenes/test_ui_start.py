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
    changed = App(window, Settings(house_rules={"ten": {"direction": "counter-clockwise"}}), None, None,
                  ComputerThinker(force_inline=True))
    text = StartScene(changed).rules_description()
    changed.thinker.shutdown()
    assert "every option off" not in text
    assert text == "The Classic rules, with 1 option changed in Settings."


def test_the_start_screen_is_titled_with_the_game_chosen(window: pygame.Surface) -> None:
    from chinese_ten.settings import Settings

    app = App(window, Settings(game="fishing", computers=1), None, None, ComputerThinker(force_inline=True))
    start = StartScene(app)
    said: list[str] = []
    real = app.kit.text.line
    app.kit.text.line = lambda text, *a, **k: said.append(text) or real(text, *a, **k)  # type: ignore[method-assign]
    start.draw(window)
    app.thinker.shutdown()
    assert said[:2] == ["Chinese Go Fishing"] * 2  # the title and its shade, drawn first


def test_the_continue_line_is_told_in_the_language_in_use_not_the_one_it_was_kept_in(window: pygame.Surface) -> None:
    from chinese_ten import i18n
    from chinese_ten.matchstore import MatchSetup, Unfinished
    from chinese_ten.settings import Settings

    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    start = StartScene(app)
    setup = MatchSetup(seats=2, strength="normal", players=("you", "normal"), person=True, rules=None,
                       preset="classic", length={"per-seat": 1}, total_deals=2, seed="1", game="fishing")
    start.kept = Unfinished(1, "2026-01-01", setup, {"deals": [{}]}, (3.0, -3.0))
    try:
        i18n.use_language("zh-Hans")
        simplified = start.continue_line
        i18n.use_language("zh-Hant")
        traditional = start.continue_line
    finally:
        i18n.use_language("en")
    app.thinker.shutdown()
    assert simplified != traditional and "钓" in simplified and "釣" in traditional
    assert start.continue_line.startswith("Chinese Go Fishing · 2 seats")


def test_practice_appearing_moves_no_other_start_button(window: pygame.Surface, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.settings import Settings
    from chinese_ten.ui.keeper import Keeper

    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    waiting = [0]
    monkeypatch.setattr(Keeper, "readable", property(lambda self: True))
    monkeypatch.setattr(Keeper, "practice_waiting", lambda self: waiting[0])
    for size in ((960, 600), (1920, 1080)):
        waiting[0] = 0
        start = StartScene(app)
        start.place(size)
        before = {b.action: b.rect.copy() for b in [*start.actions, start.deal_button]}
        waiting[0] = 3
        start.resume()  # back from a deal: three positions wait
        start.place(size)
        practice = [b for b in start.actions if b.action == "practice"]
        assert practice and practice[0].rect.width > 0
        after = {b.action: b.rect for b in [*start.actions, start.deal_button]}
        assert all(after[a] == r for a, r in before.items()), size
        others = [b.rect for b in [*start.actions, start.deal_button] if b.action != "practice"]
        assert practice[0].rect.collidelist(others) == -1, size
    app.thinker.shutdown()


def test_the_rows_smaller_buttons_all_draw_their_labels_in_one_size(window: pygame.Surface) -> None:
    from chinese_ten.i18n import LANGUAGES, _, use_language
    from chinese_ten.settings import Settings
    from chinese_ten.ui.kit.shortcuts import keyboard_words

    try:
        for code in LANGUAGES:
            use_language(code)
            for size in ((960, 600), (1100, 700), (1280, 800), (1600, 1000), (1920, 1080)):
                app = App(pygame.Surface(size), Settings(language=code), None, None, ComputerThinker(force_inline=True))
                app.show("start")
                start = app.top()
                assert isinstance(start, StartScene)
                drawn: dict[str, int] = {}
                real = app.kit.text.line

                def line(text, size, *args, **kw):  # type: ignore[no-untyped-def]
                    drawn[text] = size
                    return real(text, size, *args, **kw)

                app.kit.text.line = line  # type: ignore[method-assign]
                app.frame(1 / 60, [])
                row = [b for b in start.actions if b.action in ("settings", "stats", "history", "help", "learn",
                                                               "friends", "quit")]
                sizes = {b.action: drawn[keyboard_words(_(b.label))] for b in row}
                assert len(set(sizes.values())) == 1, (code, size, sizes)
    finally:
        use_language("en")
