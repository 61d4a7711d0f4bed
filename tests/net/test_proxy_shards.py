"""Serving on the internet through a real Caddy on loopback: two shards behind one proxy, each link routed
to the server that holds its table, one shard killed with the other's tables playing on; and the client
address the proxy forwards is the one the server limits and the one ``/metrics`` is refused to."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import ssl
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from chinese_ten.net import protocol as p
from chinese_ten.net.client import TableClient
from chinese_ten.net.links import parse_link
from chinese_ten.net.tls import CA_FILE_VARIABLE
from tests.net.caddykit import Caddy, free_port, needs_caddy
from tests.net.netkit import Player, ServerThread, play_until, wait_for

pytestmark = needs_caddy

SHARDS = ("east", "west")


def _serve(folder: Path, shard: str, public: str) -> tuple[subprocess.Popen[str], int]:
    """A ``chinese-ten serve`` process of its own (so that it can be killed with SIGKILL) and the port it bound."""
    env = {**os.environ, "CHINESE_TEN_LOG_DIR": str(folder / "logs")}
    process = subprocess.Popen([sys.executable, "-m", "chinese_ten", "serve", "--port", "0", "--data-dir",
                                str(folder / shard), "--shard", shard, "--public-url", public, "--trust-proxy",
                                "127.0.0.1"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
                               text=True, env=env)
    assert process.stdout is not None
    line = process.stdout.readline()  # the one line it prints when it is ready
    assert line.startswith("serving on http://127.0.0.1:"), line
    return process, int(line.rsplit(":", 1)[1])


def _end(process: subprocess.Popen[str]) -> None:
    if process.poll() is None:
        process.kill()
    process.wait(30)


@pytest.fixture
def shards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, dict[str, subprocess.Popen[str]]]]:
    port = free_port()
    public = f"https://127.0.0.1:{port}"
    processes: dict[str, subprocess.Popen[str]] = {}
    try:
        ports = {}
        for shard in SHARDS:
            processes[shard], ports[shard] = _serve(tmp_path, shard, public)
        routes = "".join(f"\t@{s} path /t/{s}-* /ws/{s}-*\n\thandle @{s} {{\n\t\treverse_proxy 127.0.0.1:{ports[s]}\n\t}}\n"
                         for s in SHARDS)
        anyone = " ".join(f"127.0.0.1:{ports[s]}" for s in SHARDS)
        caddy = Caddy(tmp_path / "caddy", f"{public} {{\n\ttls internal\n{routes}\thandle {{\n\t\treverse_proxy {anyone} {{\n"
                                          "\t\t\tlb_policy round_robin\n\t\t}\n\t}\n}\n")
        try:
            caddy.await_handshake(port)
            monkeypatch.setenv(CA_FILE_VARIABLE, str(caddy.root_certificate))
            yield public, processes
        finally:
            caddy.stop()
    finally:
        for process in processes.values():
            _end(process)


def test_two_shards_behind_one_proxy_route_every_link_and_a_killed_one_leaves_the_other_playing(
        shards: tuple[str, dict[str, subprocess.Popen[str]]]) -> None:
    public, processes = shards
    made: dict[str, tuple[TableClient, str]] = {}
    clients: list[TableClient] = []
    try:
        for _ in range(8):  # a new table goes to either shard, in turn: until each has one, at most eight tries
            if set(made) == set(SHARDS):
                break
            host = TableClient.create(public, "Ann", seats=2, match="one")
            clients.append(host)
            created = wait_for(host, "created", timeout=30)
            shard = created["table"].split("-", 1)[0]
            assert shard in SHARDS and created["links"]["1"].startswith(f"{public}/t/{shard}-")
            made.setdefault(shard, (host, created["links"]["1"]))
        assert set(made) == set(SHARDS), "the proxy sent every new table to one shard"
        guests = {}
        for shard, (_, link) in made.items():  # a guest's hello goes to /ws/TABLE, which only its shard holds
            guests[shard] = TableClient.join(link, "Bo")
            clients.append(guests[shard])
            assert wait_for(guests[shard], "welcome", timeout=30)["table"] == parse_link(link).table
        processes["east"].send_signal(signal.SIGKILL)
        processes["east"].wait(30)
        players = [Player(made["west"][0], 5), Player(guests["west"], 6)]
        play_until(players, lambda: all(pl.done for pl in players), timeout=90)
        assert all(pl.errors == [] for pl in players)
    finally:
        for client in clients:
            client.close()


@pytest.fixture
def forwarding(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, ssl.SSLContext]]:
    """A server that trusts the proxy, behind a Caddy that forwards the address a test names in X-Test-Client
    (standing for clients elsewhere on the internet: only a header, no traffic leaves the machine)."""
    server = ServerThread(tmp_path / "tables", pool=False, trust_proxy=["127.0.0.1"], tables_per_hour=2)
    port = free_port()
    behind = server.url.removeprefix("http://")
    caddy = Caddy(tmp_path / "caddy", f"https://127.0.0.1:{port} {{\n\ttls internal\n\treverse_proxy {behind} {{\n"
                                      "\t\theader_up X-Forwarded-For {http.request.header.X-Test-Client}\n\t}\n}\n")
    try:
        caddy.await_handshake(port)
        server.server.public_url = f"https://127.0.0.1:{port}"
        yield f"https://127.0.0.1:{port}", ssl.create_default_context(cafile=str(caddy.root_certificate))
    finally:
        caddy.stop()
        server.stop()


CREATE_BOUND = 60.0
"""The longest a create through the proxy may take, handshake and answer together (a few milliseconds quiet):
past it the test fails instead of waiting on a connection that will not answer."""


async def _create_within(public: str, context: ssl.SSLContext, client: str) -> dict[str, Any]:
    """Create a table through the proxy as ``client`` and return the server's answer (created or error)."""
    async with connect(public.replace("https://", "wss://") + "/ws", ssl=context, proxy=None,
                       subprotocols=[p.SUBPROTOCOL], compression=None,  # type: ignore[list-item]
                       additional_headers={"X-Test-Client": client}) as ws:
        await ws.send(json.dumps({"type": "create", "version": 1, "name": "Ann", "seats": 2}))
        for _ in range(20):
            frame = json.loads(await ws.recv())
            if frame["type"] in ("created", "error"):
                return frame  # type: ignore[no-any-return]
    raise AssertionError("no answer to create")


