"""A table's lease, the same against each kind of store: one server at a time holds a table; a lease that lapsed is
taken by another; and a server whose lease was lost writes nothing more of that table, neither position, seat nor
chat line, for every write names the lease's version (``UPDATE ... WHERE version = n``)."""

from __future__ import annotations

import time

import pytest

from chinese_ten.net.store import ChatLine, Lease, LeaseLost, SeatRow, TableRow, TableStore

ROW = TableRow("t1", "ten", 2, "classic", "one", True, 7, {"at": "start"}, 0, (), 1.0, 1.0)
SEAT = SeatRow(0, "Ann", "human", None, "a" * 64)


@pytest.fixture
def store(any_store: TableStore) -> TableStore:
    any_store.create(ROW, [SEAT])
    return any_store


def test_a_table_is_held_by_one_server_at_a_time_until_it_gives_the_table_up(store: TableStore) -> None:
    east = store.take_lease("t1", "east")
    assert east == Lease("t1", "east", 1)
    assert store.take_lease("t1", "west") is None and store.holder("t1") == "east"
    store.give_up_lease(east)
    assert store.holder("t1") is None
    assert store.take_lease("t1", "west") == Lease("t1", "west", 2)
    assert store.take_lease("nowhere", "west") is None


def test_a_lapsed_lease_is_taken_by_another_and_its_old_holder_writes_nothing_more(store: TableStore) -> None:
    east = store.take_lease("t1", "east", seconds=-1.0)  # lapsed as soon as taken: no waiting for the clock
    assert east is not None and store.holder("t1") is None
    store.save_position("t1", {"at": "east's move"}, 1, [], 2.0, lease=east)  # nobody took it: still east's
    west = store.take_lease("t1", "west")
    assert west is not None and west.version == east.version + 1
    with pytest.raises(LeaseLost):
        store.save_position("t1", {"at": "east's late move"}, 2, [], 3.0, (1, {"deal": "east"}), lease=east)
    with pytest.raises(LeaseLost):
        store.save_seat("t1", SeatRow(0, "Eve", "human", None, "e" * 64), lease=east)
    with pytest.raises(LeaseLost):
        store.add_chat("t1", ChatLine(0, "Ann", "from east", 3.0), lease=east)
    assert not store.renew_lease(east)
    store.give_up_lease(east)  # a lost lease let go of changes nothing
    kept = store.load("t1")
    assert kept is not None and (kept[0].progress, kept[0].seq, kept[1]) == ({"at": "east's move"}, 1, [SEAT])
    assert store.records("t1") == [] and store.chat_lines("t1") == [] and store.holder("t1") == "west"
    store.save_position("t1", {"at": "west's move"}, 2, [], 4.0, lease=west)
    kept = store.load("t1")
    assert kept is not None and kept[0].progress == {"at": "west's move"}


def test_a_renewed_lease_lasts_and_a_lapsed_one_nobody_took_can_be_renewed(store: TableStore) -> None:
    east = store.take_lease("t1", "east", seconds=-1.0)
    assert east is not None and store.holder("t1") is None
    assert store.renew_lease(east, seconds=60.0) and store.holder("t1") == "east"
    assert store.take_lease("t1", "west") is None


def test_a_lease_outlives_the_store_being_closed_and_opened_again(store_address: str) -> None:
    from tests.net.pgkit import open_store

    first = open_store(store_address)
    try:
        first.create(ROW, [SEAT])
        east = first.take_lease("t1", "east")
    finally:
        first.close()
    second = open_store(store_address)
    try:
        assert east is not None and second.holder("t1") == "east" and second.renew_lease(east)
        assert second.take_lease("t1", "west") is None
    finally:
        second.close()


def test_a_lease_is_timed_by_the_store_s_clock_whatever_the_server_s_clock_says(
        store: TableStore, monkeypatch: pytest.MonkeyPatch) -> None:
    east = store.take_lease("t1", "east")
    assert east is not None
    monkeypatch.setattr(time, "time", lambda: 2_000_000_000.0 + 3600)  # a server whose clock is an hour ahead
    assert store.take_lease("t1", "west") is None and store.holder("t1") == "east"
    assert store.renew_leases("east") == {"t1": east.version}
    assert store.renew_leases("west") == {}
