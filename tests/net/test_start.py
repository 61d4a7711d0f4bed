"""Starting a server: it holds its data folder alone (a killed one lets go), refuses a tables.db that is empty,
damaged or not ours, and any start-up failure is one line on stderr and status 1; the window's own hosting
sets a damaged file aside and starts afresh, saying where the file went."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from chinese_ten.net import protocol as p
from chinese_ten.net.store_sqlite import SqliteStore
from chinese_ten.net.tables import Table
from chinese_ten.ui.hosting import TABLES_FOLDER, Hosting
from tests.net.tablekit import HandClock


def _serve(data: Path, port: int = 0) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "chinese_ten", "serve", "--port", str(port), "--data-dir", str(data)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})


def _refused(data: Path, port: int = 0) -> str:
    """What a server that must not start says: its one line on stderr (status 1, nothing on stdout)."""
    proc = _serve(data, port)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 1, (out, err)
    assert out == "" and err.count("\n") == 1 and err.startswith("chinese-ten: "), err
    assert "Traceback" not in err
    return err


def _serving(proc: subprocess.Popen[str]) -> str:
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line.startswith("serving on http://127.0.0.1:"), line
    return line


def _kept_tables(data: Path, count: int) -> Path:
    """A tables.db holding ``count`` tables, every page of it in the file itself."""
    data.mkdir(parents=True, exist_ok=True)
    store = SqliteStore(data / "tables.db")
    clock = HandClock()
    for n in range(count):
        table, _token, _claims = Table.open(p.Create(1, f"Host {n}" * 3, "ten", 4, None, "per-seat", {}, True), store,
                                            clock)
        for line in range(10):
            table.chat(0, f"line {line} of table {n} " * 8)
        table.close()
    store.close()
    return data / "tables.db"


def test_a_second_server_on_the_same_folder_exits_at_once_and_a_killed_ones_folder_is_free(tmp_path: Path) -> None:
    first = _serve(tmp_path)
    try:
        _serving(first)
        assert "another table server is using the data folder" in _refused(tmp_path)
    finally:
        first.kill()  # SIGKILL: the operating system lets go of the lock
        first.wait(10)
    again = _serve(tmp_path)
    try:
        _serving(again)
    finally:
        again.send_signal(signal.SIGTERM)
        assert again.wait(15) == 0


@pytest.mark.parametrize(("damage", "said"), [
    ("empty", "is empty"),
    ("text", "is not a database"),
    ("header", "is not a database"),
    ("half", "damaged"),
    ("page", "damaged"),
    ("foreign", "is not a tables database"),
])
def test_a_tables_db_that_is_not_whole_is_refused_in_one_line_naming_it(tmp_path: Path, damage: str, said: str) -> None:
    db = _kept_tables(tmp_path, 30)
    data = db.read_bytes()
    page = int.from_bytes(data[16:18], "big")
    assert len(data) > 8 * page
    if damage == "empty":
        db.write_bytes(b"")
    elif damage == "text":
        db.write_text("these are not the tables you are looking for\n" * 100)
    elif damage == "header":
        db.write_bytes(b"\x00" * 16 + data[16:])
    elif damage == "half":
        db.write_bytes(data[: (len(data) // page // 2) * page])
    elif damage == "page":
        at = (len(data) // page // 2) * page  # a page in the middle of the file, its b-tree header overwritten
        db.write_bytes(data[:at] + bytes([0xFF]) * 64 + data[at + 64:])
    else:
        import sqlite3

        db.unlink()
        other = sqlite3.connect(db)
        other.execute("CREATE TABLE notes (text TEXT)")
        other.execute("INSERT INTO notes VALUES ('mine')")
        other.commit()
        other.close()
    err = _refused(tmp_path)
    assert str(db) in err and said in err
    assert db.exists()  # never replaced by an empty one


def test_a_port_in_use_and_a_data_folder_that_is_a_file_are_one_line_and_status_1(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        assert "cannot listen on 127.0.0.1 port" in _refused(tmp_path / "data", taken.getsockname()[1])
    afile = tmp_path / "a-file"
    afile.write_text("not a folder")
    assert "cannot be used" in _refused(afile)


def test_the_windows_hosting_sets_a_damaged_file_aside_starts_afresh_and_says_where(tmp_path: Path) -> None:
    folder = tmp_path / TABLES_FOLDER
    db = _kept_tables(folder, 3)
    damaged = b"\x00" * 16 + db.read_bytes()[16:]
    db.write_bytes(damaged)
    hosting = Hosting(tmp_path, bind="127.0.0.1", port=0)
    try:
        url = hosting.base_url()
        assert url.startswith("http://127.0.0.1:")
        assert hosting.set_aside is not None and hosting.set_aside.read_bytes() == damaged
        assert hosting.set_aside.parent == folder and ".bad-" in hosting.set_aside.name
        assert hosting.server is not None and hosting.server.server.store.table_ids() == []
    finally:
        hosting.stop()
    whole = Hosting(tmp_path, bind="127.0.0.1", port=0)
    try:
        whole.base_url()
        assert whole.set_aside is None
    finally:
        whole.stop()