def _create_as(public: str, context: ssl.SSLContext, client: str) -> dict[str, Any]:
    """The answer to a create made as ``client``, bounded by :data:`CREATE_BOUND` as a whole (the asyncio client:
    the threaded one could wait for ever on a TLS read after its own handshake timeout had passed)."""
    return asyncio.run(asyncio.wait_for(_create_within(public, context, client), CREATE_BOUND))


def test_through_the_proxy_the_client_it_names_is_the_one_limited(forwarding: tuple[str, ssl.SSLContext]) -> None:
    public, context = forwarding
    answers = [_create_as(public, context, "203.0.113.9").get("code", "created") for _ in range(3)]
    assert answers == ["created", "created", "too-many"]
    assert _create_as(public, context, "203.0.113.10")["type"] == "created"  # another client of the same proxy


def test_metrics_through_the_proxy_are_refused_to_a_client_on_the_internet(forwarding: tuple[str, ssl.SSLContext]) -> None:
    public, context = forwarding

    def status(client: str) -> int:
        request = urllib.request.Request(public + "/metrics", headers={"X-Test-Client": client})
        try:
            with urllib.request.urlopen(request, context=context, timeout=30) as answer:
                return int(answer.status)
        except urllib.error.HTTPError as refused:
            return int(refused.code)

    assert status("203.0.113.9") == 403
    assert status("127.0.0.1") == 200  # the proxy's own machine, as an operator scrapes it
