"""One server's leases on the tables of a store it shares with others (docs/architecture.md, "The lease").

A server applies a table's actions only while it holds the table's lease: it takes it when it creates the table or
brings it back for a seat, renews all of them every :data:`RENEW_SECONDS` in one statement, and writes each step
of the table through :class:`FencedStore`, which names the lease's version, so that a server whose lease was taken
writes nothing more. A server asked for a table by another (``want``) gives it up at once; one waiting for a
table hears when it is given up (``free``), takes it at once from a holder the store sees no connection of (killed),
or takes it once the holder's lease has lapsed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections.abc import Callable, Iterator
from typing import Any, Final

from chinese_ten.net.store import Db, Lease, LeaseLost, StoreUnavailable, TableStore

_log = logging.getLogger("chinese_ten.net")

RENEW_SECONDS: Final[float] = 5.0
"""How often a server renews all its leases (each lasts :data:`~chinese_ten.net.store.LEASE_SECONDS`)."""

FRESH_SECONDS: Final[float] = 12.0
"""How long after its last renewal that succeeded (as sent, on the server's own monotonic clock) a server goes on
applying its tables' actions: a few seconds short of the lease, so that it stops before any other may take one."""

ASK_SECONDS: Final[float] = 4.0
"""How long a seat's ``hello`` waits for a table another server holds (asked for at once, and again each second)
before it is answered ``unavailable`` and closed with 1013, to come back: a live holder gives the table up in a
few milliseconds, a dead one's lease lapses within 15 s."""

RETRY_SECONDS: Final[float] = 1.0
"""How soon renewing is tried again after the store could not be reached."""

CLOSE_TRY_LATER: Final[int] = 1013
"""The close code of a seat whose table another server still holds: try again later."""

CLOSE_MOVED: Final[int] = 1012
"""The close code of a seat whose table this server gave up (asked for, lost, or stopping): connect again."""


def holder_name() -> str:
    """A name for this server as a lease holder, never used twice: its host, its process and a random part."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


class FencedStore(TableStore):
    """One table's view of a shared store: every write of it named with its lease (:class:`LeaseLost`, told to
    ``lost`` and raised as :class:`StoreUnavailable`, once another server took the table), and refused while the
    server's leases have gone unrenewed too long."""

    def __init__(self, store: TableStore, lease: Lease, leases: Leases) -> None:
        """``store`` written under ``lease``, one of ``leases``."""
        self.inner = store
        self.lease = lease
        self.leases = leases
        self.where = store.where
        self.now = store.now

    def close(self) -> None:
        """Nothing: the shared store is closed by its server."""

    def _transaction(self) -> contextlib.AbstractContextManager[Db]:
        return self.inner._transaction()  # noqa: SLF001 - the same store's, seen through the lease

    def _reading(self) -> contextlib.AbstractContextManager[Db]:
        return self.inner._reading()  # noqa: SLF001

    @contextlib.contextmanager
    def _fenced(self) -> Iterator[Lease]:
        """The lease to write under; :class:`StoreUnavailable` when it may be lost or is."""
        if not self.leases.fresh():
            raise StoreUnavailable(f"the leases of this server were not renewed for {FRESH_SECONDS:g} s")
        try:
            yield self.lease
        except LeaseLost as exc:
            self.leases.lost(self.lease.table_id)
            raise StoreUnavailable(str(exc)) from exc

    def save_seat(self, table_id: str, seat: Any, *, lease: Lease | None = None) -> None:
        """Keep one seat, under the table's lease."""
        with self._fenced() as held:
            super().save_seat(table_id, seat, lease=held)

    def save_position(self, table_id: str, progress: Any, seq: int, ready: Any, last_action: float,
                      deal: Any = None, *, lease: Lease | None = None, **more: Any) -> None:
        """Keep the table's position, under the table's lease."""
        with self._fenced() as held:
            super().save_position(table_id, progress, seq, ready, last_action, deal, lease=held, **more)

    def add_chat(self, table_id: str, line: Any, *, lease: Lease | None = None) -> None:
        """Keep one chat line, under the table's lease."""
        with self._fenced() as held:
            super().add_chat(table_id, line, lease=held)

    def save_watchers(self, table_id: str, on: bool, *, lease: Lease | None = None) -> None:
        """Keep whether the table may be watched, under the table's lease."""
        with self._fenced() as held:
            super().save_watchers(table_id, on, lease=held)


