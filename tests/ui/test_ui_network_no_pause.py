"""A network table never pauses (the others play on on its server): no Pause button in its panel, Menu has
the row, and P, Space and leaving the window hold nothing; a table against computers keeps its Pause."""

from __future__ import annotations

import pygame

from chinese_ten.engine.match import MatchLength
from chinese_ten.engine.session import SeatKind, TableSession
from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.games import game_named
from chinese_ten.net.follower import RemoteFollower
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.table.live import TableScene
from chinese_ten.ui.table.remote import RemoteTableScene

from remotekit import ScriptedSeat
from uiharness import key_event


def _network_table(window: pygame.Surface) -> tuple[App, RemoteTableScene]:
    app = App(window, Settings(animation_speed="instant"), None, None, ComputerThinker(force_inline=True))
    session = TableSession(game_named("ten"), [SeatKind.person(), SeatKind.remote()], MatchLength.fixed(1), seed=4)
    seat = ScriptedSeat(session, 0, assists=False)
    follower = RemoteFollower(seat, seat.poll())
    scene = RemoteTableScene(app, follower)
    app.replace(scene)
    app.frame(1 / 60, [])
    return app, scene


def test_the_network_tables_panel_has_no_pause_button_and_menu_has_its_row(window: pygame.Surface) -> None:
    app, scene = _network_table(window)
    scene.place_buttons()
    actions = [b.action for b in scene.buttons()]
    assert "pause" not in actions and "menu" in actions
    assert scene.menu_button.rect.left == scene.hint_button.rect.left  # the whole row, where Pause stood
    assert scene.menu_button.rect.right == scene.again_button.rect.right
    drawn: list[str] = []
    for b in scene.buttons():
        real = b.draw
        b.draw = lambda *a, b=b, real=real, **k: drawn.append(b.action) or real(*a, **k)  # type: ignore[method-assign]
    app.frame(1 / 60, [])
    assert "pause" not in drawn and "menu" in drawn


def test_p_space_and_leaving_the_window_pause_nothing_at_a_network_table(window: pygame.Surface) -> None:
    app, scene = _network_table(window)
    app.settings = app.settings.replace(pause_on_focus_loss=True)
    app.frame(1 / 60, [key_event(pygame.K_p)])
    assert not scene.paused
    for _ in range(2):  # Space pauses a table against computers whenever it is not the person's move
        app.frame(1 / 60, [key_event(pygame.K_SPACE)])
        assert not scene.paused
    app.frame(1 / 60, [pygame.event.Event(pygame.WINDOWFOCUSLOST)])
    assert not scene.paused
    scene.set_paused(True)
    assert not scene.paused


def test_a_table_against_computers_keeps_its_pause_button(make_table) -> None:  # type: ignore[no-untyped-def]
    app, _ctl, scene = make_table(2)
    assert isinstance(scene, TableScene) and scene.pausable
    assert "pause" in [b.action for b in scene.buttons()]
    app.frame(1 / 60, [key_event(pygame.K_p)])
    assert scene.paused
