"""``chinese-ten demo`` plays a match in the window and exits 0, with stats and screenshots."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SMALLEST = "960x600"
"""The window every demo here draws in: the smallest the game supports, the cheapest to draw (what these tests
prove is the same at every size; the sizes themselves are the layout tests' business)."""


def test_demo_runs_with_frame_stats_and_screenshots(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    stats = tmp_path / "frames.json"
    shots = tmp_path / "shots"
    proc = subprocess.run(
        [sys.executable, "-m", "chinese_ten", "demo", "--size", SMALLEST, "--seats", "2", "--deals", "1", "--seed", "3",
         "--frame-stats", str(stats), "--screenshot", str(shots), "--json"],
        env=env, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["deals"] == 1
    assert abs(sum(out["totals"])) < 1e-9
    data = json.loads(stats.read_text())
    assert set(data) == {"frames", "p50_ms", "p99_ms", "max_ms"}
    assert data["frames"] > 50
    pngs = sorted(shots.glob("*.png"))
    assert len(pngs) == 1
    assert pngs[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_hard_demo_is_answered_by_the_worker_process() -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run(
        [sys.executable, "-m", "chinese_ten", "demo", "--size", SMALLEST, "--seats", "2", "--deals", "1", "--seed", "2",
         "--strength", "hard", "--json"],
        env=env, capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["strength"] == "hard" and out["deals"] == 1
    assert out["worker_answers"] >= 24  # every play of a 2-seat deal (24 turns) went to the worker


@pytest.mark.slow
def test_demo_keeps_its_match_only_in_the_data_dir_it_is_given(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from chinese_ten.cli import main

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CHINESE_TEN_DATA_DIR=str(tmp_path / "from-env"))
    base = [sys.executable, "-m", "chinese_ten"]
    demo = ["demo", "--size", SMALLEST, "--seats", "2", "--seed", "4"]
    # One deal shows where a demo writes; the kept match below has two, each kept.
    assert subprocess.run(base + demo + ["--deals", "1"], env=env, capture_output=True, timeout=120).returncode == 0
    assert not (tmp_path / "from-env").exists(), "a demo writes nowhere unless --data-dir is given"
    proc = subprocess.run(base + demo + ["--deals", "2", "--data-dir", str(tmp_path / "kept")], env=env,
                          capture_output=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    capsys.readouterr()
    assert main(["--data-dir", str(tmp_path / "kept"), "history", "--json"]) == 0  # the command, in this process
    matches = json.loads(capsys.readouterr().out)["matches"]
    assert len(matches) == 1 and matches[0]["finished"] and len(matches[0]["deals"]) == 2
    assert matches[0]["players"] == ["normal", "normal"]


def _demo(tmp_path: Path, folder: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CHINESE_TEN_LOG_DIR=str(tmp_path / "log"))
    return subprocess.run([sys.executable, "-m", "chinese_ten", "demo", "--size", SMALLEST, "--seats", "2", "--deals", "1", "--seed", "4",
                           "--data-dir", str(folder)], env=env, capture_output=True, text=True, timeout=120)


def test_a_demo_in_the_data_dir_leaves_the_persons_unfinished_match_to_continue(tmp_path: Path) -> None:
    from chinese_ten.matchstore import MatchSetup, open_store

    setup = MatchSetup(seats=2, strength="normal", players=("you", "normal"), person=True, rules="classic",
                       preset="classic", length={"kind": "per-seat", "deals": 0}, total_deals=2, seed="7")
    opened = open_store(tmp_path / "kept")
    mine = opened.store.begin(setup, {"deals": [["play 7D"]], "turns": 1})
    opened.close()
    assert _demo(tmp_path, tmp_path / "kept").returncode == 0
    opened = open_store(tmp_path / "kept")
    kept = opened.store.unfinished()
    assert kept is not None and (kept.id, kept.progress["deals"]) == (mine, [["play 7D"]])
    assert opened.store.statistics().overall.abandoned == 0
    assert [m.setup.person for m in opened.store.history()] == [False], "the demo's match is kept beside it"
    opened.close()


def test_a_demo_that_cannot_keep_its_match_says_so_on_stderr_and_in_the_log(tmp_path: Path) -> None:
    import sqlite3

    from chinese_ten.matchstore import DB_NAME, LOCK_NAME, SCHEMA_VERSION
    from chinese_ten.storage import try_lock

    newer = tmp_path / "newer"
    newer.mkdir()
    with sqlite3.connect(newer / DB_NAME) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    proc = _demo(tmp_path, newer)
    assert proc.returncode == 0 and proc.stderr.count("\n") == 1 and "newer version" in proc.stderr
    assert "newer version" in (tmp_path / "log" / "chinese-ten.log").read_text(encoding="utf-8")

    held = tmp_path / "held"
    lock = try_lock(held / LOCK_NAME)  # as an open window holds it
    assert lock is not None
    try:
        proc = _demo(tmp_path, held)
    finally:
        lock.release()
    assert proc.returncode == 0 and "another window" in proc.stderr
