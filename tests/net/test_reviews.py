"""A finished deal's review on request (:mod:`chinese_ten.net.reviews`): made one decision at a time in the
thinking queue, in the order asked for, the same review the window makes, kept in the store and told in the
asker's language; an address that asks too often is told when it may ask again. The pool here is held by the
test: a decision is judged only when the test says, so every wait is for an event."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.engine.judging import LABELS
from chinese_ten.games import record_spec
from chinese_ten.net.reviews import REVIEW_FORMAT, ReviewAddress, ReviewDesk, told
from chinese_ten.net.store import DEALS_KEPT_SECONDS, EXPIRY_SECONDS, StoreUnavailable, TableRow, TableStore
from chinese_ten.net.store_sqlite import SqliteStore
from chinese_ten.net.thinking import FIRST_PACE_S, QueueFull, ThinkingQueue
from tests.net.tablekit import HandClock
from tests.net.test_thinking import HeldPool, still_queue
from tests.net.test_watchers import open_table, play_to_the_end

QUICK = 2000
"""A review's effort per decision here (the game's fewest worlds): the ranking matters not, only the shape."""


def finished_match(folder: Path, game: str, seats: int) -> tuple[str, list[dict[str, Any]]]:
    """A per-seat match of ``game`` played to its end by people, kept in ``folder``'s ``tables.db``: its table's id
    and its deals' records."""
    store = SqliteStore(folder / "tables.db")
    table, clock, lines = open_table(store, game, seats)
    play_to_the_end(table, clock, lines)
    table.close()
    store.close()
    return table.id, [f["record"] for f in lines[0].frames if f["type"] == "deal_over"]


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict[str, Any]]]:
    """The finished deals of a two-seat Chinese Ten match and of a three-seat Go Fishing match, by game."""
    return {game: finished_match(tmp_path_factory.mktemp(game), game, seats)[1]
            for game, seats in (("ten", 2), ("fishing", 3))}


@dataclass
class Desk:
    """A desk over a store, a held pool and a hand clock, finding the deals of table ``ten`` and ``fish``."""

    desk: ReviewDesk
    pool: HeldPool
    clock: HandClock
    store: TableStore

    def judge_all(self) -> int:
        """Judge every decision handed to the pool, and those the answers hand on, until none is left; how many."""
        for count in range(10_000):
            self.clock.run()
            if self.pool.handed.empty():
                return count
            self.pool.finish_next()
        raise AssertionError("the review never finished")


@pytest.fixture
def desk(tmp_path: Path, records: dict[str, list[dict[str, Any]]]) -> Iterator[Desk]:
    store = SqliteStore(tmp_path / "tables.db")
    pool = HeldPool()
    queue = still_queue(pool)
    clock = HandClock()
    deals = {"ten": records["ten"], "fish": records["fishing"]}

    def find(table: str, number: int) -> dict[str, Any] | str:
        kept = deals.get(table)
        if kept is None:
            return "no-table"
        return kept[number - 1] if 1 <= number <= len(kept) else "out-of-range"

    yield Desk(ReviewDesk(store, find, lambda: queue, clock, budget=QUICK, per_hour=3, clock=clock.time),
               pool, clock, store)
    queue.shutdown()
    store.close()


def test_a_review_asked_behind_another_waits_in_the_queue_and_is_made_after_it(desk: Desk) -> None:
    first = desk.desk.ask("ten", 1, "198.51.100.7")
    assert isinstance(first, dict) and first["state"] == "making" and first["judged"] == 0 and first["total"] > 0
    assert desk.desk.ask("fish", 1, "198.51.100.8") == {"state": "queued", "position": 1}
    assert desk.desk.ask("ten", 2, "198.51.100.9") == {"state": "queued", "position": 2}
    desk.clock.run()
    desk.pool.finish_next()
    desk.clock.run()
    making = desk.desk.status("ten", 1)
    assert making is not None and making["judged"] == 1
    assert len(desk.pool.order) == 2, "one decision at a time: the next is handed over once the last is judged"
    desk.judge_all()
    for table, number in (("ten", 1), ("fish", 1), ("ten", 2)):
        assert desk.desk.status(table, number) == {"state": "done"}
        kept = desk.store.review(table, number)
        assert kept is not None and kept["format"] == REVIEW_FORMAT


