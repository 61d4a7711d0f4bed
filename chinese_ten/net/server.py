"""The table server of NETWORK.md: every table in one process, over WebSocket (``/ws``), with
``/healthz`` and a small page per table (``/t/TABLE``) on the same port.

Each connection reads its messages on its own task and writes through its own queue, so a slow or
misbehaving client never holds up another table or connection. The limits (frame size, rate, the
first message's deadline) and the close codes are the contract's (:mod:`chinese_ten.net.protocol`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import json
import logging
import os
import signal
import sqlite3
import sys
from collections import deque
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from http import HTTPStatus
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from chinese_ten.storage import FileLock, try_lock
from chinese_ten.net import protocol as p
from chinese_ten.net.httpfront import FrontConnection, is_websocket_path, plain
from chinese_ten.net.accepting import Acceptor
from chinese_ten.net.leases import CLOSE_MOVED, CLOSE_TRY_LATER, Leases
from chinese_ten.net.metrics import Metrics
from chinese_ten.net.proxies import client_of, is_loopback, is_trusted, trusted_networks
from chinese_ten.net.deals import (Missing, answer_deal, deal_address, find_deal, missing_sentence, not_found_page,
                                   page_language, watched_table)
from chinese_ten.net.page import deal_page, page_for, watch_answer
from chinese_ten.net.refusals import RefusalLog
from chinese_ten.net.reviews import ReviewDesk, review_address
from chinese_ten.net.store import EXPIRY_SECONDS, DamagedStore, StoreRefused, StoreUnavailable, TableStore
from chinese_ten.net.store_sqlite import SqliteStore
from chinese_ten.net.tables import Refused, Table, clock_wall, new_table_id, restore, unavailable
from chinese_ten.net.thinking import ThinkingQueue
from chinese_ten.net.watchers import watch_link, watcher_refusal

_log = logging.getLogger("chinese_ten.net")

OUTBOX_LIMIT = 512
"""Frames waiting for a slow connection before it is closed."""

SWEEP_SECONDS = 300.0
"""How often tables past their expiry are removed, and idle ones let go of."""

IDLE_SECONDS = 900.0
"""A table nobody is connected to and with nothing to do for this long leaves memory (it stays kept,
and comes back on its next ``hello``)."""

LOCK_NAME = "server.lock"
"""The file in the data folder that a running server holds locked (the system lets go of it when the process
ends, however it ends)."""

DEFAULT_PORT = 47110
"""The port ``serve`` binds unless told another."""

GC_YOUNG = 2_000
"""The collector's first threshold while serving (Python's default is 700): fewer collections of the young, each
still short, and so fewer of the older generations, whose walk over every open table's match is what held the
loop up (``benchmarks/tables.py --part gc``; at 20,000 the young collections themselves grew long)."""


def settle_memory() -> None:
    """Once started: collect, then move everything made so far (modules, code, kept tables brought back) out of
    the collector's sight (``gc.freeze``), and collect the young generation less often (:data:`GC_YOUNG`), so
    a full collection while many tables play walks only what they made since, and comes rarely."""
    gc.collect()
    gc.freeze()
    _young, middle, old = gc.get_threshold()
    gc.set_threshold(GC_YOUNG, middle, old)


class StartError(OSError):
    """A server that cannot start: the data folder cannot be used or is another running server's; the message
    says which, in one sentence."""


class Connection:
    """One client connection: its rate, its seat once it has one, and a queue that writes its frames in order."""

    def __init__(self, ws: ServerConnection, loop: asyncio.AbstractEventLoop, metrics: Metrics | None = None) -> None:
        """A connection over ``ws``, timed by ``loop``, counted in ``metrics``."""
        self.ws = ws
        self.loop = loop
        self.metrics = metrics or Metrics()
        self.table: Table | None = None
        self.seat: int | None = None
        self.watching = False
        """True for a connection watching :attr:`table` from no seat."""
        self.closing = False
        self.address = ""
        """The client address the connection is counted by."""
        self.endpoint: str | None = None
        """The table the connection's path names (``/ws/TABLE``), or None on the bare ``/ws``."""
        self.on_limit: Callable[[str, str], None] = lambda limit, address: None
        """Told the limit (:data:`~chinese_ten.net.metrics.LIMITS`) and the address of each refusal for the rate."""
        self._outbox: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue()
        self._admitted: deque[float] = deque(maxlen=p.RATE_PER_SECOND)
        """When the latest admitted messages came (as many as a second admits)."""
        self._arrivals: deque[float] = deque(maxlen=p.RATE_PER_SECOND + 1)
        """When the latest messages came, admitted or not (one more than a second admits)."""
        self._over_since: float | None = None
        self._last_over = 0.0

    def push(self, text: str) -> None:
        """Queue one frame; a connection too slow to take its frames is closed."""
        if self.closing:
            return
        if self._outbox.qsize() >= OUTBOX_LIMIT:
            self.close(p.CLOSE_SILENT, "too slow")
            return
        self._outbox.put_nowait(text)

    def refuse(self, code: str, message: str, ident: Any = None) -> None:
        """Send an ``error`` (counted by its code)."""
        self.metrics.refusals[code] += 1
        self.push(p.dump(p.error(code, message, ident)))

    def close(self, code: int, reason: str = "") -> None:
        """Close once every frame queued before has been written."""
        if not self.closing:
            self.closing = True
            self._outbox.put_nowait((code, reason))

    async def write(self) -> None:
        """Write queued frames until the connection closes."""
        try:
            while True:
                item = await self._outbox.get()
                if isinstance(item, tuple):
                    await self.ws.close(item[0], item[1])
                    return
                await self.ws.send(item)
                self.metrics.bytes_out += len(item.encode("utf-8"))
        except ConnectionClosed:
            return

    def admit(self, text: str | bytes) -> bool:
        """Count message ``text`` against the rate, over a sliding second; False (with ``too-many`` sent, naming
        the action ``text`` holds if it is one, so that its sender may make it again) when the
        second holds as many admitted already, and the connection is closed once it has been over the rate
        for :data:`~chinese_ten.net.protocol.FLOOD_SECONDS` in a row (a gap of less than a second under the
        rate does not end the run)."""
        now = self.loop.time()
        self._arrivals.append(now)
        if len(self._arrivals) > p.RATE_PER_SECOND and now - self._arrivals[0] < 1.0:
            if self._over_since is None or now - self._last_over >= 1.0:
                self._over_since = now
            self._last_over = now
            if now - self._over_since >= p.FLOOD_SECONDS:
                self.close(p.CLOSE_FLOOD, "too many messages")
                self.on_limit("flood", self.address)
                return False
        if len(self._admitted) >= p.RATE_PER_SECOND and now - self._admitted[0] < 1.0:
            self.refuse("too-many", "Too many messages; slow down.", p.act_id(text))
            self.on_limit("rate", self.address)
            return False
        self._admitted.append(now)
        return True


