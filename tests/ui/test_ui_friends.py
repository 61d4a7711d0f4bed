"""Play with friends in the window: one window hosts, a second joins by the link, and they play a deal
to its count with a computer in a third seat; the lobby's links, Copy and "give to a computer"; the
banner while the connection is down; and a bad link told in one line. Loopback only."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.hosting import Hosting
from chinese_ten.ui.open_tables import OpenTables
from chinese_ten.ui.scenes.choice import ChoiceScene
from chinese_ten.ui.scenes.count import CountScene
from chinese_ten.ui.scenes.friends import FriendsScene
from chinese_ten.ui.scenes.lobby import LobbyScene
from chinese_ten.ui.scenes.match import MatchScene
from chinese_ten.ui.table.remote import LOST_TEXT, RemoteTableScene

from uiharness import key_event

SECONDS = 60.0


def _app(window: pygame.Surface, folder: Path) -> App:
    app = App(window, Settings(animation_speed="instant"), None, None, ComputerThinker(force_inline=True))
    app.hosting = Hosting(folder, bind="127.0.0.1", port=0)
    app.open_tables = OpenTables(folder)
    return app


def _clients(apps: list[App]) -> list[Any]:
    out = []
    for app in apps:
        client = getattr(app.table() or app.top(), "client", None)
        if client is not None:
            out.append(client)
    return out


def _wait_frames(apps: list[App], timeout: float) -> None:
    """Wait (at most ``timeout``) for a frame to arrive at any of the windows' connections."""
    for client in _clients(apps):
        q = client.frames
        with q.not_empty:
            if q.not_empty.wait_for(lambda q=q: len(q.queue) > 0, timeout=timeout / max(1, len(apps))):
                return


def pump(apps: list[App], until: Callable[[], bool], seconds: float = SECONDS,
         act: Callable[[App], None] | None = None) -> bool:
    """Run the windows' frames (and ``act`` on each) until ``until()`` holds: bounded in frames and time."""
    deadline = time.monotonic() + seconds
    for _ in range(50_000):
        for app in apps:
            app.frame(1 / 30, [])
            if act is not None:
                act(app)
        if until():
            return True
        if time.monotonic() > deadline:
            return False
        _wait_frames(apps, 0.01)
    return until()


def play_person(app: App) -> None:
    """Play as the person: the first card, the first take, and on from the count."""
    top = app.top()
    table = app.table()
    if isinstance(top, ChoiceScene):
        app.frame(1 / 30, [key_event(pygame.K_RETURN)])
    elif isinstance(top, RemoteTableScene) and table is not None and table.ctl.person_to_play:
        app.frame(1 / 30, [key_event(pygame.K_1)])


def _host(app: App, seats: int, guests: list[str | None], name: str = "Ann") -> LobbyScene:
    app.show("friends")
    friends = app.top()
    assert isinstance(friends, FriendsScene)
    friends.seats = seats
    friends.length = "one"
    friends.guests[:len(guests)] = guests
    friends.name.text = name
    friends._fix()
    friends.act("host")
    lobby = app.top()
    assert isinstance(lobby, LobbyScene), friends.message
    return lobby


def _join(app: App, link: str, name: str = "Bo") -> None:
    app.show("friends")
    friends = app.top()
    assert isinstance(friends, FriendsScene)
    friends.link.text = link
    friends.name.text = name
    friends.act("join")


@pytest.fixture
def two(window: pygame.Surface, tmp_path: Path):  # type: ignore[no-untyped-def]
    host, guest = _app(window, tmp_path / "host"), _app(window, tmp_path / "guest")
    yield host, guest
    for app in (host, guest):
        app.show("start")  # the tables close their connections
        app.hosting.stop()


def test_a_host_and_a_guest_play_a_deal_to_its_count(two: tuple[App, App]) -> None:
    host, guest = two
    lobby = _host(host, 3, [None, "normal"])
    assert pump([host], lambda: 1 in lobby.links)
    assert set(lobby.links) == {1}  # a link for the friend's seat, none for the computer's
    link = lobby.links[1]
    assert link.startswith(host.hosting.base_url() + "/t/")
    _join(guest, link)
    apps = [host, guest]
    assert pump(apps, lambda: all(isinstance(a.top(), RemoteTableScene) for a in apps))
    tables = [a.table() for a in apps]
    assert all(isinstance(t, RemoteTableScene) for t in tables)
    h, g = tables
    assert isinstance(h, RemoteTableScene) and isinstance(g, RemoteTableScene)
    assert [i.name for i in h.ctl.infos] == ["Ann (host)", "Bo (guest 1)", "Guest 2 · Normal"]
    assert [i.name for i in g.ctl.infos] == [i.name for i in h.ctl.infos]  # each seat named alike in every window
    assert not h.ctl.assists and not h.takebacks_allowed  # two people: no take-backs, no hints
    leaks: list[str] = []

    def play_and_look(app: App) -> None:
        play_person(app)
        table = app.table()
        if isinstance(table, RemoteTableScene) and not table.ctl.deal_finished:
            board = table.ctl.board
            for s, hand in enumerate(board.hands):  # another seat's cards are backs, every frame
                if s != table.ctl.local and any(c is not None for c in hand):
                    leaks.append(f"seat {s}'s hand shown at seat {table.ctl.local}")

    assert pump(apps, lambda: all(isinstance(a.top(), (CountScene, MatchScene)) for a in apps), act=play_and_look)
    assert not leaks, leaks[:3]
    for t in (h, g):
        assert t.ctl.finished_deal() is not None
    assert h.ctl.match.totals == g.ctl.match.totals
    assert h.follower.totals == list(h.ctl.match.totals)
    # on from the count: a one-deal match ends with its result
    for app in apps:
        app.frame(1 / 30, [key_event(pygame.K_RETURN)])
    assert pump(apps, lambda: all(isinstance(a.top(), MatchScene) for a in apps))


