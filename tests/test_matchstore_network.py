"""Matches of network tables in the kept matches: kept from the deals this window saw end, listed in History,
never continued here nor counted in the statistics; and a database kept before them upgrades losing nothing."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from chinese_ten.matchstore import DB_NAME, SCHEMA_VERSION, MatchSetup, open_store
from tests.storekit import migrate_by_hand

LOCAL = MatchSetup(seats=2, strength="normal", players=("you", "normal"), person=True, rules="classic",
                   preset="classic", length={"kind": "per-seat", "deals": 0}, total_deals=2, seed="7")
NETWORK = MatchSetup(seats=3, strength="network", players=("person", "you", "computer"), person=True,
                     rules="classic", preset="classic", length={"kind": "fixed", "deals": 3}, total_deals=3, seed="",
                     network="tbl12345", names=("Ann", "Bo", "Computer (easy)"))


def _record(number: int) -> dict[str, object]:
    return {"format": "chinese-ten/deal-v1", "seats": 3, "deal_number": 1000 + number, "deal_in_match": number}


def test_a_database_kept_before_network_matches_upgrades_and_loses_nothing(tmp_path: Path) -> None:
    before = SCHEMA_VERSION - 2  # as written before computers had strengths of their own, too
    with sqlite3.connect(tmp_path / DB_NAME) as db:
        migrate_by_hand(db, before)
        db.execute("INSERT INTO matches (started, seats, rules, preset, strength, players, person, length,"
                   " total_deals, seed, state, outcome, totals) VALUES ('2026-11-30T20:00:00', 2, '\"classic\"',"
                   " 'classic', 'normal', '[\"you\", \"normal\"]', 1, '{\"kind\": \"one\", \"deals\": 1}', 1, '1',"
                   " 'finished', 'won', '[3, -3]')")
        db.execute("INSERT INTO deals (match_id, number, played, margins, margin, record) VALUES"
                   " (1, 1, '2026-11-30T20:05:00', '[3, -3]', 3, ?)",
                   (json.dumps({"format": "chinese-ten/deal-v1", "deal_number": 42, "deal_in_match": 1}),))
        db.execute("INSERT INTO matches (started, seats, rules, preset, strength, players, person, length,"
                   " total_deals, seed, state, totals, progress) VALUES ('2026-11-30T21:00:00', 2, '\"classic\"',"
                   " 'classic', 'hard', '[\"you\", \"hard\"]', 1, '{\"kind\": \"one\", \"deals\": 1}', 1, '2',"
                   " 'playing', '[0, 0]', '{\"moves\": 3}')")
        rows_before = db.execute("SELECT * FROM deals").fetchall()
    opened = open_store(tmp_path)
    store = opened.store
    assert store is not None and opened.notices == []
    (kept,) = store.history()
    assert kept.outcome == "won" and kept.setup.network is None and kept.missed == 0
    assert [d.record["deal_number"] for d in kept.deals] == [42]
    assert kept.to_json()["network"] is None
    unfinished = store.unfinished()
    assert unfinished is not None and unfinished.progress == {"moves": 3} and unfinished.setup.strength == "hard"
    stats = store.statistics()
    assert stats.overall.won == 1 and stats.overall.deals == 1 and stats.network == 0
    opened.close()
    with sqlite3.connect(tmp_path / DB_NAME) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.execute("SELECT network, names FROM matches").fetchall() == [(None, None), (None, None)]
        assert db.execute("SELECT * FROM deals").fetchall() == rows_before


def test_a_network_match_joined_midway_is_listed_with_the_deals_seen_and_counts_in_no_figure(tmp_path: Path) -> None:
    store = open_store(tmp_path).store
    assert store is not None
    local = store.begin(LOCAL, {"moves": 1})
    first = store.keep_network_deal(NETWORK, 2, _record(2), [4, -2, -2], [6, -1, -5])
    (shown,) = store.history()
    assert shown.id == first and shown.state == "playing" and shown.setup.network == "tbl12345"
    assert shown.setup.names == ("Ann", "Bo", "Computer (easy)") and shown.setup.person_seat == 1
    assert [d.number for d in shown.deals] == [2] and shown.missed == 1  # deal 1 ended before this window came
    assert shown.totals == (6, -1, -5)
    unfinished = store.unfinished()
    assert unfinished is not None and unfinished.id == local, "a network match is never the one to continue"
    assert store.keep_network_deal(NETWORK, 3, _record(3), [-3, 6, -3], [3, 5, -8], outcome="won") == first
    (ended,) = store.history()
    assert ended.state == "finished" and ended.outcome == "won" and ended.missed == 1
    assert [d.record["deal_number"] for d in ended.deals] == [1002, 1003]
    assert ended.to_json()["network"] == {"table": "tbl12345", "names": ["Ann", "Bo", "Computer (easy)"]}
    assert store.person_seat(first) == 1  # a review of its deals judges the person's seat
    stats = store.statistics()
    assert stats.overall.matches == 0 and stats.overall.deals == 0 and stats.recent == []
    assert stats.network == 1 and stats.to_json()["network_matches"] == 1
    again = store.begin(LOCAL, {})  # a new match here abandons the unfinished one, not the network table's
    assert {m.id: m.state for m in store.history()} == {local: "abandoned", first: "finished"}
    assert store.unfinished().id == again  # type: ignore[union-attr]
    store.close()


def test_another_seat_of_the_same_table_is_a_match_of_its_own(tmp_path: Path) -> None:
    store = open_store(tmp_path).store
    assert store is not None
    mine = store.keep_network_deal(NETWORK, 1, _record(1), [4, -2, -2], [4, -2, -2])
    host = MatchSetup(**{**NETWORK.__dict__, "players": ("you", "person", "computer")})
    theirs = store.keep_network_deal(host, 1, _record(1), [4, -2, -2], [4, -2, -2])
    assert mine != theirs and {m.setup.person_seat for m in store.history()} == {0, 1}
    store.close()
