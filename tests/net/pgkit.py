"""A PostgreSQL of the tests' own: Debian's ``postgresql`` programs, ``initdb`` into a temporary folder and
``postgres`` on a free loopback port, run as the ``postgres`` user when the tests run as root. One server for
the whole test session, each test its own database (:func:`Postgres.database`)."""

from __future__ import annotations

import contextlib
import ctypes
import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final

import psycopg

from chinese_ten.net.store import TableStore

PASSWORD = "tables-secret"
"""The password of the server's one role, ``postgres``: a connection over TCP must give it."""

_PR_SET_PDEATHSIG: Final[int] = 1


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
    """A running PostgreSQL server of the tests' own, a child of this process: it shuts down (fast) when this
    process ends, however it ends."""

    def __init__(self, folder: Path, port: int, process: subprocess.Popen[bytes],
                 start: Callable[[int], subprocess.Popen[bytes]]) -> None:
        self.folder = folder
        self.port = port
        self.process = process
        self._start = start

    def restart(self) -> None:
        """Stop the server (a fast shutdown: every connection to it is cut) and start it again on its port."""
        self.process.send_signal(signal.SIGINT)
        self.process.wait(60)
        self.process = self._start(self.port)
        assert _ready(self.folder, self.process), "PostgreSQL did not start again"

    def url(self, database: str, password: str | None = PASSWORD) -> str:
        """The address of ``database`` on this server, with ``password`` (None: none given)."""
        secret = "" if password is None else f":{password}"
        return f"postgresql://postgres{secret}@127.0.0.1:{self.port}/{database}"

    def admin(self) -> psycopg.Connection[Any]:
        """A connection to the ``postgres`` database, each statement its own transaction."""
        return psycopg.connect(self.url("postgres"), autocommit=True)

    @contextlib.contextmanager
    def database(self) -> Iterator[str]:
        """A new empty database for one test, its name; dropped afterwards, whoever is still connected."""
        name = f"t_{uuid.uuid4().hex[:16]}"
        with self.admin() as db:
            db.execute(f"CREATE DATABASE {name}")  # type: ignore[arg-type]
        try:
            yield name
        finally:
            with self.admin() as db:
                db.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")  # type: ignore[arg-type]

    def stop(self) -> None:
        """Stop the server (a fast shutdown, waited for) and remove its folder."""
        try:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(60)  # a bound against a freeze: a fast shutdown takes well under a second
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def _shut_down_with_parent() -> None:
    """In the server's process before it starts: a fast shutdown (SIGINT) when the process that started it ends."""
    ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGINT)


def _ready(folder: Path, process: subprocess.Popen[bytes]) -> bool:
    """Wait until the server says it is ready (its ``postmaster.pid`` status, as ``pg_ctl -w`` reads it); False
    when it ended first (its port taken, say)."""
    pid_file = folder / "data" / "postmaster.pid"
    end = time.monotonic() + 120  # a bound against a freeze: starting takes a second or two
    while time.monotonic() < end:
        if process.poll() is not None:
            return False
        with contextlib.suppress(OSError):
            lines = pid_file.read_text().splitlines()
            if len(lines) >= 8 and lines[7].strip() == "ready":
                return True
        time.sleep(0.05)  # a short pause before reading the file again, not a wait on an outcome
    return False


def start_postgres() -> tuple[Postgres | None, str]:
    """A PostgreSQL started for the tests, or None and the reason there is none."""
    initdb, postgres = _program("initdb"), _program("postgres")
    if initdb is None or postgres is None:
        return None, "PostgreSQL is not installed (Debian's postgresql package gives initdb and postgres)"
    if not sys.platform.startswith("linux"):
        return None, "the tests' own PostgreSQL is started on Linux only"
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
    def start(port: int) -> subprocess.Popen[bytes]:
        with open(folder / "log", "ab") as log:
            return subprocess.Popen(
                [postgres, "-D", str(folder / "data"), "-p", str(port), "-k", str(folder / "socket"),
                 "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "full_page_writes=off",
                 "-c", "max_connections=50"],
                user=user, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                preexec_fn=_shut_down_with_parent)  # only a system call, before the program starts

    for _attempt in range(3):  # a port found free may be taken by another process before the server binds it
        port = free_port()
        process = start(port)
        if _ready(folder, process):
            return Postgres(folder, port, process, start), ""
        process.kill()
        process.wait()
    said = (folder / "log").read_text(errors="replace").strip()[-300:]
    shutil.rmtree(folder, ignore_errors=True)
    return None, f"postgres would not start: {said}"


def open_store(address: str) -> TableStore:
    """The store ``address`` names, of its kind."""
    if address.startswith("postgresql://"):
        from chinese_ten.net.store_postgres import PostgresStore

        return PostgresStore(address)
    from chinese_ten.net.store_sqlite import SqliteStore

    return SqliteStore(Path(address))
