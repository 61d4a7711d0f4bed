"""Soak: a long demo match and hundreds of window sizes in one process, watching memory and open files.

Part one plays a whole demo match (24 deals at 4 seats by default) in the real window
code, frame by frame; part two keeps a table on screen while the window takes a few
hundred sizes between 960×600 and 1920×1080, with the help open now and then. Both
print the resident memory (RSS) and the open file descriptors as they go, and a last
line compares the second half of each part with its first: flat means no growth.

    python benchmarks/soak.py [--seats 4] [--deals 24] [--sizes 300] [--seed 0] [--driver dummy]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time


def rss_mb() -> float:
    """This process's resident memory in MB."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource  # not on Windows; the peak is the best figure left elsewhere

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024 if sys.platform == "darwin" else 1024)


def open_files() -> int:
    """How many file descriptors this process holds open (-1 where that cannot be read)."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            return len(os.listdir(folder))
        except OSError:
            continue
    return -1


def main(argv: list[str] | None = None) -> int:
    """Run both parts and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--deals", type=int, default=24)
    parser.add_argument("--sizes", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--driver", default="dummy", help="SDL video driver ('' keeps the environment's)")
    args = parser.parse_args(argv)
    if args.driver:
        os.environ["SDL_VIDEODRIVER"] = args.driver
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    import pygame

    from chinese_ten.settings import Settings
    from chinese_ten.ui.app import App, DemoOptions, open_window
    from chinese_ten.ui.scenes.help import HelpScene
    from chinese_ten.engine.thinking import ComputerThinker

    surface = open_window((1280, 800), "Chinese Ten (soak)")
    demo = DemoOptions(seats=args.seats, deals=args.deals, seed=args.seed)
    app = App(surface, Settings(), None, demo, ComputerThinker())
    began = time.perf_counter()

    def line(label: str) -> tuple[float, int]:
        mb, files = rss_mb(), open_files()
        print(f"{label:<28} rss {mb:7.1f} MB  open files {files:3d}  card pictures {len(app.kit.cards):4d}  "
              f"frames {app.stats.frames:6d}  {time.perf_counter() - began:6.1f} s", flush=True)
        return mb, files

    def deals_played() -> int:
        table = app.table()
        return table.ctl.match.deals_played if table is not None else 0

    print(f"part one: a {args.deals}-deal demo match at {args.seats} seats")
    match_figures = [line("start")]
    app.start_match()
    shown = 0
    while app.running:
        app.frame(1 / 60, [])
        played = deals_played()
        if played != shown and played % 2 == 0:
            shown = played
            match_figures.append(line(f"after deal {played}"))
    match_figures.append(line("match over"))

    print(f"part two: {args.sizes} window sizes at a table")
    rng = random.Random(args.seed)
    app.running = True
    app.start_match()
    size_figures = [line("1280x800")]
    for i in range(1, args.sizes + 1):
        size = (rng.randrange(960, 1921), rng.randrange(600, 1081))
        pygame.display.set_mode(size, pygame.RESIZABLE)
        app.frame(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
        if i % 10 == 0:
            app.push(HelpScene(app, tab=i // 10 % 3))
        for _ in range(3):
            app.frame(1 / 60, [])
            app.draw()
        if i % 10 == 0:
            app.pop()
        if not app.running:
            app.running = True
            app.start_match()
        if i % 25 == 0:
            size_figures.append(line(f"after {i} sizes ({size[0]}x{size[1]})"))
    app.thinker.shutdown()
    pygame.quit()

    for name, figures in (("match", match_figures), ("sizes", size_figures)):
        half = len(figures) // 2
        mb = figures[-1][0] - figures[half][0]
        files = figures[-1][1] - figures[half][1]
        print(f"{name}: second half grew {mb:+.1f} MB and {files:+d} open files "
              f"(whole run {figures[-1][0] - figures[0][0]:+.1f} MB, {figures[-1][1] - figures[0][1]:+d} files)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
