"""One running window: a link given to a second start goes to the window already open, over loopback only."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from chinese_ten.handoff import DOOR_FILE, LOOPBACK, Door, hand_over, open_door, read_addresses

LINK = "chinese-ten://127.0.0.1:47110/t/k3m9x2p7?http#" + "Qm4R" * 6


@pytest.fixture
def door(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A door in ``tmp_path`` whose links go to ``door.taken``."""
    taken: list[str] = []
    opened = Door(tmp_path, taken.append)
    opened.taken = taken  # type: ignore[attr-defined]
    yield opened
    opened.close()


def _send(port: int, data: bytes) -> bytes:
    """Send ``data`` to the door and return its answer (nothing when it hung up before reading it all)."""
    with socket.create_connection((LOOPBACK, port), timeout=30) as conn:  # at once on loopback; the bound is for a busy machine
        try:
            conn.sendall(data)
            conn.shutdown(socket.SHUT_WR)
            return conn.recv(100)
        except OSError:
            return b""


def test_a_link_handed_over_reaches_the_running_window(door: Door, tmp_path: Path) -> None:
    assert hand_over(tmp_path, LINK) is True
    assert door.taken == [LINK]  # type: ignore[attr-defined]


def test_the_door_listens_on_loopback_and_its_file_is_for_this_account_alone(door: Door, tmp_path: Path) -> None:
    assert door._sock.getsockname()[0] == "127.0.0.1"
    data = json.loads((tmp_path / DOOR_FILE).read_text(encoding="utf-8"))["windows"][0]
    assert data["port"] == door.address.port and len(data["secret"]) >= 32 and data["pid"] == os.getpid()
    if os.name == "posix":
        assert (tmp_path / DOOR_FILE).stat().st_mode & 0o077 == 0


def test_with_no_window_running_the_second_start_opens_its_own(tmp_path: Path) -> None:
    assert hand_over(tmp_path, LINK) is False  # no file


def test_a_stale_file_counts_as_no_window_running(tmp_path: Path) -> None:
    with socket.socket() as sock:  # a port that was free a moment ago, and nobody listens on now
        sock.bind((LOOPBACK, 0))
        port = sock.getsockname()[1]
    (tmp_path / DOOR_FILE).write_text(json.dumps({"port": port, "secret": "s" * 40}), encoding="utf-8")
    assert hand_over(tmp_path, LINK, timeout=2) is False


@pytest.mark.parametrize("text", ["", "not json", "[1, 2]", '{"port": "x", "secret": "y"}', '{"port": 0, "secret": "y"}'])
def test_a_damaged_file_counts_as_no_window_running(tmp_path: Path, text: str) -> None:
    (tmp_path / DOOR_FILE).write_text(text, encoding="utf-8")
    assert read_addresses(tmp_path) == []
    assert hand_over(tmp_path, LINK) is False


def test_a_program_that_answers_otherwise_counts_as_no_window_running(tmp_path: Path) -> None:
    with socket.socket() as server:  # some other program now has the port the stale file names
        server.bind((LOOPBACK, 0))
        server.listen(1)
        server.settimeout(5)
        (tmp_path / DOOR_FILE).write_text(json.dumps({"port": server.getsockname()[1], "secret": "s" * 40}),
                                          encoding="utf-8")

        def answer() -> None:
            conn, _ = server.accept()
            with conn:
                conn.recv(4096)
                conn.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n")

        worker = threading.Thread(target=answer)
        worker.start()
        assert hand_over(tmp_path, LINK) is False
        worker.join(5)


def test_a_wrong_secret_is_refused_and_nothing_is_taken(door: Door) -> None:
    message = json.dumps({"secret": "not the secret", "link": LINK}).encode() + b"\n"
    assert _send(door.address.port, message) == b"refused\n"
    assert door.taken == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("message", [b"garbage\n", b"{}\n", b'{"secret": 1, "link": 2}\n', b"x" * 5000 + b"\n",
                                     b"no newline"])
def test_bad_messages_are_refused_and_the_door_stays_open(door: Door, tmp_path: Path, message: bytes) -> None:
    assert _send(door.address.port, message) in (b"refused\n", b"")
    assert door.taken == []  # type: ignore[attr-defined]
    assert hand_over(tmp_path, LINK) is True
    assert door.taken == [LINK]  # type: ignore[attr-defined]


def test_a_text_that_is_no_table_link_is_refused(door: Door) -> None:
    message = json.dumps({"secret": door.address.secret, "link": "https://example.org/"}).encode() + b"\n"
    assert _send(door.address.port, message) == b"refused\n"
    assert door.taken == []  # type: ignore[attr-defined]


def test_closing_the_door_takes_its_file_away_but_not_a_newer_windows(tmp_path: Path) -> None:
    first = Door(tmp_path, lambda link: None)
    second = Door(tmp_path, lambda link: None)  # a second window: links now go to it
    first.close()
    assert read_addresses(tmp_path) == [second.address]
    second.close()
    assert not (tmp_path / DOOR_FILE).exists()
    assert hand_over(tmp_path, LINK) is False


def test_with_two_windows_a_link_goes_to_the_newest_and_to_the_older_once_that_closes(tmp_path: Path) -> None:
    taken: dict[str, list[str]] = {"older": [], "newer": []}
    older = Door(tmp_path, taken["older"].append)
    newer = Door(tmp_path, taken["newer"].append)
    try:
        assert read_addresses(tmp_path) == [newer.address, older.address]
        assert hand_over(tmp_path, LINK) is True and taken == {"older": [], "newer": [LINK]}
        newer.close()
        assert read_addresses(tmp_path) == [older.address], "the older window's door is still listed"
        assert hand_over(tmp_path, LINK) is True and taken["older"] == [LINK]
    finally:
        older.close()
        newer.close()


def test_a_stale_door_listed_first_is_passed_over_for_a_window_still_open(door: Door, tmp_path: Path) -> None:
    with socket.socket() as sock:  # a port nobody listens on now
        sock.bind((LOOPBACK, 0))
        gone = sock.getsockname()[1]
    listed = json.loads((tmp_path / DOOR_FILE).read_text(encoding="utf-8"))["windows"]
    (tmp_path / DOOR_FILE).write_text(json.dumps({"windows": [{"port": gone, "secret": "x" * 43}, *listed]}))
    assert hand_over(tmp_path, LINK) is True
    assert door.taken == [LINK]  # type: ignore[attr-defined]


def test_a_file_an_earlier_version_wrote_still_names_its_window(door: Door, tmp_path: Path) -> None:
    (tmp_path / DOOR_FILE).write_text(json.dumps({"port": door.address.port, "secret": door.address.secret}))
    assert read_addresses(tmp_path) == [door.address]
    assert hand_over(tmp_path, LINK) is True


def test_a_door_that_cannot_open_is_logged_and_the_game_goes_on(tmp_path: Path,
                                                                caplog: pytest.LogCaptureFixture) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    assert open_door(blocker / "inside", lambda link: None) is None  # the data folder is a file
    assert "second window" in caplog.text


def test_a_second_start_with_a_link_hands_it_over_and_exits(door: Door, tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "CHINESE_TEN_LOG_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "chinese_ten", "--data-dir", str(tmp_path), "join", LINK],
                          env=env, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert door.taken == [LINK]  # type: ignore[attr-defined]
