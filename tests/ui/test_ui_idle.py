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


def test_a_network_table_waiting_for_a_move_asks_for_no_frames_and_a_frame_wakes_it(window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.app import _wait_for_input
    from chinese_ten.ui.table.remote import RemoteTableScene
    from chinese_ten.ui.wake import WAKE
    from test_ui_friends import _app, _host, _join, pump

    host, guest = _app(window, tmp_path / "host"), _app(window, tmp_path / "guest")
    apps = [host, guest]
    try:
        lobby = _host(host, 2, [None])
        assert pump([host], lambda: 1 in lobby.links)
        _join(guest, lobby.links[1])

        def settled() -> bool:
            tables = [a.table() for a in apps]
            return (all(isinstance(t, RemoteTableScene) and t.ctl.board.hands[t.ctl.local] for t in tables)
                    and any(t.ctl.person_to_play for t in tables) and not any(a.wants_frames() for a in apps))

        assert pump(apps, settled), "both tables come to rest, one on its person's move"
        mover = next(a for a in apps if a.table().ctl.person_to_play)
        waiter = guest if mover is host else host
        assert not waiter.wants_frames(), "waiting on the other seat's move over the network"
        assert not mover.wants_frames(), "waiting on the person"
        pygame.event.get()  # nothing waiting: the next event is the frame's
        mover.frame(1 / 30, [key_event(pygame.K_1)])
        woke = _wait_for_input(60.0)
        assert any(e.type == WAKE for e in woke), "a frame arriving wakes the sleeping window"
        table = waiter.table()
        assert pump([waiter], lambda: table.ctl.busy or table.follower.to_show)
        assert waiter.wants_frames(), "the other seat's move is shown"
    finally:
        for app in apps:
            app.show("start")
            app.hosting.stop()


def test_the_window_at_rest_sleeps_with_no_timeout_and_draws_only_for_what_wakes_it(window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui import app as app_module
    from chinese_ten.ui.wake import WAKE

    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    app.push(StartScene(app))
    for _ in range(5):
        app.frame(1 / 60, [])
    drawn: list[int] = []
    real_draw = app.draw
    monkeypatch.setattr(app, "draw", lambda: (drawn.append(1), real_draw())[1])
    waits: list[float | None] = []
    woken = iter([[pygame.event.Event(WAKE)], [pygame.event.Event(pygame.QUIT)]])

    def wait(longest, rest=None):  # type: ignore[no-untyped-def]
        waits.append(longest)
        return next(woken)

    monkeypatch.setattr(app_module, "_wait_for_input", wait)
    app.run()
    assert waits == [None, None], "nothing is due: the window sleeps until something wakes it"
    assert len(drawn) == 2, "the first frame and the one its wake asked for; none for the quit"


def test_a_scene_with_something_due_bounds_the_sleep_and_a_notice_from_a_thread_wakes_the_window(window) -> None:  # type: ignore[no-untyped-def]
    import threading

    from chinese_ten.ui.wake import WAKE

    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    start = StartScene(app)
    app.push(start)
    assert app.due_in() is None
    start.due_in = lambda: 2.5  # type: ignore[attr-defined]
    assert app.due_in() == 2.5
    pygame.event.get()
    told = threading.Thread(target=app.notify, args=("The kept matches are locked.",))
    told.start()
    told.join()
    assert any(e.type == WAKE for e in pygame.event.get()), "a notice told from another thread wakes the window"
