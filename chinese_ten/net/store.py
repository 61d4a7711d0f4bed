"""``tables.db``: every open table, its seats, its deal records and its position, in SQLite (write-ahead log).

As :mod:`chinese_ten.matchstore` keeps matches, a write is one transaction, so a server killed at any
moment comes back at the last applied action. Tokens and claims are kept only as SHA-256 hashes; the
seed is kept here and nowhere a client can read it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from chinese_ten.storage import transaction

SCHEMA_VERSION: Final[int] = 4
"""1: tables, seats and deals; 2: each table's latest chat lines too; 3: each table's turn clock, whether it may
be watched, its matches played and who wants another (:data:`_ADDED`); 4: the finished deals of removed tables,
kept for :data:`DEALS_KEPT_SECONDS` more (``kept_deals``)."""

_SCHEMA: Final[str] = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seats INTEGER NOT NULL,
    rules TEXT NOT NULL,
    match TEXT NOT NULL,
    chat INTEGER NOT NULL,
    seed TEXT NOT NULL,
    progress TEXT NOT NULL,
    seq INTEGER NOT NULL,
    ready TEXT NOT NULL,
    created REAL NOT NULL,
    last_action REAL NOT NULL,
    clock INTEGER,
    watchers INTEGER NOT NULL DEFAULT 1,
    matches INTEGER NOT NULL DEFAULT 0,
    again TEXT NOT NULL DEFAULT '[]',
    turn_clock TEXT
);
CREATE INDEX IF NOT EXISTS tables_by_last_action ON tables (last_action);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('human', 'computer', 'empty')),
    strength TEXT,
    token_hash TEXT,
    claim_hash TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS deals (
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
CREATE TABLE IF NOT EXISTS kept_deals (
    table_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    record TEXT,
    until REAL NOT NULL,
    PRIMARY KEY (table_id, number)
);
CREATE TABLE IF NOT EXISTS chat (
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, number)
);
"""

_ADDED: Final[dict[str, str]] = {
    "clock": "INTEGER", "watchers": "INTEGER NOT NULL DEFAULT 1", "matches": "INTEGER NOT NULL DEFAULT 0",
    "again": "TEXT NOT NULL DEFAULT '[]'", "turn_clock": "TEXT"}
"""The columns of ``tables`` that version 3 added, as a kept version 2 file is given them (its tables: no clock,
watchable, in their first match, nobody asking for another)."""

_TABLE_COLUMNS: Final[str] = ("id, game, seats, rules, match, chat, seed, progress, seq, ready, created, last_action, "
                              "clock, watchers, matches, again, turn_clock")

CHECKPOINT_SECONDS: Final[float] = 2.0
"""How often the write-ahead log is copied into the database, on a thread of its own."""

EXPIRY_SECONDS: Final[float] = 48 * 3600.0
"""A table is removed this long after its last action."""

DEALS_KEPT_SECONDS: Final[float] = 30 * 86400.0
"""A finished deal is kept this long after its table is removed (its ``/d/`` link works that long)."""

GONE_KEPT_SECONDS: Final[float] = 365 * 86400.0
"""How long it is remembered that a deal was kept and has gone (so its link says so) before it is forgotten."""

CHAT_KEPT: Final[int] = 50
"""How many of a table's latest chat lines are kept (and told in ``welcome``)."""


_OURS: Final[frozenset[str]] = frozenset({"tables", "seats", "deals"})
"""The tables every version of the schema has."""

_HEADER: Final[bytes] = b"SQLite format 3\x00"


class StoreUnavailable(Exception):
    """The tables database cannot be read or written just now (a full disk, a read-only folder); nothing was
    changed by the call that raised it."""


class DamagedStore(Exception):
    """A ``tables.db`` that is empty, damaged or not a tables database; the message names the file and
    what is wrong, in one sentence."""

    def __init__(self, path: Path, what: str) -> None:
        super().__init__(f"{path} {what}; move it aside (or restore it from a backup) and start again")
        self.path = path


