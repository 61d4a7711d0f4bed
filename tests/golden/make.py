"""The golden deal records: what ``simulate``, ``demo`` and a scripted window match write for fixed seeds.

The files beside this script were made by it before the engine was reorganised; the test
``tests/test_golden_records.py`` makes them again and asks for the same bytes, so a change
of shape can never change what is played. ``python tests/golden/make.py --write`` writes
them anew (only when a change of behaviour is meant).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
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


PLAYER_CYCLE: tuple[str, ...] = ("easy", "normal", "hard", "random")
"""The players a digest's simulation seats, in turn round the table (Hard at a small effort)."""


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _every_setup() -> list[tuple[str, str | None, int]]:
    """Every game, each of its presets (None for a game with none) and each seat count the preset deals."""
    from chinese_ten.games.ten.rules import PRESETS, RuleSet

    setups: list[tuple[str, str | None, int]] = []
    for preset in PRESETS:
        for seats in RuleSet.of(preset).seat_counts():
            setups.append(("ten", preset, seats))
    setups.extend(("fishing", None, seats) for seats in range(2, 9))
    return setups


def simulated_digests() -> dict[str, str]:
    """The SHA-256 of every record ``simulate`` writes, for every game, preset and seat count (two
    shuffles each), by a name that says which."""
    from chinese_ten.cli import main

    out: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for game, preset, seats in _every_setup():
            label = f"{game}-{preset or 'standard'}-{seats}"
            folder = Path(tmp) / label
            players = ",".join(PLAYER_CYCLE[s % len(PLAYER_CYCLE)] for s in range(seats))
            argv = ["simulate", "--game", game, "--seats", str(seats), "--players", players, "--deals", "2",
                    "--seed", str(seats), "--think-ms", "2", "--records", str(folder)]
            if preset is not None:
                argv += ["--rules", preset]
            with contextlib.redirect_stdout(io.StringIO()):
                status = main(argv)
            if status != 0:
                raise RuntimeError(f"{' '.join(argv)} failed with status {status}")
            for name, text in _records(folder).items():
                out[f"simulate/{label}/{name}"] = _digest(text)
    return out


FRAME_MATCHES: tuple[tuple[str, int, str, object], ...] = (
    ("ten", 2, "one", None),
    ("ten", 3, "per-seat", "target"),
    ("ten", 4, "one", {"preset": "red-frog", "direction": "counter-clockwise"}),
    ("fishing", 2, "one", None),
    ("fishing", 5, "one", None),
)
"""Each scripted server match: the game, the seats, the match length and the rules ``create`` names."""


def frame_digests() -> dict[str, str]:
    """The SHA-256 of every frame the server sends each seat in each scripted match, in order."""
    from tests.golden.frames import scripted_match

    out: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for number, (game, seats, match, rules) in enumerate(FRAME_MATCHES):
            folder = Path(tmp) / str(number)
            folder.mkdir()
            frames = scripted_match(folder, game, seats, match, rules)
            label = f"frames/{game}-{seats}-{match}-{number}"
            out[label] = _digest("\n".join(frames))
            out[label + "/count"] = str(len(frames))
    return out


def digests() -> dict[str, str]:
    """Every golden digest, by name: the simulations' records and the server's frames."""
    return {**simulated_digests(), **frame_digests()}


DIGESTS = HERE / "digests.json"
"""Where the golden digests are kept."""


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
    DIGESTS.write_text(json.dumps(digests(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {len(list(HERE.glob('*.json')))} records")
