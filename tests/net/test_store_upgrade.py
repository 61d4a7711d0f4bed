"""A ``tables.db`` written before tables had a turn clock, watchers and matches played again (schema version 2)
is brought up to date on opening: its tables are kept, with no clock, open to watchers, in their first match,
and play on as before."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from chinese_ten.net.store import SCHEMA_VERSION, TableRow
from chinese_ten.net.store_sqlite import SqliteStore
from chinese_ten.net.tables import restore
from tests.net.tablekit import HandClock, Line

VERSION_2 = """
CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, seats INTEGER NOT NULL, rules TEXT NOT NULL,
    match TEXT NOT NULL, chat INTEGER NOT NULL, seed TEXT NOT NULL, progress TEXT NOT NULL, seq INTEGER NOT NULL,
    ready TEXT NOT NULL, created REAL NOT NULL, last_action REAL NOT NULL);
CREATE TABLE seats (table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE, seat INTEGER NOT NULL,
    name TEXT NOT NULL, kind TEXT NOT NULL CHECK (kind IN ('human', 'computer', 'empty')), strength TEXT,
    token_hash TEXT, claim_hash TEXT, PRIMARY KEY (table_id, seat));
CREATE TABLE deals (table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE, number INTEGER NOT NULL,
    record TEXT NOT NULL, PRIMARY KEY (table_id, number));
CREATE TABLE chat (table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE, number INTEGER NOT NULL,
    seat INTEGER NOT NULL, name TEXT NOT NULL, text TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (table_id, number));
PRAGMA user_version = 2;
"""


def test_a_version_2_file_is_brought_up_to_date_and_its_tables_play_on(tmp_path: Path) -> None:
    path = tmp_path / "tables.db"
    db = sqlite3.connect(path)
    db.executescript(VERSION_2)
    db.execute("INSERT INTO tables VALUES ('old1', 'ten', 2, '\"classic\"', 'one', 1, '42', ?, 0, '[]', 1000, 1000)",
               (json.dumps({"deals": [[]]}),))
    db.execute("INSERT INTO seats VALUES ('old1', 0, 'Ann', 'human', NULL, 'aa', NULL)")
    db.execute("INSERT INTO seats VALUES ('old1', 1, 'Computer (easy)', 'computer', 'easy', NULL, NULL)")
    db.commit()
    db.close()
    store = SqliteStore(path)
    try:
        kept = store.load("old1")
        assert kept is not None
        row = kept[0]
        assert (row.clock, row.watchers, row.matches, row.again, row.turn_clock) == (None, True, 0, (), None)
        clock = HandClock()
        table = restore(store, "old1", clock)
        assert table is not None
        line = Line()
        table.attach(0, line)
        clock.run()
        assert line.of("welcome")[0]["phase"] == "playing" and "clock" not in line.of("welcome")[0]["state"]
        table.close()
    finally:
        store.close()
    db = sqlite3.connect(path)
    try:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
    finally:
        db.close()


def test_a_new_tables_settings_and_running_clock_are_kept_as_written(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "tables.db")
    try:
        store.create(TableRow("t1", "ten", 2, "classic", "one", True, 7, {}, 0, (), 1.0, 1.0, 30, False), [])
        store.save_position("t1", {"deals": [[]]}, 4, [], 2.0, match=(99, 2), again=[1, 0],
                            turn_clock={"seat": 1, "key": "(2, 1, 0)", "due": 1234.5, "streaks": {"1": 2}})
        row = store.load("t1")
        assert row is not None
        assert (row[0].clock, row[0].watchers, row[0].seed, row[0].matches, row[0].again) == (30, False, 99, 2, (1, 0))
        assert row[0].turn_clock == {"seat": 1, "key": "(2, 1, 0)", "due": 1234.5, "streaks": {"1": 2}}
    finally:
        store.close()
