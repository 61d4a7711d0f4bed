"""One running window: a table link opened while the game runs goes to that window, not to a second one.

The running window opens a :class:`Door`: a TCP socket on the loopback address only, on a port the
system chooses, and writes the port with a random secret to :data:`DOOR_FILE` in the data folder
(readable by this account alone). A second start with a link calls :func:`hand_over`: it reads the
file, connects, sends one line ``{"secret": …, "link": …}`` and takes the answer ``ok``; with no file,
a stale one, a refused connection or any other answer it opens its own window.

Several windows open at once each add their door to the file, newest first, and take only their own
away when they close: a link goes to the newest window still open.
"""

from __future__ import annotations

import contextlib
import hmac
import json
import logging
import os
import secrets
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from chinese_ten.net.links import LinkError, parse_link

_log = logging.getLogger("chinese_ten.handoff")

DOOR_FILE = "window.json"
"""The file in the data folder that tells a second start where the running window listens."""

LOOPBACK = "127.0.0.1"
"""The only address the door listens on and a second start connects to."""

LONGEST_LINE = 2048
"""The most bytes one message may have (a link is at most a few hundred)."""

ANSWER_SECONDS = 3.0
"""How long either side waits for the other before it gives up."""

ACCEPT_SECONDS = 0.25
"""How often the door's thread looks whether it is to close."""

OK = b"ok\n"
REFUSED = b"refused\n"


@dataclass(frozen=True)
class DoorAddress:
    """Where a running window listens: its loopback port and the secret it asks for."""

    port: int
    secret: str

    def to_json(self) -> dict[str, object]:
        """The address as :data:`DOOR_FILE` holds it (with the window's process id, for people reading it)."""
        return {"port": self.port, "secret": self.secret, "pid": os.getpid()}


MOST_WINDOWS = 8
"""The most doors :data:`DOOR_FILE` lists (the oldest, most likely closed long ago, go first)."""


def _address(data: object) -> DoorAddress | None:
    """The address one entry of :data:`DOOR_FILE` names; None when it is not one."""
    if not isinstance(data, dict):
        return None
    port, secret = data.get("port"), data.get("secret")
    if not isinstance(port, int) or isinstance(port, bool) or not 0 < port < 65536 or not isinstance(secret, str):
        return None
    return DoorAddress(port, secret)


