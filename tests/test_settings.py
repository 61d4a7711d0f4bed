"""Tests for chinese_ten.settings: validation, safe loading and atomic saving."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime
from pathlib import Path

import platformdirs
import pytest
from hypothesis import HealthCheck, given, settings as hypothesis_settings
from hypothesis import strategies as st

from chinese_ten import settings as settings_module
from chinese_ten import storage
from chinese_ten.settings import (
    SETTINGS_DIR_ENV,
    SETTINGS_FILENAME,
    SettingError,
    Settings,
    VOLUMES,
    SettingsStore,
    choose_preset,
    clamp_window_size,
    rules_for_seats,
    settings_dir,
    validate_setting,
)
from chinese_ten.games.ten.rules import OPTIONS, PRESETS, RuleSet



def ten(preset: str = "classic", **options: object) -> dict[str, RuleSet]:
    """Settings' house rules with Chinese Ten's as named (the one game with house rules)."""
    return {"ten": RuleSet.of(preset, **options)}


BAD_NAME = re.compile(r"^settings\.json\.bad-\d{8}-\d{6}(-\d+)?$")

# Every field different from its default, so a round trip proves each one.
EVERYTHING_CHANGED = Settings(
    game="fishing",
    computers=3,
    strength="hard",
    seat_strengths=("easy", "hard", "normal"),
    match_length="two-per-seat",
    high_contrast=True,
    four_colour=True,
    point_badges=False,
    animation_speed="instant",
    pause_on_focus_loss=True,
    window_size=(1920, 1080),
    fullscreen=True,
    volume=25,
    muted=True,
    tutorial_offered=True,
    house_rules=ten("target", lead="dealer"),
    language="zh-Hant",
    allow_takebacks=True,
    card_tracker=True,
    server_url="https://tables.example.org",
    player_name="Ann",
)


@pytest.fixture(autouse=True)
def _private_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep every test away from the real per-user folders."""
    monkeypatch.setenv(SETTINGS_DIR_ENV, str(tmp_path / "env-settings"))
    monkeypatch.setenv("CHINESE_TEN_LOG_DIR", str(tmp_path / "env-logs"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg-state"))


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    path = tmp_path / "settings"
    path.mkdir()
    return path


def write_settings_file(folder: Path, content: bytes | object) -> bytes:
    """Put a settings file in place and return its exact bytes."""
    raw = content if isinstance(content, bytes) else json.dumps(content).encode("utf-8")
    (folder / SETTINGS_FILENAME).write_bytes(raw)
    return raw


def bad_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.startswith(f"{SETTINGS_FILENAME}.bad-"))


LOCK_NAME = f".{SETTINGS_FILENAME}.lock"


def leftovers(folder: Path) -> list[str]:
    """Anything in the folder besides the settings file, its lock file and kept bad files."""
    return sorted(
        p.name
        for p in folder.iterdir()
        if p.name not in (SETTINGS_FILENAME, LOCK_NAME) and not BAD_NAME.match(p.name)
    )


# --------------------------------------------------------------------------
# The Settings value and its validation
# --------------------------------------------------------------------------


def test_defaults() -> None:
    defaults = Settings()
    assert defaults.computers == 1
    assert defaults.strength == "normal"
    assert defaults.match_length == "per-seat"
    assert defaults.high_contrast is False
    assert defaults.four_colour is False
    assert defaults.point_badges is True
    assert defaults.animation_speed == "normal"
    assert defaults.pause_on_focus_loss is False
    assert defaults.window_size == (1280, 800)
    assert defaults.fullscreen is False
    assert defaults.volume == 75
    assert defaults.muted is False


def test_everything_changed_really_changes_every_field() -> None:
    defaults = Settings()
    for name in Settings.field_names():
        assert getattr(EVERYTHING_CHANGED, name) != getattr(defaults, name), name


def test_settings_are_frozen() -> None:
    with pytest.raises(AttributeError):
        Settings().computers = 2  # type: ignore[misc]


def test_replace_returns_validated_copy() -> None:
    original = Settings()
    changed = original.replace(computers=2, window_size=[1000, 700])
    assert changed.computers == 2
    assert changed.window_size == (1000, 700)
    assert original == Settings()


@pytest.mark.parametrize(
    "changes",
    [
        {"computers": 0},
        {"computers": 4},
        {"computers": 8},
        {"game": "go"},
        {"game": "Fishing"},
        {"computers": 2.0},
        {"computers": True},
        {"strength": "impossible"},
        {"match_length": 6},
        {"animation_speed": "ludicrous"},
        {"high_contrast": 1},
        {"four_colour": "yes"},
        {"fullscreen": None},
        {"volume": 60},
        {"volume": 0},
        {"volume": "75"},
        {"volume": 75.0},
        {"volume": True},
        {"muted": "no"},
        {"muted": 0},
        {"window_size": (959, 800)},
        {"window_size": (1280, 4321)},
        {"window_size": (1280,)},
        {"window_size": "1280x800"},
        {"window_size": (True, 800)},
        {"no_such_setting": 1},
    ],
)
def test_replace_rejects_bad_changes(changes: dict[str, object]) -> None:
    with pytest.raises(SettingError):
        Settings().replace(**changes)


def test_volume_allows_exactly_the_listed_levels() -> None:
    assert VOLUMES == (25, 50, 75, 100)
    for level in VOLUMES:
        assert Settings().replace(volume=level).volume == level
    assert Settings().volume in VOLUMES


def test_sound_settings_survive_a_save_and_a_load(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "sound")
    assert store.save(Settings(volume=50, muted=True)) is None
    on_disk = json.loads((tmp_path / "sound" / SETTINGS_FILENAME).read_text(encoding="utf-8"))
    assert (on_disk["volume"], on_disk["muted"]) == (50, True)
    loaded = SettingsStore(tmp_path / "sound").load()
    assert (loaded.settings.volume, loaded.settings.muted) == (50, True)
    assert loaded.notices == []


def test_a_bad_volume_in_the_file_is_repaired_and_the_mute_kept(tmp_path: Path) -> None:
    folder = tmp_path / "bad-volume"
    folder.mkdir()
    (folder / SETTINGS_FILENAME).write_text('{"version": 1, "volume": 11, "muted": true}', encoding="utf-8")
    loaded = SettingsStore(folder).load()
    assert loaded.settings.volume == Settings().volume
    assert loaded.settings.muted is True
    assert len(loaded.notices) == 1


def test_constructor_validates_too() -> None:
    with pytest.raises(SettingError):
        Settings(computers=9)


@pytest.mark.parametrize(
    ("name", "value", "stored"),
    [
        ("computers", 1, 1),
        ("computers", 3, 3),
        ("strength", "easy", "easy"),
        ("match_length", "six", "six"),
        ("animation_speed", "slow", "slow"),
        ("point_badges", False, False),
        ("window_size", [960, 600], (960, 600)),
        ("window_size", (7680, 4320), (7680, 4320)),
    ],
)
def test_validate_setting_accepts(name: str, value: object, stored: object) -> None:
    assert validate_setting(name, value) == stored


def test_validate_setting_message_does_not_repeat_huge_value() -> None:
    with pytest.raises(SettingError) as caught:
        validate_setting("strength", "x" * 100_000)
    assert len(str(caught.value)) < 200


def test_clamp_window_size() -> None:
    assert clamp_window_size(100, 100) == (960, 600)
    assert clamp_window_size(100_000, 100_000) == (7680, 4320)
    assert clamp_window_size(1500, 900) == (1500, 900)


# --------------------------------------------------------------------------
# Where settings live
# --------------------------------------------------------------------------


def test_settings_dir_override_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SETTINGS_DIR_ENV, str(tmp_path / "from-env"))
    assert settings_dir(str(tmp_path / "from-option")) == tmp_path / "from-option"


