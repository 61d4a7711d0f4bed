"""The menu: New match asks before a match in progress is counted as abandoned; Quit keeps it and closes."""

from __future__ import annotations

import pygame
from chinese_ten.ui.scenes.menu import MENU_ITEMS, MenuScene
from chinese_ten.ui.stakes import match_at_stake
from chinese_ten.ui.stakes import ConfirmScene

from uiharness import play_until, press, run_frames

NEW, QUIT = [action for _label, action in MENU_ITEMS].index("new"), [action for _label, action in MENU_ITEMS].index("quit")
"""Places of New match and Quit in the menu."""


def _menu_item(app, index: int) -> None:  # type: ignore[no-untyped-def]
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top(), MenuScene)
    press(app, *([pygame.K_DOWN] * index), pygame.K_RETURN)


def test_enter_on_the_question_keeps_the_match_in_progress(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, table = make_table(seats=3, seed=2, length="per-seat")
    assert play_until(app, lambda: len(ctl.session.deal.turns) >= 3)
    _menu_item(app, NEW)
    assert isinstance(app.top(), ConfirmScene), "one click must not throw the match away"
    press(app, pygame.K_RETURN)
    assert app.running and app.top() is table and app.table().ctl is ctl


def test_esc_on_the_question_keeps_the_match_too(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, table = make_table(seats=2, seed=2, length="per-seat")
    assert play_until(app, lambda: len(ctl.session.deal.turns) >= 1)
    _menu_item(app, NEW)
    press(app, pygame.K_ESCAPE)
    assert app.running and app.top() is table


def test_the_second_button_throws_the_match_away_as_asked(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, _table = make_table(seats=2, seed=2, length="per-seat")
    assert play_until(app, lambda: len(ctl.session.deal.turns) >= 1)
    _menu_item(app, NEW)
    press(app, pygame.K_RIGHT, pygame.K_RETURN)
    assert app.table() is not None and app.table().ctl is not ctl


def test_quit_asks_nothing_during_a_match_since_the_match_is_kept(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, _table = make_table(seats=2, seed=2, length="per-seat")
    assert play_until(app, lambda: len(ctl.session.deal.turns) >= 1)
    _menu_item(app, QUIT)
    assert not app.running


def test_nothing_to_lose_before_the_first_turn_so_no_question(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, table = make_table(seats=2, seed=2, length="per-seat")
    assert run_frames(app, lambda: ctl.person_to_play)
    assert not match_at_stake(app)
    _menu_item(app, NEW)
    assert not isinstance(app.top(), ConfirmScene) and app.table() is not table


def test_the_menu_at_a_network_table_offers_leaving_the_seat_and_no_pause(make_table) -> None:  # type: ignore[no-untyped-def]
    app, _ctl, table = make_table(seats=2, seed=2, length="per-seat")
    left: list[str] = []

    class Connection:
        def leave(self) -> None:
            left.append("leave")

        def close(self, wait: float = 0.0) -> None:
            left.append("close")

    table.network = True  # as a network table says of itself
    table.client = Connection()
    press(app, pygame.K_ESCAPE)
    menu = app.top()
    assert isinstance(menu, MenuScene)
    actions = [b.action for b in menu.buttons]
    assert actions[:3] == ["resume", "leave-seat", "start"] and "new" not in actions
    said: list[str] = []
    real = app.kit.text.line
    app.kit.text.line = lambda text, *a, **k: said.append(text) or real(text, *a, **k)  # type: ignore[method-assign]
    menu.draw(app.surface)
    assert "Game paused" not in said and "At the table with friends" in said
    followed: list[bool] = []
    app.open_tables.follow = lambda client, follower, your_turn: followed.append(your_turn)  # type: ignore[method-assign]
    press(app, pygame.K_DOWN, pygame.K_RETURN)
    assert left[:1] == ["leave"] and app.table() is None
    assert followed == [False]  # the open table no longer says it is the person's move: a computer plays it
