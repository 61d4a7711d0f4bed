"""``join LINK`` and ``serve``'s options on the command line."""

from __future__ import annotations

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
