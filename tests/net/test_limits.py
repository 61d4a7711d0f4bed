"""The limits NETWORK.md sets: the rate over a sliding second and the flood close (on a clock moved by hand),
tables and connections per client address, text that is not valid Unicode, and the one ``version``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from chinese_ten.net import protocol as p
from chinese_ten.net.links import parse_link, ws_url
from chinese_ten.net.server import Connection
from tests.net.netkit import ServerThread
from tests.net.tablekit import HandClock
from tests.net.test_bad_clients import frames_until_closed, hello, recv_type


class _Socket:
    """A WebSocket that is never written (the frames stay in the connection's queue)."""


NEXT = json.dumps({"type": "next"})
"""A message that names no action."""


def _sent(conn: Connection) -> list[Any]:
    items = []
    while not conn._outbox.empty():  # noqa: SLF001 - what the connection would write
        items.append(conn._outbox.get_nowait())  # noqa: SLF001
    return items


def _flood(rate: float, seconds: float, burst: int = 1) -> tuple[int, int, float | None]:
    """Messages at ``rate`` a second (in bursts of ``burst`` at once) for ``seconds``: how many were admitted,
    how many refused with too-many, and when the connection was closed 4008 (None: never)."""
    clock = HandClock()
    conn = Connection(_Socket(), clock)  # type: ignore[arg-type]
    admitted = refused = 0
    gap = burst / rate
    start = clock.now
    while clock.now - start < seconds:
        for _ in range(burst):
            if conn.admit(NEXT):
                admitted += 1
            elif conn.closing:
                closes = [item for item in _sent(conn) if isinstance(item, tuple)]
                assert closes == [(p.CLOSE_FLOOD, "too many messages")]
                return admitted, refused, clock.now - start
            else:
                refused += 1
        sent = _sent(conn)  # written out, as the connection's writer does
        assert all(json.loads(item)["code"] == "too-many" for item in sent)
        clock.advance(gap)
    return admitted, refused, None


def test_just_under_twenty_a_second_are_all_admitted_for_as_long_as_they_come() -> None:
    admitted, refused, closed = _flood(19.5, 30)
    assert refused == 0 and closed is None and admitted >= 585


def test_fifty_five_a_second_are_refused_beyond_twenty_and_closed_after_three_seconds() -> None:
    admitted, refused, closed = _flood(55, 10)
    assert closed is not None and 3.0 <= closed < 3.5  # three seconds after the rate was first passed
    assert admitted <= 20 * 4 and refused > 0


@pytest.mark.parametrize("burst", [25, 40, 400])
def test_bursts_that_an_admitted_message_once_reset_are_closed_too(burst: int) -> None:
    _admitted, _refused, closed = _flood(burst / 0.9, 10, burst)  # a burst every 0.9 s
    assert closed is not None and closed < 4.0


def test_a_short_flood_is_refused_but_not_closed() -> None:
    clock = HandClock()
    conn = Connection(_Socket(), clock)  # type: ignore[arg-type]
    results = []
    for _ in range(2):  # two seconds over the rate, then a calm second and more
        for _ in range(40):
            results.append(conn.admit(NEXT))
            clock.advance(1 / 40)
    clock.advance(1.5)
    for _ in range(20):
        results.append(conn.admit(NEXT))
        clock.advance(0.1)
    assert not conn.closing and all(results[-20:]) and results.count(True) == 20 * 2 + 20


def test_an_action_refused_for_the_rate_is_named_so_that_it_may_be_made_again() -> None:
    clock = HandClock()
    conn = Connection(_Socket(), clock)  # type: ignore[arg-type]
    assert all(conn.admit(NEXT) for _ in range(p.RATE_PER_SECOND))
    assert not conn.admit(json.dumps({"type": "act", "id": "a7", "action": "play 7D"}))
    assert not conn.admit(NEXT)
    refusals = [json.loads(item) for item in _sent(conn)]
    assert [(r["code"], r.get("id")) for r in refusals] == [("too-many", "a7"), ("too-many", None)]
    clock.advance(1.0)
    assert conn.admit(json.dumps({"type": "act", "id": "a7", "action": "play 7D"}))  # made again, a second on


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path, pool=False)
    yield running
    running.stop()


def _from(server: ServerThread, address: str, path: str = "") -> ClientConnection:
    return connect(ws_url(server.url) + path, subprotocols=[p.SUBPROTOCOL], proxy=None, open_timeout=10,  # type: ignore[list-item]
                   compression=None, source_address=(address, 0))


def _create(ws: ClientConnection, **fields: Any) -> dict[str, Any]:
    ws.send(json.dumps({"type": "create", "version": 1, "name": "Ann", "seats": 2, **fields}))
    while True:
        frame = json.loads(ws.recv(timeout=10))
        if frame["type"] in ("created", "error"):
            return frame  # type: ignore[no-any-return]


