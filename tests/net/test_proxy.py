"""A table server behind a real TLS proxy (Caddy with its own local authority), all on loopback:
links made with the public https address, the seat's connection over wss:// with the certificate checked."""

from __future__ import annotations

import ssl
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.net.client import TableClient
from chinese_ten.net.tls import CA_FILE_VARIABLE
from tests.net.caddykit import Caddy, in_front_of, needs_caddy
from tests.net.netkit import ServerThread, play_a_match, wait_for, watched

pytestmark = needs_caddy


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[tuple[ServerThread, Caddy, str]]:
    server = ServerThread(tmp_path / "tables", pool=False)
    try:
        with in_front_of(server, tmp_path / "caddy") as (caddy, public):
            yield server, caddy, public
    finally:
        server.stop()


def test_a_match_through_the_proxy_over_tls_with_the_certificate_checked(proxied: tuple[ServerThread, Caddy, str],
                                                                         monkeypatch: Any) -> None:
    _, caddy, public = proxied
    monkeypatch.setenv(CA_FILE_VARIABLE, str(caddy.root_certificate))
    with watched(monkeypatch) as watch:
        players = play_a_match(public, (3, 4))
    assert players[0].client.url.startswith("wss://127.0.0.1:")
    assert watch.leaks == []
    for player in players:
        assert player.errors == []
        assert [f for f in player.frames if f.get("type") == "match_over"]


def test_a_client_that_does_not_trust_the_proxys_authority_never_connects(proxied: tuple[ServerThread, Caddy, str],
                                                                           monkeypatch: Any) -> None:
    _, _, public = proxied
    monkeypatch.delenv(CA_FILE_VARIABLE, raising=False)
    monkeypatch.setenv("SSL_CERT_FILE", "/nonexistent")  # nothing the system trusts either, whatever the machine has
    host = TableClient.create(public, "Ann", game="ten", seats=2)
    try:
        seen: list[dict[str, Any]] = []
        wait_for(host, "connection", timeout=30, where=lambda f: f.get("status") == "lost", seen=seen)
        assert not [f for f in seen if f.get("type") in ("created", "welcome")]
        assert not [f for f in seen if f.get("status") == "open"]
    finally:
        host.close()


def test_health_and_the_table_page_answer_through_the_proxy(proxied: tuple[ServerThread, Caddy, str]) -> None:
    _, caddy, public = proxied
    context = ssl.create_default_context(cafile=str(caddy.root_certificate))
    with urllib.request.urlopen(public + "/healthz", context=context, timeout=30) as answer:
        assert answer.status == 200
        assert answer.read() == b"ok\n"
    with urllib.request.urlopen(public + "/t/abcd1234", context=context, timeout=30) as answer:
        assert answer.status == 200
        assert "text/html" in answer.headers["Content-Type"]
