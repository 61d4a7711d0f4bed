"""The person's game settings: their allowed values, where they live, and how
they are read and written without ever losing them.

Settings are kept in ``settings.json`` as ``{"version": 1, ...}``.  Reading a
damaged file never fails: the file is moved aside under a dated name, every
value that can be trusted is kept, and the person is told once.  Writing is
atomic (see ``storage``), so a failed write leaves the previous file as it
was, and only the settings changed are written, so two running copies of the
game keep each other's changes.
"""

from __future__ import annotations

import dataclasses
import errno
import json
import logging
import os
import stat
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final


from chinese_ten import storage
from chinese_ten.storage import user_folder
from chinese_ten.engine import match
from chinese_ten.engine.strengths import per_seat
from chinese_ten.games import GAMES, any_strengths
from chinese_ten.i18n import LANGUAGES, SYSTEM, _

__all__ = [
    "ANIMATION_SPEEDS",
    "APP_NAME",
    "COMPUTERS_RANGE",
    "FIRST_FORMAT_GAME",
    "FIRST_FORMAT_KEYS",
    "FORMAT_VERSION",
    "GAME_NAMES",
    "HOUSE_GAMES",
    "LANGUAGE_CHOICES",
    "LoadResult",
    "MATCH_LENGTHS",
    "SETTINGS_DIR_ENV",
    "SETTINGS_FILENAME",
    "STRENGTHS",
    "SettingError",
    "Settings",
    "SettingsStore",
    "VOLUMES",
    "WINDOW_HEIGHT_RANGE",
    "WINDOW_SIZES",
    "WINDOW_WIDTH_RANGE",
    "clamp_window_size",
    "parse_window_size",
    "rules_at_seats",
    "choose_game",
    "choose_preset",
    "choose_rules",
    "rules_for_seats",
    "settings_dir",
    "validate_setting",
]

_log = logging.getLogger("chinese_ten.settings")

APP_NAME: Final[str] = storage.APP_NAME
"""Folder name used for the application by ``platformdirs``."""

SETTINGS_DIR_ENV: Final[str] = "CHINESE_TEN_SETTINGS_DIR"
"""Environment variable that chooses the settings folder."""

SETTINGS_FILENAME: Final[str] = "settings.json"
"""Name of the settings file inside the settings folder."""

FORMAT_VERSION: Final[int] = 1
"""Version number written to, and expected in, the settings file."""

MAX_FILE_BYTES: Final[int] = 16 * 1024 * 1024
"""A settings file larger than this is treated as damaged without parsing it."""

GAME_NAMES: Final[tuple[str, ...]] = tuple(GAMES)
"""Allowed values of ``Settings.game``: every registered game, Chinese Ten first."""
COMPUTERS_RANGE: Final[tuple[int, int]] = (
    min(min(spec.seat_counts) for spec in GAMES.values()) - 1,
    max(max(spec.seat_counts) for spec in GAMES.values()) - 1,
)
"""Smallest and largest number of computer opponents in any game (each game allows its own seat counts)."""

STRENGTHS: Final[tuple[str, ...]] = any_strengths()
"""Allowed values of ``Settings.strength``: every strength some game's computer players offer."""

MATCH_LENGTHS: Final[tuple[str, ...]] = match.MATCH_LENGTHS
"""Allowed values of ``Settings.match_length``: the lengths the engine's matches know."""

ANIMATION_SPEEDS: Final[tuple[str, ...]] = ("slow", "normal", "fast", "instant")
"""Allowed values of ``Settings.animation_speed``."""

VOLUMES: Final[tuple[int, ...]] = (25, 50, 75, 100)
"""Allowed values of ``Settings.volume``: the loudness of the sound effects, in per cent."""

LANGUAGE_CHOICES: Final[tuple[str, ...]] = (SYSTEM, *LANGUAGES)
"""Allowed values of ``Settings.language``: the system's language, or one the game shows."""

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


def _one_of_numbers(choices: tuple[int, ...]) -> Callable[[object], int]:
    def check(value: object) -> int:
        if not _is_int(value) or value not in choices:
            raise SettingError("must be one of " + ", ".join(str(c) for c in choices))
        return int(value)  # type: ignore[call-overload]

    return check


