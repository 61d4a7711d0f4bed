"""Serving on the internet, on loopback: ``--trust-proxy`` (the limits count the client a trusted proxy names,
never one an unknown peer claims), ``--shard`` (every table id starts with its name), ``GET /metrics`` (this
machine and trusted proxies only) and ``--log-format json``."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from chinese_ten.cli import main
from chinese_ten.net import protocol as p
from chinese_ten.net.client import TableClient
from chinese_ten.net.links import parse_link, ws_url
from chinese_ten.net.proxies import client_of, trusted_networks
from tests.net.netkit import ServerThread, wait_for
from tests.net.test_bad_clients import recv_type


def _ws(server: ServerThread, source: str = "127.0.0.1", forwarded: str | None = None, path: str = "") -> ClientConnection:
    headers = {"X-Forwarded-For": forwarded} if forwarded else None
    return connect(ws_url(server.url) + path, subprotocols=[p.SUBPROTOCOL], proxy=None, open_timeout=10,  # type: ignore[list-item]
                   compression=None, source_address=(source, 0), additional_headers=headers)


def _create(ws: ClientConnection) -> dict[str, Any]:
    ws.send(json.dumps({"type": "create", "version": 1, "name": "Ann", "seats": 2}))
    while True:
        frame = json.loads(ws.recv(timeout=10))
        if frame["type"] in ("created", "error"):
            return frame  # type: ignore[no-any-return]


def test_the_client_is_the_last_address_a_trusted_proxy_did_not_add() -> None:
    trusted = trusted_networks(["127.0.0.1", "10.0.0.0/8"])
    assert client_of("127.0.0.1", "203.0.113.5", trusted) == "203.0.113.5"
    assert client_of("127.0.0.1", "198.51.100.1, 203.0.113.5, 10.1.2.3", trusted) == "203.0.113.5"
    assert client_of("192.0.2.7", "203.0.113.5", trusted) == "192.0.2.7"  # an unknown peer's header is not believed
    assert client_of("127.0.0.1", None, trusted) == "127.0.0.1"
    assert client_of("::1", "203.0.113.5", trusted_networks(["::1"])) == "203.0.113.5"
    with pytest.raises(ValueError, match="--trust-proxy"):
        trusted_networks(["proxy.example.org"])


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path, pool=False, trust_proxy=["127.0.0.1"])
    yield running
    running.stop()


def test_the_limits_count_the_address_a_trusted_proxy_names(proxied: ServerThread) -> None:
    made = []
    for _ in range(p.TABLES_PER_HOUR + 1):
        with _ws(proxied, forwarded="203.0.113.5") as ws:
            made.append(_create(ws).get("code", "created"))
    assert made == ["created"] * p.TABLES_PER_HOUR + ["too-many"]
    with _ws(proxied, forwarded="203.0.113.6") as ws:  # another client behind the same proxy
        assert _create(ws)["type"] == "created"
    for spoof in ("198.51.100.1", "198.51.100.2"):  # a peer that is no proxy cannot choose its address
        for _ in range(p.TABLES_PER_HOUR // 2):
            with _ws(proxied, source="127.0.0.44", forwarded=spoof) as ws:
                assert _create(ws)["type"] == "created"
    with _ws(proxied, source="127.0.0.44", forwarded="198.51.100.3") as ws:
        assert _create(ws)["code"] == "too-many"


def _get(url: str, forwarded: str | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"X-Forwarded-For": forwarded} if forwarded else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:  # noqa: S310 - loopback
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, ""


def test_metrics_answer_this_machine_and_trusted_proxies_only(proxied: ServerThread) -> None:
    host = TableClient.create(proxied.url, "Ann", seats=2, computers={1: "easy"})
    try:
        state = wait_for(host, "welcome")["state"]
        while not state["legal"]:
            state = wait_for(host, "update")["state"]
        ident = host.act(state["legal"][0])
        wait_for(host, "ack", where=lambda f: f["id"] == ident)
        host.act("play ZZ")
        wait_for(host, "error")
        status, text = _get(proxied.url + "/metrics")
    finally:
        host.close()
    assert status == 200
    lines = dict(line.rsplit(" ", 1) for line in text.splitlines() if not line.startswith("#"))
    assert lines["chinese_ten_open_tables"] == "1" and int(lines["chinese_ten_actions_total"]) >= 1
    assert int(lines['chinese_ten_refusals_total{code="bad-message"}']) >= 1
    assert lines['chinese_ten_ack_seconds_bucket{le="+Inf"}'] == lines["chinese_ten_ack_seconds_count"]
    assert int(lines["chinese_ten_received_bytes_total"]) > 0 and int(lines["chinese_ten_sent_bytes_total"]) > 0
    assert "# TYPE chinese_ten_ack_seconds histogram" in text
    assert _get(proxied.url + "/metrics", forwarded="203.0.113.5")[0] == 403  # a client on the internet
    assert _get(proxied.url + "/metrics", forwarded="127.0.0.1")[0] == 200  # the proxy's own machine


def test_metrics_through_a_proxy_the_server_does_not_trust_are_refused(tmp_path: Path) -> None:
    server = ServerThread(tmp_path, pool=False)
    try:
        assert _get(server.url + "/metrics")[0] == 200
        assert _get(server.url + "/metrics", forwarded="127.0.0.1")[0] == 403
    finally:
        server.stop()


def test_a_shard_names_every_table_it_opens_and_its_links_lead_there(tmp_path: Path) -> None:
    server = ServerThread(tmp_path, pool=False, shard="east")
    try:
        host = TableClient.create(server.url, "Ann", seats=2)
        created = wait_for(host, "created")
        assert created["table"].startswith("east-")
        link = parse_link(created["links"]["1"])
        assert link.table == created["table"]
        with _ws(server, path=f"/{created['table']}") as ws:  # the path a proxy routes by
            ws.send(json.dumps({"type": "hello", "version": 1, "table": link.table, "claim": link.claim, "name": "Bo"}))
            assert recv_type(ws, "welcome")["seat"] == 1
        host.close()
    finally:
        server.stop()


@pytest.mark.parametrize("argv", [["serve", "--trust-proxy", "proxy.example.org"], ["serve", "--shard", "a-b"],
                                  ["serve", "--shard", ""], ["serve", "--log-format", "xml"]])
def test_serve_refuses_bad_internet_options_in_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_the_json_log_is_one_object_a_line_naming_the_table(tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "chinese_ten", "serve", "--port", "0", "--data-dir", str(tmp_path),
                             "--log-format", "json", "--shard", "west"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().strip().removeprefix("serving on ")
        host = TableClient.create(url, "Ann", seats=2, computers={1: "easy"})
        table = wait_for(host, "created")["table"]
        host.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0
    assert proc.stderr is not None
    lines = [json.loads(line) for line in proc.stderr.read().splitlines() if line.strip()]
    assert lines and all({"time", "level", "logger", "message"} <= line.keys() for line in lines)
    assert any(line.get("table") == table and "created" in line["message"] for line in lines)
