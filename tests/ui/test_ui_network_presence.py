"""A friend leaving, coming back, going away (a computer plays) and returning is a line in the list of turns."""

from __future__ import annotations

from typing import Any

from chinese_ten.engine.match import MatchLength
from chinese_ten.engine.session import SeatKind, TableSession
from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.games import game_named
from chinese_ten.net.follower import RemoteFollower
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App

from remotekit import ScriptedSeat


def _seats(bo: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"label": "host", "name": "Ann", "kind": "human", "online": True}, {"label": "guest 1", "name": "Bo", **bo},
            {"label": "guest 2", "name": "Computer (hard)", "kind": "computer", "online": False, "strength": "hard"}]


def test_each_friends_coming_and_going_is_a_line_in_the_list_of_turns(window) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.table.remote import RemoteTableScene

    session = TableSession(game_named("ten"), [SeatKind.person()] + [SeatKind.remote()] * 2, MatchLength.fixed(1), seed=3)
    seat = ScriptedSeat(session, 0, assists=False)
    follower = RemoteFollower(seat, seat.poll())
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    scene = RemoteTableScene(app, follower)
    app.replace(scene)
    follower.seats_list = _seats({"kind": "human", "online": True})
    app.frame(1 / 60, [])
    told: list[str] = []
    for bo in ({"kind": "human", "online": False}, {"kind": "human", "online": True},
               {"kind": "away", "online": False}, {"kind": "human", "online": True}):
        follower.seats_list = _seats(bo)
        before = len(scene.ctl.narration.entries)
        app.frame(1 / 60, [])
        told += scene.ctl.narration.entries[before:]
    assert told == ["Bo (guest 1) has left the table.", "Bo (guest 1) is back.",
                    "Bo (guest 1) is away: a computer plays for them.", "Bo (guest 1) is back and plays again."]


def test_a_seat_taken_or_given_to_a_computer_is_told_and_the_own_seat_is_not() -> None:
    from chinese_ten.ui.table.remote import presence_lines

    before = [{"kind": "human", "online": True, "name": "Ann"}, {"kind": "empty", "online": False, "name": ""},
              {"kind": "empty", "online": False, "name": ""}]
    after = [{"kind": "human", "online": False, "name": "Ann"}, {"kind": "human", "online": True, "name": "Bo"},
             {"kind": "computer", "online": False, "name": "Computer (easy)", "strength": "easy"}]
    assert [line() for line in presence_lines(before, after, own=0)] == [
        "Bo (guest 1) took their seat.", "Guest 2 · Easy: a computer takes this seat."]


def test_the_chats_key_opens_its_field_through_the_window_and_what_is_typed_is_only_text(window) -> None:  # type: ignore[no-untyped-def]
    import pygame

    from chinese_ten.ui.table.remote import RemoteTableScene

    from uiharness import key_event

    session = TableSession(game_named("ten"), [SeatKind.person(), SeatKind.remote()], MatchLength.fixed(1), seed=3)
    seat = ScriptedSeat(session, 0, assists=False)
    follower = RemoteFollower(seat, seat.poll())
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    scene = RemoteTableScene(app, follower)
    app.replace(scene)
    app.frame(1 / 60, [])
    tracker = app.settings.card_tracker
    opening = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y, mod=0, unicode="y", scancode=0)
    app.frame(1 / 60, [opening, pygame.event.Event(pygame.TEXTINPUT, text="y")])  # its letter comes as text too
    assert scene.chat.field.focused and scene.chat.field.text == ""
    typed = [pygame.event.Event(pygame.TEXTINPUT, text=c) for c in "hit"]
    app.frame(1 / 60, [key_event(pygame.K_h), key_event(pygame.K_i), key_event(pygame.K_t), *typed])
    assert scene.chat.field.text == "hit"
    assert app.settings.card_tracker == tracker and not app.settings.high_contrast  # no shortcut was taken


def test_an_offline_persons_move_counts_down_to_the_computer_taking_it(window) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.table.remote import AWAY_AFTER

    from remotekit import remote_table

    scene = remote_table(window, [SeatKind.remote(), SeatKind.person()], 1)
    app, follower = scene.app, scene.follower
    now = [100.0]
    scene.clock = lambda: now[0]
    for _ in range(600):  # the deal's first movements, a bound well past them
        app.frame(1 / 30, [])
        if not scene.ctl.busy:
            break
    assert scene.ctl.shown_turn == 0 and scene.hint_text() == "P0 (host) is playing."
    follower.seats_list = [{"label": "host", "name": "Ann", "kind": "human", "online": False},
                           {"label": "guest 1", "name": "Bo", "kind": "human", "online": True}]
    app.frame(1 / 30, [])
    assert scene.hint_text() == f"Ann (host) is offline: a computer plays for them in {AWAY_AFTER:.0f} s."
    now[0] += 17.5
    app.frame(1 / 30, [])
    assert scene.hint_text() == f"Ann (host) is offline: a computer plays for them in {AWAY_AFTER - 17:.0f} s."
    assert scene.due_in() is not None and 0 < scene.due_in() <= 1.01  # type: ignore[operator]
    now[0] += AWAY_AFTER
    app.frame(1 / 30, [])
    assert scene.hint_text() == "Ann (host) is offline: a computer plays for them in a moment."
    follower.seats_list = [{"label": "host", "name": "Ann", "kind": "human", "online": True},
                           {"label": "guest 1", "name": "Bo", "kind": "human", "online": True}]
    app.frame(1 / 30, [])
    assert "offline" not in scene.hint_text() and scene.due_in() is None
