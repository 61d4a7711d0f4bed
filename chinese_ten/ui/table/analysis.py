"""The review of a deal made for the window: away from the drawing loop, with progress, cancellable, kept.

The review (the deal's game's ``review_record``: :func:`chinese_ten.games.ten.review.review_record`,
:func:`chinese_ten.games.fishing.review.review_record`) is CPU-bound Python, so
it runs in a worker process of its own (:mod:`chinese_ten.engine.workers`) and
tells its progress over the pipe; the window asks for news every frame and
never waits. A finished review of a kept deal is kept with it (through the
keeper's writer), so a second look is read back at once without any work.
"""

from __future__ import annotations

import importlib
import logging
import time
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import TYPE_CHECKING, Any

from chinese_ten.i18n import N_, _
from chinese_ten.engine.judging import ReviewCancelled, Reviewed
from chinese_ten.engine.review import REVIEW_SEED
from chinese_ten.engine.workers import SHUTDOWN_WAIT_S, start_worker, watch_parent

if TYPE_CHECKING:  # the worker imports this module; it needs none of the window's
    from chinese_ten.ui.keeper import Keeper

_log = logging.getLogger("chinese_ten.ui")


SENSIBLE_PLAY = N_("The figures assume the other seats play sensibly, as their plays suggest (Help, F1, says how "
                   "the review judges).")
"""Said where the review's figures are shown: what its worlds take for granted."""

FAILED = N_("The review could not be made. The log has the details.")
"""What the person is told when the review refused the deal or failed."""

STOPPED = N_("The review stopped unexpectedly. The log has the details.")
"""What the person is told when the review's process ended without an answer."""

NOT_STARTED = N_("The review could not be started. The log has the details.")
"""What the person is told when no process could be started for the review."""

Judgement = Any
"""A judged decision of whichever game (each game's review module has its ``Judgement``)."""

Review = Reviewed[Any]
"""A review of whichever game."""

CANCEL_WAIT_S = 2.0
"""How long a cancelled review's process may take to stop by itself before it is killed."""


def review_budget(module: str) -> int:
    """The effort a game's review spends on one decision unless told otherwise (its ``REVIEW_TURNS``)."""
    return int(importlib.import_module(module).REVIEW_TURNS)


def work(conn: Connection, record: dict[str, Any], seat: int, seed: int, budget: int, module: str) -> None:
    """The worker: review the deal with ``module``'s ``review_record``, sending each decision as ``("judged", judgement)`` and
    ``("progress", judged, total)`` as it goes, then ``("done", review)``.

    A failure sends ``("error", description)``. Anything the game sends (it only
    ever sends to call the review off) or the pipe closing stops the work between
    two decisions; the game's end stops it at once.
    """
    watch_parent()

    def cancelled() -> bool:
        try:
            return conn.poll()
        except (OSError, ValueError):
            return True

    def progress(judged: int, total: int) -> None:
        conn.send(("progress", judged, total))

    def judged(judgement: Judgement) -> None:
        conn.send(("judged", judgement))

    try:
        review_record = importlib.import_module(module).review_record
        review = review_record(record, seat, seed=seed, budget=budget, on_progress=progress, cancelled=cancelled,
                               on_judged=judged)
        conn.send(("done", review))
    except ReviewCancelled:
        return
    except (OSError, ValueError) as exc:
        if isinstance(exc, OSError) and cancelled():
            return  # the game let go of the pipe
        _send_error(conn, exc)
    except Exception as exc:  # noqa: BLE001 - told to the game, which says so and logs it
        _send_error(conn, exc)


def _send_error(conn: Connection, exc: Exception) -> None:
    try:
        conn.send(("error", f"{type(exc).__name__}: {exc}"))
    except (OSError, ValueError):
        pass


