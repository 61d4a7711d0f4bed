"""Plain HTTP on the table server's port, answered before the WebSocket library sees a byte.

The WebSocket library reads only the opening handshake of a WebSocket: anything else (a ``POST``, a body,
a chunked request, a second request on the same connection) it drops without an answer. So each new
connection's first bytes are read here: a ``GET`` of the WebSocket endpoint (``/ws``, ``/ws/TABLE``) is
handed on whole, and every other request is answered here, in order (pipelined ones too): ``GET`` and
``HEAD`` (no body) by :attr:`FrontConnection.answer`, any other method ``405``, a malformed request
``400`` at once (bare LF line endings too), a head over :data:`MAX_HEAD` ``431``, never a traceback. Every
answer, the WebSocket library's own too, carries :data:`SECURITY_HEADERS`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from http import HTTPStatus
from typing import Any
from urllib.parse import unquote

from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Response
from websockets.server import ServerProtocol

_log = logging.getLogger("chinese_ten.net")

MAX_HEAD = 8 * 1024
"""The longest request head (its line and headers) read, in bytes."""

METHODS = ("GET", "HEAD")
"""The methods the pages answer."""

Answer = Callable[["FrontConnection", str], Response]
"""What answers a ``GET`` of a path (without its query) on a connection: the response, body and all."""


SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    ("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'"),
    ("X-Frame-Options", "DENY"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
)
"""The headers every answer carries (NETWORK.md, "The web seat"): nothing from elsewhere, no inline script or
style, never inside another site's frame, no guessed types, no referrer."""

TEXT = "text/plain; charset=utf-8"
"""The content type of a short text answer."""


def plain(status: HTTPStatus, text: str = "", content_type: str = TEXT) -> Response:
    """A short answer of ``text`` (by default the status's phrase) as ``content_type``, never kept by a cache."""
    body = (text or f"{status.phrase.lower()}\n").encode("utf-8")
    headers = Headers([("Content-Type", content_type), ("Cache-Control", "no-store")])
    return Response(status.value, status.phrase, headers, body)


def secure(headers: Headers) -> None:
    """Give ``headers`` each of :data:`SECURITY_HEADERS`, once."""
    for name, value in SECURITY_HEADERS:
        if name in headers:
            del headers[name]
        headers[name] = value


def is_websocket_path(path: str, ws_path: str) -> bool:
    """True for the WebSocket endpoint's paths: ``/ws`` and ``/ws/TABLE``."""
    return path == ws_path or path.startswith(ws_path + "/")


class Head:
    """One request's line and headers, as read (or why it is malformed)."""

    def __init__(self, raw: bytes) -> None:
        self.method = self.target = self.version = ""
        self.headers: dict[str, str] = {}
        self.problem: str | None = None
        try:
            text = raw.decode("ascii")
        except UnicodeDecodeError:
            self.problem = "a request head is ASCII"
            return
        line, *fields = text.split("\r\n")
        parts = line.split(" ")
        if len(parts) != 3 or not parts[0].isalpha() or not parts[0].isupper():
            self.problem = "a malformed request line"
            return
        self.method, self.target, self.version = parts
        if self.version not in ("HTTP/1.1", "HTTP/1.0"):
            self.problem = "an HTTP version other than 1.0 and 1.1"
            return
        if not self.target.startswith("/") or any(ord(ch) <= 0x20 or ord(ch) == 0x7F for ch in self.target):
            self.problem = "a malformed path"
            return
        for field in fields:
            name, sep, value = field.partition(":")
            if not sep or not name or name != name.strip():
                self.problem = "a malformed header"
                return
            self.headers[name.lower()] = value.strip()

    @property
    def path(self) -> str:
        """The target without its query."""
        return self.target.split("?", 1)[0]

    @property
    def query(self) -> str:
        """The target's query (after its ``?``), or nothing."""
        return self.target.partition("?")[2]

    @property
    def has_body(self) -> bool:
        """True when a body follows the head (which no page takes)."""
        return "transfer-encoding" in self.headers or self.headers.get("content-length", "0") != "0"

    @property
    def keeps_alive(self) -> bool:
        """True when the client keeps the connection for another request."""
        wish = self.headers.get("connection", "").lower()
        return "close" not in wish if self.version == "HTTP/1.1" else "keep-alive" in wish

    @property
    def upgrades(self) -> bool:
        """True when it asks for a WebSocket."""
        return self.method == "GET" and "websocket" in self.headers.get("upgrade", "").lower()


