"""The kit's Caddyfiles in front of the table servers their own comments start, on loopback with Caddy's local
authority: HSTS and one ``Server`` header (Caddy's, on the WebSocket's 101 too), a request head that never
ends closed by Caddy, and with a shard down the shared pages still answered and its tables' pages saying
that their server is down, until it is back: in a browser, the link opened during the outage becomes the seat
by itself, its claim kept."""

from __future__ import annotations

import base64
import contextlib
import hashlib
import os
import re
import shutil
import socket
import ssl
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from chinese_ten.net.client import TableClient
from chinese_ten.net.tls import CA_FILE_VARIABLE
from tests.kitrun import KIT, end, kit_commands, loopback_caddyfile, option, start_caddy, start_server, with_option
from tests.net.caddykit import Caddy, free_port, needs_caddy
from tests.net.netkit import wait_for
from tests.web.test_seat_through_proxy import needs_certutil, trusting_home
from tests.web.webkit import Page, browser

pytestmark = needs_caddy

HEAD_TIMEOUT = 10.0
"""The kit's ``read_header`` timeout: a connection that has not sent its request head by then is closed."""


@dataclass
class Proxied:
    """A kit Caddyfile in front of the servers it names: the public address, what a client trusts, and the
    servers by the port the kit gives them, each with its command line (port, data folder and address set)."""

    public: str
    context: ssl.SSLContext
    caddy: Caddy
    servers: dict[int, tuple[subprocess.Popen[str], list[str]]]
    port: int

    def get(self, path: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
        """The status, headers (names in lower case) and text of ``GET path`` through Caddy."""
        request = urllib.request.Request(self.public + path, headers=headers or {})
        try:
            with urllib.request.urlopen(request, context=self.context, timeout=60) as answer:
                return answer.status, {k.lower(): v for k, v in answer.headers.items()}, answer.read().decode()
        except urllib.error.HTTPError as refused:
            return refused.code, {k.lower(): v for k, v in refused.headers.items()}, refused.read().decode()


def _proxy(name: str, folder: Path) -> Iterator[Proxied]:
    port = free_port()
    public = f"https://127.0.0.1:{port}"
    pages = folder / "pages"
    pages.mkdir(parents=True)
    shutil.copy(KIT / "table-down.html", pages / "table-down.html")
    servers: dict[int, tuple[subprocess.Popen[str], list[str]]] = {}
    try:
        ports = {}
        for words in kit_commands(name):
            kit_port = int(option(words, "--port"))
            words = with_option(words, "--data-dir", str(folder / f"data-{kit_port}"))
            words = with_option(with_option(words, "--public-url", public), "--port", "0")
            process, ports[kit_port] = start_server(words, folder / f"server-{kit_port}.log")
            servers[kit_port] = (process, with_option(words, "--port", str(ports[kit_port])))
        text = loopback_caddyfile((KIT / name).read_text(encoding="utf-8"), f"https://127.0.0.1:{port}", ports, pages)
        caddy = start_caddy(folder / "caddy", text, port)
        try:
            yield Proxied(public, ssl.create_default_context(cafile=str(caddy.root_certificate)), caddy, servers, port)
        finally:
            caddy.stop()
    finally:
        for process, _ in servers.values():
            end(process)


@pytest.fixture(params=["Caddyfile", "Caddyfile.shards"])
def proxied(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Proxied]:
    yield from _proxy(request.param, tmp_path)


@pytest.fixture
def shards(tmp_path: Path) -> Iterator[Proxied]:
    yield from _proxy("Caddyfile.shards", tmp_path)


@pytest.fixture
def every_caddyfile(tmp_path: Path) -> Iterator[list[Proxied]]:
    """Each kit Caddyfile in front of its servers, side by side."""
    with contextlib.ExitStack() as stack:
        yield [stack.enter_context(contextlib.contextmanager(_proxy)(name, tmp_path / name))
               for name in ("Caddyfile", "Caddyfile.shards")]


def _raw_head(proxy: Proxied, path: str, headers: str = "") -> list[str]:
    """The lines of the head of the answer to ``GET path`` (with the further ``headers`` lines) through Caddy over
    HTTP/1.1, as they came on the wire (a repeated header stays repeated)."""
    context = ssl.create_default_context(cafile=str(proxy.caddy.root_certificate))
    context.set_alpn_protocols(["http/1.1"])
    with socket.create_connection(("127.0.0.1", proxy.port), timeout=30) as raw, \
            context.wrap_socket(raw, server_hostname="127.0.0.1") as tls:
        tls.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{proxy.port}\r\n{headers}\r\n".encode())
        head = b""
        for _ in range(64):  # a head of a few hundred bytes, read in pieces; bounded
            if b"\r\n\r\n" in head:
                break
            piece = tls.recv(4096)
            if not piece:
                break
            head += piece
    return head.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")


def _named(lines: list[str], name: str) -> list[str]:
    """The values of every header line called ``name``."""
    return [line.split(":", 1)[1].strip() for line in lines[1:] if line.lower().startswith(name.lower() + ":")]


def test_through_each_kit_caddyfile_answers_send_hsts_and_name_caddy_alone(proxied: Proxied) -> None:
    page = _raw_head(proxied, "/")
    assert page[0].startswith("HTTP/1.1 200"), page
    assert _named(page, "Server") == ["Caddy"], page
    [hsts] = _named(page, "Strict-Transport-Security")
    assert int(hsts.removeprefix("max-age=").split(";")[0]) >= 180 * 86400
    key = base64.b64encode(os.urandom(16)).decode()
    upgrade = _raw_head(proxied, "/ws", "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                                      f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Protocol: chinese-ten.v1\r\n")
    assert upgrade[0].startswith("HTTP/1.1 101"), upgrade
    assert _named(upgrade, "Strict-Transport-Security") == [hsts]
    assert _named(upgrade, "Server") == ["Caddy"], upgrade  # the table server names none on its handshake


def _open_for(tls: ssl.SSLSocket, started: float) -> float | None:
    """Seconds from ``started`` until the peer closed ``tls`` (whatever it sent before), or None when it was still
    open at ``HEAD_TIMEOUT + 10`` s."""
    tls.settimeout(HEAD_TIMEOUT + 10)
    try:
        while tls.recv(4096):  # Caddy may answer 408 before it closes; bounded by the timeout
            pass
    except (ConnectionError, ssl.SSLError):
        pass  # closed under the read
    except TimeoutError:
        return None
    return time.monotonic() - started


def test_through_each_kit_caddyfile_a_request_head_that_never_ends_is_closed(
        every_caddyfile: list[Proxied]) -> None:
    # A head begun through each Caddyfile at once, each connection watched on a thread of its own, so that both
    # wait out their timeout together.
    with contextlib.ExitStack() as stack, ThreadPoolExecutor(len(every_caddyfile)) as watchers:
        watched = {}
        for proxied in every_caddyfile:
            context = ssl.create_default_context(cafile=str(proxied.caddy.root_certificate))
            context.set_alpn_protocols(["http/1.1"])
            raw = stack.enter_context(socket.create_connection(("127.0.0.1", proxied.port), timeout=30))
            tls = stack.enter_context(context.wrap_socket(raw, server_hostname="127.0.0.1"))
            tls.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            watched[proxied.caddy.folder.parent.name] = watchers.submit(_open_for, tls, time.monotonic())
        open_for = {name: future.result() for name, future in watched.items()}
    # Closed at 10 s; the issue saw such connections open past 25 s.
    assert all(seconds is not None and seconds >= HEAD_TIMEOUT - 1 for seconds in open_for.values()), open_for


def test_with_one_shard_down_the_shared_pages_answer_and_its_tables_pages_say_it_is_down(shards: Proxied) -> None:
    east, east_words = shards.servers[47111]
    end(east)
    assert [shards.get("/")[0] for _ in range(4)] == [200] * 4  # round robin: each of the two is tried in turn
    started = time.monotonic()
    status, headers, page = shards.get("/t/east-k3m9x2p7")
    assert status == 503
    assert time.monotonic() - started < 30
    assert "text/html" in headers["content-type"]
    assert "The table's server is down" in page and "牌桌所在的服务器暂时停了" in page and "牌桌所在的伺服器暫時停了" in page
    # It loads itself again with its one script, which the page's policy allows by its hash alone (a <meta> refresh
    # would not: to the same address with a '#', the seat's claim, a browser only moves within the page).
    [script] = re.findall(r"<script>(.*?)</script>", page, re.DOTALL)
    assert "location.reload()" in script and "10000" in script
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    policy = headers["content-security-policy"]
    assert "default-src 'none'" in policy and f"script-src 'sha256-{digest}';" in policy
    assert headers["retry-after"] == "10"
    assert headers["strict-transport-security"].startswith("max-age=")
    assert shards.get("/t/west-k3m9x2p7")[0] == 200  # the other shard's seats are served as ever
    again, _ = start_server(east_words, Path(str(shards.caddy.folder) + "-east-again.log"))
    try:
        status, _, page = shards.get("/t/east-k3m9x2p7")  # the page it reloads is the seat again
        assert status == 200 and "The table's server is down" not in page
    finally:
        end(again)


def test_a_tables_watch_and_deal_addresses_go_to_the_shard_that_holds_it(shards: Proxied, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CA_FILE_VARIABLE, str(shards.caddy.root_certificate))
    made: dict[str, str] = {}
    clients = []
    try:
        for _ in range(8):  # a new table goes to either shard, in turn: one of each within eight tries
            clients.append(TableClient.create(shards.public, "Ann", seats=2, match="one"))
            table = wait_for(clients[-1], "created", timeout=30)["table"]
            made.setdefault(table.split("-", 1)[0], table)
            if len(made) == 2:
                break
    finally:
        for client in clients:
            client.close()
    assert sorted(made) == ["east", "west"]
    for table in made.values():
        # Asked four times, the proxy's round robin would send two to the other shard, which knows no such table.
        assert [shards.get(f"/w/{table}")[0] for _ in range(4)] == [200] * 4
        # Its first deal is not over: the shard that holds it says so (404 with its reason), never "no table".
        answers = [shards.get(f"/d/{table}/1.json") for _ in range(4)]
        assert {status for status, _, _ in answers} == {404} and all("not-over" in body for _, _, body in answers)


@pytest.mark.slow
@needs_certutil
def test_a_seats_link_opened_while_its_server_is_down_becomes_the_seat_once_it_is_back(
        shards: Proxied, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CA_FILE_VARIABLE, str(shards.caddy.root_certificate))
    clients = []
    try:
        for _ in range(8):  # a new table goes to either shard, in turn: until one is east's, at most eight tries
            clients.append(TableClient.create(shards.public, "Ann", seats=2, match="one"))
            created = wait_for(clients[-1], "created", timeout=30)
            if created["table"].startswith("east-"):
                break
        assert created["table"].startswith("east-")
    finally:
        for client in clients:
            client.close()
    link = created["links"]["1"]
    east, east_words = shards.servers[47111]
    end(east)
    home = trusting_home(shards.caddy.root_certificate, tmp_path / "home")
    with browser(tmp_path, home=home) as driver:
        driver.get(link)
        assert "server is down" in driver.title
        again, _ = start_server(east_words, tmp_path / "east-again.log")
        try:
            page = Page(driver)
            # It loads itself again every 10 s (each try waits up to 5 s for the server): the seat within 60 s.
            page.wait(lambda d: "server is down" not in d.title and d.find_elements("css selector", '[data-role="name-input"]'),
                      timeout=60, what="the seat's page after its server came back")
            assert driver.current_url == link  # the claim after the '#' is still there, so the seat can be taken
            page.wait(lambda d: page.find('[data-role="name-input"]').is_displayed(), what="the name to be asked")
            page.find('[data-role="name-input"]').send_keys("Bo")
            page.find('[data-role="join"]').click()
            page.seated()
        finally:
            end(again)
