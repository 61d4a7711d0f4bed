"""The kept-matches database: schema versions, all-or-nothing saves, damage, unwritable folders, two windows."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap

import pytest

from chinese_ten.cards import Card
from chinese_ten.matchstore import DB_NAME, SCHEMA_VERSION, MatchSetup, MatchStore, data_dir, open_store
from chinese_ten.games.ten.review import Choice, Judgement, Review

SETUP = MatchSetup(seats=2, strength="normal", players=("you", "normal"), person=True, rules="classic",
                   preset="classic", length={"kind": "per-seat", "deals": 0}, total_deals=2, seed="7")


def test_a_new_database_carries_the_schema_version_and_write_ahead_log(tmp_path) -> None:
    opened = open_store(tmp_path)
    assert opened.store is not None and not opened.notices
    opened.close()
    with sqlite3.connect(tmp_path / DB_NAME) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_database_from_a_newer_version_is_left_alone_and_said_once(tmp_path) -> None:
    with sqlite3.connect(tmp_path / DB_NAME) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    opened = open_store(tmp_path)
    assert opened.store is None and len(opened.notices) == 1 and "newer version" in opened.notices[0]
    opened.close()
    with sqlite3.connect(tmp_path / DB_NAME) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1


def test_the_data_folder_follows_the_option_then_the_environment(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CHINESE_TEN_DATA_DIR", str(tmp_path / "env"))
    assert data_dir(str(tmp_path / "opt")) == tmp_path / "opt"
    assert data_dir() == tmp_path / "env"
    monkeypatch.delenv("CHINESE_TEN_DATA_DIR")
    assert data_dir().name == "ChineseTen"


def test_a_damaged_database_is_moved_aside_under_a_dated_name_and_said_once(tmp_path) -> None:
    (tmp_path / DB_NAME).write_bytes(b"this is not a database at all" * 200)
    opened = open_store(tmp_path)
    assert opened.store is not None, "a fresh database is begun"
    assert len(opened.notices) == 1 and "damaged" in opened.notices[0]
    kept = [p for p in tmp_path.iterdir() if p.name.startswith(DB_NAME + ".bad-")]
    assert len(kept) == 1 and kept[0].read_bytes().startswith(b"this is not a database")
    opened.store.begin(SETUP, {"deals": [["play 7D"]]})
    opened.close()
    again = open_store(tmp_path)
    assert not again.notices and again.store is not None and again.store.unfinished() is not None
    again.close()


def test_an_unwritable_data_folder_keeps_nothing_and_says_so_once(tmp_path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("in the way")
    opened = open_store(blocker / "data")
    assert opened.store is None
    assert len(opened.notices) == 1 and "can't be kept" in opened.notices[0]
    opened.close()


def test_a_second_window_reads_but_does_not_keep_and_is_told(tmp_path) -> None:
    first = open_store(tmp_path)
    second = open_store(tmp_path)
    assert not first.elsewhere and second.elsewhere
    assert len(second.notices) == 1 and "another window" in second.notices[0]
    match_id = first.store.begin(SETUP, {"deals": [[]]})
    first.store.save_progress(match_id, {"deals": [["play 7D"]]})
    assert second.store.unfinished().progress == {"deals": [["play 7D"]]}, "the second window sees the first's saves"
    first.close()
    third = open_store(tmp_path)
    assert not third.elsewhere, "the lock goes with the window that held it"
    assert third.store.check()
    third.close()
    second.close()


def test_beginning_a_match_counts_the_unfinished_one_as_abandoned(tmp_path) -> None:
    opened = open_store(tmp_path)
    store = opened.store
    store.begin(SETUP, {})
    store.begin(SETUP, {})
    stats = store.statistics()
    assert (stats.overall.matches, stats.overall.abandoned, stats.overall.won) == (1, 1, 0)
    assert store.unfinished() is not None
    opened.close()


_CHILD = textwrap.dedent("""
    import sys
    from contextlib import contextmanager
    from pathlib import Path
    from chinese_ten.matchstore import MatchSetup, MatchStore

    folder, stop_at = Path(sys.argv[1]), int(sys.argv[2])
    real = MatchStore._transaction
    saves = 0

    @contextmanager
    def held_inside(self):
        global saves
        with real(self) as db:
            yield db
            saves += 1
            if saves == stop_at:  # the save is written but not committed: wait here to be killed
                print("in-save", flush=True)
                sys.stdin.readline()

    store = MatchStore(folder / "matches.db")
    MatchStore._transaction = held_inside
    setup = MatchSetup(2, "normal", ("you", "normal"), True, "classic", "classic",
                       {"kind": "per-seat", "deals": 0}, 2, "7")
    match_id = store.begin(setup, {"moves": 0})
    for n in range(1, 1000):
        store.save_progress(match_id, {"moves": n, "deals": [["play 7D"] * n]})
