"""Computer decisions made away from the drawing loop.

Players that search (Hard) think in a worker process so the window never
stalls; quick players (Easy, Normal) answer inline. Every request carries a
tag, and an answer whose tag is no longer wanted is dropped.
"""

from __future__ import annotations

import logging
import multiprocessing
import random
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from ..cards import Card
from ..players import PLAYERS, Decision, Player, make_player
from ..view import SeatView

_log = logging.getLogger("chinese_ten.ui")

INLINE_PLAYERS: frozenset[str] = frozenset({"easy", "normal", "random"})
"""Players quick enough to decide on the drawing loop."""

Answer = Decision | Card


def player_for(name: str, think_ms: int | None = None) -> Player:
    """The player called ``name``, or Normal while that player is not available."""
    return make_player(name if name in PLAYERS else "normal", think_ms)


def decide(kind: str, view: SeatView, name: str, think_ms: int | None, seed: int) -> Answer:
    """One decision: ``kind`` is ``play`` (a Decision) or ``take`` (the Card to capture)."""
    player = player_for(name, think_ms)
    rng = random.Random(seed)
    if kind == "take":
        return player.choose_take(view, rng)
    return player.choose_play(view, rng)


def _ready() -> bool:
    return True


class ComputerThinker:
    """Asks computer players for decisions without blocking the caller."""

    def __init__(self, force_inline: bool = False) -> None:
        """A thinker; ``force_inline`` keeps every player on the calling thread (for tests)."""
        self.force_inline = force_inline
        self._pool: ProcessPoolExecutor | None = None
        self._future: Future[Answer] | None = None
        self._request: tuple[object, str, SeatView, str, int | None, int] | None = None
        self._answer: tuple[object, Answer] | None = None
        self.worker_answers = 0
        """How many decisions the worker process has returned (the frozen app's smoke test reads it)."""

    def uses_process(self, name: str) -> bool:
        """True when ``name`` thinks in the worker process."""
        return not self.force_inline and name not in INLINE_PLAYERS

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    def warm_up(self, names: list[str]) -> None:
        """Start the worker early when some player will need it."""
        if any(self.uses_process(n) for n in names):
            try:
                self._executor().submit(_ready)
            except (OSError, RuntimeError, BrokenProcessPool) as exc:
                _log.warning("could not start the thinking process: %s", exc)

    @property
    def busy(self) -> bool:
        """True while a request is outstanding."""
        return self._request is not None or self._answer is not None

    def ask(self, tag: object, kind: str, view: SeatView, name: str, think_ms: int | None, seed: int) -> None:
        """Start a decision; :meth:`poll` returns it with ``tag`` when ready."""
        self.cancel()
        if not self.uses_process(name):
            self._answer = (tag, decide(kind, view, name, think_ms, seed))
            return
        self._request = (tag, kind, view, name, think_ms, seed)
        try:
            self._future = self._executor().submit(decide, kind, view, name, think_ms, seed)
        except (OSError, RuntimeError, BrokenProcessPool) as exc:
            _log.warning("thinking process unavailable, deciding inline: %s", exc)
            self._request = None
            self._answer = (tag, decide(kind, view, name, think_ms, seed))

    def poll(self) -> tuple[object, Answer] | None:
        """The finished decision and its tag, once; None while thinking or idle."""
        if self._answer is not None:
            answer, self._answer = self._answer, None
            return answer
        future, request = self._future, self._request
        if future is None or request is None or not future.done():
            return None
        self._future = None
        self._request = None
        try:
            answer = future.result()
            self.worker_answers += 1
            return (request[0], answer)
        except BrokenProcessPool as exc:
            _log.warning("thinking process failed, deciding inline: %s", exc)
            self._pool = None
        except Exception:  # noqa: BLE001 - a player bug must not end the game
            _log.exception("a computer player failed; deciding inline with Normal")
        tag, kind, view, _name, think_ms, seed = request
        return (tag, decide(kind, view, "normal", think_ms, seed))

    def cancel(self) -> None:
        """Forget any outstanding request; a late answer is ignored."""
        if self._future is not None:
            self._future.cancel()
        self._future = None
        self._request = None
        self._answer = None

    def shutdown(self) -> None:
        """Stop the worker process, if one was started."""
        self.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
