"""How quick and how steady the review of a deal is, and how much Normal's decisions lose.

Plays two-seat deals (seeded) of Normal, then of Easy, at seat 0 against Normal,
reviews seat 0's decisions in each deal twice, with two different seeds, and
prints:

- the time to review one deal (12 plays and the takes with a choice): median
  and worst, by the clock and in processor time (what a busy machine does not
  stretch), with the machine's load average at the start and the end;
- how often the best option stays the best under the other seed, over the
  decisions whose best two options differ by 2 points or more;
- the distribution of the points Normal's and Easy's decisions lose, and the
  share of their decisions at or above each label's threshold, which is what
  the thresholds in :mod:`chinese_ten.games.ten.review` were chosen from.

    nice python benchmarks/review.py              # 10 deals each: a few minutes here
    nice python benchmarks/review.py --deals 30
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
from chinese_ten.games.ten.review import BLUNDER, INACCURACY, MISTAKE, REVIEW_TURNS, Judgement, review_record

STABLE_GAP: float = 2.0
"""The gap between the best two options from which the ranking must hold."""


def played_deal(seed: int, first: str) -> dict[str, object]:
    """A whole two-seat deal, ``first`` at seat 0 against Normal, as a record."""
    deal = Deal.from_seed(2, derive_seed(seed, "bench-review", "shuffle"))
    players = [make_player(first), make_player("normal")]
    rngs = [random.Random(derive_seed(seed, "bench-review", "seat", s)) for s in range(2)]
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        deal.apply(next_action(players[seat], deal.view(seat), rngs[seat]))
    return record_of(deal)


def key(j: Judgement) -> tuple[object, ...]:
    """The best option of a decision, as something comparable."""
    return (j.best.play, j.best.take)


def shares(name: str, losses: list[float]) -> None:
    """Print the distribution of one player's losses per decision."""
    losses = sorted(losses)
    cuts = [50, 75, 90, 95, 99]
    print(f"{name}'s loss per decision ({len(losses)} decisions), percentiles: " + ", ".join(
        f"p{c} {losses[min(len(losses) - 1, len(losses) * c // 100)]:.1f}" for c in cuts)
        + f", worst {losses[-1]:.1f}")
    for label, limit in (("inaccuracy", INACCURACY), ("mistake", MISTAKE), ("blunder", BLUNDER)):
        share = sum(1 for x in losses if x >= limit) / len(losses)
        print(f"  at or above {label} ({limit:g} points): {100 * share:.1f}%")


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10, help="deals per player judged (Normal, then Easy)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    load_start = os.getloadavg()
    times: list[float] = []
    cpu: list[float] = []
    losses: dict[str, list[float]] = {"normal": [], "easy": []}
    wide = held = 0
    for name in losses:
        for n in range(args.deals):
            record = played_deal(args.seed + n, name)
            start, start_cpu = time.perf_counter(), time.process_time()
            first = review_record(record, 0, seed=1)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            second = review_record(record, 0, seed=2)
            for a, b in zip(first.decisions, second.decisions):
                losses[name].append(a.loss)
                if len(a.options) > 1 and a.options[0].expected - a.options[1].expected >= STABLE_GAP:
                    wide += 1
                    held += key(a) == key(b)
    load_end = os.getloadavg()
    print(f"load average at start {load_start[0]:.2f}, at end {load_end[0]:.2f} ({os.cpu_count()} cores)")
    print(f"{len(times)} two-seat deals reviewed at {REVIEW_TURNS:,} simulated turns a decision")
    print(f"time per deal: median {statistics.median(times):.2f} s, worst {max(times):.2f} s "
          f"(processor time: median {statistics.median(cpu):.2f} s, worst {max(cpu):.2f} s)")
    if wide:
        print(f"best option held under another seed: {held}/{wide} = {100 * held / wide:.0f}% "
              f"of decisions whose best two differ by {STABLE_GAP:g}+ points")
    for name, got in losses.items():
        shares(name.capitalize(), got)


if __name__ == "__main__":
    main()
