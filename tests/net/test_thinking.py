"""Computers on a busy server (:mod:`chinese_ten.net.thinking`): the tables' searching decisions share the pool in
turn, not first come; the queue refuses beyond its bound and Normal makes the refused decision at once, so no
move is lost; a people's table is acknowledged while every worker thinks for the computers, and a seat is told
whose computer is deciding (``state.thinking``). The pool here is held by the test: a decision is done only when
the test says, so every wait is for an event."""

from __future__ import annotations

import queue
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, Future
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.engine.match import MatchLength
from chinese_ten.engine.session import SeatKind, TableSession
from chinese_ten.engine.thinking import decide
from chinese_ten.games import game_named
from chinese_ten.net import protocol as p
from chinese_ten.net.client import TableClient
from chinese_ten.net.follower import RemoteFollower
from chinese_ten.net.store_sqlite import SqliteStore
from chinese_ten.net.tables import Table
from chinese_ten.net.thinking import MOVE_S, WAIT_S, PooledThinker, QueueFull, ThinkingQueue, thinking_seat
from tests.net.netkit import ServerThread, wait_for
from tests.net.tablekit import HandClock, Line

GUARD_S = 60.0
"""A bound against a freeze only: each wait here takes well under a second on a quiet machine."""


class HeldPool(Executor):
    """A pool that does each decision handed to it only when the test says; what it was handed, in order."""

    def __init__(self) -> None:
        self.handed: queue.Queue[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = queue.Queue()
        self.order: list[tuple[Any, ...]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_running_or_notify_cancel()
        self.order.append(args)
        self.handed.put((future, fn, args))
        return future

    def finish_next(self) -> Any:
        """Do the oldest decision handed over and not yet done (waiting for one to be handed); its answer."""
        future, fn, args = self.handed.get(timeout=GUARD_S)
        answer = fn(*args)
        future.set_result(answer)
        return answer


def still_queue(pool: Executor, workers: int = 1, bound: int = 10) -> ThinkingQueue:
    """A queue over ``pool`` whose clock stands still and whose tables wait an hour: no decision waits too long,
    however slow the test runs."""
    return ThinkingQueue(lambda: pool, workers=workers, bound=bound, clock=lambda: 0.0, patience=3600.0)


def a_view() -> tuple[Any, Any]:
    """Chinese Ten's players and the view of the seat to act at the start of a deal."""
    game = game_named("ten")
    session = TableSession(game, [SeatKind.remote(), SeatKind.remote()], MatchLength.parse("one"), seed=5)
    return game.players, session.observe(session.to_act)


def test_the_queue_serves_the_tables_in_turn_not_first_come() -> None:
    pool = HeldPool()
    thinking = still_queue(pool)
    asked = [thinking.submit("busy", str, f"busy {n}") for n in range(1, 5)]
    asked.append(thinking.submit("quiet", str, "quiet 1"))
    assert pool.finish_next() == "busy 1"
    assert pool.finish_next() == "quiet 1"  # asked last, served second: its table's turn came before busy's next
    assert [pool.finish_next() for _ in range(3)] == ["busy 2", "busy 3", "busy 4"]
    assert [f.result(timeout=GUARD_S) for f in asked] == ["busy 1", "busy 2", "busy 3", "busy 4", "quiet 1"]
    assert (thinking.waiting, thinking.running, thinking.served) == (0, 0, 5)


def test_a_table_asking_move_after_move_takes_turns_with_another_table() -> None:
    pool = HeldPool()
    thinking = still_queue(pool)
    players, view = a_view()
    busy, quiet = PooledThinker(lambda: thinking), PooledThinker(lambda: thinking)
    busy.ask("b1", players, view, "hard", None, 1)
    quiet.ask("q1", players, view, "hard", None, 2)
    pool.finish_next()
    got = busy.poll()
    assert got is not None and got[0] == "b1"
    busy.ask("b2", players, view, "hard", None, 3)  # its next move at once, while quiet's first still waits
    pool.finish_next()
    assert busy.poll() is None
    got = quiet.poll()
    assert got is not None and got[0] == "q1"
    pool.finish_next()
    got = busy.poll()
    assert got is not None and got[0] == "b2"
    assert [args[-2] for args in pool.order] == [1, 2, 3]  # the seeds in the order the pool was handed them


def test_two_tables_one_asking_move_after_move_share_the_worker_in_turn(tmp_path: Path) -> None:
    pool, clock = HeldPool(), HandClock()
    thinking = still_queue(pool)
    store = SqliteStore(tmp_path / "tables.db")
    try:
        busy = Table.open(p.Create(1, "Ann", "ten", 4, None, "one", {1: "hard", 2: "hard", 3: "hard"}, True), store,
                          clock, pool=lambda: thinking)[0]
        quiet = Table.open(p.Create(1, "Bo", "ten", 2, None, "one", {1: "hard"}, True), store, clock,
                           pool=lambda: thinking)[0]
        for table in (busy, quiet):
            table.attach(0, Line())
            clock.run()
            for number in range(3):  # a play, and the choices it may owe: its take's and the turned card's
                if table.session.to_act != 0:
                    break
                table.act(0, f"a{number}", str(table.session.deal.legal_actions()[0]))
                clock.run()
        served = []
        for _ in range(3):
            future, fn, args = pool.handed.get(timeout=GUARD_S)
            served.append(args[1].seats)  # whose view: four seats for busy, two for quiet
            future.set_result(fn(*args))
            clock.run()  # the table whose decision came moves on, and asks for its next at once
        assert served == [4, 2, 4]  # quiet's decision went before busy's second, though busy asked again first
        assert 1 in [u.seat for u in quiet.session.updates(0) if u.kind == "moved"]  # quiet's computer has moved
    finally:
        for table in (busy, quiet):
            table.close()
        store.close()


def test_beyond_its_bound_the_queue_refuses_and_normal_makes_that_move_at_once() -> None:
    pool = HeldPool()
    thinking = still_queue(pool, bound=2)
    held = [thinking.submit(owner, str, owner) for owner in ("a", "b", "c")]  # a in the pool, b and c waiting
    with pytest.raises(QueueFull):
        thinking.submit("d", str, "d")
    assert (thinking.running, thinking.waiting, thinking.refused) == (1, 2, 1)
    players, view = a_view()
    refused = PooledThinker(lambda: thinking)
    refused.ask("tag", players, view, "hard", None, 7)
    got = refused.poll()
    assert got == ("tag", decide(players, view, "normal", None, 7))  # made, and by Normal, without waiting
    assert thinking.refused == 2 and thinking.waiting == 2  # nothing was queued for it
    assert [pool.finish_next() for _ in range(3)] == ["a", "b", "c"]  # those already queued are all answered
    assert [f.result(timeout=GUARD_S) for f in held] == ["a", "b", "c"]


def test_a_decision_called_off_while_waiting_leaves_the_queue_and_never_reaches_the_pool() -> None:
    pool = HeldPool()
    thinking = still_queue(pool, bound=2)
    thinking.submit("a", str, "a")
    players, view = a_view()
    gone = PooledThinker(lambda: thinking)
    gone.ask("old", players, view, "hard", None, 1)
    gone.cancel()
    thinking.submit("b", str, "b")
    thinking.submit("c", str, "c")  # room for two: the called-off decision no longer counts
    assert [pool.finish_next() for _ in range(3)] == ["a", "b", "c"]
    assert gone.poll() is None


def test_a_decision_that_waited_too_long_for_a_worker_is_made_by_normal() -> None:
    pool, now = HeldPool(), [0.0]
    thinking = ThinkingQueue(lambda: pool, workers=1, bound=10, clock=lambda: now[0])
    thinking.submit("a", str, "a")
    players, view = a_view()
    late = PooledThinker(lambda: thinking)
    late.ask("late", players, view, "hard", None, 5)
    now[0] = WAIT_S + 0.5  # the worker took that long over "a"
    assert pool.finish_next() == "a"
    assert late.poll() == ("late", decide(players, view, "normal", None, 5))
    assert pool.handed.empty() and thinking.refused == 1  # never handed to the pool


def test_slow_workers_leave_room_for_only_as_many_as_they_get_through_in_time() -> None:
    pool, now = HeldPool(), [0.0]
    thinking = ThinkingQueue(lambda: pool, workers=1, bound=16, clock=lambda: now[0])
    assert thinking.room == 15  # at the pace assumed, 0.1 s a decision
    thinking.submit("start", str, "start")
    now[0] = 5.0  # the process took long to start: no measure of its pace
    pool.finish_next()
    assert thinking.room == 15
    thinking.submit("a", str, "a")
    now[0] = 6.5  # the decision took 1.5 s
    pool.finish_next()
    assert thinking.room == int(WAIT_S / thinking.pace) < 15
    for owner in range(1 + thinking.room):  # the first goes to the free worker, the rest wait
        thinking.submit(owner, str, "waits")
    assert thinking.waiting == thinking.room
    with pytest.raises(QueueFull):
        thinking.submit("one more", str, "refused")


def test_a_decision_the_pool_takes_too_long_over_is_made_by_normal_and_its_late_answer_dropped() -> None:
    pool, clock = HeldPool(), HandClock()
    thinking = ThinkingQueue(lambda: pool, workers=1, bound=10, clock=lambda: 0.0)
    players, view = a_view()
    thinker = PooledThinker(lambda: thinking, clock)
    woken: list[bool] = []
    thinker.wake = lambda: woken.append(True)
    thinker.ask("slow", players, view, "hard", None, 9)
    future, fn, args = pool.handed.get(timeout=GUARD_S)
    clock.advance(MOVE_S - 0.1)
    assert thinker.poll() is None and not woken  # still thinking, within its time
    clock.advance(0.2)
    assert woken and thinker.poll() == ("slow", decide(players, view, "normal", None, 9))
    assert thinking.refused == 1
    future.set_result(fn(*args))  # the pool's answer comes after all
    assert thinker.poll() is None


def test_a_broken_pool_is_replaced_and_its_decision_made_by_normal() -> None:
    class Broken(HeldPool):
        def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
            raise BrokenExecutor("a worker was killed")

    pools: list[Executor] = [Broken(), HeldPool()]
    thinking = ThinkingQueue(lambda: pools.pop(0), workers=1, bound=4, clock=lambda: 0.0)
    players, view = a_view()
    first, second = PooledThinker(lambda: thinking), PooledThinker(lambda: thinking)
    first.ask("first", players, view, "hard", None, 3)
    assert first.poll() == ("first", decide(players, view, "normal", None, 3))
    second.ask("second", players, view, "hard", None, 4)
    assert pools == []  # the second decision started a fresh pool
    assert second.poll() is None  # and waits there for a worker, as Hard's should


def test_the_seat_thinking_is_the_seat_to_move_when_a_computer_plays_it() -> None:
    computers = {1}
    assert thinking_seat({"to_move": 1, "legal": []}, computers.__contains__) == 1
    assert thinking_seat({"to_move": 0, "legal": []}, computers.__contains__) is None
    assert thinking_seat({"to_move": None, "legal": []}, computers.__contains__) is None


def test_a_people_table_is_acknowledged_while_every_worker_thinks_for_the_computers(tmp_path: Path) -> None:
    pool = HeldPool()
    server = ServerThread(tmp_path, pool=True)
    server.server._pool = thinking = still_queue(pool, bound=4)
    clients: list[TableClient] = []
    try:
        alone = TableClient.create(server.url, "Ann", seats=4, match="one", computers={1: "hard", 2: "hard", 3: "hard"})
        clients.append(alone)
        welcome = wait_for(alone, "welcome", GUARD_S)
        state, told = welcome["state"], [welcome]
        for _ in range(3):  # a play, and the choices it may owe: its take's and the turned card's
            alone.act(state["legal"][0])
            seen: list[dict[str, Any]] = []
            wait_for(alone, "ack", GUARD_S, seen=seen)  # the updates of the move come before its ack
            told += seen
            state = [f["state"] for f in seen if f["type"] == "update"][-1]
            if not state["legal"]:
                break
        updates = [f["state"] for f in told if f["type"] == "update"]
        assert [s["to_move"] for s in updates if "thinking" in s] == [1]
        assert updates[-1]["thinking"] == 1  # the latest says so
        future, fn, args = pool.handed.get(timeout=GUARD_S)  # the one worker thinks for seat 1 (and stays busy)
        window = RemoteFollower(alone, told)
        for _ in range(len(told)):  # the window shows each move it was told, one by one
            window.advance()
        assert window.thinking  # so its panel says the computer is thinking

        host = TableClient.create(server.url, "Bo", seats=2, match="one")
        clients.append(host)
        link = wait_for(host, "created", GUARD_S)["links"]["1"]
        guest = TableClient.join(link, "Cy")
        clients.append(guest)
        wait_for(guest, "welcome", GUARD_S)
        state = wait_for(host, "update", GUARD_S, where=lambda f: bool(f["state"]["legal"]))["state"]
        assert "thinking" not in state  # a person's move is nobody's thinking
        ident = host.act(state["legal"][0])
        assert wait_for(host, "ack", GUARD_S)["id"] == ident
        assert not future.done() and thinking.running == 1  # acknowledged while the worker was still thinking

        future.set_result(fn(*args))
        after = wait_for(alone, "update", GUARD_S, where=lambda f: f["state"]["to_move"] == 2)  # seat 1 has moved
        assert after["state"]["thinking"] == 2
    finally:
        for client in clients:
            client.close()
        server.stop()
