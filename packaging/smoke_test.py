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
   one deal at Hard under ``SDL_VIDEODRIVER=dummy``, which must exit 0, leave a
   screenshot that is not blank, report decisions made by the worker process,
   write sound that is not silence through SDL's ``disk`` audio driver, and leave
   no process behind once it has exited;
5. on Windows, the console companion ``chinese-ten-cli.exe`` runs the subcommands
   (the windowed ``chinese-ten.exe`` has no console to print to), and the windowed
   one refuses ``replay -`` (no standard input there) with exit status 2;
6. on macOS, ``Chinese Ten.app`` passes ``codesign --verify --deep --strict`` and its
   executable is the one run.

Needs the build's Python (with PyInstaller and pygame-ce), not the app's.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_APP = ROOT / "dist" / "Chinese Ten"
WORK = ROOT / "build" / "smoke-test"
LIMIT_MB = 120  # megabytes of 1,000,000 bytes
EXE_NAME = "chinese-ten.exe" if sys.platform == "win32" else "chinese-ten"
CLI_NAME = "chinese-ten-cli.exe"  # Windows only: the console companion
LEFTOVER_WAIT_S = 15.0  # how long worker processes may take to go once the app has exited


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
                 "fonts/NotoSans-Bold.ttf", "fonts/NotoSans-LICENSE.txt", "fonts/NotoSansSC-Regular.otf",
                 "fonts/NotoSansTC-Bold.otf", "fonts/NotoSansCJK-LICENSE.txt",
                 "locale/zh-Hans/LC_MESSAGES/chinese-ten.mo", "locale/zh-Hant/LC_MESSAGES/chinese-ten.mo", "sounds/lay-1.wav",
                 "sounds/match-won-1.wav"):
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


def _group_alive(pgid: int) -> bool:
    """True while any process of the process group ``pgid`` is running (POSIX)."""
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _running_images(names: tuple[str, ...]) -> list[str]:
    """Windows: the tasklist lines of running processes with one of these image names."""
    found = []
    for name in names:
        out = subprocess.run(["tasklist", "/FI", f"IMAGENAME eq {name}", "/NH", "/FO", "CSV"],
                             capture_output=True, text=True).stdout
        found += [line for line in out.splitlines() if line.lower().startswith(f'"{name.lower()}"')]
    return found


def check_nothing_left(pid: int, what: str) -> None:
    """No process the app started outlives it: its process group (POSIX) or its images (Windows) are gone."""
    deadline = time.monotonic() + LEFTOVER_WAIT_S
    if sys.platform == "win32":
        while (left := _running_images((EXE_NAME, CLI_NAME))) and time.monotonic() < deadline:
            time.sleep(0.2)
        if left:
            raise SmokeTestFailure(f"{what} left processes running after it exited: {left}")
        return
    while _group_alive(pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    if _group_alive(pid):
        os.killpg(pid, signal.SIGKILL)
        raise SmokeTestFailure(f"{what} left processes running after it exited (process group {pid})")


def run(executable: Path, args: list[str], env: dict[str, str], timeout: float, status: int = 0) -> str:
    """Run the frozen app; its standard output if it exits with ``status``, else a failure with its words.

    A Python traceback on standard error fails too, even with the right status (a
    crash in a worker, say); other words there are shown. Every process the app
    starts must be gone once it has exited.
    """
    cmd = [str(executable), *args]
    print("+ " + " ".join(cmd), flush=True)
    posix = sys.platform != "win32"
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            stdin=subprocess.DEVNULL, start_new_session=posix)
    try:
        stdout, stderr = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        if posix:
            os.killpg(proc.pid, signal.SIGKILL)
        else:
            proc.kill()
        proc.communicate()
        raise SmokeTestFailure(f"{' '.join(args[:1])} did not finish within {timeout:.0f} s") from None
    check_nothing_left(proc.pid, " ".join(args[:1]))
    if proc.returncode != status:
        raise SmokeTestFailure(f"{' '.join(args[:1])} exited {proc.returncode}, not {status}\n"
                               f"--- stdout\n{stdout}--- stderr\n{stderr}")
    if "Traceback (most recent call last)" in stderr:
        raise SmokeTestFailure(f"{' '.join(args[:1])} printed a traceback\n{stderr}")
    if stderr.strip() and status == 0:
        print(f"  ({' '.join(args[:1])} wrote to standard error: {stderr.strip()[-1000:]})")
    return stdout


