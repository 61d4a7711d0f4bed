"""The window asks for frames only while something changes with time alone; otherwise it sleeps on input."""

from __future__ import annotations

import pygame

from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.scenes.choice import ChoiceScene
from chinese_ten.ui.scenes.start import StartScene

from uiharness import key_event, run_frames


def test_the_start_screen_left_alone_asks_for_no_frames(window) -> None:  # type: ignore[no-untyped-def]
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    app.push(StartScene(app))
    for _ in range(5):
        app.frame(1 / 60, [])
    assert not app.wants_frames()


def test_the_table_asks_for_frames_while_cards_move_and_none_while_the_person_decides(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=3, seed=6, length="one")
    assert run_frames(app, lambda: ctl.person_to_play)
    for _ in range(30):  # the hand settles
        app.frame(1 / 60, [])
    assert not app.wants_frames(), "waiting for the person, nothing moves"
    app.frame(1 / 60, [key_event(pygame.K_1)])
    assert ctl.busy and app.wants_frames(), "the played card moves"
    seen_computer = False
    for _ in range(3000):
        app.frame(1 / 60, [])
        if isinstance(app.top(), ChoiceScene) or ctl.person_to_play:
            break
        seen_computer |= ctl.shown_turn not in (None, ctl.person_seat)
        assert app.wants_frames(), "until the person's next decision every frame is asked for"
    assert seen_computer


def test_a_paused_table_asks_for_no_frames(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=2, seed=3, length="one")
    assert run_frames(app, lambda: ctl.person_to_play)
    app.frame(1 / 60, [key_event(pygame.K_1)])
    app.frame(1 / 60, [key_event(pygame.K_p)])
    assert scene.paused
    for _ in range(400):  # the pause notice runs its time out
        app.frame(1 / 60, [])
    assert not app.wants_frames(), "nothing moves while paused"