@pytest.mark.parametrize("game", ["ten", "fishing"])
def test_the_kept_review_is_the_windows_review_of_every_seat(desk: Desk, records: dict[str, list[dict[str, Any]]],
                                                             game: str) -> None:
    table = "ten" if game == "ten" else "fish"
    desk.desk.ask(table, 1, "198.51.100.7")
    judged = desk.judge_all()
    record = records[game][0]
    module = record_spec(record).commands.review()  # type: ignore[union-attr]
    window = [module.review_record(record, seat, budget=QUICK).to_json(exact=True) for seat in range(record["seats"])]
    kept = desk.store.review(table, 1)
    assert kept is not None and kept["seats"] == window
    assert judged == sum(len(seat["decisions"]) for seat in window)


def test_a_review_is_told_with_every_decisions_mark_words_reason_and_the_evaluation_per_turn(
        desk: Desk, records: dict[str, list[dict[str, Any]]]) -> None:
    desk.desk.ask("ten", 1, "198.51.100.7")
    desk.judge_all()
    kept = desk.store.review("ten", 1)
    assert kept is not None
    margins = records["ten"][0]["result"]["margins"]
    last = len(records["ten"][0]["turns"])
    english = told(json.dumps(kept), "en", json.dumps(margins), last)
    chinese = told(json.dumps(kept), "zh-Hans", json.dumps(margins), last)
    assert english["state"] == "done" and english["last"] == last and len(english["seats"]) == 2
    marks = {"best": "Best", "inaccuracy": "Inaccuracy", "mistake": "Mistake", "blunder": "Blunder"}
    for seat, said in enumerate(english["seats"]):
        assert said["seat"] == seat and said["final"] == margins[seat] and said["decisions"]
        for decision in said["decisions"]:
            assert decision["label"] in LABELS and decision["mark"] == marks[decision["label"]]
            assert decision["chosen_words"] and decision["best_words"]
            assert ("reason" in decision) == (decision["label"] != "best")
            assert isinstance(decision["uncertain"], bool)
            assert decision["loss_stderr"] is None or decision["label"] != "best", "a ± only on a mark worse than best"
        turns = [point["turn"] for point in said["evaluation"]]
        assert turns == sorted(set(d["turn"] for d in said["decisions"]))
        for point in said["evaluation"]:
            last = [d for d in said["decisions"] if d["turn"] == point["turn"]][-1]
            assert point["value"] == last["chosen_expected"]
            worst = max((d["label"] for d in said["decisions"] if d["turn"] == point["turn"]), key=LABELS.index)
            assert point["label"] == worst
    said_marks = {d["mark"] for s in chinese["seats"] for d in s["decisions"]}
    assert said_marks and not said_marks & set(marks.values()), "the marks are told in the asker's language"


def test_an_address_asking_too_often_is_told_when_it_may_ask_again_and_nothing_is_queued(desk: Desk) -> None:
    for number in (1, 2):
        assert isinstance(desk.desk.ask("ten", number, "203.0.113.5"), dict)
    assert isinstance(desk.desk.ask("fish", 1, "203.0.113.5"), dict)
    desk.clock.advance(600.0)
    wait = desk.desk.ask("fish", 2, "203.0.113.5")
    assert wait == pytest.approx(3000.0)
    assert desk.desk.status("fish", 2) is None and len(desk.desk.queue) == 3
    assert desk.desk.ask("ten", 1, "203.0.113.5")["state"] == "making", "asking after one asked for is no new ask"  # type: ignore[index]
    assert isinstance(desk.desk.ask("fish", 2, "203.0.113.6"), dict), "another address may ask"
    desk.clock.advance(3000.0)
    assert isinstance(desk.desk.ask("fish", 3, "203.0.113.5"), dict), "an hour after its first, it may again"


def test_a_deal_that_is_not_there_is_named_and_nothing_is_queued(desk: Desk) -> None:
    assert desk.desk.ask("nowhere", 1, "203.0.113.5") == "no-table"
    assert desk.desk.ask("ten", 99, "203.0.113.5") == "out-of-range"
    assert not desk.desk.queue and desk.pool.handed.empty()


