"""What reviewing a deal through the window's worker process costs over reviewing it directly.

Plays two-seat deals (seeded) of Easy against Normal and reviews seat 0's
decisions twice at the review's full effort: directly with
:func:`chinese_ten.games.ten.review.review_record`, and through
:class:`chinese_ten.ui.table.analysis.Analysis` polled as the window polls it (once
a frame at 60 frames a second). Prints the median and worst time by the clock
for each way, the median overhead of the process (its start included), and
the longest a single ``poll()`` held the frame.

    nice python benchmarks/analysis.py              # 5 deals: about a minute here
    nice python benchmarks/analysis.py --deals 10
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from chinese_ten.games.ten.deal import Deal
from chinese_ten.engine.streams import derive_seed
from chinese_ten.games.ten.players import make_player, next_action
from chinese_ten.games.ten.record import record_of
from chinese_ten.games.ten.review import REVIEW_SEED, REVIEW_TURNS, review_record
from chinese_ten.ui.table.analysis import Analysis

FRAME_S: float = 1 / 60
"""The time between two polls, as at the window's frame rate."""


def played_deal(seed: int) -> dict[str, object]:
    """A whole two-seat deal, Easy at seat 0 against Normal, as a record."""
    deal = Deal.from_seed(2, derive_seed(seed, "bench-analysis", "shuffle"))
    players = [make_player("easy"), make_player("normal")]
    rngs = [random.Random(derive_seed(seed, "bench-analysis", "seat", s)) for s in range(2)]
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        deal.apply(next_action(players[seat], deal.view(seat), rngs[seat]))
    return record_of(deal)


def through_window(record: dict[str, object]) -> tuple[float, float]:
    """Review seat 0 through an Analysis polled once a frame; the time taken and the longest poll, in seconds."""
    start = time.perf_counter()
    analysis = Analysis.start(record, 0)
    longest = 0.0
    try:
        while not analysis.done:
            if analysis.error is not None:
                raise SystemExit(f"the review failed: {analysis.error}")
            before = time.perf_counter()
            analysis.poll()
            longest = max(longest, time.perf_counter() - before)
            time.sleep(FRAME_S)  # the rest of the frame, drawn by the window
        return time.perf_counter() - start, longest
    finally:
        analysis.close()


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    load_start = os.getloadavg()
    direct: list[float] = []
    window: list[float] = []
    polls: list[float] = []
    for n in range(args.deals):
        record = played_deal(args.seed + n)
        start = time.perf_counter()
        made = review_record(record, 0, seed=REVIEW_SEED)
        direct.append(time.perf_counter() - start)
        took, longest = through_window(record)
        window.append(took)
        polls.append(longest)
        assert made.decisions, "a whole deal has decisions to judge"
    load_end = os.getloadavg()
    print(f"load average at start {load_start[0]:.2f}, at end {load_end[0]:.2f} ({os.cpu_count()} cores)")
    print(f"{args.deals} two-seat deals reviewed at {REVIEW_TURNS:,} simulated turns a decision")
    print(f"directly:            median {statistics.median(direct):.2f} s, worst {max(direct):.2f} s")
    print(f"through the window:  median {statistics.median(window):.2f} s, worst {max(window):.2f} s")
    print(f"overhead (median of the differences): {statistics.median(w - d for w, d in zip(window, direct)):.2f} s")
    print(f"longest single poll: {1000 * max(polls):.1f} ms (median of the deals' longest {1000 * statistics.median(polls):.1f} ms)")


if __name__ == "__main__":
    main()
