"""What a seat is told on arriving and while a deal is over: each card's points, the table's latest chat
(kept across restarts), who is ready for the next deal, the seats' labels; and the away clock, which starts
when a person is disconnected on their move whoever else is connected. On a table with a clock moved by hand."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.cards import ALL_CARDS
from chinese_ten.games.fishing.rules import points_of
from chinese_ten.games.ten.rules import rules_from_json
from chinese_ten.net import protocol as p
from chinese_ten.net.store import CHAT_KEPT
from chinese_ten.net.store_sqlite import SqliteStore
from chinese_ten.net.tables import Table, restore
from tests.net.tablekit import HandClock, Line

AWAY = 25.0


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqliteStore]:
    kept = SqliteStore(tmp_path / "tables.db")
    yield kept
    kept.close()


def open_table(store: SqliteStore, clock: HandClock, *, game: str = "ten", seats: int = 2, match: str = "one",
               computers: dict[int, str] | None = None, turn_clock: int | None = None,
               **options: Any) -> tuple[Table, Line, dict[int, Line]]:
    """A table with its host connected and every kept seat taken by a connected guest (``turn_clock``: the seconds
    a decision; ``options`` go to :meth:`Table.open`)."""
    msg = p.Create(1, "Ann", game, seats, None, match, computers or {}, True, turn_clock)
    table, _token, claims = Table.open(msg, store, clock, **{"away_after": AWAY, "public_url": "http://127.0.0.1:9",
                                                             **options})
    host = Line()
    table.attach(0, host)
    guests = {}
    for seat, claim in claims.items():
        guests[seat] = Line()
        table.take_claim(claim, f"G{seat}", guests[seat])
    clock.run()
    return table, host, guests


def play_to(table: Table, clock: HandClock, seat: int) -> None:
    """The people play their first legal actions until it is ``seat``'s move."""
    for _ in range(200):
        clock.run()
        mover = table.session.to_act
        if mover == seat:
            return
        assert mover is not None and table.phase == "playing"
        table.act(mover, None, str(table.session.deal.legal_actions()[0]))
    raise AssertionError(f"never seat {seat}'s move")


def play_deal(table: Table, clock: HandClock) -> None:
    """The people play the deal to its end."""
    for _ in range(500):
        clock.run()
        if table.phase != "playing":
            return
        mover = table.session.to_act
        assert mover is not None
        table.act(mover, None, str(table.session.deal.legal_actions()[0]))
    raise AssertionError("the deal never ended")


def test_welcome_tells_each_cards_points_under_the_rules_in_force(store: SqliteStore) -> None:
    clock = HandClock()
    table, host, _guests = open_table(store, clock, seats=3)
    values = host.of("welcome")[0]["values"]
    expected = rules_from_json(table.row.rules).points_table(3)
    assert values == {str(c): expected[c] for c in ALL_CARDS} and values["AH"] > 0 and any(v == 0 for v in values.values())
    fishing, host, _ = open_table(store, clock, game="fishing", seats=2)
    assert host.of("welcome")[0]["values"] == {str(c): points_of(c) for c in ALL_CARDS}


def test_welcome_carries_the_last_fifty_chat_lines_oldest_first_after_a_restart(tmp_path: Path) -> None:
    clock = HandClock()
    first = SqliteStore(tmp_path / "tables.db")
    table, host, guests = open_table(first, clock)
    for n in range(CHAT_KEPT + 5):
        table.chat(n % 2, f"line {n}")
    said = host.of("chat")
    assert [f["text"] for f in said] == [f"line {n}" for n in range(CHAT_KEPT + 5)]
    assert said[0]["name"] == "Ann" and said[1]["name"] == "G1" and isinstance(said[0]["at"], float)
    table.close()
    first.close()
    second = SqliteStore(tmp_path / "tables.db")
    try:
        back = restore(second, table.id, clock)
        assert back is not None
        line = Line()
        back.attach(1, line)
        welcome = line.of("welcome")[0]
        assert [c["text"] for c in welcome["chat"]] == [f"line {n}" for n in range(5, CHAT_KEPT + 5)]
        assert welcome["chat"][0] == {k: said[5][k] for k in ("seat", "name", "text", "at")}
        assert welcome["chat_on"] is True
        back.close()
    finally:
        second.close()


def test_each_seat_is_ready_once_its_person_sent_next_while_the_deal_is_over(store: SqliteStore) -> None:
    clock = HandClock()
    table, host, guests = open_table(store, clock, seats=3, match="per-seat", computers={2: "easy"})
    play_deal(table, clock)
    assert table.phase == "deal_over"
    assert not any("ready" in s for s in host.of("presence")[-1]["seats"])
    table.ready_next(1)
    seats = host.of("presence")[-1]["seats"]
    assert [s.get("ready") for s in seats] == [None, True, None]
    late = Line()
    table.attach(1, late)  # a seat arriving now is told the same
    assert [s.get("ready") for s in late.of("welcome")[0]["seats"]] == [None, True, None]
    table.ready_next(0)
    clock.run()
    assert table.phase == "playing" and table.session.deal_number == 2
    assert not any("ready" in s for s in table.presence_list())


def test_seats_are_labelled_host_and_guest_n_the_same_for_everyone(store: SqliteStore) -> None:
    clock = HandClock()
    table, host, guests = open_table(store, clock, seats=3, computers={2: "hard"})
    for line in (host, guests[1]):
        seats = line.of("presence")[-1]["seats"]
        assert [s["label"] for s in seats] == ["host", "guest 1", "guest 2"]
        assert [s["name"] for s in seats[:2]] == ["Ann", "G1"] and seats[2]["strength"] == "hard"


def test_the_away_clock_starts_at_the_disconnect_whoever_else_is_connected(store: SqliteStore) -> None:
    clock = HandClock()
    table, host, guests = open_table(store, clock)
    play_to(table, clock, 1)
    table.detach(0, host)  # the host's connection drops first, then the guest's, on the guest's move
    table.detach(1, guests[1])
    clock.advance(10)
    back = Line()
    table.attach(0, back)  # the host is back ten seconds later
    clock.advance(AWAY - 10 - 0.5)
    assert not table.seats[1].away
    clock.advance(1.0)
    assert table.seats[1].away
    assert back.of("presence")[-1]["seats"][1]["kind"] == "away"


def test_a_seat_whose_clock_ran_out_with_nobody_here_goes_away_when_somebody_comes(store: SqliteStore) -> None:
    clock = HandClock()
    table, host, guests = open_table(store, clock)
    play_to(table, clock, 1)
    table.detach(0, host)
    table.detach(1, guests[1])
    played = len(table.session.actions[-1])
    clock.advance(AWAY * 3)
    assert not table.seats[1].away and len(table.session.actions[-1]) == played  # nobody is kept waiting
    back = Line()
    table.attach(0, back)
    assert table.seats[1].away
    clock.run()
    assert len(table.session.actions[-1]) > played  # the stand-in has played the seat's move


def test_a_person_back_before_the_clock_runs_out_keeps_the_seat(store: SqliteStore) -> None:
    clock = HandClock()
    table, host, guests = open_table(store, clock)
    play_to(table, clock, 1)
    table.detach(1, guests[1])
    clock.advance(AWAY - 1)
    table.attach(1, Line())
    clock.advance(AWAY * 2)
    assert not table.seats[1].away and table.session.to_act == 1
