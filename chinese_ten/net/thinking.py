"""Computer decisions for a server's tables: the quick players answer at once, the searching ones in a
shared pool of processes, so no table's thinking holds up the server's loop or another table.

Every table's searching decisions wait in one :class:`ThinkingQueue`: it hands the pool one decision per
worker at a time, taking the tables in turn (the one served least lately first, not first come), so a table
of three Hard computers asking move after move never keeps another table's one decision waiting behind all
of its own. The queue is bounded by time: it takes only as many decisions as its workers get through in
:data:`WAIT_S` at their measured pace, and one beyond that, one that waited longer all the same, or one the
pool has not answered within :data:`MOVE_S`, is made by Normal on the loop at once (a move is never lost
and no table waits behind a backlog it cannot see the end of). Hard thinks as much as in the window: its
effort is a count of simulated turns, the same however busy the machine. The workers run at a lower
priority than the loop, so a people's table's ``ack`` never waits for a computer's thinking.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol

from chinese_ten.engine.thinking import FALLBACK_PLAYER, INLINE_PLAYERS, ComputerThinker, Players, decide
from chinese_ten.engine.workers import watch_parent

_log = logging.getLogger("chinese_ten.net")

WAITING_PER_WORKER = 16
"""The most decisions that may wait per worker, however quick the workers are: a Hard decision takes about 0.1 s
of a core on a quiet machine (Go Fishing's up to 0.27 s)."""

WAIT_S = 1.5
"""The longest a decision should wait for a worker: with the decision's own thinking, a computer's move within
about 2 s. The queue takes only as many as its workers, at the pace measured lately, get through in this time,
and a decision that has waited longer all the same (the workers slowed down) is made by Normal."""

MOVE_S = 2.0
"""The longest a table waits for a decision in the pool: then Normal makes it (the pool's answer, when it comes,
is dropped), so a computer moves within about this time however busy the machine is."""

FIRST_PACE_S = 0.1
"""A worker's seconds per decision assumed until the queue has measured some."""

PACE_WEIGHT = 0.25
"""How much each decision's measured time moves the queue's pace (an exponentially weighted mean)."""

WORKER_NICENESS = 10
"""How much lower than the loop's the workers' scheduling priority is: on a busy machine the loop (every
``ack``) is served first, and the workers take what is left."""

STAMPS_KEPT = 4096
"""How many tables' last turns the queue remembers (a table forgotten counts as never served)."""


class Later(Protocol):
    """The server's loop as a thinker uses it: a call arranged for later, which can be called off."""

    def call_later(self, delay: float, callback: Callable[[], object]) -> Any:
        """Call ``callback`` after ``delay`` seconds; a handle with ``cancel()``."""
        ...


class QueueFull(RuntimeError):
    """The thinking queue holds as many decisions as it may, or this one waited too long: it is refused."""


@dataclass
class _Job:
    """One decision in the queue: its future, the call, and when it was queued."""

    future: Future[Any]
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    queued: float
    paced: bool = True
    """False for a job of another size than a table's decision (a review's), which the pace does not count."""


def _start_worker() -> None:
    """In each pool process: end with the server however it ends, and yield the processor to the loop."""
    watch_parent()
    try:
        os.nice(WORKER_NICENESS)
    except OSError:  # a system that does not let a process lower its priority: it thinks at the loop's
        pass


def process_pool(workers: int) -> Executor:
    """A pool of ``workers`` fresh processes for thinking, at a lower priority than the server's loop."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_start_worker)


def default_workers() -> int:
    """One worker per processor: they run below the loop's priority, so they only take what it leaves."""
    return max(1, os.cpu_count() or 1)


class ThinkingQueue:
    """The server's one queue of searching decisions: each table's waiting decisions in their order, the tables
    served in turn, at most ``workers`` decisions in the pool at once, and waiting only as many as the workers get
    through in :data:`WAIT_S` at their measured pace (``bound`` at most).

    :meth:`submit` may be called from the loop; the pool's answers arrive on its own thread, which hands the next
    decision to the pool. Every method is safe from any thread."""

    def __init__(self, executor: Callable[[], Executor] | None = None, workers: int | None = None,
                 bound: int | None = None, clock: Callable[[], float] = time.monotonic,
                 patience: float = MOVE_S) -> None:
        """A queue handing its decisions to ``executor()`` (started on first need; by default a pool of
        ``workers`` processes), ``bound`` waiting at most (by default :data:`WAITING_PER_WORKER` a worker), its
        waits timed by ``clock`` (seconds); a table waits ``patience`` seconds at most for a decision."""
        self.workers = workers if workers is not None else default_workers()
        self.bound = bound if bound is not None else WAITING_PER_WORKER * self.workers
        self._make = executor if executor is not None else (lambda: process_pool(self.workers))
        self._executor: Executor | None = None
        self._lock = threading.Lock()
        self._clock = clock
        self.patience = patience
        """How long a table waits for a decision before Normal makes it."""
        self.pace = FIRST_PACE_S
        """A worker's seconds per decision lately (an exponentially weighted mean of those measured)."""
        self._waiting: OrderedDict[object, deque[_Job]] = OrderedDict()
        self._count = 0
        self._running = 0
        self._handed = 0
        self._starting = 0
        self._stamps: dict[object, int] = {}
        """When each table was last handed to a worker (counted in decisions handed)."""
        self._closed = False
        self.refused = 0
        """Decisions refused since the server started, for want of room or time."""
        self.served = 0
        """Decisions the pool has answered since the server started."""

    @property
    def waiting(self) -> int:
        """How many decisions wait for a worker."""
        with self._lock:
            return self._count

    @property
    def room(self) -> int:
        """How many decisions may wait now: as many as the workers get through in :data:`WAIT_S` at their pace,
        one at least and ``bound`` at most."""
        return min(self.bound, max(1, int(WAIT_S * self.workers / max(self.pace, 1e-3))))

    @property
    def running(self) -> int:
        """How many decisions are in the pool now."""
        with self._lock:
            return self._running

    def submit(self, owner: object, fn: Callable[..., Any], *args: Any, paced: bool = True) -> Future[Any]:
        """Queue ``fn(*args)`` for ``owner`` (a table's thinker): its future, answered when a worker has done it;
        with ``paced`` false, the time it takes is left out of the queue's :attr:`pace`.
        Cancelling the future before a worker takes it drops it from the queue. :class:`QueueFull` when the queue
        holds :attr:`room` decisions already (the future fails with it when the decision waits longer than
        :data:`WAIT_S` all the same); ``RuntimeError`` once the queue is shut down."""
        future: Future[Any] = Future()
        with self._lock:
            if self._closed:
                raise RuntimeError("the thinking queue is shut down")
            self._drop_cancelled()
            if self._count >= self.room:
                self._refuse()
                raise QueueFull(f"{self._count} decisions are waiting already")
            self._waiting.setdefault(owner, deque()).append(_Job(future, fn, args, self._clock(), paced))
            self._count += 1
        self._dispatch()
        return future

    def _drop_cancelled(self) -> None:
        """Forget the waiting decisions whose futures were cancelled (called holding the lock)."""
        for owner in list(self._waiting):
            jobs = self._waiting[owner]
            kept = deque(job for job in jobs if not job.future.cancelled())
            self._count -= len(jobs) - len(kept)
            if kept:
                self._waiting[owner] = kept
            else:
                del self._waiting[owner]

    def _next(self, late: list[_Job]) -> _Job | None:
        """The next decision to hand a worker: the oldest of the table served least lately (a table never served
        first, then in the order they asked), so a table just served waits for every other table's turn; those
        passed over for waiting too long go to ``late`` (called holding the lock)."""
        now = self._clock()
        while self._waiting:
            owner = min(self._waiting, key=lambda o: self._stamps.get(o, 0))  # min keeps the first of equals
            jobs = self._waiting[owner]
            job = jobs.popleft()
            self._count -= 1
            if not jobs:
                del self._waiting[owner]
            if job.future.cancelled():
                continue
            if now - job.queued > WAIT_S:
                self._refuse()
                late.append(job)
                continue
            if job.future.set_running_or_notify_cancel():
                self._stamp(owner)
                return job
        return None

    def gave_up(self) -> None:
        """Count one decision a table stopped waiting for (after :attr:`patience`): Normal made it."""
        with self._lock:
            self._refuse()

    def _refuse(self) -> None:
        """Count one decision refused, and say so in the log at the first and at every power of ten (called
        holding the lock)."""
        self.refused += 1
        if str(self.refused).strip("0") == "1":
            _log.warning("the thinking queue has handed %d Hard decisions to Normal (pace %.2f s a decision, "
                         "%d workers)", self.refused, self.pace, self.workers)

    def _stamp(self, owner: object) -> None:
        """Note that ``owner`` was served now; the stamps of tables long gone are forgotten now and then."""
        self._handed += 1
        self._stamps[owner] = self._handed
        if len(self._stamps) > STAMPS_KEPT:
            oldest = sorted(self._stamps.items(), key=lambda item: item[1])[:STAMPS_KEPT // 2]
            for gone, _stamp in oldest:
                if gone not in self._waiting:
                    del self._stamps[gone]

    def _dispatch(self) -> None:
        """Hand waiting decisions to free workers."""
        while True:
            late: list[_Job] = []
            with self._lock:
                if self._closed or self._running >= self.workers:
                    return
                job = self._next(late)
                if job is not None:
                    self._running += 1
                    if self._executor is None:
                        self._executor = self._make()
                        self._starting = self.workers  # their first decisions wait for the processes to start
                executor = self._executor
            for passed in late:  # told outside the lock: their askers decide at once instead
                if passed.future.set_running_or_notify_cancel():
                    passed.future.set_exception(QueueFull(f"waited over {WAIT_S} s for a worker"))
            if job is None or executor is None:
                return
            try:
                inner = executor.submit(job.fn, *job.args)
            except Exception as exc:  # noqa: BLE001 - a pool that cannot take work: the asker decides instead
                self._finished(None)
                self._forget_broken(executor, exc)
                job.future.set_exception(exc)
                continue
            inner.add_done_callback(self._answer_to(job.future, self._clock() if job.paced else None))

    def _answer_to(self, outer: Future[Any], began: float | None) -> Callable[[Future[Any]], None]:
        """The callback that passes a worker's answer on to ``outer`` (handed to the worker at ``began``; None: not
        timed)."""
        return lambda inner: self._answered(outer, inner, began)

    def _answered(self, outer: Future[Any], inner: Future[Any], began: float | None) -> None:
        """A worker has answered (on the pool's thread): the answer to its asker, the next decision to the pool."""
        self._finished(self._clock() - began if began is not None else None)
        if inner.cancelled():
            outer.set_exception(RuntimeError("the thinking pool was shut down"))
        elif (failure := inner.exception()) is not None:
            with self._lock:
                executor = self._executor
            if executor is not None:
                self._forget_broken(executor, failure)
            outer.set_exception(failure)
        else:
            with self._lock:
                self.served += 1
            outer.set_result(inner.result())
        self._dispatch()

    def _forget_broken(self, executor: Executor, failure: BaseException) -> None:
        """A pool that broke (a worker killed) takes no more work: the next decision starts a fresh one."""
        if isinstance(failure, BrokenExecutor):
            _log.error("the thinking pool broke (%s); a new one starts with the next decision", failure)
            with self._lock:
                if self._executor is executor:
                    self._executor = None
            executor.shutdown(wait=False, cancel_futures=True)

    def _finished(self, took: float | None) -> None:
        """A worker is free again, its decision having taken ``took`` seconds (None: it never started)."""
        with self._lock:
            self._running -= 1
            if took is not None and self._starting > 0:
                self._starting -= 1  # a process's start is no measure of its pace
            elif took is not None:
                self.pace += PACE_WEIGHT * (took - self.pace)

    def metrics_text(self) -> str:
        """The queue's figures for ``/metrics`` (Prometheus text format)."""
        with self._lock:
            figures = (("thinking_waiting", "gauge", "Computer decisions waiting for a worker.", self._count),
                       ("thinking_running", "gauge", "Computer decisions being thought about.", self._running),
                       ("thinking_served_total", "counter", "Computer decisions thought about in the pool.",
                        self.served),
                       ("thinking_refused_total", "counter",
                        "Computer decisions refused for want of room or time (Normal made them).", self.refused))
        return "".join(f"# HELP chinese_ten_{name} {about}\n# TYPE chinese_ten_{name} {kind}\n"
                       f"chinese_ten_{name} {value}\n" for name, kind, about, value in figures)

    def shutdown(self) -> None:
        """Stop the pool at once: waiting decisions are dropped (their tables are closing)."""
        with self._lock:
            self._closed = True
            for jobs in self._waiting.values():
                for job in jobs:
                    job.future.cancel()
            self._waiting.clear()
            self._count = 0
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)


def thinking_seat(state: dict[str, Any], is_computer: Callable[[int], bool]) -> int | None:
    """The seat whose computer is deciding in a seat's ``state`` (its ``to_move``, when a computer plays that
    seat: its own, or a stand-in for a person away or out of time), else None."""
    seat = state.get("to_move")
    if isinstance(seat, int) and is_computer(seat):
        return seat
    return None


class PooledThinker(ComputerThinker):
    """A table's thinker: Easy and Normal decide inline; Hard waits its turn in ``pool()``'s queue and calls
    ``wake`` (from another thread) once its answer is ready."""

    def __init__(self, pool: Callable[[], ThinkingQueue] | None = None, clock: Later | None = None) -> None:
        """A thinker sending searching players to ``pool()`` (None: every player inline); on ``clock``, a decision
        not back from the pool within the queue's patience (:data:`MOVE_S`) is made by Normal."""
        super().__init__(force_inline=pool is None)
        self._pool = pool
        self._clock = clock
        self._overdue: Any = None
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
        ``explain``, explained as the window's thinker does). When the queue is full, Normal decides at once."""
        self.cancel()
        if not self.uses_process(name) or self._pool is None:
            self._ready = (tag, decide(players, view, name, think_ms, seed, explain))
            return
        try:
            future = self._pool().submit(self, decide, dict(players), view, name, think_ms, seed, explain)
        except QueueFull:  # counted and logged by the queue
            self._ready = (tag, decide(players, view, FALLBACK_PLAYER, think_ms, seed, explain))
            return
        except (RuntimeError, OSError) as exc:
            _log.error("the thinking pool could not take a decision (%s); %s decides", exc, FALLBACK_PLAYER)
            self._ready = (tag, decide(players, view, FALLBACK_PLAYER, think_ms, seed, explain))
            return
        self._future = (tag, future, players, view, think_ms, seed)
        future.add_done_callback(lambda _f: self.wake())
        if self._clock is not None:
            self._overdue = self._clock.call_later(self._pool().patience, self._give_up)

    def _give_up(self) -> None:
        """The pool has taken too long over the decision: Normal makes it now, and the pool's answer is dropped."""
        self._overdue = None
        if self._future is None or self._future[1].done() or self._pool is None:
            return
        tag, future, players, view, think_ms, seed = self._future
        future.cancel()  # leaves the queue if it still waits there
        self._future = None
        self._pool().gave_up()
        self._ready = (tag, decide(players, view, FALLBACK_PLAYER, think_ms, seed))
        self.wake()

    def poll(self) -> tuple[object, Any] | None:
        """The finished decision and its tag, once; None while thinking or idle."""
        if self._ready is not None:
            ready, self._ready = self._ready, None
            return ready
        if self._future is None or not self._future[1].done():
            return None
        tag, future, players, view, think_ms, seed = self._future
        self._future = None
        if self._overdue is not None:
            self._overdue.cancel()
            self._overdue = None
        try:
            return (tag, future.result())
        except QueueFull:  # it waited too long: counted and logged by the queue
            return (tag, decide(players, view, FALLBACK_PLAYER, think_ms, seed))
        except Exception as exc:  # noqa: BLE001 - the pool failed; Normal decides instead
            _log.error("a pooled decision failed (%s: %s); %s decides", type(exc).__name__, exc, FALLBACK_PLAYER)
            return (tag, decide(players, view, FALLBACK_PLAYER, think_ms, seed))

    def cancel(self) -> None:
        """Forget any outstanding decision: one still waiting leaves the queue, a late answer is dropped."""
        if self._overdue is not None:
            self._overdue.cancel()
            self._overdue = None
        if self._future is not None:
            self._future[1].cancel()
        self._future = None
        self._ready = None

    def shutdown(self) -> None:
        """Forget any outstanding decision (the shared pool is stopped by its owner)."""
        self.cancel()
