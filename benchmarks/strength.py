"""How strong and how quick the computer players are: Hard, Expert and Easy against Normal.

Plays duplicate matches (every shuffle once per rotation of the players, so the
luck of the deal cancels) of the tested players (``--tested``: Hard unless told)
against Normal at 2, 3 and 4 seats, and Easy against Normal at 2 seats, then
prints one line per match: the deal sets played, the mean deal result of the
tested player with its 95% interval, and the time per decision (Normal's mean,
the tested player's median and worst). ``--tested seeing`` measures the
see-the-hand reference (:mod:`seeing`: Hard told the other hands, the stock still
guessed; it exists only here), ``--head-to-head`` plays Expert in one seat against
Hard in every other.

    python benchmarks/strength.py            # the full sizes: hours on a small machine
    python benchmarks/strength.py --quick    # a few dozen deal sets per seat count
    python benchmarks/strength.py --sets2 40 --sets3 30 --sets4 30 --easy-sets 2000
    python benchmarks/strength.py --tested hard,expert,seeing --seats 2 --sets2 300 --easy-sets 1
    python benchmarks/strength.py --head-to-head --seats 2,3,4 --easy-sets 1
    python benchmarks/strength.py --rules play-red --seats 2,3 --sets2 40 --sets3 30
    python benchmarks/strength.py --game fishing --quick   # Go Fishing: Hard v Normal, Normal v Easy at 2, 4, 8 seats
    python benchmarks/strength.py --game fishing --fishing-sets 200 --seats 2,4,8
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from chinese_ten.cards import Card
from chinese_ten.games.ten.deal import Action
from chinese_ten.games.ten.players import Decision, Player, next_action
from chinese_ten.games.ten.players.expert import DEFAULT_THINK_MS as EXPERT_MS, ExpertPlayer
from chinese_ten.games.ten.players.hard import DEFAULT_THINK_MS, HardPlayer
from chinese_ten.games.ten.rules import CLASSIC, PRESETS, RuleSet, parse_option
from chinese_ten.engine.simulate import simulate
from chinese_ten.games.ten import SPEC as TEN
from chinese_ten.games.ten.view import SeatView

from seeing import SeeingPlayer, Table, seeing_game

FISHING_FULL_SETS: dict[int, int] = {2: 600, 4: 300, 8: 150}
"""Go Fishing: deal sets per seat count for the full-size run (each set is one shuffle in every rotation)."""

FISHING_QUICK_SETS: dict[int, int] = {2: 30, 4: 15, 8: 8}
"""Go Fishing: deal sets per seat count for ``--quick``."""

FULL_SETS: dict[int, int] = {2: 1000, 3: 600, 4: 500}
"""Deal sets per seat count for the full-size run."""

QUICK_SETS: dict[int, int] = {2: 40, 3: 30, 4: 30}
"""Deal sets per seat count for ``--quick``."""


class TimedPlayer:
    """Wraps a player and records how long every decision takes."""

    def __init__(self, inner: Player, times: list[float]) -> None:
        """Time ``inner``'s decisions into ``times`` (seconds)."""
        self.inner = inner
        self.name = inner.name
        self.times = times

    @property
    def think_ms(self) -> int | None:
        """The wrapped player's thinking time, if it has one."""
        return getattr(self.inner, "think_ms", None)

    @think_ms.setter
    def think_ms(self, value: int) -> None:
        if hasattr(self.inner, "think_ms"):
            self.inner.think_ms = value  # type: ignore[attr-defined]

    def choose_play(self, view: SeatView, rng: random.Random) -> Decision:
        """The wrapped player's play, timed."""
        start = time.perf_counter()
        decision = self.inner.choose_play(view, rng)
        self.times.append(time.perf_counter() - start)
        return decision

    def choose_take(self, view: SeatView, rng: random.Random) -> Card:
        """The wrapped player's capture choice, timed."""
        start = time.perf_counter()
        take = self.inner.choose_take(view, rng)
        self.times.append(time.perf_counter() - start)
        return take

    def act(self, view: SeatView, rng: random.Random) -> Action:
        """The wrapped player's next action, its decisions timed."""
        return next_action(self, view, rng)


@dataclass
class Row:
    """One measured match."""

    player: str
    seats: int
    sets: int
    mean: float
    lo: float
    hi: float
    normal_ms: float
    median_ms: float
    worst_ms: float

    def to_json(self) -> dict[str, object]:
        """The row as JSON."""
        return dict(self.__dict__)


