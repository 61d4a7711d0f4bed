"""Seconds the person waits between two of their turns, as the table shows them.

Drives the real frame loop (``App.frame``) on a simulated clock of 60 frames a
second, under the dummy video driver, with Normal computers at the chosen
animation speed. The person plays the instant their turn is shown (the key "1",
Enter for a capture choice), so each figure is the table's own time: from the
person's play to the next frame that shows "Your turn" again. Deal ends are left
out. Prints the median and the 90th percentile per seat count.

    python benchmarks/pace.py [--seats 2,4] [--deals 3] [--speed normal]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from chinese_ten.settings import Settings  # noqa: E402
from chinese_ten.ui.app import App, open_window  # noqa: E402
from chinese_ten.ui.scenes.choice import ChoiceScene  # noqa: E402
from chinese_ten.ui.table.choreography import pace_for  # noqa: E402
from chinese_ten.ui.table.controller import TableController  # noqa: E402
from chinese_ten.ui.table.live import TableScene  # noqa: E402
from chinese_ten.engine.thinking import ComputerThinker  # noqa: E402

FPS = 60
"""Frames per simulated second, as the window's loop runs."""


def _key(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


def waits(seats: int, seed: int, speed: str, surface: pygame.Surface) -> list[float]:
    """Simulated seconds from each of the person's plays to their next turn, over one deal."""
    app = App(surface, Settings(), None, None, ComputerThinker(force_inline=True))
    ctl = TableController(seats, "normal", "one", seed=seed, pace=pace_for(speed), thinker=app.thinker)
    table = TableScene(app, ctl)
    app.replace(table)
    gaps: list[float] = []
    played_at: float | None = None
    frames = 0
    events: list[pygame.event.Event] = []
    while frames < FPS * 60 * 10:
        app.frame(1 / FPS, events)
        frames += 1
        events = []
        now = frames / FPS
        if ctl.deal_finished:
            break
        if isinstance(app.top(), ChoiceScene):
            events = [_key(pygame.K_RETURN)]
        elif app.top() is table and ctl.person_to_play:
            if played_at is not None:
                gaps.append(now - played_at)
            played_at = now
            events = [_key(pygame.K_1)]
    return gaps


def main(argv: list[str] | None = None) -> int:
    """Measure and print the waits."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", default="2,4", help="seat counts, comma-separated")
    parser.add_argument("--deals", type=int, default=3, help="deals per seat count (seeds 0, 1, ...)")
    parser.add_argument("--speed", default="normal", help="animation speed: slow, normal, fast or instant")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    surface = open_window((1280, 800))
    out = {}
    for seats in (int(s) for s in args.seats.split(",")):
        gaps = [g for seed in range(args.deals) for g in waits(seats, seed, args.speed, surface)]
        gaps.sort()
        out[seats] = {"turns": len(gaps), "median_s": round(statistics.median(gaps), 2),
                      "p90_s": round(gaps[int(0.9 * (len(gaps) - 1))], 2)}
    pygame.quit()
    if args.json:
        print(json.dumps(out))
    else:
        print(f"seconds between two of the person's turns, {args.speed} pace, {args.deals} deals each")
        for seats, fig in out.items():
            print(f"{seats} seats: median {fig['median_s']:.2f} s  p90 {fig['p90_s']:.2f} s  ({fig['turns']} waits)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