def check_worker(demo_json: str) -> int:
    """The Hard demo's decisions came from the worker process; returns how many."""
    try:
        result = json.loads(demo_json.strip().splitlines()[-1])
    except (IndexError, ValueError):
        raise SmokeTestFailure(f"the demo printed no JSON result: {demo_json[-500:]!r}") from None
    if result.get("strength") != "hard":
        raise SmokeTestFailure(f"the demo played {result.get('strength')!r}, not hard")
    answers = result.get("worker_answers", 0)
    if answers < 1:
        raise SmokeTestFailure("Hard's worker process answered no decision in the frozen app")
    return int(answers)


def check_signature(bundle: Path) -> None:
    """macOS: the app bundle's signature holds (what Gatekeeper checks first)."""
    cmd = ["codesign", "--verify", "--deep", "--strict", "--verbose=2", str(bundle)]
    print("+ " + " ".join(cmd), flush=True)
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SmokeTestFailure(f"codesign --verify failed for {bundle}:\n{done.stdout}{done.stderr}")


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


def check_audio(path: Path) -> float:
    """The demo wrote sound through the disk audio driver, and not silence; returns its seconds."""
    from array import array

    if not path.is_file():
        raise SmokeTestFailure(f"the demo wrote no sound to {path} (is the mixer in the bundle?)")
    data = path.read_bytes()
    samples = array("h", data[: len(data) - len(data) % 2])
    loud = sum(1 for s in samples if abs(s) > 1000)
    if loud < 1000:
        raise SmokeTestFailure(f"the demo's sound in {path} is silence ({loud} loud samples)")
    return len(samples) / 2 / 44100


