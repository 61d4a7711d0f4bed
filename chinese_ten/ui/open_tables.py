"""The network tables this player sits at, kept in the data folder so "Open tables" can take them back.

One small JSON file, ``open-tables.json``: for each table its server's base address, the table's id,
the seat, the seat's token (what brings the person back; the server keeps only its hash), the game,
when it was kept, and what the window last saw of it: who sits where, the deal under way and whether it
was the person's move (kept as data, told in the language in use: :func:`table_words`). It is written
in one step by :func:`chinese_ten.storage.atomic_write`; a file that
cannot be read is set aside under a dated name and the list starts empty. A table whose match has ended stays in
the list, marked finished (its seat can still be taken back to play again), until the person forgets it or the
list's oldest go.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from chinese_ten import storage
from chinese_ten.i18n import _
from chinese_ten.ui.network_names import seat_label_text, short_seat_name

_log = logging.getLogger("chinese_ten.ui")

FILENAME = "open-tables.json"
SETUP_FILENAME = "host-setup.json"
"""The file, beside the open tables, keeping the set-up of the last table hosted."""
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
    seats: tuple[tuple[str, str, str], ...] = ()
    """Each seat as last seen: its kind (human, computer, away, empty), its person's name and a computer's
    strength (empty when not known)."""
    deal: int = 0
    """The deal under way when last seen (0: none dealt yet)."""
    deals: int = 0
    """How many deals the match has (0: not known)."""
    your_turn: bool = False
    """True when it was this seat's move when the window last saw the table."""
    watch: str = ""
    """The link that watches the table from no seat (the host's, to hand out again)."""
    finished: bool = False
    """True once the table's match has ended (until another match begins there)."""
    matches: int = 0
    """How many matches the table had played before the one last seen, as far as this window saw (a finished
    deal's ``/d/`` number counts them)."""


def seat_rows(seats: list[dict[str, Any]]) -> tuple[tuple[str, str, str], ...]:
    """A server's seat list as an open table keeps it: each seat's kind, name and strength."""
    return tuple((str(s.get("kind") or ""), str(s.get("name") or ""), str(s.get("strength") or "")) for s in seats)


def table_words(entry: OpenTable) -> tuple[str, str]:
    """An open table in two lines, in the language in use: who sits there ("Ann, Bo, Guest 2 · Hard"), and
    the game with how far its match has gone ("Chinese Ten · deal 2 of 3 · your turn")."""
    from chinese_ten.games import game_named

    names = _(", ").join(short_seat_name(seat, name, kind, strength) for seat, (kind, name, strength) in enumerate(entry.seats))
    if not names:
        names = seat_label_text(entry.seat)
    try:
        parts = [_(game_named(entry.game).title)]
    except ValueError:
        parts = [entry.game]
    if entry.finished:
        parts.append(_("the match is over"))
    elif entry.deal and entry.deals:
        parts.append(_("deal {n} of {total}").format(n=entry.deal, total=entry.deals))
    elif not entry.deal:
        parts.append(_("waiting for the seats to be taken"))
    if entry.your_turn and not entry.finished:
        parts.append(_("your turn"))
    return names, " · ".join(parts)


def base_of(ws: str) -> str:
    """The ``http(s)://HOST[:PORT]`` base of a table server whose WebSocket address is ``ws``."""
    scheme, _, rest = ws.partition("://")
    host = rest.split("?", 1)[0]
    if host.endswith("/ws"):
        host = host[:-3]
    return {"wss": "https", "ws": "http"}.get(scheme, scheme) + "://" + host.rstrip("/")


def take_seat_again(app: Any, entry: OpenTable) -> str:
    """Go back to the seat at a kept table, with its token, through the table's lobby (``app``: the window's
    services); a table this window hosted has its server started first. The reason in one line when it cannot
    be (nothing changes then); empty when the lobby opened."""
    from chinese_ten.net.client import TableClient

    if entry.seat == 0 and entry.base != app.settings.server_url:
        try:  # a table this window hosted: its server (and the table, kept in the data folder) first
            app.hosting.base_url()
        except OSError as exc:
            return _("The table server could not start here: {reason}").format(reason=exc)
    client = TableClient.rejoin(entry.base, entry.table, entry.token)
    app.show("lobby", client=client, host=entry.seat == 0, title=table_words(entry)[0], links=dict(entry.links),
             watch=entry.watch, matches=entry.matches)
    return ""