def test_settings_dir_env_next(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SETTINGS_DIR_ENV, str(tmp_path / "from-env"))
    assert settings_dir() == tmp_path / "from-env"
    with pytest.raises(ValueError, match="--settings-dir: expected a folder, not an empty name"):
        settings_dir("")
    monkeypatch.setenv(SETTINGS_DIR_ENV, "")
    with pytest.raises(ValueError, match="set to an empty name"):
        settings_dir()


def test_settings_dir_platform_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SETTINGS_DIR_ENV, raising=False)
    expected = platformdirs.PlatformDirs("ChineseTen", appauthor=False).user_config_dir
    assert settings_dir() == Path(expected)
    assert settings_dir(None) == Path(expected)


def test_settings_dir_does_not_create_folder(tmp_path: Path) -> None:
    settings_dir(str(tmp_path / "not-yet"))
    assert not (tmp_path / "not-yet").exists()


# --------------------------------------------------------------------------
# Loading and saving good files
# --------------------------------------------------------------------------


def test_missing_file_gives_defaults_without_notice(folder: Path) -> None:
    result = SettingsStore(folder).load()
    assert result.settings == Settings()
    assert result.notices == []
    assert result.moved_to is None
    assert list(folder.iterdir()) == []


def test_missing_folder_gives_defaults_and_save_creates_it(tmp_path: Path) -> None:
    folder = tmp_path / "deep" / "down"
    store = SettingsStore(folder)
    assert store.load().notices == []
    assert store.save(Settings(computers=2)) is None
    assert SettingsStore(folder).load().settings.computers == 2


def test_round_trip_of_every_field(folder: Path) -> None:
    assert SettingsStore(folder).save(EVERYTHING_CHANGED) is None
    result = SettingsStore(folder).load()
    assert result.settings == EVERYTHING_CHANGED
    assert result.notices == []
    assert leftovers(folder) == []


def test_file_format(folder: Path) -> None:
    SettingsStore(folder).save(EVERYTHING_CHANGED)
    data = json.loads((folder / SETTINGS_FILENAME).read_text("utf-8"))
    assert data == {
        "version": 1,
        "game": "fishing",
        "computers": 3,
        "strength": "hard",
        "seat_strengths": ["easy", "hard", "normal"],
        "match_length": "two-per-seat",
        "high_contrast": True,
        "four_colour": True,
        "point_badges": False,
        "animation_speed": "instant",
        "pause_on_focus_loss": True,
        "window_size": [1920, 1080],
        "fullscreen": True,
        "volume": 25,
        "muted": True,
        "tutorial_offered": True,
        "house_rules": {"ten": {"preset": "target", "lead": "dealer"}},
        "language": "zh-Hant",
        "allow_takebacks": True,
        "card_tracker": True,
        "server_url": "https://tables.example.org",
        "player_name": "Ann",
    }


def test_partial_file_keeps_given_keys(folder: Path) -> None:
    write_settings_file(folder, {"version": 1, "strength": "easy"})
    result = SettingsStore(folder).load()
    assert result.settings == Settings(strength="easy")
    assert result.notices == []


