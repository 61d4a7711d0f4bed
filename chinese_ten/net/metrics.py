"""What a table server counts about itself, and ``GET /metrics`` in the Prometheus text format.

Counters grow for as long as the server runs; the gauges (open tables, connected seats) are read when
asked. Nothing here names a table, a seat or a person.
"""

from __future__ import annotations

import bisect
from collections import Counter
from dataclasses import dataclass, field

ACK_BUCKETS: tuple[float, ...] = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0)
"""The upper bounds, in seconds, of the ack latency histogram's buckets (and ``+Inf``)."""

LIMITS: tuple[str, ...] = ("connections", "flood", "rate", "tables")
"""The limits a client meets, as ``/metrics`` labels their refusals: ``connections`` (more connections from one
address than it may hold, closed 4008), ``flood`` (a connection over the message rate too long, closed 4008),
``rate`` (a message over the rate, refused ``too-many``) and ``tables`` (more tables opened from one address in
an hour than it may, refused ``too-many``)."""


@dataclass
class Metrics:
    """The server's counters."""

    actions: int = 0
    """Actions applied and acknowledged."""
    refusals: Counter[str] = field(default_factory=Counter)
    """``error`` frames sent, by code."""
    bytes_in: int = 0
    bytes_out: int = 0
    ack_counts: list[int] = field(default_factory=lambda: [0] * (len(ACK_BUCKETS) + 1))
    """How many acks fell in each bucket (the last: over the largest bound)."""
    ack_sum: float = 0.0
    limited: Counter[str] = field(default_factory=Counter)
    """Refusals for a limit, by the limit (:data:`LIMITS`)."""
    untrusted_forwarded: int = 0
    """Requests carrying ``X-Forwarded-For`` from a peer that is not a trusted proxy."""
    accept_pauses: int = 0
    """Times accepting connections was paused for want of file descriptors."""
    accept_failures: int = 0
    """Accepts that failed for want of file descriptors (each retry while paused too)."""
    accept_paused: bool = False
    """True while accepting is paused for want of file descriptors."""

    def acked(self, seconds: float) -> None:
        """One action applied and acknowledged ``seconds`` after its message arrived."""
        self.actions += 1
        self.ack_sum += seconds
        self.ack_counts[bisect.bisect_left(ACK_BUCKETS, seconds)] += 1

    def text(self, open_tables: int, connected_seats: int, connections: int) -> str:
        """Every figure in the Prometheus text format (version 0.0.4)."""
        lines: list[str] = []

        def metric(name: str, kind: str, about: str, samples: list[tuple[str, float]]) -> None:
            lines.append(f"# HELP chinese_ten_{name} {about}")
            lines.append(f"# TYPE chinese_ten_{name} {kind}")
            lines.extend(f"chinese_ten_{name}{labels} {_number(value)}" for labels, value in samples)

        metric("open_tables", "gauge", "Tables open in memory.", [("", open_tables)])
        metric("connected_seats", "gauge", "Seats with a person connected.", [("", connected_seats)])
        metric("connections", "gauge", "Open WebSocket connections.", [("", connections)])
        metric("actions_total", "counter", "Actions applied and acknowledged.", [("", self.actions)])
        metric("refusals_total", "counter", "Error frames sent, by code.",
               [(f'{{code="{code}"}}', count) for code, count in sorted(self.refusals.items())])
        metric("limit_refusals_total", "counter", "Refusals for a limit, by the limit.",
               [(f'{{limit="{limit}"}}', self.limited[limit]) for limit in LIMITS])
        metric("untrusted_forwarded_requests_total", "counter",
               "Requests carrying X-Forwarded-For from a peer not trusted as a proxy.", [("", self.untrusted_forwarded)])
        metric("accept_paused", "gauge", "1 while accepting connections is paused for want of file descriptors.",
               [("", int(self.accept_paused))])
        metric("accept_pauses_total", "counter", "Times accepting connections was paused for want of file descriptors.",
               [("", self.accept_pauses)])
        metric("accept_failures_total", "counter", "Accepts that failed for want of file descriptors.",
               [("", self.accept_failures)])
        metric("received_bytes_total", "counter", "Bytes of messages received.", [("", self.bytes_in)])
        metric("sent_bytes_total", "counter", "Bytes of frames sent.", [("", self.bytes_out)])
        lines.append("# HELP chinese_ten_ack_seconds Time from an action's arrival to its ack.")
        lines.append("# TYPE chinese_ten_ack_seconds histogram")
        running = 0
        for bound, count in zip((*ACK_BUCKETS, None), self.ack_counts):
            running += count
            le = "+Inf" if bound is None else _number(bound)
            lines.append(f'chinese_ten_ack_seconds_bucket{{le="{le}"}} {running}')
        lines.append(f"chinese_ten_ack_seconds_sum {_number(self.ack_sum)}")
        lines.append(f"chinese_ten_ack_seconds_count {running}")
        return "\n".join(lines) + "\n"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))
