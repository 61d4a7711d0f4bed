"""Go Fishing computer players against each other, with no window: results, intervals and speed.

The same shape as Chinese Ten's ``simulate``: deal ``k`` is shuffled from its own
stream and every seat decides from its own view with its own stream
(:class:`~chinese_ten.match.DealStreams`), so the same seed gives the same deals
whatever the players do, and ``duplicate`` plays each shuffle once per rotation of the
players around the seats.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import random
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ...match import DealStreams, derive_seed
from ...quote import show_path
from .players import FishingPlayer, make_player
from .record import record_of
from .rules import SEAT_COUNTS, as_number
from .state import FishingDeal


@dataclass
class DecisionClock:
    """Time spent deciding, per player name (and every decision's time, for medians)."""

    seconds: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    count: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    each: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    cpu: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    """Every decision's processor time, per player name (what the wall clock shows less a busy machine's share)."""

    def ms_per_decision(self) -> dict[str, float]:
        """Mean milliseconds per decision, per player name."""
        return {n: round(1000 * self.seconds[n] / self.count[n], 3) for n in self.count if self.count[n]}


def play_out(deal: FishingDeal, players: Sequence[FishingPlayer], streams: DealStreams,
             clock: DecisionClock | None = None) -> None:
    """Play a deal to its end, each seat deciding from its own view with its own random stream."""
    while deal.to_act is not None:
        seat = deal.to_act
        player = players[seat]
        start = time.perf_counter()
        cpu = time.process_time()
        action = player.act(deal.observe(seat), streams.decision_rng(seat))
        if clock is not None:
            spent = time.perf_counter() - start
            clock.seconds[player.name] += spent
            clock.count[player.name] += 1
            clock.each[player.name].append(spent)
            clock.cpu[player.name].append(time.process_time() - cpu)
        deal.apply(action)


def mean_and_interval(samples: Sequence[float]) -> tuple[float, tuple[float, float]]:
    """The mean of independent samples and its 95% confidence interval (normal approximation)."""
    n = len(samples)
    if n == 0:
        return 0.0, (0.0, 0.0)
    mean = sum(samples) / n
    if n == 1:
        return mean, (mean, mean)
    var = sum((x - mean) ** 2 for x in samples) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, (mean - half, mean + half)


@dataclass
class FishingSimulation:
    """What a Go Fishing ``simulate`` measured."""

    seats: int
    shuffles: int
    deals: int
    players: list[str]
    mean_margin: dict[str, float]
    ci95: dict[str, list[float]]
    deals_per_second: float
    ms_per_decision: dict[str, float]
    duplicate: bool
    seed: int
    clock: DecisionClock = field(default_factory=DecisionClock, repr=False)

    def to_json(self) -> dict[str, object]:
        """The result as ``simulate --game fishing --json`` prints it."""
        return {
            "game": "fishing",
            "seats": self.seats,
            "deals": self.deals,
            "shuffles": self.shuffles,
            "duplicate": self.duplicate,
            "seed": self.seed,
            "players": self.players,
            "mean_margin": self.mean_margin,
            "ci95": self.ci95,
            "deals_per_second": self.deals_per_second,
            "ms_per_decision": self.ms_per_decision,
        }

    def to_text(self) -> str:
        """The result as a small table for a person."""
        lines = [
            f"Chinese Go Fishing: {self.deals} deals at {self.seats} seats"
            + (f" ({self.shuffles} shuffles, every rotation)" if self.duplicate else "")
            + f", {self.deals_per_second:,.0f} deals per second",
            f"{'player':<10} {'mean':>8} {'95% interval':>20} {'ms/decision':>12}",
        ]
        for name in dict.fromkeys(self.players):
            lo, hi = self.ci95[name]
            ms = self.ms_per_decision.get(name)
            ms_text = "-" if ms is None else f"{ms:.3f}"
            lines.append(f"{name:<10} {self.mean_margin[name]:>+8.2f} {f'[{lo:+.2f}, {hi:+.2f}]':>20} {ms_text:>12}")
        return "\n".join(lines)


def _write_record(path: Path, record: dict[str, object]) -> None:
    """Write a record file whole or not at all; ``ValueError`` names the file and the reason."""
    text = json.dumps(record, indent=1) + "\n"
    part = path.with_name(f".{path.name}.part")
    try:
        part.write_text(text, encoding="utf-8")
        os.replace(part, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            part.unlink(missing_ok=True)
        raise ValueError(f"cannot write the record {show_path(path)}: {exc.strerror or exc}") from None


def simulate(
    seats: int,
    deals: int,
    players: Sequence[str],
    seed: int = 0,
    duplicate: bool = False,
    records: Path | None = None,
    think_ms: int | None = None,
    progress: Callable[[int], None] | None = None,
    factories: dict[str, Callable[[], FishingPlayer]] | None = None,
) -> FishingSimulation:
    """Play ``deals`` Go Fishing shuffles (each once per rotation with ``duplicate``) and measure.

    ``records`` is a folder (made by the caller) to write every deal into as a
    fishing-v1 record with a ``result`` key; ``factories`` may replace a player's
    constructor by name (to time it, say)."""
    names = list(players)
    if len(names) == 1:
        names = names * seats
    if seats not in SEAT_COUNTS:
        raise ValueError(f"Chinese Go Fishing is for 2 to 8 seats, not {seats}")
    if len(names) != seats:
        raise ValueError(f"--players names {len(names)} players for {seats} seats")
    if deals < 1:
        raise ValueError("--deals must be at least 1")
    factories = factories or {}

    def build(name: str) -> FishingPlayer:
        if name in factories:
            return factories[name]()
        return make_player(name, think_ms)

    for name in names:
        build(name)
    fast = records is None and all(n == "random" for n in names) and "random" not in factories
    rotations = range(seats) if duplicate else range(1)
    clock = DecisionClock()
    group_results: dict[str, list[float]] = defaultdict(list)
    played = 0
    start = time.perf_counter()
    for k in range(deals):
        deal_seed = derive_seed(seed, "fishing-shuffle", k)
        dealer = k % seats
        sums: dict[str, float] = defaultdict(float)
        counts: dict[str, int] = defaultdict(int)
        for r in rotations:
            seat_names = [names[(s - r) % seats] for s in range(seats)]
            deal = FishingDeal.shuffled(seats, random.Random(deal_seed), dealer)
            if fast:
                deal.play_out_random(random.Random(derive_seed(seed, "fishing-random-play", k, r)))
            else:
                play_out(deal, [build(n) for n in seat_names], DealStreams(seed, k, seats, r), clock)
            margins = deal.returns()
            if records is not None:
                result = {"players": seat_names, "points": list(deal.points),
                          "margins": [as_number(m) for m in margins]}
                _write_record(records / f"deal-{k:05d}-{r}.json", record_of(deal, result=result))
            for s, name in enumerate(seat_names):
                sums[name] += float(margins[s])
                counts[name] += 1
            played += 1
        for name in sums:
            group_results[name].append(sums[name] / counts[name])
        if progress is not None:
            progress(k + 1)
    elapsed = time.perf_counter() - start
    mean_margin: dict[str, float] = {}
    ci95: dict[str, list[float]] = {}
    for name in dict.fromkeys(names):
        mean, (lo, hi) = mean_and_interval(group_results[name])
        mean_margin[name] = round(mean, 3)
        ci95[name] = [round(lo, 3), round(hi, 3)]
    return FishingSimulation(
        seats=seats, shuffles=deals, deals=played, players=names, mean_margin=mean_margin, ci95=ci95,
        deals_per_second=round(played / elapsed, 1) if elapsed > 0 else float("inf"),
        ms_per_decision=clock.ms_per_decision(), duplicate=duplicate, seed=seed, clock=clock)
