"""Kept matches whose computers each have a strength: the migration that groups them, what History and
Statistics read back, and matches kept before the change."""

from __future__ import annotations

import sqlite3

from chinese_ten.matchstore import DB_NAME, MIGRATIONS, SCHEMA_VERSION, MatchSetup, MatchStore, open_store
from tests.storekit import migrate_by_hand

BEFORE = next(i for i, step in enumerate(MIGRATIONS) if callable(step))
"""The schema version before computers could each have a strength (its migration is the one function)."""


def _setup(*players: str, strength: str = "normal", seats: int | None = None) -> MatchSetup:
    return MatchSetup(seats=seats or len(players), strength=strength, players=players, person="you" in players,
                      rules="classic", preset="classic", length={"kind": "one", "deals": 1}, total_deals=1, seed="7")


def _finished(store: MatchStore, setup: MatchSetup, margin: float, outcome: str = "won") -> int:
    match_id = store.begin(setup, {"deals": [["play 7D"]]})
    margins = [margin] + [-margin / (setup.seats - 1)] * (setup.seats - 1)
    store.finish_deal(match_id, 1, {"format": "chinese-ten/deal-v1", "seats": setup.seats}, margins, margin,
                      margins, {"deals": [["play 7D"]]})
    store.finish_match(match_id, outcome)
    return match_id


def _old_database(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A database as the version before wrote it: a finished match with its deal, and an unfinished one."""
    with sqlite3.connect(tmp_path / DB_NAME) as db:
        migrate_by_hand(db, BEFORE)
        db.execute("INSERT INTO matches (id, started, ended, seats, rules, preset, strength, players, person, length,"
                   " total_deals, seed, state, outcome, totals) VALUES (1, '2026-11-30T20:00:00',"
                   " '2026-11-30T20:10:00', 3, '\"classic\"', 'classic', 'hard', '[\"you\", \"hard\", \"hard\"]', 1,"
                   " '{\"kind\": \"one\", \"deals\": 1}', 1, '5', 'finished', 'won', '[30, -15, -15]')")
        db.execute("INSERT INTO deals (match_id, number, played, margins, margin, record) VALUES"
                   " (1, 1, '2026-11-30T20:10:00', '[30, -15, -15]', 30, '{\"format\": \"chinese-ten/deal-v1\"}')")
        db.execute("INSERT INTO matches (id, started, seats, rules, preset, strength, players, person, length,"
                   " total_deals, seed, state, totals, progress) VALUES (2, '2026-11-30T21:00:00', 2, '\"classic\"',"
                   " 'classic', 'easy', '[\"you\", \"easy\"]', 1, '{\"kind\": \"per-seat\", \"deals\": 0}', 2, '9',"
                   " 'playing', '[0, 0]', '{\"deals\": [[\"play 7D\"]], \"turns\": 1}')")


def test_the_migration_is_a_function_of_its_own_after_the_deal_numbers() -> None:
    assert BEFORE == 7 and len(MIGRATIONS) == SCHEMA_VERSION


def test_an_old_database_upgrades_and_loses_nothing(tmp_path) -> None:
    _old_database(tmp_path)
    opened = open_store(tmp_path)
    store = opened.store
    assert store is not None and opened.notices == []
    (kept,) = store.history()
    assert kept.setup.players == ("you", "hard", "hard") and kept.setup.strength == "hard"
    assert kept.setup.strengths == ("hard", "hard")
    assert kept.totals == (30, -15, -15) and [d.margins for d in kept.deals] == [(30, -15, -15)]
    stats = store.statistics()
    assert stats.overall.won == 1 and stats.overall.deals == 1
    assert [(k, f.matches) for k, f in stats.by_strength] == [("hard", 1)]
    assert stats.to_json()["by"][0]["strength"] == "hard" and "strengths" not in stats.to_json()["by"][0]
    unfinished = store.unfinished()
    assert unfinished is not None and unfinished.setup.strengths == ("easy",)
    assert unfinished.progress["deals"] == [["play 7D"]] and unfinished.turns == 1
    opened.close()
    with sqlite3.connect(tmp_path / DB_NAME) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.execute("SELECT id, opponents FROM matches ORDER BY id").fetchall() == [(1, "hard"), (2, "easy")]


def test_a_mixed_table_is_kept_seat_by_seat_and_counted_as_its_own_kind(tmp_path) -> None:
    store = open_store(tmp_path).store
    assert store is not None
    _finished(store, _setup("you", "normal", "hard", strength="mixed"), 20)
    _finished(store, _setup("you", "hard", "normal", strength="mixed"), -10, "lost")
    _finished(store, _setup("you", "normal", "normal"), 5)
    newest, middle, oldest = store.history()
    assert oldest.setup.strengths == ("normal", "hard") and oldest.to_json()["strength"] == "mixed"
    assert oldest.to_json()["players"] == ["you", "normal", "hard"]
    stats = store.statistics()
    kinds = {k: (f.matches, f.won, f.deals) for k, f in stats.by_strength}
    assert kinds == {"normal,hard": (1, 1, 1), "hard,normal": (1, 0, 1), "normal": (1, 1, 1)}
    by = {tuple(row.get("strengths", [row["strength"]])): row for row in stats.to_json()["by"]}
    assert by[("normal", "hard")]["strength"] == "mixed" and by[("normal", "hard")]["mean_margin"] == 20
    assert by[("hard", "normal")]["mean_margin"] == -10 and by[("normal",)]["strength"] == "normal"
    store.close()


def test_a_setup_kept_without_its_players_names_every_computer_at_its_one_strength() -> None:
    setup = _setup(strength="hard", seats=3)
    assert setup.strengths == ("hard", "hard", "hard")


def test_a_mixed_ring_of_more_than_three_computers_is_one_kind_mixed(tmp_path) -> None:
    store = open_store(tmp_path).store
    assert store is not None
    _finished(store, _setup("you", "easy", "hard", "normal", "easy", strength="mixed"), 8)
    _finished(store, _setup("you", "hard", "easy", "easy", "normal", strength="mixed"), -4, "lost")
    stats = store.statistics()
    assert [(k, f.matches, f.deals) for k, f in stats.by_strength] == [("mixed", 2, 2)]
    (row,) = stats.to_json()["by"]
    assert row["strength"] == "mixed" and "strengths" not in row and row["matches"] == 2
    assert [m.setup.strengths for m in store.history()][1] == ("easy", "hard", "normal", "easy")
    store.close()
