"""HTTP on the table server's port: GET and HEAD (no body) on the pages, 405 for any other method, 400 for a
malformed request, an answer to every request (a body, chunked, pipelined), and never a traceback in the log."""

from __future__ import annotations

import logging
import socket
from collections.abc import Iterator

import pytest

from tests.net.netkit import ServerThread


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path_factory.mktemp("http"), pool=False)
    yield running
    running.stop()


def exchange(server: ServerThread, data: bytes) -> bytes:
    """Send ``data`` on a new connection, end the sending, and read everything until the server closes."""
    with socket.create_connection(("127.0.0.1", server.server.port), timeout=10) as conn:
        conn.sendall(data)
        conn.shutdown(socket.SHUT_WR)
        got = b""
        while chunk := conn.recv(65536):
            got += chunk
    return got


def responses(raw: bytes, heads: list[bool]) -> list[tuple[int, dict[str, str], bytes]]:
    """The responses in ``raw``, one per request (``heads``: whether each was a HEAD, so has no body)."""
    found = []
    for is_head in heads:
        end = raw.index(b"\r\n\r\n")
        line, *fields = raw[:end].decode("latin-1").split("\r\n")
        headers = {k.lower(): v.strip() for k, _, v in (f.partition(":") for f in fields)}
        size = 0 if is_head else int(headers["content-length"])
        found.append((int(line.split(" ")[1]), headers, raw[end + 4:end + 4 + size]))
        raw = raw[end + 4 + size:]
    assert raw == b"", raw[:200]
    return found


def request(method: str, target: str, *extra: str) -> bytes:
    return "\r\n".join([f"{method} {target} HTTP/1.1", "Host: 127.0.0.1", *extra, "", ""]).encode("latin-1")


@pytest.fixture(autouse=True)
def no_traceback(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    caplog.set_level(logging.DEBUG)
    yield
    assert not [r for r in caplog.records if r.exc_info or "Traceback" in r.getMessage()]


def test_get_and_head_answer_the_same_and_head_has_no_body(server: ServerThread) -> None:
    [(status, headers, body)] = responses(exchange(server, request("GET", "/healthz")), [False])
    assert status == 200 and body == b"ok\n"
    [(status, headers, body)] = responses(exchange(server, request("HEAD", "/healthz")), [True])
    assert status == 200 and body == b"" and headers["content-length"] == "3"
    [(status, page_headers, page)] = responses(exchange(server, request("GET", "/t/abcd1234")), [False])
    assert status == 200 and b"abcd1234" in page
    raw = exchange(server, request("HEAD", "/t/abcd1234"))
    [(status, headers, body)] = responses(raw, [True])
    assert status == 200 and body == b"" and headers["content-length"] == page_headers["content-length"]


@pytest.mark.parametrize("method", ["PUT", "DELETE", "POST", "OPTIONS", "PATCH", "TRACE"])
def test_any_other_method_is_405(server: ServerThread, method: str) -> None:
    [(status, headers, _body)] = responses(exchange(server, request(method, "/t/abcd1234")), [False])
    assert status == 405 and headers["allow"] == "GET, HEAD"


def test_a_post_with_a_body_and_a_chunked_request_get_an_answer(server: ServerThread) -> None:
    posted = request("POST", "/ws", "Content-Type: application/json", "Content-Length: 11") + b'{"a": true}'
    [(status, _h, _b)] = responses(exchange(server, posted), [False])
    assert status == 405
    chunked = request("GET", "/healthz", "Transfer-Encoding: chunked") + b"5\r\nhello\r\n0\r\n\r\n"
    [(status, _h, _b)] = responses(exchange(server, chunked), [False])
    assert status == 400


def test_pipelined_requests_are_each_answered_in_order(server: ServerThread) -> None:
    raw = exchange(server, request("GET", "/healthz") + request("HEAD", "/t/abcd1234") + request("GET", "/nothing")
                   + request("GET", "/healthz", "Connection: close"))
    assert [r[0] for r in responses(raw, [False, True, False, False])] == [200, 200, 404, 200]


@pytest.mark.parametrize("target", ["/t/ab%00cd", "/t/ab%0acd", "/t/a\x00b", "t/abcd", "/t/a b"])
def test_a_nul_or_a_malformed_path_is_400_and_never_reaches_a_page(server: ServerThread, target: str) -> None:
    raw = exchange(server, request("GET", target))
    [(status, _h, body)] = responses(raw, [False])
    assert status == 400 and b"<html" not in body


@pytest.mark.parametrize("data", [b"HELLO\r\n\r\n", b"GET /healthz HTTP/2.0\r\n\r\n", b"GET /healthz\r\n\r\n",
                                  b"GET /healthz HTTP/1.1\r\nno colon here\r\n\r\n", b"GET /\xff HTTP/1.1\r\n\r\n",
                                  b"X" * 20000 + b"\r\n\r\n"])
def test_a_malformed_request_is_400_class(server: ServerThread, data: bytes) -> None:
    [(status, _h, _b)] = responses(exchange(server, data), [False])
    assert status in (400, 431)


def test_a_path_that_is_no_url_is_404_not_500(server: ServerThread) -> None:
    for target in ("//[x/t/a", "/t/[x", "//example.org/t/abcd"):
        [(status, _h, _b)] = responses(exchange(server, request("GET", target)), [False])
        assert status in (200, 404)


def test_a_plain_get_of_the_websocket_endpoint_is_told_to_upgrade(server: ServerThread) -> None:
    [(status, _h, _b)] = responses(exchange(server, request("GET", "/ws")), [False])
    assert status == 426
