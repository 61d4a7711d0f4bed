"""The table store: every open table, its seats, its deal records, its chat and its position.

:class:`TableStore` is the one interface, with its queries written once in the SQL both kinds of store speak;
:mod:`.store_sqlite` keeps them in ``tables.db`` (the default) and :mod:`.store_postgres` in PostgreSQL
(``serve --store postgresql://...``). As :mod:`chinese_ten.matchstore` keeps
matches, a write is one transaction, so a server killed at any moment comes back at the last applied action.
Tokens and claims are kept only as SHA-256 hashes; the seed is kept here and nowhere a client can read it.
"""

from __future__ import annotations

import abc
import contextlib
import hashlib
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Protocol

SCHEMA_VERSION: Final[int] = 6
"""1: tables, seats and deals; 2: each table's latest chat lines too; 3: each table's turn clock, whether it may
be watched, its matches played and who wants another; 4: each table's lease (:data:`ADDED`); 5: the finished
deals of removed tables, kept for :data:`DEALS_KEPT_SECONDS` more (``kept_deals``); 6: the finished deals' reviews
(``reviews``), kept as long as their deals."""

SCHEMA: Final[str] = """
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
    created DOUBLE PRECISION NOT NULL,
    last_action DOUBLE PRECISION NOT NULL,
    clock INTEGER,
    watchers INTEGER NOT NULL DEFAULT 1,
    matches INTEGER NOT NULL DEFAULT 0,
    again TEXT NOT NULL DEFAULT '[]',
    turn_clock TEXT,
    holder TEXT,
    lease_until DOUBLE PRECISION NOT NULL DEFAULT 0,
    version INTEGER NOT NULL DEFAULT 0
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
    until DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, number)
);
CREATE TABLE IF NOT EXISTS reviews (
    table_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    review TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
CREATE TABLE IF NOT EXISTS chat (
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, number)
);
"""
"""The schema in the SQL both SQLite and PostgreSQL read (a ``DOUBLE PRECISION`` column is SQLite's ``REAL``),
each statement safe to run again over a store that has it."""

ADDED: Final[dict[str, str]] = {
    "clock": "INTEGER", "watchers": "INTEGER NOT NULL DEFAULT 1", "matches": "INTEGER NOT NULL DEFAULT 0",
    "again": "TEXT NOT NULL DEFAULT '[]'", "turn_clock": "TEXT",
    "holder": "TEXT", "lease_until": "DOUBLE PRECISION NOT NULL DEFAULT 0", "version": "INTEGER NOT NULL DEFAULT 0"}
"""The columns of ``tables`` that versions 3 and 4 added, as an older store is given them (its tables: no clock,
watchable, in their first match, nobody asking for another; no lease, never taken)."""

OURS: Final[frozenset[str]] = frozenset({"tables", "seats", "deals"})
"""The tables every version of the schema has."""

_TABLE_COLUMNS: Final[str] = ("id, game, seats, rules, match, chat, seed, progress, seq, ready, created, last_action, "
                              "clock, watchers, matches, again, turn_clock")

EXPIRY_SECONDS: Final[float] = 48 * 3600.0
"""A table is removed this long after its last action."""

DEALS_KEPT_SECONDS: Final[float] = 30 * 86400.0
"""A finished deal is kept this long after its table is removed (its ``/d/`` link works that long)."""

GONE_KEPT_SECONDS: Final[float] = 365 * 86400.0
"""How long it is remembered that a deal was kept and has gone (so its link says so) before it is forgotten."""

CHAT_KEPT: Final[int] = 50
"""How many of a table's latest chat lines are kept (and told in ``welcome``)."""

LEASE_SECONDS: Final[float] = 15.0
"""How long a table's lease lasts after it is taken or renewed, on the store's clock (docs/architecture.md)."""


class StoreUnavailable(Exception):
    """The store cannot be read or written just now (a full disk, a read-only folder, PostgreSQL gone); nothing
    was changed by the call that raised it."""


class StoreRefused(Exception):
    """A store that cannot be opened at all (an address malformed or unreachable, a password refused, a database
    of another program or of a newer version of the game); the message says which, in one sentence."""


class DamagedStore(StoreRefused):
    """A ``tables.db`` that is empty, damaged or not a tables database; the message names the file and
    what is wrong, in one sentence."""

    def __init__(self, path: Path, what: str) -> None:
        super().__init__(f"{path} {what}; move it aside (or restore it from a backup) and start again")
        self.path = path


