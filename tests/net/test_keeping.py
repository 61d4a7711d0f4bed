"""Nothing is told before it is kept: when tables.db cannot be written (SQLite refuses every write, as on a
full disk), the action is undone and answered ``unavailable``, nobody is told of it, the connection stays
open, and the table goes on once writes work again, with what was told kept across a restart."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from chinese_ten.net import protocol as p
from chinese_ten.net.client import TableClient
from chinese_ten.net.store_sqlite import SqliteStore
from chinese_ten.net.tables import RETRY_SECONDS, Table
from tests.net.netkit import ServerThread, wait_for
from tests.net.tablekit import HandClock, Line

WRITES = (sqlite3.SQLITE_INSERT, sqlite3.SQLITE_UPDATE, sqlite3.SQLITE_DELETE)


def _deny_writes(action: int, *_: Any) -> int:
    return sqlite3.SQLITE_DENY if action in WRITES else sqlite3.SQLITE_OK


def fail_writes(store: SqliteStore, failing: bool) -> None:
    """Make SQLite refuse (or allow again) every write the store makes, below the store itself."""
    store._db.set_authorizer(_deny_writes if failing else None)  # noqa: SLF001 - the fault is injected under the store


@contextmanager
def writes_failing(server: ServerThread) -> Iterator[None]:
    server.call(lambda: fail_writes(server.server.store, True))
    try:
        yield
    finally:
        server.call(lambda: fail_writes(server.server.store, False))


def test_a_move_that_cannot_be_kept_is_undone_told_to_nobody_and_the_table_goes_on(tmp_path: Path) -> None:
    server = ServerThread(tmp_path, pool=False, away_after=60)
    restarted: ServerThread | None = None
    try:
        host = TableClient.create(server.url, "Ann", seats=2, match="one")
        guest = TableClient.join(wait_for(host, "created")["links"]["1"], "Bo")
        welcome = wait_for(guest, "welcome")
        mover, other = (host, guest) if welcome["state"]["to_move"] == 0 else (guest, host)
        state = wait_for(host, "update")["state"] if mover is host else welcome["state"]
        action = state["legal"][0]
        seen: list[dict[str, Any]] = []
        with writes_failing(server):
            ident = mover.act(action)
            refused = wait_for(mover, "error", where=lambda f: f.get("id") == ident, seen=seen)
            assert refused["code"] == "unavailable"
            mover.chat("still here?")  # a chat line cannot be kept either: refused, on the same connection
            assert wait_for(mover, "error", seen=seen)["code"] == "unavailable"
            table = server.server.tables[welcome["table"]]
            assert server.call(lambda: table.session.actions[-1]) == []  # the move was undone
        assert not any(f["type"] in ("update", "ack", "connection") for f in seen)
        ident = mover.act(action)  # writes work again: the same move is taken
        ack = wait_for(mover, "ack", where=lambda f: f.get("id") == ident)
        told = wait_for(other, "update", where=lambda f: f["step"]["kind"] == "moved")
        assert told["events"][0]["card"] == action.split()[1]
        assert ack["seq"] >= told["seq"]
        token, state = mover.token, mover.state or {}  # as of the ack: every update of the move came before it
        host.close()
        guest.close()
        server.stop()
        restarted = ServerThread(tmp_path, pool=False, away_after=60)
        back = TableClient.rejoin(restarted.url, welcome["table"], token or "")
        kept = wait_for(back, "welcome")
        assert kept["seq"] == ack["seq"]
        assert {k: kept["state"][k] for k in ("hand", "layout", "turn")} == {k: state[k] for k in ("hand", "layout", "turn")}
        back.close()
    finally:
        server.stop()
        if restarted is not None:
            restarted.stop()


def test_a_create_that_cannot_be_kept_is_unavailable_and_the_same_connection_creates_later(tmp_path: Path) -> None:
    from tests.net.test_bad_clients import raw, recv_type

    server = ServerThread(tmp_path, pool=False)
    try:
        with raw(server) as ws:
            create = '{"type": "create", "version": 1, "name": "Ann", "seats": 2}'
            with writes_failing(server):
                ws.send(create)
                assert recv_type(ws, "error")["code"] == "unavailable"
                assert server.server.store.table_ids() == []
            ws.send(create)
            created = recv_type(ws, "created")
            assert server.server.store.table_ids() == [created["table"]]
    finally:
        server.stop()


def test_a_computers_move_that_cannot_be_kept_is_played_again_once_writes_work(tmp_path: Path) -> None:
    clock = HandClock()
    store = SqliteStore(tmp_path / "tables.db")
    try:
        table, _token, _claims = Table.open(p.Create(1, "Ann", "ten", 2, None, "one", {1: "easy"}, True), store,
                                            clock)
        host = Line()
        table.attach(0, host)
        clock.run()
        for _ in range(3):  # the host plays; the computer's reply cannot be kept, then can
            while table.session.to_act != 0:
                clock.run()
            told = len(host.of("update"))
            while table.session.to_act == 0:  # a play, and the capture choice it may bring
                table.act(0, None, str(table.session.deal.legal_actions()[0]))
            assert len(host.of("update")) > told
            told = len(host.of("update"))
            fail_writes(store, True)
            clock.advance(RETRY_SECONDS * 3)
            assert table.session.to_act == 1 and len(host.of("update")) == told  # undone, told to nobody
            fail_writes(store, False)
            clock.advance(RETRY_SECONDS)
            assert table.session.to_act == 0 and len(host.of("update")) > told
        seqs = [f["seq"] for f in host.frames if "seq" in f and f["type"] == "update"]
        assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))  # no number skipped or told twice
        table.close()
    finally:
        store.close()


def test_the_first_deal_is_told_once_the_start_of_the_match_is_kept(tmp_path: Path) -> None:
    clock = HandClock()
    store = SqliteStore(tmp_path / "tables.db")

    def deny_positions(action: int, table: str | None, *_: Any) -> int:
        return sqlite3.SQLITE_DENY if action in WRITES and table == "tables" else sqlite3.SQLITE_OK

    try:
        table, _token, claims = Table.open(p.Create(1, "Ann", "ten", 2, None, "one", {}, True), store, clock)
        host = Line()
        table.attach(0, host)
        store._db.set_authorizer(deny_positions)  # noqa: SLF001 - seats can be kept, positions cannot
        table.take_claim(claims[1], "Bo", Line())
        clock.advance(RETRY_SECONDS * 3)
        assert host.of("update") == [] and store.load(table.id)[0].seq == 0  # type: ignore[index]
        store._db.set_authorizer(None)  # noqa: SLF001
        clock.advance(RETRY_SECONDS)
        assert [f["step"]["kind"] for f in host.of("update")] == ["dealt"]
        assert store.load(table.id)[0].seq == host.of("update")[0]["seq"]  # type: ignore[index]
        table.close()
    finally:
        store.close()
