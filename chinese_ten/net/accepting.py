"""Accepting the server's connections, paused while the process is out of file descriptors.

Out of descriptors, asyncio's own accept loop reports each failed ``accept()`` to the loop's exception handler
(a traceback each) and tries again a backlog's worth of times a turn, arranging as many retries: a flood of log
and a busy core for as long as the shortage lasts. So the server's listening sockets are read here instead:
the first ``accept()`` that fails for want of descriptors (or of kernel memory) stops the reading and is
logged in one line; accepting is tried again every :data:`RETRY_SECONDS`, quietly (each failure counted in
``/metrics``), and one line says when it goes on. Meanwhile the connections wait in the listening socket's
queue, as the system holds them.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import socket
from collections.abc import Callable
from typing import Any

from chinese_ten.net.metrics import Metrics

_log = logging.getLogger("chinese_ten.net")

RETRY_SECONDS = 0.5
"""How often accepting is tried again while descriptors are short."""

BATCH = 64
"""The most connections accepted on one wake of a listening socket (the loop then serves the others)."""

SHORTAGES = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})
"""The ``accept()`` errors that mean the process or the system is short of descriptors or memory."""

PASSING = frozenset(getattr(errno, name) for name in ("ENETDOWN", "EPROTO", "ENOPROTOOPT", "EHOSTDOWN", "ENONET",
                                                      "EHOSTUNREACH", "EOPNOTSUPP", "ENETUNREACH", "EPERM")
                    if hasattr(errno, name))
"""The ``accept()`` errors about one connection alone (Linux's accept(2) reports a new connection's network
errors so): that one is passed over, the next accepted."""


class Acceptor:
    """Reads an asyncio server's listening sockets in place of its own accept loop (see the module)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, server: asyncio.AbstractServer,
                 factory: Callable[[], asyncio.BaseProtocol], metrics: Metrics) -> None:
        """An acceptor handing each connection ``server`` listens for to a protocol from ``factory``, counted in
        ``metrics``; :meth:`start` begins."""
        self.loop = loop
        self.server = server
        self.factory = factory
        self.metrics = metrics
        self._listening: list[tuple[int, socket.socket]] = []
        """Each listening socket's descriptor (the one the loop watches) and a copy of it to accept on."""
        self._retry: asyncio.TimerHandle | None = None
        self._short_since: float | None = None
        """When accepting last stopped for want of descriptors (None while it goes on)."""
        self._handing: set[asyncio.Task[Any]] = set()
        self._closed = False

    @classmethod
    def take_over(cls, server: asyncio.AbstractServer, metrics: Metrics) -> Acceptor | None:
        """Read serving ``server``'s sockets from now on; None (its own loop left in place) when the server does
        not give its protocol factory, as asyncio's servers do."""
        factory = getattr(server, "_protocol_factory", None)
        sockets = getattr(server, "sockets", ())
        if factory is None or not callable(factory) or not sockets or not server.is_serving():
            return None
        acceptor = cls(server.get_loop(), server, factory, metrics)
        acceptor.start(list(sockets))
        return acceptor

    def start(self, sockets: list[Any]) -> None:
        """Watch ``sockets`` (listening already, as the server's) in place of the server's own reading."""
        for listening in sockets:
            fd = listening.fileno()
            copy = listening.dup()
            copy.setblocking(False)
            self._listening.append((fd, copy))
            self.loop.remove_reader(fd)
        self._watch()

    def close(self) -> None:
        """Stop accepting (the server is closing)."""
        self._closed = True
        if self._retry is not None:
            self._retry.cancel()
            self._retry = None
        self._unwatch()
        for _fd, copy in self._listening:
            copy.close()
        self._listening = []

    def _watch(self) -> None:
        for fd, copy in self._listening:
            self.loop.add_reader(fd, self._ready, copy)

    def _unwatch(self) -> None:
        for fd, _copy in self._listening:
            with contextlib.suppress(ValueError, OSError):
                self.loop.remove_reader(fd)

    def _ready(self, listening: socket.socket) -> None:
        """Accept what waits on ``listening``, up to :data:`BATCH`."""
        for _ in range(BATCH):
            try:
                conn, _address = listening.accept()
            except (BlockingIOError, InterruptedError, ConnectionAbortedError):
                self._going_on()  # nothing more waits, and a descriptor was there to take it
                return
            except OSError as exc:
                if exc.errno in PASSING:
                    continue
                self._short(exc)  # short of descriptors or memory, or a fault of the socket: paused, tried again
                return
            self._going_on()
            conn.setblocking(False)
            task = self.loop.create_task(self._hand_on(conn))
            self._handing.add(task)
            task.add_done_callback(self._handing.discard)

    async def _hand_on(self, conn: socket.socket) -> None:
        """Give an accepted connection to its protocol, as the server's own loop would have."""
        try:
            await self.loop.connect_accepted_socket(self.factory, conn)
        except Exception as exc:  # noqa: BLE001 - one connection that cannot be set up is dropped alone
            _log.debug("an accepted connection could not be set up: %s", exc)
            conn.close()

    def _short(self, exc: OSError) -> None:
        """Out of descriptors: stop reading until the retry; one line when the shortage begins."""
        self.metrics.accept_failures += 1
        self._unwatch()
        if self._retry is None and not self._closed:
            self._retry = self.loop.call_later(RETRY_SECONDS, self._try_again)
        if self._short_since is None:
            self._short_since = self.loop.time()
            self.metrics.accept_pauses += 1
            self.metrics.accept_paused = True
            what = "out of file descriptors" if exc.errno in (errno.EMFILE, errno.ENFILE) else "accepting connections failed"
            _log.warning("%s (%s): accepting connections is paused, new ones wait until some close; tried again "
                         "every %.1f s", what, exc.strerror or exc, RETRY_SECONDS)

    def _try_again(self) -> None:
        self._retry = None
        if self._closed or not self.server.is_serving():
            return
        self._watch()
        for _fd, copy in list(self._listening):
            if self._retry is not None:  # short again: the retry is arranged, the reading stopped
                return
            self._ready(copy)

    def _going_on(self) -> None:
        """A descriptor was there: one line when that ends a shortage."""
        if self._short_since is None:
            return
        _log.warning("file descriptors free again: accepting connections goes on after %.1f s paused",
                     self.loop.time() - self._short_since)
        self._short_since = None
        self.metrics.accept_paused = False
