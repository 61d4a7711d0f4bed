"""The table store in PostgreSQL (``serve --store postgresql://USER@HOST:PORT/DB``), through psycopg 3.

The store is called where the SQLite store is, on the server's loop, through one synchronous connection: a
write is one transaction of three to six round trips to PostgreSQL. Its commits do not wait for PostgreSQL's
disk (``synchronous_commit = off``), the promise ``tables.db`` makes at ``synchronous=NORMAL``: a server killed
at any moment loses nothing it acknowledged, and only PostgreSQL itself failing (its process or its machine) may
take back its last fraction of a second. Measured here, a position written on a loopback PostgreSQL takes 0.5 ms (median; SQLite
0.08 ms); waiting for the disk at each commit took 1 to 5 ms, with a p99 of 55 ms, too long to hold the loop
for. The connection's own timeouts bound how long a PostgreSQL that stops answering can hold the loop.

The schema is made and brought up to date by the server itself, in one transaction under an advisory lock (so
servers starting together make it once), with its version in ``chinese_ten_schema``. A lost connection makes
each call ``unavailable`` (nothing changed) until one made again works, tried at most once every
:data:`RECONNECT_SECONDS`.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator, Sequence
from typing import Any, Final
from urllib.parse import urlsplit, urlunsplit

import psycopg
from psycopg.conninfo import conninfo_to_dict

from chinese_ten.net.store import ADDED, SCHEMA, SCHEMA_VERSION, Db, Rows, StoreRefused, StoreUnavailable, TableStore

VERSION_TABLE: Final[str] = "chinese_ten_schema"
"""The table holding the schema's version (one row): what tells a database the table server made."""

CONNECT_SECONDS: Final[int] = 5
"""How long connecting may take before the store is unreachable (libpq counts whole seconds, at least 2)."""

STATEMENT_SECONDS: Final[float] = 5.0
"""The longest one statement may run (or wait for a lock) before it fails, and the connection may go unanswered
before it is given up as lost."""

RECONNECT_SECONDS: Final[float] = 1.0
"""How often a lost connection is made again, at most, while calls come."""

_LOCK_KEY: Final[int] = 0x43_54_65_6E_53_63_68  # "CTenSch": the advisory lock the schema is made under
_SERVING_KEY: Final[int] = 0x43_54_65_6E_53_72_76  # "CTenSrv": the advisory lock a serving connection holds
_ADDRESS_SHAPE: Final[str] = "postgresql://USER@HOST:PORT/DB"


def shown_address(url: str) -> str:
    """The address as messages show it: without its password."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)[1]
    user = parts.netloc.rsplit("@", 1)[0].split(":", 1)[0]
    return urlunsplit(parts._replace(netloc=f"{user}@{netloc}"))


def check_address(url: str) -> dict[str, Any]:
    """The connection settings ``url`` gives; :class:`StoreRefused` (one sentence, no password) when it is not a
    PostgreSQL address naming a database."""
    shown = shown_address(url) if "://" in url else url
    if not url.startswith(("postgresql://", "postgres://")):
        raise StoreRefused(f"--store {shown} is not a PostgreSQL address; expected {_ADDRESS_SHAPE}")
    try:
        settings = conninfo_to_dict(url)
        urlsplit(url).port  # noqa: B018 - a port that is not a number is refused here, in words of our own
    except (psycopg.Error, ValueError) as exc:
        reason = " ".join(str(exc).split()) or type(exc).__name__
        raise StoreRefused(f"--store {shown} is malformed ({reason}); expected {_ADDRESS_SHAPE}") from None
    if not settings.get("dbname"):
        raise StoreRefused(f"--store {shown} names no database; expected {_ADDRESS_SHAPE}")
    return settings


class _Statements:
    """A cursor as the shared queries use it: ``?`` for each value, as SQLite writes them (so no shared query
    holds a ``?`` or a ``%`` of its own: each value is a parameter)."""

    def __init__(self, cursor: psycopg.Cursor[Any]) -> None:
        self._cursor = cursor

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> Rows:
        """Run one statement, its ``?`` written as psycopg's ``%s``."""
        return self._cursor.execute(sql.replace("?", "%s"), parameters)  # type: ignore[call-overload]


class _Held(Exception):
    """Another server's connection holds the store."""


