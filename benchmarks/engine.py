"""Random-play deals per second at 2, 3 and 4 seats (Chinese Ten) or 2, 4 and 8 seats
(Chinese Go Fishing, `--game fishing`), through the same path as
`chinese-ten simulate [--game fishing] --players random`.

Usage: python benchmarks/engine.py [--game ten|fishing] [--deals N] [--runs N] [--rules PRESET]
Prints the median of several runs for each seat count, in-process and through the
command line (which adds the interpreter's start-up).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

from chinese_ten.engine.simulate import simulate
from chinese_ten.games import game_named
from chinese_ten.games.ten import SPEC as TEN
from chinese_ten.games.ten.rules import PRESETS, RuleSet

FISHING_SEATS: tuple[int, ...] = (2, 4, 8)
"""The seat counts Go Fishing is measured at."""

FISHING_TARGET: int = 2000
"""Go Fishing's target: random deals a second at four seats on a modest machine."""


def main() -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rules", default="classic", choices=list(PRESETS))
    parser.add_argument("--game", default="ten", choices=("ten", "fishing"))
    args = parser.parse_args()
    if args.game == "fishing":
        fishing(args.deals, args.runs)
        return
    rules = RuleSet.of(args.rules)
    print(f"random-play deals per second (median of {args.runs} runs of {args.deals} deals, one process, "
          f"rules {args.rules})")
    for seats in rules.seat_counts():
        rates = [simulate(TEN, seats, args.deals, ["random"], seed=run, rules=rules).deals_per_second
                 for run in range(args.runs)]
        print(f"  {seats} seats: {statistics.median(rates):>9,.0f}   (runs: {', '.join(f'{r:,.0f}' for r in rates)})")
    walls = []
    for run in range(args.runs):
        start = time.perf_counter()
        out = subprocess.run([sys.executable, "-m", "chinese_ten", "simulate", "--seats", "2", "--players", "random",
                              "--deals", str(args.deals), "--seed", str(run), "--rules", args.rules, "--json"],
                             check=True, capture_output=True, text=True).stdout
        walls.append(time.perf_counter() - start)
        json.loads(out)
    wall = statistics.median(walls)
    print(f"  chinese-ten simulate --seats 2 --players random --deals {args.deals} --rules {args.rules}: "
          f"median {wall:.2f} s wall, {args.deals / wall:,.0f} deals per second including start-up")


def fishing(deals: int, runs: int) -> None:
    """Measure and print Go Fishing's figures: in-process at 2, 4 and 8 seats, then the command at 4 seats."""
    print(f"Chinese Go Fishing: random-play deals per second (median of {runs} runs of {deals} deals, one process)")
    for seats in FISHING_SEATS:
        rates = [simulate(game_named("fishing"), seats, deals, ["random"], seed=run).deals_per_second
                 for run in range(runs)]
        mark = f"   (target at 4 seats: {FISHING_TARGET:,})" if seats == 4 else ""
        print(f"  {seats} seats: {statistics.median(rates):>9,.0f}   (runs: {', '.join(f'{r:,.0f}' for r in rates)})"
              + mark)
    walls = []
    for run in range(runs):
        start = time.perf_counter()
        out = subprocess.run([sys.executable, "-m", "chinese_ten", "simulate", "--game", "fishing", "--seats", "4",
                              "--players", "random", "--deals", str(deals), "--seed", str(run), "--json"],
                             check=True, capture_output=True, text=True).stdout
        walls.append(time.perf_counter() - start)
        json.loads(out)
    wall = statistics.median(walls)
    print(f"  chinese-ten simulate --game fishing --seats 4 --players random --deals {deals}: "
          f"median {wall:.2f} s wall, {deals / wall:,.0f} deals per second including start-up")


if __name__ == "__main__":
    main()
