"""How quickly the frozen app starts, from packaging/build.sh's dist/Chinese Ten/.

Usage: python benchmarks/startup.py [--app "dist/Chinese Ten"] [--runs N]

Each figure is the median of N launches of the frozen executable:

- window: the bare app, as a double-click starts it, from launch until its window is
  on screen and painted (a pixel at its centre is no longer black: the display's
  background is black, so an unpainted window reads black); the app is then closed.
  Linux only: the app runs on a private Xvfb display, watched through Xlib; skipped,
  with a note, where Xvfb or libX11 is missing.
- engine start: ``replay`` of a one-turn record, which loads the interpreter, the
  bundle and the rules engine but not pygame: the floor under the window figure.
- demo: the whole of ``demo --seats 2 --deals 1`` under ``SDL_VIDEODRIVER=dummy``,
  from launch to exit (start-up, one deal at full speed, shutdown).

Settings and logs go to a temporary folder, never the person's own.
"""

from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXE_NAME = "chinese-ten.exe" if sys.platform == "win32" else "chinese-ten"
WINDOW_TARGET_S = 1.5
TIMEOUT_S = 60.0

RECORD = {  # a legal one-turn deal: seat 1 plays 7D onto the layout's 3H
    "format": "chinese-ten/deal-v1", "rules": "classic", "seats": 2, "dealer": 0,
    "hands": [["2S", "3C", "4D", "5S", "6D", "7S", "8C", "9D", "10S", "JC", "QH", "KS"],
              ["7D", "2C", "4S", "5C", "6S", "8S", "9C", "10C", "JD", "QS", "KC", "AD"]],
    "layout": ["3S", "3H", "6C", "QD"],
    "stock": ["AS", "AH", "AC", "2D", "2H", "3D", "4C", "4H", "5D", "5H", "6H", "7C",
              "7H", "8D", "8H", "9S", "9H", "10D", "10H", "JS", "JH", "QC", "KD", "KH"],
    "turns": [{"seat": 1, "play": "7D", "take": "3H"}],
}


class _XWindowAttributes(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("width", ctypes.c_int), ("height", ctypes.c_int),
                ("border_width", ctypes.c_int), ("depth", ctypes.c_int), ("visual", ctypes.c_void_p),
                ("root", ctypes.c_ulong), ("class_", ctypes.c_int), ("bit_gravity", ctypes.c_int),
                ("win_gravity", ctypes.c_int), ("backing_store", ctypes.c_int),
                ("backing_planes", ctypes.c_ulong), ("backing_pixel", ctypes.c_ulong),
                ("save_under", ctypes.c_int), ("colormap", ctypes.c_ulong), ("map_installed", ctypes.c_int),
                ("map_state", ctypes.c_int), ("all_event_masks", ctypes.c_long),
                ("your_event_mask", ctypes.c_long), ("do_not_propagate_mask", ctypes.c_long),
                ("override_redirect", ctypes.c_int), ("screen", ctypes.c_void_p)]


class _XImageHead(ctypes.Structure):  # the leading fields of Xlib's XImage
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
                ("format", ctypes.c_int), ("data", ctypes.POINTER(ctypes.c_uint32))]


