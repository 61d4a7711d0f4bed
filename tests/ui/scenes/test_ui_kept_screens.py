"""The kept matches in the window: Continue on the start screen, New match asking first, Statistics and History."""

from __future__ import annotations

import json

import pygame

from chinese_ten import i18n
from chinese_ten.matchstore import open_store
from chinese_ten.games.ten.record import position_of
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.scenes.history import HistoryScene
from chinese_ten.ui.table.controller import TableController
from chinese_ten.ui.keeper import Keeper, setup_of
from chinese_ten.ui.scenes.menu import MenuScene
from chinese_ten.ui.widgets.dialog import ConfirmScene
from chinese_ten.ui.scenes.start import StartScene
from chinese_ten.ui.scenes.stats import StatsScene, table_name
from chinese_ten.ui.table.live import TableScene
from chinese_ten.engine.thinking import ComputerThinker

from uiharness import play_until, press


def _app(window, folder) -> App:  # type: ignore[no-untyped-def]
    app = App(window, Settings(computers=1, match_length="one", animation_speed="instant"), None, None, ComputerThinker(force_inline=True),
              Keeper(open_store(folder)))
    app.push(StartScene(app))
    return app


def test_continue_comes_first_with_a_line_and_puts_the_match_back(window, tmp_path) -> None:
    app = _app(window, tmp_path)
    assert [b.action for b in app.top().actions][0] == "play", "no Continue without an unfinished match"
    press(app, pygame.K_RETURN)
    ctl = app.table().ctl
    assert play_until(app, lambda: len(ctl.deal.turns) >= 3 and ctl.person_to_play)
    where = position_of(ctl.deal)
    app.quit()
    app.keeper.close()  # the window closes: no question asked

    again = _app(window, tmp_path)
    start = again.top()
    assert start.actions[0].action == "continue" and start.actions[1].label == "New match"
    assert start.continue_line.startswith("2 seats · Normal · deal 1 of 1 · you")
    press(again, pygame.K_RETURN)  # Continue has the focus
    assert isinstance(again.top(), TableScene)
    assert position_of(again.table().ctl.deal) == where
    again.keeper.close()


def test_new_match_on_the_start_screen_asks_and_then_counts_the_old_one_abandoned(window, tmp_path) -> None:
    app = _app(window, tmp_path)
    press(app, pygame.K_RETURN)
    ctl = app.table().ctl
    assert play_until(app, lambda: len(ctl.deal.turns) >= 1)
    app.keeper.close()
    again = _app(window, tmp_path)
    press(again, pygame.K_RIGHT, pygame.K_RETURN)  # New match
    assert isinstance(again.top(), ConfirmScene)
    press(again, pygame.K_RIGHT, pygame.K_RETURN)
    assert isinstance(again.top(), TableScene)
    stats = again.keeper.statistics()
    assert stats.overall.abandoned == 1
    again.keeper.close()


def _finished_match(window, folder) -> None:  # type: ignore[no-untyped-def]
    app = _app(window, folder)
    press(app, pygame.K_RETURN)
    ctl = app.table().ctl
    assert play_until(app, lambda: ctl.match.is_over, limit=2000)
    app.keeper.close()


def test_statistics_and_history_open_from_the_menu_and_show_the_match(window, tmp_path) -> None:
    _finished_match(window, tmp_path)
    app = _app(window, tmp_path)
    press(app, pygame.K_RETURN)  # a new match, to reach the menu
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top(), MenuScene)
    press(app, pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_RETURN)
    stats = app.top()
    assert isinstance(stats, StatsScene) and stats.stats.overall.matches == 1 and len(stats.stats.recent) == 1
    app.frame(1 / 60, [])
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top(), MenuScene), "Esc goes back to the menu"
    press(app, pygame.K_DOWN, pygame.K_RETURN)
    history = app.top()
    assert isinstance(history, HistoryScene) and len(history.matches) == 1
    press(app, pygame.K_RETURN)
    assert history.count_open
    app.frame(1 / 60, [])
    press(app, pygame.K_e)
    written = list((tmp_path / "records").iterdir())
    assert len(written) == 1 and json.loads(written[0].read_text())["format"] == "chinese-ten/deal-v1"
    app.keeper.close()