def only_this_computer(url: str) -> bool:
    """True when ``url`` (a link, a base or a WebSocket address) names this computer's loopback (127.x, ::1,
    localhost): no one at another computer can reach it."""
    from urllib.parse import urlsplit

    from chinese_ten.net.proxies import is_loopback

    try:
        host = urlsplit(url.strip()).hostname or ""
    except ValueError:
        return False
    return host == "localhost" or is_loopback(host)


class OpenTables:
    """The kept list (nothing is kept without a data folder)."""

    def __init__(self, folder: Path | None) -> None:
        """The list kept in ``folder`` (none without one)."""
        self.path = None if folder is None else folder / FILENAME
        self.setup_path = None if folder is None else folder / SETUP_FILENAME
        self._noted: dict[tuple[str, str], object] = {}

    def last_setup(self) -> dict[str, Any]:
        """The set-up of the last table hosted (the host form's choices as :meth:`keep_setup` kept them), empty
        when none is kept or the file cannot be read (the form checks each value it takes)."""
        if self.setup_path is None or not self.setup_path.exists():
            return {}
        try:
            data = json.loads(self.setup_path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            _log.warning("the last table's set-up could not be read (%s); the form starts afresh", exc)
            return {}
        return data if isinstance(data, dict) else {}

    def keep_setup(self, setup: dict[str, Any]) -> None:
        """Keep the host form's choices for the next table hosted."""
        if self.setup_path is None:
            return
        try:
            storage.atomic_write(self.setup_path, json.dumps(setup, indent=1).encode("utf-8"))
        except OSError as exc:
            _log.warning("the table's set-up could not be kept: %s", exc)

    def load(self) -> list[OpenTable]:
        """Every open table kept, newest first."""
        if self.path is None or not self.path.exists():
            return []
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            rows = [OpenTable(str(r["base"]), str(r["table"]), str(r["token"]), int(r["seat"]), str(r.get("game", "ten")),
                              float(r.get("kept", 0)), tuple((int(k), str(v)) for k, v in r.get("links") or ()),
                              tuple((str(k), str(n), str(s)) for k, n, s in r.get("seats") or ()),
                              int(r.get("deal", 0)), int(r.get("deals", 0)), bool(r.get("your_turn", False)),
                              str(r.get("watch", "")), bool(r.get("finished", False)), int(r.get("matches", 0)))
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
        kept = entry if entry.kept else replace(entry, kept=time.time())
        self._save([kept, *rows])

    def note(self, base: str, table: str, seats: tuple[tuple[str, str, str], ...], deal: int, deals: int,
             your_turn: bool, matches: int = 0) -> None:
        """Remember what the window sees of a table kept here (written only when it changed); ``matches``, how many
        it saw played there before this one."""
        seen = (seats, deal, deals, your_turn, matches)
        if self._noted.get((base, table)) == seen:
            return
        self._noted[(base, table)] = seen
        rows = self.load()
        at = next((i for i, r in enumerate(rows) if (r.base, r.table) == (base, table)), None)
        if at is None or ((rows[at].seats, rows[at].deal, rows[at].deals, rows[at].your_turn, rows[at].matches) == seen
                          and not rows[at].finished):
            return
        rows[at] = replace(rows[at], seats=seats, deal=deal, deals=deals, your_turn=your_turn, finished=False,
                           matches=matches)
        self._save(rows)

    def finish(self, base: str, table: str) -> None:
        """Mark a table's match as ended: the table stays listed, apart from those being played."""
        self._noted.pop((base, table), None)
        rows = self.load()
        at = next((i for i, r in enumerate(rows) if (r.base, r.table) == (base, table)), None)
        if at is not None and not rows[at].finished:
            rows[at] = replace(rows[at], finished=True, your_turn=False)
            self._save(rows)

    def follow(self, client: Any, follower: Any, your_turn: bool) -> None:
        """Note what a network table's window shows now (see :meth:`note`): its seats, its deal, whether it
        is the person's move."""
        table = getattr(client, "table", None)
        if client is None or not table:
            return
        seats = seat_rows(list(getattr(follower, "seats_list", None) or []))
        match = getattr(follower, "match", None)
        deals = int(getattr(match, "total_deals", 0) or 0)
        self.note(base_of(client.url), str(table), seats, int(getattr(follower, "deal_number", 0) or 0), deals,
                  bool(your_turn), int(getattr(follower, "matches_before", 0) or 0))

    def forget(self, base: str, table: str) -> None:
        """Drop a table from the list."""
        rows = self.load()
        left = [r for r in rows if (r.base, r.table) != (base, table)]
        if len(left) != len(rows):
            self._save(left)