class TableServer:
    """Every table of one data folder, served on one address."""

    def __init__(self, data_dir: Path, *, host: str = "127.0.0.1", port: int = DEFAULT_PORT,
                 public_url: str | None = None, away_after: float = 60.0, hello_seconds: float = p.HELLO_SECONDS,
                 pool: bool = True, tables_per_hour: int = p.TABLES_PER_HOUR,
                 connections_per_address: int = p.CONNECTIONS_PER_ADDRESS, trust_proxy: Sequence[str] = (),
                 shard: str | None = None, store: str | None = None, clock_scale: float = 1.0) -> None:
        """A server keeping its tables in ``data_dir/tables.db``, which it holds alone, or in the PostgreSQL
        ``store`` names (``postgresql://USER@HOST:PORT/DB``), which any number of servers share, each table held
        by one at a time (:mod:`.leases`); ``pool`` lets Hard computers think in another process (off: every
        computer decides on the loop). :class:`StartError` when the folder cannot be used or another server holds
        it, or ``store`` cannot be used, :class:`DamagedStore` for a damaged ``tables.db``. ``trust_proxy`` names
        the proxies whose ``X-Forwarded-For`` gives a client's address; ``shard`` starts every new table's id with
        ``SHARD-``. ``clock_scale`` is for tests only, never set by a
        client nor on the command line: every turn clock really runs that fraction of its seconds."""
        self.trusted = trusted_networks(trust_proxy)  # ValueError before the folder is taken
        self.lock: FileLock | None
        self.lock, self.store = _hold(data_dir) if store is None else (None, _postgres_store(store))
        self.host = host
        self.port = port
        self.public_url = public_url
        self.away_after = away_after
        self.clock_scale = clock_scale
        self.hello_seconds = hello_seconds
        self.tables: dict[str, Table] = {}
        self.shard = shard
        self.metrics = Metrics()
        self.tables_per_hour = tables_per_hour
        self.connections_per_address = connections_per_address
        self._made: dict[str, deque[float]] = {}
        """When each client address created its tables in the last hour."""
        self._open: dict[str, int] = {}
        """How many connections each client address holds open."""
        self.refusal_log = RefusalLog()
        self._forwarding_told = False
        """True once a request forwarded by a peer not trusted as a proxy has been logged."""
        self._acceptor: Acceptor | None = None
        self._use_pool = pool
        self._pool: ThinkingQueue | None = None
        self._server: Server | None = None
        self._sweeper: asyncio.TimerHandle | None = None
        self.reviews: ReviewDesk | None = None
        """The deals' reviews asked for and kept (made once the server starts)."""
        self.loop: asyncio.AbstractEventLoop | None = None
        self.leases: Leases | None = None
        """This server's leases on its tables, once started on a store several servers share."""
        self._connections: set[Connection] = set()

    # ------------------------------------------------------------------ tables

    def _executor(self) -> ThinkingQueue:
        if self._pool is None:
            self._pool = ThinkingQueue()  # its processes start on the first decision, below the loop's priority
        return self._pool

    def _options(self) -> dict[str, Any]:
        return {"pool": self._executor if self._use_pool else None, "away_after": self.away_after,
                "public_url": self.public_url or self.base_url, "clock_scale": self.clock_scale}

    def table(self, table_id: str) -> Table | None:
        """The open table ``table_id`` (brought back from the store on first asking), or None; ``unavailable``
        (:class:`Refused`) when the store cannot be read just now."""
        found = self.tables.get(table_id)
        if found is None and self.loop is not None:
            try:
                store = self._store_for(table_id)
                found = None if store is None else restore(store, table_id, self.loop, **self._options())  # type: ignore[arg-type]
            except StoreUnavailable as exc:
                _log.warning("table %s could not be read: %s", table_id, exc)
                self._give_up(table_id)
                raise unavailable() from None
            except Refused:
                raise
            except Exception as exc:  # noqa: BLE001 - a kept table that cannot be played forward is refused as unknown
                _log.error("table %s could not be brought back: %s: %s", table_id, type(exc).__name__, exc)
                found = None
            if found is None:
                self._give_up(table_id)
            else:
                self.tables[table_id] = found
                _log.info("table %s brought back", table_id)
        return found

    def _store_for(self, table_id: str) -> TableStore | None:
        """The store as table ``table_id`` is written here: the server's own, or on a shared store under the
        table's lease, taken now (None when there is no such table); ``unavailable`` with 1013 (try again later)
        while another server holds it."""
        if self.leases is None:
            return self.store
        lease = self.leases.take(table_id)
        if lease is not None:
            return self.leases.fenced(lease)
        if self.store.holder(table_id) is not None:
            raise Refused("unavailable", unavailable().message, CLOSE_TRY_LATER)
        return None

    def _give_up(self, table_id: str) -> None:
        """Let go of the lease of a table not kept in memory here."""
        if self.leases is not None and table_id not in self.tables:
            self.leases.give_up(table_id)

    def _let_go(self, table_id: str, code: int = CLOSE_MOVED, reason: str = "the table moved") -> None:
        """Take the table out of memory, its connections closed with ``code`` (by default 1012: connect again)."""
        table = self.tables.pop(table_id, None)
        if table is None:
            return
        for conn in list(self._connections):
            if conn.table is table:
                conn.table, conn.seat, conn.watching = None, None, False
                conn.close(code, reason)
        table.close()

    def _hand_over(self, table_id: str) -> None:
        """Another server asks for a table of this one's: everything of it is written already, so it is let go of
        at once, its lease with it."""
        self._let_go(table_id)
        self._give_up(table_id)
        _log.info("table %s handed over", table_id)

    def restore_all(self) -> int:
        """Bring back every kept table now; how many."""
        for table_id in self.store.table_ids():
            self.table(table_id)
        return len(self.tables)

    def sweep(self) -> None:
        """Remove the tables whose last action is more than 48 hours ago, and let go of idle ones."""
        try:
            expired = self.store.expire(clock_wall(), EXPIRY_SECONDS)
        except StoreUnavailable as exc:
            _log.warning("expired tables could not be removed now: %s", exc)
            expired = []
        for table_id in expired:
            self._let_go(table_id, p.CLOSE_NO_TABLE, "the table has expired")
            self._give_up(table_id)
            _log.info("table %s expired", table_id)
        now = clock_wall()
        for table_id, table in list(self.tables.items()):
            if (all(seat.outlet is None for seat in table.seats) and not table.watchers and not table.session.thinking
                    and now - table.row.last_action > IDLE_SECONDS):
                table.close()
                del self.tables[table_id]
                self._give_up(table_id)
        if self.loop is not None:
            for address, made in list(self._made.items()):
                if not made or self.loop.time() - made[-1] >= 3600.0:
                    del self._made[address]
            self._sweeper = self.loop.call_later(SWEEP_SECONDS, self.sweep)

    # ------------------------------------------------------------------ serving

    @property
    def base_url(self) -> str:
        """``http://ADDR:PORT`` of the address really bound."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    async def start(self) -> None:
        """Bind the address (``port`` 0: any free port, then :attr:`port` is the real one) and start serving."""
        self.loop = asyncio.get_running_loop()
        self.reviews = ReviewDesk(self.store, self._find_deal, self._executor, self.loop)
        front = functools.partial(FrontConnection, answer=self._page,
                                  posts=lambda path: review_address(path) is not None)
        self._server = await serve(self._handle, self.host, self.port, subprotocols=[p.SUBPROTOCOL],  # type: ignore[list-item]
                                   process_request=self._http, max_size=p.MAX_FRAME, compression=None,
                                   create_connection=front,  # type: ignore[arg-type]
                                   ping_interval=20, ping_timeout=20, open_timeout=p.HELLO_SECONDS,
                                   server_header=None)
        sockets = list(self._server.sockets)
        if sockets:
            self.port = sockets[0].getsockname()[1]
        self._acceptor = Acceptor.take_over(self._server.server, self.metrics)
        if self.store.shared:
            self.leases = Leases(self.store, self.loop, self._let_go, self._hand_over)
        self.sweep()

    async def close(self) -> None:
        """Stop serving: every table stopped (each step of it written already), every lease given up, and every
        connection closed with 1012, to connect again (through another server of a shared store); then the
        store closed."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._acceptor is not None:
            self._acceptor.close()
        for table in self.tables.values():
            table.close()
        if self.leases is not None:
            self.leases.close()
        if self._server is not None:
            self._server.close(code=CLOSE_MOVED, reason="the server is restarting")
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 5)
        if self.reviews is not None:
            self.reviews.close()
        if self._pool is not None:
            self._pool.shutdown()
        self.release()

    def release(self) -> None:
        """Close the store and let go of the data folder (a server that failed to start, or has stopped)."""
        with contextlib.suppress(Exception):
            self.store.close()
        if self.lock is not None:
            self.lock.release()

    def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        """The WebSocket's opening handshake: only the endpoint's paths reach it (:mod:`.httpfront`)."""
        if is_websocket_path(request.path.split("?", 1)[0], p.WS_PATH):
            return None
        return connection.respond(HTTPStatus.NOT_FOUND, "not found\n")

    def _page(self, connection: FrontConnection, path: str) -> Response:
        """The answer to a ``GET`` of ``path``: the health check, the figures, a page, or 404."""
        peer = connection.transport.get_extra_info("peername")
        address, forwarded = str(peer[0]) if peer else "", connection.headers.get("x-forwarded-for")
        self.note_forwarding(address, forwarded)
        if path == "/healthz":
            return plain(HTTPStatus.OK, "ok\n")
        if path == "/metrics":
            if not self.may_see_metrics(address, forwarded):
                return plain(HTTPStatus.FORBIDDEN)
            return plain(HTTPStatus.OK, self.metrics_text(), "text/plain; version=0.0.4; charset=utf-8")
        watched = watched_table(path)
        if watched is not None:
            return self._watch_page(watched, connection.headers)
        review = review_address(path)
        if review is not None and self.reviews is not None:
            return self.reviews.answer(review, connection.method, client_of(address, forwarded, self.trusted),
                                       connection.headers, parse_qs(connection.query))
        deal = deal_address(path)
        if deal is not None:
            return answer_deal(deal, self._find_deal, connection.headers, lambda _address: deal_page())
        page = page_for(path, lambda table: found.game.name if (found := self.tables.get(table)) is not None else None,
                        connection.headers, connection.query)
        if page is not None:
            return page
        return plain(HTTPStatus.NOT_FOUND)

    def _find_deal(self, table: str, number: int) -> dict[str, Any] | Missing:
        """Finished deal ``number`` of ``table`` as kept now, or why there is none."""
        return find_deal(self.store, self.tables.get(table), table, number, clock_wall())

    def _watch_page(self, table_id: str, request: dict[str, str]) -> Response:
        """The seat's page watching ``table_id`` (``GET /w/TABLE``), or the styled 404 for a table not kept here."""
        live = self.tables.get(table_id)
        if live is None and self.store.load(table_id) is None:
            language = page_language(request)
            return not_found_page(missing_sentence("no-watch", table_id, 0, language), language)
        return watch_answer(table_id, live.game.name if live is not None else None, request)

    async def _handle(self, ws: ServerConnection) -> None:
        assert self.loop is not None
        conn = Connection(ws, self.loop, self.metrics)
        conn.address = self.client_address(ws)
        conn.on_limit = self.limit_refused
        if ws.request is not None:
            conn.endpoint = endpoint_table(ws.request.path)
        if self._open.get(conn.address, 0) >= self.connections_per_address:
            self.limit_refused("connections", conn.address)
            with contextlib.suppress(Exception):
                await ws.close(p.CLOSE_FLOOD, "too many connections from one address")
            return
        self._open[conn.address] = self._open.get(conn.address, 0) + 1
        self._connections.add(conn)
        writer = asyncio.create_task(conn.write())
        try:
            await self._converse(conn)
        except ConnectionClosed:
            pass
        finally:
            self._connections.discard(conn)
            left = self._open.pop(conn.address, 1) - 1
            if left:
                self._open[conn.address] = left
            if conn.table is not None and conn.seat is not None:
                conn.table.detach(conn.seat, conn)
            elif conn.table is not None and conn.watching:
                conn.table.unwatch(conn)
            conn.close(1000, "")
            await _drain(conn.ws)  # read on, ignored, until the close handshake the writer began is done
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 5)
            writer.cancel()

    def client_address(self, ws: ServerConnection) -> str:
        """The address a connection's limits are counted by: the socket's peer, or the client a trusted proxy
        names."""
        peer = ws.remote_address
        forwarded = ws.request.headers.get("X-Forwarded-For") if ws.request is not None else None
        self.note_forwarding(str(peer[0]) if peer else "", forwarded)
        return client_of(str(peer[0]) if peer else "", forwarded, self.trusted)

    def note_forwarding(self, peer: str, forwarded: str | None) -> None:
        """Count a request carrying ``X-Forwarded-For`` from a ``peer`` not trusted as a proxy, and log the first:
        a proxy left out of ``--trust-proxy`` makes every client behind it one address, which the limits then
        cap as one."""
        if forwarded is None or is_trusted(peer, self.trusted):
            return
        self.metrics.untrusted_forwarded += 1
        if not self._forwarding_told:
            self._forwarding_told = True
            _log.warning("a request from %s carries X-Forwarded-For, but %s is not a proxy this server trusts: "
                         "every client behind it counts as that one address against the per-address limits; if it "
                         "is your proxy, start the server with --trust-proxy naming it", peer, peer)

    def limit_refused(self, limit: str, address: str) -> None:
        """Count one refusal for ``limit`` (:data:`~chinese_ten.net.metrics.LIMITS`) of a client at ``address``,
        and log it as far as :class:`RefusalLog`'s bounds allow."""
        self.metrics.limited[limit] += 1
        self.refusal_log.refused(limit, address)

    def may_see_metrics(self, peer: str, forwarded: str | None) -> bool:
        """True when a ``/metrics`` request may be answered: from this machine or a trusted proxy, and, through
        a proxy, for a client that is one of those too."""
        if forwarded is not None and not is_trusted(peer, self.trusted):
            return False  # forwarded by a proxy this server does not know: whoever is behind it is unknown
        client = client_of(peer, forwarded, self.trusted)
        return is_loopback(client) or is_trusted(client, self.trusted)

    def metrics_text(self) -> str:
        """Every figure of ``/metrics``."""
        seats = sum(1 for t in self.tables.values() for s in t.seats if s.outlet is not None)
        thinking = self._pool.metrics_text() if self._pool is not None else ""
        return self.metrics.text(len(self.tables), seats, sum(self._open.values())) + thinking

    async def _converse(self, conn: Connection) -> None:
        assert self.loop is not None
        deadline = self.loop.time() + self.hello_seconds
        while conn.table is None and not conn.closing:
            remaining = deadline - self.loop.time()
            if remaining <= 0:
                conn.close(p.CLOSE_SILENT, "no hello")
                return
            try:
                text = await asyncio.wait_for(conn.ws.recv(), remaining)
            except TimeoutError:
                conn.close(p.CLOSE_SILENT, "no hello")
                return
            self.metrics.bytes_in += len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "replace"))
            if conn.admit(text):
                await self._lease_first(text)
                self._answer(self._first, conn, text)
        async for text in conn.ws:
            self.metrics.bytes_in += len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "replace"))
            if conn.closing:
                return
            if conn.admit(text):
                self._answer(self._watcher_says if conn.watching else self._seated, conn, text)

    async def _lease_first(self, text: str | bytes) -> None:
        """On a shared store, before a first ``hello`` or ``watch`` of a table not here: its lease, asked for from
        the server holding it (which gives it up at once) or waited for while a dead one's lapses, for a few
        seconds at most."""
        if self.leases is None:
            return
        try:
            msg = p.parse_message(text)
        except p.BadMessage:
            return  # refused as the first message is
        if isinstance(msg, (p.Hello, p.Watch)) and msg.table not in self.tables:
            await self.leases.wait_for(msg.table)

    def _answer(self, handler: Any, conn: Connection, text: str | bytes) -> None:
        """Answer one message; a fault of the server's own is logged and answered ``unavailable``, and the
        connection stays open."""
        try:
            handler(conn, text)
        except Exception:  # noqa: BLE001 - the server's own failure never closes a client's connection
            _log.exception("a message could not be answered")
            conn.refuse("unavailable", unavailable().message, p.act_id(text))

    def _refuse(self, conn: Connection, refused: Refused, ident: Any = None) -> None:
        conn.refuse(refused.code, refused.message, ident)
        if refused.close is not None:
            conn.close(refused.close, refused.code)

    def _first(self, conn: Connection, text: str | bytes) -> None:
        """The first message: ``create`` or ``hello``."""
        try:
            msg = p.parse_message(text)
        except p.BadMessage as exc:
            self._refuse(conn, Refused("bad-message", str(exc), exc.close))
            return
        if not isinstance(msg, (p.Create, p.Hello, p.Watch)):
            conn.refuse("bad-message", "Send hello, create or watch first.")
            return
        if not p.speaks(msg.version):
            self._refuse(conn, Refused("version", f"This server speaks version {p.VERSION}.", p.CLOSE_VERSION))
            return
        assert self.loop is not None
        if isinstance(msg, p.Create):
            made = self._made.setdefault(conn.address, deque())
            while made and self.loop.time() - made[0] >= 3600.0:
                made.popleft()
            if len(made) >= self.tables_per_hour:
                conn.refuse("too-many", "Too many tables opened from here this hour; try later.")
                self.limit_refused("tables", conn.address)
                return
            try:
                table_id = f"{self.shard}-{new_table_id()}" if self.shard else None
                table, token, claims = Table.open(msg, self.store, self.loop, table_id=table_id,  # type: ignore[arg-type]
                                                  **self._options())
            except ValueError as exc:
                conn.refuse("bad-message", str(exc))
                return
            except StoreUnavailable as exc:
                _log.warning("a table could not be kept: %s", exc)
                self._refuse(conn, unavailable())
                return
            if self.leases is not None:
                try:
                    lease = self.leases.take(table.id)
                except StoreUnavailable:
                    lease = None
                if lease is None:
                    table.close()
                    self._refuse(conn, unavailable())
                    return
                table.store = self.leases.fenced(lease)
            self.tables[table.id] = table
            made.append(self.loop.time())
            conn.push(p.dump({"type": "created", "table": table.id, "seat": 0, "token": token,
                              "links": table.links(claims), "watch": watch_link(table.public_url, table.id)}))
            conn.table, conn.seat = table, 0
            table.attach(0, conn)
            return
        if conn.endpoint is not None and msg.table != conn.endpoint:
            self._refuse(conn, Refused("no-such-table", "This address is another table's.", p.CLOSE_NO_TABLE))
            return
        try:
            found = self.table(msg.table)
        except Refused as refused:
            self._refuse(conn, refused)
            return
        if found is None:
            self._refuse(conn, Refused("no-such-table", "There is no such table.", p.CLOSE_NO_TABLE))
            return
        if isinstance(msg, p.Watch):
            try:
                found.watch(conn)
            except Refused as refused:
                self._refuse(conn, refused)
                return
            conn.table, conn.watching = found, True
            return
        try:
            if msg.claim is not None:
                conn.table, conn.seat = found, found.seat_of_claim(msg.claim)
                found.take_claim(msg.claim, msg.name, conn)
            else:
                assert msg.token is not None
                seat = found.seat_of_token(msg.token)
                conn.table, conn.seat = found, seat
                found.attach(seat, conn, last_seq=msg.last_seq)
        except Refused as refused:
            conn.table = conn.seat = None
            self._refuse(conn, refused)

    def _seated(self, conn: Connection, text: str | bytes) -> None:
        """A message from a seated connection."""
        table, seat = conn.table, conn.seat
        assert table is not None and seat is not None
        ident = None
        try:
            table.heard(seat)
            msg = p.parse_message(text)
            if isinstance(msg, p.Act):
                ident = msg.id
                began = conn.loop.time()
                table.act(seat, msg.id, msg.action)
                self.metrics.acked(conn.loop.time() - began)
            elif isinstance(msg, p.Next):
                table.ready_next(seat)
            elif isinstance(msg, p.Fill):
                table.fill(seat, msg.seat, msg.strength)
            elif isinstance(msg, p.Chat):
                table.chat(seat, msg.text)
            elif isinstance(msg, p.Leave):
                conn.table = conn.seat = None
                table.leave(seat)
            elif isinstance(msg, p.Again):
                table.again(seat)
            elif isinstance(msg, p.WatchersOn):
                table.set_watching(seat, msg.on)
            else:
                raise Refused("bad-message", "You have a seat already.")
        except p.BadMessage as exc:
            conn.refuse("bad-message", str(exc), p.act_id(text))
        except Refused as refused:
            self._refuse(conn, refused, ident)

    def _watcher_says(self, conn: Connection, text: str | bytes) -> None:
        """A message from a watcher: refused, whatever it is (nothing changes)."""
        try:
            refused = Refused(*watcher_refusal(p.parse_message(text)))
        except p.BadMessage as exc:
            refused = Refused("bad-message", str(exc))
        self._refuse(conn, refused, p.act_id(text))


