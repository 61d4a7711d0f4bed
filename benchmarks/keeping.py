"""How much keeping matches costs: a save after a move, and opening the Statistics screen.

Usage: python benchmarks/keeping.py [--matches N] [--deals N] [--runs N]

- save: every save the window makes while a scripted person plays N matches of six
  deals against Normal (a save after each play, take and flip, and one per finished
  deal). Two figures: the frame's share (building the position and handing it to the
  writing thread) and the write itself on that thread (the SQLite transaction, and
  now and then the write-ahead log copied into the database). Target: p99 <= 5 ms.
- statistics: a database holding ``--deals`` kept deals (10,000 by default, four per
  match), then the Statistics screen built and drawn once at 1280x800, ``--runs``
  times. Target: under 100 ms. The History screen is timed the same way.

Everything is written in a temporary folder, never the person's data folder.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from chinese_ten.games.ten.deal import Deal  # noqa: E402
from chinese_ten.matchstore import DB_NAME, MatchSetup, MatchStore, open_store  # noqa: E402
from chinese_ten.games.ten.record import record_of  # noqa: E402


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1) + 0.5))]


def bench_saves(matches: int) -> tuple[list[float], list[float]]:
    """Milliseconds of every save made while playing ``matches`` six-deal matches: in the frame, and written."""
    from chinese_ten.ui.table.choreography import Pace
    from chinese_ten.ui.table.controller import TableController
    from chinese_ten.ui.keeper import Keeper
    from chinese_ten.engine.thinking import ComputerThinker

    times: list[float] = []
    written: list[float] = []
    for name in ("begin", "save_progress", "finish_deal", "finish_match"):
        real_write = getattr(MatchStore, name)

        def timed_write(self, *args, _real=real_write):  # type: ignore[no-untyped-def]
            start = time.perf_counter()
            answer = _real(self, *args)
            written.append((time.perf_counter() - start) * 1000)
            return answer

        setattr(MatchStore, name, timed_write)
    with tempfile.TemporaryDirectory() as folder:
        keeper = Keeper(open_store(Path(folder)))
        real = keeper._changed

        def timed(what: str) -> None:
            start = time.perf_counter()
            real(what)
            times.append((time.perf_counter() - start) * 1000)

        pace = Pace(move=0.01, flip=0.01, glow=0.01, sweep=0.01, triple=0.01, pause=0.0)
        for seed in range(matches):
            ctl = TableController(2, "normal", "six", seed=seed, pace=pace,
                                  thinker=ComputerThinker(force_inline=True))
            keeper.watch(ctl)
            ctl.on_change = timed
            while not ctl.match.is_over:
                if ctl.person_choice is not None:
                    ctl.choose(ctl.person_choice[1][0])
                elif ctl.person_to_play:
                    ctl.play(ctl.session.deal.hand(0)[0])
                elif ctl.deal_finished:
                    ctl.record_deal()
                    if not ctl.match.is_over:
                        ctl.next_deal()
                ctl.update(1 / 30)
        keeper.close()
    return times, written


def _fill(path: Path, deals: int) -> None:
    """A database of ``deals`` kept deals, four to a match, with real records."""
    store = MatchStore(path)
    rng = random.Random(1)
    setups = [MatchSetup(seats, strength, ("you",) + (strength,) * (seats - 1), True, "classic", "classic",
                         {"kind": "fixed", "deals": 4}, 4, "1")
              for seats in (2, 3, 4) for strength in ("easy", "normal", "hard")]
    samples = {}
    for seats in (2, 3, 4):
        deal = Deal.from_seed(seats, seats)
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
        samples[seats] = (record_of(deal), [float(m) for m in deal.exact_margins])
    for m in range(deals // 4):
        setup = setups[m % len(setups)]
        record, margins = samples[setup.seats]
        match_id = store.begin(setup, {})
        for n in range(1, 5):
            store.finish_deal(match_id, n, record, margins, margins[0] + rng.randint(-20, 20), margins, {})
        store.finish_match(match_id, rng.choice(("won", "lost", "lost", "shared")))
    store.close()


def bench_screens(deals: int, runs: int) -> dict[str, list[float]]:
    """Milliseconds to build and draw the Statistics and History screens over ``deals`` kept deals."""
    from chinese_ten.settings import Settings
    from chinese_ten.ui.app import App, open_window
    from chinese_ten.ui.scenes.history import HistoryScene
    from chinese_ten.ui.keeper import Keeper
    from chinese_ten.ui.scenes.stats import StatsScene

    out: dict[str, list[float]] = {"statistics": [], "history": []}
    with tempfile.TemporaryDirectory() as folder:
        _fill(Path(folder) / DB_NAME, deals)
        surface = open_window((1280, 800))
        app = App(surface, Settings(), None, None, None, Keeper(open_store(Path(folder))))
        StatsScene(app).draw(surface)  # fonts and the felt, made once for any screen
        for _ in range(runs):
            for name, kind in (("statistics", StatsScene), ("history", HistoryScene)):
                start = time.perf_counter()
                kind(app).draw(surface)
                out[name].append((time.perf_counter() - start) * 1000)
        app.keeper.close()
        app.thinker.shutdown()
    return out


def main() -> None:
    """Run both measurements and print their figures as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    saves, written = bench_saves(args.matches)
    result = {"saves": len(saves), "save_frame_p50_ms": round(statistics.median(saves), 3),
              "save_frame_p99_ms": round(_percentile(saves, 0.99), 3), "save_frame_max_ms": round(max(saves), 3),
              "save_write_p50_ms": round(statistics.median(written), 3),
              "save_write_p99_ms": round(_percentile(written, 0.99), 3),
              "save_write_max_ms": round(max(written), 3)}
    screens = bench_screens(args.deals, args.runs)
    for name, times in screens.items():
        result[f"{name}_deals"] = args.deals
        result[f"{name}_open_median_ms"] = round(statistics.median(times), 2)
        result[f"{name}_open_max_ms"] = round(max(times), 2)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
