"""A killed game leaves no thinking process and no resource tracker behind, idle or thinking."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")

GAME = """
import sys
from chinese_ten.games.ten import SPEC as TEN
from chinese_ten.games.ten.deal import Deal
from chinese_ten.engine.thinking import ComputerThinker

thinker = ComputerThinker()
thinker.warm_up(["hard"])
if sys.argv[1] == "thinking":
    deal = Deal.from_seed(3, seed=2)
    thinker.ask("t", TEN.players, deal.view(deal.to_move), "hard", 10_000_000, 1)
print("ready", flush=True)
sys.stdin.read()
"""
"""A game's thinker, started the way the game starts it, waiting to be killed."""


def _stat(pid: int) -> tuple[str, int] | None:
    """The state letter and parent id of process ``pid``, or None when it no longer exists."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = text[text.rindex(")") + 2:].split()
    return fields[0], int(fields[1])


def _children(pid: int) -> dict[int, str]:
    """Living children of ``pid`` and their command lines."""
    found: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        stat = _stat(int(entry.name))
        if stat is None or stat[1] != pid or stat[0] == "Z":
            continue
        try:
            found[int(entry.name)] = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
    return found


def _gone(pid: int) -> bool:
    stat = _stat(pid)
    return stat is None or stat[0] in ("Z", "X")


def _poll(condition, seconds: float) -> bool:  # type: ignore[no-untyped-def]
    """True as soon as ``condition()`` holds, False if it still does not after ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


@pytest.mark.parametrize("state", ["idle", "thinking"])
def test_the_worker_and_the_resource_tracker_end_when_the_game_is_killed(state: str) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    game = subprocess.Popen([sys.executable, "-c", GAME, state], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            env=env, text=True)
    try:
        assert game.stdout is not None and game.stdout.readline().strip() == "ready"
        assert _poll(lambda: any("spawn_main" in c for c in _children(game.pid).values()), 60), \
            "the game started its thinking process"
        helpers = _children(game.pid)
        worker = next(pid for pid, cmd in helpers.items() if "spawn_main" in cmd)
        if state == "thinking":
            before = _cpu_ticks(worker)
            assert _poll(lambda: _cpu_ticks(worker) > before + 5, 30), "the worker is busy thinking"
        game.send_signal(signal.SIGKILL)
        game.wait(10)
        assert _poll(lambda: all(_gone(pid) for pid in helpers), 20), \
            f"still running after the game was killed: {[helpers[p] for p in helpers if not _gone(p)]}"
    finally:
        if game.poll() is None:
            game.kill()
            game.wait(10)


def _cpu_ticks(pid: int) -> int:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return 0
    fields = text[text.rindex(")") + 2:].split()
    return int(fields[11]) + int(fields[12])
