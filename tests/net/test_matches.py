"""Whole matches over a real server, people and computers mixed, with every frame checked for cards
its seat could not know."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.engine.scores import check_result

from chinese_ten.net.client import TableClient
from tests.net.netkit import Player, ServerThread, play_until, wait_for, watched


@pytest.fixture
def server(tmp_path: Path) -> Any:
    running = ServerThread(tmp_path, pool=False)
    yield running
    running.stop()


def _play_match(server: ServerThread, game: str, seats: int, computers: dict[int, str], match: str, seed: int,
                timeout: float, rules: str | None = None) -> list[Player]:
    host = TableClient.create(server.url, "Ann", game=game, seats=seats, computers=computers, match=match, rules=rules)
    created = wait_for(host, "created")
    assert set(created["links"]) == {str(s) for s in range(1, seats) if s not in computers}
    players = [Player(host, seed)]
    for seat, link in sorted(created["links"].items()):
        guest = TableClient.join(link, f"Guest{seat}")
        players.append(Player(guest, seed + int(seat)))
    try:
        play_until(players, lambda: all(p.done for p in players), timeout)
    finally:
        for p in players:
            p.client.close()
    return players


CASES = [
    ("ten", 2, {}, "one", None),
    ("ten", 3, {2: "normal"}, "one", None),
    ("ten", 4, {1: "easy", 3: "normal"}, "per-seat", None),
    ("ten", 2, {1: "easy"}, "one", "simplified"),  # every hand empty: a re-deal from the stock
    ("ten", 3, {}, "one", "play-red"),
    ("ten", 4, {2: "easy"}, "one", "target"),  # a four of a kind to the dealer refills from the stock
    ("fishing", 2, {1: "normal"}, "one", None),
    ("fishing", 5, {1: "easy", 3: "normal"}, "one", None),
    ("fishing", 8, {s: "easy" for s in range(2, 8)}, "one", None),
]


@pytest.mark.parametrize(("game", "seats", "computers", "match", "rules"), CASES)
def test_a_whole_match_never_shows_a_seat_a_card_it_cannot_know(server: ServerThread, monkeypatch: Any, game: str,
                                                                  seats: int, computers: dict[int, str], match: str,
                                                                  rules: str | None) -> None:
    with watched(monkeypatch) as watch:
        players = _play_match(server, game, seats, computers, match, seed=seats * 7, timeout=40, rules=rules)
    assert watch.leaks == []
    assert watch.frames > 20
    for p in players:
        assert p.done
        texts = [str(f) for f in p.frames]
        assert not any(seed in t for t in texts for seed in watch.seeds)
        over = [f for f in p.frames if f["type"] == "match_over"][0]
        assert len(over["places"]) == seats and min(over["places"]) == 1
        records = [f["record"] for f in p.frames if f["type"] == "deal_over"]
        assert records and all("result" in r for r in records)
        for record in records:  # the one shape of every record's result (INTERFACE.md), exact margins adding to zero
            result = record["result"]
            assert set(result) == {"players", "points", "margins", "margins_exact"}
            assert len(result["players"]) == seats and sum(Fraction(m) for m in result["margins_exact"]) == 0
            check_result(result, result["points"], [Fraction(m) for m in result["margins_exact"]])
        assert [e for e in p.errors if e["code"] != "not-your-turn"] == []
    kinds = {e["kind"] for f in players[0].frames if f["type"] == "update" for e in f["events"]}
    assert "redealt" in kinds or rules != "simplified"
    assert ("drawn" in kinds) == (game == "fishing")


def test_the_check_finds_a_card_of_another_hand(server: ServerThread, monkeypatch: Any) -> None:
    from chinese_ten.net import tables

    def leaky(session: Any, seat: int, **kw: Any) -> dict[str, Any]:
        state = real(session, seat, **kw)
        state["peek"] = [str(c) for c in session.deal.hand(1 - seat)]
        return state

    real = tables.state_json
    monkeypatch.setattr(tables, "state_json", leaky)
    with watched(monkeypatch) as watch:
        host = TableClient.create(server.url, "Ann", seats=2)
        guest = TableClient.join(wait_for(host, "created")["links"]["1"], "Bo")
        wait_for(guest, "welcome")
        host.close()
        guest.close()
    assert watch.leaks
