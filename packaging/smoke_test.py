"""Check a built app before anyone double-clicks it.

    python packaging/smoke_test.py ["dist/Chinese Ten"]

Fails (exit status 1) when anything a person would trip over is missing:

1. every file of the checkout's ``assets/`` is inside the bundle, byte for byte, where
   the asset loader looks (``_internal/chinese_ten/assets``);
2. every module of the checkout's ``chinese_ten`` package is inside the executable's
   archive (some are imported only when needed, so a run alone would not show it);
3. the folder is under 120 MB;
4. the frozen executable itself runs: ``simulate`` and ``replay`` without a window,
   then, where the checkout has the window (``chinese_ten/ui/app.py``), ``demo`` for
   one deal under ``SDL_VIDEODRIVER=dummy``, which must exit 0 and leave a
   screenshot that is not blank.

Needs the build's Python (with PyInstaller and pygame-ce), not the app's.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_APP = ROOT / "dist" / "Chinese Ten"
WORK = ROOT / "build" / "smoke-test"
LIMIT_MB = 120  # megabytes of 1,000,000 bytes
EXE_NAME = "chinese-ten.exe" if sys.platform == "win32" else "chinese-ten"


class SmokeTestFailure(Exception):
    """One check failed; the message says which and why."""


def folder_bytes(folder: Path) -> int:
    """Bytes in the files under ``folder``, links counted once as links."""
    total = 0
    for dirpath, _dirs, files in os.walk(folder):
        for name in files:
            total += os.lstat(os.path.join(dirpath, name)).st_size
    return total


def check_assets(internal: Path) -> int:
    """Every file of ``assets/`` is in the bundle with the same bytes; returns how many."""
    source = ROOT / "assets"
    bundled = internal / "chinese_ten" / "assets"
    files = sorted(p for p in source.rglob("*") if p.is_file())
    if not files:
        raise SmokeTestFailure(f"no artwork in {source} to compare with")
    for path in files:
        rel = path.relative_to(source)
        copy = bundled / rel
        if not copy.is_file():
            raise SmokeTestFailure(f"asset missing from the bundle: {copy}")
        if copy.read_bytes() != path.read_bytes():
            raise SmokeTestFailure(f"asset differs from the checkout's: {copy}")
    for must in ("icon.svg", "cards/classic/AS.svg", "cards/classic/back.svg", "fonts/NotoSans-Regular.ttf",
                 "fonts/NotoSans-Bold.ttf", "fonts/NotoSans-LICENSE.txt"):
        if not (bundled / must).is_file():
            raise SmokeTestFailure(f"asset missing from the bundle: {bundled / must}")
    return len(files)


def source_modules() -> set[str]:
    """Dotted names of the checkout's ``chinese_ten`` modules (``__main__`` aside)."""
    names = set()
    for path in (ROOT / "chinese_ten").rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__main__":
            continue
        if parts[-1] == "__init__":
            parts.pop()
        names.add(".".join(parts))
    return names


def bundled_modules(executable: Path) -> set[str]:
    """Module names inside the executable's embedded Python archive."""
    from PyInstaller.archive.readers import CArchiveReader

    archive = CArchiveReader(str(executable))
    names: set[str] = set()
    for name, entry in archive.toc.items():
        if entry[-1] == "z":  # an embedded PYZ archive of compiled modules
            names.update(archive.open_embedded_archive(name).toc)
    if not names:
        raise SmokeTestFailure(f"no Python archive found inside {executable}")
    return names


def check_modules(executable: Path) -> int:
    """Every ``chinese_ten`` module of the checkout is in the app; returns how many."""
    wanted = source_modules()
    missing = sorted(wanted - bundled_modules(executable))
    if missing:
        raise SmokeTestFailure(f"modules missing from the bundle: {', '.join(missing)}")
    return len(wanted)