class LeaseLost(Exception):
    """A write for a table whose lease its writer no longer holds (another server took the table): nothing was
    written, and the writer must let go of the table."""


class Rows(Protocol):
    """What a statement run gives back: its rows, one at a time or all."""

    def fetchone(self) -> Any:
        """The next row, or None."""

    def fetchall(self) -> list[Any]:
        """Every row left."""

    def __iter__(self) -> Iterator[Any]:
        """The rows left."""


class Db(Protocol):
    """A connection in a transaction, as the queries see it: statements with ``?`` for each value."""

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> Rows:
        """Run one statement."""


def _json_or_null(value: dict[str, Any] | None) -> str | None:
    """A kept JSON value's text, or NULL for none."""
    return None if value is None else json.dumps(value, separators=(",", ":"))


def secret_hash(secret: str) -> str:
    """The hash a token or claim is kept as (SHA-256, hexadecimal)."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class SeatRow:
    """One kept seat: its name, who sits there, and the hashes of its token and of its link's claim."""

    seat: int
    name: str
    kind: str
    """``human``, ``computer`` or ``empty`` (a seat kept for a person who has not come yet)."""
    strength: str | None = None
    token_hash: str | None = None
    claim_hash: str | None = None
    """The claim's hash, kept once it is spent (while the seat is ``empty`` it is not), so that a spent link is
    told apart from a mistyped one."""


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
class Lease:
    """A server's hold on one table: who holds it, and the table's version when it was taken (each taking of the
    table counts one more), which every write of the holder names."""

    table_id: str
    holder: str
    version: int


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


