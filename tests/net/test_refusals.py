"""Every limit's refusal counted in ``/metrics`` and logged, a few lines whatever a client does; and a request
forwarded by a proxy the server does not trust (``--trust-proxy`` missing or wrong) said once in the log."""

from __future__ import annotations

import http.client
import json
import logging
import re
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from chinese_ten.net import protocol as p
from chinese_ten.net.links import ws_url
from chinese_ten.net.refusals import LINES_PER_MINUTE, MINUTE, RefusalLog
from chinese_ten.net.server import Connection
from tests.net.netkit import ServerThread
from tests.net.tablekit import HandClock
from tests.net.test_bad_clients import frames_until_closed

NEXT = json.dumps({"type": "next"})


class _Socket:
    """A WebSocket that is never written (the frames stay in the connection's queue)."""


def _lines(caplog: pytest.LogCaptureFixture, words: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "chinese_ten.net" and words in r.getMessage()]


def _get(server: ServerThread, path: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
    host, port = server.url.removeprefix("http://").rsplit(":", 1)
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    try:
        conn.request("GET", path, headers=headers or {})
        answer = conn.getresponse()
        return answer.status, answer.read().decode()
    finally:
        conn.close()


def _figure(server: ServerThread, name: str) -> float:
    status, text = _get(server, "/metrics")
    assert status == 200
    found = re.search(rf"^chinese_ten_{re.escape(name)} (\S+)$", text, re.MULTILINE)
    assert found, f"/metrics has no {name}"
    return float(found.group(1))


def _from(server: ServerThread, address: str, **options: Any) -> ClientConnection:
    return connect(ws_url(server.url), subprotocols=[p.SUBPROTOCOL], proxy=None, open_timeout=10,  # type: ignore[list-item]
                   compression=None, source_address=(address, 0), **options)


def _create(ws: ClientConnection) -> dict[str, Any]:
    ws.send(json.dumps({"type": "create", "version": 1, "name": "Ann", "seats": 2}))
    for _ in range(20):  # a welcome and a presence may come between
        frame = json.loads(ws.recv(timeout=10))
        if frame["type"] in ("created", "error"):
            return frame  # type: ignore[no-any-return]
    raise AssertionError("no answer to create")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path / "data", tables_per_hour=1, connections_per_address=2)
    yield running
    running.stop()


def test_one_address_refused_a_thousand_times_in_a_minute_is_one_line_then_one_saying_how_many(
        caplog: pytest.LogCaptureFixture) -> None:
    clock = HandClock()
    log = RefusalLog(clock.time)
    for _ in range(1000):
        log.refused("rate", "192.0.2.1")
        clock.now += 0.01
    assert len(_lines(caplog, "192.0.2.1")) == 1
    clock.now += MINUTE
    log.refused("rate", "192.0.2.1")
    lines = _lines(caplog, "192.0.2.1")
    assert len(lines) == 2 and "999 more from it" in lines[1]


def test_many_addresses_are_logged_at_most_the_minutes_bound_and_the_rest_counted(
        caplog: pytest.LogCaptureFixture) -> None:
    clock = HandClock()
    log = RefusalLog(clock.time)
    for n in range(500):
        log.refused("connections", f"2001:db8::{n:x}")
    assert len(_lines(caplog, "2001:db8::")) == LINES_PER_MINUTE
    clock.now += MINUTE
    log.refused("tables", "192.0.2.7")
    assert f"{500 - LINES_PER_MINUTE} from others" in _lines(caplog, "192.0.2.7")[0]


def test_the_rate_and_the_flood_close_are_each_told_as_a_limit() -> None:
    clock = HandClock()
    conn = Connection(_Socket(), clock)  # type: ignore[arg-type]
    conn.address = "192.0.2.9"
    told: list[tuple[str, str]] = []
    conn.on_limit = lambda limit, address: told.append((limit, address))
    for _ in range(400):  # fifty-five a second: refused past twenty, closed after three seconds
        if not conn.admit(NEXT) and conn.closing:
            break
        clock.advance(1 / 55)
    assert conn.closing
    assert told[-1] == ("flood", "192.0.2.9") and told.count(("flood", "192.0.2.9")) == 1
    assert set(told[:-1]) == {("rate", "192.0.2.9")} and len(told) > 50


def test_tables_and_connections_over_their_limits_are_counted_and_logged_once_a_minute(
        server: ServerThread, caplog: pytest.LogCaptureFixture) -> None:
    with _from(server, "127.0.0.5") as ws:
        assert _create(ws)["type"] == "created"
    for _ in range(3):
        with _from(server, "127.0.0.5") as ws:
            refused = _create(ws)
            assert refused["type"] == "error" and refused["code"] == "too-many"
    assert _figure(server, 'limit_refusals_total{limit="tables"}') == 3
    assert len(_lines(caplog, "tables opened from one address")) == 1
    with ExitStack() as stack:
        for _ in range(2):
            stack.enter_context(_from(server, "127.0.0.7"))
        for _ in range(2):
            with _from(server, "127.0.0.7") as extra:
                assert frames_until_closed(extra)[1] == p.CLOSE_FLOOD
    assert _figure(server, 'limit_refusals_total{limit="connections"}') == 2
    lines = _lines(caplog, "more connections from one address")
    assert len(lines) == 1 and "127.0.0.7" in lines[0]
    assert _figure(server, 'limit_refusals_total{limit="rate"}') == 0


def test_a_request_forwarded_by_a_peer_not_trusted_is_said_once_and_counted(
        server: ServerThread, caplog: pytest.LogCaptureFixture) -> None:
    assert _get(server, "/healthz")[0] == 200
    assert not _lines(caplog, "X-Forwarded-For")
    assert _get(server, "/healthz", {"X-Forwarded-For": "203.0.113.4"})[0] == 200
    with _from(server, "127.0.0.1", additional_headers={"X-Forwarded-For": "203.0.113.5"}) as ws:
        assert _create(ws)["type"] == "created"
    lines = _lines(caplog, "X-Forwarded-For")
    assert len(lines) == 1 and "--trust-proxy" in lines[0] and "127.0.0.1" in lines[0]
    assert "203.0.113" not in lines[0]  # what a client claims is not written
    assert _figure(server, "untrusted_forwarded_requests_total") == 2


def test_a_trusted_proxys_forwarded_requests_are_not_warned_about(tmp_path: Path,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    running = ServerThread(tmp_path / "data", trust_proxy=["127.0.0.1"])
    try:
        assert _get(running, "/healthz", {"X-Forwarded-For": "203.0.113.4"})[0] == 200
        assert _figure(running, "untrusted_forwarded_requests_total") == 0
    finally:
        running.stop()
    assert not _lines(caplog, "X-Forwarded-For")


@pytest.fixture(autouse=True)
def _warnings(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="chinese_ten.net")