class Leases:
    """The leases one server holds on the tables of a shared store, renewed on its loop; ``lost(table_id)`` is
    called (soon, on the loop) for a table it no longer holds, ``wanted(table_id)`` for one another server asks
    for."""

    def __init__(self, store: TableStore, loop: asyncio.AbstractEventLoop, lost: Callable[[str], None],
                 wanted: Callable[[str], None]) -> None:
        """Leases on ``store``'s tables, renewed on ``loop``, listening from now on to what other servers say."""
        self.store = store
        self.loop = loop
        self.name = holder_name()
        self.held: dict[str, Lease] = {}
        self._lost = lost
        self._wanted = wanted
        self._renewed = loop.time()
        self._freed: dict[str, asyncio.Event] = {}
        """The tables this server waits for, each set once its holder says it gave it up."""
        self._waiting: dict[str, int] = {}
        """How many connections wait for each of them."""
        self._renewer: asyncio.TimerHandle | None = loop.call_later(RENEW_SECONDS, self.renew)
        with contextlib.suppress(StoreUnavailable):  # named as soon as a connection is made again, if not now
            store.present_as(self.name)
        self._stop_listening = store.listen(self._heard)

    def fresh(self) -> bool:
        """Whether the leases were renewed recently enough to go on applying actions (:data:`FRESH_SECONDS`)."""
        return self.loop.time() - self._renewed < FRESH_SECONDS

    def take(self, table_id: str) -> Lease | None:
        """The table's lease, held already or taken now; None while another server's lasts, or when there is no
        such table. :class:`StoreUnavailable` when the store cannot be reached."""
        lease = self.held.get(table_id)
        if lease is None:
            lease = self.store.take_lease(table_id, self.name)
            if lease is not None:
                self.held[table_id] = lease
                _log.info("table %s taken (lease version %d)", table_id, lease.version)
        return lease

    def _take_from(self, table_id: str, dead: str) -> Lease | None:
        """The table's lease taken from ``dead``, a server the store sees none of (killed): its lease would lapse
        in a few seconds, and it can write nothing meanwhile, the lease's version having moved on."""
        lease = self.store.take_lease(table_id, self.name, replacing=dead)
        if lease is not None:
            self.held[table_id] = lease
            _log.info("table %s taken from %s, found dead (lease version %d)", table_id, dead, lease.version)
        return lease

    def fenced(self, lease: Lease) -> FencedStore:
        """The store as the table of ``lease`` writes it."""
        return FencedStore(self.store, lease, self)

    async def wait_for(self, table_id: str) -> Lease | None:
        """The table's lease, asking its holder for it and waiting at most :data:`ASK_SECONDS` for it to be given
        up or to lapse; None when there is no such table or its holder keeps it meanwhile."""
        end = self.loop.time() + ASK_SECONDS
        freed = self._freed.setdefault(table_id, asyncio.Event())
        self._waiting[table_id] = self._waiting.get(table_id, 0) + 1
        try:
            while True:
                lease = self.take(table_id)
                if lease is not None:
                    return lease
                holder = self.store.holder(table_id)
                if holder is None and self.take(table_id) is None:
                    return None  # no such table (a lapsed lease is taken by the second try)
                if holder is not None and not self.store.alive(holder):
                    lease = self._take_from(table_id, holder)
                    if lease is not None:
                        return lease
                left = end - self.loop.time()
                if left <= 0:
                    return None
                freed.clear()
                self.store.tell("want", table_id, self.name)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(freed.wait(), min(left, 1.0))
        except StoreUnavailable as exc:
            _log.warning("table %s could not be asked for: %s", table_id, exc)
            return None
        finally:
            self._waiting[table_id] -= 1
            if not self._waiting[table_id]:
                del self._waiting[table_id], self._freed[table_id]

    def renew(self) -> None:
        """Renew every lease held now; each one found lost is told to ``lost``."""
        self._renewer = self.loop.call_later(RENEW_SECONDS, self.renew)
        sent = self.loop.time()
        try:
            kept = self.store.renew_leases(self.name)
        except StoreUnavailable as exc:
            _log.warning("the leases could not be renewed: %s", exc)
            self._renewer.cancel()
            self._renewer = self.loop.call_later(RETRY_SECONDS, self.renew)  # renewed as soon as it is back
            return
        self._renewed = sent
        for table_id, lease in list(self.held.items()):
            if kept.get(table_id) != lease.version:
                self.lost(table_id)

    def lost(self, table_id: str) -> None:
        """The table's lease is lost (another server took it): let go of the table, soon, on the loop."""
        if self.held.pop(table_id, None) is not None:
            _log.warning("table %s was taken by another server", table_id)
            self.loop.call_soon(self._lost, table_id)

    def give_up(self, table_id: str) -> None:
        """Let go of the table's lease now and say so, for a server waiting for it (nothing when not held; a lease
        that cannot be given up now lapses by itself)."""
        lease = self.held.pop(table_id, None)
        if lease is None:
            return
        try:
            self.store.give_up_lease(lease)
            self.store.tell("free", table_id, self.name)
        except StoreUnavailable as exc:
            _log.warning("table %s could not be given up (its lease lapses by itself): %s", table_id, exc)

    def close(self) -> None:
        """Give up every lease and stop renewing and listening."""
        if self._renewer is not None:
            self._renewer.cancel()
            self._renewer = None
        for table_id in list(self.held):
            self.give_up(table_id)
        self._stop_listening()

    def _heard(self, what: str, table_id: str, holder: str) -> None:
        """A notice from the store's thread, handed to the loop."""
        if holder != self.name:
            with contextlib.suppress(RuntimeError):  # the loop has closed: the server is stopping
                self.loop.call_soon_threadsafe(self._told, what, table_id)

    def _told(self, what: str, table_id: str) -> None:
        if what == "free" and table_id in self._freed:
            self._freed[table_id].set()
        elif what == "want" and table_id in self.held:
            _log.info("table %s asked for by another server", table_id)
            self._wanted(table_id)
