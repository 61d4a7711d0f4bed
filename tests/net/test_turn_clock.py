"""The turn clock (NETWORK.md "The turn clock"): a person's decision is timed and told in ``state.clock``; when
the time is up a Normal computer makes that decision, every seat told ``timed_out`` in the same update just
before the move; three in a row leave the seat away until its connection sends anything; a clock that runs out
with nobody connected waits for somebody; a clock kept running while the server is stopped has run on when its
table is back. On tables whose loop clock the tests move by hand; a ``create`` with a clock that is not one of
the four is refused over the wire."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.net.client import TableClient, updates_of
from chinese_ten.net.clock import IN_A_ROW
from chinese_ten.net.follower import RemoteFollower
from chinese_ten.net import tables
from chinese_ten.net.store import TableStore
from chinese_ten.net.store_sqlite import SqliteStore
from chinese_ten.net.tables import Table, restore
from tests.net.netkit import ServerThread, wait_for
from tests.net.tablekit import HandClock, Line
from tests.net.test_keeping import fail_writes
from tests.net.test_welcome import open_table, play_to

SECONDS = 15
RAN_OUT = {"kind": "timed_out", "seat": 1}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[TableStore]:
    kept = SqliteStore(tmp_path / "tables.db")
    yield kept
    kept.close()


def latest_state(line: Line) -> dict[str, Any]:
    """The state a connection was told last."""
    return [f["state"] for f in line.frames if f["type"] in ("welcome", "update") and f.get("state")][-1]


def decisions(table: Table) -> int:
    """How many actions have been applied in the deal under way (decisions and the rules' own steps)."""
    return len(table.session.actions[-1])


def run_out(table: Table, clock: HandClock, seat: int = 1) -> None:
    """The people play until it is ``seat``'s decision, which then runs out of time and is made for it."""
    play_to(table, clock, seat)
    made = decisions(table)
    clock.advance(SECONDS + 0.1)
    assert decisions(table) > made


def clocked_table(store: TableStore, clock: HandClock, **options: Any) -> tuple[Table, Line, dict[int, Line]]:
    """Two people at a one-deal table with a clock of :data:`SECONDS`."""
    return open_table(store, clock, turn_clock=SECONDS, **options)


def one_short_of_away(store: TableStore, clock: HandClock, **options: Any) -> tuple[Table, Line, dict[int, Line]]:
    """A :func:`clocked_table` at seat 1's decision after its last ``IN_A_ROW - 1`` ran out: one more, and the seat
    is away."""
    table, host, guests = clocked_table(store, clock, **options)
    for _ in range(IN_A_ROW - 1):
        run_out(table, clock)
    play_to(table, clock, 1)
    return table, host, guests


def test_a_persons_decision_is_timed_and_the_clock_is_in_every_seats_state(store: TableStore) -> None:
    clock = HandClock()
    table, host, guests = clocked_table(store, clock)
    play_to(table, clock, 1)
    for line in (host, guests[1]):
        assert latest_state(line)["clock"] == {"seat": 1, "seconds": SECONDS, "left": float(SECONDS)}
    clock.advance(6)
    late = Line()
    table.attach(0, late)  # a connection coming now is told what is left
    assert late.of("welcome")[0]["state"]["clock"] == {"seat": 1, "seconds": SECONDS, "left": float(SECONDS - 6)}


def test_a_table_without_a_clock_never_times_a_decision_nor_says_so(store: TableStore) -> None:
    clock = HandClock()
    table, host, _guests = open_table(store, clock)
    play_to(table, clock, 1)
    made = decisions(table)
    clock.advance(SECONDS * 10)
    assert decisions(table) == made and table.session.to_act == 1
    assert all("clock" not in f["state"] for f in host.frames if f.get("state"))


def test_a_decision_whose_time_is_up_is_made_by_a_normal_computer_told_first_to_every_seat(
        store: TableStore, monkeypatch: Any) -> None:
    clock = HandClock()
    table, host, guests = clocked_table(store, clock)
    asked: list[str] = []
    ask = table.thinker.ask

    def noted(tag: object, players: Any, view: Any, name: str, *rest: Any, **options: Any) -> None:
        asked.append(name)
        ask(tag, players, view, name, *rest, **options)

    monkeypatch.setattr(table.thinker, "ask", noted)
    play_to(table, clock, 1)
    made = decisions(table)
    told = {id(line): len(line.of("update")) for line in (host, guests[1])}
    clock.advance(SECONDS - 0.1)
    assert decisions(table) == made  # not yet
    clock.advance(0.2)
    assert decisions(table) > made and asked == ["normal"]
    for line in (host, guests[1]):
        fresh = line.of("update")[told[id(line)]:]
        marked = [f for f in fresh if RAN_OUT in f["events"]]
        assert len(marked) == 1
        move = marked[0]
        assert move["events"][0] == RAN_OUT and move["events"][1]["kind"] == "played"
        assert move["events"][1]["seat"] == 1 and move["step"] == {"kind": "moved", "deal": 1, "by": 1}
    assert not table.seats[1].away and not table.session.kinds[1].is_computer  # the seat is its person's again
    assert [s["kind"] for s in host.of("presence")[-1]["seats"]] == ["human", "human"]


def test_three_in_a_row_leave_the_seat_away_until_its_connection_sends_anything(store: TableStore) -> None:
    clock = HandClock()
    table, host, guests = clocked_table(store, clock)
    for _ in range(IN_A_ROW):
        assert not table.seats[1].away
        run_out(table, clock)
    assert table.seats[1].away and host.of("presence")[-1]["seats"][1]["kind"] == "away"
    told = len(host.of("update"))
    for _ in range(2):  # the stand-in answers the host's plays at once, with no clock and no run-out
        play_to(table, clock, 0)
        table.act(0, None, str(table.session.deal.legal_actions()[0]))
        clock.run()
        assert table.session.to_act != 1
    fresh = host.of("update")[told:]
    assert any(f["step"]["by"] == 1 for f in fresh) and not any(RAN_OUT in f["events"] for f in fresh)
    assert all((f["state"]["clock"] or {}).get("seat") != 1 for f in fresh)
    table.heard(1)  # any message from the seat's connection
    assert not table.seats[1].away and guests[1].of("presence")[-1]["seats"][1]["kind"] == "human"
    play_to(table, clock, 1)
    assert latest_state(guests[1])["clock"]["seat"] == 1
    run_out(table, clock)
    assert not table.seats[1].away  # the run started again


def test_a_decision_the_person_makes_ends_the_run(store: TableStore) -> None:
    clock = HandClock()
    table, _host, _guests = one_short_of_away(store, clock)
    table.act(1, None, str(table.session.deal.legal_actions()[0]))
    run_out(table, clock)
    assert not table.seats[1].away and table.turn_clock.streaks == {1: 1}


def test_a_person_who_connects_again_is_heard_from_and_the_run_starts_again(store: TableStore) -> None:
    clock = HandClock()
    table, _host, guests = clocked_table(store, clock)
    for _ in range(IN_A_ROW - 1):
        run_out(table, clock)
    table.detach(1, guests[1])
    table.attach(1, Line())
    run_out(table, clock)
    assert not table.seats[1].away and table.turn_clock.streaks == {1: 1}


def test_a_person_whose_time_is_up_is_refused_while_the_computer_decides(store: TableStore) -> None:
    clock = HandClock()
    table, _host, _guests = clocked_table(store, clock)
    play_to(table, clock, 1)
    table.seats[1].timed_out = True  # the moment between the clock's end and the computer's decision
    with pytest.raises(Exception, match="time ran out") as refused:
        table.act(1, None, str(table.session.deal.legal_actions()[0]))
    assert getattr(refused.value, "code", None) == "not-your-turn"


def test_a_clock_that_runs_out_with_nobody_connected_waits_for_somebody(store: TableStore) -> None:
    clock = HandClock()
    table, host, guests = clocked_table(store, clock, away_after=SECONDS * 100)
    play_to(table, clock, 1)
    made = decisions(table)
    table.detach(1, guests[1])
    table.detach(0, host)
    clock.advance(SECONDS * 3)
    assert decisions(table) == made and not table.seats[1].away  # nobody is kept waiting
    back = Line()
    table.attach(0, back)
    assert back.of("welcome")[0]["state"]["clock"]["left"] == 0.0
    clock.run()
    assert decisions(table) > made
    assert back.of("update")[0]["events"][0] == RAN_OUT


def test_a_disconnected_person_still_goes_away_after_away_after_whatever_the_clock(store: TableStore) -> None:
    clock = HandClock()
    table, host, guests = open_table(store, clock, turn_clock=120, away_after=20)
    play_to(table, clock, 1)
    table.detach(1, guests[1])
    clock.advance(20.5)
    assert table.seats[1].away and table.turn_clock.streaks == {}


SEAT_1_DECIDES_AGAIN = 2
"""A table seed whose deal has seat 1 decide again at once after the move its stand-in makes when its second
decision runs out (the card turned from the stock is its to take): that next decision is its person's."""


def epoch_of(clock: HandClock) -> Callable[[], float]:
    """The epoch's seconds, moved with the test's clock."""
    return lambda: clock.now + 1.7e9


def seeded(monkeypatch: Any, seed: int) -> None:
    """The next table opened is shuffled from ``seed``."""
    monkeypatch.setattr(tables.secrets, "randbits", lambda bits: seed)


def test_a_persons_decision_right_after_their_stand_ins_move_is_timed_kept_and_told(
        store: TableStore, monkeypatch: Any) -> None:
    seeded(monkeypatch, SEAT_1_DECIDES_AGAIN)
    clock = HandClock()
    table, host, guests = clocked_table(store, clock, wall=epoch_of(clock))
    for _ in range(IN_A_ROW - 1):
        run_out(table, clock)
    assert table.session.to_act == 1 and not table.session.kinds[1].is_computer  # the deal this seed gives
    timed = table.turn_clock.state()
    assert timed is not None and timed["seat"] == 1 and timed["left"] > SECONDS - 1
    for line in (host, guests[1]):
        told = latest_state(line)["clock"]
        assert told is not None and told["seat"] == 1 and told["left"] == float(SECONDS)
    loaded = store.load(table.id)
    assert loaded is not None and loaded[0].turn_clock == table.turn_clock.kept()


def restart_with_the_clock_running(tmp_path: Path, down: float) -> None:
    """Seat 1's third decision in a row is timed as the server stops for ``down`` seconds: back, the clock has
    run on meanwhile, and when it runs out the seat is away."""
    clock = HandClock()
    wall = epoch_of(clock)
    first = SqliteStore(tmp_path / "tables.db")
    table, _host, _guests = one_short_of_away(first, clock, wall=wall)
    made = decisions(table)
    clock.advance(SECONDS - 10)  # about 10 s left as the server stops
    timed = table.turn_clock.state()
    assert timed is not None and timed["seat"] == 1
    left = timed["left"]
    table.close()
    first.close()
    clock.now += down  # the server is stopped for a while
    second = SqliteStore(tmp_path / "tables.db")
    try:
        back = restore(second, table.id, clock, wall=wall)
        assert back is not None
        clock.run()
        assert decisions(back) == made  # nobody has come back yet
        line = Line()
        back.attach(0, line)
        if down < left:
            told = line.of("welcome")[0]["state"]["clock"]
            assert told == {"seat": 1, "seconds": SECONDS, "left": round(left - down, 1)}
            clock.advance(left - down - 0.1)
            assert decisions(back) == made
            clock.advance(0.2)
        else:
            clock.run()  # it ran out while the server was stopped: at once
        assert decisions(back) > made
        assert [f for f in line.of("update") if RAN_OUT in f["events"]][0]["events"][0] == RAN_OUT
        assert back.seats[1].away  # the third in a row, two of them before the restart
        back.close()
    finally:
        second.close()


@pytest.mark.parametrize("down", [4.0, 60.0])
def test_a_clock_kept_running_over_a_restart_has_run_on_meanwhile(tmp_path: Path, down: float) -> None:
    restart_with_the_clock_running(tmp_path, down)


@pytest.mark.parametrize("down", [4.0, 60.0])
def test_a_clock_kept_running_over_a_restart_just_after_a_stand_ins_move_has_run_on_meanwhile(
        tmp_path: Path, monkeypatch: Any, down: float) -> None:
    seeded(monkeypatch, SEAT_1_DECIDES_AGAIN)
    restart_with_the_clock_running(tmp_path, down)


def test_a_decision_the_person_makes_ends_the_run_in_what_is_kept_and_a_refused_one_does_not(store: TableStore) -> None:
    clock = HandClock()
    table, _host, _guests = one_short_of_away(store, clock)
    fail_writes(store, True)
    with pytest.raises(Exception, match="nothing changed") as refused:
        table.act(1, None, str(table.session.deal.legal_actions()[0]))
    assert getattr(refused.value, "code", None) == "unavailable" and table.turn_clock.streaks == {1: IN_A_ROW - 1}
    fail_writes(store, False)
    table.act(1, None, str(table.session.deal.legal_actions()[0]))
    table.close()  # the server stops before anything else is kept
    back = restore(store, table.id, clock)
    assert back is not None and back.turn_clock.streaks == {}
    back.close()


@pytest.mark.parametrize("value", ["10", "15.0", '"30"', "true", "0", "-15", "[60]", "{}", "1e9"])
def test_a_create_whose_clock_is_not_one_of_the_four_is_refused_and_nothing_is_created(tmp_path: Path,
                                                                                     value: str) -> None:
    from tests.net.test_bad_clients import raw, recv_type

    server = ServerThread(tmp_path, pool=False)
    try:
        with raw(server) as ws:
            ws.send('{"type": "create", "version": 1, "name": "Ann", "seats": 2, "clock": ' + value + "}")
            refused = recv_type(ws, "error")
            assert refused["code"] == "bad-message" and "clock" in refused["message"]
            assert server.server.store.table_ids() == []
            ws.send('{"type": "create", "version": 1, "name": "Ann", "seats": 2, "clock": null, "watchers": false}')
            created = recv_type(ws, "created")  # the same connection opens a table once the message is right
        kept = server.server.store.load(created["table"])
        assert kept is not None and (kept[0].clock, kept[0].watchers) == (None, False)
    finally:
        server.stop()


@pytest.mark.parametrize("seconds", [15, 30, 60, 120])
def test_each_of_the_four_clocks_is_kept_with_its_table(tmp_path: Path, seconds: int) -> None:
    from tests.net.test_bad_clients import raw, recv_type

    server = ServerThread(tmp_path, pool=False)
    try:
        with raw(server) as ws:
            ws.send(json.dumps({"type": "create", "version": 1, "name": "Ann", "seats": 2, "computers": {"1": "easy"},
                                "clock": seconds}))
            created = recv_type(ws, "created")
            state = recv_type(ws, "welcome")["state"]
        kept = server.server.store.load(created["table"])
        assert kept is not None and (kept[0].clock, kept[0].watchers) == (seconds, True)
        assert state["clock"] is None or state["clock"]["seconds"] == seconds
    finally:
        server.stop()


def test_the_client_library_reads_the_clock_and_counts_it_down(tmp_path: Path) -> None:
    server = ServerThread(tmp_path, pool=False)
    host = TableClient.create(server.url, "Ann", seats=2, computers={1: "easy"}, clock=SECONDS)
    try:
        state = wait_for(host, "welcome")["state"]  # the person leads the first deal: their clock runs
        assert state["clock"]["seat"] == 0 and state["clock"]["seconds"] == SECONDS
        assert 0 < state["clock"]["left"] <= SECONDS
        told = host.clock()
        assert told is not None and told["seat"] == 0 and told["left"] <= state["clock"]["left"]
    finally:
        host.close()
        server.stop()


def test_a_seat_away_after_its_clock_ran_out_is_back_on_any_message_over_the_wire(tmp_path: Path) -> None:
    server = ServerThread(tmp_path, pool=False)
    host = TableClient.create(server.url, "Ann", seats=2, clock=SECONDS)
    guest = TableClient.join(wait_for(host, "created")["links"]["1"], "Bo")
    try:
        wait_for(guest, "welcome")
        table = server.server.tables[host.table or ""]
        server.call(lambda: table._go_away(1))  # noqa: SLF001 - as three run-outs in a row leave it, connected
        wait_for(host, "presence", where=lambda f: f["seats"][1]["kind"] == "away")
        guest.chat("still here")
        wait_for(host, "presence", where=lambda f: f["seats"][1]["kind"] == "human")
        assert server.call(lambda: table.seats[1].away) is False
    finally:
        host.close()
        guest.close()
        server.stop()


class Told:
    """A seat's connection as the window's follower reads it: the frames a table sent it, once each."""

    game = "ten"

    def __init__(self, line: Line, seat: int) -> None:
        self.line, self.seat, self.read = line, seat, 0

    def poll(self) -> list[dict[str, Any]]:
        fresh = self.line.frames[self.read:]
        self.read = len(self.line.frames)
        return fresh

    def updates(self, frame: Any) -> list[Any]:
        return updates_of(frame, self.game)

    def act(self, action: str) -> str:
        return "a1"

    def next_deal(self) -> None:
        pass


def test_the_windows_follower_shows_the_move_made_for_a_seat_whose_clock_ran_out(store: TableStore,
                                                                                 caplog: Any) -> None:
    clock = HandClock()
    table, host, _guests = clocked_table(store, clock)
    run_out(table, clock)
    follower = RemoteFollower(Told(host, 0))  # type: ignore[arg-type]
    assert follower.receive()
    for _ in range(100):  # show every move that came, as the table asks for each
        if not follower.advance():
            break
    marked = [f for f in host.of("update") if RAN_OUT in f["events"]][0]
    shown = [u for u in follower.updates(0) if u.seat == 1 and u.kind == "moved"]
    assert shown and len(shown[-1].events) == len(marked["events"]) - 1  # the move whole, the table's event left out
    assert not [r for r in caplog.records if "could not read" in r.getMessage()]
