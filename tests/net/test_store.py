"""The table store's interface, the same tests against each kind: SQLite (``tables.db``) and PostgreSQL. What
is written is read back as written, across closing and opening again; a write that fails changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from chinese_ten.net.store import CHAT_KEPT, ChatLine, SeatRow, StoreUnavailable, TableRow, TableStore
from chinese_ten.net.store_sqlite import SqliteStore
from tests.net.pgkit import open_store

AT = 1_765_432_109.123456
"""A moment kept to the microsecond: a single-precision column would round it by minutes."""


def table(table_id: str = "t1", created: float = AT, **changes: object) -> TableRow:
    row = TableRow(table_id, "ten", 2, {"preset": "classic"}, "one", True, 2**62 + 5, {"deals": [[]]}, 3, (1,),
                   created, created + 1.5, 30, False, 2, (0,), {"seat": 1, "key": "(1, 0)", "due": AT + 30.25})
    return TableRow(**{**row.__dict__, **changes})  # type: ignore[arg-type]


SEATS = [SeatRow(0, "Ann", "human", None, "a" * 64, None), SeatRow(1, "Computer (easy)", "computer", "easy"),
         SeatRow(2, "", "empty", None, None, "c" * 64)]


def test_a_table_and_its_seats_are_read_back_exactly_as_written(any_store: TableStore) -> None:
    any_store.create(table(), SEATS)
    assert any_store.load("t1") == (table(), SEATS)
    assert any_store.load("nowhere") is None


def test_what_is_written_is_kept_once_the_store_is_closed_and_opened_again(store_address: str) -> None:
    first = open_store(store_address)
    try:
        first.create(table(), SEATS)
        first.save_position("t1", {"deals": [["a"]]}, 9, [0], AT + 60, (1, {"format": "r"}))
        first.add_chat("t1", ChatLine(0, "Ann", "hello", AT))
    finally:
        first.close()
    second = open_store(store_address)
    try:
        kept = second.load("t1")
        assert kept is not None and (kept[0].progress, kept[0].seq, kept[0].last_action) == ({"deals": [["a"]]}, 9, AT + 60)
        assert second.records("t1") == [{"format": "r"}]
        assert second.chat_lines("t1") == [ChatLine(0, "Ann", "hello", AT)]
    finally:
        second.close()


def test_a_seat_saved_again_replaces_the_one_kept(any_store: TableStore) -> None:
    any_store.create(table(), SEATS)
    any_store.save_seat("t1", SeatRow(2, "Bo", "human", None, "b" * 64, None))
    kept = any_store.load("t1")
    assert kept is not None and kept[1] == [*SEATS[:2], SeatRow(2, "Bo", "human", None, "b" * 64, None)]


def test_a_position_is_kept_with_its_deal_record_and_a_new_match_with_its_seed(any_store: TableStore) -> None:
    any_store.create(table(), SEATS)
    any_store.save_position("t1", {"deals": [[], []]}, 20, [0, 1], AT + 5, (1, {"deal": 1}), again=[1])
    any_store.save_position("t1", '{"deals":[[],[],[]]}', 30, [], AT + 6, (2, {"deal": 2}), match=(77, 3))
    any_store.save_position("t1", {"deals": [[], [], []]}, 31, [], AT + 7, (2, {"deal": "2 again"}))
    kept = any_store.load("t1")
    assert kept is not None
    row = kept[0]
    assert (row.progress, row.seq, row.ready, row.last_action, row.seed, row.matches, row.again, row.turn_clock) == (
        {"deals": [[], [], []]}, 31, (), AT + 7, 77, 3, (), None)
    assert any_store.records("t1") == [{"deal": 1}, {"deal": "2 again"}]


def test_only_the_latest_chat_lines_are_kept_oldest_first(any_store: TableStore) -> None:
    any_store.create(table(), SEATS)
    for n in range(CHAT_KEPT + 3):
        any_store.add_chat("t1", ChatLine(n % 2, "Ann" if n % 2 == 0 else "Bo", f"line {n}", AT + n))
    lines = any_store.chat_lines("t1")
    assert [line.text for line in lines] == [f"line {n}" for n in range(3, CHAT_KEPT + 3)]
    assert lines[-1] == ChatLine(0, "Ann", f"line {CHAT_KEPT + 2}", AT + CHAT_KEPT + 2)


def test_expired_and_removed_tables_go_with_their_seats_deals_and_chat(any_store: TableStore) -> None:
    for n, created in enumerate((AT - 100, AT - 10, AT)):
        any_store.create(table(f"t{n}", created=created), SEATS)
        any_store.save_position(f"t{n}", {}, 1, [], created, (1, {"deal": n}))
        any_store.add_chat(f"t{n}", ChatLine(0, "Ann", "hi", created))
    assert any_store.table_ids() == ["t0", "t1", "t2"]
    assert any_store.expire(AT, after=50) == ["t0"]
    any_store.remove("t2")
    assert any_store.table_ids() == ["t1"]
    for gone in ("t0", "t2"):
        assert (any_store.load(gone), any_store.records(gone), any_store.chat_lines(gone)) == (None, [], [])
    assert any_store.records("t1") == [{"deal": 1}]


@contextmanager
def refusing_deals(store: TableStore) -> Iterator[None]:
    """Make the store's database refuse every new deal record, below the store (a trigger), then allow it."""
    if isinstance(store, SqliteStore):
        store._db.execute("CREATE TRIGGER refuse BEFORE INSERT ON deals BEGIN SELECT RAISE(ABORT, 'refused'); END")  # noqa: SLF001
        try:
            yield
        finally:
            store._db.execute("DROP TRIGGER refuse")  # noqa: SLF001
        return
    conn = store._conn  # type: ignore[attr-defined]  # noqa: SLF001 - the fault is injected under the store
    conn.execute("CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE 'refused'; END $$")
    conn.execute("CREATE TRIGGER refuse BEFORE INSERT ON deals FOR EACH ROW EXECUTE FUNCTION refuse()")
    try:
        yield
    finally:
        conn.execute("DROP TRIGGER refuse ON deals")
        conn.execute("DROP FUNCTION refuse()")


def test_a_write_that_fails_is_unavailable_and_changes_nothing(any_store: TableStore) -> None:
    any_store.create(table(), SEATS)
    with refusing_deals(any_store), pytest.raises(StoreUnavailable) as refused:
        any_store.save_position("t1", {"deals": [["x"]]}, 50, [0], AT + 9, (1, {"deal": 1}))
    assert "\n" not in str(refused.value)
    assert any_store.load("t1") == (table(), SEATS)  # the position written before the record was undone with it
    any_store.save_position("t1", {"deals": [["x"]]}, 50, [0], AT + 9, (1, {"deal": 1}))
    kept = any_store.load("t1")
    assert kept is not None and kept[0].seq == 50 and any_store.records("t1") == [{"deal": 1}]

