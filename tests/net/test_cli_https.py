"""``chinese-ten join`` takes a table server's https link (served behind TLS on the internet) as it takes
a local network's http link: checked, then handed to the window as it was given."""

from __future__ import annotations

import pytest

from chinese_ten.cli import main


@pytest.mark.parametrize("base", ["https://tables.example.org", "https://127.0.0.1:8443", "https://tables.example.org/game"])
def test_join_hands_an_https_link_to_the_window(base: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from chinese_ten.ui import app

    link = f"{base}/t/k3m9x2p7#{'Qm4R' * 6}"
    opened: list[object] = []
    monkeypatch.setattr(app, "run_game", lambda options: opened.append(options) or 0)
    monkeypatch.setattr("chinese_ten.handoff.hand_over", lambda folder, text: False)
    assert main(["join", link]) == 0
    assert [getattr(o, "join", None) for o in opened] == [link]
