"""Practice positions in the kept matches: kept once each, read back exactly, solved ones retired, failed
ones offered again after the others, counted; a database of the schema before is migrated keeping what it
holds, and a position that cannot be read is left as it is and said in one line."""

from __future__ import annotations

import json
import sqlite3

from chinese_ten.matchstore import DB_NAME, MIGRATIONS, SCHEMA_VERSION, MatchSetup, open_store
from chinese_ten.games.ten.practice import PracticePosition
from tests.storekit import migrate_by_hand

from test_practice import made_up

SETUP = MatchSetup(seats=2, strength="normal", players=("normal", "you"), person=True, rules="classic",
                   preset="classic", length={"kind": "one", "deals": 1}, total_deals=1, seed="7")


def three() -> list[PracticePosition]:
    """Three different positions (the same cards' first play in three deals of a match)."""
    return [made_up({"9H": 10.0, "2C": -10.0 - i}, number=i + 1) for i in range(3)]


def test_positions_are_kept_once_each_and_read_back_exactly(tmp_path) -> None:
    store = open_store(tmp_path).store
    positions = three()
    assert len({p.key for p in positions}) == 3
    assert store.keep_practice(positions) == 3
    assert store.keep_practice(positions[:2]) == 0, "a position kept before is not kept again"
    read = store.practice_positions()
    assert read.unreadable == ()
    assert [k.position for k in read.positions] == positions
    assert store.practice_counts().to_json() == {"solved": 0, "failed": 0, "waiting": 3}
    store.close()


def test_a_solved_position_is_not_offered_again_and_a_failed_one_comes_after_the_others(tmp_path) -> None:
    store = open_store(tmp_path).store
    positions = three()
    store.keep_practice(positions)
    first, second, third = store.practice_positions().positions
    store.practice_answered(first.id, solved=False)
    store.practice_answered(second.id, solved=True)
    again = store.practice_positions().positions
    assert [k.position for k in again] == [positions[2], positions[0]]
    assert again[1].failed == 1
    store.practice_answered(third.id, solved=False)
    assert [k.position for k in store.practice_positions().positions] == [positions[0], positions[2]]
    store.keep_practice(positions)  # the solved one kept again stays solved
    assert len(store.practice_positions().positions) == 2
    counts = store.statistics().to_json()["practice_positions"]
    assert counts == {"solved": 1, "failed": 2, "waiting": 2}
    store.close()


def test_a_position_that_cannot_be_read_is_left_as_it_is_and_said_in_one_line(tmp_path) -> None:
    store = open_store(tmp_path).store
    positions = three()
    store.keep_practice(positions)
    data = positions[1].to_json()
    data["decision"]["options"][0]["play"] = "AS"  # a card the seat does not hold
    spoiled = {1: "{not json", 2: json.dumps(data)}
    with store._db:
        rows = [r[0] for r in store._db.execute("SELECT id FROM practice ORDER BY id")]
        for index, text in spoiled.items():
            store._db.execute("UPDATE practice SET position = ? WHERE id = ?", (text, rows[index]))
        store._db.execute("UPDATE practice SET failed = 'many' WHERE id = ?", (rows[0],))
    read = store.practice_positions()
    assert read.positions == ()
    assert len(read.unreadable) == 3 and all("\n" not in line for line in read.unreadable)
    assert any("not in seat 1's hand" in line for line in read.unreadable)
    kept = [r[0] for r in store._db.execute("SELECT position FROM practice ORDER BY id")]
    assert kept[1:] == [spoiled[1], spoiled[2]], "nothing read is changed"
    store.practice_answered(rows[0], solved=False)  # a count that is no number is not counted on
    assert store._db.execute("SELECT failed FROM practice WHERE id = ?", (rows[0],)).fetchone()[0] == "many"
    assert store.practice_counts().failed == 0
    store.close()


BEFORE_PRACTICE = next(i for i, step in enumerate(MIGRATIONS) if isinstance(step, str) and "TABLE practice" in step)
"""The schema version before practice positions were kept."""


def test_a_database_of_the_schema_before_is_migrated_keeping_its_matches(tmp_path) -> None:
    with sqlite3.connect(tmp_path / DB_NAME) as db:
        migrate_by_hand(db, BEFORE_PRACTICE)
        db.execute("INSERT INTO matches (started, seats, rules, preset, strength, players, person, length,"
                   " total_deals, seed, state, outcome, totals) VALUES (?, 2, ?, 'classic', 'normal', ?, 1,"
                   " '{\"kind\": \"one\", \"deals\": 1}', 1, '1', 'finished', 'won', '[3, -3]')",
                   ("2026-11-30T20:00:00", '"classic"', '["you", "normal"]'))
    opened = open_store(tmp_path)
    store = opened.store
    assert opened.notices == []
    assert len(store.history()) == 1 and store.statistics().overall.won == 1
    assert store.practice_positions().positions == ()
    assert store.keep_practice(three()[:1]) == 1
    opened.close()
    with sqlite3.connect(tmp_path / DB_NAME) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.execute("SELECT COUNT(*) FROM practice").fetchone()[0] == 1


def test_the_person_seat_of_a_match_is_read_from_its_players(tmp_path) -> None:
    store = open_store(tmp_path).store
    match_id = store.begin(SETUP, {})
    demo = store.begin(MatchSetup(**{**SETUP.__dict__, "players": ("normal", "hard"), "person": False}), {})
    assert store.person_seat(match_id) == 1
    assert store.person_seat(demo) is None
    assert store.person_seat(999) is None
    store.close()
