"""The command line hands the window one frozen value, made from its arguments."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from chinese_ten.cli import build_parser, launch_options
from chinese_ten.games.ten.rules import RuleSet
from chinese_ten.ui.launch import DemoOptions, LaunchOptions


def test_a_bare_run_hands_its_folders_look_and_rules() -> None:
    options = launch_options(build_parser().parse_args(
        ["--settings-dir", "s", "--data-dir", "d", "--size", "1024x700", "--high-contrast", "--rules", "play-red"]))
    assert options.settings_dir == "s" and options.data_dir == "d" and options.rules == "play-red"
    assert options.look_overrides() == {"window_size": (1024, 700), "high_contrast": True}
    assert options.demo is None and options.frame_stats is None and not options.json


def test_a_run_with_no_options_changes_nothing() -> None:
    assert launch_options(build_parser().parse_args([])) == LaunchOptions()


def test_a_demo_hands_the_demo_asked_for(tmp_path: Path) -> None:
    frames = tmp_path / "frames.json"
    options = launch_options(build_parser().parse_args(
        ["demo", "--seats", "2", "--deals", "3", "--seed", "7", "--strength", "hard", "--rules", "taiwan",
         "--frame-stats", str(frames), "--json", "--language", "zh-Hans"]))
    assert options.demo == DemoOptions(seats=2, deals=3, seed=7, strength="hard", rules=RuleSet.of("taiwan"))
    assert options.frame_stats == frames and options.json
    assert options.look_overrides() == {"language": "zh-Hans"}


def test_a_demo_without_seats_takes_the_most_its_rules_deal() -> None:
    options = launch_options(build_parser().parse_args(["demo", "--rules", "classic"]))
    assert options.demo is not None and options.demo.seats == max(RuleSet.of("classic").seat_counts())


def test_the_options_are_frozen() -> None:
    options = LaunchOptions()
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.rules = "taiwan"  # type: ignore[misc]