def check_store_file(path: Path) -> None:
    """Refuse (:class:`DamagedStore`) a ``tables.db`` that exists but is empty, damaged or not ours; a file
    that is not there yet is fine (it is made)."""
    try:
        with open(path, "rb") as f:
            head = f.read(len(_HEADER))
    except FileNotFoundError:
        return
    except OSError as exc:
        raise DamagedStore(path, f"cannot be read ({exc.strerror or exc})") from None
    if not head:
        raise DamagedStore(path, "is empty")
    if head != _HEADER:
        raise DamagedStore(path, "is not a database")
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise DamagedStore(path, f"cannot be opened ({exc})") from None
    try:
        verdict = [r[0] for r in db.execute("PRAGMA quick_check")]
        names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        version = db.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.Error as exc:
        raise DamagedStore(path, f"is damaged ({exc})") from None
    finally:
        db.close()
    if verdict != ["ok"]:
        raise DamagedStore(path, f"is damaged ({verdict[0][:80]})")
    if version == 0 and not names:
        return  # made and never filled: nothing in it to lose
    if version > SCHEMA_VERSION:
        raise DamagedStore(path, "was written by a newer version of the game")
    if not names >= _OURS or version < 1:
        raise DamagedStore(path, "is not a tables database")


def _json_or_null(value: dict[str, Any] | None) -> str | None:
    """A kept JSON value's text, or NULL for none."""
    return None if value is None else json.dumps(value, separators=(",", ":"))


def secret_hash(secret: str) -> str:
    """The hash a token or claim is kept as (SHA-256, hexadecimal)."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class SeatRow:
    """One kept seat: its name, who sits there, and the hashes of its token and its unspent claim."""

    seat: int
    name: str
    kind: str
    """``human``, ``computer`` or ``empty`` (a seat kept for a person who has not come yet)."""
    strength: str | None = None
    token_hash: str | None = None
    claim_hash: str | None = None


@dataclass(frozen=True)
class ChatLine:
    """One kept chat line: the seat and name that said it, what, and when (seconds since the epoch)."""

    seat: int
    name: str
    text: str
    at: float

    def to_json(self) -> dict[str, Any]:
        """The line as ``chat`` frames and ``welcome``'s ``chat`` list write it."""
        return {"seat": self.seat, "name": self.name, "text": self.text, "at": self.at}


@dataclass(frozen=True)
class TableRow:
    """One kept table: how it was opened, its match's seed and its position."""

    id: str
    game: str
    seats: int
    rules: Any
    match: str
    chat: bool
    seed: int
    progress: dict[str, Any]
    seq: int
    ready: tuple[int, ...]
    created: float
    last_action: float
    clock: int | None = None
    """The seconds a person has for each decision; None: no turn clock."""
    watchers: bool = True
    """Whether the table may be watched from no seat."""
    matches: int = 0
    """How many matches the table finished before the one under way (each played again by everyone)."""
    again: tuple[int, ...] = ()
    """The seats whose person asked for another match since this one ended."""
    turn_clock: dict[str, Any] | None = None
    """The running turn clock as :class:`~chinese_ten.net.clock.TurnClock` keeps it (None: none running)."""