def run(executable: Path, args: list[str], env: dict[str, str], timeout: float) -> str:
    """Run the frozen app; its standard output if it exits 0, else a failure with its words.

    A Python traceback on standard error fails too, even with exit status 0 (a crash
    in a worker, say); other words there are shown.
    """
    cmd = [str(executable), *args]
    print("+ " + " ".join(cmd), flush=True)
    try:
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout,
                              stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        raise SmokeTestFailure(f"{' '.join(args[:1])} did not finish within {timeout:.0f} s") from None
    if done.returncode != 0:
        raise SmokeTestFailure(f"{' '.join(args[:1])} exited {done.returncode}\n"
                               f"--- stdout\n{done.stdout}--- stderr\n{done.stderr}")
    if "Traceback (most recent call last)" in done.stderr:
        raise SmokeTestFailure(f"{' '.join(args[:1])} printed a traceback\n{done.stderr}")
    if done.stderr.strip():
        print(f"  ({' '.join(args[:1])} wrote to standard error: {done.stderr.strip()[-1000:]})")
    return done.stdout


def check_screenshots(folder: Path) -> list[Path]:
    """The demo left PNGs, and the last one shows more than a flat colour."""
    shots = sorted(folder.glob("*.png"))
    if not shots:
        raise SmokeTestFailure(f"the demo left no screenshot in {folder}")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    image = pygame.image.load(str(shots[-1]))
    width, height = image.get_size()
    colours = {tuple(image.get_at((x * width // 16, y * height // 16))) for x in range(16) for y in range(16)}
    if len(colours) < 3:
        raise SmokeTestFailure(f"{shots[-1]} looks blank ({len(colours)} colours in a 16 x 16 sample)")
    return shots


def smoke_test(app: Path) -> None:
    executable = app / EXE_NAME
    internal = app / "_internal"
    if not executable.is_file():
        raise SmokeTestFailure(f"no executable at {executable}; build first: packaging/build.sh")

    print(f"smoke test: {check_assets(internal)} asset files in the bundle, identical to the checkout's")
    print(f"smoke test: {check_modules(executable)} chinese_ten modules in the bundle")
    size = folder_bytes(app)
    print(f"smoke test: folder size {size / 1e6:.1f} MB ({app})")
    if size > LIMIT_MB * 1e6:
        raise SmokeTestFailure(f"the folder is {size / 1e6:.1f} MB, over the {LIMIT_MB} MB limit")

    shutil.rmtree(WORK, ignore_errors=True)
    records, shots = WORK / "records", WORK / "shots"
    for folder in (records, shots, WORK / "settings", WORK / "logs"):
        folder.mkdir(parents=True)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CHINESE_TEN_SETTINGS_DIR=str(WORK / "settings"), CHINESE_TEN_LOG_DIR=str(WORK / "logs"))

    out = run(executable, ["simulate", "--seats", "2", "--deals", "5", "--players", "normal", "--seed", "1",
                           "--json", "--records", str(records)], env, timeout=120)
    json.loads(out)
    record = min(records.glob("*.json"), default=None)
    if record is None:
        raise SmokeTestFailure(f"simulate --records wrote no record into {records}")
    json.loads(run(executable, ["replay", str(record), "--json"], env, timeout=60))

    if (ROOT / "chinese_ten" / "ui" / "app.py").is_file():
        run(executable, ["demo", "--seats", "2", "--deals", "1", "--seed", "1", "--screenshot", str(shots)],
            env, timeout=600)
        print(f"smoke test: demo left {', '.join(str(p) for p in check_screenshots(shots))}")
    else:
        print("smoke test: the checkout has no window yet (chinese_ten/ui/app.py); demo not run")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    app = Path(argv[0]) if argv else DEFAULT_APP
    try:
        smoke_test(app)
    except SmokeTestFailure as exc:
        print(f"smoke test FAILED: {exc}", file=sys.stderr)
        return 1
    print("smoke test: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
