"""Computer players against each other, with no window: results, intervals and speed."""

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
from typing import Any

from chinese_ten.engine.game import GameSpec, GameState, Player, make_player
from chinese_ten.engine.match import first_dealer
from chinese_ten.engine.scores import result_of
from chinese_ten.engine.streams import DealStreams, deal_number, derive_seed
from chinese_ten.quote import show_path


@dataclass
class DecisionClock:
    """Time spent deciding, per player name, and every decision's time by the clock and by the processor
    (a busy machine's clock also counts what other programs took)."""

    seconds: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    count: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    each: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    """Every decision's seconds by the clock, per player name."""
    cpu: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    """Every decision's seconds of processor time, per player name."""

    def ms_per_decision(self) -> dict[str, float]:
        """Mean milliseconds per decision, per player name."""
        return {n: round(1000 * self.seconds[n] / self.count[n], 3) for n in self.count if self.count[n]}


def decide(state: GameState, player: Player, streams: DealStreams, clock: DecisionClock | None = None) -> Any:
    """The next action: the rules' own step when nobody decides (no random draw), else the decision
    of the seat to act, from its own view with its own random stream."""
    forced = state.next_forced()
    if forced is not None:
        return forced
    seat = state.to_act
    assert seat is not None
    start, cpu = time.perf_counter(), time.process_time()
    action = player.act(state.observe(seat), streams.decision_rng(seat))
    if clock is not None:
        spent = time.perf_counter() - start
        clock.seconds[player.name] += spent
        clock.count[player.name] += 1
        clock.each[player.name].append(spent)
        clock.cpu[player.name].append(time.process_time() - cpu)
    return action


def play_out(state: GameState, players: Sequence[Player], streams: DealStreams,
             clock: DecisionClock | None = None) -> None:
    """Play a deal to its end, each seat deciding from its own view and its own random stream."""
    while not state.is_over:
        seat = state.to_act
        player = players[seat] if seat is not None else players[0]
        state.apply(decide(state, player, streams, clock))


@dataclass
class SimulationResult:
    """What ``simulate`` measured."""

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
    rules: Any = None
    """The rules the deals were played under (the game's rules object)."""
    clock: DecisionClock = field(default_factory=DecisionClock)
    """Every decision's time, per player name."""
    game: str = "ten"
    """The name of the game played."""
    shuffle_means: dict[str, list[float]] = field(default_factory=dict)
    """Per player name, its mean result over each shuffle's rotations, shuffle by shuffle (for paired
    comparisons of players measured on the same deals)."""

    def to_json(self) -> dict[str, object]:
        """The result as ``simulate --json`` prints it."""
        return {
            "game": self.game,
            "seats": self.seats,
            "deals": self.deals,
            "shuffles": self.shuffles,
            "duplicate": self.duplicate,
            "seed": self.seed,
            "rules": self.rules.to_json(),
            "rule_options": self.rules.options(),
            "players": self.players,
            "mean_margin": self.mean_margin,
            "ci95": self.ci95,
            "deals_per_second": self.deals_per_second,
            "ms_per_decision": self.ms_per_decision,
        }

    def to_text(self) -> str:
        """The result as a small table for a person."""
        rate = self.deals_per_second
        lines = [
            f"{self.deals} deal{'' if self.deals == 1 else 's'} at {self.seats} seats"
            + (f" ({self.shuffles} shuffles, every rotation)" if self.duplicate else "")
            + f", {rate:,.{0 if rate >= 10 else 1}f} deals per second",
            f"{'player':<10} {'mean':>8} {'95% interval':>20} {'ms/decision':>12}",
        ]
        for name in dict.fromkeys(self.players):
            lo, hi = self.ci95[name]
            ms = self.ms_per_decision.get(name)
            ms_text = "-" if ms is None else f"{ms:.3f}"
            interval = f"[{_hundredths(lo)}, {_hundredths(hi)}]"
            lines.append(f"{name:<10} {_hundredths(self.mean_margin[name]):>8} {interval:>20} {ms_text:>12}")
        return "\n".join(lines)


def _hundredths(value: float) -> str:
    """A mean margin to two decimals with its sign, ``+0.00`` for one that rounds to nothing (never ``-0.00``)."""
    text = f"{value:+.2f}"
    return "+0.00" if text == "-0.00" else text


