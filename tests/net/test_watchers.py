"""Watchers of a table, without a network: every frame a watcher gets over whole matches of both games is scanned
as it leaves for a card in any hand or the stock; a watcher's state is the seats' shared part; the count of
watchers in ``presence``; at most 50; none when the host turns watching off."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from chinese_ten.net import protocol as p
from chinese_ten.net.store import TableStore
from chinese_ten.net.store_sqlite import SqliteStore
from chinese_ten.net.tables import Refused, Table, restore
from chinese_ten.net.watchers import WATCHERS_MAX, shared_events
from tests.net.netkit import cards_named
from tests.net.tablekit import HandClock, Line
from tests.net.test_welcome import open_table as welcome_table


@pytest.fixture
def store(tmp_path: Path) -> Iterator[TableStore]:
    kept = SqliteStore(tmp_path / "tables.db")
    yield kept
    kept.close()


class ScannedWatcher(Line):
    """A watcher's connection that checks each frame as it is sent: no card in any hand or in the stock."""

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self.leaks: list[str] = []

    def push(self, text: str) -> None:
        table = self.table
        if table.started:
            deal = table.session.deal
            hidden = {str(c) for hand in deal.hands for c in hand} | {str(c) for c in deal.stock}
            named = cards_named(json.loads(text))
            if named & hidden:
                self.leaks.append(f"{sorted(named & hidden)} in {text[:200]}")
        super().push(text)


def open_table(store: TableStore, game: str, seats: int, computers: dict[int, str] | None = None,
               ) -> tuple[Table, HandClock, dict[int, Line]]:
    """A per-seat match of ``game`` with every seat not a computer's taken by a person; their connections by seat."""
    clock = HandClock()
    table, host, guests = welcome_table(store, clock, game=game, seats=seats, match="per-seat", computers=computers)
    return table, clock, {0: host, **guests}


def play_to_the_end(table: Table, clock: HandClock, lines: dict[int, Line]) -> None:
    """The match played by the people's greediest legal actions, each person ready for every next deal."""
    for _ in range(10_000):  # a few deals of at most a few dozen steps each
        clock.run()
        if table.phase == "match_over":
            return
        if table.phase == "deal_over":
            for seat in lines:
                table.ready_next(seat)
            continue
        mover = table.session.to_act
        if mover in lines:
            table.act(mover, None, greedy(table))
    raise AssertionError("the match never ended")


def greedy(table: Table) -> str:
    """The legal action naming the most cards (the largest capture), so the layout stays small."""
    return max((str(a) for a in table.session.deal.legal_actions()), key=len)


@pytest.mark.parametrize(("game", "seats", "computers"), [("ten", 2, {}), ("ten", 4, {3: "normal"}),
                                                          ("fishing", 3, {}), ("fishing", 5, {2: "easy"})])
def test_a_watcher_over_a_whole_match_is_never_sent_a_card_in_a_hand_or_the_stock(
        store: TableStore, game: str, seats: int, computers: dict[int, str]) -> None:
    table, clock, lines = open_table(store, game, seats, computers)
    early = ScannedWatcher(table)
    table.watch(early)
    play_to_the_end(table, clock, lines)
    updates = [f for f in early.frames if f["type"] == "update"]
    assert early.leaks == []
    assert len(updates) > 20 and early.frames[0]["type"] == "watching"
    assert [f["type"] for f in early.frames if f["type"] in ("deal_over", "match_over")][-1] == "match_over"
    assert all(f["state"]["hand"] == [] and f["state"]["legal"] == [] and f["state"]["seat"] is None
               and f["state"]["pending"] is None for f in updates)


def test_a_watchers_update_shows_what_the_seats_share_at_the_same_step(store: TableStore) -> None:
    table, clock, lines = open_table(store, "fishing", 3)
    watcher = ScannedWatcher(table)
    table.watch(watcher)
    play_to_the_end(table, clock, lines)
    host = {f["seq"]: f for f in lines[0].frames if f["type"] == "update"}
    watched = [f for f in watcher.frames if f["type"] == "update"]
    since = watcher.frames[0]["seq"]  # the deal was told before the watcher came: in ``watching``'s story
    assert watched and {f["seq"] for f in watched} == {seq for seq in host if seq > since}
    for frame in watched:
        seat = host[frame["seq"]]["state"]
        shared = ("layout", "hand_sizes", "stock_left", "pile_sizes", "points", "to_move", "turn", "totals")
        assert {k: frame["state"][k] for k in shared} == {k: seat[k] for k in shared}
    drawn = [e for f in watched for e in f["events"] if e["kind"] == "drawn"]
    assert drawn and all(e["card"] is None for e in drawn)  # another's draw, to every seat but the drawer
    assert watcher.leaks == []


