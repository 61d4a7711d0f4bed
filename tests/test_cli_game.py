"""``--game ten|fishing`` for ``demo`` and the bare command: parsed into what the window is handed, and a
seat count or rules the game does not have refused in one line with status 2."""

from __future__ import annotations

import pytest

from chinese_ten.cli import DEMO_SEATS, build_parser, launch_options, main
from chinese_ten.games.ten.rules import RuleSet


def test_the_bare_command_takes_the_game_for_this_run() -> None:
    assert launch_options(build_parser().parse_args(["--game", "fishing"])).game == "fishing"
    assert launch_options(build_parser().parse_args(["--game", "ten"])).game == "ten"
    assert launch_options(build_parser().parse_args([])).game is None, "unnamed: the remembered game"


@pytest.mark.parametrize("argv", [["demo", "--game", "fishing"], ["--game", "fishing", "demo"]])
def test_demo_takes_the_game_before_or_after_its_name(argv: list[str]) -> None:
    options = launch_options(build_parser().parse_args(argv))
    assert options.demo is not None and options.demo.game == "fishing"
    assert options.demo.seats == DEMO_SEATS


@pytest.mark.parametrize("seats", [2, 5, 8])
def test_a_go_fishing_demo_seats_two_to_eight(seats: int) -> None:
    options = launch_options(build_parser().parse_args(["demo", "--game", "fishing", "--seats", str(seats),
                                                        "--deals", "3", "--seed", "4", "--strength", "hard"]))
    demo = options.demo
    assert demo is not None
    assert (demo.game, demo.seats, demo.deals, demo.seed, demo.strength) == ("fishing", seats, 3, 4, "hard")


def test_a_demo_names_chinese_ten_unless_told() -> None:
    options = launch_options(build_parser().parse_args(["demo"]))
    assert options.demo is not None and options.demo.game == "ten"
    assert options.demo.seats == max(RuleSet.of("classic").seat_counts())


@pytest.mark.parametrize(("argv", "message"), [
    (["demo", "--game", "fishing", "--seats", "9"], "2 to 8 seats"),
    (["demo", "--game", "fishing", "--seats", "1"], "2 to 8 seats"),
    (["demo", "--game", "ten", "--seats", "5"], "for 2, 3 or 4 seats, not 5"),
    (["demo", "--seats", "6"], "for 2, 3 or 4 seats, not 6"),
    (["demo", "--game", "go"], "invalid choice: 'go'"),
    (["--game", "chess"], "invalid choice: 'chess'"),
    (["demo", "--game", "fishing", "--rules", "taiwan"], "Chinese Go Fishing has none"),
    (["--game", "fishing", "--rules", "target"], "Chinese Go Fishing has none"),
])
def test_a_choice_the_game_does_not_have_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str],
                                                                   argv: list[str], message: str) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("chinese-ten: ")
    assert message in err, err