def check_table_server(console: Path, env: dict[str, str]) -> int:
    """The frozen app serves a table on loopback: a scripted client creates a two-seat table with a computer
    in the other seat and plays a whole deal on it; the server stops cleanly on SIGTERM. Returns the
    number of the client's actions the server acknowledged."""

    from chinese_ten.net.client import TableClient

    data = WORK / "tables"
    data.mkdir(parents=True, exist_ok=True)
    said, log = WORK / "serve-out.txt", WORK / "serve-err.txt"
    with said.open("w") as out, log.open("w") as err:  # files, not pipes: a full pipe would stall the server
        server = subprocess.Popen([str(console), "serve", "--port", "0", "--data-dir", str(data)], env=env,
                                  stdout=out, stderr=err)
    try:
        line = ""
        ready_by = time.monotonic() + 60
        while not line.endswith("\n") and time.monotonic() < ready_by and server.poll() is None:
            line = said.read_text(encoding="utf-8")
            time.sleep(0.1)  # the frozen server's first line, polled from its file
        line = line.strip().splitlines()[0] if line.strip() else ""
        if not line.startswith("serving on http://127.0.0.1:"):
            raise SmokeTestFailure(f"the frozen server said {line!r}, not that it was serving: "
                                   f"{log.read_text(encoding='utf-8')[-500:]!r}")
        client = TableClient.create(line.removeprefix("serving on "), "Smoke", seats=2, match="one",
                                    computers={1: "normal"})
        acked = 0
        deadline = time.monotonic() + 120
        over = False
        waiting: str | None = None  # the id of the action sent and not yet answered
        try:
            while not over and time.monotonic() < deadline:
                frame = client.get(timeout=5.0)
                if frame is None:
                    continue
                kind = frame.get("type")
                if kind == "ack" and frame.get("id") == waiting:
                    acked += 1
                    waiting = None
                elif kind == "deal_over":
                    over = True
                elif kind == "error":
                    raise SmokeTestFailure(f"the frozen server refused an action: {frame}")
                # the newest state the client holds: a choice owed after a play may arrive before its ack
                state = frame.get("state") or (client.state if kind == "ack" else None) or {}
                if waiting is None and state.get("to_move") == client.seat and state.get("legal"):
                    waiting = client.act(state["legal"][0])
        finally:
            client.close()
        if not over:
            raise SmokeTestFailure("the deal at the frozen app's table did not end within two minutes")
        server.send_signal(signal.SIGTERM)
        if server.wait(timeout=30) != 0:
            raise SmokeTestFailure(f"the frozen server exited {server.returncode} on SIGTERM, not 0")
        return acked
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(timeout=10)


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

    # Where the app prints: the console companion on Windows, the app itself elsewhere.
    console = app / CLI_NAME if sys.platform == "win32" else executable
    if not console.is_file():
        raise SmokeTestFailure(f"no console executable at {console}")
    bundle = app.parent / f"{app.name}.app"
    if sys.platform == "darwin":
        check_signature(bundle)
        executable = console = bundle / "Contents" / "MacOS" / EXE_NAME

    out = run(console, ["simulate", "--seats", "2", "--deals", "5", "--players", "normal", "--seed", "1",
                        "--json", "--records", str(records)], env, timeout=120)
    json.loads(out)
    record = min(records.glob("*.json"), default=None)
    if record is None:
        raise SmokeTestFailure(f"simulate --records wrote no record into {records}")
    json.loads(run(console, ["replay", str(record), "--json"], env, timeout=60))
    judged = json.loads(run(console, ["review", str(record), "--seat", "0", "--json"], env, timeout=300))
    if not judged.get("decisions"):
        raise SmokeTestFailure("the frozen app's review judged no decision of seat 0")
    print(f"smoke test: the frozen app reviewed {len(judged['decisions'])} decisions of a recorded deal")
    if sys.platform == "win32":
        run(executable, ["replay", "-"], env, timeout=60, status=2)  # no standard input: a clean refusal
    if sys.platform != "win32":  # SIGTERM is a POSIX signal; on Windows the server stops on Ctrl+C
        print(f"smoke test: the frozen app served a table and a client played a deal there "
              f"({check_table_server(console, env)} actions acknowledged)")

    if (ROOT / "chinese_ten" / "ui" / "app.py").is_file():
        audio = WORK / "demo-audio.raw"
        heard = dict(env, SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(audio))
        out = run(console, ["demo", "--seats", "2", "--deals", "1", "--seed", "1", "--strength", "hard",
                            "--json", "--screenshot", str(shots)], heard, timeout=600)
        print(f"smoke test: Hard's worker process made {check_worker(out)} decisions, and no process was left")
        print(f"smoke test: the demo wrote {check_audio(audio):.1f} s of sound that is not silence")
        print(f"smoke test: demo left {', '.join(str(p) for p in check_screenshots(shots))}")
        chinese = WORK / "shots-zh-Hant"
        kept = WORK / "data"
        run(console, ["demo", "--seats", "3", "--deals", "1", "--seed", "3", "--language", "zh-Hant",
                      "--screenshot", str(chinese), "--data-dir", str(kept)], env, timeout=600)
        history = json.loads(run(console, ["history", "--json", "--data-dir", str(kept)], env, timeout=60))
        if len(history.get("matches", [])) != 1:
            raise SmokeTestFailure(f"the frozen app kept {len(history.get('matches', []))} matches, not the demo's one")
        print("smoke test: the frozen app kept the demo's match in its database and read it back")
        log = "".join(p.read_text(encoding="utf-8", errors="replace") for p in (WORK / "logs").glob("*.log*"))
        if "no catalog for" in log:
            raise SmokeTestFailure("the frozen app found no message catalog for zh-Hant")
        print(f"smoke test: the demo in Traditional Chinese left {len(check_screenshots(chinese))} screenshot(s)")
        if console != executable:
            windowed = WORK / "shots-windowed"
            run(executable, ["demo", "--seats", "2", "--deals", "1", "--seed", "2", "--screenshot", str(windowed)],
                env, timeout=600)
            print(f"smoke test: the windowed app's demo left {len(check_screenshots(windowed))} screenshot(s)")
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
