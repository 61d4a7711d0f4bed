"""Hosting a network table from the window: the table server inside the game, started on first use.

"Play with friends" hosts on the server whose address Settings holds, or else on a
:class:`~chinese_ten.net.background.BackgroundServer` this window starts on the local network's address
(:func:`~chinese_ten.net.lan.local_address`), on the contract's port when it is free and any port
otherwise. The server keeps its tables in the data folder, so a host who closes the game and opens it
again finds the tables where they were; it stops when the window closes.
"""

from __future__ import annotations

import logging
import tempfile
from pathlib import Path

from chinese_ten.net.background import BackgroundServer
from chinese_ten.net.lan import local_address
from chinese_ten.net.store import DamagedStore
from chinese_ten.storage import move_aside

_log = logging.getLogger("chinese_ten.ui")

PORT = 47110
"""The port a hosted table server tries first (NETWORK.md's default)."""

TABLES_FOLDER = "hosted-tables"
"""The folder, in the data folder, where the window's own table server keeps its tables."""


class Hosting:
    """The window's own table server, when it runs one."""

    def __init__(self, folder: Path | None, bind: str | None = None, port: int = PORT) -> None:
        """Host in ``folder`` (the data folder; None: a temporary one), on ``bind`` (None: the local
        network's address) and ``port`` (0: any)."""
        self.folder = folder
        self.bind = bind
        self.port = port
        self.server: BackgroundServer | None = None
        self.set_aside: Path | None = None
        """Where a damaged ``tables.db`` was moved (renamed with the date and time) when this window's server
        started afresh without it: the host is told so. None when nothing was set aside."""

    def base_url(self, server_url: str = "") -> str:
        """The base of the links for a new table: ``server_url`` when set, else this window's own server
        (started now if need be; ``OSError`` when it cannot be)."""
        if server_url:
            return server_url
        if self.server is None:
            folder = (self.folder or Path(tempfile.mkdtemp(prefix="chinese-ten-"))) / TABLES_FOLDER
            folder.mkdir(parents=True, exist_ok=True)
            host = self.bind or local_address()
            try:
                self.server = self._start(folder, host, self.port)
            except OSError:
                if self.port == 0:
                    raise
                self.server = self._start(folder, host, 0)  # the usual port is taken
            _log.info("hosting tables on %s", self.server.url)
        return self.server.url

    def _start(self, folder: Path, host: str, port: int) -> BackgroundServer:
        """The server on ``folder``; a damaged ``tables.db`` is set aside (with its write-ahead log) and the
        server starts afresh."""
        try:
            return BackgroundServer(folder, host=host, port=port)
        except DamagedStore as exc:
            _log.warning("%s", exc)
            self.set_aside = move_aside(exc.path)
            for extra in ("-wal", "-shm"):
                companion = exc.path.with_name(exc.path.name + extra)
                if companion.exists():
                    move_aside(companion)
            return BackgroundServer(folder, host=host, port=port)

    def stop(self) -> None:
        """Stop the window's own server, if it runs."""
        if self.server is not None:
            self.server.stop()
            self.server = None