def test_a_full_thinking_queue_makes_the_review_wait_and_offer_its_decision_again(
        tmp_path: Path, records: dict[str, list[dict[str, Any]]]) -> None:
    store = SqliteStore(tmp_path / "tables.db")
    pool = HeldPool()
    queue = ThinkingQueue(lambda: pool, workers=1, bound=1, clock=lambda: 0.0, patience=3600.0)
    clock = HandClock()
    desk = ReviewDesk(store, lambda table, number: records["ten"][0], lambda: queue, clock, budget=QUICK,
                      clock=clock.time)
    try:
        queue.submit("a table", abs, -1)  # a table's decision takes the worker
        queue.submit("a table", abs, -2)  # and another fills the queue
        with pytest.raises(QueueFull):
            queue.submit("another table", abs, -3)
        desk.ask("ten", 1, "198.51.100.7")
        assert len(pool.order) == 1, "the review's decision found no room"
        assert pool.finish_next() == 1
        clock.advance(1.0)  # the review offers its decision again: the table's waiting one goes first all the same
        assert pool.finish_next() == 2
        clock.run()
        while not pool.handed.empty() or desk.status("ten", 1) != {"state": "done"}:
            pool.finish_next()
            clock.advance(1.0)
    finally:
        queue.shutdown()
        store.close()


def test_reviews_are_kept_with_their_deals_and_go_with_them(any_store: TableStore) -> None:
    any_store.create(TableRow("t1", "ten", 2, "classic", "one", True, 7, {}, 0, (), 1.0, 1.0), [])
    any_store.save_position("t1", {"deals": []}, 1, [], 1.0, deal=(1, {"deal": 1}))
    assert any_store.review("t1", 1) is None
    any_store.save_review("t1", 1, {"format": REVIEW_FORMAT, "seats": [1]})
    any_store.save_review("t1", 1, {"format": REVIEW_FORMAT, "seats": [2]})
    any_store.save_review("gone", 4, {"format": REVIEW_FORMAT, "seats": []})
    assert any_store.review("t1", 1) == {"format": REVIEW_FORMAT, "seats": [2]}
    now = 1.0 + EXPIRY_SECONDS + 1
    any_store.expire(now)
    assert any_store.review("t1", 1) is not None, "a removed table's deal is kept 30 days, and its review with it"
    assert any_store.review("gone", 4) is None, "a review whose deal is not kept goes"
    any_store.expire(now + DEALS_KEPT_SECONDS + 1)
    assert any_store.review("t1", 1) is None


def test_the_asks_of_addresses_an_hour_ago_are_forgotten_once_many_have_asked(
        desk: Desk, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("chinese_ten.net.reviews.ADDRESSES_KEPT", 2)
    desk.desk.ask("ten", 1, "203.0.113.1")
    desk.desk.ask("ten", 2, "203.0.113.2")
    desk.clock.advance(3600.0)
    desk.desk.ask("fish", 1, "203.0.113.3")
    desk.desk.ask("fish", 2, "203.0.113.4")
    assert desk.desk.remembered() == {"203.0.113.3", "203.0.113.4"}


def test_a_reviews_decisions_leave_the_thinking_queues_pace_as_the_tables_decisions_made_it() -> None:
    pool = HeldPool()
    now = [0.0]
    queue = ThinkingQueue(lambda: pool, workers=1, bound=10, clock=lambda: now[0], patience=3600.0)
    try:
        queue.submit("a table", abs, -1)
        pool.finish_next()  # the first decision of a process starting: no measure of its pace
        queue.submit("a table", abs, -2)
        now[0] += 0.3
        pool.finish_next()
        paced = queue.pace
        assert paced != FIRST_PACE_S
        queue.submit("a review", abs, -3, paced=False)
        now[0] += 5.0
        pool.finish_next()
        assert queue.pace == paced
    finally:
        queue.shutdown()


def test_a_review_asked_for_while_the_store_cannot_be_read_is_a_503_and_nothing_is_queued(
        desk: Desk, monkeypatch: pytest.MonkeyPatch) -> None:
    def unreadable(table: str, number: int) -> None:
        raise StoreUnavailable("the disk is full")

    monkeypatch.setattr(desk.desk.store, "review", unreadable)
    response = desk.desk.answer(ReviewAddress("ten", 1, reading=False), "POST", "198.51.100.7", {}, {})
    assert response.status_code == 503 and json.loads(response.body)["code"] == "unavailable"
    assert not desk.desk.queue and desk.desk.remembered() == set()
