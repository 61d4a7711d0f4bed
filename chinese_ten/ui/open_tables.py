"""The network tables this player sits at, kept in the data folder so "Open tables" can take them back.

One small JSON file, ``open-tables.json``: for each table its server's base address, the table's id,
the seat, the seat's token (what brings the person back; the server keeps only its hash), the game and
when it was kept. It is written in one step by :func:`chinese_ten.storage.atomic_write`; a file that
cannot be read is set aside under a dated name and the list starts empty. A table leaves the list when
its match ends, or when the person forgets it.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from chinese_ten import storage

_log = logging.getLogger("chinese_ten.ui")

FILENAME = "open-tables.json"
KEPT_MOST = 20
"""How many open tables are kept (the oldest go first)."""


@dataclass(frozen=True)
class OpenTable:
    """One table this player sits at."""

    base: str
    table: str
    token: str
    seat: int
    game: str = "ten"
    kept: float = 0.0
    links: tuple[tuple[int, str], ...] = ()
    """The host's links, seat by seat, to hand out again after coming back."""


def base_of(ws: str) -> str:
    """The ``http(s)://HOST[:PORT]`` base of a table server whose WebSocket address is ``ws``."""
    scheme, _, rest = ws.partition("://")
    host = rest.split("?", 1)[0]
    if host.endswith("/ws"):
        host = host[:-3]
    return {"wss": "https", "ws": "http"}.get(scheme, scheme) + "://" + host.rstrip("/")


class OpenTables:
    """The kept list (nothing is kept without a data folder)."""

    def __init__(self, folder: Path | None) -> None:
        self.path = None if folder is None else folder / FILENAME

    def load(self) -> list[OpenTable]:
        """Every open table kept, newest first."""
        if self.path is None or not self.path.exists():
            return []
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            rows = [OpenTable(str(r["base"]), str(r["table"]), str(r["token"]), int(r["seat"]), str(r.get("game", "ten")),
                              float(r.get("kept", 0)), tuple((int(k), str(v)) for k, v in r.get("links") or ()))
                    for r in data["tables"]]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            _log.warning("the open tables could not be read (%s); the file is set aside", exc)
            try:
                storage.move_aside(self.path)
            except OSError:
                pass
            return []
        return sorted(rows, key=lambda r: -r.kept)

    def _save(self, rows: list[OpenTable]) -> None:
        if self.path is None:
            return
        data: dict[str, Any] = {"version": 1, "tables": [asdict(r) for r in rows[:KEPT_MOST]]}
        try:
            storage.atomic_write(self.path, json.dumps(data, indent=1).encode("utf-8"))
        except OSError as exc:
            _log.warning("the open tables could not be kept: %s", exc)

    def keep(self, entry: OpenTable) -> None:
        """Keep (or refresh) a table this player sits at."""
        rows = [r for r in self.load() if (r.base, r.table) != (entry.base, entry.table)]
        kept = entry if entry.kept else OpenTable(entry.base, entry.table, entry.token, entry.seat, entry.game, time.time(),
                                                  entry.links)
        self._save([kept, *rows])

    def forget(self, base: str, table: str) -> None:
        """Drop a table from the list."""
        rows = self.load()
        left = [r for r in rows if (r.base, r.table) != (base, table)]
        if len(left) != len(rows):
            self._save(left)