class XScreen:
    """A private Xvfb display, and the Xlib calls that tell whether a window shows on it."""

    IS_VIEWABLE = 2
    Z_PIXMAP = 2

    def __init__(self) -> None:
        xvfb = shutil.which("Xvfb")
        name = ctypes.util.find_library("X11")
        if not (sys.platform.startswith("linux") and xvfb and name):
            raise OSError("needs Linux with Xvfb and libX11 (Debian: apt-get install xvfb)")
        read, write = os.pipe()
        # -br: a black background, so a window reads black until the app paints it.
        self.server = subprocess.Popen([xvfb, "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-br",
                                        "-nolisten", "tcp"], pass_fds=(write,), stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.close()
            raise OSError("Xvfb did not start")
        self.display = f":{number}"
        x = self.x = ctypes.CDLL(name)
        x.XOpenDisplay.restype = ctypes.c_void_p
        x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x.XDefaultRootWindow.restype = ctypes.c_ulong
        x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x.XQueryTree.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong),
                                 ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.POINTER(ctypes.c_ulong)),
                                 ctypes.POINTER(ctypes.c_uint)]
        x.XGetWindowAttributes.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(_XWindowAttributes)]
        x.XGetImage.restype = ctypes.POINTER(_XImageHead)
        x.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint,
                                ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
        x.XFree.argtypes = [ctypes.c_void_p]
        x.XSetErrorHandler.argtypes = [ctypes.c_void_p]
        # A window may vanish between two calls; Xlib's default handler would exit.
        self._on_error = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)(lambda d, e: 0)
        x.XSetErrorHandler(ctypes.cast(self._on_error, ctypes.c_void_p))
        self.dpy = x.XOpenDisplay(self.display.encode())
        if not self.dpy:
            self.close()
            raise OSError(f"cannot open the display {self.display}")
        self.root = x.XDefaultRootWindow(self.dpy)

    def painted_window(self) -> bool:
        """Whether a top-level window shows, with something other than black at its centre."""
        x, root, parent = self.x, ctypes.c_ulong(), ctypes.c_ulong()
        children, count = ctypes.POINTER(ctypes.c_ulong)(), ctypes.c_uint()
        if not x.XQueryTree(self.dpy, self.root, ctypes.byref(root), ctypes.byref(parent), ctypes.byref(children),
                            ctypes.byref(count)):
            return False
        try:
            for i in range(count.value):
                attrs = _XWindowAttributes()
                window = children[i]
                if not x.XGetWindowAttributes(self.dpy, window, ctypes.byref(attrs)):
                    continue
                if attrs.map_state != self.IS_VIEWABLE or attrs.override_redirect or attrs.width < 2:
                    continue
                image = x.XGetImage(self.dpy, window, attrs.width // 2, attrs.height // 2, 1, 1, 0xFFFFFFFF,
                                    self.Z_PIXMAP)
                if not image:
                    continue
                pixel = image.contents.data[0] & 0xFFFFFF
                x.XFree(ctypes.cast(image.contents.data, ctypes.c_void_p))
                x.XFree(ctypes.cast(image, ctypes.c_void_p))
                if pixel:
                    return True
            return False
        finally:
            if children:
                x.XFree(ctypes.cast(children, ctypes.c_void_p))

    def close(self) -> None:
        if getattr(self, "dpy", None):
            self.x.XCloseDisplay(ctypes.c_void_p(self.dpy))
            self.dpy = None
        self.server.terminate()
        self.server.wait()


def _stop(process: subprocess.Popen) -> None:
    """End a launched app and anything it started (its own process group)."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def time_to_window(executable: Path, screen: XScreen, env: dict[str, str]) -> float:
    """Seconds from launching the bare app until its window shows, painted."""
    env = dict(env, DISPLAY=screen.display)
    env.pop("SDL_VIDEODRIVER", None)
    env.pop("WAYLAND_DISPLAY", None)
    start = time.perf_counter()
    app = subprocess.Popen([str(executable)], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, start_new_session=True)
    try:
        while not screen.painted_window():
            if app.poll() is not None:
                raise RuntimeError(f"the app exited {app.returncode} before showing a window: "
                                   f"{app.stderr.read().decode(errors='replace')[-2000:]}")
            if time.perf_counter() - start > TIMEOUT_S:
                raise RuntimeError(f"no window within {TIMEOUT_S:.0f} s")
            time.sleep(0.002)
        return time.perf_counter() - start
    finally:
        _stop(app)
        app.stderr.close()


def time_command(executable: Path, args: list[str], env: dict[str, str]) -> float:
    """Seconds from launch to exit of one run of the frozen app, which must exit 0."""
    start = time.perf_counter()
    subprocess.run([str(executable), *args], env=env, check=True, stdin=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=600)
    return time.perf_counter() - start


def _report(label: str, times: list[float], target: float | None = None) -> None:
    median = statistics.median(times)
    verdict = "" if target is None else f"   target {target} s: {'met' if median <= target else 'MISSED'}"
    print(f"  {label:<14}{median:6.2f} s   (runs: {', '.join(f'{t:.2f}' for t in times)}){verdict}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--app", type=Path, default=ROOT / "dist" / "Chinese Ten", help="the built app folder")
    parser.add_argument("--runs", type=int, default=7, help="launches per figure (default 7)")
    args = parser.parse_args()
    executable = args.app / EXE_NAME
    if not executable.is_file():
        print(f"startup: no app at {executable}; build it first: packaging/build.sh", file=sys.stderr)
        return 1

    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, CHINESE_TEN_SETTINGS_DIR=str(Path(tmp, "settings")),
                   CHINESE_TEN_LOG_DIR=str(Path(tmp, "logs")), SDL_AUDIODRIVER="dummy")
        record = Path(tmp, "record.json")
        record.write_text(json.dumps(RECORD), encoding="utf-8")
        print(f"start-up of {executable} (median of {args.runs} launches)")

        try:
            screen = XScreen()
        except OSError as exc:
            print(f"  window        skipped: {exc}")
        else:
            try:
                _report("window", [time_to_window(executable, screen, env) for _ in range(args.runs)],
                        WINDOW_TARGET_S)
            finally:
                screen.close()

        _report("engine start", [time_command(executable, ["replay", str(record)], env) for _ in range(args.runs)])
        dummy = dict(env, SDL_VIDEODRIVER="dummy")
        demo = ["demo", "--seats", "2", "--deals", "1", "--seed", "1"]
        _report("demo, 1 deal", [time_command(executable, demo, dummy) for _ in range(args.runs)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