def _boolean(value: object) -> bool:
    if not isinstance(value, bool):
        raise SettingError("must be true or false")
    return value


SERVER_URL_LENGTH: Final[int] = 200
"""The longest table server address Settings keeps."""

PLAYER_NAME_LENGTH: Final[int] = 32
"""The longest name a person is shown by at a network table."""


def _server_url(value: object) -> str:
    """Empty (host on this computer), or a table server's ``http(s)://HOST[:PORT]`` base."""
    if not isinstance(value, str) or len(value) > SERVER_URL_LENGTH:
        raise SettingError(f"must be text of at most {SERVER_URL_LENGTH} characters")
    text = value.strip()
    if not text:
        return ""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        raise SettingError("must be an http:// or https:// address") from None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment \
            or parts.path not in ("", "/") or (port is not None and not 0 < port < 65536):
        raise SettingError("must be an http:// or https:// address with no path")
    return text.rstrip("/")


def _player_name(value: object) -> str:
    """A name to be shown by: at most 32 characters, none of them control characters."""
    if not isinstance(value, str) or len(value) > PLAYER_NAME_LENGTH:
        raise SettingError(f"must be text of at most {PLAYER_NAME_LENGTH} characters")
    if any(ord(c) < 32 or ord(c) == 127 for c in value):
        raise SettingError("must not hold control characters")
    return value.strip()


def _seat_strengths(value: object) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)) or len(value) > COMPUTERS_RANGE[1]:
        raise SettingError(f"must be a list of at most {COMPUTERS_RANGE[1]} strengths")
    if not all(isinstance(s, str) and s in STRENGTHS for s in value):
        raise SettingError(f"must list strengths from {', '.join(STRENGTHS)}")
    return tuple(value)


HOUSE_GAMES: Final[tuple[str, ...]] = tuple(name for name, spec in GAMES.items() if spec.options.presets)
"""The games whose house rules ``Settings.house_rules`` keeps: every registered game that has presets."""

FIRST_FORMAT_GAME: Final[str] = "ten"
"""The game whose house rules the first settings files kept, under ``rules`` (the preset) and ``rule_options``
(the options changed from it); such a file is read with them as this game's."""

FIRST_FORMAT_KEYS: Final[tuple[str, ...]] = ("rules", "rule_options")
"""The keys of the first settings files that ``house_rules`` replaces (read, then no longer written)."""


def _as_record(rules: object) -> object:
    """A game's rules as a record writes them, whether given so or as the game's rules value."""
    if rules is None or isinstance(rules, (str, Mapping)):
        return dict(rules) if isinstance(rules, Mapping) else rules
    to_json = getattr(rules, "to_json", None)
    return to_json() if callable(to_json) else rules


def _game_rules(game: str, rules: object) -> Any:
    """One game's house rules as the settings keep them (its rules value); ``SettingError`` for rules it has not."""
    try:
        return GAMES[game].rules_from_json(_as_record(rules))
    except (ValueError, TypeError):
        presets = ", ".join(GAMES[game].options.preset_names)
        raise SettingError(f"for {game} must name one of its presets ({presets}) and options it has") from None


def _house_entries(value: object) -> dict[object, object]:
    """The games and rules a ``house_rules`` value names, as ``{game: rules}``; ``SettingError`` for no mapping."""
    if isinstance(value, (list, tuple)):
        try:
            value = dict(value)
        except (TypeError, ValueError):
            raise SettingError("must map games to their house rules") from None
    if not isinstance(value, Mapping):
        raise SettingError("must map games to their house rules")
    return dict(value)


def _house_rules(value: object) -> tuple[tuple[str, Any], ...]:
    """Each game's house rules as ``{"ten": {"preset": "classic", "lead": "dealer"}}`` (every game with presets;
    one not named has its default rules), kept as (game, rules) pairs in the registry's order."""
    entries = _house_entries(value)
    for game in entries:
        if game not in HOUSE_GAMES:
            raise SettingError("names a game without house rules (games with them: " + ", ".join(HOUSE_GAMES) + ")")
    return tuple((game, _game_rules(game, entries.get(game))) for game in HOUSE_GAMES)