def _hold(data_dir: Path) -> tuple[FileLock, TableStore]:
    """Take the data folder for this server alone and open its store."""
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        lock = try_lock(data_dir / LOCK_NAME)
    except PermissionError as exc:
        raise StartError(f"the data folder {data_dir} cannot be used: {exc.strerror or exc}; {_owner_fix(data_dir)}") from None
    except OSError as exc:
        raise StartError(f"the data folder {data_dir} cannot be used: {exc.strerror or exc}") from None
    if lock is None:
        raise StartError(f"another table server is using the data folder {data_dir}; stop it first, or give "
                         f"this one its own --data-dir")
    try:
        return lock, SqliteStore(data_dir / "tables.db")
    except DamagedStore:
        lock.release()
        raise
    except (sqlite3.Error, OSError, StoreUnavailable) as exc:
        lock.release()
        raise StartError(f"{data_dir / 'tables.db'} cannot be opened: {exc}") from None


def _postgres_store(address: str) -> TableStore:
    """Open the PostgreSQL store ``address`` names (which its connection holds): no data folder is used."""
    from chinese_ten.net.store_postgres import PostgresStore  # psycopg is loaded only by a server that uses it

    try:
        return PostgresStore(address)
    except StoreRefused as exc:
        raise StartError(str(exc)) from None


