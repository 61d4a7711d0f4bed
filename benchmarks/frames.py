"""Frame work of the table during a demo match: update and draw time per frame.

Runs ``chinese-ten demo --frame-stats`` a few times at 1280×800 (the demo's
window) and prints the median of each figure. The target is p99 ≤ 8 ms.

    python benchmarks/frames.py [--runs 3] [--seats 4] [--deals N] [--driver dummy] [--language zh-Hans]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path


def run_once(seats: int, deals: int | None, seed: int, driver: str | None, language: str = "en") -> dict[str, float]:
    """One demo run's frame figures."""
    env = dict(os.environ)
    if driver:
        env["SDL_VIDEODRIVER"] = driver
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "frames.json"
        cmd = [sys.executable, "-m", "chinese_ten", "demo", "--seats", str(seats), "--seed", str(seed),
               "--frame-stats", str(out), "--language", language]
        if deals:
            cmd += ["--deals", str(deals)]
        subprocess.run(cmd, env=env, check=True, capture_output=True, timeout=900)
        return json.loads(out.read_text())


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--deals", type=int, default=None)
    parser.add_argument("--driver", default="dummy", help="SDL video driver ('' keeps the environment's)")
    parser.add_argument("--language", default="en", help="the language the table is shown in: en, zh-Hans or zh-Hant")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    runs = [run_once(args.seats, args.deals, seed, args.driver or None, args.language) for seed in range(args.runs)]
    keys = ("frames", "p50_ms", "p99_ms", "max_ms")
    median = {k: round(statistics.median(r[k] for r in runs), 3) for k in keys}
    if args.json:
        print(json.dumps({"median": median, "runs": runs}))
    else:
        for i, r in enumerate(runs):
            print(f"run {i}: " + "  ".join(f"{k} {r[k]}" for k in keys))
        print("median: " + "  ".join(f"{k} {median[k]}" for k in keys)
              + ("  (target p99 <= 8 ms: met)" if median["p99_ms"] <= 8 else "  (target p99 <= 8 ms: MISSED)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
