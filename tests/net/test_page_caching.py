"""The page's files over the wire: gzip-compressed when the browser takes it (compressed once, not per request),
validated by ``ETag`` and answered ``304``, and kept a year at the versioned addresses the page names, so a
second visit asks for the page alone and gets a few hundred bytes."""

from __future__ import annotations

import gzip
import re
import shutil
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from chinese_ten.assets import assets_root
from chinese_ten.net import page
from chinese_ten.net.page import IMMUTABLE, page_for, version
from chinese_ten.net.served import accepts_gzip
from tests.net.netkit import ServerThread
from tests.net.test_http import request
from tests.net.test_http_answers import WAIT

GZIP = "Accept-Encoding: gzip, deflate, br"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path_factory.mktemp("caching"), pool=False)
    yield running
    running.stop()


class Wire:
    """One keep-alive connection to the server that counts the bytes it receives."""

    def __init__(self, server: ServerThread) -> None:
        self.conn = socket.create_connection(("127.0.0.1", server.server.port), timeout=WAIT)
        self.received = 0
        self._buffer = b""

    def get(self, target: str, *extra: str) -> tuple[int, dict[str, str], bytes]:
        """GET ``target``: the status, the headers (names in lower case) and the body as sent."""
        self.conn.sendall(request("GET", target, *extra))
        while b"\r\n\r\n" not in self._buffer:
            self._read()
        head, _, self._buffer = self._buffer.partition(b"\r\n\r\n")
        line, *fields = head.decode("latin-1").split("\r\n")
        headers = {name.strip().lower(): value.strip() for name, _, value in (f.partition(":") for f in fields)}
        size = int(headers.get("content-length", "0"))
        while len(self._buffer) < size:
            self._read()
        body, self._buffer = self._buffer[:size], self._buffer[size:]
        return int(line.split(" ")[1]), headers, body

    def _read(self) -> None:
        chunk = self.conn.recv(65536)
        assert chunk, "the server closed the connection"
        self.received += len(chunk)
        self._buffer += chunk

    def close(self) -> None:
        self.conn.close()


@pytest.fixture
def wire(server: ServerThread) -> Iterator[Wire]:
    opened = Wire(server)
    yield opened
    opened.close()


def named_by_page(html: bytes) -> list[str]:
    """The addresses the page names for its style, scripts and icon."""
    return re.findall(r'(?:src|href)="(/[^"]+)"', html.decode())


def test_the_page_names_its_files_at_versioned_addresses_kept_for_a_year(wire: Wire) -> None:
    status, headers, html = wire.get("/t/k3m9x2p7")
    assert status == 200 and headers["cache-control"] == "no-cache" and headers["etag"]
    named = named_by_page(html)
    assert set(named) == {f"/web/{version()}/style.css", f"/web/{version()}/front.css", f"/web/{version()}/main.js",
                          f"/icon.svg?v={version()}", "/manifest.webmanifest", "/rules"}
    named.remove("/manifest.webmanifest")  # the install's manifest keeps one address, asked about again each time
    named.remove("/rules")  # a page, not a file of the page's
    for target in [*named, f"/web/{version()}/table.js", f"/cards/classic/7D.svg?v={version()}"]:
        status, headers, _body = wire.get(target)
        assert status == 200 and headers["cache-control"] == IMMUTABLE, target


@pytest.mark.parametrize("target", ["/web/main.js", "/web/0123456789ab/main.js", "/cards/classic/7D.svg",
                                    "/cards/classic/7D.svg?v=0123456789ab", "/icon.svg", "/web/texts/zh-Hans.json"])
def test_an_address_without_this_version_is_asked_about_again(wire: Wire, target: str) -> None:
    status, headers, body = wire.get(target)
    assert status == 200 and headers["cache-control"] == "no-cache" and headers["etag"] and body


@pytest.mark.parametrize("target", ["/t/k3m9x2p7", "/web/main.js", "/web/style.css", "/web/texts/zh-Hant.json",
                                    "/cards/classic/QS.svg", "/icon.svg"])
def test_each_file_is_gzip_compressed_when_the_browser_takes_it_and_plain_when_not(wire: Wire, target: str) -> None:
    _status, plain_headers, plain = wire.get(target)
    assert "content-encoding" not in plain_headers
    status, headers, packed = wire.get(target, GZIP)
    assert status == 200 and headers["content-encoding"] == "gzip" and headers["vary"] == "Accept-Encoding"
    assert gzip.decompress(packed) == plain and len(packed) < len(plain)
    assert headers["content-type"] == plain_headers["content-type"] and headers["etag"] != plain_headers["etag"]


@pytest.mark.parametrize("target", ["/t/k3m9x2p7", f"/web/{version()}/main.js", "/web/texts/zh-Hans.json",
                                    "/cards/classic/QS.svg", "/"])
def test_a_current_copy_is_answered_304_without_a_body(wire: Wire, target: str) -> None:
    for extra in ((), (GZIP,)):
        _status, headers, _body = wire.get(target, *extra)
        status, again, body = wire.get(target, *extra, f"If-None-Match: {headers['etag']}")
        assert status == 304 and body == b"" and "content-length" not in again and again["etag"] == headers["etag"]
        assert again["cache-control"] == headers["cache-control"]
    status, _headers, body = wire.get(target, 'If-None-Match: "not-this-one"')
    assert status == 200 and body


def test_a_file_is_compressed_once_however_often_it_is_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    compress = gzip.compress
    monkeypatch.setattr(gzip, "compress", lambda data, *a, **k: calls.append(len(data)) or compress(data, *a, **k))
    wants = {"accept-encoding": "gzip"}
    first = page_for("/web/count.js", request=wants)
    calls.clear()
    again = [page_for("/web/count.js", request=wants) for _ in range(5)]
    assert first is not None and all(a is not None and a.body == first.body for a in again) and calls == []


def test_a_second_visit_transfers_a_few_hundred_bytes(server: ServerThread) -> None:
    first = Wire(server)
    _status, headers, html = first.get("/t/k3m9x2p7", GZIP)
    for target in named_by_page(gzip.decompress(html)):
        first.get(target, GZIP)
    first.close()
    second = Wire(server)
    status, _headers, _body = second.get("/t/k3m9x2p7", GZIP, f"If-None-Match: {headers['etag']}")
    second.close()
    assert status == 304 and second.received < 600 < first.received


def test_the_version_changes_with_a_card_picture(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(assets_root() / "cards", tmp_path / "cards")
    monkeypatch.setattr(page, "assets_root", lambda: tmp_path)
    page.version.cache_clear()
    try:
        before = version()
        picture = tmp_path / "cards" / "four-colour" / "QH.svg"
        picture.write_bytes(picture.read_bytes().replace(b"</svg>", b"<!-- drawn again --></svg>"))
        page.version.cache_clear()
        assert version() != before
    finally:
        page.version.cache_clear()


@pytest.mark.parametrize(("value", "takes"), [("gzip", True), ("gzip, deflate, br", True), ("br;q=1.0, gzip;q=0.8", True),
                                               ("*", True), ("identity", False), ("", False), ("gzip;q=0", False),
                                               ("*;q=0.5, gzip;q=0", False), ("x-gzip", True), ("gzip;q=x", False)])
def test_accept_encoding_is_read_by_its_weights(value: str, takes: bool) -> None:
    assert accepts_gzip(value) is takes
