"""Computer decisions made away from the drawing loop.

Players that search (Hard) think in a worker process so the window never
stalls; quick players (Easy, Normal) answer inline. Every request carries a
tag, and an answer whose tag is no longer wanted is dropped.

The worker talks to the game over one pipe and ends as soon as the game does,
however the game ended (closed, crashed or killed): it watches its parent while
it thinks. When the worker fails, Normal decides instead; the person is told
once and the log says why.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from chinese_ten.engine.game import Player, player_from
from chinese_ten.engine.judging import HintBasis
from chinese_ten.engine.workers import SHUTDOWN_WAIT_S, start_worker, stop_worker, watch_parent
from chinese_ten.i18n import N_, _

_log = logging.getLogger("chinese_ten.ui")

INLINE_PLAYERS: frozenset[str] = frozenset({"easy", "normal", "random"})
"""Players quick enough to decide on the drawing loop."""

FALLBACK_PLAYER = "normal"
"""Who decides when the worker process cannot."""

FALLBACK_NOTICE = N_("The Hard player's thinking process failed, so Normal made that move; "
                   "Hard carries on when it can. The log has the details.")
"""What the person is told, once, when the worker fails."""

Players = Mapping[str, Callable[[], Player]]
"""A game's computer players by name (its :attr:`~chinese_ten.engine.game.GameSpec.players`)."""


def player_for(players: Players, name: str, think_ms: int | None = None) -> Player:
    """The player called ``name``, or Normal while that player is not available."""
    found: Player = player_from(players, name if name in players else FALLBACK_PLAYER, think_ms)
    return found


@dataclass(frozen=True)
class Explained:
    """A decision asked for with its reason: the action, and what the player's search measured of it and of
    the next best option, as plain data (None from a player that does not search)."""

    action: Any
    basis: HintBasis | None


def decide(players: Players, view: Any, name: str, think_ms: int | None, seed: int, explain: bool = False) -> Any:
    """One decision of the view's seat: the action the player called ``name`` takes, with ``seed``; with
    ``explain``, that action :class:`Explained` (the same action: the search is the same)."""
    player = player_for(players, name, think_ms)
    rng = random.Random(seed)
    if not explain:
        return player.act(view, rng)
    explained = getattr(player, "explained", None)
    if explained is None:
        return Explained(player.act(view, rng), None)
    action, basis = explained(view, rng)
    return Explained(action, basis)


def serve(conn: Connection) -> None:
    """The worker's loop: answer ``(number, players, view, name, think_ms, seed, explain)`` requests until told
    to stop.

    Each answer is ``(number, "ok", answer)`` or ``(number, "error", description)``. The loop
    ends on ``None``, when the pipe closes, or (through a watching thread) when the parent ends.
    """
    watch_parent()
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        number, players, view, name, think_ms, seed, explain = request
        try:
            reply: tuple[object, ...] = (number, "ok", decide(players, view, name, think_ms, seed, explain))
        except Exception as exc:  # noqa: BLE001 - reported to the game, which decides instead
            reply = (number, "error", f"{name} failed: {type(exc).__name__}: {exc}")
        try:
            conn.send(reply)
        except (OSError, ValueError):
            return


