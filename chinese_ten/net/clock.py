"""The turn clock of NETWORK.md: the seconds a person has for each decision at a table opened with one.

A :class:`TurnClock` follows the decision the table waits for. A person's decision starts the clock afresh; a
computer's, or none, stops it. When it runs out the table is told (``run_out``), and the table lets a Normal
computer make that one decision; the clock counts how many of a seat's decisions in a row ran out, which
after :data:`IN_A_ROW` make the seat away. Time comes from the table's loop (``time`` and ``call_later``, so a
test moves it by hand) and, for what is kept across a restart, from ``wall`` (seconds since the epoch): a clock
kept running while the server was stopped has run on meanwhile, and one that ran out then runs out as soon as
its table is back.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any, Final, Protocol

IN_A_ROW: Final[int] = 3
"""How many of a seat's decisions in a row may run out before the seat is away."""


class Cancellable(Protocol):
    """A call arranged for later, which can be called off."""

    def cancel(self) -> None:
        """Call it off."""
        ...


class Timer(Protocol):
    """The loop as the clock uses it: its time, and a call arranged for later."""

    def time(self) -> float:
        """Seconds on the loop's clock."""
        ...

    def call_later(self, delay: float, callback: Callable[[], object]) -> Cancellable:
        """Call ``callback`` after ``delay`` seconds."""
        ...


class TurnClock:
    """One table's turn clock: which decision it times, when it runs out, and each seat's run-outs in a row."""

    def __init__(self, seconds: int | None, loop: Timer, wall: Callable[[], float],
                 run_out: Callable[[int], bool], kept: Mapping[str, Any] | None = None, scale: float = 1.0) -> None:
        """A clock of ``seconds`` a decision (None: the table has none, and the clock never runs), timed by
        ``loop``; ``run_out(seat)`` is called when a decision's time is up, and answers False when the table
        cannot act on it yet (then the clock stays run out, and is acted on when next followed). ``kept`` is
        what :meth:`kept` gave before a restart. ``scale`` is for tests only: a decision really has that
        fraction of ``seconds`` (``state`` still tells ``seconds``, and the time really left)."""
        self.seconds = seconds
        self.scale = scale
        self._loop = loop
        self._wall = wall
        self._run_out = run_out
        self.seat: int | None = None
        """The seat whose decision is being timed (None: none)."""
        self.key: Hashable = None
        """The position of the decision being timed."""
        self.due: float | None = None
        """When it runs out, on the loop's clock."""
        self.streaks: dict[int, int] = {}
        """How many of each seat's decisions in a row ran out."""
        self.expired = False
        """True once the timed decision's time is up but the table has not yet acted on it."""
        self._timer: Cancellable | None = None
        self._restored: tuple[int, str, float] | None = None
        if kept:
            self._read(kept)

    def _read(self, kept: Mapping[str, Any]) -> None:
        """Take back what :meth:`kept` wrote (what is not as it wrote it is left out)."""
        streaks = kept.get("streaks")
        if isinstance(streaks, dict):
            for seat, count in streaks.items():
                if str(seat).isdigit() and type(count) is int and count > 0:
                    self.streaks[int(seat)] = count
        seat, key, due = kept.get("seat"), kept.get("key"), kept.get("due")
        if type(seat) is int and isinstance(key, str) and isinstance(due, (int, float)):
            self._restored = (seat, key, float(due))

    @property
    def running(self) -> bool:
        """True while a decision is timed."""
        return self.seat is not None

    def follow(self, seat: int | None, key: Hashable) -> None:
        """The decision the table waits for now: a person's at ``seat`` (None: a computer's, or nobody's) at the
        position ``key``. A new decision starts the clock afresh (or where it stood when kept, for the decision
        it was timing before a restart); the same decision keeps its clock, and one whose time is up and not yet
        acted on is offered to the table again on the loop's next turn."""
        if self.seconds is None:
            return
        if seat is None:
            self.stop()
            return
        if seat == self.seat and key == self.key:
            if self.expired and self._timer is None:
                self._timer = self._loop.call_later(0.0, self._fire)  # on the loop's next turn, never inside a step
            return
        self.stop()
        self.seat, self.key = seat, key
        left = self.seconds * self.scale
        restored, self._restored = self._restored, None
        if restored is not None and restored[:2] == (seat, repr(key)):
            left = min(left, restored[2] - self._wall())
        self.due = self._loop.time() + left
        self._timer = self._loop.call_later(max(0.0, left), self._fire)

    def stop(self) -> None:
        """Time no decision."""
        if self._timer is not None:
            self._timer.cancel()
        self._timer = None
        self.seat = self.due = None
        self.key = None
        self.expired = False

    def _fire(self) -> None:
        self._timer = None
        seat = self.seat
        if seat is None:
            return
        self.expired = True
        if self._run_out(seat):
            self.expired = False

    def ran_out(self, seat: int) -> int:
        """Count a decision of ``seat`` that ran out; how many have in a row now."""
        self.streaks[seat] = self.streaks.get(seat, 0) + 1
        return self.streaks[seat]

    def decided(self, seat: int) -> None:
        """The seat's person has decided, or is heard from again after being away: the run starts again."""
        self.streaks.pop(seat, None)

    def left(self) -> float:
        """Seconds left for the timed decision (0 when none)."""
        if self.due is None:
            return 0.0
        return max(0.0, self.due - self._loop.time())

    def state(self) -> dict[str, Any] | None:
        """``state.clock``: the seat whose decision is timed, the seconds a decision, and those left now (None when
        no decision is timed)."""
        if self.seat is None or self.seconds is None:
            return None
        return {"seat": self.seat, "seconds": self.seconds, "left": round(self.left(), 1)}

    def kept(self) -> dict[str, Any] | None:
        """The clock as the store keeps it: the timed decision and when it runs out (seconds since the epoch),
        and the run-outs in a row; None when there is nothing to keep."""
        if self.seconds is None:
            return None
        kept: dict[str, Any] = {"streaks": {str(seat): count for seat, count in sorted(self.streaks.items())}}
        if self.seat is not None:
            kept.update(seat=self.seat, key=repr(self.key), due=round(self._wall() + self.left(), 3))
        return kept