class FrontConnection(ServerConnection):
    """A server connection that answers plain HTTP itself and hands a WebSocket's opening handshake on."""

    ws_path = "/ws"
    """The WebSocket endpoint's path."""

    def __init__(self, *args: Any, answer: Answer, posts: Callable[[str], bool] = lambda path: False,
                 **kwargs: Any) -> None:
        """A connection whose page requests ``answer`` answers (the rest as :class:`ServerConnection`), a
        ``POST`` (with no body) too at the paths ``posts`` names."""
        super().__init__(*args, **kwargs)
        self.answer = answer
        self.posts = posts
        self.method = "GET"
        """The method of the request being answered."""
        self.protocol.send_response = self._send_handshake  # type: ignore[method-assign]
        self.headers: dict[str, str] = {}
        """The headers of the request being answered (names in lower case)."""
        self.query = ""
        """The query of the request being answered (after its path's ``?``)."""
        self._read = bytearray()
        self._mode: str | None = None
        """None until the first request's head is read; then ``ws`` (handed on) or ``http`` (answered here)."""

    def data_received(self, data: bytes) -> None:
        """Bytes from the client: the WebSocket's, or requests to answer."""
        if self._mode == "ws":
            super().data_received(data)
            return
        if self._mode == "done":
            return
        self._read += data
        try:
            self._answer_all()
        except Exception as exc:  # noqa: BLE001 - a request never leaves a traceback, nor goes unanswered
            _log.error("a request could not be answered: %s: %s", type(exc).__name__, exc)
            self._send(plain(HTTPStatus.INTERNAL_SERVER_ERROR), head=False, close=True)

    def _send_handshake(self, response: Response) -> None:
        """The WebSocket library's answer to a handshake (its ``101`` or a refusal), with the headers every
        answer carries."""
        secure(response.headers)
        ServerProtocol.send_response(self.protocol, response)

    def eof_received(self) -> None:
        """The client has sent everything."""
        if self._mode == "ws":
            super().eof_received()
            return
        self._mode = "done"
        self.transport.close()

    def _answer_all(self) -> None:
        while self._mode != "done":
            end = self._read.find(b"\r\n\r\n")
            size = end if end >= 0 else len(self._read)
            if self._read.count(b"\n", 0, size) != self._read.count(b"\r\n", 0, size):
                self._send(plain(HTTPStatus.BAD_REQUEST, "bad request: a line ends in a bare LF, not CR LF\n"),
                           head=False, close=True)
                return
            if size > MAX_HEAD:
                self._send(plain(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE), head=False, close=True)
                return
            if end < 0:
                return
            head = Head(bytes(self._read[:end]))
            if self._mode is None and head.problem is None and head.upgrades and is_websocket_path(head.path,
                                                                                                   self.ws_path):
                self._mode = "ws"
                data, self._read = bytes(self._read), bytearray()
                super().data_received(data)
                return
            self._mode = "http"
            del self._read[:end + 4]
            self._respond(head)

    def _respond(self, head: Head) -> None:
        if head.problem is not None:
            self._send(plain(HTTPStatus.BAD_REQUEST, f"bad request: {head.problem}\n"), head=False, close=True)
            return
        if head.method not in METHODS and not (head.method == "POST" and self.posts(head.path)):
            response = plain(HTTPStatus.METHOD_NOT_ALLOWED)
            response.headers["Allow"] = ", ".join(METHODS)
            self._send(response, head=False, close=True)
            return
        if head.has_body:
            self._send(plain(HTTPStatus.BAD_REQUEST, "bad request: a page request has no body\n"), head=False,
                       close=True)
            return
        path = head.path
        if any(ord(ch) < 0x20 or ord(ch) == 0x7F for ch in unquote(path)):
            self._send(plain(HTTPStatus.BAD_REQUEST, "bad request: a malformed path\n"), head=False, close=True)
            return
        if is_websocket_path(path, self.ws_path):
            response = plain(HTTPStatus.UPGRADE_REQUIRED, "this address takes a WebSocket\n")
        else:
            self.headers = head.headers
            self.query = head.query
            self.method = head.method
            response = self.answer(self, path)
        self._send(response, head=head.method == "HEAD", close=not head.keeps_alive)

    def _send(self, response: Response, *, head: bool, close: bool) -> None:
        """Write one response (without its body for ``HEAD``, and a ``304`` has none), closing after it when
        ``close``."""
        headers = Headers(response.headers)
        secure(headers)
        if "Content-Length" in headers:
            del headers["Content-Length"]
        bodiless = head or response.status_code == HTTPStatus.NOT_MODIFIED
        if response.status_code != HTTPStatus.NOT_MODIFIED:
            headers["Content-Length"] = str(len(response.body))
        if close:
            headers["Connection"] = "close"
        lines = [f"HTTP/1.1 {response.status_code} {response.reason_phrase}"]
        lines += [f"{name}: {value}" for name, value in headers.raw_items()]
        data = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
        self.transport.write(data if bodiless else data + bytes(response.body))
        if close:
            self._mode = "done"
            self.transport.close()
