"""Watching a table in the window, from no seat: by a pasted ``/w/`` link on the friends' screen (and
``chinese-ten watch LINK``), the lobby, then the table drawn from seat 0's side with every hand face down, no
move or Next ever sent, to the match's end. Loopback only."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.net.client import TableClient
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.scenes.count import CountScene
from chinese_ten.ui.scenes.friends import FriendsScene
from chinese_ten.ui.scenes.match import MatchScene
from chinese_ten.ui.table.remote import RemoteTableScene

from tests.net.netkit import Player, ServerThread
from uiharness import key_event

SECONDS = 90.0


def _wait_frames(clients: list[Any]) -> None:
    """Wait a moment (at most 10 ms each) for a frame at any of ``clients``: the window has its own frames to run
    meanwhile."""
    for client in clients:
        q = client.frames
        with q.not_empty:
            if q.not_empty.wait_for(lambda q=q: len(q.queue) > 0, timeout=0.01):
                return


@pytest.fixture
def server(tmp_path: Path) -> Any:
    """A table server on a thread, on loopback."""
    thread = ServerThread(tmp_path / "server", pool=False)
    yield thread
    thread.stop()


@pytest.mark.parametrize("game", ["ten", "fishing"])
def test_a_pasted_watch_link_follows_a_match_from_no_seat_with_no_hand_shown(window: pygame.Surface, tmp_path: Path,
                                                                             server: Any, game: str) -> None:
    host = TableClient.create(server.url, "Ann", game=game, seats=3, match="one", computers={1: "normal", 2: "easy"})
    ann = Player(host, 3)
    ann.pace = 0.0
    created: dict[str, Any] = {}
    deadline = time.monotonic() + SECONDS
    while "watch" not in created and time.monotonic() < deadline:
        frame = host.get(timeout=1.0)
        ann.frames.append(frame or {})
        if frame and frame.get("type") == "created":
            created = frame
    assert created.get("watch"), "the table's watch link"
    app = App(window, Settings(animation_speed="instant", player_name="Cy"), None, None,
              ComputerThinker(force_inline=True))
    app.show("friends")
    friends = app.top()
    assert isinstance(friends, FriendsScene)
    friends.link.text = created["watch"]
    friends.act("join")
    sent: list[Any] = []
    shown_hands: list[int] = []
    for _ in range(100_000):
        ann.step()
        keys = [key_event(pygame.K_RETURN)] if isinstance(app.top(), CountScene) else \
            [key_event(pygame.K_a), key_event(pygame.K_1), key_event(pygame.K_y)]  # a hint, a card, the chat: none sent
        app.frame(1 / 30, keys)
        table = app.table()
        if isinstance(table, RemoteTableScene):
            client = table.client
            if not sent:
                client.send = lambda message, sent=sent: sent.append(message)  # type: ignore[method-assign]
                client.act = lambda action, sent=sent: sent.append(action) or ""  # type: ignore[method-assign]
                sent.append("watching")
            shown_hands.append(sum(1 for hand in table.ctl.board.hands for card in hand if card is not None))
            assert table.ctl.person_seat is None and not table.ctl.person_to_play and not table.chat.on
        if isinstance(app.top(), MatchScene) or time.monotonic() > deadline:
            break
        table = app.table()
        _wait_frames([host, *([table.client] if isinstance(table, RemoteTableScene) else [])])
    assert isinstance(app.top(), MatchScene), f"the watcher saw the match end (top: {app.top()})"
    assert [b.action for b in app.top().buttons] == ["new", "tables"]  # no Play again: a watcher sits at no seat
    assert sent == ["watching"], "a watcher sends nothing"
    assert shown_hands and max(shown_hands) == 0, "no card of any hand face up while the deal is played"
    app.show("start")


def test_a_watch_link_from_the_command_line_is_watched_at_once_with_no_name_asked(window: pygame.Surface,
                                                                                 server: Any) -> None:
    from chinese_ten.ui.scenes.lobby import LobbyScene

    host = TableClient.create(server.url, "Ann", seats=2, match="one")
    try:
        created: dict[str, Any] = {}
        for _ in range(200):  # frames until the table's links come, a bound well past them
            frame = host.get(timeout=1.0)
            if frame and frame.get("type") == "created":
                created = frame
                break
        app = App(window, Settings(animation_speed="instant", player_name=""), None, None,
                  ComputerThinker(force_inline=True))
        app.open_join(created["watch"])
        lobby = app.top()
        assert isinstance(lobby, LobbyScene) and lobby.client.watching and not lobby.host
        for _ in range(300):  # the server's answer, a bound well past it
            app.frame(1 / 30, [])
            if lobby.seats:
                break
            _wait_frames([lobby.client])
        assert [s.get("kind") for s in lobby.seats] == ["human", "empty"] and lobby.seat is None
        app.show("start")
    finally:
        host.close(wait=2.0)