def _median(values: list[float]) -> float:
    s = sorted(values)
    n = len(s)
    if not n:
        return 0.0
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def measure(name: str, factory: Callable[[], Player], seats: int, sets: int, seed: int,
            rules: RuleSet = CLASSIC, against: Callable[[], Player] | None = None, table: Table | None = None) -> Row:
    """Duplicate match of ``name`` against Normal (or ``against``) in every other seat, under ``rules``;
    ``table`` is the see-the-hand reference's window on the deals."""
    times: list[float] = []
    tested = f"tested-{name}"
    players: dict[str, Callable[[], object]] = {tested: lambda: TimedPlayer(factory(), times)}
    other = "normal"
    if against is not None:
        other = "against"
        players[other] = against
    game = seeing_game(TEN, table or Table(), players)
    result = simulate(game, seats, sets, [tested] + [other] * (seats - 1), seed=seed, duplicate=True, rules=rules)
    lo, hi = result.ci95[tested]
    return Row(name, seats, sets, result.mean_margin[tested], lo, hi,
               result.ms_per_decision.get("normal", 0.0), 1000 * _median(times),
               1000 * max(times, default=0.0))


def main(argv: list[str] | None = None) -> int:
    """Run the matches the arguments ask for and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help=f"small samples: {QUICK_SETS} deal sets")
    parser.add_argument("--sets2", type=int, default=None, help="deal pairs at 2 seats (full: 1000)")
    parser.add_argument("--sets3", type=int, default=None, help="rotated deal sets at 3 seats (full: 600)")
    parser.add_argument("--sets4", type=int, default=None, help="rotated deal sets at 4 seats (full: 500)")
    parser.add_argument("--easy-sets", type=int, default=None, help="deal pairs for Easy at 2 seats (full: 5000)")
    parser.add_argument("--think-ms", type=int, default=DEFAULT_THINK_MS, help="Hard's thinking time")
    parser.add_argument("--expert-ms", type=int, default=EXPERT_MS, help="Expert's thinking time")
    parser.add_argument("--tested", default="hard", help="the players measured against Normal: hard, expert, seeing")
    parser.add_argument("--head-to-head", action="store_true", help="Expert against Hard instead of against Normal")
    parser.add_argument("--seats", default="2,3,4", help="seat counts to play Hard at")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rules", default="classic", choices=list(PRESETS), help="the preset to play")
    parser.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE", help="change one option")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON too")
    parser.add_argument("--game", default="ten", choices=("ten", "fishing"), help="the game to measure")
    parser.add_argument("--fishing-sets", type=int, default=None,
                        help="Go Fishing: deal sets at every seat count (default: the full or --quick sizes)")
    args = parser.parse_args(argv)
    if args.game == "fishing":
        return fishing_main(args)
    base = QUICK_SETS if args.quick else FULL_SETS
    chosen = {2: args.sets2, 3: args.sets3, 4: args.sets4}
    easy_sets = args.easy_sets or (1000 if args.quick else 5000)
    rows: list[Row] = []
    header = (f"{'player':<7}{'seats':>6}{'deal sets':>10}{'mean':>8}{'95% interval':>18}"
              f"{'normal ms':>11}{'median ms':>11}{'worst ms':>10}")
    rules = RuleSet.of(args.rules, **dict(parse_option(r) for r in args.rule))
    print(f"Hard thinks {args.think_ms} ms a decision, Expert {args.expert_ms} (the seeing reference as Hard); "
          f"duplicate deals against {'Hard' if args.head_to_head else 'Normal'}; rules {rules.to_json()}", flush=True)
    print(header, flush=True)
    table = Table()
    factories: dict[str, Callable[[], Player]] = {
        "easy": EasyFactory(),
        "hard": lambda: HardPlayer(args.think_ms),
        "expert": lambda: ExpertPlayer(args.expert_ms),
        "seeing": lambda: SeeingPlayer(table, args.think_ms),
    }
    tested = ["expert"] if args.head_to_head else [t for t in args.tested.split(",") if t]
    unknown = [t for t in tested if t not in factories or t == "easy"]
    if unknown:
        parser.error(f"--tested: unknown player {unknown[0]!r} (known: hard, expert, seeing)")
    plan: list[tuple[str, int, int]] = [] if args.head_to_head or easy_sets < 2 else [("easy", 2, easy_sets)]
    for seats in (int(s) for s in args.seats.split(",") if s):
        if seats in rules.seat_counts():
            plan.extend((t, seats, chosen[seats] or base[seats]) for t in tested)
    against = factories["hard"] if args.head_to_head else None
    for name, seats, sets in plan:
        row = measure(name, factories[name], seats, sets, args.seed + seats, rules, against, table)
        rows.append(row)
        print(f"{row.player:<7}{row.seats:>6}{row.sets:>10}{row.mean:>+8.2f}"
              f"{f'[{row.lo:+.2f}, {row.hi:+.2f}]':>18}{row.normal_ms:>11.3f}"
              f"{row.median_ms:>11.1f}{row.worst_ms:>10.1f}", flush=True)
    if args.json:
        print(json.dumps([r.to_json() for r in rows], indent=1))
    return 0


@dataclass
class FishingRow(Row):
    """One measured Go Fishing match, with the tested player's processor time per decision too."""

    cpu_median_ms: float = 0.0
    cpu_worst_ms: float = 0.0


