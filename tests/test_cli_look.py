"""The look options of the bare command and ``demo``: parsed, checked in one line, all described."""

from __future__ import annotations

import argparse

import pytest

from chinese_ten.cli import build_parser, look_overrides, main


def _demo_parser() -> argparse.ArgumentParser:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return sub.choices["demo"]  # type: ignore[no-any-return]


def test_demo_help_describes_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    demo = _demo_parser()
    assert demo.description
    undescribed = [a.option_strings for a in demo._actions if a.option_strings and not a.help]
    assert not undescribed
    with pytest.raises(SystemExit):
        build_parser().parse_args(["demo", "--help"])
    out = capsys.readouterr().out
    for option in ("--seats", "--deals", "--seed", "--frame-stats", "--screenshot", "--size", "--high-contrast",
                   "--four-colour", "--json"):
        assert option in out


@pytest.mark.parametrize("argv, expected", [
    ([], {}),
    (["--size", "960x600"], {"window_size": (960, 600)}),
    (["--high-contrast", "--four-colour"], {"high_contrast": True, "four_colour": True}),
    (["demo", "--size", "1920X1080", "--high-contrast"], {"window_size": (1920, 1080), "high_contrast": True}),
    (["--size", "1600x1000", "demo", "--four-colour"], {"window_size": (1600, 1000), "four_colour": True}),
])
def test_look_options_become_settings_for_the_run(argv: list[str], expected: dict[str, object]) -> None:
    assert look_overrides(build_parser().parse_args(argv)) == expected


@pytest.mark.parametrize("argv", [
    ["--size", "12x3"], ["--size", "1280"], ["--size", "axb"], ["--size", "1280x800x2"],
    ["demo", "--size", "99999x800"], ["demo", "--size", "-960x600"], ["--size", "9" * 5000 + "x600"],
])
def test_a_bad_size_is_one_short_line_and_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("chinese-ten: argument --size:") and len(err) < 200


def test_the_rules_preset_is_an_option_of_the_bare_command_and_of_demo() -> None:
    assert build_parser().parse_args(["--rules", "target"]).rules == "target"
    assert build_parser().parse_args(["demo", "--rules", "play-red"]).rules == "play-red"
    assert build_parser().parse_args(["--rules", "taiwan", "demo"]).rules == "taiwan"
    assert build_parser().parse_args([]).rules is None


@pytest.mark.parametrize("argv", [["--rules", "chess"], ["demo", "--rules", "play-red", "--seats", "4"]])
def test_a_bad_rules_choice_is_one_short_line_and_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("chinese-ten:")