class TableStore(abc.ABC):
    """The one interface to the tables kept, open for reading and writing from one thread (the server's loop):
    each kind of store gives its transactions and its reads, and the queries here are the same for both."""

    where: str
    """The store as named in messages: the file, or the PostgreSQL address without its password."""

    now: str
    """The store's clock in SQL, in seconds since the epoch: what every lease is timed by, whatever the clocks of
    the servers sharing the store say."""

    shared: bool = False
    """True for a store several servers may share at once (PostgreSQL): each then applies a table's actions only
    under its lease (:mod:`.leases`); a store one server holds alone (``tables.db``) needs none."""

    @abc.abstractmethod
    def close(self) -> None:
        """Close the store (what was written stays written)."""

    @abc.abstractmethod
    def _transaction(self) -> contextlib.AbstractContextManager[Db]:
        """One write transaction; :class:`StoreUnavailable` (with everything in it undone) when it cannot be kept."""

    @abc.abstractmethod
    def _reading(self) -> contextlib.AbstractContextManager[Db]:
        """Reads; :class:`StoreUnavailable` when the store cannot be read."""

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
    def _put_seat(db: Db, table_id: str, seat: SeatRow) -> None:
        db.execute("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, seat) DO UPDATE SET "
                   "name = excluded.name, kind = excluded.kind, strength = excluded.strength, "
                   "token_hash = excluded.token_hash, claim_hash = excluded.claim_hash",
                   (table_id, seat.seat, seat.name, seat.kind, seat.strength, seat.token_hash, seat.claim_hash))

    def save_seat(self, table_id: str, seat: SeatRow, *, lease: Lease | None = None) -> None:
        """Keep one seat as it is now (under ``lease``, when given: :class:`LeaseLost` once it is lost)."""
        with self._transaction() as db:
            self._fence(db, lease)
            self._put_seat(db, table_id, seat)

    def save_position(self, table_id: str, progress: dict[str, Any] | str, seq: int, ready: Sequence[int],
                      last_action: float, deal: tuple[int, dict[str, Any]] | None = None, *,
                      match: tuple[int, int] | None = None, again: Sequence[int] = (),
                      turn_clock: dict[str, Any] | None = None, lease: Lease | None = None) -> None:
        """Keep the table's position, ``progress`` as a value or already written as JSON (with a finished deal's
        record, in the same transaction), the seats asking for another match and the running turn clock; with
        ``match`` (its seed and the matches finished before it), the position is a new match's; under ``lease``,
        when given (:class:`LeaseLost` once it is lost)."""
        text = progress if isinstance(progress, str) else json.dumps(progress, separators=(",", ":"))
        with self._transaction() as db:
            self._fence(db, lease)
            db.execute("UPDATE tables SET progress = ?, seq = ?, ready = ?, last_action = ?, again = ?, turn_clock = ? "
                       "WHERE id = ?", (text, seq, json.dumps(list(ready)), last_action, json.dumps(list(again)),
                                        _json_or_null(turn_clock), table_id))
            if match is not None:
                db.execute("UPDATE tables SET seed = ?, matches = ? WHERE id = ?", (str(match[0]), match[1], table_id))
            if deal is not None:
                db.execute("INSERT INTO deals VALUES (?, ?, ?) ON CONFLICT (table_id, number) DO UPDATE SET "
                           "record = excluded.record", (table_id, deal[0], json.dumps(deal[1])))

    def add_chat(self, table_id: str, line: ChatLine, *, lease: Lease | None = None) -> None:
        """Keep one chat line, letting go of the table's lines older than its latest :data:`CHAT_KEPT` (under
        ``lease``, when given: :class:`LeaseLost` once it is lost)."""
        with self._transaction() as db:
            self._fence(db, lease)
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
    def _load(db: Db, table_id: str) -> tuple[TableRow, list[SeatRow]] | None:
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
        with self._reading() as db:
            return [json.loads(r[0]) for r in db.execute(
                "SELECT record FROM deals WHERE table_id = ? ORDER BY number", (table_id,))]

    def table_ids(self) -> list[str]:
        """Every kept table's id."""
        with self._reading() as db:
            return [r[0] for r in db.execute("SELECT id FROM tables ORDER BY created")]

    def expire(self, now: float, after: float = EXPIRY_SECONDS) -> list[str]:
        """Remove every table whose last action is more than ``after`` seconds before ``now`` (their finished deals
        kept :data:`DEALS_KEPT_SECONDS` more), and the records of deals kept that long; the removed tables' ids."""
        with self._transaction() as db:
            gone = [r[0] for r in db.execute("SELECT id FROM tables WHERE last_action < ?", (now - after,))]
            db.execute("INSERT INTO kept_deals SELECT table_id, number, record, ? FROM deals WHERE table_id IN "
                       "(SELECT id FROM tables WHERE last_action < ?) ON CONFLICT (table_id, number) DO UPDATE "
                       "SET record = excluded.record, until = excluded.until", (now + DEALS_KEPT_SECONDS, now - after))
            db.execute("DELETE FROM tables WHERE last_action < ?", (now - after,))
            db.execute("UPDATE kept_deals SET record = NULL WHERE until < ? AND record IS NOT NULL", (now,))
            db.execute("DELETE FROM kept_deals WHERE until < ?", (now - GONE_KEPT_SECONDS,))
            db.execute("DELETE FROM reviews WHERE NOT EXISTS (SELECT 1 FROM deals d WHERE d.table_id = "
                       "reviews.table_id AND d.number = reviews.number) AND NOT EXISTS (SELECT 1 FROM kept_deals k "
                       "WHERE k.table_id = reviews.table_id AND k.number = reviews.number AND k.record IS NOT NULL)")
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

    def save_review(self, table_id: str, number: int, review: dict[str, Any]) -> None:
        """Keep the review of finished deal ``number`` of table ``table_id`` (kept as long as the deal is)."""
        with self._transaction() as db:
            db.execute("INSERT INTO reviews VALUES (?, ?, ?) ON CONFLICT (table_id, number) DO UPDATE SET "
                       "review = excluded.review", (table_id, number, json.dumps(review)))

    def review(self, table_id: str, number: int) -> dict[str, Any] | None:
        """The kept review of deal ``number`` of table ``table_id``, or None when none is kept."""
        with self._reading() as db:
            row = db.execute("SELECT review FROM reviews WHERE table_id = ? AND number = ?",
                             (table_id, number)).fetchone()
        return None if row is None else dict(json.loads(row[0]))

    def kept_deal_count(self, table_id: str) -> int:
        """How many finished deals of the removed table ``table_id`` are kept or remembered (0: none, or the table
        is not removed)."""
        with self._reading() as db:
            return int(db.execute("SELECT COUNT(*) FROM kept_deals WHERE table_id = ?", (table_id,)).fetchone()[0])

    def save_watchers(self, table_id: str, on: bool, *, lease: Lease | None = None) -> None:
        """Keep whether the table may be watched (under ``lease``, when given: :class:`LeaseLost` once it is lost)."""
        with self._transaction() as db:
            self._fence(db, lease)
            db.execute("UPDATE tables SET watchers = ? WHERE id = ?", (int(on), table_id))

    # ------------------------------------------------------------------ leases (docs/architecture.md)

    def take_lease(self, table_id: str, holder: str, seconds: float = LEASE_SECONDS, *,
                   replacing: str | None = None) -> Lease | None:
        """Take the table for ``holder`` for ``seconds`` of the store's clock, when nobody holds it, its holder's
        lease has lapsed or its holder is ``replacing`` (a server found dead): the lease, its version one past the
        table's last; None while another's lasts (or there is no such table). Every earlier lease of the table is
        lost from then on."""
        with self._transaction() as db:
            rows = db.execute(f"UPDATE tables SET holder = ?, lease_until = {self.now} + ?, version = version + 1 "
                              f"WHERE id = ? AND (holder IS NULL OR lease_until < {self.now} OR holder = ?) "
                              "RETURNING version", (holder, seconds, table_id, replacing)).fetchall()
        return Lease(table_id, holder, int(rows[0][0])) if rows else None

    def renew_lease(self, lease: Lease, seconds: float = LEASE_SECONDS) -> bool:
        """Make ``lease`` last ``seconds`` more from now on the store's clock; False when it is lost (another
        server took the table since). A lapsed lease nobody took is renewed: nobody wrote in between."""
        with self._transaction() as db:
            return bool(db.execute(f"UPDATE tables SET lease_until = {self.now} + ? "
                                   "WHERE id = ? AND holder = ? AND version = ? RETURNING id",
                                   (seconds, lease.table_id, lease.holder, lease.version)).fetchall())

    def renew_leases(self, holder: str, seconds: float = LEASE_SECONDS) -> dict[str, int]:
        """Make every lease ``holder`` holds last ``seconds`` more from now on the store's clock, in one statement:
        each table still its own, with the version of its lease (a lease missing here is lost)."""
        with self._transaction() as db:
            return {r[0]: int(r[1]) for r in db.execute(
                f"UPDATE tables SET lease_until = {self.now} + ? WHERE holder = ? RETURNING id, version",
                (seconds, holder))}

    def tell(self, what: str, table_id: str, holder: str) -> None:
        """Tell every server sharing the store that ``holder`` wants the table (``want``) or gave it up just now
        (``free``); a store one server holds alone has nobody to tell."""
        return None

    def present_as(self, holder: str) -> None:
        """Name this server's connections to the store after ``holder``, for :meth:`alive` to find."""
        return None

    def alive(self, holder: str) -> bool:
        """Whether the server named ``holder`` may still be running: False only once the store sees none of its
        connections (a store one server holds alone has no other)."""
        return True

    def listen(self, heard: Callable[[str, str, str], None]) -> Callable[[], None]:
        """Hear what the servers sharing the store :meth:`tell` each other: ``heard(what, table_id, holder)`` is
        called on a thread of the store's own; the function returned stops listening (a store one server holds
        alone has nothing to hear)."""
        return lambda: None

    def give_up_lease(self, lease: Lease) -> None:
        """Let go of ``lease`` at once, so another server may take the table (a lost one is left as it is)."""
        with self._transaction() as db:
            db.execute("UPDATE tables SET holder = NULL, lease_until = 0 WHERE id = ? AND holder = ? AND version = ?",
                       (lease.table_id, lease.holder, lease.version))

    def holder(self, table_id: str) -> str | None:
        """Who holds the table's lease now, or None when nobody's lasts."""
        with self._reading() as db:
            row = db.execute(f"SELECT holder FROM tables WHERE id = ? AND lease_until >= {self.now}",
                             (table_id,)).fetchone()
        return None if row is None else row[0]

    @staticmethod
    def _fence(db: Db, lease: Lease | None) -> None:
        """Go on only while ``lease`` (when given) is the table's latest: its row is locked until the transaction
        ends, so no server takes the table between this check and the commit; :class:`LeaseLost` otherwise."""
        if lease is not None and not db.execute(
                "UPDATE tables SET version = version WHERE id = ? AND holder = ? AND version = ? RETURNING id",
                (lease.table_id, lease.holder, lease.version)).fetchall():
            raise LeaseLost(f"table {lease.table_id} was taken by another server")

    def remove(self, table_id: str) -> None:
        """Remove one table with its seats and records."""
        with self._transaction() as db:
            db.execute("DELETE FROM tables WHERE id = ?", (table_id,))