def _house_rules_kept(value: object) -> tuple[tuple[str, Any], ...] | None:
    """As much of a damaged ``house_rules`` value as can be trusted: each game's good rules, else its preset with
    the options that are good, else its default rules (None: not even a mapping)."""
    try:
        entries = _house_entries(value)
    except SettingError:
        return None
    kept = []
    for game in HOUSE_GAMES:
        try:
            kept.append((game, _game_rules(game, entries.get(game))))
            continue
        except SettingError:
            pass
        preset, changed = GAMES[game].options.chosen(_as_record(entries.get(game)))
        try:
            _game_rules(game, preset)
        except SettingError:
            preset = GAMES[game].options.preset_names[0]
        good: dict[str, Any] = {}
        for key, chosen in changed.items():
            try:
                _game_rules(game, {"preset": preset, **good, key: chosen})
            except SettingError:
                continue
            good[key] = chosen
        kept.append((game, _game_rules(game, {"preset": preset, **good})))
    return tuple(kept)


def _from_first_format(data: Mapping[str, object]) -> Mapping[str, object]:
    """A settings file as this version reads it: the first files' ``rules`` and ``rule_options`` become the
    house rules of :data:`FIRST_FORMAT_GAME` (a file naming ``house_rules`` is read as it is)."""
    if "house_rules" in data or not any(key in data for key in FIRST_FORMAT_KEYS):
        return data
    rules: dict[object, object] = {}
    options = data.get("rule_options")
    if isinstance(options, Mapping):
        rules.update(options)
    elif options is not None:
        rules["rule_options"] = options  # unreadable: named so the repair says so, the preset still kept
    if "rules" in data:
        rules["preset"] = data["rules"]
    return {**data, "house_rules": {FIRST_FORMAT_GAME: rules}}


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
    "game": _one_of(GAME_NAMES),
    "computers": _whole_number(*COMPUTERS_RANGE),
    "strength": _one_of(STRENGTHS),
    "seat_strengths": _seat_strengths,
    "match_length": _one_of(MATCH_LENGTHS),
    "high_contrast": _boolean,
    "four_colour": _boolean,
    "point_badges": _boolean,
    "animation_speed": _one_of(ANIMATION_SPEEDS),
    "pause_on_focus_loss": _boolean,
    "window_size": _window_size,
    "fullscreen": _boolean,
    "volume": _one_of_numbers(VOLUMES),
    "muted": _boolean,
    "tutorial_offered": _boolean,
    "house_rules": _house_rules,
    "language": _one_of(LANGUAGE_CHOICES),
    "allow_takebacks": _boolean,
    "card_tracker": _boolean,
    "server_url": _server_url,
    "player_name": _player_name,
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

    game: str = next(iter(GAMES))
    """The game of the next match (a name from the games registry)."""
    computers: int = 1
    strength: str = "normal"
    """Every computer's strength, unless ``seat_strengths`` chooses each one's."""
    seat_strengths: tuple[str, ...] = ()
    """Each computer's strength in seat order, when they are chosen one by one (empty: all at ``strength``);
    kept for the largest table, so fewer computers and then more again find their choices as they were."""
    match_length: str = "per-seat"
    high_contrast: bool = False
    four_colour: bool = False
    point_badges: bool = True
    animation_speed: str = "normal"
    pause_on_focus_loss: bool = False
    window_size: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    volume: int = 75
    muted: bool = False
    tutorial_offered: bool = False
    """True once the person has answered the first start's offer of "Learn to play" (it is never asked again)."""
    house_rules: tuple[tuple[str, Any], ...] = _house_rules({})
    """Each game's house rules, as (game, rules) pairs: every game with presets, in the registry's order, its rules
    its own rules value (a preset and the options changed from it). Written ``{"ten": {"preset": "classic",
    "lead": "dealer"}}``, each game's as its records write them."""
    language: str = SYSTEM
    allow_takebacks: bool = False
    """Whether the person may take back their last turn (a match with a take-back is practice)."""
    card_tracker: bool = False
    """Whether the table's panel shows the card tracker: the scoring cards not yet seen and each layout
    card's partners still out, from the person's view alone (T at the table)."""
    server_url: str = ""
    """The table server "Play with friends" hosts on (``https://tables.example.org``); empty: this computer."""
    player_name: str = ""
    """The name last given at a network table (offered again)."""

    def __post_init__(self) -> None:
        for item in dataclasses.fields(self):
            checked = validate_setting(item.name, getattr(self, item.name))
            object.__setattr__(self, item.name, checked)
        seats = self.computers + 1
        spec = GAMES[self.game]
        if seats not in spec.seat_counts:
            raise SettingError(f"computers: {spec.name} cannot be dealt at {seats} seats")
        if self.match_length not in spec.match_lengths:
            raise SettingError(f"match_length {self.match_length} is not offered for {spec.name}")
        if seats not in self.ruleset().seat_counts():
            raise SettingError(f"house_rules of {spec.name} cannot be dealt at {seats} seats")

    def strengths(self) -> tuple[str, ...]:
        """Each computer's strength at the next match, in seat order."""
        return per_seat(self.seat_strengths or self.strength, self.computers)

    def ruleset(self, game: str | None = None) -> Any:
        """The rules of ``game``'s next match (the game chosen, unless named): its house rules as kept, or the
        one way a game without any is played."""
        spec = GAMES[game or self.game]
        return dict(self.house_rules).get(spec.name, spec.default_rules)

    def preset(self, game: str | None = None) -> str:
        """The preset of ``game``'s house rules (the game chosen, unless named; empty for a game without any)."""
        name = game or self.game
        return GAMES[name].options.chosen(self.ruleset(name).to_json())[0] if name in HOUSE_GAMES else ""

    def changed_options(self, game: str | None = None) -> tuple[tuple[str, Any], ...]:
        """The options of ``game``'s house rules changed from their preset, as (option, value) pairs in the order
        the game lists its options (the game chosen, unless named)."""
        spec = GAMES[game or self.game]
        changed = spec.options.chosen(self.ruleset(spec.name).to_json())[1]
        return tuple((key, changed[key]) for key in spec.options.names if key in changed)

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
        data = _from_first_format(data)
        for name in cls.field_names():
            if name not in data:
                continue
            try:
                kept[name] = validate_setting(name, data[name])
            except SettingError:
                rejected.append(name)
                if name == "house_rules" and (house := _house_rules_kept(data[name])) is not None:
                    kept[name] = house  # every game's rules that can be trusted
        try:
            return cls(**kept), tuple(rejected)
        except SettingError:
            pass
        # values good alone that do not fit together: the game's own seats and lengths, then its rules
        spec = GAMES[kept.get("game", cls.game)]
        computers = kept.get("computers", cls.computers)
        seats = min(max(computers + 1, min(spec.seat_counts)), max(spec.seat_counts))
        if seats - 1 != computers:
            kept["computers"] = seats - 1
            rejected.append("computers")
        if kept.get("match_length", cls.match_length) not in spec.match_lengths:
            kept["match_length"] = cls.match_length if cls.match_length in spec.match_lengths else spec.match_lengths[0]
            rejected.append("match_length")
        try:
            return cls(**kept), tuple(rejected)
        except SettingError:
            # the game's rules cannot be dealt at the seats kept: as near to them as can be
            game = kept.get("game", cls.game)
            by_game = dict(kept.get("house_rules", cls.house_rules))
            if game in by_game:
                by_game[game] = rules_at_seats(game, by_game[game], kept.get("computers", cls.computers) + 1)
            kept["house_rules"] = tuple(by_game.items())
            rejected.append("house_rules")
            return cls(**kept), tuple(rejected)

    def to_json_dict(self) -> dict[str, Any]:
        """The settings as the JSON object stored on disk, version included."""
        payload: dict[str, Any] = {"version": FORMAT_VERSION}
        for name in self.field_names():
            value = getattr(self, name)
            if name == "house_rules":
                value = {game: rules.to_json() for game, rules in value}
            payload[name] = list(value) if isinstance(value, tuple) else value
        return payload


