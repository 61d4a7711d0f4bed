"""The person's game settings: their allowed values, where they live, and how
they are read and written without ever losing them.

Settings are kept in ``settings.json`` as ``{"version": 1, ...}``.  Reading a
damaged file never fails: the file is moved aside under a dated name, every
value that can be trusted is kept, and the person is told once.  Writing is
atomic, so a failed write leaves the previous file as it was.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Final

import platformdirs

__all__ = [
    "ANIMATION_SPEEDS",
    "APP_NAME",
    "COMPUTERS_RANGE",
    "FORMAT_VERSION",
    "LoadResult",
    "MATCH_LENGTHS",
    "SETTINGS_DIR_ENV",
    "SETTINGS_FILENAME",
    "STRENGTHS",
    "SettingError",
    "Settings",
    "SettingsStore",
    "WINDOW_HEIGHT_RANGE",
    "WINDOW_SIZES",
    "WINDOW_WIDTH_RANGE",
    "clamp_window_size",
    "parse_window_size",
    "settings_dir",
    "validate_setting",
]

_log = logging.getLogger("chinese_ten.settings")

APP_NAME: Final[str] = "ChineseTen"
"""Folder name used for the application by ``platformdirs``."""

SETTINGS_DIR_ENV: Final[str] = "CHINESE_TEN_SETTINGS_DIR"
"""Environment variable that chooses the settings folder."""

SETTINGS_FILENAME: Final[str] = "settings.json"
"""Name of the settings file inside the settings folder."""

FORMAT_VERSION: Final[int] = 1
"""Version number written to, and expected in, the settings file."""

MAX_FILE_BYTES: Final[int] = 16 * 1024 * 1024
"""A settings file larger than this is treated as damaged without parsing it."""

COMPUTERS_RANGE: Final[tuple[int, int]] = (1, 3)
"""Smallest and largest number of computer opponents."""

STRENGTHS: Final[tuple[str, ...]] = ("easy", "normal", "hard")
"""Allowed values of ``Settings.strength``."""

MATCH_LENGTHS: Final[tuple[str, ...]] = ("one", "per-seat", "two-per-seat", "six")
"""Allowed values of ``Settings.match_length``."""

ANIMATION_SPEEDS: Final[tuple[str, ...]] = ("slow", "normal", "fast", "instant")
"""Allowed values of ``Settings.animation_speed``."""

WINDOW_WIDTH_RANGE: Final[tuple[int, int]] = (960, 7680)
"""Smallest and largest remembered window width, in pixels."""

WINDOW_HEIGHT_RANGE: Final[tuple[int, int]] = (600, 4320)
"""Smallest and largest remembered window height, in pixels."""

WINDOW_SIZES: Final[tuple[tuple[int, int], ...]] = ((960, 600), (1280, 800), (1600, 1000), (1920, 1080))
"""Window sizes offered by name; any size within the ranges above is allowed too."""


class SettingError(ValueError):
    """A setting name that does not exist, or a value it does not allow."""


# --------------------------------------------------------------------------
# Per-field validation
# --------------------------------------------------------------------------


def _is_int(value: object) -> bool:
    # JSON true/false arrive as bool, which is an int subclass: not a number here.
    return isinstance(value, int) and not isinstance(value, bool)


def _whole_number(low: int, high: int) -> Callable[[object], int]:
    def check(value: object) -> int:
        if not _is_int(value) or not low <= value <= high:  # type: ignore[operator]
            raise SettingError(f"must be a whole number from {low} to {high}")
        return int(value)  # type: ignore[call-overload]

    return check


def _one_of(choices: tuple[str, ...]) -> Callable[[object], str]:
    def check(value: object) -> str:
        if not isinstance(value, str) or value not in choices:
            raise SettingError("must be one of " + ", ".join(choices))
        return value

    return check


def _boolean(value: object) -> bool:
    if not isinstance(value, bool):
        raise SettingError("must be true or false")
    return value


def parse_window_size(text: str) -> tuple[int, int]:
    """A window size written ``WIDTHxHEIGHT`` (``"1280x800"``), checked as ``window_size`` checks it."""
    parts = text.strip().lower().replace("×", "x").split("x")
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) <= 12 for p in parts):
        raise SettingError("window_size must be written WIDTHxHEIGHT, such as 1280x800")
    return validate_setting("window_size", (int(parts[0]), int(parts[1])))  # type: ignore[no-any-return]


def _window_size(value: object) -> tuple[int, int]:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise SettingError("must be a [width, height] pair")
    width, height = value
    (w_low, w_high), (h_low, h_high) = WINDOW_WIDTH_RANGE, WINDOW_HEIGHT_RANGE
    if not _is_int(width) or not w_low <= width <= w_high:
        raise SettingError(f"width must be a whole number from {w_low} to {w_high}")
    if not _is_int(height) or not h_low <= height <= h_high:
        raise SettingError(f"height must be a whole number from {h_low} to {h_high}")
    return (int(width), int(height))


_VALIDATORS: Final[dict[str, Callable[[object], Any]]] = {
    "computers": _whole_number(*COMPUTERS_RANGE),
    "strength": _one_of(STRENGTHS),
    "match_length": _one_of(MATCH_LENGTHS),
    "high_contrast": _boolean,
    "four_colour": _boolean,
    "point_badges": _boolean,
    "animation_speed": _one_of(ANIMATION_SPEEDS),
    "pause_on_focus_loss": _boolean,
    "window_size": _window_size,
    "fullscreen": _boolean,
}


def validate_setting(name: str, value: object) -> Any:
    """Check one setting and return it in its stored form.

    Used both when reading the settings file and when a setting is changed.
    Booleans must be real booleans (``1`` is not ``True``); a window size may
    be a list or a tuple and comes back as a tuple.  Raises ``SettingError``
    for an unknown name or a value outside what the setting allows.  The
    message never repeats the value, which may be huge.
    """
    check = _VALIDATORS.get(name)
    if check is None:
        raise SettingError(f"there is no setting called {name!r}")
    try:
        return check(value)
    except SettingError as problem:
        raise SettingError(f"{name} {problem}") from None


def clamp_window_size(width: int, height: int) -> tuple[int, int]:
    """Bring a real window size into the range that can be remembered.

    For storing the size of a window the person has resized, which may be
    smaller or larger than ``Settings.window_size`` accepts.
    """
    (w_low, w_high), (h_low, h_high) = WINDOW_WIDTH_RANGE, WINDOW_HEIGHT_RANGE
    return (min(max(int(width), w_low), w_high), min(max(int(height), h_low), h_high))


# --------------------------------------------------------------------------
# The settings themselves
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    """Everything the game remembers between sessions; always valid.

    Creating one with a value a setting does not allow raises
    ``SettingError``.  Use ``replace`` to change settings.
    """

    computers: int = 1
    strength: str = "normal"
    match_length: str = "per-seat"
    high_contrast: bool = False
    four_colour: bool = False
    point_badges: bool = True
    animation_speed: str = "normal"
    pause_on_focus_loss: bool = False
    window_size: tuple[int, int] = (1280, 800)
    fullscreen: bool = False

    def __post_init__(self) -> None:
        for item in dataclasses.fields(self):
            checked = validate_setting(item.name, getattr(self, item.name))
            object.__setattr__(self, item.name, checked)

    def replace(self, **changes: Any) -> Settings:
        """Return a copy with some settings changed, each one validated.

        Raises ``SettingError`` for an unknown setting or a bad value; the
        original is never modified.
        """
        for name, value in changes.items():
            validate_setting(name, value)
        return dataclasses.replace(self, **changes)

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        """The names of all settings, in file order."""
        return tuple(item.name for item in dataclasses.fields(cls))

    @classmethod
    def from_mapping(cls, data: Mapping[str, object]) -> tuple[Settings, tuple[str, ...]]:
        """Build settings from a decoded file, keeping every valid value.

        Returns the settings and the names of settings whose values were
        rejected (those take their defaults).  Keys that are not settings are
        ignored here.
        """
        kept: dict[str, Any] = {}
        rejected: list[str] = []
        for name in cls.field_names():
            if name not in data:
                continue
            try:
                kept[name] = validate_setting(name, data[name])
            except SettingError:
                rejected.append(name)
        return cls(**kept), tuple(rejected)

    def to_json_dict(self) -> dict[str, Any]:
        """The settings as the JSON object stored on disk, version included."""
        payload: dict[str, Any] = {"version": FORMAT_VERSION}
        for name in self.field_names():
            value = getattr(self, name)
            payload[name] = list(value) if isinstance(value, tuple) else value
        return payload


# --------------------------------------------------------------------------
# Where the settings live
# --------------------------------------------------------------------------


def settings_dir(override: str | None = None) -> Path:
    """The folder that holds ``settings.json``.

    The ``--settings-dir`` value (``override``) wins, then the
    ``CHINESE_TEN_SETTINGS_DIR`` environment variable, then the usual
    per-user configuration folder.  An empty value counts as not given.
    The folder is not created here.
    """
    if override:
        return Path(override).expanduser()
    from_env = os.environ.get(SETTINGS_DIR_ENV)
    if from_env:
        return Path(from_env).expanduser()
    return Path(platformdirs.PlatformDirs(APP_NAME, appauthor=False).user_config_dir)


# --------------------------------------------------------------------------
# Reading and writing
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class LoadResult:
    """What ``SettingsStore.load`` found: the settings to use, and anything
    the person should be told about (one line per notice)."""

    settings: Settings
    notices: list[str] = field(default_factory=list)
    moved_to: Path | None = None
    """Where a damaged file was kept, if it was moved aside."""


class _Unusable:
    """Stands in for a JSON number or constant no setting could ever hold."""

    __slots__ = ()


_UNUSABLE: Final = _Unusable()
_LONGEST_NUMBER: Final = 40  # characters; far beyond any real setting


def _parse_number(convert: Callable[[str], object]) -> Callable[[str], object]:
    # Enormous numbers are cut short here: converting them is slow, and
    # Python refuses very long integers, which would lose the whole file.
    def parse(text: str) -> object:
        return _UNUSABLE if len(text) > _LONGEST_NUMBER else convert(text)

    return parse


def _decode(raw: bytes) -> object:
    """Decode the file's bytes; raises ValueError or RecursionError if bad."""
    text = raw.decode("utf-8-sig")
    return json.loads(
        text,
        parse_int=_parse_number(int),
        parse_float=_parse_number(float),
        parse_constant=lambda _name: _UNUSABLE,
    )


