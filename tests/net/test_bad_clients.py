"""Clients that break the contract are refused as NETWORK.md says, and another table keeps answering."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from chinese_ten.net.client import TableClient
from chinese_ten.net.links import parse_link, ws_url
from chinese_ten.net.protocol import SUBPROTOCOL
from tests.net.netkit import ServerThread, wait_for


WAIT = 30.0
"""The longest a frame or a close is waited for: they come in milliseconds, but the machine may be busy."""

@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path_factory.mktemp("tables"), pool=False, hello_seconds=0.5)
    yield running
    running.stop()


def raw(server: ServerThread, path: str = "") -> ClientConnection:
    return connect(ws_url(server.url) + path, subprotocols=[SUBPROTOCOL], proxy=None, open_timeout=WAIT,  # type: ignore[list-item]
                   max_size=2 ** 21, compression=None)


def frames_until_closed(ws: ClientConnection, timeout: float = WAIT) -> tuple[list[dict[str, Any]], int | None]:
    """Every frame until the server closes the connection, and its close code."""
    got: list[dict[str, Any]] = []
    end = time.monotonic() + timeout
    try:
        while time.monotonic() < end:
            got.append(json.loads(ws.recv(timeout=max(0.01, end - time.monotonic()))))
    except ConnectionClosed:
        return got, ws.close_code
    except TimeoutError:
        pass
    raise AssertionError(f"the connection stayed open; frames: {got}")


def recv_type(ws: ClientConnection, kind: str, timeout: float = WAIT) -> dict[str, Any]:
    end = time.monotonic() + timeout
    while True:
        frame = json.loads(ws.recv(timeout=max(0.01, end - time.monotonic())))
        if frame["type"] == kind:
            return frame


def hello(table: str, **fields: Any) -> str:
    return json.dumps({"type": "hello", "version": 1, "table": table, **fields})


@pytest.fixture(scope="module")
def table(server: ServerThread) -> Iterator[dict[str, Any]]:
    """A three-seat table: the host and two kept seats (one claim spent by a guest)."""
    host = TableClient.create(server.url, "Ann", seats=3)
    created = wait_for(host, "created")
    guest = TableClient.join(created["links"]["1"], "Bo")
    welcome = wait_for(guest, "welcome")
    yield {"host": host, "guest": guest, "created": created, "guest_token": welcome["token"],
           "table": created["table"]}
    host.close()
    guest.close()


def test_health_and_the_table_page(server: ServerThread, table: dict[str, Any]) -> None:
    with urllib.request.urlopen(server.url + "/healthz", timeout=WAIT) as answer:  # noqa: S310 - loopback
        assert answer.status == 200 and answer.read() == b"ok\n"
    with urllib.request.urlopen(f"{server.url}/t/{table['table']}", timeout=WAIT) as answer:  # noqa: S310
        page = answer.read().decode()
    assert "chinese-ten://" in page and table["table"] in page


def test_a_forged_claim_is_refused_as_a_bad_link_and_closed(server: ServerThread, table: dict[str, Any]) -> None:
    with raw(server) as ws:
        ws.send(hello(table["table"], claim="x" * 32, name="Eve"))
        got, code = frames_until_closed(ws)
    assert [f["code"] for f in got] == ["bad-token"] and code == 4003
    assert "not right" in got[0]["message"]


def test_a_spent_claim_is_refused_as_claimed(server: ServerThread, table: dict[str, Any]) -> None:
    claim = parse_link(table["created"]["links"]["1"]).claim
    with raw(server) as ws:
        ws.send(hello(table["table"], claim=claim, name="Eve"))
        got, code = frames_until_closed(ws)
    assert [f["code"] for f in got] == ["claimed"] and code == 4003
    assert "taken already" in got[0]["message"]


def test_a_spent_claim_with_one_letter_wrong_is_a_bad_link_not_a_taken_seat(server: ServerThread,
                                                                            table: dict[str, Any]) -> None:
    claim = parse_link(table["created"]["links"]["1"]).claim
    mistyped = claim[:7] + ("A" if claim[7] != "A" else "B") + claim[8:]
    with raw(server) as ws:
        ws.send(hello(table["table"], claim=mistyped, name="Eve"))
        got, code = frames_until_closed(ws)
    assert [f["code"] for f in got] == ["bad-token"] and code == 4003


def test_an_open_claim_with_one_letter_wrong_is_a_bad_link_and_leaves_the_seat_to_its_own_link(
        server: ServerThread) -> None:
    host = TableClient.create(server.url, "Cy", seats=2)
    link = wait_for(host, "created")["links"]["1"]
    target = parse_link(link)
    mistyped = target.claim[:-1] + ("A" if target.claim[-1] != "A" else "B")
    with raw(server) as ws:
        ws.send(hello(target.table, claim=mistyped, name="Eve"))
        got, code = frames_until_closed(ws)
    assert [f["code"] for f in got] == ["bad-token"] and code == 4003
    guest = TableClient.join(link, "Bo")
    assert wait_for(guest, "welcome")["seat"] == 1, "the seat the mistyped link missed is still its own link's"
    guest.close()
    host.close()


def test_a_claim_of_another_table_is_refused(server: ServerThread, table: dict[str, Any]) -> None:
    other = TableClient.create(server.url, "Cy", seats=2)
    link = wait_for(other, "created")["links"]["1"]
    other.close()
    with raw(server) as ws:
        ws.send(hello(table["table"], claim=parse_link(link).claim, name="Eve"))
        got, code = frames_until_closed(ws)
    assert [f["code"] for f in got] == ["bad-token"] and code == 4003


def test_a_bad_token_is_refused(server: ServerThread, table: dict[str, Any]) -> None:
    with raw(server) as ws:
        ws.send(hello(table["table"], token="not-a-token-of-this-table"))
        got, code = frames_until_closed(ws)
    assert [f["code"] for f in got] == ["bad-token"] and code == 4003


def test_an_unknown_table_is_closed_4004(server: ServerThread) -> None:
    with raw(server) as ws:
        ws.send(hello("nosuchtable", token="whatever-token"))
        got, code = frames_until_closed(ws)
    assert code == 4004 and [f["code"] for f in got] == ["no-such-table"]


def test_the_tables_own_endpoint_seats_its_hello_and_closes_another_tables_4004(
        server: ServerThread, table: dict[str, Any]) -> None:
    with raw(server, "/" + table["table"]) as ws:
        ws.send(hello(table["table"], token=table["guest_token"]))
        assert recv_type(ws, "welcome")["seat"] == 1
    other = TableClient.create(server.url, "Cy", seats=2, computers={1: "easy"})
    other_table = wait_for(other, "created")["table"]
    other.close()
    with raw(server, "/" + other_table) as ws:
        ws.send(hello(table["table"], token=table["guest_token"]))
        got, code = frames_until_closed(ws)
    assert code == 4004 and [f["code"] for f in got] == ["no-such-table"]


def test_another_version_is_closed_4009(server: ServerThread, table: dict[str, Any]) -> None:
    with raw(server) as ws:
        ws.send(json.dumps({"type": "hello", "version": 2, "table": table["table"], "token": table["guest_token"]}))
        got, code = frames_until_closed(ws)
    assert code == 4009 and [f["code"] for f in got] == ["version"]


def test_malformed_messages_are_refused_and_the_connection_stays(server: ServerThread, table: dict[str, Any]) -> None:
    with raw(server) as ws:
        ws.send("{not json")
        assert recv_type(ws, "error")["code"] == "bad-message"
        ws.send(json.dumps([1, 2]))
        assert recv_type(ws, "error")["code"] == "bad-message"
        ws.send(hello(table["table"], token=table["guest_token"]))
        assert recv_type(ws, "welcome")["seat"] == 1
        for bad in ({"type": "act"}, {"type": "fly"}, {"type": "fill", "seat": "x"}, {"type": "act", "action": "play ZZ"}):
            ws.send(json.dumps(bad))
            assert recv_type(ws, "error")["code"] in ("bad-message", "not-your-turn")
        ws.send(json.dumps({"type": "act", "id": "a9", "action": 7}))  # an action that is no text: still named
        assert recv_type(ws, "error") == {"type": "error", "id": "a9", "code": "bad-message", "message": "action must be text"}
        ws.send(json.dumps({"type": "fill", "seat": 2, "strength": "easy"}))
        assert recv_type(ws, "error")["code"] == "not-host"
        ws.send(json.dumps({"type": "chat", "text": "hi\x07 there" + "!" * 400}))
        line = recv_type(ws, "chat")
        assert line["text"].startswith("hi there") and len(line["text"]) == 300 and line["seat"] == 1


def test_a_frame_over_16_kib_closes_with_1009(server: ServerThread) -> None:
    with raw(server) as ws:
        ws.send("x" * (1 << 20))
        _got, code = frames_until_closed(ws)
    assert code == 1009


def test_a_silent_connection_is_closed(server: ServerThread) -> None:
    with raw(server) as ws:
        got, code = frames_until_closed(ws)
    assert got == [] and code == 1008


def test_a_flood_is_refused_then_closed_4008_while_another_table_answers(server: ServerThread) -> None:
    import threading

    calm = TableClient.create(server.url, "Di", seats=2, computers={1: "easy"})
    wait_for(calm, "welcome")
    closed = threading.Event()
    try:
        with raw(server) as ws:
            ws.send(json.dumps({"type": "create", "version": 1, "name": "Flo"}))
            recv_type(ws, "welcome")

            def flood() -> None:  # 100 messages a second, five times the rate, until the server closes
                end = time.monotonic() + 10
                while time.monotonic() < end and not closed.is_set():
                    try:
                        ws.send(json.dumps({"type": "chat", "text": "spam"}))
                    except ConnectionClosed:
                        return
                    time.sleep(0.01)  # the flood's own pace, not a wait for an outcome

            flooder = threading.Thread(target=flood, daemon=True)
            started = time.monotonic()
            flooder.start()
            for _ in range(10):  # the calm table's every move is answered at once
                if not (calm.state or {}).get("legal"):
                    wait_for(calm, "update", where=lambda f: bool(f["state"]["legal"]))
                legal = (calm.state or {})["legal"]
                sent = time.monotonic()
                ident = calm.act(legal[0])
                wait_for(calm, "ack", where=lambda f: f["id"] == ident, timeout=WAIT)
                # A guard against the flood holding up other tables, not a measure of speed: an ack comes in a few
                # milliseconds on a quiet machine and about 0.1 s at worst on a busy one; the bound is ten times that.
                assert time.monotonic() - sent < 1.0
            got, code = frames_until_closed(ws, timeout=10)
            closed.set()
            flooder.join(5)
        assert code == 4008 and time.monotonic() - started >= 3.0
        assert any(f.get("code") == "too-many" for f in got)
    finally:
        closed.set()
        calm.close()


def test_a_second_connection_with_a_token_replaces_the_first(server: ServerThread, table: dict[str, Any]) -> None:
    with raw(server) as first:
        first.send(hello(table["table"], token=table["guest_token"]))
        recv_type(first, "welcome")
        with raw(server) as second:
            second.send(hello(table["table"], token=table["guest_token"]))
            assert recv_type(second, "welcome")["seat"] == 1
            _got, code = frames_until_closed(first)
            assert code == 4001
            second.send(json.dumps({"type": "chat", "text": "still here"}))
            assert recv_type(second, "chat")["text"] == "still here"


def test_out_of_turn_and_illegal_actions_change_nothing(server: ServerThread) -> None:
    host = TableClient.create(server.url, "Ann", seats=2)
    created = wait_for(host, "created")
    guest = TableClient.join(created["links"]["1"], "Bo")
    try:
        first = wait_for(guest, "welcome")
        state = first["state"]
        mover, other = (guest, host) if state["to_move"] == 1 else (host, guest)
        ident = other.act("play " + (wait_for(other, "update")["state"] if other is host else state)["hand"][0])
        refused = wait_for(other, "error", where=lambda f: f.get("id") == ident)
        assert refused["code"] == "not-your-turn" and "turn" in refused["message"]
        ident = mover.act("play 2S take 8H" if "play 2S take 8H" not in (mover.state or {}).get("legal", []) else "play 3S take 3S")
        assert wait_for(mover, "error", where=lambda f: f.get("id") == ident)["code"] in ("illegal", "bad-message")
        ident = mover.act("choose XX")
        assert wait_for(mover, "error", where=lambda f: f.get("id") == ident)["code"] in ("illegal", "bad-message")
        legal = (mover.state or {})["legal"]
        ident = mover.act(legal[0])
        assert wait_for(mover, "ack", where=lambda f: f.get("id") == ident)["seq"] >= 1
    finally:
        host.close()
        guest.close()


def test_chat_can_be_off(server: ServerThread) -> None:
    host = TableClient.create(server.url, "Ann", seats=2, chat=False)
    try:
        wait_for(host, "welcome")
        host.chat("hello")
        assert wait_for(host, "error")["code"] == "chat-off"
    finally:
        host.close()
