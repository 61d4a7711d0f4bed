"""Frame work of the review screen: update and draw time per frame while a whole deal is stepped through.

Opens the window (the dummy video driver unless told otherwise), reviews a two-seat deal with its
judgements ready, and plays every turn forward at the Normal pace, one after another, as a person
pressing Right would; then jumps back and forth. Prints each run's frame figures and their median at
each window size, in both looks. The target is the table's: p99 <= 8 ms.

    python benchmarks/review_frames.py [--runs 3] [--seats 2] [--driver dummy]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def played_record(seats: int, seed: int) -> dict[str, object]:
    """A whole deal of Normal players, as a record naming the person at seat 0."""
    from chinese_ten.games.ten.deal import Deal
    from chinese_ten.games.ten.players import make_player, next_action
    from chinese_ten.games.ten.record import record_of

    deal = Deal.from_seed(seats, seed)
    players = [make_player("normal") for _ in range(seats)]
    rng = random.Random(seed)
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        deal.apply(next_action(players[seat], deal.view(seat), rng))
    return record_of(deal, players=["you"] + ["normal"] * (seats - 1), deal_number=1)


def run_once(size: tuple[int, int], contrast: bool, seats: int, seed: int) -> dict[str, float]:
    """One deal stepped through at ``size``: the frame figures."""
    import pygame

    from chinese_ten.games.ten.review import review_record
    from chinese_ten.settings import Settings
    from chinese_ten.ui.app import App, FrameStats, open_window
    from chinese_ten.ui.scenes.review import ReviewScene
    from chinese_ten.engine.thinking import ComputerThinker

    record = played_record(seats, seed)
    review = review_record(record, 0, budget=20_000)
    surface = open_window(size)
    try:
        app = App(surface, Settings(high_contrast=contrast), None, None, ComputerThinker(force_inline=True))
        scene = ReviewScene(app, record, 0, review=review)
        app.push(scene)
        app.frame(1 / 60, [])  # the first frame rasterises the cards; the figures start after it
        app.stats = FrameStats()
        right = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
        for _turn in range(scene.table.last):
            app.frame(1 / 60, [right])
            while scene.table.busy:
                app.frame(1 / 60, [])
        for key in (pygame.K_HOME, pygame.K_END, pygame.K_LEFT, pygame.K_HOME):
            app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])
        return app.stats.summary()
    finally:
        pygame.display.quit()


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--driver", default="dummy", help="SDL video driver ('' keeps the environment's)")
    args = parser.parse_args(argv)
    if args.driver:
        os.environ["SDL_VIDEODRIVER"] = args.driver
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    keys = ("frames", "p50_ms", "p99_ms", "max_ms")
    for size in ((960, 600), (1920, 1080)):
        for contrast in (False, True):
            runs = [run_once(size, contrast, args.seats, seed) for seed in range(args.runs)]
            median = {k: round(statistics.median(float(r[k]) for r in runs), 3) for k in keys}
            look = "high contrast" if contrast else "classic"
            met = "met" if median["p99_ms"] <= 8 else "MISSED"
            print(f"{size[0]}x{size[1]} {look}: " + "  ".join(f"{k} {median[k]}" for k in keys)
                  + f"  (median of {args.runs}; target p99 <= 8 ms: {met})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
