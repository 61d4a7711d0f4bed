"""Who a hosted table reaches, told where one hosts: this computer's own server reaches friends on the same
network only, and the friends screen offers Settings' table server for friends elsewhere (its button opens
Settings at that field); once a table server is set, hosting uses it (the window starts no server of its
own) and the friends screen and the lobby say so. Loopback only."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.i18n import _
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.hosting import Hosting
from chinese_ten.ui.open_tables import OpenTables
from chinese_ten.ui.scenes.friends import (HERE_NOTE, LOCAL_NOTE, SERVER_CHANGE, SERVER_HERE_NOTE, SERVER_NOTE,
                                          SERVER_OFFER, FriendsScene, host_note)
from chinese_ten.ui.scenes.lobby import HERE_REACH, LOCAL_REACH, SERVER_REACH, LobbyScene, links_reach
from chinese_ten.ui.scenes.settings import SettingsScene
from tests.net.netkit import ServerThread

from uiharness import click_event, key_event


def _app(window: pygame.Surface, folder: Path, server_url: str = "") -> App:
    app = App(window, Settings(animation_speed="instant", player_name="Ann", server_url=server_url), None, None,
              ComputerThinker(force_inline=True))
    app.hosting = Hosting(folder, bind="127.0.0.1", port=0)
    app.open_tables = OpenTables(folder)
    return app


def _drawn(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every line of text the next frames draw."""
    said: list[str] = []
    real = app.kit.text.line

    def line(text: str, *args, **kw):  # type: ignore[no-untyped-def]
        said.append(text)
        return real(text, *args, **kw)

    monkeypatch.setattr(app.kit.text, "line", line)
    return said


def _friends(app: App) -> FriendsScene:
    app.show("friends")
    friends = app.top()
    assert isinstance(friends, FriendsScene)
    return friends


def _pump(app: App, until: Callable[[], bool], seconds: float = 30.0) -> bool:
    """Frames until ``until()``, waiting on the lobby's connection between them; bounded in count and time."""
    deadline = time.monotonic() + seconds
    for _round in range(5_000):
        app.frame(1 / 30, [])
        if until():
            return True
        if time.monotonic() > deadline:
            return False
        lobby = app.top()
        assert isinstance(lobby, LobbyScene)
        q = lobby.client.frames
        with q.not_empty:
            q.not_empty.wait_for(lambda: len(q.queue) > 0, timeout=0.2)
    return until()


@pytest.fixture
def table_server(tmp_path: Path) -> Iterator[ServerThread]:
    server = ServerThread(tmp_path / "server-tables")
    yield server
    server.stop()


