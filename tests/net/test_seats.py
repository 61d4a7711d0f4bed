"""Seats changing hands: the host's fill, a person leaving and coming back, and the next deal waiting
for every person."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from chinese_ten.net.client import TableClient
from tests.net.netkit import Player, ServerThread, play_until, wait_for


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path, pool=False, away_after=30)
    yield running
    running.stop()


def test_the_host_fills_an_empty_seat_and_the_match_begins(server: ServerThread) -> None:
    host = TableClient.create(server.url, "Ann", game="fishing", seats=3, match="one")
    links = wait_for(host, "created")["links"]
    assert wait_for(host, "welcome")["state"] is None  # nobody plays before every seat is taken
    guest = TableClient.join(links["1"], "Bo")
    wait_for(guest, "welcome")
    guest.fill(2, "easy")
    assert wait_for(guest, "error")["code"] == "not-host"
    host.fill(2, "easy")
    presence = wait_for(host, "presence", where=lambda f: f["seats"][2]["kind"] == "computer")
    assert presence["seats"][2]["name"] == "Computer (easy)"
    players = [Player(host, 1), Player(guest, 2)]
    play_until(players, lambda: all(p.done for p in players), 30)
    host.close()
    guest.close()


def test_a_person_who_leaves_is_played_for_until_they_come_back(server: ServerThread) -> None:
    host = TableClient.create(server.url, "Ann", seats=2, match="one")
    guest = TableClient.join(wait_for(host, "created")["links"]["1"], "Bo")
    welcome = wait_for(guest, "welcome")
    guest.leave()
    assert wait_for(guest, "connection", where=lambda f: f["status"] == "closed")["code"] == 1000
    wait_for(host, "presence", where=lambda f: f["seats"][1]["kind"] == "away")
    back = TableClient.rejoin(server.url, welcome["table"], welcome["token"])
    assert wait_for(back, "welcome")["seats"][1]["kind"] == "human"
    players = [Player(host, 3), Player(back, 4)]
    players[0].state = host.state
    players[1].state = back.state
    play_until(players, lambda: all(p.done for p in players), 30)
    host.close()
    back.close()


def test_the_next_deal_waits_for_every_person(server: ServerThread) -> None:
    host = TableClient.create(server.url, "Ann", seats=2, match="per-seat")
    guest = TableClient.join(wait_for(host, "created")["links"]["1"], "Bo")
    players = [Player(host, 5, auto_next=False), Player(guest, 6, auto_next=False)]
    play_until(players, lambda: all(p.deals == 1 for p in players), 30)
    over = [f for f in players[0].frames if f["type"] == "deal_over"][0]
    assert over["record"]["format"] == "chinese-ten/deal-v1" and len(over["record"]["stock"]) == 24
    host.next_deal()
    guest.chat("ready in a moment")  # the chat is told after anything the host's next set off
    seen: list[dict[str, object]] = []
    wait_for(host, "chat", seen=seen)
    assert not any(f["type"] == "update" for f in seen)
    guest.next_deal()
    dealt = wait_for(host, "update")
    assert dealt["step"]["kind"] == "dealt" and dealt["state"]["deal"] == 2
    host.close()
    guest.close()


def test_an_idle_table_leaves_memory_and_comes_back_and_an_old_one_expires(server: ServerThread) -> None:
    import dataclasses
    import time

    from chinese_ten.net.tables import clock_wall

    host = TableClient.create(server.url, "Ann", seats=2, computers={1: "easy"}, match="one")
    welcome = wait_for(host, "welcome")
    table_id, token = welcome["table"], host.token
    assert token
    host.close()
    live = server.server.tables[table_id]
    end = time.monotonic() + 30  # let go at once; the bound is for a busy machine
    while server.call(lambda: live.seats[0].outlet is not None):
        assert time.monotonic() < end, "the closed connection was never let go"
        time.sleep(0.01)

    def age(seconds: float) -> None:
        live.row = dataclasses.replace(live.row, last_action=clock_wall() - seconds)

    server.call(lambda: age(3600))
    server.call(server.server.sweep)
    assert table_id not in server.server.tables
    back = TableClient.rejoin(server.url, table_id, token)
    assert wait_for(back, "welcome")["state"] == welcome["state"]
    back.close()
    restored = server.server.tables[table_id]
    server.call(lambda: server.server.store.save_position(table_id, restored.session.progress(), restored.seq, [],
                                                          clock_wall() - 49 * 3600))
    server.call(server.server.sweep)
    gone = TableClient.rejoin(server.url, table_id, token)
    assert wait_for(gone, "connection", where=lambda f: f["status"] == "closed")["code"] == 4004
    gone.close()


def test_a_restart_between_deals_keeps_who_is_ready(tmp_path: Path) -> None:
    first = ServerThread(tmp_path / "data", pool=False, away_after=30)
    try:
        host = TableClient.create(first.url, "Ann", seats=2, match="per-seat")
        guest = TableClient.join(wait_for(host, "created")["links"]["1"], "Bo")
        players = [Player(host, 7, auto_next=False), Player(guest, 8, auto_next=False)]
        play_until(players, lambda: all(p.deals == 1 for p in players), 30)
        host.next_deal()
        host.chat("sent next")  # told after the next has been taken
        wait_for(host, "chat")
        tokens = [(c.table, c.token) for c in (host, guest)]
        host.close()
        guest.close()
    finally:
        first.stop()
    second = ServerThread(tmp_path / "data", pool=False, away_after=30)
    try:
        clients = [TableClient.rejoin(second.url, table or "", token or "") for table, token in tokens]
        welcomes = [wait_for(c, "welcome") for c in clients]
        assert [w["phase"] for w in welcomes] == ["deal_over", "deal_over"]
        assert welcomes[0]["deal_over"]["record"] == welcomes[1]["deal_over"]["record"]
        clients[1].next_deal()  # the host's next was kept: this one starts the second deal
        dealt = wait_for(clients[0], "update")
        assert dealt["step"]["kind"] == "dealt" and dealt["state"]["deal"] == 2
        for c in clients:
            c.close()
    finally:
        second.stop()