def test_the_lobby_gives_a_waiting_seat_to_a_computer_and_copies_links(two: tuple[App, App],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    host, _guest = two
    lobby = _host(host, 3, [None, None])
    assert pump([host], lambda: len(lobby.links) == 2 and len(lobby.seats) == 3)
    assert not lobby.wants_frames() and lobby.client.on_frame is not None  # asleep until a frame comes
    copied: list[str] = []
    monkeypatch.setattr(pygame.scrap, "put_text", lambda text: copied.append(text))
    monkeypatch.setattr(pygame.scrap, "get_init", lambda: True)
    lobby.act("copy:2")
    assert copied == [lobby.links[2]] and "copied" in lobby.message

    def no_clipboard(text: str) -> None:
        raise pygame.error("no clipboard")
    monkeypatch.setattr(pygame.scrap, "put_text", no_clipboard)
    lobby.act("copy:1")
    assert "no clipboard" in lobby.message
    assert lobby.fill_buttons[1].enabled and lobby.fill_buttons[2].enabled
    lobby.act("fill:1")
    assert pump([host], lambda: lobby.seats[1].get("kind") == "computer")
    assert lobby.seats[1].get("strength") == "normal"  # each window names the computer in its own language
    lobby.act("fill:2")
    assert pump([host], lambda: isinstance(host.top(), RemoteTableScene))  # every seat taken: the deal starts
    table = host.table()
    assert isinstance(table, RemoteTableScene)
    assert table.ctl.assists  # the host alone with computers: hints as against computers


def test_the_banner_shows_while_the_server_is_down(two: tuple[App, App], tmp_path: Path) -> None:
    host, _guest = two
    _host(host, 2, ["normal"])
    assert pump([host], lambda: isinstance(host.top(), RemoteTableScene))
    table = host.table()
    assert isinstance(table, RemoteTableScene)
    server = host.hosting.server
    assert server is not None
    port = int(server.url.rsplit(":", 1)[1])
    folder = server.server.store.path.parent if hasattr(server.server.store, "path") else None
    server.stop()
    host.hosting.server = None
    assert pump([host], lambda: table.follower.connection == "lost")
    said: list[str] = []
    real = table.painter.message
    table.painter.message = lambda surface, geom, text, edge: said.append(text) or real(surface, geom, text, edge)
    table.draw(host.surface)
    assert LOST_TEXT in said
    from chinese_ten.net.background import BackgroundServer

    assert folder is not None
    host.hosting.server = BackgroundServer(folder, host="127.0.0.1", port=port)
    assert pump([host], lambda: table.follower.connection == "open", seconds=40)
    said.clear()
    table.draw(host.surface)
    assert LOST_TEXT not in said


def test_a_bad_link_is_told_in_one_line(window: pygame.Surface, tmp_path: Path) -> None:
    app = _app(window, tmp_path)
    _join(app, "http://127.0.0.1:9/not-a-table")
    friends = app.top()
    assert isinstance(friends, FriendsScene)
    assert friends.message.startswith("That is not a table link") and "\n" not in friends.message


def test_join_from_the_command_line_asks_the_name_or_takes_the_seat(two: tuple[App, App]) -> None:
    host, guest = two
    lobby = _host(host, 2, [None])
    assert pump([host], lambda: 1 in lobby.links)
    guest.open_join(lobby.links[1])
    friends = guest.top()
    assert isinstance(friends, FriendsScene) and friends.link.text == lobby.links[1]  # no name yet: asked first
    guest.settings = guest.settings.replace(player_name="Bo")
    guest.open_join(lobby.links[1])
    assert isinstance(guest.top(), LobbyScene)
    assert pump([host, guest], lambda: isinstance(guest.top(), RemoteTableScene))
    table = guest.table()
    assert isinstance(table, RemoteTableScene) and table.ctl.infos[1].name == "Bo (guest 1)"


def test_letters_typed_into_a_name_are_letters(window: pygame.Surface, tmp_path: Path) -> None:
    app = _app(window, tmp_path)
    app.show("friends")
    friends = app.top()
    assert isinstance(friends, FriendsScene)
    friends.name.focus()
    contrast = app.settings.high_contrast
    app.frame(1 / 30, [key_event(pygame.K_h), pygame.event.Event(pygame.TEXTINPUT, text="h")])
    assert app.settings.high_contrast == contrast and friends.name.text == "h"


def _sit_down_together(host: App, guest: App) -> LobbyScene:
    """The host opens a two-seat table, the guest takes the other seat by its link, and both sit at the table;
    the host's lobby, which held the links."""
    lobby = _host(host, 2, [None])
    assert pump([host], lambda: 1 in lobby.links)
    _join(guest, lobby.links[1])
    assert pump([host, guest], lambda: all(isinstance(a.top(), RemoteTableScene) for a in (host, guest)))
    return lobby


def test_chat_lines_go_round_the_table_and_a_seat_can_be_muted(two: tuple[App, App]) -> None:
    host, guest = two
    _sit_down_together(host, guest)
    apps = [host, guest]
    h, g = host.table(), guest.table()
    assert isinstance(h, RemoteTableScene) and isinstance(g, RemoteTableScene)
    h.chat.field.focus()
    host.frame(1 / 30, [pygame.event.Event(pygame.TEXTINPUT, text="nice take")])
    host.frame(1 / 30, [key_event(pygame.K_RETURN)])
    assert h.chat.field.text == ""
    assert pump(apps, lambda: [line.text for line in g.chat.lines()] == ["nice take"])
    g.chat.muted.add(0)
    assert g.chat.lines() == []
    g.chat.toggle()
    assert not g.chat.shown


def test_open_tables_take_a_player_back_to_their_seat(two: tuple[App, App]) -> None:
    host, guest = two
    lobby = _sit_down_together(host, guest)
    apps = [host, guest]
    kept = guest.open_tables.load()
    assert [(k.seat, k.base, k.links) for k in kept] == [(1, host.hosting.base_url(), ())]
    (mine,) = host.open_tables.load()
    assert mine.seat == 0 and dict(mine.links) == lobby.links  # the host can hand the links out again
    guest.show("start")  # the guest's window leaves the table; the seat stays theirs
    guest.show("friends")
    friends = guest.top()
    assert isinstance(friends, FriendsScene) and len(friends.open_tables) == 1
    friends.act("rejoin:0")
    assert pump(apps, lambda: isinstance(guest.top(), RemoteTableScene))
    table = guest.table()
    assert isinstance(table, RemoteTableScene) and table.follower.seat == 1 and table.ctl.infos[1].is_person
    guest.show("friends")
    friends = guest.top()
    assert isinstance(friends, FriendsScene)
    friends.act("forget:0")
    assert guest.open_tables.load() == [] and friends.open_tables == []


def test_the_hosts_lobby_shows_the_watch_link_and_a_qr_code_of_the_link_chosen(two: tuple[App, App],
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from chinese_ten.net.client import TableClient
    from tests.web.test_qr import decode

    host, _guest = two
    lobby = _host(host, 3, [None, None])
    assert pump([host], lambda: len(lobby.links) == 2 and len(lobby.seats) == 3)
    assert lobby.watch.endswith("/w/" + str(lobby.client.table))
    host.frame(1 / 30, [])
    assert lobby.code_link() == (lobby.links[1], "Guest 1's link")  # the first seat waiting, at first
    assert lobby.code_rect.width > 0 and not lobby.code_rect.colliderect(lobby.row_rects[1])
    drawn: list[Any] = []
    import chinese_ten.qr as qr

    real = qr.qr_modules
    monkeypatch.setattr(qr, "qr_modules", lambda text: drawn.append(real(text)) or drawn[-1])
    lobby.act("code:2")
    host.frame(1 / 30, [])
    assert drawn and decode(drawn[-1]) == lobby.links[2]
    assert lobby.code_buttons[2].selected and not lobby.code_buttons[1].selected  # the code shown, marked
    box = lobby.code_rect
    assert host.surface.get_at((box.centerx, box.top + 2))[:3] == (255, 255, 255)  # the quiet zone round the code
    lobby.act("code:watch")
    host.frame(1 / 30, [])
    assert decode(drawn[-1]) == lobby.watch
    copied: list[str] = []
    monkeypatch.setattr(pygame.scrap, "put_text", lambda text: copied.append(text))
    monkeypatch.setattr(pygame.scrap, "get_init", lambda: True)
    lobby.act("copy:watch")
    assert copied == [lobby.watch] and "watch" in lobby.message
    watcher = TableClient.watch(lobby.watch)
    try:
        assert pump([host], lambda: lobby.watching == 1)  # the lobby counts who watches
        lobby.act("watching")  # the host turns watching off: the watcher's connection is closed 4003
        assert pump([host], lambda: watcher.closed_code is not None)
        assert watcher.closed_code == 4003 and lobby.watch_buttons() == [lobby.watch_toggle]
        assert lobby.code_link() == (lobby.links[1], "Guest 1's link")  # no code of a link that no longer opens
    finally:
        watcher.close(wait=2.0)
