"""Make ``chinese-ten://`` links open the game: the system is told which command opens them.

- Windows: per user, under ``HKEY_CURRENT_USER\\Software\\Classes\\chinese-ten`` (no administrator
  needed), ``shell\\open\\command`` = ``"EXE" "%1"``.
- Linux: the desktop entry ``chinese-ten.desktop`` in ``$XDG_DATA_HOME/applications`` (by default
  ``~/.local/share/applications``) says ``MimeType=x-scheme-handler/chinese-ten;`` and ``Exec=… %u``;
  ``xdg-mime default`` makes it the handler when that tool is there. An entry already there (the one
  ``install-linux.sh`` puts in the application menu) keeps everything else it says; where there is none,
  the packaged folder's menu entry is the one written.
- macOS: the app bundle's ``Info.plist`` declares the scheme (``CFBundleURLTypes``, see
  ``packaging/pyinstaller.spec``); the link then reaches the window as a dropped file.

The packaged app registers itself at start (:func:`register_at_start`) when the registration is
missing or names another program; ``python -m chinese_ten.url_scheme`` does it for any copy. A
registration that fails is a line in the log, never a stop.
"""

from __future__ import annotations

import importlib
import logging
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from chinese_ten.net.links import APP_SCHEME

_log = logging.getLogger("chinese_ten.url_scheme")

WINDOWS_KEY = rf"Software\Classes\{APP_SCHEME}"
"""The per-user registry key (under ``HKEY_CURRENT_USER``) of the scheme."""

DESKTOP_FILE = "chinese-ten.desktop"
"""The desktop entry's file name (the same the application menu's entry has)."""

MIME_TYPE = f"x-scheme-handler/{APP_SCHEME}"
"""The type a desktop entry names to open the scheme's links."""

XDG_MIME_SECONDS = 10.0
"""The longest ``xdg-mime`` may take before it is given up."""

PLAIN_ENTRY = ("[Desktop Entry]", "Type=Application", "Version=1.0", "Name=Chinese Ten", "GenericName=Card Game",
               "Icon=chinese-ten", "Terminal=false", "Categories=Game;CardGame;", "StartupWMClass=chinese-ten")
"""The lines of a desktop entry written where there was none and the packaged app's folder holds none
(``Exec`` and ``MimeType`` are added)."""


def game_command() -> list[str]:
    """The command that starts this copy of the game: the packaged app's window program, else this
    Python running the package."""
    if getattr(sys, "frozen", False):
        exe = Path(sys.executable)
        if exe.stem.endswith("-cli"):  # Windows: the console companion; links go to the windowed program
            windowed = exe.with_name(exe.stem[: -len("-cli")] + exe.suffix)
            if windowed.is_file():
                exe = windowed
        return [str(exe)]
    return [sys.executable, "-m", "chinese_ten"]


# ---------------------------------------------------------------------- Windows


def windows_command(command: Sequence[str]) -> str:
    """The registry's open command for ``command``: every word quoted, then ``"%1"`` (the link)."""
    return " ".join(f'"{word}"' for word in [*command, "%1"])


def register_windows(command: Sequence[str], registry: Any = None) -> bool:
    """Register the scheme for this user with ``command``; True when the registry was written, False when
    it already named that command. ``registry`` is ``winreg`` (or an object with its functions)."""
    reg = registry if registry is not None else importlib.import_module("winreg")
    opens = windows_command(command)
    try:
        if reg.QueryValue(reg.HKEY_CURRENT_USER, WINDOWS_KEY + r"\shell\open\command") == opens:
            return False
    except OSError:
        pass  # not registered yet
    reg.SetValue(reg.HKEY_CURRENT_USER, WINDOWS_KEY, reg.REG_SZ, "URL:Chinese Ten table link")
    with reg.CreateKey(reg.HKEY_CURRENT_USER, WINDOWS_KEY) as key:
        reg.SetValueEx(key, "URL Protocol", 0, reg.REG_SZ, "")
    reg.SetValue(reg.HKEY_CURRENT_USER, WINDOWS_KEY + r"\DefaultIcon", reg.REG_SZ, f'"{command[0]}",0')
    reg.SetValue(reg.HKEY_CURRENT_USER, WINDOWS_KEY + r"\shell\open\command", reg.REG_SZ, opens)
    return True


# ---------------------------------------------------------------------- Linux


def applications_folder() -> Path:
    """Where this account's desktop entries are: ``$XDG_DATA_HOME/applications``, by default
    ``~/.local/share/applications``."""
    data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home) / "applications"


def exec_line(command: Sequence[str]) -> str:
    """The desktop entry's ``Exec`` value for ``command``, each word quoted as the Desktop Entry
    Specification asks, then ``%u`` (the link)."""
    def quoted(word: str) -> str:
        for char in "\\\"`$":
            word = word.replace(char, "\\" + char)
        return '"' + word.replace("\\", "\\\\").replace("%", "%%") + '"'

    return " ".join([*(quoted(word) for word in command), "%u"])