def test_a_watcher_arriving_mid_deal_is_told_the_deal_so_far_without_a_hand(store: TableStore) -> None:
    table, clock, lines = open_table(store, "ten", 3)
    clock.run()
    plays = 0
    for _ in range(4):  # four decisions: plays, or a choice of what a turned card takes
        action = greedy(table)
        plays += action.startswith("play")
        table.act(table.session.to_act or 0, None, action)
        clock.run()
    watcher = ScannedWatcher(table)
    table.watch(watcher)
    first = watcher.frames[0]
    assert first["type"] == "watching" and first["table"] == table.id and first["seq"] == table.seq
    last = [f for f in lines[0].frames if f["type"] == "update"][-1]
    assert first["state"]["hand"] == [] and first["state"]["layout"] == last["state"]["layout"]
    dealt = first["story"][0]
    assert dealt["kind"] == "dealt" and all(card is None for hand in dealt["hands"] for card in hand)
    assert len([e for e in first["story"] if e["kind"] == "played"]) == plays
    assert watcher.leaks == []


def test_presence_counts_the_watchers_as_they_come_and_go(store: TableStore) -> None:
    table, _clock, lines = open_table(store, "ten", 2)
    one, two = Line(), Line()
    table.watch(one)
    table.watch(two)
    assert [f["watchers"] for f in lines[1].frames if f["type"] == "presence"][-2:] == [1, 2]
    table.unwatch(one)
    assert [f["watchers"] for f in lines[1].frames if f["type"] == "presence"][-1] == 1
    back = Line()
    table.attach(1, back)
    assert back.frames[0]["type"] == "welcome" and back.frames[0]["watchers"] == 1
    assert two.frames[-1] == {"type": "presence", "seats": table.presence_list(), "watchers": 1}


def test_the_fifty_first_watcher_is_refused_and_closed(store: TableStore) -> None:
    table, _clock, _lines = open_table(store, "ten", 2)
    for _ in range(WATCHERS_MAX):
        table.watch(Line())
    with pytest.raises(Refused) as refused:
        table.watch(Line())
    assert (refused.value.code, refused.value.close) == ("too-many", p.CLOSE_FLOOD)
    assert len(table.watchers) == WATCHERS_MAX


def test_a_table_opened_without_watchers_refuses_a_watcher_with_4003(store: TableStore) -> None:
    msg = p.Create(1, "Ann", "ten", 2, None, "one", {1: "easy"}, True, None, False)
    table, _token, _claims = Table.open(msg, store, HandClock())
    with pytest.raises(Refused) as refused:
        table.watch(Line())
    assert refused.value.close == p.CLOSE_REFUSED and len(table.watchers) == 0
    table.close()


def test_the_host_turns_watching_off_closing_every_watcher_and_it_stays_off_after_a_restart(
        store: TableStore) -> None:
    table, clock, _lines = open_table(store, "ten", 2)
    watcher = Line()
    table.watch(watcher)
    with pytest.raises(Refused) as refused:
        table.set_watching(1, False)
    assert refused.value.code == "not-host" and len(table.watchers) == 1
    table.set_watching(0, False)
    assert watcher.closed == p.CLOSE_REFUSED and len(table.watchers) == 0
    table.close()
    again = restore(store, table.id, clock)
    assert again is not None and again.row.watchers is False
    with pytest.raises(Refused):
        again.watch(Line())
    again.set_watching(0, True)
    again.watch(Line())
    assert len(again.watchers) == 1
    again.close()


def test_shared_events_keep_only_what_every_seat_was_told() -> None:
    told = [[{"kind": "drawn", "seat": 0, "card": "7D"}], [{"kind": "drawn", "seat": 0, "card": None}]]
    assert shared_events(told) == [{"kind": "drawn", "seat": 0, "card": None}]
    with pytest.raises(ValueError, match="different"):
        shared_events([[{"kind": "drawn"}], [{"kind": "played"}]])
