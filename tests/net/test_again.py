"""Playing again (NETWORK.md "Playing again"): after ``match_over`` each person may send ``again``, and each seat
then carries ``"again": true``; when every person has, a new match starts at the same table with the same seats,
rules and clock, a new shuffle and the dealer one seat on, its deals numbered on from the last match's; the
requests and the new match are kept across a restart; ``again`` before the match's end is refused and changes
nothing. On tables whose clock the tests move by hand, and over the wire with the client library."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.net.client import TableClient
from chinese_ten.net.follower import RemoteFollower
from chinese_ten.net.store_sqlite import SqliteStore
from chinese_ten.net.tables import Refused, Table, restore
from tests.net.netkit import Player, ServerThread, play_until, wait_for, watched
from tests.net.tablekit import HandClock, Line
from tests.net.test_welcome import open_table, play_deal


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqliteStore]:
    kept = SqliteStore(tmp_path / "tables.db")
    yield kept
    kept.close()


def finished(store: SqliteStore, clock: HandClock, **options: Any) -> tuple[Table, Line, dict[int, Line]]:
    """Three seats, two of them people, at the end of a one-deal match."""
    table, host, guests = open_table(store, clock, seats=3, computers={2: "easy"}, **options)
    play_deal(table, clock)
    clock.run()
    assert table.phase == "match_over"
    return table, host, guests


def wanting(line: Line) -> list[bool]:
    """Which seats carry ``"again": true`` in the latest seat list a connection was told."""
    return [s.get("again") is True for s in line.of("presence")[-1]["seats"]]


def test_again_before_the_match_is_over_is_refused_and_changes_nothing(store: SqliteStore) -> None:
    clock = HandClock()
    table, host, _guests = open_table(store, clock, seats=2)
    told = len(host.frames)
    with pytest.raises(Refused) as refused:
        table.again(0)
    assert refused.value.code == "bad-message" and "not over" in refused.value.message
    assert table.wants_again == set() and len(host.frames) == told and table.phase == "playing"
    kept = store.load(table.id)
    assert kept is not None and kept[0].again == ()


def test_each_person_who_asks_is_marked_and_the_match_waits_for_every_person(store: SqliteStore) -> None:
    clock = HandClock()
    table, host, guests = finished(store, clock)
    table.again(1)
    clock.run()
    assert table.phase == "match_over"
    assert wanting(host) == wanting(guests[1]) == [False, True, False]
    table.again(1)  # asking twice is asking once
    assert table.phase == "match_over" and table.wants_again == {1}


@pytest.mark.parametrize("game", ["ten", "fishing"])
def test_when_every_person_asked_a_new_match_starts_at_the_same_table_the_dealer_one_seat_on(
        store: SqliteStore, game: str) -> None:
    clock = HandClock()
    table, host, guests = finished(store, clock, turn_clock=60, game=game)
    table.chat(0, "one more?")
    first = table.session
    before = (table.row.seed, first.match.first_dealer, host.of("match_over")[-1]["seq"])
    tokens = [s.token_hash for s in table.seats]
    table.again(0)
    table.again(1)
    clock.run()
    assert table.phase == "playing" and table.session is not first
    assert table.row.seed != before[0] and table.row.matches == 1
    rules = table.session.match.rules
    assert table.session.match.first_dealer == rules.next_seat(before[1], 3)
    assert table.row.rules == first.match.rules.to_json() and table.row.clock == 60
    assert [s.token_hash for s in table.seats] == tokens and [s.kind for s in table.seats] == ["human", "human",
                                                                                               "computer"]
    news = [f for f in host.frames if f["type"] == "update" and f["seq"] > before[2]]
    assert news and news[0]["step"] == {"kind": "dealt", "deal": 1, "by": None} and news[0]["seq"] == before[2] + 1
    assert news[-1]["state"]["deal"] == 1 and news[-1]["state"]["clock"]["seconds"] == 60
    assert not any("again" in s for s in host.of("presence")[-1]["seats"])
    late = Line()
    table.attach(1, late)
    welcome = late.of("welcome")[0]
    assert welcome["phase"] == "playing" and "match_over" not in welcome and welcome["chat"][-1]["text"] == "one more?"
    play_deal(table, clock)
    clock.run()
    records = store.records(table.id)  # deal 2 of the table is deal 1 of its second match, kept beside the first
    assert table.phase == "match_over" and len(records) == 2 and records[0]["deal_number"] != records[1]["deal_number"]


def test_who_asked_and_the_new_match_are_kept_across_a_restart(tmp_path: Path) -> None:
    clock = HandClock()
    first = SqliteStore(tmp_path / "tables.db")
    table, _host, _guests = finished(first, clock)
    table.again(1)
    table.close()
    first.close()
    second = SqliteStore(tmp_path / "tables.db")
    try:
        back = restore(second, table.id, clock)
        assert back is not None and back.phase == "match_over" and back.wants_again == {1}
        line = Line()
        back.attach(0, line)
        assert [s.get("again") is True for s in line.of("welcome")[0]["seats"]] == [False, True, False]
        back.again(0)
        clock.run()
        hands = [list(h) for h in back.session.deal.hands]
        dealer = back.session.deal.dealer
        back.close()
    finally:
        second.close()
    third = SqliteStore(tmp_path / "tables.db")
    try:
        again = restore(third, table.id, clock)
        assert again is not None and again.phase == "playing" and again.row.matches == 1
        assert [list(h) for h in again.session.deal.hands] == hands and again.session.deal.dealer == dealer
        again.close()
    finally:
        third.close()


def test_a_person_alone_with_computers_plays_again_at_once(store: SqliteStore) -> None:
    clock = HandClock()
    table, host, _guests = open_table(store, clock, seats=2, computers={1: "easy"})
    play_deal(table, clock)
    clock.run()
    assert table.phase == "match_over"
    table.again(0)
    clock.run()
    assert table.phase == "playing" and table.row.matches == 1


def test_two_people_play_again_over_the_wire_and_the_window_follows_the_new_match(tmp_path: Path,
                                                                                  monkeypatch: Any) -> None:
    server = ServerThread(tmp_path, pool=False)
    clients: list[TableClient] = []
    try:
        with watched(monkeypatch) as watch:
            host = TableClient.create(server.url, "Ann", seats=2, match="one")
            clients.append(host)
            guest = TableClient.join(wait_for(host, "created")["links"]["1"], "Bo")
            clients.append(guest)
            players = [Player(host, 21), Player(guest, 22)]
            play_until(players, lambda: all(p.done for p in players), 60)
            seen = list(players[0].frames)
            host.again()
            wait_for(guest, "presence", where=lambda f: [s.get("again") is True for s in f["seats"]] == [True, False])
            assert guest.wants_again() == [0]
            guest.again()
            wait_for(host, "update", where=lambda f: f["step"]["kind"] == "dealt", seen=seen)
            dealt = wait_for(guest, "update", where=lambda f: f["step"]["kind"] == "dealt")
            assert dealt["state"]["deal"] == 1 and dealt["seq"] == seen[-1]["seq"]
            back = TableClient.rejoin(server.url, guest.table or "", guest.token or "")  # the token still holds
            clients.append(back)
            assert wait_for(back, "welcome")["phase"] == "playing"
            back.again()  # the new match is under way: not over, so refused
            refused = wait_for(back, "error")
            assert refused["code"] == "bad-message" and "not over" in refused["message"]
        assert watch.leaks == [] and len(watch.seeds) == 2  # each match its own shuffle, neither told
        follower = RemoteFollower(host, seen)  # the window's follower reads both matches without a fault
        assert follower.places is None and follower.deal_number == 1 and not follower.deal.is_over
    finally:
        for client in clients:
            client.close()
        server.stop()
