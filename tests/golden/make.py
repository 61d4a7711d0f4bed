"""The golden deal records: what ``simulate``, ``demo`` and a scripted window match write for fixed seeds.

The files beside this script were made by it before the engine was reorganised; the test
``tests/test_golden_records.py`` makes them again and asks for the same bytes, so a change
of shape can never change what is played. ``python tests/golden/make.py --write`` writes
them anew (only when a change of behaviour is meant).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

SIMULATIONS: tuple[tuple[str, int, str], ...] = (
    ("classic", 2, "easy,hard"),
    ("classic", 3, "normal,easy,hard"),
    ("classic", 4, "hard,normal,easy,random"),
    ("taiwan", 2, "normal,hard"),
    ("target", 3, "hard,normal,easy"),
    ("red-frog", 4, "easy,normal,hard,normal"),
    ("simplified", 2, "hard,easy"),
    ("play-red", 3, "normal,hard,easy"),
)
"""Each simulation: the preset, the seats and the players (Hard at a small effort)."""


def _run(*argv: str, env: dict[str, str] | None = None) -> str:
    proc = subprocess.run([sys.executable, "-m", "chinese_ten", *argv], capture_output=True, text=True,
                          timeout=600, env=env)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} failed: {proc.stderr.strip()}")
    return proc.stdout


def _records(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.json"))}


def simulated() -> dict[str, str]:
    """Every simulation's records, by a name that says which."""
    out: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for rules, seats, players in SIMULATIONS:
            folder = Path(tmp) / f"{rules}-{seats}"
            _run("simulate", "--seats", str(seats), "--players", players, "--deals", "2", "--seed", "5",
                 "--duplicate", "--think-ms", "3", "--rules", rules, "--records", str(folder))
            for name, text in _records(folder).items():
                out[f"simulate-{rules}-{seats}-{name}"] = text
    return out


def demo_env(data: Path) -> dict[str, str]:
    """The environment a window runs in here: no video, no sound, nothing kept outside ``data``."""
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
                CHINESE_TEN_SETTINGS_DIR=str(data / "settings"), CHINESE_TEN_LOG_DIR=str(data / "logs"))


def demoed() -> dict[str, str]:
    """The deals of two window demos, as the kept matches export them (one record per deal)."""
    out: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for seats, rules, seed in ((2, "classic", 3), (4, "taiwan", 8)):
            data = Path(tmp) / f"demo-{seats}"
            env = demo_env(data)
            _run("demo", "--seats", str(seats), "--deals", "2", "--seed", str(seed), "--rules", rules,
                 "--data-dir", str(data / "kept"), env=env)
            deals = json.loads(_run("--data-dir", str(data / "kept"), "history", "--json", env=env))
            for match in deals["matches"]:
                for number, deal in enumerate(match["deals"], 1):
                    record = deal.get("record", deal)
                    out[f"demo-{rules}-{seats}-deal{number}.json"] = json.dumps(record, sort_keys=True, indent=1)
    return out


def scripted_window() -> dict[str, str]:
    """A two-deal match at three seats played in the window by keys, the person always pressing 1 and Enter."""
    code = ("import json, sys\n"
            f"sys.path.insert(0, {str(HERE.parent.parent)!r})\n"
            "from tests.golden.window_match import play\n"
            "print(json.dumps(play()))\n")
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600,
                              env=demo_env(Path(tmp)))
    if proc.returncode != 0:
        raise RuntimeError(f"the scripted window match failed: {proc.stderr.strip()}")
    records = json.loads(proc.stdout.strip().splitlines()[-1])
    return {f"window-deal{n}.json": json.dumps(r, sort_keys=True, indent=1) for n, r in enumerate(records, 1)}


def everything() -> dict[str, str]:
    """Every golden record, by file name."""
    return {**simulated(), **demoed(), **scripted_window()}


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/golden/make.py --write")
    for old in HERE.glob("*.json"):
        old.unlink()
    for name, text in everything().items():
        (HERE / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(list(HERE.glob('*.json')))} records")