# --------------------------------------------------------------------------
# Where the settings live
# --------------------------------------------------------------------------


def settings_dir(override: str | None = None) -> Path:
    """The folder that holds ``settings.json``: the ``--settings-dir`` value (``override``), else the
    ``CHINESE_TEN_SETTINGS_DIR`` environment variable, else the usual per-user configuration folder.
    An empty name is refused with ``ValueError``. The folder is not created here.
    """
    return user_folder(override, SETTINGS_DIR_ENV, "config", "--settings-dir")


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


def _encode(payload: Mapping[str, object]) -> bytes:
    """The file's bytes for a JSON object.

    Raises ValueError or TypeError for anything JSON text in UTF-8 can't
    hold: a lone surrogate, a NaN, a number too long to read.
    """
    text = json.dumps(payload, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    return text.encode("utf-8")


def _storable_extras(data: Mapping[str, object]) -> tuple[dict[str, object], tuple[str, ...]]:
    """Keys a newer release may have added, kept so they survive a save, and
    the names of those that could not be written back and so are dropped."""
    known = {"version", *Settings.field_names(), *FIRST_FORMAT_KEYS}
    extras: dict[str, object] = {}
    dropped: list[str] = []
    for key, value in data.items():
        if key in known:
            continue
        try:
            _encode({key: value})
        except (TypeError, ValueError, RecursionError):
            dropped.append(key)
            continue
        extras[key] = value
    return extras, tuple(dropped)


def _shown(name: str) -> str:
    """A key's name as it may appear in the log: printable and short."""
    return name if name in Settings.field_names() or name == "version" else ascii(name)[:40]


def _why(problem: OSError) -> str:
    """The reason behind an ``OSError``, short enough for a notice."""
    reason = problem.strerror or str(problem) or type(problem).__name__
    return reason if len(reason) <= 80 else reason[:77] + "..."


@dataclass(frozen=True)
class _OnDisk:
    """What the settings file holds at the moment it was read."""

    problem: str | None
    """None for a good file, else "missing", "unreadable", "damaged" or "newer"."""
    settings: Settings = field(default_factory=Settings)
    valid: frozenset[str] = frozenset()
    """The settings the file gives a good value for."""
    extras: dict[str, object] | None = None
    """Keys other than settings that can be kept, when the file holds an object."""


class SettingsStore:
    """Reads and writes ``settings.json`` in one folder, safely.

    ``load`` never raises; ``save`` never raises for a folder or disk
    problem.  The person is told at most once that settings can't be saved.
    Two copies of the game running at once each save only the settings they
    changed, so neither undoes the other's changes.
    """

    def __init__(self, folder: Path) -> None:
        self.folder: Path = Path(folder)
        self._last: Settings | None = None  # as of the last load or save; None: not on disk
        self._extras: dict[str, object] = {}
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
        are harmless and change nothing, unless they can't be written back
        (they are then dropped, as a damaged value is).  Temporary files a
        killed save left behind are removed.  When the repaired file can't
        be written, the damaged one stays in place, the notice says so, and
        the next ``save`` tries again.
        """
        storage.clean_stale_temporaries(self.path)
        found = self._examine()
        self._extras = found.extras or {}
        if found.problem == "missing":
            self._last = Settings()
            return LoadResult(Settings())
        if found.problem is None:
            self._last = found.settings
            return LoadResult(found.settings)
        return self._recover(found.settings, found.problem)

    def _examine(self) -> _OnDisk:
        """Read and judge the file as it is now; never raises."""
        try:
            raw = self._read()
        except (FileNotFoundError, NotADirectoryError):
            return _OnDisk("missing")
        except OSError as problem:
            _log.warning("Could not read %s: %s", self.path, problem)
            return _OnDisk("unreadable")
        if raw is None:
            _log.warning("%s is larger than %d bytes", self.path, MAX_FILE_BYTES)
            return _OnDisk("damaged")

        try:
            data = _decode(raw)
        except (ValueError, RecursionError) as problem:
            _log.warning("%s is not valid JSON: %s", self.path, ascii(str(problem)[:200]))
            return _OnDisk("damaged")
        if not isinstance(data, dict):
            _log.warning("%s does not hold a JSON object", self.path)
            return _OnDisk("damaged")

        data = dict(_from_first_format(data))
        settings, rejected = Settings.from_mapping(data)
        valid = frozenset(name for name in Settings.field_names() if name in data) - set(rejected)
        extras, dropped = _storable_extras(data)
        version = data.get("version", FORMAT_VERSION)
        if _is_int(version) and version > FORMAT_VERSION:  # type: ignore[operator]
            _log.warning("%s was written by a newer version (%s)", self.path, version)
            return _OnDisk("newer", settings, valid, extras)
        if not _is_int(version) or version < 1:  # type: ignore[operator]
            rejected = ("version", *rejected)
        rejected = (*rejected, *dropped)
        if rejected:
            _log.warning(
                "%s had bad values for: %s", self.path, ", ".join(_shown(n) for n in rejected)
            )
            return _OnDisk("damaged", settings, valid, extras)
        return _OnDisk(None, settings, valid, extras)

    def _read(self) -> bytes | None:
        """The file's bytes, or None when it is too large to be settings.

        Anything but a regular file (a folder, a pipe, a device) raises
        ``OSError`` without being read, so it can neither block nor flood.
        """
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        with open(os.open(self.path, flags), "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise OSError(errno.EINVAL, "not a regular file", str(self.path))
            raw = handle.read(MAX_FILE_BYTES + 1)
        return None if len(raw) > MAX_FILE_BYTES else raw

    def _recover(self, settings: Settings, reason: str) -> LoadResult:
        """Move a bad file aside, write the repaired settings, explain once."""
        try:
            with storage.locked(self.path):
                moved = self._write(settings, self._extras, keep_old=True)
        except OSError as problem:
            # The original is still in place, so the next start finds the
            # same values; the next save sets it aside and tries again.
            _log.warning("Could not set aside and repair %s: %s", self.path, problem)
            self._last = None
            why = _why(problem)
            notice = {
                "newer": _("Your settings file is from a newer version of Chinese Ten and "
                           "could not be replaced ({why}); the settings this version understands "
                           "are used for now."),
                "unreadable": _("Your settings file could not be read or replaced ({why}); "
                                "default settings are used for now."),
            }.get(
                reason,
                _("Your settings file was damaged and could not be repaired ({why}); "
                  "the rest of your settings are used for now and will be saved when possible."),
            ).format(why=why)
            return LoadResult(settings, [notice])

        self._last = settings
        if moved is None:  # it went away meanwhile; the repaired settings took its place
            return LoadResult(settings)
        name = moved.name
        notice = {
            "newer": _("Your settings file is from a newer version of Chinese Ten; "
                       "it was kept as {name} and the settings this version understands "
                       "were restored."),
            "unreadable": _("Your settings file could not be read; it was kept as "
                            "{name} and default settings were restored."),
        }.get(
            reason,
            _("Your settings file was damaged; it was kept as {name} and the rest "
              "of your settings were restored."),
        ).format(name=name)
        return LoadResult(settings, [notice], moved)

    # ----- saving ----------------------------------------------------------

    def save(self, settings: Settings) -> str | None:
        """Write the settings changed here atomically; returns None or a one-line notice.

        Nothing is written when the settings are unchanged since the last
        load or save.  Only the settings that differ from then are written,
        into what the file holds now, so changes another running copy made
        meanwhile are kept; a file damaged meanwhile is kept aside first.
        If the folder can't be written, the previous file is left untouched,
        the next save tries again, and the notice is returned only the first
        time; later failures return None so the person is told once.
        """
        if settings == self._last:
            return None
        changed = self._changed(settings)
        try:
            with storage.locked(self.path):
                found = self._examine()
                extras = self._extras if found.extras is None else found.extras
                merged = _merge(settings, changed, found)
                self._write(merged, extras, keep_old=found.problem not in (None, "missing"))
        except OSError as problem:
            _log.warning("Could not save settings to %s: %s", self.folder, problem)
            if self._told_unwritable:
                return None
            self._told_unwritable = True
            return _("Settings can't be saved to {folder}; they will not be remembered.").format(folder=self.folder)
        self._last = settings
        self._extras = extras
        return None

    def _changed(self, settings: Settings) -> frozenset[str]:
        """The settings that differ from the last load or save (all, if not on disk)."""
        if self._last is None:
            return frozenset(Settings.field_names())
        return frozenset(
            name
            for name in Settings.field_names()
            if getattr(settings, name) != getattr(self._last, name)
        )

    def _write(self, settings: Settings, extras: Mapping[str, object], *, keep_old: bool) -> Path | None:
        """Replace the file in one step; with ``keep_old``, keep the old one aside first."""
        payload = settings.to_json_dict()
        payload.update(extras)
        return storage.atomic_write(self.path, _encode(payload), keep_old=keep_old)


def _merge(settings: Settings, changed: frozenset[str], found: _OnDisk) -> Settings:
    """The file's good values, with this copy's changes (and what the file lacks) on top."""
    values = {name: getattr(settings, name) for name in Settings.field_names()}
    for name in found.valid - changed:
        values[name] = getattr(found.settings, name)
    try:
        return Settings(**values)
    except SettingError:  # another copy's seats and this copy's rules do not fit together: this copy's win
        return settings


def choose_rules(settings: Settings, rules: Any, game: str | None = None) -> dict[str, Any]:
    """The change that makes ``rules`` (the game's rules value, or as a record writes them) the house rules of
    ``game`` (the game chosen, unless named), every other game's kept."""
    name = game or settings.game
    return {"house_rules": tuple((g, _game_rules(g, rules) if g == name else kept) for g, kept in settings.house_rules)}


def choose_preset(settings: Settings, name: str) -> dict[str, Any]:
    """The changes that choose preset ``name`` of the game chosen: its options unchanged, its match length if it
    has one, and the most seats it deals if it cannot be dealt at the seats chosen."""
    spec = GAMES[settings.game]
    try:
        preset = spec.options.preset(name)
    except ValueError as problem:
        raise SettingError(f"house_rules: {problem}") from None
    changes = choose_rules(settings, preset.name)
    if preset.match_length is not None:
        changes["match_length"] = preset.match_length
    counts = spec.rules_from_json(preset.name).seat_counts()
    if settings.computers + 1 not in counts:
        changes["computers"] = max(counts) - 1
    return changes


def choose_game(settings: Settings, name: str) -> dict[str, Any]:
    """The changes that choose game ``name``: its seats brought within the game's own (the most it deals
    when more were chosen), its default length when the length chosen is not one it offers, and its
    house rules brought to those seats (see :func:`rules_for_seats`)."""
    spec = GAMES[_one_of(GAME_NAMES)(name)]
    seats = min(max(settings.computers + 1, min(spec.seat_counts)), max(spec.seat_counts))
    changes: dict[str, Any] = {"game": spec.name, "computers": seats - 1}
    if settings.match_length not in spec.match_lengths:
        default = Settings.match_length
        changes["match_length"] = default if default in spec.match_lengths else spec.match_lengths[0]
    changes.update(rules_for_seats(settings, seats - 1, game=spec.name))
    return changes


def rules_at_seats(game: str, rules: Any, seats: int) -> Any:
    """``game``'s house rules ``rules`` as near as can be dealt at ``seats``: as they are if they can, else their
    preset without the options that cannot, else the first preset that can (else the game's default)."""
    spec = GAMES[game]
    if seats in rules.seat_counts():
        return rules
    preset, changed = spec.options.chosen(rules.to_json())
    if seats in spec.rules_from_json(preset).seat_counts():
        return spec.rules_from_json({"preset": preset, **{
            k: v for k, v in changed.items() if seats in spec.rules_from_json({"preset": preset, k: v}).seat_counts()}})
    return next((spec.rules_from_json(p) for p in spec.options.preset_names
                 if seats in spec.rules_from_json(p).seat_counts()), spec.default_rules)


def rules_for_seats(settings: Settings, computers: int, game: str | None = None) -> dict[str, Any]:
    """The changes that seat ``computers`` opponents at ``game`` (the game chosen, unless named): its house rules
    stay if they can be dealt there, else they come as near as can be (see :func:`rules_at_seats`); every
    other game's are kept for when it is chosen."""
    name = game or settings.game
    changes: dict[str, Any] = {"computers": computers}
    rules = settings.ruleset(name)
    nearest = rules_at_seats(name, rules, computers + 1) if name in HOUSE_GAMES else rules
    if nearest != rules:
        changes.update(choose_rules(settings, nearest, name))
    return changes
