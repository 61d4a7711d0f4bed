"""Watching a table over the wire: ``created`` carries the watch link, ``watch`` on ``/ws/TABLE`` is answered
``watching`` and counted in the seats' ``presence``; a watcher's every message is refused and changes nothing; a
table opened without watchers, or turned off by its host, closes a watcher with 4003."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.sync.client import ClientConnection

from tests.net.netkit import ServerThread
from tests.net.test_bad_clients import WAIT, frames_until_closed, raw, recv_type


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path_factory.mktemp("tables"), pool=False)
    yield running
    running.stop()


def host_table(server: ServerThread, **options: Any) -> tuple[ClientConnection, dict[str, Any]]:
    """A two-seat table whose guest is a computer, its host connected; the host's connection and ``created``."""
    host = raw(server)
    host.send(json.dumps({"type": "create", "version": 1, "name": "Ann", "computers": {"1": "easy"}, **options}))
    created = recv_type(host, "created")
    recv_type(host, "welcome")
    return host, created


def watch(server: ServerThread, table: str) -> ClientConnection:
    ws = raw(server, "/" + table)
    ws.send(json.dumps({"type": "watch", "version": 1, "table": table}))
    return ws


def presence_with(ws: ClientConnection, watchers: int) -> dict[str, Any]:
    """The next ``presence`` counting ``watchers`` watchers (earlier ones passed over)."""
    end = time.monotonic() + WAIT
    while True:
        frame = recv_type(ws, "presence", max(0.01, end - time.monotonic()))
        if frame["watchers"] == watchers:
            return frame


def test_created_carries_the_watch_link_and_a_watcher_is_counted_while_it_watches(server: ServerThread) -> None:
    host, created = host_table(server)
    table = created["table"]
    assert created["watch"] == f"{server.url}/w/{table}"
    watcher = watch(server, table)
    watching = recv_type(watcher, "watching")
    assert watching["table"] == table and watching["state"]["hand"] == [] and watching["state"]["seat"] is None
    assert [s["label"] for s in watching["seats"]] == ["host", "guest 1"]
    presence_with(host, 1)
    watcher.close()
    presence_with(host, 0)
    host.close()


@pytest.mark.parametrize(("message", "code"), [
    ({"type": "chat", "text": "hello from the rail"}, "chat-off"),
    ({"type": "act", "id": "w1", "action": "play 7D"}, "not-your-turn"),
    ({"type": "next"}, "not-your-turn"),
    ({"type": "again"}, "not-your-turn"),
    ({"type": "fill", "seat": 1, "strength": "hard"}, "not-host"),
    ({"type": "watchers", "on": False}, "not-host"),
    ({"type": "hello", "version": 1, "table": "x", "token": "y"}, "bad-message"),
])
def test_a_watchers_message_is_refused_and_changes_nothing(server: ServerThread, message: dict[str, Any],
                                                           code: str) -> None:
    host, created = host_table(server)
    watcher = watch(server, created["table"])
    recv_type(watcher, "watching")
    presence_with(host, 1)
    watcher.send(json.dumps(message))
    refused = recv_type(watcher, "error")
    assert refused["code"] == code
    if message["type"] == "act":
        assert refused["id"] == "w1"
    host.send(json.dumps({"type": "chat", "text": "mine"}))  # the host's own line comes next, and nothing before it
    line = recv_type(host, "chat")
    assert line["text"] == "mine"
    assert recv_type(watcher, "chat")["text"] == "mine"  # watchers read the chat
    again = watch(server, created["table"])
    assert recv_type(again, "watching")["watchers"] == 2  # the refused one still watches
    for ws in (again, watcher, host):
        ws.close()


def test_a_table_opened_without_watchers_closes_a_watcher_with_4003(server: ServerThread) -> None:
    host, created = host_table(server, watchers=False)
    _frames, code = frames_until_closed(watch(server, created["table"]))
    assert code == 4003
    host.close()


def test_the_host_turns_watching_off_and_every_watcher_is_closed_with_4003(server: ServerThread) -> None:
    host, created = host_table(server)
    watcher = watch(server, created["table"])
    recv_type(watcher, "watching")
    presence_with(host, 1)
    host.send(json.dumps({"type": "watchers", "on": False}))
    _frames, code = frames_until_closed(watcher)
    assert code == 4003
    presence_with(host, 0)
    _frames, code = frames_until_closed(watch(server, created["table"]))
    assert code == 4003
    host.close()


def test_watch_naming_another_table_than_its_address_is_closed_4004(server: ServerThread) -> None:
    host, created = host_table(server)
    ws = raw(server, "/" + created["table"])
    ws.send(json.dumps({"type": "watch", "version": 1, "table": "k3m9x2p7"}))
    _frames, code = frames_until_closed(ws)
    assert code == 4004
    host.close()
