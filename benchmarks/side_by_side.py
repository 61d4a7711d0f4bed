"""Two checkouts of the game measured in one run, turn and turn about: the engine's random-play deals
per second and the table's frame times during a demo, so a change of shape can be held to "no slower".

Usage: python benchmarks/side_by_side.py BEFORE AFTER [--rounds N] [--deals N]
BEFORE and AFTER are folders holding a ``chinese_ten`` package (a checkout or a git worktree); each
measurement runs in a fresh interpreter with that folder first on the path. Prints the median of each
figure over the rounds, and AFTER's as a share of BEFORE's.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ENGINE = """
import json, sys, time
try:
    from chinese_ten.engine.simulate import simulate as run
    from chinese_ten.games.ten import SPEC
    def simulate(*args, **kwargs):
        return run(SPEC, *args, **kwargs)
except ImportError:
    from chinese_ten.simulate import simulate
seats, deals = int(sys.argv[1]), int(sys.argv[2])
print(json.dumps(simulate(seats, deals, ["random"], seed=1).deals_per_second))
"""


def _run(folder: Path, argv: list[str], code: str | None = None) -> str:
    env = dict(os.environ, PYTHONPATH=str(folder), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    command = [sys.executable, "-c", code, *argv] if code else [sys.executable, *argv]
    return subprocess.run(command, cwd=folder, env=env, check=True, capture_output=True, text=True,
                          timeout=900).stdout


def measure(folder: Path, deals: int, frames_too: bool = True) -> dict[str, float]:
    """One round of every figure for the checkout in ``folder`` (the engine's alone without ``frames_too``)."""
    out: dict[str, float] = {}
    for seats in (2, 4):
        out[f"engine {seats} seats, deals/s"] = float(json.loads(_run(folder, [str(seats), str(deals)], ENGINE)))
    if not frames_too:
        return out
    frames = json.loads(_run(folder, ["benchmarks/frames.py", "--runs", "1", "--json"]).strip().splitlines()[-1])
    out["frame p50 ms"] = frames["median"]["p50_ms"]
    out["frame p99 ms"] = frames["median"]["p99_ms"]
    return out


def main() -> None:
    """Measure both checkouts turn and turn about, and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--deals", type=int, default=10000)
    parser.add_argument("--engine-only", action="store_true", help="measure the engine alone, not the frames")
    args = parser.parse_args()
    rounds: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
    for number in range(args.rounds):
        order = ("before", "after") if number % 2 == 0 else ("after", "before")
        for name in order:
            rounds[name].append(measure(getattr(args, name).resolve(), args.deals, not args.engine_only))
    keys = list(rounds["before"][0])
    print(f"medians of {args.rounds} rounds, alternating (before: {args.before}, after: {args.after})")
    print(f"{'figure':<28} {'before':>10} {'after':>10} {'after/before':>13}")
    for key in keys:
        b = statistics.median(r[key] for r in rounds["before"])
        a = statistics.median(r[key] for r in rounds["after"])
        print(f"{key:<28} {b:>10.2f} {a:>10.2f} {a / b:>13.3f}")


if __name__ == "__main__":
    main()
