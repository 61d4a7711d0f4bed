"""The log lines of the limits' refusals, kept few whatever a client does.

A client over a limit may be refused many times a second, and many clients at once; each refusal is
counted in ``/metrics`` (:class:`~chinese_ten.net.metrics.Metrics`), but the log says it at most once a
minute for each limit and address, and at most :data:`LINES_PER_MINUTE` times a minute in all; a line
says how many refusals went unwritten since the one before it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

_log = logging.getLogger("chinese_ten.net")

MINUTE = 60.0
"""The stretch each limit and address is logged once in, in seconds."""

LINES_PER_MINUTE = 30
"""The most refusal lines written in a minute, whichever limits and addresses they are about."""

KEYS_KEPT = 4096
"""How many limits and addresses are remembered (the least recently logged are forgotten first)."""

SAYS: dict[str, str] = {
    "connections": "more connections from one address than it may hold",
    "flood": "a connection over the message rate for too long",
    "rate": "messages over the rate",
    "tables": "more tables opened from one address in an hour than it may",
}
"""What each limit's line says was refused."""


class RefusalLog:
    """Writes the limits' refusals to the log, bounded (see the module)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        """A log timed by ``clock`` (seconds)."""
        self.clock = clock
        self._last: dict[tuple[str, str], tuple[float, int]] = {}
        """When each limit and address was last logged, and how many of its refusals were not since."""
        self._window = (float("-inf"), 0)
        """When the current minute of the whole log began, and how many lines it has written."""
        self._unwritten = 0
        """Refusals not written for the whole log's bound since the last line."""

    def refused(self, limit: str, address: str) -> None:
        """One refusal for ``limit`` of a client at ``address``: logged when the bounds allow."""
        now = self.clock()
        key = (limit, address)
        last = self._last.get(key)
        if last is not None and now - last[0] < MINUTE:
            self._last[key] = (last[0], last[1] + 1)
            return
        began, lines = self._window
        if now - began >= MINUTE:
            began, lines = now, 0
        if lines >= LINES_PER_MINUTE:
            self._unwritten += 1
            self._window = (began, lines)
            return
        self._window = (began, lines + 1)
        quiet = last[1] if last is not None else 0
        others, self._unwritten = self._unwritten, 0
        _log.warning("refused for a limit: %s, from %s (%d more from it and %d from others not logged since)",
                     SAYS.get(limit, limit), address, quiet, others)
        self._last.pop(key, None)
        self._last[key] = (now, 0)
        while len(self._last) > KEYS_KEPT:
            del self._last[next(iter(self._last))]