class Analysis:
    """The review of one seat's decisions in one deal, under way or done, for a screen to follow."""

    def __init__(self, record: dict[str, Any], seat: int, keeper: Keeper | None, kept: tuple[int, int] | None,
                 seed: int, budget: int, module: str) -> None:
        """An analysis not yet started; :meth:`start` makes one and starts it."""
        self.record = record
        self.module = module
        """The review module of the deal's game."""
        self.seat = seat
        self.keeper = keeper
        self.kept = kept
        """The deal's place among the kept matches (match id, deal number), when it is kept."""
        self.seed = seed
        self.budget = budget
        self._review: Review | None = None
        self._error: str | None = None
        self._cancelled = False
        self._judged = 0
        self._total = 0
        self._partial: list[Judgement] = []
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None
        self._stop_by: float | None = None

    @classmethod
    def start(cls, record: dict[str, Any], seat: int, keeper: Keeper | None = None,
              kept: tuple[int, int] | None = None, *, seed: int = REVIEW_SEED,
              budget: int | None = None, module: str | None = None) -> Analysis:
        """Start reviewing ``seat``'s decisions in the deal ``record`` with the review ``module`` of its game (by
        default the one its table adapter names), spending ``budget``, by default the game's own effort; returns at
        once.

        With a ``keeper`` and the deal's place ``kept`` (match id, deal number),
        a review kept before with the same seed and effort is used as it is
        (done at once, no process started), and a new one is kept when finished.
        """
        if module is None:
            from chinese_ten.ui.table.games import record_game

            module = record_game(record).review_module
        analysis = cls(record, seat, keeper, kept, seed, review_budget(module) if budget is None else budget, module)
        if keeper is not None and kept is not None:
            analysis._review = keeper.kept_review(kept, seat, seed, analysis.budget)
            if analysis._review is not None:  # one kept before there was practice gives its positions now
                keeper.keep_practice(kept, record, analysis._review)
        if analysis._review is None:
            analysis._begin()
        return analysis

    def _begin(self) -> None:
        try:
            self._process, self._conn = start_worker(work, (self.record, self.seat, self.seed, self.budget,
                                                            self.module), "chinese-ten-review")
        except (OSError, RuntimeError) as exc:
            _log.error("could not start the review's process: %s", exc)
            self._error = _(NOT_STARTED)

    # ------------------------------------------------------------------ what the screen reads

    @property
    def progress(self) -> float:
        """How much of the review is made, from 0 to 1."""
        if self._review is not None:
            return 1.0
        return self._judged / self._total if self._total else 0.0

    @property
    def done(self) -> bool:
        """True once the review is ready (:attr:`review`)."""
        return self._review is not None

    @property
    def review(self) -> Review | None:
        """The finished review, or None while it is made, after a failure or when cancelled."""
        return self._review

    @property
    def judged(self) -> tuple[Judgement, ...]:
        """The decisions judged so far, in order: every one once the review is done."""
        if self._review is not None:
            return self._review.decisions
        return tuple(self._partial)

    @property
    def error(self) -> str | None:
        """Why the review failed, in one translated line (the log has the details); None otherwise."""
        return self._error

    @property
    def cancelled(self) -> bool:
        """True once :meth:`cancel` called the review off before it was done."""
        return self._cancelled

    @property
    def worker_pid(self) -> int | None:
        """The id of the process making the review while it runs."""
        process = self._process
        return process.pid if process is not None and process.is_alive() else None

    # ------------------------------------------------------------------ what the screen does

    def poll(self) -> None:
        """Take in the worker's news without waiting (call it every frame)."""
        conn = self._conn
        if conn is None:
            self._reap()
            return
        try:
            while conn.poll():
                message = conn.recv()
                if message[0] == "progress":
                    self._judged, self._total = message[1], message[2]
                elif message[0] == "judged":
                    self._partial.append(message[1])
                elif message[0] == "done":
                    self._finish(message[1])
                    return
                elif message[0] == "error":
                    _log.error("the review of seat %d failed: %s", self.seat, message[1])
                    self._fail(_(FAILED))
                    return
        except (EOFError, OSError) as exc:
            self._died(f"its pipe closed ({type(exc).__name__})")
            return
        if self._process is not None and not self._process.is_alive():
            self._died(f"exit code {self._process.exitcode}")

    def _finish(self, review: Review) -> None:
        self._review = review
        self._judged = self._total = len(review.decisions)
        self._let_go()
        if self.keeper is not None and self.kept is not None:
            self.keeper.keep_review(self.kept, review, self.seed, self.budget, self.record)

    def _died(self, how: str) -> None:
        _log.error("the review's process ended without an answer (%s)", how)
        self._fail(_(STOPPED))

    def _fail(self, message: str) -> None:
        self._error = message
        self._let_go()

    def _let_go(self) -> None:
        """Close the pipe; the process, ending by itself, is reaped later without waiting."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        self._reap()

    def _reap(self) -> None:
        """Collect the ended process without waiting; kill a cancelled one that is past its time."""
        process = self._process
        if process is None:
            return
        if self._stop_by is not None and process.is_alive() and time.monotonic() >= self._stop_by:
            _log.warning("the cancelled review's process did not stop by itself; it is stopped")
            process.kill()
            process.join(SHUTDOWN_WAIT_S)
        if not process.is_alive():
            process.join()
            process.close()
            self._process = None

    def cancel(self) -> None:
        """Call the review off: its process stops between two decisions (or is stopped) and nothing is kept."""
        if self._review is not None or self._error is not None or self._cancelled:
            return
        self._cancelled = True
        if self._conn is not None:
            try:
                self._conn.send("cancel")
            except (OSError, ValueError):
                pass
        self._let_go()
        self._stop_by = time.monotonic() + CANCEL_WAIT_S

    def close(self) -> None:
        """Free the process and the pipe at once (a review under way is called off)."""
        self.cancel()
        process = self._process
        if process is not None and process.is_alive():
            process.kill()
            process.join(SHUTDOWN_WAIT_S)
        self._reap()