def _owner_fix(data_dir: Path) -> str:
    """How to let this server write ``data_dir``: the folder given to its user, named by uid where there are uids."""
    uid = getattr(os, "getuid", lambda: None)()
    if uid is None:
        return "let the user this server runs as write there, or name another folder with --data-dir"
    return (f"this server runs as uid {uid}, so give the folder to that user (chown {uid} {data_dir}, on the host "
            f"for a container's mounted folder) or name another with --data-dir")


def endpoint_table(target: str) -> str | None:
    """The table a WebSocket request's path names (``/ws/TABLE``), or None for the bare ``/ws``."""
    path = target.split("?", 1)[0]
    if path.startswith(p.WS_PATH + "/"):
        return path[len(p.WS_PATH) + 1:]
    return None


async def _drain(ws: ServerConnection, seconds: float = 10.0) -> None:
    """Read and drop a closing connection's messages until it has closed (at most ``seconds``)."""
    with contextlib.suppress(Exception):
        async with asyncio.timeout(seconds):
            async for _ in ws:
                pass


async def run(server: TableServer, ready: Any = None) -> None:
    """Serve until SIGINT or SIGTERM; ``ready(url)`` is called once the address is bound."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, stop.set)
    try:
        await server.start()
        settle_memory()
        if ready is not None:
            ready(server.base_url)
        await stop.wait()
    finally:
        await server.close()


class JsonLines(logging.Formatter):
    """Log records as one JSON object a line, for log collectors: ``time`` (UTC), ``level``, ``logger``,
    ``message``, and ``table`` when the record is about one table."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as one line of JSON."""
        stamp = datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds")
        line: dict[str, Any] = {"time": stamp.replace("+00:00", "Z"), "level": record.levelname.lower(),
                                "logger": record.name, "message": record.getMessage()}
        if isinstance(record.msg, str) and record.msg.startswith("table %s") and record.args:
            line["table"] = str(record.args[0] if isinstance(record.args, tuple) else record.args)
        if record.exc_info and record.exc_info[1] is not None:
            line["error"] = f"{type(record.exc_info[1]).__name__}: {record.exc_info[1]}"
        return json.dumps(line, ensure_ascii=False)


