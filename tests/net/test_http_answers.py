"""What every HTTP answer of the table server carries, whoever writes it (the pages, the health check, the
figures, each refusal, the WebSocket library's handshake): the contract's policy, never inside another
site's frame, one ``Content-Type``, no ``Server`` naming versions; and the edges of a request head: too long
when it arrives whole, or its lines ending in a bare LF, answered at once."""

from __future__ import annotations

import base64
import os
import socket
from collections.abc import Iterator

import pytest

from tests.net.netkit import ServerThread
from tests.net.test_http import request

WANTED = {"content-security-policy": "default-src 'self'; frame-ancestors 'none'", "x-frame-options": "DENY",
          "x-content-type-options": "nosniff", "referrer-policy": "no-referrer"}
WAIT = 60.0
"""Seconds a read waits for the server before the test gives up: a guard against a freeze only."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path_factory.mktemp("answers"), pool=False)
    yield running
    running.stop()


def first_answer(server: ServerThread, data: bytes) -> tuple[int, list[tuple[str, str]], bytes]:
    """Send ``data`` on a new connection without ending the sending, and read the first answer's status, its
    headers (every one, in order, names in lower case) and whatever followed them until the server closed or
    the head was whole and the body, by its length, too."""
    with socket.create_connection(("127.0.0.1", server.server.port), timeout=WAIT) as conn:
        conn.sendall(data)
        got = b""
        while b"\r\n\r\n" not in got:
            chunk = conn.recv(65536)
            assert chunk, f"the server closed without an answer after {got!r}"
            got += chunk
        head, _, rest = got.partition(b"\r\n\r\n")
        line, *fields = head.decode("latin-1").split("\r\n")
        headers = [(name.strip().lower(), value.strip()) for name, _, value in (f.partition(":") for f in fields)]
        size = int(dict(headers).get("content-length", "0"))
        while len(rest) < size and (chunk := conn.recv(65536)):
            rest += chunk
    return int(line.split(" ")[1]), headers, rest


def handshake(*extra: str) -> bytes:
    key = base64.b64encode(os.urandom(16)).decode()
    return request("GET", "/ws", "Upgrade: websocket", "Connection: Upgrade", f"Sec-WebSocket-Key: {key}",
                   "Sec-WebSocket-Version: 13", "Sec-WebSocket-Protocol: chinese-ten.v1", *extra)


ANSWERS = {
    "page": (request("GET", "/t/k3m9x2p7"), 200),
    "health check": (request("GET", "/healthz"), 200),
    "figures": (request("GET", "/metrics"), 200),
    "figures refused": (request("GET", "/metrics", "X-Forwarded-For: 203.0.113.9"), 403),
    "no such page": (request("GET", "/nothing"), 404),
    "method": (request("POST", "/t/k3m9x2p7"), 405),
    "malformed": (b"GET /healthz HTTP/2.0\r\n\r\n", 400),
    "websocket only": (request("GET", "/ws"), 426),
    "head too long": (request("GET", "/healthz", "X-Pad: " + "a" * 9000), 431),
    "handshake refused": (request("GET", "/ws", "Upgrade: websocket", "Connection: Upgrade"), 400),
    "handshake": (handshake(), 101),
}


@pytest.mark.parametrize("name", list(ANSWERS))
def test_every_answer_carries_the_contracts_headers_once_and_no_server_versions(server: ServerThread,
                                                                                name: str) -> None:
    data, status = ANSWERS[name]
    got, headers, _body = first_answer(server, data)
    assert got == status
    names = [n for n, _ in headers]
    for header, value in WANTED.items():
        assert names.count(header) == 1 and dict(headers)[header] == value, (header, headers)
    if status != 101:
        assert names.count("content-type") == 1, headers
    assert all("python" not in v.lower() and "websockets" not in v.lower() for n, v in headers if n == "server")


def test_the_figures_are_prometheus_text_in_a_single_content_type(server: ServerThread) -> None:
    _status, headers, body = first_answer(server, request("GET", "/metrics"))
    assert [v for n, v in headers if n == "content-type"] == ["text/plain; version=0.0.4; charset=utf-8"]
    assert b"# TYPE chinese_ten_open_tables gauge" in body


@pytest.mark.parametrize("size", [20_000, 100_000])
def test_a_head_too_long_is_431_even_when_it_arrives_whole(server: ServerThread, size: int) -> None:
    status, _headers, _body = first_answer(server, request("GET", "/healthz", "X-Pad: " + "a" * size))
    assert status == 431


def test_a_head_just_inside_the_limit_is_answered(server: ServerThread) -> None:
    status, _headers, body = first_answer(server, request("GET", "/healthz", "X-Pad: " + "a" * 7000))
    assert status == 200 and body == b"ok\n"


@pytest.mark.parametrize("data", [b"GET /healthz HTTP/1.1\nHost: 127.0.0.1\n\n", b"GET /healthz HTTP/1.1\n",
                                  b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\n\r\n"])
def test_bare_lf_line_endings_are_400_at_once(server: ServerThread, data: bytes) -> None:
    # the request is never finished in CR LF and the sending never ended: only a refusal at once answers it
    status, headers, body = first_answer(server, data)
    assert status == 400 and b"LF" in body and dict(headers)["connection"] == "close"