class ComputerThinker:
    """Asks computer players for decisions without blocking the caller."""

    def __init__(self, force_inline: bool = False) -> None:
        """A thinker; ``force_inline`` keeps every player on the calling thread (for tests)."""
        self.force_inline = force_inline
        self.on_fallback: Callable[[str], None] | None = None
        """Called once, with :data:`FALLBACK_NOTICE`, the first time the worker fails."""
        self.worker_answers = 0
        """How many decisions the worker process has returned."""
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None
        self._sent = 0
        self._request: tuple[int, object, Players, Any, str, int | None, int, bool] | None = None
        self._answer: tuple[object, Any] | None = None
        self._told = False

    def uses_process(self, name: str) -> bool:
        """True when ``name`` thinks in the worker process."""
        return not self.force_inline and name not in INLINE_PLAYERS

    @property
    def worker_pid(self) -> int | None:
        """The worker process's id while one is running."""
        return self._process.pid if self._process is not None and self._process.is_alive() else None

    def _worker(self) -> Connection:
        if self._conn is None or self._process is None or not self._process.is_alive():
            self._stop_worker()
            self._process, self._conn = start_worker(serve, (), "chinese-ten-thinker")
        return self._conn

    def warm_up(self, names: list[str]) -> None:
        """Start the worker early when some player will need it."""
        if any(self.uses_process(n) for n in names):
            try:
                self._worker()
            except (OSError, RuntimeError) as exc:
                _log.error("could not start the thinking process: %s", exc)
                self._stop_worker()

    @property
    def busy(self) -> bool:
        """True while a request is outstanding."""
        return self._request is not None or self._answer is not None

    def ask(self, tag: object, players: Players, view: Any, name: str, think_ms: int | None, seed: int,
            explain: bool = False) -> None:
        """Start the decision of the view's seat by the player called ``name`` of the game whose
        ``players`` these are; :meth:`poll` returns the action with ``tag`` when ready (with ``explain``, the
        action :class:`Explained`, its figures measured in the worker and sent back as plain data)."""
        self.cancel()
        if not self.uses_process(name):
            self._answer = (tag, decide(players, view, name, think_ms, seed, explain))
            return
        self._sent += 1
        try:
            self._worker().send((self._sent, dict(players), view, name, think_ms, seed, explain))
        except (OSError, RuntimeError, ValueError) as exc:
            self._answer = (tag, self._fall_back(f"the thinking process could not be reached: {exc}",
                                                 players, view, think_ms, seed, explain))
            return
        self._request = (self._sent, tag, players, view, name, think_ms, seed, explain)

    def poll(self) -> tuple[object, Any] | None:
        """The finished decision and its tag, once; None while thinking or idle."""
        if self._answer is not None:
            answer, self._answer = self._answer, None
            return answer
        request, conn = self._request, self._conn
        if request is None or conn is None:
            return None
        number, tag, players, view, _name, think_ms, seed, explain = request
        try:
            while conn.poll():
                got, status, value = conn.recv()
                if got != number:
                    continue  # a cancelled request's late answer
                self._request = None
                if status == "ok":
                    self.worker_answers += 1
                    return (tag, value)  # type: ignore[return-value]
                return (tag, self._fall_back(str(value), players, view, think_ms, seed, explain))
        except (EOFError, OSError) as exc:
            problem = f"the thinking process ended unexpectedly ({type(exc).__name__})"
        else:
            if self._process is not None and self._process.is_alive():
                return None
            problem = "the thinking process ended unexpectedly"
        self._request = None
        self._stop_worker()
        return (tag, self._fall_back(problem, players, view, think_ms, seed, explain))

    def _fall_back(self, problem: str, players: Players, view: Any, think_ms: int | None, seed: int,
                   explain: bool = False) -> Any:
        """Normal's decision in place of the worker's; the problem is logged, and told to the person once."""
        _log.error("%s; %s decides instead", problem, FALLBACK_PLAYER)
        if not self._told:
            self._told = True
            if self.on_fallback is not None:
                self.on_fallback(_(FALLBACK_NOTICE))
        return decide(players, view, FALLBACK_PLAYER, think_ms, seed, explain)

    def cancel(self) -> None:
        """Forget any outstanding request; a late answer is ignored."""
        self._request = None
        self._answer = None

    def _stop_worker(self, wait: float = SHUTDOWN_WAIT_S) -> None:
        conn, process = self._conn, self._process
        self._conn = self._process = None
        stop_worker(process, conn, wait)

    def shutdown(self) -> None:
        """Stop the worker process, if one was started, at once: the game is closing, so nothing it might
        still be thinking about is waited for."""
        self.cancel()
        self._stop_worker(wait=0.0)
