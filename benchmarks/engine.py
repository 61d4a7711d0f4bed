"""Random-play deals per second at 2, 3 and 4 seats, through the same path as
`chinese-ten simulate --players random`.

Usage: python benchmarks/engine.py [--deals N] [--runs N] [--rules PRESET]
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

from chinese_ten.games.ten.rules import PRESETS, RuleSet
from chinese_ten.engine.simulate import simulate
from chinese_ten.games.ten import SPEC as TEN


def main() -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rules", default="classic", choices=list(PRESETS))
    args = parser.parse_args()
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


if __name__ == "__main__":
    main()
