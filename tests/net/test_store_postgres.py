"""The PostgreSQL store's own part: a schema made once with its version, one database shared by several servers, a
database of a newer version or of another program refused with nothing changed, every bad ``--store`` address one
line (exit 1, never a traceback, never the password), a connection lost while serving answered ``unavailable``
until it is made again, and a table served from PostgreSQL playing on through a server started afresh."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest

from chinese_ten.net import store_postgres
from chinese_ten.net.client import TableClient
from chinese_ten.net.store import SCHEMA_VERSION, LeaseLost, StoreRefused, StoreUnavailable, TableRow
from chinese_ten.net.store_postgres import VERSION_TABLE, PostgresStore, shown_address
from tests.net.netkit import Player, ServerThread, play_until, wait_for
from tests.net.pgkit import PASSWORD, Postgres, free_port


def row(table_id: str = "t1") -> TableRow:
    return TableRow(table_id, "ten", 2, "classic", "one", True, 7, {}, 0, (), 1.0, 1.0)


def tables_in(address: str) -> set[str]:
    with psycopg.connect(address) as db:
        return {r[0] for r in db.execute("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")}


def test_the_schema_is_made_once_with_its_version_and_several_servers_share_the_store(pg_database: str) -> None:
    first = PostgresStore(pg_database)
    try:
        first.create(row(), [])
        second = PostgresStore(pg_database)
        try:
            assert second.table_ids() == ["t1"]
            second.create(row("t2"), [])
            assert first.table_ids() == ["t1", "t2"]
        finally:
            second.close()
    finally:
        first.close()
    with psycopg.connect(pg_database) as db:
        assert db.execute(f"SELECT version FROM {VERSION_TABLE}").fetchall() == [(SCHEMA_VERSION,)]


def test_commits_wait_for_no_disk_as_the_module_says_and_statements_are_bounded(pg_database: str) -> None:
    store = PostgresStore(pg_database)
    try:
        said = [store._conn.execute(f"SHOW {name}").fetchone()[0]  # noqa: SLF001
                for name in ("synchronous_commit", "statement_timeout")]
        assert said == ["off", "5s"]
    finally:
        store.close()


def test_a_database_of_a_newer_version_is_refused_in_one_line_and_left_as_it_was(pg_database: str) -> None:
    PostgresStore(pg_database).close()
    with psycopg.connect(pg_database) as db:
        db.execute(f"UPDATE {VERSION_TABLE} SET version = %s", (SCHEMA_VERSION + 1,))
    with pytest.raises(StoreRefused, match="newer version of the game") as refused:
        PostgresStore(pg_database)
    assert "\n" not in str(refused.value) and PASSWORD not in str(refused.value)
    with psycopg.connect(pg_database) as db:
        assert db.execute(f"SELECT version FROM {VERSION_TABLE}").fetchall() == [(SCHEMA_VERSION + 1,)]


def test_a_database_of_another_program_is_refused_and_nothing_is_made_in_it(pg_database: str) -> None:
    with psycopg.connect(pg_database) as db:
        db.execute("CREATE TABLE deals (id SERIAL PRIMARY KEY, amount NUMERIC)")
        db.execute("CREATE TABLE customers (id SERIAL PRIMARY KEY)")
    with pytest.raises(StoreRefused, match="another program's tables \\(customers, deals\\)"):
        PostgresStore(pg_database)
    assert tables_in(pg_database) == {"customers", "deals"}


def test_a_store_is_never_half_made_when_making_it_fails(pg_database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_postgres, "SCHEMA", store_postgres.SCHEMA + "; CREATE TABLE chat (broken)")
    with pytest.raises(StoreRefused, match="cannot be prepared"):
        PostgresStore(pg_database)
    assert tables_in(pg_database) == set()


def bad_addresses(postgres: Postgres) -> dict[str, tuple[str, str]]:
    """Each kind of bad address, and what its refusal says."""
    good = postgres.url("postgres")
    return {
        "malformed port": (good.replace(str(postgres.port), "port"), "malformed"),
        "no database": (good.rsplit("/", 1)[0], "names no database"),
        "not PostgreSQL": ("mysql://root@127.0.0.1/tables", "not a PostgreSQL address"),
        "unreachable": (good.replace(str(postgres.port), str(free_port())), "cannot be reached"),
        "password refused": (good.replace(PASSWORD, "wrong-password"), "password authentication failed"),
        "no such database": (postgres.url("nothing_here"), 'database "nothing_here" does not exist'),
    }


@pytest.mark.parametrize("kind", ["malformed port", "no database", "not PostgreSQL", "unreachable", "password refused",
                                  "no such database"])
def test_a_bad_address_is_refused_in_one_line_without_its_password(postgres: Postgres, kind: str) -> None:
    address, said = bad_addresses(postgres)[kind]
    with pytest.raises(StoreRefused) as refused:
        PostgresStore(address)
    message = str(refused.value)
    assert said in message and "\n" not in message
    assert "wrong-password" not in message and PASSWORD not in message


def test_a_password_given_in_the_environment_serves_for_an_address_without_one(
        postgres: Postgres, pg_database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PGPASSWORD", PASSWORD)
    PostgresStore(pg_database.replace(f":{PASSWORD}@", "@")).close()
    monkeypatch.setenv("PGPASSWORD", "wrong-password")
    with pytest.raises(StoreRefused, match="password authentication failed"):
        PostgresStore(pg_database.replace(f":{PASSWORD}@", "@"))


def test_the_address_shown_leaves_out_the_password_only() -> None:
    assert shown_address("postgresql://ann:s3cret@db.example.org:5433/tables") == "postgresql://ann@db.example.org:5433/tables"
    assert shown_address("postgresql://ann@db.example.org/tables") == "postgresql://ann@db.example.org/tables"


def serve(address: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "chinese_ten", "serve", "--port", "0", "--data-dir", str(tmp_path),
                           "--store", address], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONUNBUFFERED": "1"})


@pytest.mark.parametrize("kind", ["malformed port", "unreachable", "password refused"])
def test_serve_with_a_bad_store_says_one_line_and_exits_1(postgres: Postgres, kind: str, tmp_path: Path) -> None:
    address, said = bad_addresses(postgres)[kind]
    done = serve(address, tmp_path)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("chinese-ten: ") and said in done.stderr
    assert "Traceback" not in done.stderr and "wrong-password" not in done.stderr


def test_serve_refuses_a_database_of_another_program_in_one_line(pg_database: str, tmp_path: Path) -> None:
    with psycopg.connect(pg_database) as db:
        db.execute("CREATE TABLE invoices (id SERIAL PRIMARY KEY)")
    done = serve(pg_database, tmp_path)
    assert done.returncode == 1 and done.stderr.count("\n") == 1 and "another program's tables (invoices)" in done.stderr
    assert tables_in(pg_database) == {"invoices"}


def test_a_lost_connection_is_unavailable_then_made_again(pg_database: str, postgres: Postgres,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_postgres, "RECONNECT_SECONDS", 0.0)
    store = PostgresStore(pg_database)
    try:
        store.create(row(), [])
        pid = store._conn.info.backend_pid  # noqa: SLF001 - the server ends this very connection
        with postgres.admin() as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        with pytest.raises(StoreUnavailable):
            store.save_position("t1", {"lost": True}, 5, [], 3.0)
        store.save_position("t1", {"kept": True}, 6, [], 4.0)  # a new connection
        kept = store.load("t1")
        assert kept is not None and (kept[0].progress, kept[0].seq) == ({"kept": True}, 6)
    finally:
        store.close()


def test_a_table_kept_in_postgresql_plays_on_through_a_server_started_afresh(pg_database: str, tmp_path: Path) -> None:
    first = ServerThread(tmp_path / "a", pool=False, store=pg_database)
    second: ServerThread | None = None
    try:
        host = TableClient.create(first.url, "Ann", seats=2, match="one", computers={1: "easy"})
        player = Player(host, 5)
        play_until([player], lambda: sum(f["type"] == "ack" for f in player.frames) >= 3, 60)  # a bound: 1 s here
        player.acting = False
        table, token = host.table or "", host.token or ""
        host.close()
        kept_seq = first.call(lambda: first.server.tables[table].seq)
        first.stop()
        assert not (tmp_path / "a" / "tables.db").exists()  # nothing kept beside the server
        second = ServerThread(tmp_path / "b", pool=False, store=pg_database)
        back = TableClient.rejoin(second.url, table, token)
        welcome = wait_for(back, "welcome")
        dealt = next(f for f in player.frames if f["type"] == "welcome")["state"]["hand"]
        assert welcome["seq"] == kept_seq and len(welcome["state"]["hand"]) < len(dealt)  # the cards played are gone
        back.close()
    finally:
        first.stop()
        if second is not None:
            second.stop()


def test_a_server_whose_table_was_taken_while_its_connection_was_lost_writes_nothing(
        pg_database: str, postgres: Postgres, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_postgres, "RECONNECT_SECONDS", 0.0)
    store = PostgresStore(pg_database)
    other: PostgresStore | None = None
    try:
        store.create(row(), [])
        lease = store.take_lease("t1", "east", seconds=-1.0)  # lapsed at once: another may take it
        assert lease is not None
        with postgres.admin() as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (store._conn.info.backend_pid,))  # noqa: SLF001
        with pytest.raises(StoreUnavailable):
            store.save_position("t1", {"lost": True}, 5, [], 3.0, lease=lease)
        other = PostgresStore(pg_database)
        assert other.take_lease("t1", "west") is not None
        with pytest.raises(LeaseLost):
            store.save_position("t1", {"late": True}, 6, [], 4.0, lease=lease)
        kept = other.load("t1")
        assert kept is not None and kept[0].seq == 0
    finally:
        store.close()
        if other is not None:
            other.close()


def test_a_move_made_while_postgresql_is_lost_is_unavailable_and_the_same_move_is_taken_after(
        pg_database: str, postgres: Postgres, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_postgres, "RECONNECT_SECONDS", 0.0)
    server = ServerThread(tmp_path, pool=False, store=pg_database)
    try:
        host = TableClient.create(server.url, "Ann", seats=2, match="one")
        guest = TableClient.join(wait_for(host, "created")["links"]["1"], "Bo")
        welcome = wait_for(guest, "welcome")
        mover, other = (host, guest) if welcome["state"]["to_move"] == 0 else (guest, host)
        state = wait_for(host, "update")["state"] if mover is host else welcome["state"]
        action = state["legal"][0]
        store = server.server.store
        with postgres.admin() as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (store._conn.info.backend_pid,))  # type: ignore[attr-defined]  # noqa: SLF001
        seen: list[dict[str, object]] = []
        ident = mover.act(action)
        assert wait_for(mover, "error", where=lambda f: f.get("id") == ident, seen=seen)["code"] == "unavailable"
        assert not any(f["type"] in ("update", "ack") for f in seen)
        ident = mover.act(action)  # connected again: the same move is taken
        wait_for(mover, "ack", where=lambda f: f.get("id") == ident)
        told = wait_for(other, "update", where=lambda f: f["step"]["kind"] == "moved")
        assert told["events"][0]["card"] == action.split()[1]
        kept = server.call(lambda: store.load(welcome["table"]))
        assert kept is not None and kept[0].seq >= told["seq"]
        host.close()
        guest.close()
    finally:
        server.stop()
