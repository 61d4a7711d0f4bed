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

from tests.net.netkit import ServerThread, cards_named
from tests.net.test_bad_clients import WAIT, frames_until_closed, raw, recv_type


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path_factory.mktemp("tables"), pool=False)
    yield running
    running.stop()


def host_table(server: ServerThread, **options: Any) -> tuple[ClientConnection, dict[str, Any], dict[str, Any]]:
    """A two-seat table whose guest is a computer, its host connected; the host's connection, ``created`` and
    ``welcome``."""
    host = raw(server)
    host.send(json.dumps({"type": "create", "version": 1, "name": "Ann", "computers": {"1": "easy"}, **options}))
    created = recv_type(host, "created")
    return host, created, recv_type(host, "welcome")


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
    host, created, _welcome = host_table(server)
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
    host, created, _welcome = host_table(server)
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
    host, created, _welcome = host_table(server, watchers=False)
    _frames, code = frames_until_closed(watch(server, created["table"]))
    assert code == 4003
    host.close()


def test_the_host_turns_watching_off_and_every_watcher_is_closed_with_4003(server: ServerThread) -> None:
    host, created, _welcome = host_table(server)
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
    host, created, _welcome = host_table(server)
    ws = raw(server, "/" + created["table"])
    ws.send(json.dumps({"type": "watch", "version": 1, "table": "k3m9x2p7"}))
    _frames, code = frames_until_closed(ws)
    assert code == 4004
    host.close()


@pytest.mark.parametrize("game", ["ten", "fishing"])
def test_a_watcher_follows_a_whole_match_over_the_wire_told_no_card_the_host_was_not(server: ServerThread,
                                                                                      game: str) -> None:
    host, created, welcome = host_table(server, game=game, match="one")
    watcher = watch(server, created["table"])
    since = recv_type(watcher, "watching")["seq"]  # what came before is in its story
    host_knows = cards_named(welcome)
    if welcome["state"]["legal"]:
        host.send(json.dumps({"type": "act", "id": "first", "action": max(welcome["state"]["legal"], key=len)}))
    told: list[dict[str, Any]] = []
    end = time.monotonic() + 120  # a deal takes a second or two; the guard is for a frozen server
    while not any(f["type"] == "match_over" for f in told):
        assert time.monotonic() < end, "the match never ended"
        frame = json.loads(host.recv(timeout=WAIT))
        host_knows |= cards_named(frame)
        state = frame.get("state") or {}
        if frame["type"] == "update" and state.get("legal"):
            host.send(json.dumps({"type": "act", "id": frame["seq"], "action": max(state["legal"], key=len)}))
        while frame["type"] in ("update", "deal_over", "match_over") and frame["seq"] > since:  # told after the host
            seen = json.loads(watcher.recv(timeout=WAIT))
            told.append(seen)
            assert cards_named(seen) <= host_knows, f"{sorted(cards_named(seen) - host_knows)} in {seen}"
            if seen.get("seq") == frame["seq"] and seen["type"] == frame["type"]:
                break
    updates = [f for f in told if f["type"] == "update"]
    assert len(updates) > 10 and all(f["state"]["hand"] == [] and f["state"]["legal"] == [] for f in updates)
    for ws in (watcher, host):
        ws.close()