def _storable_extras(data: Mapping[str, object]) -> dict[str, object]:
    """Keys a newer release may have added, kept so they survive a save."""
    known = {"version", *Settings.field_names()}
    extras: dict[str, object] = {}
    for key, value in data.items():
        if key in known:
            continue
        try:
            json.dumps(value)
        except (TypeError, ValueError, RecursionError):
            continue
        extras[key] = value
    return extras


class SettingsStore:
    """Reads and writes ``settings.json`` in one folder, safely.

    ``load`` never raises; ``save`` never raises for a folder or disk
    problem.  The person is told at most once that settings can't be saved.
    """

    def __init__(self, folder: Path) -> None:
        self.folder: Path = Path(folder)
        self._last: Settings | None = None  # as of the last load or save
        self._extras: dict[str, object] = {}
        self._damaged_in_place = False  # a bad file that could not be moved aside
        self._told_unwritable = False

    @property
    def path(self) -> Path:
        """Full path of the settings file."""
        return self.folder / SETTINGS_FILENAME

    # ----- loading ---------------------------------------------------------

    def load(self) -> LoadResult:
        """Read the settings, repairing a damaged file; never raises.

        A missing file gives the defaults with no notice.  A damaged,
        unreadable or newer-version file is moved aside (never deleted),
        every valid value is kept, the repaired settings are written back,
        and exactly one notice explains what happened.  Unknown keys alone
        are harmless and change nothing.
        """
        self._extras = {}
        self._damaged_in_place = False
        try:
            raw = self._read()
        except (FileNotFoundError, NotADirectoryError):
            self._last = Settings()
            return LoadResult(Settings())
        except OSError as problem:
            _log.warning("Could not read %s: %s", self.path, problem)
            return self._recover(Settings(), "unreadable")
        if raw is None:
            _log.warning("%s is larger than %d bytes", self.path, MAX_FILE_BYTES)
            return self._recover(Settings(), "damaged")

        try:
            data = _decode(raw)
        except (ValueError, RecursionError) as problem:
            _log.warning("%s is not valid JSON: %s", self.path, str(problem)[:200])
            return self._recover(Settings(), "damaged")
        if not isinstance(data, dict):
            _log.warning("%s does not hold a JSON object", self.path)
            return self._recover(Settings(), "damaged")

        settings, rejected = Settings.from_mapping(data)
        self._extras = _storable_extras(data)
        version = data.get("version", FORMAT_VERSION)
        if _is_int(version) and version > FORMAT_VERSION:  # type: ignore[operator]
            _log.warning("%s was written by a newer version (%s)", self.path, version)
            return self._recover(settings, "newer")
        if not _is_int(version) or version < 1:  # type: ignore[operator]
            rejected = ("version", *rejected)
        if rejected:
            _log.warning("%s had bad values for: %s", self.path, ", ".join(rejected))
            return self._recover(settings, "damaged")

        self._last = settings
        return LoadResult(settings)

    def _read(self) -> bytes | None:
        """The file's bytes, or None when it is too large to be settings."""
        with open(self.path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
        return None if len(raw) > MAX_FILE_BYTES else raw

    def _recover(self, settings: Settings, reason: str) -> LoadResult:
        """Move a bad file aside, write the repaired settings, explain once."""
        moved = self._move_aside()
        if moved is None:
            # The original must not be overwritten while it is still in place.
            self._damaged_in_place = True
            self._last = None
            notice = {
                "newer": "Your settings file is from a newer version of Chinese Ten "
                "and could not be set aside; the settings this version understands "
                "are used for now.",
                "unreadable": "Your settings file could not be read or set aside; "
                "default settings are used for now.",
            }.get(
                reason,
                "Your settings file was damaged and could not be set aside; "
                "the rest of your settings are used for now.",
            )
            return LoadResult(settings, [notice])

        name = moved.name
        notice = {
            "newer": f"Your settings file is from a newer version of Chinese Ten; "
            f"it was kept as {name} and the settings this version understands "
            f"were restored.",
            "unreadable": f"Your settings file could not be read; it was kept as "
            f"{name} and default settings were restored.",
        }.get(
            reason,
            f"Your settings file was damaged; it was kept as {name} and the rest "
            f"of your settings were restored.",
        )
        try:
            self._write(settings)
        except OSError as problem:
            _log.warning("Could not write repaired settings to %s: %s", self.path, problem)
            self._last = None  # so the next save tries again
        else:
            self._last = settings
        return LoadResult(settings, [notice], moved)

    def _move_aside(self) -> Path | None:
        """Rename the settings file to a free ``settings.json.bad-…`` name."""
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        base = f"{SETTINGS_FILENAME}.bad-{stamp}"
        for counter in range(1, 1000):
            target = self.folder / (base if counter == 1 else f"{base}-{counter}")
            if os.path.lexists(target):
                continue
            try:
                os.rename(self.path, target)
            except FileExistsError:  # Windows, if the name was taken meanwhile
                continue
            except OSError as problem:
                _log.warning("Could not move %s aside: %s", self.path, problem)
                return None
            _log.warning("Moved damaged settings file to %s", target)
            return target
        _log.warning("No free name to move %s aside", self.path)
        return None

    # ----- saving ----------------------------------------------------------

    def save(self, settings: Settings) -> str | None:
        """Write the settings atomically; returns None or a one-line notice.

        Nothing is written when the settings are unchanged since the last
        load or save.  If the folder can't be written, the previous file is
        left untouched and the notice is returned only the first time; later
        failures return None so the person is told once.
        """
        if settings == self._last and not self._damaged_in_place:
            return None
        try:
            if self._damaged_in_place:
                if os.path.lexists(self.path) and self._move_aside() is None:
                    raise PermissionError("the damaged settings file could not be set aside")
                self._damaged_in_place = False
            self._write(settings)
        except OSError as problem:
            _log.warning("Could not save settings to %s: %s", self.folder, problem)
            if self._told_unwritable:
                return None
            self._told_unwritable = True
            return f"Settings can't be saved to {self.folder}; they will not be remembered."
        self._last = settings
        return None

    def _write(self, settings: Settings) -> None:
        """Replace the file in one step: temp file, fsync, rename over."""
        payload = settings.to_json_dict()
        payload.update(self._extras)
        data = (json.dumps(payload, indent=2, ensure_ascii=False) + "\n").encode("utf-8")

        self.folder.mkdir(parents=True, exist_ok=True)
        descriptor, temp_name = tempfile.mkstemp(
            prefix=f".{SETTINGS_FILENAME}.", suffix=".tmp", dir=self.folder
        )
        try:
            with os.fdopen(descriptor, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temp_name, self.path)
        except BaseException:
            try:
                os.unlink(temp_name)
            except OSError:
                pass
            raise
        self._sync_folder()

    def _sync_folder(self) -> None:
        """Make the rename itself durable where the system allows it."""
        if not hasattr(os, "O_DIRECTORY"):
            return
        try:
            folder_fd = os.open(self.folder, os.O_RDONLY | os.O_DIRECTORY)
        except OSError:
            return
        try:
            os.fsync(folder_fd)
        except OSError:
            pass
        finally:
            os.close(folder_fd)