def log_to_stderr(log_format: str = "text") -> None:
    """Send the server's log to stderr, as text lines or (``json``) one JSON object a line."""
    handler = logging.StreamHandler(sys.stderr)
    if log_format == "json":
        handler.setFormatter(JsonLines())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)
    logging.getLogger("websockets").setLevel(logging.WARNING)


def serve_forever(data_dir: Path, host: str, port: int, public_url: str | None, away_after: float, *,
                  trust_proxy: Sequence[str] = (), shard: str | None = None, log_format: str = "text",
                  store: str | None = None) -> int:
    """``chinese-ten serve``: print ``serving on URL`` once ready, serve until stopped; exit status 0, or 1
    with one line on stderr when it cannot start."""
    log_to_stderr(log_format)
    try:
        server = TableServer(data_dir, host=host, port=port, public_url=public_url, away_after=away_after,
                             trust_proxy=trust_proxy, shard=shard, store=store)
    except (StartError, DamagedStore) as exc:
        return _cannot_start(str(exc))

    def ready(url: str) -> None:
        print(f"serving on {url}", flush=True)

    try:
        asyncio.run(run(server, ready))
    except OSError as exc:
        return _cannot_start(f"cannot listen on {host} port {port}: {exc.strerror or exc}")
    return 0


def _cannot_start(reason: str) -> int:
    print(f"chinese-ten: {reason}", file=sys.stderr, flush=True)
    return 1
