"""How long a searching computer keeps the table waiting, asked the way the window asks it.

Plays deals with the chosen player in one seat and Normal in the others. Every decision
of the tested player goes through :class:`~chinese_ten.engine.thinking.ComputerThinker`,
into the worker process the window uses, and is timed by the clock from the question to
the answer the window would pick up (polled every millisecond, as often as frames come).
The worker is started, and answers one question, before the timing starts, as the window
starts it when a table opens. Prints per seat count the decisions timed, their median and worst, and the load average
of the machine while it ran (the clock counts the time other programs hold the processor).

    python benchmarks/thinking_time.py --player expert --seats 2,3,4 --deals 4
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

from chinese_ten.engine.streams import DealStreams, deal_number
from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.games import game_named


def timed_deals(game_name: str, player: str, seats: int, deals: int, seed: int, think_ms: int | None) -> list[float]:
    """Seconds each of ``player``'s decisions took through the worker, over ``deals`` deals."""
    import random

    game = game_named(game_name)
    thinker = ComputerThinker()
    thinker.warm_up([player])
    times: list[float] = []
    try:
        first = game.deal(seats, random.Random(seed), 0, game.default_rules)  # the worker's start-up, untimed
        thinker.ask("warm", game.players, first.observe(first.to_act), player, think_ms, 0)
        while thinker.poll() is None:
            time.sleep(0.001)
        for k in range(deals):
            state = game.deal(seats, random.Random(deal_number(seed, k)), k % seats, game.default_rules)
            streams = DealStreams(seed, k, seats, 0)
            normal = game.players["normal"]()
            while not state.is_over:
                forced = state.next_forced()
                if forced is not None:
                    state.apply(forced)
                    continue
                seat = state.to_act
                view = state.observe(seat)
                rng = streams.decision_rng(seat)
                if seat != 0:
                    state.apply(normal.act(view, rng))
                    continue
                start = time.perf_counter()
                thinker.ask(k, game.players, view, player, think_ms, rng.getrandbits(32))
                while (answer := thinker.poll()) is None:
                    time.sleep(0.001)
                times.append(time.perf_counter() - start)
                state.apply(answer[1])
    finally:
        thinker.shutdown()
    return times


def main(argv: list[str] | None = None) -> int:
    """Time the decisions the arguments ask for and print one line per seat count."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="ten", choices=("ten", "fishing"))
    parser.add_argument("--player", default="expert")
    parser.add_argument("--seats", default="2,3,4")
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--think-ms", type=int, default=None, help="the player's effort (default: its own)")
    args = parser.parse_args(argv)
    print(f"{args.game}: {args.player} in the worker process, Normal elsewhere, {args.deals} deals a seat count")
    print(f"{'seats':>5}{'decisions':>11}{'median ms':>11}{'worst ms':>10}{'load average':>15}", flush=True)
    for seats in (int(s) for s in args.seats.split(",") if s):
        times = timed_deals(args.game, args.player, seats, args.deals, args.seed, args.think_ms)
        load = os.getloadavg()[0]
        print(f"{seats:>5}{len(times):>11}{1000 * statistics.median(times):>11.1f}{1000 * max(times):>10.1f}"
              f"{load:>15.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