def test_file_without_version_is_accepted(folder: Path) -> None:
    write_settings_file(folder, {"computers": 2})
    result = SettingsStore(folder).load()
    assert result.settings.computers == 2
    assert result.notices == []
    assert bad_files(folder) == []


def test_file_with_byte_order_mark_is_accepted(folder: Path) -> None:
    write_settings_file(folder, b"\xef\xbb\xbf" + json.dumps({"version": 1, "computers": 3}).encode())
    result = SettingsStore(folder).load()
    assert result.settings.computers == 3
    assert result.notices == []


def test_save_skipped_when_nothing_changed(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    raw = write_settings_file(folder, {"version": 1, "computers": 2})
    store = SettingsStore(folder)
    loaded = store.load().settings

    def no_writing(*_args: object) -> None:
        raise AssertionError("nothing should be written")

    monkeypatch.setattr(os, "replace", no_writing)
    assert store.save(loaded) is None
    assert store.save(Settings(computers=2)) is None
    assert (folder / SETTINGS_FILENAME).read_bytes() == raw


def test_save_skipped_after_a_save(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = SettingsStore(folder)
    store.load()
    assert store.save(EVERYTHING_CHANGED) is None
    writes: list[object] = []
    real_replace = os.replace
    monkeypatch.setattr(os, "replace", lambda *a: (writes.append(a), real_replace(*a)))
    assert store.save(EVERYTHING_CHANGED) is None
    assert writes == []
    assert store.save(Settings()) is None
    assert len(writes) == 1


def test_unknown_keys_alone_are_harmless(folder: Path) -> None:
    original = {"version": 1, "computers": 2, "colour_theme": "jade", "extras": {"a": [1, 2]}}
    raw = write_settings_file(folder, original)
    store = SettingsStore(folder)
    result = store.load()
    assert result.settings == Settings(computers=2)
    assert result.notices == []
    assert result.moved_to is None
    assert bad_files(folder) == []
    assert (folder / SETTINGS_FILENAME).read_bytes() == raw

    # A later save keeps the keys a newer release may have added.
    assert store.save(result.settings.replace(strength="hard")) is None
    data = json.loads((folder / SETTINGS_FILENAME).read_text("utf-8"))
    assert data["strength"] == "hard"
    assert data["colour_theme"] == "jade"
    assert data["extras"] == {"a": [1, 2]}
    assert data["version"] == 1


def test_saved_file_is_replaced_not_rewritten_in_place(folder: Path) -> None:
    store = SettingsStore(folder)
    store.save(Settings(computers=2))
    before = (folder / SETTINGS_FILENAME).stat().st_ino
    store.save(Settings(computers=3))
    assert (folder / SETTINGS_FILENAME).stat().st_ino != before
    assert leftovers(folder) == []


# --------------------------------------------------------------------------
# Damaged files
# --------------------------------------------------------------------------

DEFAULTS: dict[str, object] = {}

DAMAGED_CASES: list[tuple[str, bytes | object, dict[str, object]]] = [
    ("empty", b"", DEFAULTS),
    ("whitespace", b"  \n\t", DEFAULTS),
    ("truncated", b'{"version": 1, "computers": 2, "strength": "ha', DEFAULTS),
    ("not json", b"computers = 2\nstrength = hard\n", DEFAULTS),
    ("not utf-8", b'{"strength": "\xff\xfe"}', DEFAULTS),
    ("binary junk", bytes(range(256)) * 4, DEFAULTS),
    ("json list", [1, 2, 3], DEFAULTS),
    ("json string", "settings", DEFAULTS),
    ("json null", None, DEFAULTS),
    (
        "wrong types",
        {
            "version": 1,
            "computers": "two",
            "high_contrast": 1,
            "window_size": "1280x800",
            "strength": "hard",
            "four_colour": True,
        },
        {"strength": "hard", "four_colour": True},
    ),
    (
        "out of range",
        {
            "version": 1,
            "computers": 9,
            "window_size": [100000, 5],
            "animation_speed": "fast",
            "fullscreen": True,
        },
        {"animation_speed": "fast", "fullscreen": True},
    ),
    (
        "negative and fractional",
        {"computers": -1, "window_size": [1280.5, 800], "match_length": "six"},
        {"match_length": "six"},
    ),
    (
        "huge string",
        {"version": 1, "strength": "x" * (10 * 1024 * 1024), "computers": 3},
        {"computers": 3},
    ),
    (
        "huge number",
        {"version": 1, "computers": 10**100, "window_size": [10**100, 800], "fullscreen": True},
        {"fullscreen": True},
    ),
    (
        "number too long to convert",
        b'{"version": 1, "computers": ' + b"7" * 5000 + b', "strength": "easy"}',
        {"strength": "easy"},
    ),
    (
        "not-a-number constants",
        b'{"computers": NaN, "window_size": [Infinity, 800], "point_badges": false}',
        {"point_badges": False},
    ),
    (
        "deeply nested",
        b'{"strength": "hard", "computers": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        DEFAULTS,
    ),
    ("bad version", {"version": "one", "computers": 2}, {"computers": 2}),
    ("zero version", {"version": 0, "computers": 2}, {"computers": 2}),
    ("true version", {"version": True, "computers": 2}, {"computers": 2}),
]


def assert_kept_aside(folder: Path, raw: bytes, result: settings_module.LoadResult) -> None:
    """The bad file is kept byte for byte, and repaired settings replace it."""
    assert len(result.notices) == 1
    kept = bad_files(folder)
    assert len(kept) == 1
    assert BAD_NAME.match(kept[0].name)
    assert result.moved_to == kept[0]
    assert kept[0].read_bytes() == raw
    assert kept[0].name in result.notices[0]
    assert "\n" not in result.notices[0]
    # The repaired settings were written back and now load cleanly.
    again = SettingsStore(folder).load()
    assert again.settings == result.settings
    assert again.notices == []
    assert leftovers(folder) == []


@pytest.mark.parametrize(
    ("content", "kept"),
    [case[1:] for case in DAMAGED_CASES],
    ids=[case[0] for case in DAMAGED_CASES],
)
def test_damaged_file_is_kept_aside(
    folder: Path, content: bytes | object, kept: dict[str, object]
) -> None:
    raw = write_settings_file(folder, content)
    result = SettingsStore(folder).load()
    assert result.settings == Settings(**kept)  # type: ignore[arg-type]
    assert "damaged" in result.notices[0]
    assert_kept_aside(folder, raw, result)


def test_future_version_is_kept_aside(folder: Path) -> None:
    raw = write_settings_file(
        folder, {"version": 2, "computers": 2, "strength": "silly", "hover_hints": True}
    )
    result = SettingsStore(folder).load()
    assert result.settings == Settings(computers=2)
    assert "newer version" in result.notices[0]
    assert_kept_aside(folder, raw, result)
    assert json.loads((folder / SETTINGS_FILENAME).read_text("utf-8"))["version"] == 1


def test_file_too_large_is_kept_aside(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(settings_module, "MAX_FILE_BYTES", 1000)
    raw = write_settings_file(folder, {"version": 1, "strength": "hard", "pad": " " * 1000})
    result = SettingsStore(folder).load()
    assert result.settings == Settings()
    assert_kept_aside(folder, raw, result)


def test_settings_path_that_is_a_folder_is_kept_aside(folder: Path) -> None:
    (folder / SETTINGS_FILENAME).mkdir()
    (folder / SETTINGS_FILENAME / "inside.txt").write_text("keep me")
    result = SettingsStore(folder).load()
    assert result.settings == Settings()
    assert len(result.notices) == 1
    [kept] = bad_files(folder)
    assert (kept / "inside.txt").read_text() == "keep me"
    assert (folder / SETTINGS_FILENAME).is_file()


class _FixedClock(datetime):
    @classmethod
    def now(cls, tz: object = None) -> _FixedClock:  # type: ignore[override]
        return cls(2024, 2, 10, 9, 30, 5)


def test_moved_aside_name_gets_a_counter_when_taken(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(storage, "datetime", _FixedClock)
    earlier = folder / "settings.json.bad-20240210-093005"
    earlier.write_bytes(b"an earlier damaged file")

    first = write_settings_file(folder, b"{oops")
    result = SettingsStore(folder).load()
    assert result.moved_to == folder / "settings.json.bad-20240210-093005-2"
    assert result.moved_to.read_bytes() == first
    assert "settings.json.bad-20240210-093005-2" in result.notices[0]

    second = write_settings_file(folder, b"[]")
    result = SettingsStore(folder).load()
    assert result.moved_to == folder / "settings.json.bad-20240210-093005-3"
    assert result.moved_to.read_bytes() == second

    assert earlier.read_bytes() == b"an earlier damaged file"


def test_damaged_file_that_cannot_be_moved_is_never_overwritten(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = write_settings_file(folder, {"version": 1, "computers": "lots", "strength": "easy"})

    def refuse(*_args: object) -> None:
        raise PermissionError("locked")

    monkeypatch.setattr(os, "rename", refuse)
    store = SettingsStore(folder)
    result = store.load()
    assert result.settings == Settings(strength="easy")
    assert len(result.notices) == 1
    assert result.moved_to is None
    assert (folder / SETTINGS_FILENAME).read_bytes() == raw

    notice = store.save(result.settings.replace(computers=2))
    assert notice is not None
    assert (folder / SETTINGS_FILENAME).read_bytes() == raw

    # Once the file can be moved, it is kept and the new settings are saved.
    monkeypatch.undo()
    assert store.save(result.settings.replace(computers=2)) is None
    [kept] = bad_files(folder)
    assert kept.read_bytes() == raw
    assert SettingsStore(folder).load().settings == Settings(strength="easy", computers=2)


# --------------------------------------------------------------------------
# Folders that can't be written
# --------------------------------------------------------------------------


def test_folder_under_a_regular_file(tmp_path: Path) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("not a folder")
    folder = blocker / "settings"
    store = SettingsStore(folder)

    result = store.load()
    assert result.settings == Settings()
    assert result.notices == []

    notice = store.save(Settings(computers=2))
    assert notice == f"Settings can't be saved to {folder}; they will not be remembered."
    assert store.save(Settings(computers=3)) is None
    assert store.save(Settings(computers=2)) is None
    assert blocker.read_text() == "not a folder"


def test_regular_file_where_the_folder_should_be(tmp_path: Path) -> None:
    folder = tmp_path / "settings"
    folder.write_text("not a folder")
    store = SettingsStore(folder)
    assert store.load().notices == []
    notice = store.save(Settings(fullscreen=True))
    assert notice is not None and str(folder) in notice
    assert store.save(Settings(fullscreen=False, computers=3)) is None
    assert folder.read_text() == "not a folder"


@pytest.fixture
def read_only_folder(folder: Path):  # type: ignore[no-untyped-def]
    """A folder holding a good settings file that can no longer be written."""
    SettingsStore(folder).save(Settings(computers=2, strength="hard"))
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)  # 0o500
    try:
        probe = folder / "probe"
        try:
            probe.write_text("x")
        except OSError:
            pass
        else:
            probe.unlink()
            pytest.skip("permissions are not enforced for this user (e.g. root)")
        yield folder
    finally:
        folder.chmod(stat.S_IRWXU)


def test_read_only_folder(read_only_folder: Path) -> None:
    folder = read_only_folder
    raw = (folder / SETTINGS_FILENAME).read_bytes()
    store = SettingsStore(folder)

    result = store.load()
    assert result.settings == Settings(computers=2, strength="hard")
    assert result.notices == []

    notice = store.save(result.settings.replace(computers=3))
    assert notice == f"Settings can't be saved to {folder}; they will not be remembered."
    assert store.save(result.settings.replace(computers=1)) is None
    assert (folder / SETTINGS_FILENAME).read_bytes() == raw
    assert leftovers(folder) == []


# --------------------------------------------------------------------------
# Atomic saving
# --------------------------------------------------------------------------


@pytest.mark.parametrize("failing", ["replace", "fsync", "write"])
def test_failed_save_leaves_old_file_and_no_temp_files(
    folder: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    store = SettingsStore(folder)
    assert store.save(EVERYTHING_CHANGED) is None
    raw = (folder / SETTINGS_FILENAME).read_bytes()

    def disk_full(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    if failing == "write":
        real_fdopen = os.fdopen

        class BrokenFile:
            def __init__(self, descriptor: int, mode: str) -> None:
                self._file = real_fdopen(descriptor, mode)

            def __enter__(self) -> BrokenFile:
                return self

            def __exit__(self, *exc: object) -> None:
                self._file.close()

            def write(self, data: bytes) -> None:
                # Part of the data reaches the disk, then the disk fills up.
                self._file.write(data[:10])
                self._file.flush()
                disk_full()

        monkeypatch.setattr(os, "fdopen", BrokenFile)
    else:
        monkeypatch.setattr(os, failing, disk_full)

    notice = store.save(Settings())
    assert notice is not None
    assert store.save(Settings(computers=2)) is None  # told only once
    monkeypatch.undo()

    assert (folder / SETTINGS_FILENAME).read_bytes() == raw
    assert leftovers(folder) == []
    assert SettingsStore(folder).load().settings == EVERYTHING_CHANGED

    # When the disk recovers, the next save goes through.
    assert store.save(Settings(computers=2)) is None
    assert SettingsStore(folder).load().settings == Settings(computers=2)


# --------------------------------------------------------------------------
# Anything at all in the file
# --------------------------------------------------------------------------

_json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
_likely_values = st.one_of(
    _json_values,
    st.integers(min_value=-2, max_value=5),
    st.sampled_from(["easy", "normal", "hard", "one", "six", "slow", "fast", "instant", "per-seat"]),
    st.lists(st.integers(min_value=0, max_value=9000), min_size=2, max_size=2),
)
_settings_objects = st.dictionaries(
    st.sampled_from([*Settings.field_names(), "version", "unknown"]) | st.text(max_size=8),
    _likely_values,
    max_size=12,
)


def _check_any_file(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / SETTINGS_FILENAME).write_bytes(raw)
        result = SettingsStore(folder).load()
        assert isinstance(result.settings, Settings)
        assert len(result.notices) <= 1
        if result.notices:
            assert result.moved_to is not None
            assert result.moved_to.read_bytes() == raw
        else:
            assert (folder / SETTINGS_FILENAME).read_bytes() == raw
        assert SettingsStore(folder).load().notices == []


@hypothesis_settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=200))
def test_any_bytes_load_without_raising(raw: bytes) -> None:
    _check_any_file(raw)


@hypothesis_settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_settings_objects)
def test_any_json_object_loads_without_raising(data: dict[str, object]) -> None:
    _check_any_file(json.dumps(data).encode("utf-8"))


# --------------------------------------------------------------------------
# Values that can't be written back
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "dropped"),
    [
        (b'{"version": 1, "strength": "hard", "keep": "me", "note": "\\ud83c"}', "note"),
        (b'{"version": 1, "strength": "hard", "keep": "me", "\\udc00": 1}', "\udc00"),
        (b'{"version": 1, "strength": "hard", "keep": "me", "ratio": NaN}', "ratio"),
        (b'{"version": 1, "strength": "hard", "keep": "me", "deep": {"x": [-Infinity]}}', "deep"),
        (b'{"version": 1, "strength": "hard", "keep": "me", "big": 1' + b"0" * 60 + b"}", "big"),
    ],
    ids=["lone surrogate value", "lone surrogate key", "nan", "nested infinity", "long number"],
)
def test_unknown_key_that_cannot_be_written_back_is_dropped_with_a_notice(
    folder: Path, raw: bytes, dropped: str
) -> None:
    write_settings_file(folder, raw)
    store = SettingsStore(folder)
    result = store.load()
    assert result.settings == Settings(strength="hard")
    assert "damaged" in result.notices[0]
    assert_kept_aside(folder, raw, result)
    repaired = json.loads((folder / SETTINGS_FILENAME).read_text("utf-8"))
    assert dropped not in repaired
    assert repaired["keep"] == "me"

    # Changing a setting now works, on this start and every later one.
    assert store.save(result.settings.replace(computers=3)) is None
    assert SettingsStore(folder).load().settings == Settings(strength="hard", computers=3)


# --------------------------------------------------------------------------
# A damaged file on a full disk
# --------------------------------------------------------------------------


def test_damaged_file_on_a_full_disk_is_not_said_restored_and_is_saved_later(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = write_settings_file(
        folder, {"version": 1, "computers": 3, "strength": "hard", "four_colour": "sometimes"}
    )
    kept_values = Settings(computers=3, strength="hard")

    def disk_full(_descriptor: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    store = SettingsStore(folder)
    result = store.load()
    assert result.settings == kept_values
    [notice] = result.notices
    assert "restored" not in notice
    assert "could not be repaired (No space left on device)" in notice
    assert "\n" not in notice
    assert result.moved_to is None
    # The damaged file stays where it was, so the next start keeps the good values.
    assert (folder / SETTINGS_FILENAME).read_bytes() == raw
    assert leftovers(folder) == [] and bad_files(folder) == []
    assert SettingsStore(folder).load().settings == kept_values

    # Once there is room, saving the same settings (as quitting does) repairs the file.
    monkeypatch.undo()
    assert store.save(result.settings) is None
    [kept] = bad_files(folder)
    assert kept.read_bytes() == raw
    again = SettingsStore(folder).load()
    assert again.settings == kept_values
    assert again.notices == []


# --------------------------------------------------------------------------
# Special files
# --------------------------------------------------------------------------


def test_linked_settings_file_is_written_through(tmp_path: Path, folder: Path) -> None:
    target = tmp_path / "dotfiles" / "chinese-ten.json"
    target.parent.mkdir()
    target.write_text(json.dumps({"version": 1, "computers": 2}), "utf-8")
    link = folder / SETTINGS_FILENAME
    link.symlink_to(target)

    store = SettingsStore(folder)
    assert store.load().settings == Settings(computers=2)
    assert store.save(Settings(computers=2, strength="easy")) is None

    assert link.is_symlink()
    assert json.loads(target.read_text("utf-8"))["strength"] == "easy"
    assert SettingsStore(folder).load().settings == Settings(computers=2, strength="easy")


def test_damaged_linked_settings_file_is_kept_beside_its_target(tmp_path: Path, folder: Path) -> None:
    target = tmp_path / "dotfiles" / "chinese-ten.json"
    target.parent.mkdir()
    target.write_bytes(b'{"computers": 2, "strength": "ha')
    link = folder / SETTINGS_FILENAME
    link.symlink_to(target)

    result = SettingsStore(folder).load()
    assert result.moved_to is not None
    assert result.moved_to.parent == target.parent
    assert result.moved_to.read_bytes() == b'{"computers": 2, "strength": "ha'
    assert link.is_symlink()
    assert json.loads(target.read_text("utf-8"))["version"] == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_settings_file_that_is_a_pipe_is_set_aside_without_waiting(folder: Path) -> None:
    pipe = folder / SETTINGS_FILENAME
    os.mkfifo(pipe)
    results: list[settings_module.LoadResult] = []
    loading = threading.Thread(target=lambda: results.append(SettingsStore(folder).load()))
    loading.start()
    loading.join(timeout=30)
    if loading.is_alive():
        # Let the stuck reader go before failing.
        with open(pipe, "wb"):
            pass
        loading.join()
        pytest.fail("loading settings waited on a pipe")
    [result] = results
    assert result.settings == Settings()
    assert len(result.notices) == 1
    [kept] = bad_files(folder)
    assert stat.S_ISFIFO(kept.lstat().st_mode)
    assert (folder / SETTINGS_FILENAME).is_file()


# --------------------------------------------------------------------------
# Temporary files of killed saves
# --------------------------------------------------------------------------


def age(path: Path, seconds: float = 3600) -> None:
    when = time.time() - seconds
    os.utime(path, (when, when))


def temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_stale_temporaries_are_removed_at_start(folder: Path) -> None:
    SettingsStore(folder).save(Settings(computers=2))
    stale = folder / ".settings.json.k1lled42.tmp"
    fresh = folder / ".settings.json.writing.tmp"
    not_ours = folder / ".notes.json.k1lled42.tmp"
    for path in (stale, fresh, not_ours):
        path.write_bytes(b'{"version": 1, "comp')
    age(stale)
    age(not_ours)
    assert SettingsStore(folder).load().settings == Settings(computers=2)
    assert temporaries(folder) == sorted([fresh.name, not_ours.name])


SAVE_UNTIL_STOPPED = """
import os, stat, sys
from pathlib import Path
from chinese_ten import storage
from chinese_ten.settings import Settings, SettingsStore

stop_at = int(sys.argv[2])
fsyncs = 0
real_fsync = os.fsync


def fsync(fd):
    # The temporary file is written and about to be flushed: the middle of a save.
    global fsyncs
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        return real_fsync(fd)  # the folder, after the rename
    fsyncs += 1
    if fsyncs == stop_at:
        print("in the middle of a save", flush=True)
        sys.stdin.readline()  # wait here for the kill
    real_fsync(fd)


storage.os.fsync = fsync
store = SettingsStore(Path(sys.argv[1]))
settings = store.load().settings
choices = [Settings(computers=2, strength="easy"), Settings(computers=3, strength="hard")]
turn = 0
while True:
    assert store.save(choices[turn % 2]) is None
    turn += 1
"""


def test_killed_saves_leave_a_valid_file_and_no_pile_of_temporaries(folder: Path) -> None:
    SettingsStore(folder).save(Settings(computers=2, strength="easy"))
    for kill in range(6):
        saver = subprocess.Popen(
            [sys.executable, "-c", SAVE_UNTIL_STOPPED, str(folder), str(1 + kill % 3)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )
        assert saver.stdout is not None and saver.stdin is not None
        assert saver.stdout.readline().strip() == "in the middle of a save"
        saver.kill()
        saver.wait()
        saver.stdout.close()
        saver.stdin.close()

        data = json.loads((folder / SETTINGS_FILENAME).read_text("utf-8"))
        assert (data["computers"], data["strength"]) in ((2, "easy"), (3, "hard"))
        left = temporaries(folder)
        assert len(left) == 1, "the kill left the save's temporary file"
        # Whatever the kill left behind dates from long ago by the next start.
        for name in left:
            age(folder / name)

    result = SettingsStore(folder).load()
    assert result.notices == []
    assert temporaries(folder) == []
    assert leftovers(folder) == []


# --------------------------------------------------------------------------
# Two copies of the game at once
# --------------------------------------------------------------------------


def test_two_copies_keep_each_others_changes(folder: Path) -> None:
    SettingsStore(folder).save(Settings(strength="easy"))
    first, second = SettingsStore(folder), SettingsStore(folder)
    mine, theirs = first.load().settings, second.load().settings

    assert first.save(mine.replace(high_contrast=True)) is None
    assert second.save(theirs.replace(computers=3)) is None
    assert first.save(mine.replace(high_contrast=True, animation_speed="fast")) is None

    assert SettingsStore(folder).load().settings == Settings(
        strength="easy", high_contrast=True, computers=3, animation_speed="fast"
    )


def test_a_copy_keeps_keys_another_copy_added(folder: Path) -> None:
    store = SettingsStore(folder)
    store.load()
    write_settings_file(folder, {"version": 1, "computers": 2, "hover_hints": True})
    assert store.save(Settings(strength="hard")) is None
    data = json.loads((folder / SETTINGS_FILENAME).read_text("utf-8"))
    assert data["hover_hints"] is True
    assert data["computers"] == 2
    assert data["strength"] == "hard"


CHANGE_ONE_SETTING = """
import sys
from pathlib import Path
from chinese_ten.settings import Settings, SettingsStore
folder, name, values = Path(sys.argv[1]), sys.argv[2], sys.argv[3].split(",")
store = SettingsStore(folder)
settings = store.load().settings
print("ready", flush=True)
sys.stdin.readline()
for _ in range(8):
    for value in values:
        settings = settings.replace(**{name: int(value) if value.isdigit() else value})
        assert store.save(settings) is None
print("done", flush=True)
"""


def test_two_running_copies_saving_at_once_keep_both_changes(folder: Path) -> None:
    SettingsStore(folder).save(Settings())
    copies = [
        subprocess.Popen(
            [sys.executable, "-c", CHANGE_ONE_SETTING, str(folder), name, values],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )
        for name, values in (("computers", "2,1,3"), ("animation_speed", "fast,slow,instant"))
    ]
    try:
        for copy in copies:
            assert copy.stdout is not None and copy.stdout.readline().strip() == "ready"
        for copy in copies:
            assert copy.stdin is not None
            copy.stdin.write("go\n")
            copy.stdin.flush()
        for copy in copies:
            assert copy.stdout is not None and copy.stdout.readline().strip() == "done"
    finally:
        for copy in copies:
            copy.communicate()
    assert [copy.returncode for copy in copies] == [0, 0]
    result = SettingsStore(folder).load()
    assert result.notices == []
    assert result.settings == Settings(computers=3, animation_speed="instant")


# --------------------------------------------------------------------------
# A settings file another program holds for a moment (Windows)
# --------------------------------------------------------------------------


def hold_the_file(monkeypatch: pytest.MonkeyPatch, times: int) -> list[float]:
    """The next ``times`` renames over the file fail as they do on Windows
    while a virus scanner or indexer has it open; returns the pauses taken."""
    real_replace = os.replace
    refusals = [times]
    pauses: list[float] = []

    def replace(source: str, target: object) -> None:
        if refusals[0] > 0:
            refusals[0] -= 1
            raise PermissionError(13, "Access is denied")  # WinError 5
        real_replace(source, target)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(storage, "_pause", pauses.append)
    return pauses


def test_save_retries_while_another_program_holds_the_file(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SettingsStore(folder)
    store.load()
    pauses = hold_the_file(monkeypatch, 4)
    assert store.save(Settings(computers=3)) is None
    assert len(pauses) == 4
    assert SettingsStore(folder).load().settings == Settings(computers=3)
    assert leftovers(folder) == []


def test_save_held_too_long_tells_the_person_and_keeps_the_old_file(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SettingsStore(folder)
    store.save(Settings(computers=2))
    raw = (folder / SETTINGS_FILENAME).read_bytes()
    pauses = hold_the_file(monkeypatch, 1000)
    notice = store.save(Settings(computers=3))
    assert notice == f"Settings can't be saved to {folder}; they will not be remembered."
    assert 0 < sum(pauses) <= 1.0
    assert (folder / SETTINGS_FILENAME).read_bytes() == raw
    assert leftovers(folder) == []


# --------------------------------------------------------------------------
# The rules of the next match
# --------------------------------------------------------------------------


def test_the_rules_round_trip_through_the_file(folder: Path) -> None:
    chosen = Settings(computers=2, house_rules=ten("play-red", lead="after-dealer", dead_layout=False))
    SettingsStore(folder).save(chosen)
    data = json.loads((folder / SETTINGS_FILENAME).read_text("utf-8"))
    assert data["house_rules"] == {"ten": {"preset": "play-red", "lead": "after-dealer", "dead_layout": False}}
    assert "rules" not in data and "rule_options" not in data
    loaded = SettingsStore(folder).load()
    assert loaded.settings == chosen and not loaded.notices
    assert loaded.settings.ruleset() == RuleSet.of("play-red", lead="after-dealer", dead_layout=False)


@pytest.mark.parametrize("value", [
    {"ten": "chess"},
    {"ten": 3},
    {"ten": {"colour": "blue"}},
    {"ten": {"lead": "nobody"}},
    {"ten": {"dead_layout": "true"}},
    {"fishing": "standard"},
    {"chess": "classic"},
    {"ten": {"lead": "x" * 10_000}},
    ["ten"],
    "classic",
])
def test_unknown_house_rules_are_refused_in_one_line(value: object) -> None:
    with pytest.raises(SettingError) as problem:
        validate_setting("house_rules", value)
    assert str(problem.value).startswith("house_rules") and "\n" not in str(problem.value)
    assert "xxx" not in str(problem.value) and len(str(problem.value)) < 200, "the value is never repeated"


def test_the_allowed_rule_values_are_the_engines_own() -> None:
    for key, values in OPTIONS.items():
        for value in values:
            assert validate_setting("house_rules", {"ten": {key: value}}) == (("ten", RuleSet.of(**{key: value})),)
    for name in PRESETS:
        assert validate_setting("house_rules", {"ten": name}) == (("ten", RuleSet.of(name)),)


def test_rules_that_cannot_be_dealt_at_the_seats_are_refused_and_repaired_on_load(folder: Path) -> None:
    with pytest.raises(SettingError):
        Settings(computers=3, house_rules=ten("play-red"))
    with pytest.raises(SettingError):
        Settings(computers=3, house_rules=ten(deal="play-red"))
    write_settings_file(folder, {"version": 1, "computers": 3, "strength": "hard",
                                 "house_rules": {"ten": {"preset": "classic", "deal": "play-red", "lead": "dealer"}}})
    loaded = SettingsStore(folder).load()
    assert loaded.settings == Settings(computers=3, strength="hard", house_rules=ten(lead="dealer"))
    assert len(loaded.notices) == 1


def test_changing_the_seats_keeps_the_rules_that_fit_them() -> None:
    play_red = Settings(computers=1, house_rules=ten("play-red", lead="after-dealer"))
    assert rules_for_seats(play_red, 2) == {"computers": 2}
    assert rules_for_seats(play_red, 3) == {"computers": 3, "house_rules": (("ten", RuleSet.of("classic")),)}
    sized = Settings(computers=1, house_rules=ten(deal="play-red", lead="dealer"))
    assert rules_for_seats(sized, 3) == {"computers": 3, "house_rules": (("ten", RuleSet.of(lead="dealer")),)}


def test_choosing_a_preset_brings_its_match_length_and_seats() -> None:
    four = Settings(computers=3, match_length="six", house_rules=ten(lead="dealer"))
    assert choose_preset(four, "target") == {"house_rules": (("ten", RuleSet.of("target")),), "match_length": "one"}
    assert choose_preset(four, "play-red") == {"house_rules": (("ten", RuleSet.of("play-red")),), "computers": 2}
    assert four.replace(**choose_preset(four, "play-red")).ruleset() == RuleSet.of("play-red")
    with pytest.raises(SettingError):
        choose_preset(four, "chess")


def test_the_allowed_strengths_and_match_lengths_are_the_engines_own() -> None:
    from chinese_ten.engine.match import MatchLength
    from chinese_ten.games.ten.players import PLAYERS
    from chinese_ten.settings import MATCH_LENGTHS, STRENGTHS

    assert all(name in PLAYERS for name in STRENGTHS)
    assert [MatchLength.parse(name).kind for name in MATCH_LENGTHS][:3] == list(MATCH_LENGTHS[:3])
    assert MatchLength.parse(MATCH_LENGTHS[-1]).deals == 6


def test_every_animation_speed_has_a_pace() -> None:
    from chinese_ten.settings import ANIMATION_SPEEDS
    from chinese_ten.ui.table.choreography import SPEED_FACTORS

    assert tuple(SPEED_FACTORS) == ANIMATION_SPEEDS


def test_the_learn_to_play_offer_is_remembered_once_answered(folder: Path) -> None:
    assert Settings().tutorial_offered is False
    SettingsStore(folder).save(Settings(tutorial_offered=True))
    assert SettingsStore(folder).load().settings.tutorial_offered is True
    with pytest.raises(SettingError):
        Settings().replace(tutorial_offered="yes")


@pytest.mark.parametrize("good", ["", "http://192.168.1.20:47110", "https://tables.example.org/", "  "])
def test_a_server_url_is_empty_or_an_address(good: str) -> None:
    assert Settings(server_url=good).server_url == good.strip().rstrip("/")


@pytest.mark.parametrize("bad", ["ftp://x", "tables.example.org", "http://", "http://x/t/abc", "http://x:99999",
                                 "http://x?a=1", "x" * 300, 5])
def test_a_server_url_that_is_no_address_is_refused(bad: object) -> None:
    with pytest.raises(SettingError):
        Settings(server_url=bad)  # type: ignore[arg-type]


def test_a_player_name_is_short_plain_text() -> None:
    assert Settings(player_name=" 小明 ").player_name == "小明"
    with pytest.raises(SettingError):
        Settings(player_name="a\nb")
    with pytest.raises(SettingError):
        Settings(player_name="x" * 33)