def desktop_entry(command: Sequence[str], existing: str | None = None) -> str:
    """The desktop entry that opens the scheme's links with ``command``: ``existing`` (or a plain one)
    with its ``Exec`` and ``MimeType`` set; every other line of ``existing`` stays."""
    lines = (existing or "\n".join(PLAIN_ENTRY)).splitlines()
    out: list[str] = []
    group = ""
    placed = {"Exec": False, "MimeType": False}

    def missing() -> list[str]:
        add = [] if placed["Exec"] else [f"Exec={exec_line(command)}"]
        return add + ([] if placed["MimeType"] else [f"MimeType={MIME_TYPE};"])

    for line in lines:
        if line.startswith("[") and group == "[Desktop Entry]":
            out.extend(missing())
            placed = {"Exec": True, "MimeType": True}
        if line.startswith("["):
            group = line.strip()
        key = line.split("=", 1)[0].strip()
        if group == "[Desktop Entry]" and key == "Exec":
            out.append(f"Exec={exec_line(command)}")
            placed["Exec"] = True
        elif group == "[Desktop Entry]" and key == "MimeType":
            types = [t for t in line.split("=", 1)[1].strip().split(";") if t and t != MIME_TYPE]
            out.append("MimeType=" + "".join(f"{t};" for t in [*types, MIME_TYPE]))
            placed["MimeType"] = True
        else:
            out.append(line)
    if group == "[Desktop Entry]":
        out.extend(missing())
    return "\n".join(out) + "\n"


def _packaged_entry(command: Sequence[str]) -> str | None:
    """The menu entry the packaged app's folder holds (``share/applications``, as ``build.sh`` puts it
    there), or None when there is none."""
    try:
        return (Path(command[0]).parent / "share" / "applications" / DESKTOP_FILE).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def register_linux(command: Sequence[str], folder: Path | None = None,
                   run: Callable[..., Any] = subprocess.run) -> bool:
    """Write the desktop entry into ``folder`` (by default :func:`applications_folder`) and make it the
    scheme's handler with ``xdg-mime`` where that is installed; True when the entry was written, False
    when it already said so. A failing ``xdg-mime`` is a line in the log."""
    from chinese_ten.storage import atomic_write

    path = (folder or applications_folder()) / DESKTOP_FILE
    try:
        existing: str | None = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        existing = None
    entry = desktop_entry(command, existing if existing is not None else _packaged_entry(command))
    if entry == existing:
        return False
    atomic_write(path, entry.encode("utf-8"))
    tool = shutil.which("xdg-mime")
    if tool is None:
        _log.info("no xdg-mime here: %s names the links' handler, for desktops that read it", path)
        return True
    try:
        done = run([tool, "default", DESKTOP_FILE, MIME_TYPE], capture_output=True, text=True,
                   timeout=XDG_MIME_SECONDS, check=False)
    except (OSError, subprocess.SubprocessError) as exc:
        _log.warning("xdg-mime could not make the game open %s links: %s", APP_SCHEME, exc)
        return True
    if done.returncode != 0:
        _log.warning("xdg-mime could not make the game open %s links: %s", APP_SCHEME,
                     " ".join(str(done.stderr or "").split()) or f"exit status {done.returncode}")
    return True


# ---------------------------------------------------------------------- any system


def register(command: Sequence[str] | None = None, platform: str = sys.platform) -> bool:
    """Register the scheme on this system with ``command`` (by default :func:`game_command`); True when
    something was written. macOS needs nothing here (the app bundle declares it). ``OSError`` when the
    registration cannot be written."""
    command = list(command or game_command())
    if platform == "win32":
        return register_windows(command)
    if platform.startswith("linux") or "bsd" in platform:
        return register_linux(command)
    return False


def register_at_start() -> None:
    """The packaged app's registration at start: done when missing or naming another program; a problem
    is a line in the log, and the game goes on. A copy run from source registers nothing by itself."""
    if not getattr(sys, "frozen", False):
        return
    try:
        if register():
            _log.info("%s links now open this game", APP_SCHEME)
    except Exception as exc:  # noqa: BLE001 - the links are a convenience; the game starts anyway
        _log.warning("could not make %s links open the game: %s", APP_SCHEME, exc)


def main() -> int:
    """``python -m chinese_ten.url_scheme``: make ``chinese-ten://`` links open this copy of the game."""
    try:
        written = register()
    except OSError as exc:
        print(f"chinese-ten: could not register {APP_SCHEME}:// links: {exc}", file=sys.stderr)
        return 2
    if sys.platform == "darwin":
        print(f"{APP_SCHEME}:// links open the game through its app bundle; nothing to register")
    else:
        print(f"{APP_SCHEME}:// links open {' '.join(game_command())}" + ("" if written else " (already so)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
