"""``tables.db``: the table store in SQLite (write-ahead log), the default, with nothing to install or run.

A commit in WAL mode at ``synchronous=NORMAL`` is durable against a crash of the process and never waits for
the disk on the server's loop: a thread of its own copies the log into the database now and then.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from chinese_ten.net.store import ADDED, OURS, SCHEMA, SCHEMA_VERSION, DamagedStore, Db, StoreUnavailable, TableStore
from chinese_ten.storage import transaction

CHECKPOINT_SECONDS: Final[float] = 2.0
"""How often the write-ahead log is copied into the database, on a thread of its own."""

_HEADER: Final[bytes] = b"SQLite format 3\x00"


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
    if not names >= OURS or version < 1:
        raise DamagedStore(path, "is not a tables database")


class SqliteStore(TableStore):
    """The tables kept in one SQLite file."""

    now = "((julianday('now') - 2440587.5) * 86400.0)"

    def __init__(self, path: Path) -> None:
        """Open (creating) the database at ``path``; :class:`DamagedStore` for a file that is there but is
        no tables database, ``sqlite3.Error`` or ``OSError`` when it cannot be opened."""
        self.path = Path(path)
        self.where = str(self.path)
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
                    for statement in SCHEMA.split(";"):
                        if statement.strip():
                            self._db.execute(statement)
                    had = {r[1] for r in self._db.execute("PRAGMA table_info(tables)")}
                    for name, kind in ADDED.items():
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
    def _transaction(self) -> Iterator[Db]:
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
    def _reading(self) -> Iterator[Db]:
        try:
            yield self._db
        except sqlite3.Error as exc:
            raise StoreUnavailable(f"{self.path} cannot be read: {exc}") from exc