class TableStore:
    """The tables database, open for reading and writing from one thread (the server's loop)."""

    def __init__(self, path: Path) -> None:
        """Open (creating) the database at ``path``; :class:`DamagedStore` for a file that is there but is
        no tables database, ``sqlite3.Error`` or ``OSError`` when it cannot be opened."""
        self.path = Path(path)
        check_store_file(self.path)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise sqlite3.DatabaseError(f"{self.path} was written by a newer version of the game")
            if version < SCHEMA_VERSION:
                with self._transaction():
                    for statement in _SCHEMA.split(";"):
                        if statement.strip():
                            self._db.execute(statement)
                    had = {r[1] for r in self._db.execute("PRAGMA table_info(tables)")}
                    for name, kind in _ADDED.items():
                        if name not in had:  # a file an earlier version made
                            self._db.execute(f"ALTER TABLE tables ADD COLUMN {name} {kind}")
                    self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self._db.execute("PRAGMA wal_autocheckpoint=0")  # the checkpoint thread does it, off the server's loop
        except BaseException:
            self._db.close()
            raise
        self._stop = threading.Event()
        self._checkpointer = threading.Thread(target=self._checkpoint, name="tables-db-checkpoint", daemon=True)
        self._checkpointer.start()

    def _checkpoint(self) -> None:
        """Copy the write-ahead log into the database now and then, so a commit on the loop never waits for
        the disk (a commit in WAL mode at ``synchronous=NORMAL`` is durable against a crash of the process)."""
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            while not self._stop.wait(CHECKPOINT_SECONDS):
                try:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)")
                except sqlite3.Error:
                    pass  # busy or failing now; tried again next time
        finally:
            db.close()

    def close(self) -> None:
        """Close the database (what was written stays written)."""
        self._stop.set()
        self._checkpointer.join(5)
        with contextlib.suppress(sqlite3.Error):
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self._db.close()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One transaction; :class:`StoreUnavailable` (with everything in it undone) when it cannot be kept."""
        try:
            with transaction(self._db) as db:
                yield db
        except (sqlite3.Error, OSError) as exc:
            if self._db.in_transaction:  # a commit that failed leaves its transaction open
                with contextlib.suppress(sqlite3.Error):
                    self._db.execute("ROLLBACK")
            raise StoreUnavailable(f"{self.path} cannot be written: {exc}") from exc

    @contextlib.contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        try:
            yield self._db
        except sqlite3.Error as exc:
            raise StoreUnavailable(f"{self.path} cannot be read: {exc}") from exc

    def create(self, table: TableRow, seats: Sequence[SeatRow]) -> None:
        """Keep a new table with its seats."""
        with self._transaction() as db:
            db.execute(f"INSERT INTO tables ({_TABLE_COLUMNS}) VALUES ({', '.join('?' * 17)})",
                       (table.id, table.game, table.seats, json.dumps(table.rules), table.match, int(table.chat),
                        str(table.seed), json.dumps(table.progress), table.seq, json.dumps(list(table.ready)),
                        table.created, table.last_action, table.clock, int(table.watchers), table.matches,
                        json.dumps(list(table.again)), _json_or_null(table.turn_clock)))
            for seat in seats:
                self._put_seat(db, table.id, seat)

    @staticmethod
    def _put_seat(db: sqlite3.Connection, table_id: str, seat: SeatRow) -> None:
        db.execute("INSERT OR REPLACE INTO seats VALUES (?, ?, ?, ?, ?, ?, ?)",
                   (table_id, seat.seat, seat.name, seat.kind, seat.strength, seat.token_hash, seat.claim_hash))

    def save_seat(self, table_id: str, seat: SeatRow) -> None:
        """Keep one seat as it is now."""
        with self._transaction() as db:
            self._put_seat(db, table_id, seat)

    def save_position(self, table_id: str, progress: dict[str, Any] | str, seq: int, ready: Sequence[int],
                      last_action: float, deal: tuple[int, dict[str, Any]] | None = None, *,
                      match: tuple[int, int] | None = None, again: Sequence[int] = (),
                      turn_clock: dict[str, Any] | None = None) -> None:
        """Keep the table's position, ``progress`` as a value or already written as JSON (with a finished deal's
        record, in the same transaction), the seats asking for another match and the running turn clock; with
        ``match`` (its seed and the matches finished before it), the position is a new match's."""
        text = progress if isinstance(progress, str) else json.dumps(progress, separators=(",", ":"))
        with self._transaction() as db:
            db.execute("UPDATE tables SET progress = ?, seq = ?, ready = ?, last_action = ?, again = ?, turn_clock = ? "
                       "WHERE id = ?", (text, seq, json.dumps(list(ready)), last_action, json.dumps(list(again)),
                                        _json_or_null(turn_clock), table_id))
            if match is not None:
                db.execute("UPDATE tables SET seed = ?, matches = ? WHERE id = ?", (str(match[0]), match[1], table_id))
            if deal is not None:
                db.execute("INSERT OR REPLACE INTO deals VALUES (?, ?, ?)", (table_id, deal[0], json.dumps(deal[1])))

    def add_chat(self, table_id: str, line: ChatLine) -> None:
        """Keep one chat line, letting go of the table's lines older than its latest :data:`CHAT_KEPT`."""
        with self._transaction() as db:
            last = db.execute("SELECT COALESCE(MAX(number), 0) FROM chat WHERE table_id = ?", (table_id,)).fetchone()[0]
            db.execute("INSERT INTO chat VALUES (?, ?, ?, ?, ?, ?)",
                       (table_id, last + 1, line.seat, line.name, line.text, line.at))
            db.execute("DELETE FROM chat WHERE table_id = ? AND number <= ?", (table_id, last + 1 - CHAT_KEPT))

    def chat_lines(self, table_id: str) -> list[ChatLine]:
        """The table's kept chat lines, oldest first."""
        with self._reading() as db:
            return [ChatLine(int(r[0]), r[1], r[2], float(r[3])) for r in db.execute(
                "SELECT seat, name, text, at FROM chat WHERE table_id = ? ORDER BY number", (table_id,))]

    def load(self, table_id: str) -> tuple[TableRow, list[SeatRow]] | None:
        """A kept table and its seats, or None when there is no such table."""
        with self._reading() as db:
            return self._load(db, table_id)

    @staticmethod
    def _load(db: sqlite3.Connection, table_id: str) -> tuple[TableRow, list[SeatRow]] | None:
        row = db.execute(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            return None
        turn_clock = json.loads(row[16]) if row[16] else None
        table = TableRow(row[0], row[1], int(row[2]), json.loads(row[3]), row[4], bool(row[5]), int(row[6]),
                         json.loads(row[7]), int(row[8]), tuple(json.loads(row[9])), float(row[10]), float(row[11]),
                         None if row[12] is None else int(row[12]), bool(row[13]), int(row[14]),
                         tuple(json.loads(row[15])), turn_clock if isinstance(turn_clock, dict) else None)
        seats = [SeatRow(int(r[0]), r[1], r[2], r[3], r[4], r[5]) for r in db.execute(
            "SELECT seat, name, kind, strength, token_hash, claim_hash FROM seats WHERE table_id = ? ORDER BY seat",
            (table_id,))]
        return table, seats

    def records(self, table_id: str) -> list[dict[str, Any]]:
        """The table's finished deals' records, in order."""
        return [json.loads(r[0]) for r in self._db.execute(
            "SELECT record FROM deals WHERE table_id = ? ORDER BY number", (table_id,))]

    def table_ids(self) -> list[str]:
        """Every kept table's id."""
        return [r[0] for r in self._db.execute("SELECT id FROM tables ORDER BY created")]

    def expire(self, now: float, after: float = EXPIRY_SECONDS) -> list[str]:
        """Remove every table whose last action is more than ``after`` seconds before ``now`` (their finished deals
        kept :data:`DEALS_KEPT_SECONDS` more), and the records of deals kept that long; the removed tables' ids."""
        with self._transaction() as db:
            gone = [r[0] for r in db.execute("SELECT id FROM tables WHERE last_action < ?", (now - after,))]
            db.execute("INSERT OR REPLACE INTO kept_deals SELECT table_id, number, record, ? FROM deals WHERE table_id "
                       "IN (SELECT id FROM tables WHERE last_action < ?)", (now + DEALS_KEPT_SECONDS, now - after))
            db.execute("DELETE FROM tables WHERE last_action < ?", (now - after,))
            db.execute("UPDATE kept_deals SET record = NULL WHERE until < ? AND record IS NOT NULL", (now,))
            db.execute("DELETE FROM kept_deals WHERE until < ?", (now - GONE_KEPT_SECONDS,))
        return gone

    def deal(self, table_id: str, number: int, now: float) -> dict[str, Any] | str | None:
        """Finished deal ``number`` of table ``table_id``: its record as ``deal_over`` told it, while its table is
        kept and :data:`DEALS_KEPT_SECONDS` after; ``"gone"`` for a deal kept that long already; None for a deal
        never kept (not over yet, or no such deal or table)."""
        with self._reading() as db:
            row = db.execute("SELECT record FROM deals WHERE table_id = ? AND number = ?", (table_id, number)).fetchone()
            if row is None:
                row = db.execute("SELECT CASE WHEN until < ? THEN NULL ELSE record END FROM kept_deals "
                                 "WHERE table_id = ? AND number = ?", (now, table_id, number)).fetchone()
                if row is not None and row[0] is None:
                    return "gone"
        return None if row is None else dict(json.loads(row[0]))

    def kept_deal_count(self, table_id: str) -> int:
        """How many finished deals of the removed table ``table_id`` are kept or remembered (0: none, or the table
        is not removed)."""
        with self._reading() as db:
            return int(db.execute("SELECT COUNT(*) FROM kept_deals WHERE table_id = ?", (table_id,)).fetchone()[0])

    def save_watchers(self, table_id: str, on: bool) -> None:
        """Keep whether the table may be watched."""
        with self._transaction() as db:
            db.execute("UPDATE tables SET watchers = ? WHERE id = ?", (int(on), table_id))

    def remove(self, table_id: str) -> None:
        """Remove one table with its seats and records."""
        with self._transaction() as db:
            db.execute("DELETE FROM tables WHERE id = ?", (table_id,))