def make_output_folder(folder: Path, option: str = "--records") -> None:
    """Make the folder an ``option`` such as ``--records`` writes into (and its parents); ``ValueError``
    says, naming the option, why it cannot be one."""
    name = show_path(folder)
    if folder.exists() and not folder.is_dir():
        raise ValueError(f"{option}: {name} is not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ValueError(f"{option}: cannot make the folder {name}: {exc.strerror or exc}") from None
    if not os.access(folder, os.W_OK):
        raise ValueError(f"{option}: the folder {name} cannot be written to")


def write_record_file(path: Path, record: dict[str, object]) -> None:
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


def simulate(
    game: GameSpec,
    seats: int,
    deals: int,
    players: Sequence[str],
    seed: int = 0,
    duplicate: bool = False,
    records: Path | None = None,
    think_ms: int | None = None,
    progress: Callable[[int], None] | None = None,
    rules: Any = None,
    first_deal: int | None = None,
) -> SimulationResult:
    """Play ``deals`` shuffles (each once per rotation with ``duplicate``) and measure.

    The deals are the ``game``'s under ``rules`` (None: the game's default rules). Deal ``k`` is shuffled
    from its own stream and every seat decides from its
    own (see :class:`~chinese_ten.engine.streams.DealStreams`), so the same seed gives
    the same deals whatever the players do. Deal ``k`` is shuffled from its deal number
    (:func:`~chinese_ten.engine.streams.deal_number`) and its records carry it as ``deal_number``;
    ``first_deal`` makes the first shuffle that deal number instead (``simulate --deal N``). Every deal is
    dealt by :func:`~chinese_ten.engine.match.first_dealer`, as its number is dealt in the window, so seat 0
    leads; without ``duplicate`` the players move one seat round the table from shuffle to shuffle instead,
    so each leads in turn.
    """
    if rules is None:
        rules = game.default_rules
    names = list(players)
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise ValueError(f"--players names {len(names)} players for {seats} seats")
    if deals < 1:
        raise ValueError("--deals must be at least 1")
    if seats not in rules.seat_counts():
        allowed = ", ".join(map(str, rules.seat_counts()))
        raise ValueError(f"these rules are for {allowed} seats, not {seats}")
    for name in names:
        make_player(game, name)
    if records is not None:
        make_output_folder(records)
    fast = records is None and all(n == "random" for n in names) and game.play_out_random is not None
    rotations = range(seats) if duplicate else range(1)
    clock = DecisionClock()
    group_results: dict[str, list[float]] = defaultdict(list)
    played = 0
    start = time.perf_counter()
    dealer = first_dealer(rules, seats)  # as its deal number is dealt everywhere: seat 0 leads
    for k in range(deals):
        numbered = first_deal if k == 0 and first_deal is not None else deal_number(seed, k)
        moved = 0 if duplicate else k % seats  # the players move round the table, so the lead goes round them
        sums: dict[str, float] = defaultdict(float)
        counts: dict[str, int] = defaultdict(int)
        for r in rotations:
            seat_names = [names[(s - r - moved) % seats] for s in range(seats)]
            deal = game.deal(seats, random.Random(numbered), dealer, rules)
            if fast:
                assert game.play_out_random is not None
                game.play_out_random(deal, random.Random(derive_seed(seed, "random-play", k, r)))
                margins = deal.returns()
            else:
                seat_players = [make_player(game, n, think_ms) for n in seat_names]
                play_out(deal, seat_players, DealStreams(seed, k, seats, r), clock)
                margins = deal.returns()
                if records is not None:
                    result = result_of(deal.points, margins, seat_names)
                    write_record_file(records / f"deal-{k:05d}-{r}.json",
                                      {**game.record_of(deal), "deal_number": numbered, "result": result})
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
    return SimulationResult(
        seats=seats, shuffles=deals, deals=played, players=names,
        mean_margin=mean_margin, ci95=ci95,
        deals_per_second=round(played / elapsed, 1) if elapsed > 0 else float("inf"),
        ms_per_decision=clock.ms_per_decision(), duplicate=duplicate, seed=seed, rules=rules, clock=clock, game=game.name,
        shuffle_means=dict(group_results),
    )
