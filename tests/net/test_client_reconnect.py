"""The table client connects again after any close that is not one of the contract's final codes (a server
that stopped with 1000 or failed with 1011 included), never after its person left the seat, and says when the
server has not been reachable for several tries in a row while it goes on trying."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from chinese_ten.net import client as client_module
from chinese_ten.net.client import FINAL_CLOSES, UNREACHABLE_AFTER, TableClient
from tests.net.netkit import ServerThread, wait_for


def _close_seat(server: ServerThread, table: str, seat: int, code: int) -> None:
    def close() -> None:
        outlet = server.server.tables[table].seats[seat].outlet
        assert outlet is not None
        outlet.close(code, "")

    server.call(close)


def test_the_contracts_final_codes_are_final_and_no_others() -> None:
    assert set(FINAL_CLOSES) == {4001, 4003, 4004, 4009}


@pytest.mark.parametrize("code", [1000, 1011])
def test_a_close_that_is_not_final_is_followed_by_the_seat_again(tmp_path: Path, code: int) -> None:
    server = ServerThread(tmp_path, pool=False)
    host = TableClient.create(server.url, "Ann", seats=2)
    try:
        wait_for(host, "welcome")
        assert host.table is not None
        _close_seat(server, host.table, 0, code)
        lost = wait_for(host, "connection", where=lambda f: f["status"] != "open")
        assert (lost["status"], lost["code"]) == ("lost", code)
        again = wait_for(host, "welcome")
        assert again["seat"] == 0 and again["table"] == host.table
    finally:
        host.close()
        server.stop()


def test_a_seat_left_is_not_taken_again_when_the_connection_ends(tmp_path: Path) -> None:
    server = ServerThread(tmp_path, pool=False)
    host = TableClient.create(server.url, "Ann", seats=2)
    try:
        wait_for(host, "welcome")
        host.leave()  # the server lets the seat go and closes the connection with 1000
        closed = wait_for(host, "connection", where=lambda f: f["status"] != "open")
        assert closed["status"] == "closed"
    finally:
        host.close()
        server.stop()


def test_a_server_not_reached_for_some_tries_is_said_to_be_unreachable_and_tried_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(client_module, "BACKOFF_FIRST", 0.005)
    with socket.socket() as s:  # a port with nothing listening on it
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    client = TableClient.join(f"http://127.0.0.1:{port}/t/abcd1234#" + "x" * 22, "Bo")
    try:
        notices = [wait_for(client, "connection") for _ in range(UNREACHABLE_AFTER + 1)]
        assert [n["status"] for n in notices] == ["lost"] * (UNREACHABLE_AFTER + 1)
        assert [n["unreachable"] for n in notices] == [False] * (UNREACHABLE_AFTER - 1) + [True, True]
    finally:
        client.close()
    assert not client._thread.is_alive()