class PostgresStore(TableStore):
    """The tables kept in one PostgreSQL database, by one server at a time: until a table has a lease of its
    own, the server's connection holds the whole store (a session advisory lock, let go of by PostgreSQL when
    the connection ends, however it ends), as a server holds its data folder for ``tables.db``."""

    now = "CAST(EXTRACT(EPOCH FROM clock_timestamp()) AS DOUBLE PRECISION)"

    def __init__(self, url: str) -> None:
        """Connect to ``url`` and make or bring up to date the schema; :class:`StoreRefused`, in one sentence,
        for an address that is malformed or unreachable, a password refused, a store another server is using,
        a database of another program or of a newer version of the game (then nothing in it was changed)."""
        self.settings = check_address(url)
        self.where = shown_address(url)
        self._last_try = time.monotonic()
        try:
            self._conn = self._connect()
        except psycopg.Error as exc:
            raise StoreRefused(f"the store {self.where} cannot be reached: {_said(exc)}") from None
        except _Held:
            raise StoreRefused(f"another table server is using the store {self.where}; stop it first, or give "
                               f"this one a database of its own") from None
        try:
            self._prepare()
        except psycopg.Error as exc:
            self._conn.close()
            raise StoreRefused(f"the store {self.where} cannot be prepared: {_said(exc)}") from None
        except BaseException:
            self._conn.close()
            raise

    def _connect(self) -> psycopg.Connection[Any]:
        """A new connection, holding the store for this server (:class:`_Held` when another holds it)."""
        conn = psycopg.connect(**{
            **self.settings, "connect_timeout": CONNECT_SECONDS, "autocommit": True,
            "keepalives": 1, "keepalives_idle": 5, "keepalives_interval": 1, "keepalives_count": 3,
            "tcp_user_timeout": int(STATEMENT_SECONDS * 1000), "application_name": "chinese-ten serve"})
        try:
            conn.execute(f"SET statement_timeout = {int(STATEMENT_SECONDS * 1000)}")
            conn.execute("SET synchronous_commit = off")  # tables.db's promise, at a tenth of the wait (module doc)
            held = conn.execute("SELECT pg_try_advisory_lock(%s)", (_SERVING_KEY,)).fetchone()
            if not (held and held[0]):
                raise _Held
        except BaseException:
            conn.close()
            raise
        return conn

    def _prepare(self) -> None:
        """Make the schema, or bring an older one up to date, in one transaction; refuse a database whose
        tables are not ours, or are a newer version's."""
        with self._conn.transaction():
            self._conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_KEY,))
            names = {r[0] for r in self._conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")}
            if VERSION_TABLE in names:
                row = self._conn.execute(f"SELECT MAX(version) FROM {VERSION_TABLE}").fetchone()
                version = int(row[0]) if row and row[0] is not None else 0
            elif names:
                shown = ", ".join(sorted(names)[:3]) + (", ..." if len(names) > 3 else "")
                raise StoreRefused(f"the database {self.where} holds another program's tables ({shown}); name an "
                                   f"empty database, or one the table server made")
            else:
                version = 0
            if version > SCHEMA_VERSION:
                raise StoreRefused(f"the database {self.where} was written by a newer version of the game "
                                   f"(schema {version}; this one knows {SCHEMA_VERSION})")
            if version < SCHEMA_VERSION:
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        self._conn.execute(statement)  # type: ignore[call-overload]
                for name, kind in ADDED.items():
                    self._conn.execute(f"ALTER TABLE tables ADD COLUMN IF NOT EXISTS {name} {kind}")  # type: ignore[call-overload]
                self._conn.execute(f"CREATE TABLE IF NOT EXISTS {VERSION_TABLE} (version INTEGER NOT NULL)")
                self._conn.execute(f"DELETE FROM {VERSION_TABLE}")
                self._conn.execute(f"INSERT INTO {VERSION_TABLE} VALUES (%s)", (SCHEMA_VERSION,))

    def _connection(self) -> psycopg.Connection[Any]:
        """The connection, made again once lost (at most once every :data:`RECONNECT_SECONDS`);
        :class:`StoreUnavailable` while it cannot be."""
        if self._conn.closed:
            now = time.monotonic()
            if now - self._last_try < RECONNECT_SECONDS:
                raise StoreUnavailable(f"the store {self.where} cannot be reached just now")
            self._last_try = now
            try:
                self._conn = self._connect()
            except psycopg.Error as exc:
                raise StoreUnavailable(f"the store {self.where} cannot be reached: {_said(exc)}") from None
            except _Held:
                raise StoreUnavailable(f"another table server took the store {self.where} meanwhile") from None
        return self._conn

    def close(self) -> None:
        """Let go of the store and close the connection (what was written stays written). The serving lock is
        given up first, in so many words: a closed connection's backend lets go of it only as it ends, a moment
        later, and a server started at once on the same store would be refused meanwhile."""
        try:
            if not self._conn.closed:
                self._conn.execute("SELECT pg_advisory_unlock_all()")
        except psycopg.Error:
            pass  # the connection is lost already: PostgreSQL lets go of its locks as the backend ends
        self._conn.close()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[Db]:
        """One transaction; :class:`StoreUnavailable` (with everything in it undone) when it cannot be kept."""
        conn = self._connection()
        try:
            with conn.transaction(), conn.cursor() as cursor:
                yield _Statements(cursor)
        except psycopg.Error as exc:
            raise StoreUnavailable(f"the store {self.where} cannot be written: {_said(exc)}") from exc

    @contextlib.contextmanager
    def _reading(self) -> Iterator[Db]:
        conn = self._connection()
        try:
            with conn.cursor() as cursor:
                yield _Statements(cursor)
        except psycopg.Error as exc:
            raise StoreUnavailable(f"the store {self.where} cannot be read: {_said(exc)}") from exc


def _said(exc: BaseException) -> str:
    """What PostgreSQL or libpq said, on one line."""
    return " ".join(str(exc).split()) or type(exc).__name__