def measure_fishing(tested: str, against: str, seats: int, sets: int, seed: int, think_ms: int | None) -> FishingRow:
    """A duplicate Go Fishing match of ``tested`` in one seat against ``against`` in every other seat."""
    from chinese_ten.engine.simulate import simulate
    from chinese_ten.games import game_named

    result = simulate(game_named("fishing"), seats, sets, [tested] + [against] * (seats - 1), seed=seed,
                      duplicate=True, think_ms=think_ms)
    lo, hi = result.ci95[tested]
    times = result.clock.each[tested]
    cpu = result.clock.cpu[tested]
    return FishingRow(f"{tested}/{against}", seats, sets, result.mean_margin[tested], lo, hi,
                      result.ms_per_decision.get("normal", 0.0), 1000 * _median(times), 1000 * max(times, default=0.0),
                      1000 * _median(cpu), 1000 * max(cpu, default=0.0))


def fishing_main(args: argparse.Namespace) -> int:
    """Go Fishing: the tested players (Hard unless told), each at its own effort unless `--think-ms` sets it, against
    Normal and Normal against Easy at each seat count, over duplicate deals.

    Each decision is timed by the clock and by the processor: on a busy machine (and under
    ``nice``) the clock also counts the time other programs held the processor."""
    from chinese_ten.games.fishing.players.hard import DEFAULT_THINK_MS as FISHING_THINK_MS

    if args.head_to_head:
        print("--head-to-head: Go Fishing has no Expert (what was tried measured no better than Hard: README)",
              file=sys.stderr)
        return 2
    think_ms = args.think_ms if args.think_ms != DEFAULT_THINK_MS else None
    effort = (f"Hard thinks {think_ms} ms a decision" if think_ms is not None else
              f"Hard thinks its own default ({FISHING_THINK_MS} ms)")
    seat_counts = [int(s) for s in (args.seats if args.seats != "2,3,4" else "2,4,8").split(",") if s]
    base = FISHING_QUICK_SETS if args.quick else FISHING_FULL_SETS
    print(f"Chinese Go Fishing: {effort}; the tested player in one seat, "
          "its opponent in every other, every shuffle in every rotation", flush=True)
    print(f"{'match':<14}{'seats':>6}{'deal sets':>10}{'mean':>9}{'95% interval':>20}"
          f"{'normal ms':>11}{'median ms':>11}{'worst ms':>10}{'cpu median':>12}{'cpu worst':>11}", flush=True)
    rows: list[FishingRow] = []
    pairs = [*((t, "normal") for t in args.tested.split(",") if t), ("normal", "easy")]
    for seats in seat_counts:
        sets = args.fishing_sets or base.get(seats, 10)
        for tested, against in pairs:
            row = measure_fishing(tested, against, seats, sets, args.seed + seats, think_ms)
            rows.append(row)
            print(f"{row.player:<14}{row.seats:>6}{row.sets:>10}{row.mean:>+9.2f}"
                  f"{f'[{row.lo:+.2f}, {row.hi:+.2f}]':>20}{row.normal_ms:>11.3f}"
                  f"{row.median_ms:>11.1f}{row.worst_ms:>10.1f}{row.cpu_median_ms:>12.1f}{row.cpu_worst_ms:>11.1f}",
                  flush=True)
    if args.json:
        print(json.dumps([r.to_json() for r in rows], indent=1))
    return 0


class EasyFactory:
    """Builds Easy players."""

    def __call__(self) -> Player:
        """A new Easy player."""
        from chinese_ten.games.ten.players.easy import EasyPlayer

        return EasyPlayer()


if __name__ == "__main__":
    sys.exit(main())
