"""A table's deal records: ``deal_over`` carries the deal's number, and no frame names it before."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.engine.streams import deal_number
from chinese_ten.games import game_named
from chinese_ten.net.client import TableClient
from tests.net.netkit import Player, ServerThread, play_until, wait_for, watched


@pytest.fixture
def server(tmp_path: Path) -> Any:
    running = ServerThread(tmp_path, pool=False)
    yield running
    running.stop()


@pytest.mark.parametrize(("game", "seats", "match"), [("ten", 2, "per-seat"), ("fishing", 3, "one")])
def test_deal_over_names_the_deal_number_and_no_frame_before_it_does(server: ServerThread, monkeypatch: Any,
                                                                     game: str, seats: int, match: str) -> None:
    computers = {s: "easy" for s in range(2, seats)}
    with watched(monkeypatch) as watch:
        host = TableClient.create(server.url, "Ann", game=game, seats=seats, computers=computers, match=match)
        guest = TableClient.join(wait_for(host, "created")["links"]["1"], "Bo")
        players = [Player(host, 11), Player(guest, 12)]
        try:
            play_until(players, lambda: all(p.done for p in players), 40)
        finally:
            host.close()
            guest.close()
    assert watch.leaks == []
    (seed,) = watch.seeds
    spec = game_named(game)
    for p in players:
        texts = [json.dumps(f) for f in p.frames]
        overs = [i for i, f in enumerate(p.frames) if f["type"] == "deal_over"]
        assert len(overs) == (seats if match == "per-seat" else 1)
        for k, at in enumerate(overs):
            record = p.frames[at]["record"]
            number = record["deal_number"]
            assert number == deal_number(int(seed), k)  # the k-th deal of the match's seed
            named = re.compile(rf"(?<!\d){number}(?!\d)")
            assert not any(named.search(t) for t in texts[:at]), "a deal's number was told before its end"
            dealt = spec.deal(seats, random.Random(number), record["dealer"], spec.default_rules)
            assert [[str(c) for c in h] for h in dealt.initial[0]] == record["hands"]  # it deals the deal again
            assert spec.replay({k2: v for k2, v in record.items() if k2 != "result"}).is_over
