"""Kept-match databases as an earlier version of the game wrote them, for the migration tests."""

from __future__ import annotations

import sqlite3

from chinese_ten.matchstore import MIGRATIONS


def migrate_by_hand(db: sqlite3.Connection, version: int) -> None:
    """Bring an empty database to schema ``version`` with the migrations as they are written (SQL or a
    function), and mark it so, as that version of the game left it."""
    for step in MIGRATIONS[:version]:
        if callable(step):
            step(db)
        else:
            db.executescript(step)
    db.execute(f"PRAGMA user_version = {version}")
