"""Processor time the window uses while nothing moves: on the start screen, on the person's turn, in a
review whose analysis is done, paused, and at a network table waiting for a move (``network``: the window
hosts a table of three on 127.0.0.1, a second connection takes a seat and never plays, a computer has
the third). The target is at most 0.5% of a core in each but ``network`` (under Xvfb: ``--driver x11``).

Each case runs the window's own main loop (``App.run``) for ``--seconds`` with no input, in a process
of its own at 1920×1080 (dummy video driver unless ``--driver`` says otherwise), and prints the
processor seconds it used over the wall seconds, median of ``--runs`` runs, counted from the end of the
loop's first frame (which draws the screen the case set up).

    python benchmarks/idle.py [--seconds 10] [--runs 3] [--driver x11]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

CASE = r"""
import json, os, sys, threading, time
import pygame
from chinese_ten.settings import Settings
from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.ui.app import App, open_window
from chinese_ten.ui.scenes.start import StartScene

case, seconds = sys.argv[1], float(sys.argv[2])
window = open_window((1920, 1080))
app = App(window, Settings(window_size=(1920, 1080)), None, None, ComputerThinker(force_inline=True))
app.push(StartScene(app))
if case == "network":
    import tempfile
    from chinese_ten.net.client import TableClient
    from chinese_ten.ui.hosting import Hosting
    from chinese_ten.ui.table.remote import RemoteTableScene
    app.hosting = Hosting(__import__("pathlib").Path(tempfile.mkdtemp()), bind="127.0.0.1", port=0)
    app.show("friends")
    friends = app.top()
    friends.seats, friends.length, friends.name.text = 3, "one", "Ann"
    friends.guests[:2] = [None, "easy"]
    friends._fix()
    friends.act("host")
    lobby = app.top()
    guest = None
    for _ in range(20000):  # the lobby, then the table at rest on a move (the person's or the silent guest's)
        app.frame(1 / 60)
        if guest is None and 1 in getattr(lobby, "links", {}):
            guest = TableClient.join(lobby.links[1], "Bo")
        table = app.table()
        if isinstance(table, RemoteTableScene) and table.ctl.board.hands[0] and not table.ctl.busy:
            if table.follower.to_act is None and not getattr(table.follower, "to_show", False):
                break
        time.sleep(0.002)  # the server and the guest run on threads of their own
elif case != "start":
    app.start_match()
    table = app.table()
    for _ in range(20000):
        app.frame(1 / 60)
        if table.ctl.person_to_play:
            break
    if case == "paused":
        table.set_paused(True)
    if case == "review":
        from chinese_ten.games.ten.record import record_of
        from chinese_ten.ui.scenes.review import open_review
        from chinese_ten.ui.scenes.choice import ChoiceScene
        from chinese_ten.ui.scenes.count import CountScene
        ctl = table.ctl
        for _ in range(100000):
            top = app.top()
            if isinstance(top, CountScene):
                break
            if isinstance(top, ChoiceScene):
                app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)])
            elif ctl.person_to_play:
                app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="", scancode=0)])
            else:
                app.frame(1 / 60)
        open_review(app, record_of(ctl.finished_deal()), 0, None)
        review = app.top()
        for _ in range(200000):
            app.frame(1 / 60)
            if not review.wants_frames():
                break
            time.sleep(0.005)  # the analysis runs in its own process; this loop only waits for it to end
for _ in range(10):
    app.frame(1 / 60)
began = {}
first_frame = app.frame

def frame(dt, events=None):
    first_frame(dt, events)
    if not began:  # the loop's first frame draws what is already shown: idle starts after it
        began.update(wall=time.perf_counter(), cpu=time.process_time())
        threading.Timer(seconds, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT))).start()

app.frame = frame
app.run()
print(json.dumps({"cpu": time.process_time() - began["cpu"], "wall": time.perf_counter() - began["wall"],
                  "wants_frames": app.wants_frames()}))
sys.stdout.flush()
os._exit(0)  # a network case's server and guest connection end with the process
"""

CASES = ("start", "turn", "review", "paused", "network")


def run_case(case: str, seconds: float, driver: str) -> dict[str, float]:
    """One run of ``case``: processor and wall seconds of the main loop."""
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, SDL_VIDEODRIVER=driver, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
                   CHINESE_TEN_SETTINGS_DIR=tmp, CHINESE_TEN_LOG_DIR=tmp, CHINESE_TEN_DATA_DIR=tmp)
        out = subprocess.run([sys.executable, "-c", CASE, case, str(seconds)], env=env, check=True,
                             capture_output=True, text=True, timeout=600).stdout
    return json.loads(out.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main() -> None:
    """Measure every case and print the share of a core each used."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--driver", default="dummy")
    parser.add_argument("--case", choices=CASES, action="append", help="measure only this case (again for more)")
    args = parser.parse_args()
    print(f"idle processor use at 1920x1080, {args.seconds:g} s a run, median of {args.runs} runs ({args.driver})")
    for case in args.case or CASES:
        runs = [run_case(case, args.seconds, args.driver) for _ in range(args.runs)]
        shares = [100 * r["cpu"] / r["wall"] for r in runs]
        print(f"  {case:<7} {statistics.median(shares):5.2f}% of a core   (runs: {', '.join(f'{s:.2f}' for s in shares)})")


if __name__ == "__main__":
    main()
