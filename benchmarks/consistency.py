"""How well the guess of the hidden hands agrees with what the other seats' plays revealed.

Normal (the reference heuristic) plays every deal in every seat. At each decision of the
measured seat, worlds are sampled from that seat's view as a searching computer samples
them (:class:`~chinese_ten.games.ten.players.worlds.Position`, with the chosen per-card
guess), and each is checked against the other seats' past plays: in how many would Normal,
holding the hand the world gives it (with the cards it played since), have played exactly
what it did? A world that fails holds a hand the history has already ruled out. Prints the
share of consistent worlds over all decisions and by stage of the deal, per guess.

    python benchmarks/consistency.py --deals 60 --worlds 100 --pool 20 --tries 20
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys

from chinese_ten.games.ten.deal import Deal
from chinese_ten.games.ten.players import make_player
from chinese_ten.games.ten.players.expert import EXPERT_AVOID_WEIGHT
from chinese_ten.games.ten.players.inference import ConsistentPosition, WeighedPosition, past_turns, world_weight
from chinese_ten.games.ten.players.worlds import AVOID_WEIGHT, Position
from chinese_ten.games.ten.turns import Phase

GUESSES: dict[str, tuple[float, bool]] = {
    "none": (1.0, False),
    "hard": (AVOID_WEIGHT, False),
    "expert": (EXPERT_AVOID_WEIGHT, True),
}
"""The guesses measured: no inference, Hard's per-card guess, Expert's firmer one that reads lay-downs."""


def consistent_shares(seats: int, deals: int, worlds: int, seed: int, pool: int = 0,
                      slip: float = 0.02, tries: int = 0) -> dict[str, list[tuple[int, float]]]:
    """Per guess, (turns played, share of consistent worlds) at every decision of seat 0 with a history; with
    ``pool``, also Expert's guess with every world drawn from ``pool`` sampled ones weighed by ``slip`` per
    play they fail to explain (:class:`~chinese_ten.games.ten.players.inference.WeighedPosition`); with ``tries``,
    Expert's guess sampled until a world explains them all
    (:class:`~chinese_ten.games.ten.players.inference.ConsistentPosition`)."""
    normal = make_player("normal")
    weighed = f"pool {pool}"
    tried = f"tries {tries}"
    out: dict[str, list[tuple[int, float]]] = {
        name: [] for name in [*GUESSES, *([weighed] if pool else []), *([tried] if tries else [])]}
    for n in range(deals):
        deal = Deal.from_seed(seats, seed + n)
        rng = random.Random(seed + n)
        while deal.phase is not Phase.OVER:
            view = deal.view(deal.to_move)
            turns = past_turns(view) if view.seat == 0 and deal.phase is Phase.PLAY else []
            if turns:
                big = float(view.big_points)
                for name, (weight, discards) in GUESSES.items():
                    pos = Position.of(view, weight, discards)
                    ok = sum(world_weight(turns, pos.sample(rng)[0], pos.pts, big, 0.0) > 0 for _ in range(worlds))
                    out[name].append((len(view.turns), ok / worlds))
                if pool:
                    pos = Position.of(view, *GUESSES["expert"])
                    drawn = WeighedPosition.weighed(pos, view, rng, worlds, worlds * pool, slip)
                    ok = sum(world_weight(turns, drawn.sample(rng)[0], pos.pts, big, 0.0) > 0 for _ in range(worlds))
                    out[weighed].append((len(view.turns), ok / worlds))
                if tries:
                    pos = ConsistentPosition.of_view(Position.of(view, *GUESSES["expert"]), view, tries)
                    ok = sum(world_weight(turns, pos.sample(rng)[0], pos.pts, big, 0.0) > 0 for _ in range(worlds))
                    out[tried].append((len(view.turns), ok / worlds))
            deal.apply(normal.act(view, rng))
    return out


def main(argv: list[str] | None = None) -> int:
    """Measure and print the shares."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--worlds", type=int, default=200, help="worlds sampled per decision and guess")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pool", type=int, default=0, help="also Expert's guess weighed over this many worlds a world")
    parser.add_argument("--slip", type=float, default=0.02, help="the weight per unexplained play, with --pool")
    parser.add_argument("--tries", type=int, default=0, help="also Expert's guess sampled up to this many times a world"
                        " for one that explains every play")
    args = parser.parse_args(argv)
    shares = consistent_shares(args.seats, args.deals, args.worlds, args.seed, args.pool, args.slip, args.tries)
    print(f"{args.seats} seats, {args.deals} deals, {args.worlds} worlds a decision; share of worlds consistent "
          "with every past play of the others under Normal's rule")
    turns = 24
    stages = [(lo, lo + turns // 6) for lo in range(0, turns, turns // 6)]
    print(f"{'guess':<10}{'all':>7}{'median':>8}" + "".join(f"{f'{lo}-{hi - 1}':>8}" for lo, hi in stages))
    for name, rows in shares.items():
        values = [v for _, v in rows]
        line = f"{name:<10}{statistics.mean(values):7.2f}{statistics.median(values):8.2f}"
        for lo, hi in stages:
            part = [v for t, v in rows if lo <= t < hi]
            line += f"{statistics.mean(part):8.2f}" if part else f"{'':>8}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