def test_hosting_here_says_only_this_networks_friends_can_join_and_offers_the_table_server(
        window: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = _app(window, tmp_path)
    friends = _friends(app)
    said = _drawn(app, monkeypatch)
    app.frame(1 / 30, [])
    assert _(LOCAL_NOTE) in said
    assert friends.server_button in friends.buttons() and friends.server_button.label == SERVER_OFFER
    assert friends.server_button.rect.top > friends.host_button.rect.bottom  # under Host, with the note between
    assert friends.server_button.rect.bottom <= window.get_height()


def test_the_table_server_button_opens_settings_ready_to_type_the_address(
        window: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = _app(window, tmp_path)
    friends = _friends(app)
    app.frame(1 / 30, [])
    app.frame(1 / 30, [click_event(friends.server_button.rect.center)])
    settings = app.top()
    assert isinstance(settings, SettingsScene)
    assert settings.fields[1].focused and settings.typing  # the table server's field has the keyboard
    app.frame(1 / 30, [pygame.event.Event(pygame.TEXTINPUT, text="https://tables.example.org")])
    app.frame(1 / 30, [key_event(pygame.K_ESCAPE)])  # leaves the field, the address kept
    app.frame(1 / 30, [key_event(pygame.K_ESCAPE)])  # closes Settings
    assert app.top() is friends and app.settings.server_url == "https://tables.example.org"
    said = _drawn(app, monkeypatch)
    app.frame(1 / 30, [])
    assert _(SERVER_NOTE).format(server="https://tables.example.org") in said
    assert _(LOCAL_NOTE) not in said and friends.server_button.label == SERVER_CHANGE


def test_hosting_with_a_table_server_set_uses_it_and_the_lobby_says_so(
        window: pygame.Surface, tmp_path: Path, table_server: ServerThread, monkeypatch: pytest.MonkeyPatch) -> None:
    app = _app(window, tmp_path, server_url=table_server.url)
    friends = _friends(app)
    friends.seats, friends.length = 2, "one"
    friends._fix()
    friends.act("host")
    lobby = app.top()
    assert isinstance(lobby, LobbyScene), friends.message
    try:
        assert app.hosting.server is None  # the window started no server of its own
        assert lobby.client.url == table_server.url.replace("http://", "ws://") + "/ws"
        assert _pump(app, lambda: 1 in lobby.links)
        assert lobby.links[1].startswith(table_server.url + "/t/")
        said = _drawn(app, monkeypatch)
        app.frame(1 / 30, [])
        # the test's table server listens on loopback, so its links reach this computer alone, and say so
        assert _(HERE_REACH).format(server=table_server.url) in said
        assert _(SERVER_REACH).format(server=table_server.url) not in said and _(LOCAL_REACH) not in said
    finally:
        app.show("start")


def test_hosting_here_on_loopback_tells_the_host_its_links_reach_this_computer_only(
        window: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = _app(window, tmp_path)
    friends = _friends(app)
    friends.seats, friends.length = 2, "one"
    friends._fix()
    friends.act("host")
    lobby = app.top()
    assert isinstance(lobby, LobbyScene), friends.message
    try:
        assert app.hosting.server is not None
        assert _pump(app, lambda: 1 in lobby.links)
        said = _drawn(app, monkeypatch)
        linked: list[str] = []
        face = app.kit.text.link
        monkeypatch.setattr(app.kit.text, "link", lambda link, *args: linked.append(link) or face(link, *args))
        assert _pump(app, lambda: lobby.links[1] in linked), "the waiting seat's row is drawn with its link"
        assert _(HERE_REACH).format(server=app.hosting.server.url) in said and _(LOCAL_REACH) not in said
        watch = {link for link in linked if "/w/" in link}  # the watch link, drawn in the same face
        assert set(linked) - watch == {lobby.links[1]} and lobby.links[1] not in said, "the link is in the links' face"
        app.show("friends")
        said.clear()
        app.frame(1 / 30, [])
        assert _(HERE_NOTE) in said and _(LOCAL_NOTE) not in said, "the friends screen says it too, once hosted"
    finally:
        app.show("start")
        app.hosting.stop()


@pytest.mark.parametrize("base", ["http://127.0.0.1:47110", "http://localhost:8000", "http://[::1]:47110",
                                  "ws://127.0.0.2:9/ws"])
def test_a_loopback_server_is_said_to_reach_this_computer_only(base: str) -> None:
    assert links_reach(base, base) == _(HERE_REACH).format(server=base)
    assert host_note(base) == _(SERVER_HERE_NOTE).format(server=base)
    assert host_note("", base) == _(HERE_NOTE)


def test_a_server_on_the_network_or_the_internet_is_said_to_reach_friends_there() -> None:
    assert links_reach("http://192.168.1.20:47110", "") == _(LOCAL_REACH)
    assert links_reach("https://tables.example.org", "https://tables.example.org/") == _(SERVER_REACH).format(
        server="https://tables.example.org/")
    assert host_note("", "http://192.168.1.20:47110") == host_note("") == _(LOCAL_NOTE)
    assert host_note("https://tables.example.org") == _(SERVER_NOTE).format(server="https://tables.example.org")


def test_the_join_field_takes_https_links_and_a_bad_link_is_told_both_forms(window: pygame.Surface,
                                                                          tmp_path: Path) -> None:
    from chinese_ten.ui.scenes.friends import join_problem

    claim = "Qm4R" * 6
    assert join_problem(f"https://tables.example.org/t/k3m9x2p7#{claim}") is None
    assert join_problem(f"http://127.0.0.1:47110/t/k3m9x2p7#{claim}") is None
    app = _app(window, tmp_path)
    friends = _friends(app)
    friends.link.text = "https://tables.example.org/not-a-table"
    friends.act("join")
    assert app.top() is friends and "https://" in friends.message and "\n" not in friends.message


def test_the_host_form_comes_back_with_the_last_tables_set_up(
        window: pygame.Surface, tmp_path: Path) -> None:
    app = _app(window, tmp_path)
    friends = _friends(app)
    friends.game, friends.seats, friends.length, friends.chat = "fishing", 5, "one", False
    friends.guests[1] = "hard"
    friends._fix()
    friends.act("host")
    assert isinstance(app.top(), LobbyScene), friends.message
    app.show("start")
    app.hosting.stop()
    again = _friends(_app(window, tmp_path))  # the next start of the game, with the same data folder
    assert (again.game, again.seats, again.length, again.chat) == ("fishing", 5, "one", False)
    assert again.computers() == {2: "hard"}
    assert [b.label for b in again.rows] == [b.label for b in friends.rows]


def test_a_damaged_or_strange_kept_set_up_gives_the_settings_own_choices(
        window: pygame.Surface, tmp_path: Path) -> None:
    from chinese_ten.ui.open_tables import SETUP_FILENAME

    (tmp_path / SETUP_FILENAME).write_text("{not json", encoding="utf-8")
    plain = _friends(_app(window, tmp_path))
    assert plain.game == "ten" and plain.computers() == {}
    (tmp_path / SETUP_FILENAME).write_text('{"game": "chess", "seats": 9}', encoding="utf-8")
    assert _friends(_app(window, tmp_path)).seats == plain.seats
    (tmp_path / SETUP_FILENAME).write_text('{"game": "ten", "seats": 9, "rules": "nonsense", "length": 3, '
                                           '"guests": ["godlike", null, null, null, null, null, null]}',
                                           encoding="utf-8")
    odd = _friends(_app(window, tmp_path))
    assert odd.seats in (2, 3, 4) and odd.computers() == {} and odd.rules == plain.rules


def test_choosing_chinese_ten_on_the_friends_screen_offers_its_rules_from_the_settings(
        window: pygame.Surface, tmp_path: Path) -> None:
    app = _app(window, tmp_path)
    app.change_settings(game="fishing", computers=2, house_rules={"ten": "target"})
    friends = _friends(app)
    assert friends.game == "fishing" and not any(b.action == "rules" for b in friends.rows)
    friends._cycle("game")
    assert friends.game == "ten" and friends.rules == "target", "Chinese Ten's preset as Settings keep it"
    assert any(b.action == "rules" for b in friends.rows)
