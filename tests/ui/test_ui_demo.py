"""``chinese-ten demo`` plays a match in the window and exits 0, with stats and screenshots."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


def test_demo_runs_with_frame_stats_and_screenshots(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    stats = tmp_path / "frames.json"
    shots = tmp_path / "shots"
    proc = subprocess.run(
        [sys.executable, "-m", "chinese_ten", "demo", "--seats", "2", "--deals", "1", "--seed", "3",
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
        [sys.executable, "-m", "chinese_ten", "demo", "--seats", "2", "--deals", "1", "--seed", "2",
         "--strength", "hard", "--json"],
        env=env, capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["strength"] == "hard" and out["deals"] == 1
    assert out["worker_answers"] >= 24  # every play of a 2-seat deal (24 turns) went to the worker


def test_demo_keeps_its_match_only_in_the_data_dir_it_is_given(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CHINESE_TEN_DATA_DIR=str(tmp_path / "from-env"))
    base = [sys.executable, "-m", "chinese_ten"]
    demo = ["demo", "--seats", "2", "--deals", "2", "--seed", "4"]
    assert subprocess.run(base + demo, env=env, capture_output=True, timeout=120).returncode == 0
    assert not (tmp_path / "from-env").exists(), "a demo writes nowhere unless --data-dir is given"
    proc = subprocess.run(base + demo + ["--data-dir", str(tmp_path / "kept")], env=env, capture_output=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    history = subprocess.run(base + ["--data-dir", str(tmp_path / "kept"), "history", "--json"], env=env,
                             capture_output=True, text=True, timeout=60)
    matches = json.loads(history.stdout)["matches"]
    assert len(matches) == 1 and matches[0]["finished"] and len(matches[0]["deals"]) == 2
    assert matches[0]["players"] == ["normal", "normal"]
