"""The window at a table served on the internet: a real Caddy with its own local authority (``tls internal``)
in front of a table server, all on loopback. A scripted host creates the table through
``https://127.0.0.1:PORT``; the window takes the other seat by the https link, as ``chinese-ten join LINK``
hands it over, connects with ``wss://`` (the certificate checked against Caddy's authority, named by
``CHINESE_TEN_CA_FILE``) and plays a one-deal match to its count and its result."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.net.client import TableClient
from chinese_ten.net.tls import CA_FILE_VARIABLE
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.hosting import Hosting
from chinese_ten.ui.open_tables import OpenTables
from chinese_ten.ui.scenes.choice import ChoiceScene
from chinese_ten.ui.scenes.count import CountScene
from chinese_ten.ui.scenes.lobby import LobbyScene
from chinese_ten.ui.scenes.match import MatchScene
from chinese_ten.ui.table.remote import RemoteTableScene
from tests.net.caddykit import Caddy, in_front_of, needs_caddy
from tests.net.netkit import Player, ServerThread, wait_for, watched

from uiharness import key_event

pytestmark = needs_caddy

SECONDS = 90.0
"""The most a whole match through the proxy may take on a busy machine."""


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[tuple[Caddy, str]]:
    """A table server behind Caddy: the proxy and the public https address the server's links are made with."""
    server = ServerThread(tmp_path / "tables", pool=False)
    try:
        with in_front_of(server, tmp_path / "caddy") as proxy:
            yield proxy
    finally:
        server.stop()


def _window_client(app: App) -> Any:
    return getattr(app.table() or app.top(), "client", None)


def _wait_for_a_frame(clients: list[Any], timeout: float) -> None:
    """Wait (at most ``timeout`` in all) until a frame is waiting at one of ``clients``."""
    for client in clients:
        q = client.frames
        with q.not_empty:
            if q.not_empty.wait_for(lambda q=q: len(q.queue) > 0, timeout=timeout / len(clients)):
                return


def _drive(app: App, host: Player, until: Callable[[], bool], seconds: float = SECONDS) -> bool:
    """Run the window's frames, playing as its person (the first card, the first take, on from the count),
    and the scripted host, until ``until()`` holds: bounded in rounds and time, waiting on the frames."""
    deadline = time.monotonic() + seconds
    for _ in range(20_000):
        host.step()
        app.frame(1 / 30, [])
        top, table = app.top(), app.table()
        if isinstance(top, (ChoiceScene, CountScene)):
            app.frame(1 / 30, [key_event(pygame.K_RETURN)])
        elif isinstance(top, RemoteTableScene) and table is not None and table.ctl.person_to_play:
            app.frame(1 / 30, [key_event(pygame.K_1)])
        if until():
            return True
        if time.monotonic() > deadline:
            return False
        busy = isinstance(table, RemoteTableScene) and (table.ctl.busy or bool(table.follower.to_show))
        if not busy:  # nothing to show: wait for the next frame from the server, to either seat
            window = _window_client(app)
            _wait_for_a_frame([host.client] + ([window] if window is not None else []), 0.2)
    return until()


def test_the_window_joins_by_an_https_link_and_plays_a_match_through_the_proxy(
        proxied: tuple[Caddy, str], window: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    caddy, public = proxied
    monkeypatch.setenv(CA_FILE_VARIABLE, str(caddy.root_certificate))
    app = App(window, Settings(animation_speed="instant", player_name="Bo"), None, None,
              ComputerThinker(force_inline=True))
    app.hosting = Hosting(tmp_path / "window", bind="127.0.0.1", port=0)
    app.open_tables = OpenTables(tmp_path / "window")
    with watched(monkeypatch) as watch:
        made = TableClient.create(public, "Ann", game="ten", seats=2, match="one")
        host = Player(made, 5)
        host.pace = 0.0  # the host acts as soon as it may: the test waits on frames, never on a clock
        try:
            created = wait_for(made, "created", timeout=30)
            link = created["links"]["1"]
            assert link.startswith(public + "/t/")
            app.open_join(link)  # what `chinese-ten join LINK` does in the window, the name remembered
            assert isinstance(app.top(), LobbyScene)
            client = _window_client(app)
            assert client is not None and client.url.startswith(public.replace("https://", "wss://"))
            assert _drive(app, host, lambda: isinstance(app.top(), RemoteTableScene)), "the deal never began"
            table = app.table()
            assert isinstance(table, RemoteTableScene)
            assert [i.name for i in table.ctl.infos] == ["Ann (host)", "Bo (guest 1)"]  # named as every window names them
            assert _drive(app, host, lambda: isinstance(app.top(), MatchScene) and host.done), \
                "the match did not reach its result in the window"
            assert table.follower.totals is not None and table.follower.totals == list(table.ctl.match.totals)
            over = [f for f in host.frames if f.get("type") == "match_over"]
            assert over and list(over[-1]["totals"]) == list(table.ctl.match.totals)
            assert table.follower.connection == "open"
        finally:
            app.show("start")  # the table closes its connection
            made.close()
            app.hosting.stop()
    assert watch.leaks == []
    assert host.errors == []


def test_the_window_does_not_take_a_seat_through_a_proxy_it_does_not_trust(
        proxied: tuple[Caddy, str], window: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    caddy, public = proxied
    monkeypatch.setenv(CA_FILE_VARIABLE, str(caddy.root_certificate))
    made = TableClient.create(public, "Ann", game="ten", seats=2, match="one")
    try:
        link = wait_for(made, "created", timeout=30)["links"]["1"]
        monkeypatch.delenv(CA_FILE_VARIABLE)
        monkeypatch.setenv("SSL_CERT_FILE", "/nonexistent")  # nothing the system trusts either
        app = App(window, Settings(animation_speed="instant", player_name="Bo"), None, None,
                  ComputerThinker(force_inline=True))
        app.open_tables = OpenTables(tmp_path / "window")
        app.open_join(link)
        lobby = app.top()
        assert isinstance(lobby, LobbyScene)
        client = lobby.client
        seen: list[dict[str, Any]] = []
        deadline = time.monotonic() + 30
        while not any(f.get("status") == "lost" for f in seen) and time.monotonic() < deadline:
            frame = client.get(timeout=max(0.01, deadline - time.monotonic()))
            if frame is not None:
                seen.append(frame)
        assert any(f.get("status") == "lost" for f in seen), "the connection was not refused"
        assert not [f for f in seen if f.get("type") == "welcome"]
        app.show("start")
    finally:
        made.close()
