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

Any number of servers share one database, each table under one server's lease (:mod:`.leases`); they tell each
other of a table wanted or given up by ``NOTIFY`` on :data:`CHANNEL`, which each hears on a connection of its
own, on a thread (docs/architecture.md).
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final
from urllib.parse import urlsplit, urlunsplit

import psycopg
from psycopg.conninfo import conninfo_to_dict

from chinese_ten.net.store import ADDED, SCHEMA, SCHEMA_VERSION, Db, Rows, StoreRefused, StoreUnavailable, TableStore

_log = logging.getLogger("chinese_ten.net")

CHANNEL: Final[str] = "chinese_ten_tables"
"""The channel the servers sharing a store tell each other on: ``{"what": "want" or "free", "table": ID,
"holder": NAME}``."""

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


class PostgresStore(TableStore):
    """The tables kept in one PostgreSQL database, shared by any number of servers, each table applied by the one
    holding its lease."""

    now = "CAST(EXTRACT(EPOCH FROM clock_timestamp()) AS DOUBLE PRECISION)"
    shared = True

    def __init__(self, url: str) -> None:
        """Connect to ``url`` and make or bring up to date the schema; :class:`StoreRefused`, in one sentence,
        for an address that is malformed or unreachable, a password refused,
        a database of another program or of a newer version of the game (then nothing in it was changed)."""
        self.settings = check_address(url)
        self.where = shown_address(url)
        self._last_try = time.monotonic()
        self._application = "chinese-ten serve"
        try:
            self._conn = self._connect()
        except psycopg.Error as exc:
            raise StoreRefused(f"the store {self.where} cannot be reached: {_said(exc)}") from None
        try:
            self._prepare()
        except psycopg.Error as exc:
            self._conn.close()
            raise StoreRefused(f"the store {self.where} cannot be prepared: {_said(exc)}") from None
        except BaseException:
            self._conn.close()
            raise

    def _connect(self) -> psycopg.Connection[Any]:
        """A new connection, its statements bounded in time and its commits not waiting for the disk."""
        conn = psycopg.connect(**{
            **self.settings, "connect_timeout": CONNECT_SECONDS, "autocommit": True,
            "keepalives": 1, "keepalives_idle": 5, "keepalives_interval": 1, "keepalives_count": 3,
            "tcp_user_timeout": int(STATEMENT_SECONDS * 1000), "application_name": self._application})
        try:
            conn.execute(f"SET statement_timeout = {int(STATEMENT_SECONDS * 1000)}")
            conn.execute("SET synchronous_commit = off")  # tables.db's promise, at a tenth of the wait (module doc)
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
        return self._conn

    def close(self) -> None:
        """Close the connection (what was written stays written)."""
        self._conn.close()

    def present_as(self, holder: str) -> None:
        """Name this server's connections (``application_name``) after ``holder``, for :meth:`alive` to find."""
        self._application = _application(holder)
        with self._transaction() as db:
            db.execute("SELECT set_config('application_name', ?, false)", (self._application,))

    def alive(self, holder: str) -> bool:
        """Whether PostgreSQL holds any connection of the server named ``holder``: a server killed (however) has
        none a moment later, its system having closed them; one cut off from PostgreSQL by the network keeps them
        until their keepalives fail, and meanwhile counts as alive."""
        with self._reading() as db:
            return db.execute("SELECT 1 FROM pg_stat_activity WHERE application_name = ? LIMIT 1",
                              (_application(holder),)).fetchone() is not None

    def tell(self, what: str, table_id: str, holder: str) -> None:
        """Tell every server sharing the store, by ``NOTIFY`` on :data:`CHANNEL`, that ``holder`` wants the table
        (``want``) or gave it up just now (``free``)."""
        payload = json.dumps({"what": what, "table": table_id, "holder": holder})
        with self._transaction() as db:
            db.execute("SELECT pg_notify(?, ?)", (CHANNEL, payload))

    def listen(self, heard: Callable[[str, str, str], None]) -> Callable[[], None]:
        """Hear what the servers sharing the store tell each other, on a thread with a connection of its own
        (made again, once a second, while PostgreSQL is lost); the function returned stops it."""
        stop = threading.Event()
        thread = threading.Thread(target=self._hear, args=(heard, stop), name="tables-listen", daemon=True)
        thread.start()
        return stop.set  # the thread ends within a second, by itself (the server does not wait for it)

    def _hear(self, heard: Callable[[str, str, str], None], stop: threading.Event) -> None:
        """The listening thread: each notice on :data:`CHANNEL` handed to ``heard`` until ``stop`` is set."""
        while not stop.is_set():
            try:
                with self._connect() as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    while not stop.is_set():
                        for notice in conn.notifies(timeout=RECONNECT_SECONDS):
                            told = _notice(notice.payload)
                            if told is not None:
                                heard(*told)
            except psycopg.Error as exc:
                _log.warning("the store %s cannot be listened to just now: %s", self.where, _said(exc))
                stop.wait(RECONNECT_SECONDS)

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


def _application(holder: str) -> str:
    """The ``application_name`` of the connections of the server named ``holder`` (PostgreSQL keeps 63 bytes)."""
    return f"chinese-ten {holder}"[:63]


def _notice(payload: str) -> tuple[str, str, str] | None:
    """What a notice on :data:`CHANNEL` tells (what, table, holder), or None for one not of this shape."""
    try:
        told = json.loads(payload)
        return str(told["what"]), str(told["table"]), str(told["holder"])
    except (ValueError, TypeError, KeyError):
        return None


def _said(exc: BaseException) -> str:
    """What PostgreSQL or libpq said, on one line."""
    return " ".join(str(exc).split()) or type(exc).__name__
