"""The game a person plays next is remembered with its seats and length, each game's own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chinese_ten.games import GAMES
from chinese_ten.games.ten.rules import RuleSet
from chinese_ten.settings import (COMPUTERS_RANGE, GAME_NAMES, SETTINGS_DIR_ENV, SETTINGS_FILENAME, SettingError,
                                  Settings, SettingsStore, choose_game, rules_for_seats)


@pytest.fixture(autouse=True)
def _private_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SETTINGS_DIR_ENV, str(tmp_path / "env-settings"))
    monkeypatch.setenv("CHINESE_TEN_LOG_DIR", str(tmp_path / "env-logs"))


def _write(folder: Path, data: object) -> None:
    folder.mkdir(exist_ok=True)
    (folder / SETTINGS_FILENAME).write_text(json.dumps(data), encoding="utf-8")


def test_the_allowed_games_are_the_registered_ones() -> None:
    assert GAME_NAMES == tuple(GAMES) == ("ten", "fishing")
    assert Settings().game == "ten"
    assert COMPUTERS_RANGE == (1, 7)


def test_the_game_and_its_seats_round_trip(tmp_path: Path) -> None:
    chosen = Settings(game="fishing", computers=7, match_length="one", strength="hard")
    assert SettingsStore(tmp_path).save(chosen) is None
    loaded = SettingsStore(tmp_path).load()
    assert loaded.settings == chosen
    assert loaded.notices == []


@pytest.mark.parametrize("bad", ["go", "", 3, None, ["fishing"], "FISHING"])
def test_a_bad_game_falls_back_and_keeps_the_rest(tmp_path: Path, bad: object) -> None:
    _write(tmp_path, {"version": 1, "game": bad, "strength": "hard", "volume": 25, "computers": 2,
                      "rules": "target"})
    loaded = SettingsStore(tmp_path).load()
    assert loaded.settings.game == "ten"
    assert (loaded.settings.strength, loaded.settings.volume, loaded.settings.computers) == ("hard", 25, 2)
    assert loaded.settings.preset("ten") == "target"
    assert len(loaded.notices) == 1


def test_seats_beyond_the_games_are_brought_within_it(tmp_path: Path) -> None:
    # seven computers suit Go Fishing; a file that asks them of Chinese Ten keeps the game and the most it seats
    _write(tmp_path, {"version": 1, "game": "ten", "computers": 7, "strength": "easy", "rules": "taiwan"})
    loaded = SettingsStore(tmp_path).load()
    assert (loaded.settings.game, loaded.settings.computers, loaded.settings.strength) == ("ten", 3, "easy")
    assert loaded.settings.computers + 1 in loaded.settings.ruleset().seat_counts()


def test_a_length_the_game_does_not_offer_falls_back(tmp_path: Path) -> None:
    assert "six" not in GAMES["fishing"].match_lengths
    _write(tmp_path, {"version": 1, "game": "fishing", "match_length": "six", "computers": 5})
    loaded = SettingsStore(tmp_path).load()
    assert (loaded.settings.game, loaded.settings.computers) == ("fishing", 5)
    assert loaded.settings.match_length in GAMES["fishing"].match_lengths
    with pytest.raises(SettingError):
        Settings(game="fishing", match_length="six")


def test_each_game_has_its_own_seat_counts() -> None:
    assert Settings(game="fishing", computers=7).computers == 7
    with pytest.raises(SettingError):
        Settings(game="ten", computers=4)
    with pytest.raises(SettingError):
        Settings(game="fishing", computers=8)


def test_choosing_a_game_clamps_the_seats_and_length() -> None:
    many = Settings(game="fishing", computers=6, match_length="two-per-seat")
    changes = choose_game(many, "ten")
    assert changes["game"] == "ten" and changes["computers"] == 3
    assert many.replace(**changes).computers == 3
    six = Settings(match_length="six", computers=2)
    to_fishing = six.replace(**choose_game(six, "fishing"))
    assert (to_fishing.game, to_fishing.computers) == ("fishing", 2)
    assert to_fishing.match_length == "per-seat"


def test_choosing_ten_keeps_rules_that_fit_and_changes_those_that_do_not() -> None:
    # the six-card deal of the "target" preset is for fewer seats: back to Chinese Ten from a big table
    fishing = Settings(game="fishing", computers=7, house_rules={"ten": "taiwan"})
    back = fishing.replace(**choose_game(fishing, "ten"))
    assert back.computers + 1 in back.ruleset().seat_counts()


def test_fishing_seats_leave_ten_rules_alone() -> None:
    kept = Settings(game="fishing", computers=2, house_rules={"ten": {"preset": "target", "lead": "dealer"}})
    assert rules_for_seats(kept, 6) == {"computers": 6}
    assert kept.replace(**rules_for_seats(kept, 6)).preset("ten") == "target"


FIRST_FORMAT = Path(__file__).parent / "data" / "settings-first-format.json"
"""A settings file as the first version wrote it: Go Fishing chosen, Chinese Ten's house rules under ``rules``
and ``rule_options``."""


def test_a_first_format_file_keeps_its_rules_as_chinese_tens(tmp_path: Path) -> None:
    folder = tmp_path / "settings"
    folder.mkdir()
    (folder / SETTINGS_FILENAME).write_bytes(FIRST_FORMAT.read_bytes())
    loaded = SettingsStore(folder).load()
    assert not loaded.notices and loaded.moved_to is None, "an old file is read, not repaired"
    chosen = loaded.settings
    assert (chosen.game, chosen.computers, chosen.strength, chosen.language, chosen.volume) == (
        "fishing", 2, "hard", "zh-Hans", 50)
    assert chosen.ruleset("ten") == RuleSet.of("play-red", lead="after-dealer", dead_layout=False)
    assert (chosen.preset("ten"), chosen.changed_options("ten")) == (
        "play-red", (("lead", "after-dealer"), ("dead_layout", False)))
    store = SettingsStore(folder)
    store.load()
    store.save(chosen.replace(volume=75))
    data = json.loads((folder / SETTINGS_FILENAME).read_text("utf-8"))
    assert data["house_rules"] == {"ten": {"preset": "play-red", "lead": "after-dealer", "dead_layout": False}}
    assert "rules" not in data and "rule_options" not in data, "the first format's keys are written no more"
    assert SettingsStore(folder).load().settings == chosen.replace(volume=75)


def test_a_first_format_files_bad_option_loses_only_that_option(tmp_path: Path) -> None:
    folder = tmp_path / "settings"
    _write(folder, {"version": 1, "strength": "easy", "rules": "target",
                    "rule_options": {"lead": "dealer", "colour": "blue", "direction": "sideways"}})
    loaded = SettingsStore(folder).load()
    assert len(loaded.notices) == 1 and loaded.moved_to is not None
    assert loaded.settings.strength == "easy"
    assert loaded.settings.ruleset("ten") == RuleSet.of("target", lead="dealer")


def test_each_games_house_rules_fall_back_alone(tmp_path: Path) -> None:
    folder = tmp_path / "settings"
    _write(folder, {"version": 1, "game": "fishing", "computers": 4,
                    "house_rules": {"ten": {"preset": "chess", "lead": "dealer"}, "backgammon": "plain"}})
    loaded = SettingsStore(folder).load()
    assert len(loaded.notices) == 1
    assert (loaded.settings.game, loaded.settings.computers) == ("fishing", 4)
    assert loaded.settings.ruleset("ten") == RuleSet.of("classic", lead="dealer"), "the good option kept"


def test_every_game_reads_its_own_rules_from_the_settings() -> None:
    chosen = Settings(game="fishing", computers=3, house_rules={"ten": "target"})
    assert chosen.ruleset() is GAMES["fishing"].default_rules and chosen.preset() == ""
    assert chosen.ruleset("ten") == RuleSet.of("target")
    assert dict(chosen.house_rules) == {name: chosen.ruleset(name) for name, spec in GAMES.items() if spec.options.presets}
