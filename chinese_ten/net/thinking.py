"""Computer decisions for a server's tables: the quick players answer at once, the searching ones in a
shared pool of processes, so no table's thinking holds up the server's loop or another table."""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

from chinese_ten.engine.thinking import FALLBACK_PLAYER, INLINE_PLAYERS, ComputerThinker, Players, decide

_log = logging.getLogger("chinese_ten.net")


class PooledThinker(ComputerThinker):
    """A table's thinker: Easy and Normal decide inline; Hard thinks in ``pool()``'s processes and calls
    ``wake`` (from another thread) once its answer is ready."""

    def __init__(self, pool: Callable[[], Executor] | None = None) -> None:
        """A thinker sending searching players to ``pool()`` (None: every player inline)."""
        super().__init__(force_inline=pool is None)
        self._pool = pool
        self.wake: Callable[[], None] = lambda: None
        """Called, from any thread, when a decision thought about elsewhere is ready."""
        self._future: tuple[object, Future[Any], Players, Any, int | None, int] | None = None
        self._ready: tuple[object, Any] | None = None

    def uses_process(self, name: str) -> bool:
        """True when ``name`` thinks in the pool."""
        return self._pool is not None and name not in INLINE_PLAYERS

    def warm_up(self, names: list[str]) -> None:
        """Nothing to start: the pool is shared and started by its owner."""

    @property
    def busy(self) -> bool:
        """True while a decision is outstanding."""
        return self._future is not None or self._ready is not None

    def ask(self, tag: object, players: Players, view: Any, name: str, think_ms: int | None, seed: int,
            explain: bool = False) -> None:
        """Start the decision of the view's seat; :meth:`poll` returns it with ``tag`` when ready (with
        ``explain``, explained as the window's thinker does)."""
        self.cancel()
        if not self.uses_process(name) or self._pool is None:
            self._ready = (tag, decide(players, view, name, think_ms, seed, explain))
            return
        try:
            future = self._pool().submit(decide, dict(players), view, name, think_ms, seed, explain)
        except (RuntimeError, OSError) as exc:
            _log.error("the thinking pool could not take a decision (%s); %s decides", exc, FALLBACK_PLAYER)
            self._ready = (tag, decide(players, view, FALLBACK_PLAYER, think_ms, seed, explain))
            return
        self._future = (tag, future, players, view, think_ms, seed)
        future.add_done_callback(lambda _f: self.wake())

    def poll(self) -> tuple[object, Any] | None:
        """The finished decision and its tag, once; None while thinking or idle."""
        if self._ready is not None:
            ready, self._ready = self._ready, None
            return ready
        if self._future is None or not self._future[1].done():
            return None
        tag, future, players, view, think_ms, seed = self._future
        self._future = None
        try:
            return (tag, future.result())
        except Exception as exc:  # noqa: BLE001 - the pool failed; Normal decides instead
            _log.error("a pooled decision failed (%s: %s); %s decides", type(exc).__name__, exc, FALLBACK_PLAYER)
            return (tag, decide(players, view, FALLBACK_PLAYER, think_ms, seed))

    def cancel(self) -> None:
        """Forget any outstanding decision; a late answer is dropped."""
        self._future = None
        self._ready = None

    def shutdown(self) -> None:
        """Forget any outstanding decision (the shared pool is stopped by its owner)."""
        self.cancel()