""")


@pytest.mark.skipif(not hasattr(os, "kill") or os.name != "posix", reason="kill -9 is POSIX")
@pytest.mark.parametrize("stop_at", [2, 5, 17, 40, 101])
def test_kill_9_during_a_save_loses_only_the_move_in_flight(tmp_path, stop_at: int) -> None:
    child = subprocess.Popen([sys.executable, "-c", _CHILD, str(tmp_path), str(stop_at)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "in-save"
        child.kill()  # SIGKILL
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
    store = MatchStore(tmp_path / DB_NAME)
    assert store.check()
    kept = store.unfinished()
    # save 1 began the match; save n + 1 keeps move n; the save held open (stop_at) is lost
    assert kept is not None and kept.progress["moves"] == stop_at - 2
    store.close()


def test_a_save_is_all_or_nothing(tmp_path) -> None:
    opened = open_store(tmp_path)
    store = opened.store
    match_id = store.begin(SETUP, {"moves": 1})
    store.finish_deal(match_id, 1, {"format": "chinese-ten/deal-v1"}, [1, -1], 1.0, [1, -1], {"moves": 2})
    # a save whose second statement breaks a rule of the schema is undone whole
    with pytest.raises(sqlite3.IntegrityError), store._transaction() as db:
        db.execute("UPDATE matches SET progress = 'x' WHERE id = ?", (match_id,))
        db.execute("UPDATE matches SET state = 'nonsense' WHERE id = ?", (match_id,))
    assert store.unfinished().progress == {"moves": 2}
    opened.close()


def test_a_database_of_the_first_schema_is_migrated_with_what_it_holds(tmp_path) -> None:
    from chinese_ten.matchstore import MIGRATIONS

    with sqlite3.connect(tmp_path / DB_NAME) as db:
        db.executescript(MIGRATIONS[0])
        db.execute("PRAGMA user_version = 1")
        db.execute("INSERT INTO matches (started, seats, rules, preset, strength, players, person, length,"
                   " total_deals, seed, state, totals) VALUES (?, 2, ?, 'classic', 'normal', ?, 1, '{}', 2, '1',"
                   " 'abandoned', '[0, 0]')", ("2026-11-30T20:00:00", '"classic"', '["you", "normal"]'))
    opened = open_store(tmp_path)
    assert opened.store.statistics().overall.abandoned == 1
    opened.close()
    with sqlite3.connect(tmp_path / DB_NAME) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 9
        assert db.execute("SELECT opponents FROM matches").fetchall() == [("normal",)]
        assert db.execute("SELECT name FROM sqlite_master WHERE name = 'deals_margins'").fetchone()
        assert db.execute("SELECT name FROM sqlite_master WHERE name = 'analyses'").fetchone()
        assert db.execute("SELECT practice FROM matches").fetchall() == [(0,)]
        assert db.execute("SELECT game FROM matches").fetchall() == [("ten",)]


def test_matches_kept_before_there_were_two_games_read_as_chinese_ten(tmp_path) -> None:
    from chinese_ten.matchstore import MIGRATIONS

    with sqlite3.connect(tmp_path / DB_NAME) as db:
        for migration in MIGRATIONS[:4]:
            db.executescript(migration)
        db.execute("PRAGMA user_version = 4")
        db.execute("INSERT INTO matches (started, seats, rules, preset, strength, players, person, length,"
                   " total_deals, seed, state, outcome, totals) VALUES (?, 2, ?, 'classic', 'normal', ?, 1,"
                   " '{\"kind\": \"one\", \"deals\": 1}', 1, '1', 'finished', 'won', '[3, -3]')",
                   ("2026-11-30T20:00:00", '"classic"', '["you", "normal"]'))
        db.execute("INSERT INTO matches (started, seats, rules, preset, strength, players, person, length,"
                   " total_deals, seed, state, totals, progress) VALUES (?, 2, ?, 'classic', 'normal', ?, 1,"
                   " '{\"kind\": \"one\", \"deals\": 1}', 1, '2', 'playing', '[0, 0]', '{}')",
                   ("2026-11-30T21:00:00", '"classic"', '["you", "normal"]'))
    opened = open_store(tmp_path)
    store = opened.store
    (kept,) = store.history()
    assert kept.setup.game == "ten" and kept.to_json()["game"] == "ten"
    assert store.unfinished().setup.game == "ten"
    stats = store.statistics()
    assert [key for key, _f in stats.by] == [("normal", 2, "classic", "ten")]
    assert [(k, f.matches) for k, f in stats.by_game] == [("ten", 1)]
    opened.close()


def test_a_match_keeps_its_game_and_the_statistics_split_tables_by_game(tmp_path) -> None:
    store = open_store(tmp_path).store
    for game, margin in (("ten", 4.0), ("fishing", -30.0), ("fishing", 10.0)):
        setup = MatchSetup(seats=2, strength="hard", players=("you", "hard"), person=True, rules="classic",
                           preset="classic", length={"kind": "one", "deals": 0}, total_deals=1, seed="1", game=game)
        match_id = store.begin(setup, {})
        store.finish_deal(match_id, 1, {"format": "x"}, [margin, -margin], margin, [margin, -margin], {})
        store.finish_match(match_id, "won" if margin > 0 else "lost")
    assert [m.setup.game for m in store.history()] == ["fishing", "fishing", "ten"]
    stats = store.statistics()
    by = {key: (f.matches, f.won, f.deals, f.mean_margin) for key, f in stats.by}
    assert by == {("hard", 2, "classic", "ten"): (1, 1, 1, 4.0), ("hard", 2, "classic", "fishing"): (2, 1, 2, -10.0)}
    assert {k: (f.matches, f.mean_margin) for k, f in stats.by_game} == {"fishing": (2, -10.0), "ten": (1, 4.0)}
    assert dict(stats.by_strength)["hard"].matches == 3
    data = stats.to_json()
    assert sorted(t["game"] for t in data["by"]) == ["fishing", "ten"]
    assert [g["game"] for g in data["by_game"]] == ["fishing", "ten"]
    store.close()


def _kept_deal(store: MatchStore, finished: bool = True) -> int:
    """A match with one kept deal (its record is only a stand-in: the store does not read it); returns its id."""
    match_id = store.begin(SETUP, {})
    store.finish_deal(match_id, 1, {"format": "chinese-ten/deal-v1"}, [1, -1], 1.0, [1, -1], {})
    if finished:
        store.finish_match(match_id, "won")
    return match_id


_BEST = Choice(Card.parse("3H"), (Card.parse("7C"),), 2.0 / 3)
_MINE = Choice(Card.parse("7D"), (), -1.25)
REVIEW = Review(0, (Judgement(1, "play", _MINE, _BEST, (_BEST, _MINE)),))
"""A review of one decision, with expected margins that do not round to tenths."""


def test_a_review_is_kept_with_its_deal_for_its_seed_and_effort_only(tmp_path) -> None:
    store = open_store(tmp_path).store
    match_id = _kept_deal(store)
    assert store.kept_review(match_id, 1, 0, 0, 500) is None
    assert store.keep_review(match_id, 1, REVIEW, seed=0, budget=500)
    assert store.kept_review(match_id, 1, 0, 0, 500) == REVIEW
    assert store.kept_review(match_id, 1, 0, 0, 600) is None  # made with another effort: made again
    assert store.kept_review(match_id, 1, 0, 1, 500) is None
    assert store.kept_review(match_id, 1, 1, 0, 500) is None
    assert store.kept_review(match_id, 2, 0, 0, 500) is None
    assert store.keep_review(match_id, 1, REVIEW, seed=0, budget=600)  # replaces the one of that seat
    assert store.kept_review(match_id, 1, 0, 0, 500) is None and store.kept_review(match_id, 1, 0, 0, 600) == REVIEW
    store.close()


def test_a_review_of_a_deal_no_longer_kept_is_not_kept(tmp_path) -> None:
    store = open_store(tmp_path).store
    match_id = _kept_deal(store)
    assert not store.keep_review(match_id, 2, REVIEW, seed=0, budget=500)
    assert store._db.execute("SELECT COUNT(*) FROM analyses").fetchone()[0] == 0
    store.close()


def test_a_reset_starts_the_statistics_again_but_keeps_history_and_reviews_and_can_be_undone(tmp_path) -> None:
    store = open_store(tmp_path).store
    ended = _kept_deal(store)
    playing = _kept_deal(store, finished=False)
    store.keep_review(ended, 1, REVIEW, seed=0, budget=500)
    store.keep_review(playing, 1, REVIEW, seed=0, budget=500)
    assert store.last_reset() is None
    store.reset()
    stats = store.statistics()
    assert (stats.overall.matches, stats.overall.deals, stats.recent) == (0, 1, [1]), "the unfinished one counts on"
    assert [m.id for m in store.history()] == [ended], "History keeps every match"
    assert store.kept_review(ended, 1, 0, 0, 500) == REVIEW and store.kept_review(playing, 1, 0, 0, 500) == REVIEW
    assert store.last_reset() is not None
    _kept_deal(store)  # a match after the reset counts, and so does the one it abandons
    assert (store.statistics().overall.matches, store.statistics().overall.abandoned) == (2, 1)
    assert store.undo_reset() == 1
    assert store.statistics().overall.matches == 3 and store.last_reset() is None
    store.close()


@pytest.mark.parametrize("text", ["{not json", "[]", '{"seat": 0, "decisions": [{"turn": 1}]}', '{"seat": 1, "decisions": []}'])
def test_a_kept_review_that_cannot_be_read_counts_as_none_and_is_logged(tmp_path, caplog, text: str) -> None:
    store = open_store(tmp_path).store
    match_id = _kept_deal(store)
    store.keep_review(match_id, 1, REVIEW, seed=0, budget=500)
    store._db.execute("UPDATE analyses SET review = ?", (text,))
    with caplog.at_level("WARNING", logger="chinese_ten.matchstore"):
        assert store.kept_review(match_id, 1, 0, 0, 500) is None
    assert "kept review of seat 0 in deal 1" in caplog.text
    store.close()


def _three_ended(store: MatchStore) -> list[int]:
    return [_kept_deal(store) for _ in range(3)]


@pytest.mark.parametrize("progress", ['{"deals": [["pl', "[1, 2]", '{"deals": 5}', '{"deals": [[7]]}',
                                      '{"turns": "many"}'])
def test_an_unfinished_match_whose_position_cannot_be_read_is_set_aside_not_a_crash(tmp_path, progress: str) -> None:
    store = open_store(tmp_path).store
    match_id = store.begin(SETUP, {"deals": [["play 7D"]]})
    store._db.execute("UPDATE matches SET progress = ? WHERE state = 'playing'", (progress,))
    assert store.unfinished() is None
    (damaged,) = store.damaged()
    assert damaged.id == match_id and "position" in damaged.reason
    assert [d.id for d in store.newly_damaged()] == [match_id] and store.newly_damaged() == [], "told once"
    store.close()


@pytest.mark.parametrize("column, text", [("record", '{"format": "chinese-ten/deal-v1", "tu'), ("record", "[]"),
                                          ("margins", "not json"), ("margins", "[1]")])
def test_a_deal_whose_text_cannot_be_read_sets_its_match_aside_and_the_others_stay_listed(
        tmp_path, column: str, text: str) -> None:
    store = open_store(tmp_path).store
    first, broken, last = _three_ended(store)
    store._db.execute(f"UPDATE deals SET {column} = ? WHERE match_id = ?", (text, broken))
    assert [m.id for m in store.history()] == [last, first]
    assert [(d.id, bool(d.reason)) for d in store.damaged()] == [(broken, True)]
    store.close()


def test_one_bad_byte_in_one_record_leaves_the_other_matches_listed(tmp_path) -> None:
    store = open_store(tmp_path).store
    first, broken, last = _three_ended(store)
    store._db.execute("UPDATE deals SET record = CAST(? AS TEXT) WHERE match_id = ?",
                      (b'{"format": "chinese-ten/deal-v1\xff"}', broken))
    assert [m.id for m in store.history()] == [last, first]
    (damaged,) = store.damaged()
    assert damaged.id == broken and "not text" in damaged.reason
    store.close()


@pytest.mark.parametrize("change", ["totals = 'oops'", "totals = '[1]'", "seats = 'two'", "strength = x'00ff'",
                                    "opponents = x'00ff'", "opponents = NULL",
                                    "state = 'finished', outcome = 'maybe'"])
def test_statistics_leave_out_a_match_that_cannot_be_read_and_set_it_aside(tmp_path, change: str) -> None:
    store = open_store(tmp_path).store
    first, broken, last = _three_ended(store)
    store._db.execute("PRAGMA ignore_check_constraints = ON")
    store._db.execute(f"UPDATE matches SET {change} WHERE id = ?", (broken,))
    stats = store.statistics()
    assert (stats.overall.matches, stats.overall.won, stats.overall.deals) == (2, 2, 2)
    assert [d.id for d in store.damaged()] == [broken]
    assert [m.id for m in store.history()] == [last, first]
    store.close()


def test_a_deal_margin_that_is_not_a_number_leaves_its_match_out_of_the_statistics(tmp_path) -> None:
    store = open_store(tmp_path).store
    _first, broken, _last = _three_ended(store)
    store._db.execute("UPDATE deals SET margin = 'lots' WHERE match_id = ?", (broken,))
    stats = store.statistics()
    assert (stats.overall.matches, stats.overall.deals, stats.recent) == (2, 2, [1, 1])
    assert [d.id for d in store.damaged()] == [broken]
    store.close()


def test_a_match_set_aside_stays_kept_and_listed_and_is_never_abandoned_or_counted(tmp_path) -> None:
    store = open_store(tmp_path).store
    match_id = store.begin(SETUP, {"deals": [["play 7D"]]})
    store._db.execute("UPDATE matches SET progress = '{' WHERE id = ?", (match_id,))
    assert store.unfinished() is None
    store.set_aside(store.newly_damaged())
    store.close()
    store = open_store(tmp_path).store
    assert [(d.id, "position" in d.reason) for d in store.damaged()] == [(match_id, True)]
    store.begin(SETUP, {})
    assert store.statistics().overall.matches == 0, "a damaged match is not counted as abandoned"
    assert store._db.execute("SELECT state, progress FROM matches WHERE id = ?", (match_id,)).fetchone() == (
        "playing", "{"), "what it held is kept as it was"
    store.close()


def test_a_database_whose_tables_are_not_as_this_version_keeps_them_is_kept_aside(tmp_path) -> None:
    open_store(tmp_path).close()
    with sqlite3.connect(tmp_path / DB_NAME) as db:
        db.execute("ALTER TABLE deals DROP COLUMN played")
    opened = open_store(tmp_path)
    assert opened.store is not None and opened.store.history() == []
    assert len(opened.notices) == 1 and "damaged" in opened.notices[0]
    assert [p for p in tmp_path.iterdir() if p.name.startswith(DB_NAME + ".bad-")]
    opened.close()


def test_a_row_that_breaks_a_rule_of_the_schema_sets_aside_its_match_not_the_whole_file(tmp_path) -> None:
    writing = open_store(tmp_path)
    first, broken, last = _three_ended(writing.store)
    writing.store._db.execute("PRAGMA ignore_check_constraints = ON")
    writing.store._db.execute("UPDATE matches SET state = 0 WHERE id = ?", (broken,))
    writing.close()
    opened = open_store(tmp_path)
    assert not opened.notices and not [p for p in tmp_path.iterdir() if ".bad-" in p.name]
    assert [m.id for m in opened.store.history()] == [last, first]
    assert [d.id for d in opened.store.damaged()] == [broken]
    opened.close()


def test_statistics_give_totals_by_strength_seats_and_rules_alone_that_add_up(tmp_path) -> None:
    store = open_store(tmp_path).store
    tables = [("easy", 2, "classic", 4.0), ("hard", 2, "classic", -2.0), ("hard", 3, "target", 6.0),
              ("easy", 3, "classic", 1.0), ("hard", 2, "classic", -4.0)]
    for strength, seats, preset, margin in tables:
        setup = MatchSetup(seats=seats, strength=strength, players=("you",) + (strength,) * (seats - 1), person=True,
                           rules=preset, preset=preset, length={"kind": "one", "deals": 0}, total_deals=1, seed="1")
        match_id = store.begin(setup, {})
        margins = [margin] + [-margin / (seats - 1)] * (seats - 1)
        store.finish_deal(match_id, 1, {"format": "chinese-ten/deal-v1"}, margins, margin, margins, {})
        store.finish_match(match_id, "won" if margin > 0 else "lost")
    stats = store.statistics()
    hard = dict(stats.by_strength)["hard"]
    assert (hard.matches, hard.won, hard.lost, hard.deals, hard.mean_margin, hard.best_deal) == (3, 1, 2, 3, 0.0, 6)
    assert (hard.streak, hard.longest_streak) == (0, 1)
    assert {k: f.matches for k, f in stats.by_seats} == {2: 3, 3: 2}
    assert {k: (f.matches, f.mean_margin) for k, f in stats.by_rules} == {"classic": (4, -0.2), "target": (1, 6.0)}
    data = stats.to_json()
    assert [d["strength"] for d in data["by_strength"]] == ["hard", "easy"] and len(data["by"]) == 4
    store.close()


@pytest.mark.parametrize("change", ["players = '[\"you\"]'", "rules = '7'", "length = '[]'", "started = x'01'"])
def test_history_leaves_out_a_match_whose_setup_cannot_be_read_and_lists_it_as_damaged(tmp_path, change: str) -> None:
    store = open_store(tmp_path).store
    first, broken, last = _three_ended(store)
    store._db.execute(f"UPDATE matches SET {change} WHERE id = ?", (broken,))
    assert [m.id for m in store.history()] == [last, first]
    assert [d.id for d in store.damaged()] == [broken]
    store.close()


def test_without_sqlites_json_functions_the_reads_check_the_same_things_themselves(tmp_path, monkeypatch) -> None:
    import chinese_ten.matchstore as matchstore

    store = open_store(tmp_path).store
    first, bad_record, bad_totals = _three_ended(store)
    store._db.execute("UPDATE deals SET record = '[1, 2]' WHERE match_id = ?", (bad_record,))
    store._db.execute("UPDATE matches SET totals = '[1, \"x\"' WHERE id = ?", (bad_totals,))
    with_json = (store.statistics().to_json(), [m.id for m in store.history()])
    store.close()
    monkeypatch.setattr(matchstore, "_SOUND_RECORD", "json_gone(record)")
    monkeypatch.setattr(matchstore, "_PERSON_TOTAL", "json_gone(totals)")
    store = MatchStore(tmp_path / DB_NAME)
    assert (store.statistics().to_json(), [m.id for m in store.history()]) == with_json
    assert with_json[1] == [first] and {d.id for d in store.damaged()} == {bad_record, bad_totals}
    store.close()


def test_an_unfinished_match_with_a_deal_margin_that_is_not_a_number_is_not_offered_to_continue(tmp_path) -> None:
    store = open_store(tmp_path).store
    playing = _kept_deal(store, finished=False)
    store._db.execute("UPDATE deals SET margin = 'x' WHERE match_id = ?", (playing,))
    store.statistics()
    assert [d.id for d in store.damaged()] == [playing] and store.unfinished() is None
    store.close()


def test_a_go_fishing_review_is_kept_and_read_back_as_go_fishings_and_a_malformed_one_is_made_again(
        tmp_path, caplog) -> None:
    from dataclasses import replace

    from chinese_ten.games.fishing.review import Choice as FishingChoice
    from chinese_ten.games.fishing.review import Judgement as FishingJudgement
    from chinese_ten.games.fishing.review import Review as FishingReview

    store = open_store(tmp_path).store
    match_id = store.begin(replace(SETUP, game="fishing"), {})
    store.finish_deal(match_id, 1, {"format": "chinese-ten/fishing-v1"}, [1, -1], 1.0, [1, -1], {})
    best = FishingChoice(Card.parse("KC"), ((Card.parse("KD"),), (Card.parse("3H"), Card.parse("10S"))), 41.0 / 3)
    mine = FishingChoice(Card.parse("KC"), (), -87.25)
    review = FishingReview(1, (FishingJudgement(1, mine, best, (best, mine), 920 / 210),))
    assert store.keep_review(match_id, 1, review, seed=0, budget=500)
    assert store.kept_review(match_id, 1, 1, 0, 500) == review
    store._db.execute("UPDATE analyses SET review = ?", ('{"seat": 1, "decisions": [{"turn": 1, "kind": "take"}]}',))
    assert store.kept_review(match_id, 1, 1, 0, 500) is None
    assert "kind must be play" in caplog.text
    store.close()


def test_kept_deals_numbered_by_their_place_are_renumbered_by_what_deals_them_again(tmp_path) -> None:
    """Before deal numbers, a kept deal's "deal_number" was its place in the match: the migration keeps the place
    as "deal_in_match", gives a Go Fishing deal the number its match seed shuffled it from, and a Chinese Ten
    deal (shuffled otherwise then) none; nothing else of a record changes."""
    import json

    from chinese_ten.engine.streams import deal_number
    from chinese_ten.matchstore import MIGRATIONS, NUMBERED_DEALS

    with sqlite3.connect(tmp_path / DB_NAME) as db:
        for migration in MIGRATIONS[:NUMBERED_DEALS - 1]:
            db.executescript(migration)
        db.execute(f"PRAGMA user_version = {NUMBERED_DEALS - 1}")
        for match_id, game, seed in ((1, "ten", "11"), (2, "fishing", "12")):
            db.execute("INSERT INTO matches (id, started, seats, rules, preset, strength, players, person, length,"
                       " total_deals, seed, state, outcome, totals, game) VALUES (?, ?, 2, '\"classic\"', 'classic',"
                       " 'normal', '[\"you\", \"normal\"]', 1, '{\"kind\": \"fixed\", \"deals\": 2}', 2, ?,"
                       " 'finished', 'won', '[3, -3]', ?)", (match_id, "2026-11-30T20:00:00", seed, game))
            for number in (1, 2):
                record = json.dumps({"format": "x", "seed": seed, "deal_number": number, "result": [3, -3]})
                db.execute("INSERT INTO deals (match_id, number, played, margins, margin, record)"
                           " VALUES (?, ?, '2026-11-30T20:01:00', '[3, -3]', 3, ?)", (match_id, number, record))
    opened = open_store(tmp_path)
    kept = {m.setup.game: m for m in opened.store.history()}
    opened.close()
    ten = [d.record for d in kept["ten"].deals]
    fishing = [d.record for d in kept["fishing"].deals]
    assert ten == [{"format": "x", "seed": "11", "deal_in_match": n, "result": [3, -3]} for n in (1, 2)]
    assert fishing == [{"format": "x", "seed": "12", "deal_in_match": n, "deal_number": deal_number(12, n - 1),
                        "result": [3, -3]} for n in (1, 2)]
