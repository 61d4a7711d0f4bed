"""Whole network deals played through the window: the real lobby, table, count and match result, against a
table server on loopback, at every seat count of each game, with computers and scripted people at the other
seats. The window must reach the count and the match's end without a crash, its hands must hold what the
server says whenever it has shown all that came, and its count must be the server's.

The whole matches move their cards instantly: what they prove is the same at any pace and each animated frame
only added time; the window's pace against the server's moves is proved at normal pace for each game."""

from __future__ import annotations

from pathlib import Path

import pytest

from netwindow import NetWindow, hosted

SEED = 5
"""The shuffle of the tables whose every step is checked (one where another person's capture choice follows a
turned card while the window shows the turn before)."""


def _table_of(net: NetWindow):  # type: ignore[no-untyped-def]
    from chinese_ten.ui.table.remote import RemoteTableScene

    table = net.app.table()
    return table if isinstance(table, RemoteTableScene) else None


def _play_one_deal_match(net: NetWindow) -> None:
    from chinese_ten.ui.scenes.match import MatchScene

    net.run(lambda: isinstance(net.app.top(), MatchScene), check=net.hands_disagree)
    table = _table_of(net)
    assert table is not None
    follower = table.follower
    assert net.counts == 1 and net.results == 1
    assert follower.places is not None and len(follower.places) == follower.seats
    assert follower.record is not None
    server_points = follower.record["result"]["points"]
    assert list(table.ctl.match.points[-1]) == server_points  # the window counted the server's deal
    for p in net.players:
        p.client.close()
    net.players.clear()


@pytest.mark.parametrize(("seats", "people"), [(2, 1), (5, 2), (8, 3)])
def test_a_network_go_fishing_match_plays_through_the_window_to_its_end(
        window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seats: int, people: int) -> None:  # type: ignore[no-untyped-def]
    computers = {s: "easy" for s in range(people, seats)}
    with hosted(window, tmp_path, monkeypatch, game="fishing", seats=seats, computers=computers, speed="instant") as net:
        for s in range(1, people):
            net.join(f"Guest{s}", s, seed=s)
        _play_one_deal_match(net)


@pytest.mark.parametrize(("seats", "people"), [(2, 2), (4, 1)])  # three seats, two people: at normal pace below
def test_a_network_chinese_ten_match_plays_through_the_window_to_its_end(
        window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seats: int, people: int) -> None:  # type: ignore[no-untyped-def]
    computers = {s: "easy" for s in range(people, seats)}
    with hosted(window, tmp_path, monkeypatch, game="ten", seats=seats, computers=computers, speed="instant") as net:
        for s in range(1, people):
            net.join(f"Guest{s}", s, seed=s)
        _play_one_deal_match(net)


@pytest.mark.parametrize(("game", "seats", "seed"), [("ten", 3, SEED), ("fishing", 4, SEED)])
def test_at_normal_pace_the_windows_hands_always_hold_what_the_server_says(
        window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, seats: int, seed: int) -> None:  # type: ignore[no-untyped-def]
    """Another person's capture choice after a turned card came as a move of its own and was started alongside
    the turn before it, from a board where the turned card had not yet reached the middle: a hand card went too."""
    import secrets

    monkeypatch.setattr(secrets, "randbits", lambda bits: seed)  # the table's shuffle (its tokens come otherwise)
    computers = {s: "easy" for s in range(2, seats)}
    with hosted(window, tmp_path, monkeypatch, game=game, seats=seats, computers=computers, speed="normal") as net:
        net.join("Bo", 1, seed=1)
        _play_one_deal_match(net)