def test_reset_asks_first_then_keeps_a_backup(window, tmp_path) -> None:
    _finished_match(window, tmp_path)
    app = _app(window, tmp_path)
    app.open_statistics()
    scene = app.top()
    press(app, pygame.K_TAB, pygame.K_RETURN)
    assert scene.confirming and scene.stats.overall.matches == 1, "nothing is forgotten before the answer"
    press(app, pygame.K_TAB, pygame.K_RETURN)
    assert scene.stats.overall.matches == 0
    assert [p for p in tmp_path.iterdir() if ".backup-" in p.name]
    app.keeper.close()


def test_the_screens_draw_at_the_smallest_and_largest_sizes_in_both_looks(tmp_path) -> None:
    from chinese_ten.ui.app import open_window

    opened = open_store(tmp_path)
    # an unfinished match, so that the start screen shows Continue as well
    opened.store.begin(setup_of(TableController(2, seed=1, thinker=ComputerThinker(force_inline=True))),
                       {"deals": [[]]})
    opened.close()

    for size in ((960, 600), (1920, 1080)):
        surface = open_window(size)
        for contrast in (False, True):
            app = App(surface, Settings(high_contrast=contrast), None, None, ComputerThinker(force_inline=True),
                      Keeper(open_store(tmp_path)))
            for scene in (StatsScene(app), HistoryScene(app), StartScene(app)):
                app.replace(scene)
                app.frame(1 / 60, [])
                w, h = size
                assert len({tuple(surface.get_at((x, y)))[:3] for x in range(0, w, 12) for y in range(0, h, 12)}) > 3
                buttons = scene.buttons if not isinstance(scene, StartScene) else scene.actions
                for i, b in enumerate(buttons):
                    assert surface.get_rect().contains(b.rect), f"{b.label} leaves the window at {size}"
                    assert not any(b.rect.colliderect(o.rect) for o in buttons[i + 1:]), f"{b.label} overlaps"
            app.keeper.close()
        pygame.display.quit()


def test_a_second_window_offers_no_continue_says_why_and_keeps_nothing(window, tmp_path) -> None:
    first = _app(window, tmp_path)
    press(first, pygame.K_RETURN)
    ctl = first.table().ctl
    assert play_until(first, lambda: len(ctl.deal.turns) >= 2)
    opened = open_store(tmp_path)  # the second window, while the first still plays
    second = App(window, Settings(computers=1, match_length="one", animation_speed="instant"), None, None,
                 ComputerThinker(force_inline=True), Keeper(opened))
    second.notices = list(opened.notices)
    second.push(StartScene(second))
    assert [b.action for b in second.top().actions][0] == "play", "the unfinished match is open elsewhere"
    second.frame(1 / 60, [])
    assert "another window" in second.banner_text
    press(second, pygame.K_RETURN)
    other = second.table().ctl
    assert play_until(second, lambda: len(other.deal.turns) >= 2)
    second.keeper.close()
    kept = first.keeper.unfinished()
    assert kept is not None and kept.progress["deals"] == ctl.actions, "the first window's match is untouched"
    first.keeper.close()


def test_a_kind_of_table_is_named_by_its_preset_and_strength_in_the_language_in_use() -> None:
    assert table_name("normal", 2, "red-frog") == "Normal · 2 seats · Red Frog Black Frog"
    i18n.use_language("zh-Hans")
    try:
        assert table_name("hard", 3, "target") == "困难 · 3人 · 达标"
    finally:
        i18n.use_language("en")


def test_statistics_with_no_kept_deal_say_so_instead_of_counting_zero_deals(window, tmp_path, monkeypatch) -> None:
    from chinese_ten.ui.kit.text import TextPainter

    app = _app(window, tmp_path)
    drawn: list[str] = []
    line = TextPainter.line

    def recording(self, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(text)
        return line(self, text, *args, **kwargs)

    monkeypatch.setattr(TextPainter, "line", recording)
    stats = StatsScene(app)
    app.push(stats)
    app.frame(1 / 60, [])
    assert any(text.startswith("No deal has been kept yet") for text in drawn)
    assert not any("last 0 deals" in text for text in drawn)
