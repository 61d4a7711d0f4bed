"""The client library: one table seat over the network, for a window's frame loop or a test.

A :class:`TableClient` runs its WebSocket connection on a background thread (an asyncio loop of its
own) and hands every frame it receives to the caller through a thread-safe queue, as the JSON object
the server sent (NETWORK.md). :func:`updates_of` turns ``welcome`` and ``update`` frames into the
:class:`~chinese_ten.engine.session.Update` values the window already animates. When the connection
drops, the client connects again on its own, with growing, jittered pauses, and comes back to its
seat with its token and the last ``seq`` it saw.

>>> client = TableClient.join("http://127.0.0.1:1/t/abcd1234#" + "x" * 22, "Bo", start=False)
>>> client.url
'ws://127.0.0.1:1/ws'
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import queue
import random
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any, Final
from urllib.parse import quote

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from chinese_ten.engine.session import Update
from chinese_ten.net import protocol as p
from chinese_ten.net.links import parse_link, parse_watch_link, ws_url
from chinese_ten.net.tls import client_context
from chinese_ten.net.wire import events_from_json

FINAL_CLOSES: Final[frozenset[int]] = frozenset({p.CLOSE_REPLACED, p.CLOSE_REFUSED, p.CLOSE_NO_TABLE, p.CLOSE_VERSION})
"""The contract's final close codes, after which connecting again cannot help (replaced, refused, no table, other
version). After any other close (1000 and 1011 included: a server that stopped or failed) the client connects again."""

UNREACHABLE_AFTER: Final[int] = 3
"""How many tries in a row that cannot reach the server before the ``lost`` notice says it is ``unreachable``."""

BACKOFF_FIRST: Final[float] = 0.25
BACKOFF_MOST: Final[float] = 15.0
"""The first pause before connecting again, and the longest, in seconds (each pause is jittered)."""


def game_events(events: Any) -> list[Any]:
    """An ``events`` list without the table's own events (:data:`~chinese_ten.net.protocol.TABLE_EVENTS`), which
    are no game's.

    >>> game_events([{"kind": "timed_out", "seat": 1}, {"kind": "played", "seat": 1, "card": "7D", "took": []}])
    [{'kind': 'played', 'seat': 1, 'card': '7D', 'took': []}]
    """
    return [e for e in events or [] if not (isinstance(e, dict) and e.get("kind") in p.TABLE_EVENTS)]


def timed_out(frame: Mapping[str, Any]) -> list[int]:
    """The seats whose turn clocks ran out, as an ``update`` frame tells it (a computer made their decision).

    >>> timed_out({"type": "update", "events": [{"kind": "timed_out", "seat": 1}, {"kind": "played", "seat": 1}]})
    [1]
    """
    if frame.get("type") != "update":
        return []
    return [e["seat"] for e in frame.get("events") or []
            if isinstance(e, dict) and e.get("kind") == "timed_out" and type(e.get("seat")) is int]


def updates_of(frame: Mapping[str, Any], game: str) -> list[Update]:
    """The session updates a frame carries for this seat: a ``welcome`` (or a watcher's ``watching``) gives the
    current deal whole (a ``rewound`` update), an ``update`` frame one update (the table's own events, a run-out clock, left out);
    other frames none. ``ValueError`` for bad events."""
    kind = frame.get("type")
    if kind in ("welcome", "watching") and frame.get("story"):
        events = events_from_json(game, frame["story"])
        return [Update(int(frame.get("seq", 0)), "rewound", int(frame.get("deal", 1)), events)]
    if kind == "update":
        step = frame.get("step") or {}
        moved = step.get("kind", "moved")
        if moved not in ("dealt", "moved", "rewound"):
            moved = "moved"
        return [Update(int(frame["seq"]), moved, int(step.get("deal", 0)),
                       events_from_json(game, game_events(frame["events"])), step.get("by"))]
    return []


class TableClient:
    """One seat at a network table, connected from a background thread.

    Read frames with :meth:`get` (blocking, with a timeout) or :meth:`poll` (all that are waiting,
    for a window's frame loop). Besides the server's frames, the queue carries
    ``{"type": "connection", "status": "open" | "lost" | "closed", "code": N, "tries": T,
    "unreachable": bool}`` when the connection opens, drops (the client will connect again) or ends for
    good; ``tries`` counts the tries in a row that found no server, and ``unreachable`` is True from the
    :data:`UNREACHABLE_AFTER`-th on (the client still keeps trying). A client that sent ``leave`` or was
    closed does not connect again.
    """

    def __init__(self, url: str, first: dict[str, Any], *, reconnect: bool = True, start: bool = True) -> None:
        """A client of the server at WebSocket ``url`` that opens with ``first`` (``create`` or ``hello``)."""
        self.url = url
        self.frames: queue.Queue[dict[str, Any]] = queue.Queue()
        """Every frame received, in order (and the connection's own notices)."""
        self.reconnect = reconnect
        self.table: str | None = first.get("table")
        self.seat: int | None = None
        self.token: str | None = first.get("token")
        self.game: str = first.get("game", "ten")
        self.last_seq: int | None = first.get("last_seq")
        self.links: dict[str, str] = {}
        self.state: dict[str, Any] | None = None
        """The latest ``state`` the server sent for this seat."""
        self._clock_told: tuple[Any, float] = (None, 0.0)
        """The latest state's ``clock`` and when it came (``time.monotonic``), set at once for the reading thread."""
        self.seats: list[dict[str, Any]] = []
        """The latest seat list (``welcome`` or ``presence``)."""
        self.closed_code: int | None = None
        self.watching = False
        """True for a client watching the table from no seat (it acts, chats and sends nothing)."""
        self.watchers = 0
        """How many watch the table, as the server last told it."""
        self.on_frame: Callable[[], None] | None = None
        """Called from the client's thread after each frame or notice is queued (a window sleeping on its
        input sets it to wake itself)."""
        self._first = dict(first)
        self._ids = itertools.count(1)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: asyncio.Queue[dict[str, Any] | None] | None = None
        self._stopping = False
        self._left = False
        self._trying: asyncio.Task[Any] | None = None
        self._started = threading.Event()
        self._thread = threading.Thread(target=self._main, name="chinese-ten-table-client", daemon=True)
        if start:
            self.start()

    # ------------------------------------------------------------------ making one

    @classmethod
    def create(cls, base_url: str, name: str, *, game: str = "ten", seats: int = 2, rules: Any = None,
               match: str = "per-seat", computers: Mapping[int, str] | None = None, chat: bool = True,
               clock: int | None = None, watchers: bool = True, **options: Any) -> TableClient:
        """Host a new table on the server at ``base_url`` (``http://…``), with a turn clock of ``clock`` seconds a
        decision (None: none) and watchers let in or not; the ``created`` frame carries the links to hand out
        (also kept in :attr:`links`)."""
        first: dict[str, Any] = {"type": "create", "version": p.VERSION, "name": name, "game": game, "seats": seats,
                                 "match": match, "computers": {str(k): v for k, v in (computers or {}).items()},
                                 "chat": chat}
        if rules is not None:
            first["rules"] = rules
        if clock is not None:
            first["clock"] = clock
        if not watchers:
            first["watchers"] = False
        return cls(ws_url(base_url), first, **options)

    @classmethod
    def join(cls, link: str, name: str, **options: Any) -> TableClient:
        """Take the seat a link (``BASE/t/TABLE#CLAIM``) names; ``LinkError`` for a text that is none."""
        found = parse_link(link)
        return cls(found.ws_url, {"type": "hello", "version": p.VERSION, "table": found.table, "claim": found.claim,
                                  "name": name}, **options)

    @classmethod
    def rejoin(cls, base_url: str, table: str, token: str, last_seq: int | None = None, **options: Any) -> TableClient:
        """Come back to one's seat with its token (from "Open tables")."""
        first: dict[str, Any] = {"type": "hello", "version": p.VERSION, "table": table, "token": token}
        if last_seq is not None:
            first["last_seq"] = last_seq
        return cls(ws_url(base_url), first, **options)

    @classmethod
    def watch(cls, link: str, **options: Any) -> TableClient:
        """Watch the table a watch link (``BASE/w/TABLE``) names, from no seat: the server answers ``watching``, then
        tells what every seat may know; ``LinkError`` for a text that is none."""
        found = parse_watch_link(link)
        client = cls(found.ws_url, {"type": "watch", "version": p.VERSION, "table": found.table},
                     **{**options, "start": False})
        client.watching = True
        if options.get("start", True):
            client.start()
        return client

    # ------------------------------------------------------------------ reading

    def get(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next frame, waiting at most ``timeout`` seconds (None when none came)."""
        try:
            return self.frames.get(timeout=timeout)
        except queue.Empty:
            return None

    def poll(self) -> list[dict[str, Any]]:
        """Every frame waiting now, without waiting."""
        out = []
        while True:
            try:
                out.append(self.frames.get_nowait())
            except queue.Empty:
                return out

    def updates(self, frame: Mapping[str, Any]) -> list[Update]:
        """The :class:`Update` values a frame carries for this seat (see :func:`updates_of`)."""
        return updates_of(frame, self.game)

    def clock(self) -> dict[str, Any] | None:
        """The turn clock as the latest ``state`` told it (``seat``, ``seconds``, ``left``), ``left`` counted down
        since that state came; None while no decision is timed."""
        told, at = self._clock_told
        if not isinstance(told, dict):
            return None
        left = float(told.get("left") or 0.0) - (time.monotonic() - at)
        return {**told, "left": max(0.0, round(left, 1))}

    def wants_again(self) -> list[int]:
        """The seats whose person has asked for another match since this one ended (``"again": true``)."""
        return [n for n, seat in enumerate(self.seats) if isinstance(seat, dict) and seat.get("again") is True]

    # ------------------------------------------------------------------ sending

    def act(self, action: str) -> str:
        """Send a decision (``play 7D take 3H``); its id, which the ``ack`` or ``error`` echoes."""
        ident = f"a{next(self._ids)}"
        self.send({"type": "act", "id": ident, "action": action})
        return ident

    def next_deal(self) -> None:
        """Say this seat is ready for the next deal."""
        self.send({"type": "next"})

    def again(self) -> None:
        """Ask for another match at this table, once the match is over (it starts when every person has)."""
        self.send({"type": "again"})

    def fill(self, seat: int, strength: str = "normal") -> None:
        """Host only: give an empty or away seat to a computer."""
        self.send({"type": "fill", "seat": seat, "strength": strength})

    def chat(self, text: str) -> None:
        """Send a chat line."""
        self.send({"type": "chat", "text": text})

    def leave(self) -> None:
        """Leave the seat to a computer (the token still brings the person back); the client does not connect
        again after this connection ends."""
        self._left = True
        self.send({"type": "leave"})

    def send(self, message: dict[str, Any]) -> None:
        """Send any message (sent once connected, in order)."""
        loop, outbox = self._loop, self._outbox
        if loop is None or outbox is None:
            raise RuntimeError("the client has not started")
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(outbox.put_nowait, message)

    # ------------------------------------------------------------------ running

    def start(self) -> None:
        """Start the background thread (done on making one unless ``start=False``)."""
        self._thread.start()
        self._started.wait(5)

    def close(self, wait: float = 5.0) -> None:
        """End the connection and the thread (waits at most ``wait`` seconds)."""
        self._stopping = True
        loop, outbox = self._loop, self._outbox
        if loop is not None and outbox is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(outbox.put_nowait, None)
                loop.call_soon_threadsafe(self._stop_trying)
        if self._thread.is_alive():
            self._thread.join(wait)

    def _main(self) -> None:
        asyncio.run(self._run())

    def _queue(self, frame: dict[str, Any]) -> None:
        """Hand a frame to the caller, and tell whoever waits on the client."""
        self.frames.put(frame)
        told = self.on_frame
        if told is not None:
            told()

    def _notice(self, status: str, code: int | None = None, tries: int = 0) -> None:
        self._queue({"type": "connection", "status": status, "code": code, "tries": tries,
                     "unreachable": tries >= UNREACHABLE_AFTER})

    def _stop_trying(self) -> None:
        """Give up a connection being made (closing must not wait for a server that does not answer)."""
        trying = self._trying
        if trying is not None and not trying.done():
            trying.cancel()

    def _hello(self) -> dict[str, Any]:
        """The message a (re)connection opens with: the first one, or ``hello`` with the token once seated."""
        if self.token is not None and self.table is not None:
            hello: dict[str, Any] = {"type": "hello", "version": p.VERSION, "table": self.table, "token": self.token}
            if self.last_seq is not None:
                hello["last_seq"] = self.last_seq
            return hello
        return self._first

    async def _run(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._outbox = asyncio.Queue()
        self._started.set()
        attempt = 0
        while not self._stopping:
            code, opened = await self._connect_once()
            attempt = 0 if opened else attempt + 1  # after a connection that opened, the pauses start short again
            if self._stopping or self._left or not self.reconnect or code in FINAL_CLOSES:
                self.closed_code = code
                self._notice("closed", code)
                return
            self._notice("lost", code, attempt)
            pause = min(BACKOFF_MOST, BACKOFF_FIRST * 2 ** attempt) * random.uniform(0.5, 1.0)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopped(), pause)
        self._notice("closed", self.closed_code)

    async def _stopped(self) -> None:
        while not self._stopping:
            await asyncio.sleep(0.05)

    async def _connect_once(self) -> tuple[int | None, bool]:
        """One connection, until it closes: its close code (None when there was none) and whether it opened."""
        url = self.url if self.table is None else f"{self.url}/{quote(self.table, safe='')}"  # the table's own endpoint
        self._trying = asyncio.ensure_future(connect(url, subprotocols=[p.SUBPROTOCOL],  # type: ignore[list-item]
                                                     max_size=2 ** 20, open_timeout=10, compression=None,
                                                     ssl=client_context(url)))
        try:
            ws = await self._trying
        except InvalidURI:
            return p.CLOSE_NO_TABLE, False
        except (OSError, InvalidHandshake, TimeoutError, asyncio.CancelledError):
            return None, False
        finally:
            self._trying = None
        self._notice("open")
        await ws.send(json.dumps(self._hello()))
        writer = asyncio.create_task(self._write(ws))
        try:
            async for text in ws:
                self._received(text)
        except ConnectionClosed:
            pass
        finally:
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer
        return ws.close_code, True

    async def _write(self, ws: ClientConnection) -> None:
        assert self._outbox is not None
        while True:
            message = await self._outbox.get()
            if message is None:
                await ws.close(1000, "")
                return
            try:
                await ws.send(json.dumps(message))
            except ConnectionClosed:
                self._outbox.put_nowait(message)  # sent again once connected
                return

    def _told(self, state: Any) -> None:
        """Keep the latest ``state`` this seat was told, with its turn clock and when it came."""
        self.state = state
        self._clock_told = (state.get("clock") if isinstance(state, dict) else None, time.monotonic())

    def _received(self, text: str | bytes) -> None:
        try:
            frame = json.loads(text)
        except ValueError:
            return
        if not isinstance(frame, dict):
            return
        kind = frame.get("type")
        if kind == "created":
            self.table, self.token = frame.get("table"), frame.get("token")
            self.links = dict(frame.get("links") or {})
        elif kind == "welcome":
            self.table, self.seat = frame.get("table"), frame.get("seat")
            self.game = frame.get("game", self.game)
            if frame.get("token"):
                self.token = frame["token"]
            self.seats = list(frame.get("seats") or [])
            self._told(frame.get("state"))
            missed = frame.get("missed") or []
            self.last_seq = max([int(frame.get("seq", 0))] + [int(m.get("seq", 0)) for m in missed])
        elif kind == "watching":
            self.table, self.seat = frame.get("table"), None
            self.game = frame.get("game", self.game)
            self.seats = list(frame.get("seats") or [])
            self._told(frame.get("state"))
            self.last_seq = int(frame.get("seq", 0))
        elif kind == "presence":
            self.seats = list(frame.get("seats") or [])
        if isinstance(frame.get("watchers"), int) and kind in ("welcome", "watching", "presence"):
            self.watchers = frame["watchers"]
        if kind in ("update", "deal_over", "match_over") and isinstance(frame.get("seq"), int):
            self.last_seq = max(self.last_seq or 0, frame["seq"])
            if kind == "update" and frame.get("state") is not None:
                self._told(frame["state"])
        self._queue(frame)
