"""``join LINK`` and ``serve``'s options on the command line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from chinese_ten.cli import main


def test_join_refuses_a_bad_link_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["join", "not a link"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("chinese-ten: ")


def test_join_with_a_good_link_opens_the_window_at_the_join(monkeypatch: pytest.MonkeyPatch) -> None:
    from chinese_ten.ui import app

    claim = "Qm4R" * 6
    link = f"http://127.0.0.1:47110/t/k3m9x2p7#{claim}"
    opened: list[object] = []
    monkeypatch.setattr(app, "run_game", lambda options: opened.append(options) or 0)
    assert main(["join", link]) == 0
    assert [getattr(o, "join", None) for o in opened] == [link]


@pytest.mark.parametrize("argv", [["serve", "--port", "70000"], ["serve", "--away-after", "-1"],
                                  ["serve", "--public-url", "ftp://x"]])
def test_serve_refuses_bad_options(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err.count("\n") == 1


APP_LINK = "chinese-ten://127.0.0.1:47110/t/k3m9x2p7?http#" + "Qm4R" * 6


@pytest.mark.parametrize("argv", [[APP_LINK], ["--size", "960x600", APP_LINK], ["join", APP_LINK]])
def test_the_bare_command_given_an_app_link_opens_the_join(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from chinese_ten.ui import app

    opened: list[Any] = []
    monkeypatch.setattr(app, "run_game", lambda options: opened.append(options) or 0)
    assert main(argv) == 0
    assert [getattr(o, "join", None) for o in opened] == [APP_LINK]
    if "--size" in argv:
        assert dict(opened[0].look)["window_size"] == (960, 600)  # the run's look goes with the join


def test_join_keeps_the_settings_folder_given(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from chinese_ten.ui import app

    opened: list[Any] = []
    monkeypatch.setattr(app, "run_game", lambda options: opened.append(options) or 0)
    assert main(["--settings-dir", str(tmp_path), "join", APP_LINK]) == 0
    assert opened[0].settings_dir == str(tmp_path)


def test_a_link_given_while_a_window_runs_goes_to_that_window(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from chinese_ten.handoff import Door
    from chinese_ten.ui import app

    monkeypatch.setattr(app, "run_game", lambda options: pytest.fail("a second window opened"))
    taken: list[str] = []
    door = Door(tmp_path, taken.append)
    try:
        assert main(["--data-dir", str(tmp_path), APP_LINK]) == 0
    finally:
        door.close()
    assert taken == [APP_LINK]


def test_a_bare_app_link_that_is_not_whole_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chinese-ten://127.0.0.1:47110/t/k3m9x2p7"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "claim" in err


@pytest.mark.parametrize("argv", [["replay", APP_LINK], ["--", APP_LINK], ["history"]])
def test_an_app_link_after_a_subcommand_is_that_subcommands_argument(argv: list[str]) -> None:
    from chinese_ten.cli import link_as_join

    assert link_as_join(argv) == argv


def test_join_refuses_the_options_the_bare_command_refuses(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "fishing", "--rules", "taiwan", APP_LINK]) == 2
    assert "house rules" in capsys.readouterr().err


def test_watch_refuses_a_text_that_is_no_watch_link_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["watch", "http://127.0.0.1:47110/t/k3m9x2p7"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("chinese-ten: ") and "/w/TABLE" in err


def test_watch_with_a_watch_link_opens_the_window_watching_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from chinese_ten.ui import app

    link = "http://127.0.0.1:47110/w/k3m9x2p7"
    opened: list[Any] = []
    monkeypatch.setattr(app, "run_game", lambda options: opened.append(options) or 0)
    assert main(["watch", link]) == 0
    assert [getattr(o, "join", None) for o in opened] == [link]
