"""Two servers on one PostgreSQL, without a proxy: a seat reaching the server that does not hold its table gets it
handed over at once; a table taken by another while its server plays writes nothing more there and its seats are
let go with 1012; a table held by a live server that does not answer is refused with 1013 after a few seconds; and
SIGTERM's close gives every lease up and closes each seat with 1012."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from chinese_ten.net import leases
from chinese_ten.net.client import TableClient
from tests.net.netkit import ServerThread, wait_for


@pytest.fixture
def two(tmp_path: Path, pg_database: str) -> Iterator[tuple[ServerThread, ServerThread]]:
    east = ServerThread(tmp_path / "east", pool=False, store=pg_database)
    west = ServerThread(tmp_path / "west", pool=False, store=pg_database)
    try:
        yield east, west
    finally:
        east.stop()
        west.stop()


def kept(address: str, table: str) -> tuple[str | None, int, int]:
    """The table's holder, lease version and kept ``seq``, as PostgreSQL has them."""
    with psycopg.connect(address) as db:
        row = db.execute("SELECT holder, version, seq FROM tables WHERE id = %s", (table,)).fetchone()
    assert row is not None
    return row[0], int(row[1]), int(row[2])


def seated(url: str) -> tuple[TableClient, dict[str, Any]]:
    host = TableClient.create(url, "Ann", seats=2, match="one", computers={1: "easy"})
    created = wait_for(host, "created")
    wait_for(host, "welcome")
    return host, created


def test_a_seat_reaching_the_other_server_has_its_table_handed_over_at_once(
        two: tuple[ServerThread, ServerThread], pg_database: str) -> None:
    east, west = two
    host, created = seated(east.url)
    table = created["table"]
    assert east.server.leases is not None and kept(pg_database, table)[0] == east.server.leases.name
    began = time.monotonic()
    back = TableClient.rejoin(west.url, table, created["token"])
    try:
        welcome = wait_for(back, "welcome", timeout=20)
        handed = time.monotonic() - began
        lost = wait_for(host, "connection", where=lambda f: f["status"] == "lost")
        assert lost["code"] == leases.CLOSE_MOVED
        assert west.server.leases is not None and kept(pg_database, table)[0] == west.server.leases.name
        assert table not in east.server.tables and table in west.server.tables
        assert welcome["table"] == table and handed < leases.ASK_SECONDS  # asked for, not waited out
    finally:
        back.close()
        host.close()


def test_a_table_taken_from_its_server_writes_nothing_more_there_and_its_seat_comes_back_for_it(
        two: tuple[ServerThread, ServerThread], pg_database: str) -> None:
    east, _west = two
    host, created = seated(east.url)
    table = created["table"]
    try:
        while not (host.state or {}).get("legal"):
            wait_for(host, "update")
        holder, version, seq = kept(pg_database, table)
        east.call(east.server.leases._renewer.cancel)  # type: ignore[union-attr]  # noqa: SLF001 - the write finds it lost, not a renewal
        with psycopg.connect(pg_database, autocommit=True) as db:  # a server now gone took it meanwhile
            db.execute("UPDATE tables SET holder = 'gone:1:x', version = version + 1 WHERE id = %s", (table,))
        ident = host.act(host.state["legal"][0])  # type: ignore[index]
        refused = wait_for(host, "error", where=lambda f: f.get("id") == ident)
        assert refused["code"] == "unavailable"
        assert kept(pg_database, table)[1:] == (version + 1, seq)  # nothing written by the server that lost it
        lost = wait_for(host, "connection", where=lambda f: f["status"] == "lost")
        assert lost["code"] == leases.CLOSE_MOVED
        wait_for(host, "welcome", timeout=20)  # back on east, which took the table from the gone server
        assert kept(pg_database, table)[0] == holder and kept(pg_database, table)[1] == version + 2
    finally:
        host.close()


def test_a_table_a_live_server_keeps_is_refused_with_1013_after_a_few_seconds(
        two: tuple[ServerThread, ServerThread], pg_database: str) -> None:
    east, west = two
    host, created = seated(east.url)
    table = created["table"]
    host.close()
    assert east.server.leases is not None
    east.server.leases._told = lambda what, table_id: None  # type: ignore[method-assign]  # hears, never answers
    began = time.monotonic()
    back = TableClient.rejoin(west.url, table, created["token"])
    try:
        refused = wait_for(back, "error", timeout=20)
        waited = time.monotonic() - began
        lost = wait_for(back, "connection", where=lambda f: f["status"] == "lost")
    finally:
        back.close()
    assert refused["code"] == "unavailable" and lost["code"] == leases.CLOSE_TRY_LATER
    assert leases.ASK_SECONDS - 0.5 <= waited <= leases.ASK_SECONDS + 5
    assert kept(pg_database, table)[0] == east.server.leases.name


def test_stopping_a_server_gives_every_lease_up_and_closes_each_seat_with_1012(
        two: tuple[ServerThread, ServerThread], pg_database: str) -> None:
    east, west = two
    host, created = seated(east.url)
    try:
        east.stop()
        lost = wait_for(host, "connection", where=lambda f: f["status"] == "lost")
        assert lost["code"] == leases.CLOSE_MOVED
        assert kept(pg_database, created["table"])[0] is None
    finally:
        host.close()
    back = TableClient.rejoin(west.url, created["table"], created["token"])
    try:
        wait_for(back, "welcome", timeout=20)
    finally:
        back.close()
