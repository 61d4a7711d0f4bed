"""Kept matches whose computers each have a strength: kept seat by seat, put back so, and a match kept before
computers could differ continues as it was."""

from __future__ import annotations

import sqlite3

from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.games.ten.record import position_of
from chinese_ten.matchstore import DB_NAME, SCHEMA_VERSION, open_store
from chinese_ten.ui.keeper import Keeper, describe, setup_of
from chinese_ten.ui.table.controller import TableController

from conftest import QUICK
from test_ui_keeper import _over, _play


def _table(strength: str | tuple[str, ...], seats: int = 3, seed: int = 8) -> TableController:
    return TableController(seats, strength, "per-seat", seed=seed, pace=QUICK,
                           thinker=ComputerThinker(force_inline=True))


def test_each_computer_plays_at_its_own_strength_and_the_seats_say_so() -> None:
    ctl = _table(("easy", "normal"))
    assert [i.player for i in ctl.infos] == [None, "easy", "normal"]
    assert [k.player for k in ctl.session.kinds] == [None, "easy", "normal"]
    setup = setup_of(ctl)
    assert setup.players == ("you", "easy", "normal") and setup.strength == "mixed"
    assert setup_of(_table("easy")).strength == "easy"


def test_a_mixed_table_is_kept_and_continued_seat_by_seat_with_the_same_future(tmp_path) -> None:
    first = _table(("normal", "easy"))
    keeper = Keeper(open_store(tmp_path))
    keeper.watch(first)
    _play(first, lambda: first.deal_number == 2 and first.person_to_play)
    kept = keeper.unfinished()
    assert kept is not None and describe(kept).startswith("3 seats · Normal · Easy · deal 2 of 3")
    keeper.save()
    keeper.close()

    again = Keeper(open_store(tmp_path))
    second = again.resume(QUICK, ComputerThinker(force_inline=True))
    assert second is not None and [i.player for i in second.infos] == [None, "normal", "easy"]
    assert position_of(second.session.deal) == position_of(first.session.deal)
    _play(first, lambda: _over(first))
    _play(second, lambda: _over(second))
    assert second.actions == first.actions and second.match.totals == first.match.totals
    again.close()


def test_an_unfinished_match_kept_before_the_change_continues(tmp_path) -> None:
    first = _table("easy", seats=2, seed=4)
    keeper = Keeper(open_store(tmp_path))
    keeper.watch(first)
    _play(first, lambda: first.deal_number == 2 and first.person_to_play)
    keeper.save()
    keeper.close()
    with sqlite3.connect(tmp_path / DB_NAME) as db:  # the file as the version before kept it
        db.execute("ALTER TABLE matches DROP COLUMN names")  # nor network matches, which came after
        db.execute("ALTER TABLE matches DROP COLUMN network")
        db.execute("ALTER TABLE matches DROP COLUMN opponents")
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION - 2}")

    again = Keeper(open_store(tmp_path))
    second = again.resume(QUICK, ComputerThinker(force_inline=True))
    assert second is not None and [i.player for i in second.infos] == [None, "easy"]
    assert position_of(second.session.deal) == position_of(first.session.deal)
    _play(first, lambda: _over(first))
    _play(second, lambda: _over(second))
    assert second.actions == first.actions and second.match.totals == first.match.totals
    again.close()
    with sqlite3.connect(tmp_path / DB_NAME) as db:
        assert db.execute("SELECT opponents FROM matches").fetchall() == [("easy",)]