def test_an_address_opens_twenty_tables_an_hour_and_another_address_is_not_held_up(server: ServerThread) -> None:
    made = []
    for _ in range(p.TABLES_PER_HOUR):
        with _from(server, "127.0.0.5") as ws:
            made.append(_create(ws)["type"])
    assert made == ["created"] * p.TABLES_PER_HOUR
    with _from(server, "127.0.0.5") as ws:
        refused = _create(ws)
        assert refused["type"] == "error" and refused["code"] == "too-many"
        ws.send(json.dumps({"type": "create", "version": 1, "seats": 9}))  # the connection stays open
        assert recv_type(ws, "error")["code"] in ("too-many", "bad-message")
    with _from(server, "127.0.0.6") as ws:
        assert _create(ws)["type"] == "created"
    assert len(server.server.store.table_ids()) == p.TABLES_PER_HOUR + 1


def test_an_address_holds_thirty_two_connections_and_the_next_is_closed_4008(server: ServerThread) -> None:
    with ExitStack() as stack:
        held = [stack.enter_context(_from(server, "127.0.0.7")) for _ in range(p.CONNECTIONS_PER_ADDRESS)]
        with _from(server, "127.0.0.7") as extra:
            _got, code = frames_until_closed(extra)
            assert code == 4008
        with _from(server, "127.0.0.8") as other:
            assert _create(other)["type"] == "created"
        held.pop().close()
        for _ in range(200):  # the server counts the closed one out once its handler has ended
            with _from(server, "127.0.0.7") as again:
                try:
                    if _create(again)["type"] == "created":
                        break
                except ConnectionClosed:
                    continue
        else:
            raise AssertionError("a freed connection was never given back to its address")


def _table(server: ServerThread) -> tuple[str, str, str]:
    """A two-seat table: its id, the host's token and the guest's claim."""
    with _from(server, "127.0.0.9") as ws:
        created = _create(ws)
    return created["table"], created["token"], parse_link(created["links"]["1"]).claim


def spliced(message: dict[str, Any], raw: str, quoted: bool = False) -> str:
    """``message`` as JSON with ``raw`` written in where ``@@`` stands (inside a text, or, ``quoted``, for the
    whole value): a lone surrogate's escape, or a value JSON writes otherwise."""
    text = json.dumps(message)
    return text.replace('"@@"', raw) if quoted else text.replace("@@", raw)


@pytest.mark.parametrize("where", ["claim", "token"])
def test_a_lone_surrogate_in_a_claim_or_token_is_bad_message_then_4003(server: ServerThread, where: str) -> None:
    table, _token, _claim = _table(server)
    with _from(server, "127.0.0.9") as ws:
        ws.send(spliced({"type": "hello", "version": 1, "table": table, where: "abc@@def", "name": "Eve"}, "\\ud800"))
        got, code = frames_until_closed(ws)
    assert [f["code"] for f in got] == ["bad-message"] and code == 4003


def test_a_lone_surrogate_anywhere_is_refused_before_anything_is_applied(server: ServerThread) -> None:
    table, token, claim = _table(server)
    with _from(server, "127.0.0.9") as guest, _from(server, "127.0.0.9") as host:
        guest.send(spliced({"type": "hello", "version": 1, "table": table, "claim": claim, "name": "B@@o"}, "\\udc00"))
        assert recv_type(guest, "error")["code"] == "bad-message"
        guest.send(hello(table, claim=claim, name="Bo"))  # the claim was not spent
        welcome = recv_type(guest, "welcome")
        assert welcome["seat"] == 1
        host.send(hello(table, token=token))
        host_welcome = recv_type(host, "welcome")
        mover = host if welcome["state"]["to_move"] == 0 else guest
        action = (welcome if mover is guest else host_welcome)["state"]["legal"][0]
        mover.send(spliced({"type": "act", "id": "x@@", "action": action}, "\\ud801"))
        assert recv_type(mover, "error")["code"] == "bad-message"
        mover.send(spliced({"type": "chat", "text": "@@"}, "\\udfff"))
        assert recv_type(mover, "error")["code"] == "bad-message"
        mover.send(json.dumps({"type": "act", "id": "a1", "action": action}))  # the move was never applied
        assert recv_type(mover, "ack")["id"] == "a1"


@pytest.mark.parametrize("version", ["true", "1.0", '"1"', "2", "null"])
def test_only_the_json_integer_1_is_version_1(server: ServerThread, version: str) -> None:
    table, token, _claim = _table(server)
    with _from(server, "127.0.0.9") as ws:
        ws.send(spliced({"type": "hello", "version": "@@", "table": table, "token": token}, version, quoted=True))
        got, code = frames_until_closed(ws)
    assert code == 4009 and [f["code"] for f in got] == ["version"]
    with _from(server, "127.0.0.9") as ws:
        ws.send(spliced({"type": "create", "version": "@@", "name": "Ann"}, version, quoted=True))
        got, code = frames_until_closed(ws)
    assert code == 4009
