"""Helpers for testing a :class:`~chinese_ten.net.tables.Table` without a network: a clock the test moves
by hand, and a seat's connection that keeps what it was sent."""

from __future__ import annotations

import heapq
import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


class Call:
    """A call arranged on a :class:`HandClock`."""

    def __init__(self, due: float, callback: Callable[[], object]) -> None:
        self.due = due
        self.callback = callback
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class HandClock:
    """A loop clock that moves only when the test says: :meth:`run` does what is due now, :meth:`advance` moves
    the time on and does what falls due on the way."""

    def __init__(self) -> None:
        self.now = 1000.0
        self._calls: list[tuple[float, int, Call]] = []
        self._order = itertools.count()

    def time(self) -> float:
        return self.now

    def call_soon(self, callback: Callable[[], object]) -> Call:
        return self.call_later(0.0, callback)

    def call_soon_threadsafe(self, callback: Callable[[], object]) -> Call:
        return self.call_later(0.0, callback)

    def call_later(self, delay: float, callback: Callable[[], object]) -> Call:
        call = Call(self.now + delay, callback)
        heapq.heappush(self._calls, (call.due, next(self._order), call))
        return call

    def run(self, limit: int = 10_000) -> None:
        """Do every call due by now (and those they arrange for now), at most ``limit``."""
        for _ in range(limit):
            if not self._calls or self._calls[0][0] > self.now:
                return
            _due, _n, call = heapq.heappop(self._calls)
            if not call.cancelled:
                call.callback()
        raise AssertionError("the calls never settled")

    def advance(self, seconds: float) -> None:
        """Move the time on by ``seconds``, doing each call as its time comes."""
        end = self.now + seconds
        self.run()
        while self._calls and self._calls[0][0] <= end:
            self.now = max(self.now, self._calls[0][0])
            self.run()
        self.now = end
        self.run()


@dataclass
class Line:
    """A seat's connection as a table sees it: every frame it was sent, and its close code."""

    frames: list[dict[str, Any]] = field(default_factory=list)
    closed: int | None = None

    def push(self, text: str) -> None:
        self.frames.append(json.loads(text))

    def close(self, code: int, reason: str = "") -> None:
        self.closed = code

    def of(self, kind: str) -> list[dict[str, Any]]:
        """The frames of one ``type``."""
        return [f for f in self.frames if f["type"] == kind]
