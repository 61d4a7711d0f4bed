"""A PostgreSQL of the tests' own: Debian's ``postgresql`` programs, ``initdb`` into a temporary folder and
``postgres`` on a free loopback port, run as the ``postgres`` user when the tests run as root. One server for
the whole test session, each test its own database (:func:`Postgres.database`)."""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

from chinese_ten.net.store import TableStore

PASSWORD = "tables-secret"
"""The password of the server's one role, ``postgres``: a connection over TCP must give it."""


def _program(name: str) -> str | None:
    """A PostgreSQL program on the path, or in Debian's versioned folder (the newest)."""
    found = shutil.which(name)
    if found:
        return found
    kept = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), key=lambda p: int(p.split("/")[4]))
    return kept[-1] if kept else None


def free_port() -> int:
    """A loopback port nobody listens on just now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Postgres:
    """A running PostgreSQL server of the tests' own."""

    def __init__(self, folder: Path, port: int, pg_ctl: str, user: str | None) -> None:
        self.folder = folder
        self.port = port
        self._pg_ctl = pg_ctl
        self._user = user

    def url(self, database: str, password: str | None = PASSWORD) -> str:
        """The address of ``database`` on this server, with ``password`` (None: none given)."""
        secret = "" if password is None else f":{password}"
        return f"postgresql://postgres{secret}@127.0.0.1:{self.port}/{database}"

    def admin(self) -> object:
        """A connection to the ``postgres`` database, each statement its own transaction."""
        import psycopg

        return psycopg.connect(self.url("postgres"), autocommit=True)

    @contextlib.contextmanager
    def database(self) -> Iterator[str]:
        """A new empty database for one test, its name; dropped afterwards, whoever is still connected."""
        name = f"t_{uuid.uuid4().hex[:16]}"
        with self.admin() as db:  # type: ignore[attr-defined]
            db.execute(f"CREATE DATABASE {name}")
        try:
            yield name
        finally:
            with self.admin() as db:  # type: ignore[attr-defined]
                db.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def stop(self) -> None:
        """Stop the server (waiting for it) and remove its folder."""
        try:
            subprocess.run([self._pg_ctl, "-D", str(self.folder / "data"), "-m", "fast", "-w", "-t", "60", "stop"],
                           user=self._user, capture_output=True, timeout=120, check=False)
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def start_postgres() -> tuple[Postgres | None, str]:
    """A PostgreSQL started for the tests, or None and the reason there is none."""
    initdb, pg_ctl = _program("initdb"), _program("pg_ctl")
    if initdb is None or pg_ctl is None:
        return None, "PostgreSQL is not installed (Debian's postgresql package gives initdb and pg_ctl)"
    try:
        import psycopg  # noqa: F401 - the store's own driver
    except ImportError:
        return None, "psycopg is not installed"
    user: str | None = None
    if os.geteuid() == 0:
        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            return None, "the tests run as root and there is no postgres user to run PostgreSQL as"
        user = "postgres"
    folder = Path(tempfile.mkdtemp(prefix="chinese-ten-pg-"))
    (folder / "socket").mkdir()
    (folder / "pw").write_text(PASSWORD + "\n")
    if user is not None:
        for path in (folder, folder / "socket", folder / "pw"):
            os.chown(path, owner.pw_uid, owner.pw_gid)
    made = subprocess.run([initdb, "-D", str(folder / "data"), "-U", "postgres", "--pwfile", str(folder / "pw"),
                           "--auth-local=trust", "--auth-host=scram-sha-256", "-E", "UTF8", "--no-instructions"],
                          user=user, capture_output=True, text=True, timeout=300, check=False)
    if made.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        return None, f"initdb failed: {made.stderr.strip()[-300:]}"
    for _attempt in range(3):  # a port found free may be taken by another process before the server binds it
        port = free_port()
        options = (f"-p {port} -k {folder / 'socket'} -c listen_addresses=127.0.0.1 -c fsync=off "
                   f"-c full_page_writes=off -c max_connections=50")
        started = subprocess.run([pg_ctl, "-D", str(folder / "data"), "-o", options, "-l", str(folder / "log"),
                                  "-w", "-t", "120", "start"], user=user, capture_output=True, text=True, timeout=180,
                                 check=False)
        if started.returncode == 0:
            return Postgres(folder, port, pg_ctl, user), ""
    log = (folder / "log").read_text(errors="replace")[-300:] if (folder / "log").exists() else started.stderr
    shutil.rmtree(folder, ignore_errors=True)
    return None, f"postgres would not start: {log.strip()}"


def open_store(address: str) -> TableStore:
    """The store ``address`` names, of its kind."""
    if address.startswith("postgresql://"):
        from chinese_ten.net.store_postgres import PostgresStore

        return PostgresStore(address)
    from chinese_ten.net.store_sqlite import SqliteStore

    return SqliteStore(Path(address))