def read_addresses(folder: Path) -> list[DoorAddress]:
    """The addresses :data:`DOOR_FILE` in ``folder`` lists, newest first (a file of one window's address, as
    earlier versions wrote it, lists that one); none when there is no such file or it is not one."""
    try:
        data = json.loads((folder / DOOR_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    entries = data.get("windows") if isinstance(data, dict) and "windows" in data else [data]
    if not isinstance(entries, list):
        return []
    return [a for a in map(_address, entries) if a is not None]


def _write_addresses(folder: Path, addresses: list[DoorAddress], mine: DoorAddress | None = None) -> None:
    """:data:`DOOR_FILE` listing ``addresses`` (``mine`` marked with this process's id), or no file for none."""
    from chinese_ten.storage import atomic_write

    if not addresses:
        with contextlib.suppress(OSError):
            (folder / DOOR_FILE).unlink()
        return
    entries = [a.to_json() if a == mine else {"port": a.port, "secret": a.secret} for a in addresses]
    atomic_write(folder / DOOR_FILE, (json.dumps({"windows": entries}) + "\n").encode("utf-8"))


def hand_over(folder: Path, link: str, timeout: float = ANSWER_SECONDS) -> bool:
    """Give ``link`` to the newest window running with data folder ``folder``; True once a window took it,
    False when none runs there (no file, stale ones, refused connections, any answer but ``ok``)."""
    return any(_offer(address, link, timeout) for address in read_addresses(folder))  # stops at the first taker


def _offer(address: DoorAddress, link: str, timeout: float) -> bool:
    """True when the window at ``address`` took ``link``."""
    message = json.dumps({"secret": address.secret, "link": link}).encode("utf-8") + b"\n"
    try:
        with socket.create_connection((LOOPBACK, address.port), timeout=timeout) as conn:
            conn.sendall(message)
            answer = _read_line(conn)
    except OSError as exc:
        _log.info("no game window answered on port %d (%s)", address.port, exc)
        return False
    if answer != OK:
        _log.info("the program on port %d did not take the link", address.port)
        return False
    return True


class Door:
    """The running window's loopback listener: each link a second start hands over goes to ``on_link``
    (called on the door's own thread, so it should only post the link to the window)."""

    def __init__(self, folder: Path, on_link: Callable[[str], None]) -> None:
        """Listen on the loopback address and write :data:`DOOR_FILE` into ``folder``; ``OSError`` when
        either cannot be done."""
        self.folder = folder
        self.on_link = on_link
        self._closed = threading.Event()
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            self._sock.bind((LOOPBACK, 0))
            self._sock.listen(4)
            self._sock.settimeout(ACCEPT_SECONDS)
            self.address = DoorAddress(self._sock.getsockname()[1], secrets.token_urlsafe(32))
            others = read_addresses(folder)[:MOST_WINDOWS - 1]
            _write_addresses(folder, [self.address, *others], self.address)
        except BaseException:
            self._sock.close()
            raise
        self._thread = threading.Thread(target=self._serve, name="link door", daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while not self._closed.is_set():
            try:
                conn, _ = self._sock.accept()
            except TimeoutError:
                continue
            except OSError:
                return  # closed
            with conn:
                try:
                    conn.settimeout(ANSWER_SECONDS)
                    conn.sendall(OK if self._take(_read_line(conn)) else REFUSED)
                except OSError as exc:
                    _log.info("a hand-over broke off: %s", exc)

    def _take(self, line: bytes | None) -> bool:
        """Hand the link of one message to ``on_link``; a bad message is refused with a line in the log."""
        try:
            data = json.loads(line or b"")
        except ValueError:
            data = None
        if not isinstance(data, dict) or not isinstance(data.get("secret"), str) or not isinstance(data.get("link"), str):
            _log.warning("ignored a hand-over that is no link message")
            return False
        if not hmac.compare_digest(data["secret"].encode("utf-8"), self.address.secret.encode("utf-8")):
            _log.warning("ignored a hand-over with the wrong secret")
            return False
        try:
            parse_link(data["link"])
        except LinkError as exc:
            _log.warning("ignored a handed-over text that is no table link: %s", exc)
            return False
        try:
            self.on_link(data["link"].strip())
        except Exception as exc:  # noqa: BLE001 - the window is closing, say; the second start opens its own
            _log.warning("the window could not take a handed-over link: %s", exc)
            return False
        return True

    def close(self) -> None:
        """Stop listening and take this door out of :data:`DOOR_FILE` (the file goes when it was the last)."""
        if self._closed.is_set():
            return
        self._closed.set()
        self._sock.close()
        self._thread.join(ACCEPT_SECONDS * 4)
        listed = read_addresses(self.folder)
        if self.address in listed:
            try:
                _write_addresses(self.folder, [a for a in listed if a != self.address])
            except OSError as exc:
                _log.info("could not take this window's door out of %s: %s", DOOR_FILE, exc)


def open_door(folder: Path, on_link: Callable[[str], None]) -> Door | None:
    """The running window's :class:`Door`; None (with a line in the log) when it cannot be opened, and the
    game goes on without it."""
    try:
        return Door(folder, on_link)
    except OSError as exc:
        _log.warning("links opened elsewhere will open a second window: %s", exc)
        return None


def _read_line(conn: socket.socket) -> bytes | None:
    """One newline-ended message of at most :data:`LONGEST_LINE` bytes, newline included; None when the
    other side stopped or sent more."""
    data = b""
    while b"\n" not in data:
        chunk = conn.recv(LONGEST_LINE + 1 - len(data))
        if not chunk:
            return None
        data += chunk
        if len(data) > LONGEST_LINE:
            return None
    line, _, rest = data.partition(b"\n")
    return None if rest else line + b"\n"
