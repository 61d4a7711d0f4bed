"""The table stores the network tests run against: SQLite in the test's folder, and PostgreSQL, one server of the
tests' own for the whole session (:mod:`tests.net.pgkit`) with a database for each test, skipped with the reason
where there is none."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from chinese_ten.net.store import TableStore
from tests.net.pgkit import Postgres, open_store, start_postgres


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """The session's PostgreSQL server, started on first asking and stopped at the end."""
    server, reason = start_postgres()
    if server is None:
        pytest.skip(reason)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def pg_database(postgres: Postgres) -> Iterator[str]:
    """The address of an empty database of this test's own."""
    with postgres.database() as name:
        yield postgres.url(name)


@pytest.fixture(params=["sqlite", "postgresql"])
def store_address(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a store of each kind is kept: a ``tables.db`` path, or an empty PostgreSQL database's address."""
    if request.param == "sqlite":
        return str(tmp_path / "tables.db")
    return str(request.getfixturevalue("pg_database"))


@pytest.fixture
def any_store(store_address: str) -> Iterator[TableStore]:
    """A new, empty store of each kind in turn."""
    store = open_store(store_address)
    try:
        yield store
    finally:
        store.close()
