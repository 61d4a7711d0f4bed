"""Kept matches at the table: saved after every move, resumed exactly, counted in the statistics."""

from __future__ import annotations

import json
import sqlite3
import threading
import time

import pytest

from chinese_ten.engine.scores import signed
from chinese_ten.games.ten.record import position_of
from chinese_ten.games.ten.rules import CLASSIC, PRESETS, RuleSet
from chinese_ten.games.ten.turns import Phase
from chinese_ten.matchstore import BUSY_SECONDS, DB_NAME, open_store
from chinese_ten.ui.table.controller import TableController
from chinese_ten.ui.keeper import CLOSE_SECONDS, Keeper, describe
from chinese_ten.engine.thinking import ComputerThinker

from conftest import QUICK


def _controller(seed: int = 5, seats: int = 2, length: str = "per-seat", person: bool = True,
                rules: RuleSet = CLASSIC) -> TableController:
    return TableController(seats, "easy", length, seed=seed, pace=QUICK, person=person,
                           thinker=ComputerThinker(force_inline=True), rules=rules)


def _step(ctl: TableController) -> None:
    """One frame of a scripted person: play the card the turn number picks, take the last candidate offered."""
    if ctl.person_choice is not None:
        ctl.choose(ctl.person_choice[1][-1])
    elif ctl.person_to_play:
        hand = ctl.session.deal.hand(ctl.person_seat)  # type: ignore[arg-type]
        ctl.play(hand[ctl.session.deal.turn_number % len(hand)])
    elif ctl.deal_finished:
        ctl.next_deal()
    ctl.update(1 / 30)


def _play(ctl: TableController, until, limit: int = 20000) -> None:  # type: ignore[no-untyped-def]
    for _ in range(limit):
        if until():
            return
        _step(ctl)
    raise AssertionError("the match did not get there")


def _over(ctl: TableController) -> bool:
    """True once the last deal is added to the match (the scripted person moves on from each count)."""
    return ctl.match.is_over


def test_resuming_at_a_capture_choice_puts_back_the_position_and_the_same_future(tmp_path) -> None:
    first = _controller(seed=11)
    keeper = Keeper(open_store(tmp_path))
    keeper.watch(first)
    # mid-turn in the second deal: the person's card waits for the choice of what it takes
    _play(first, lambda: first.deal_number == 2 and first.session.deal.phase is Phase.CHOOSE
          and first.person_choice is not None)
    before = position_of(first.session.deal)
    keeper.save()
    keeper.close()

    again = Keeper(open_store(tmp_path))
    second = again.resume(QUICK, ComputerThinker(force_inline=True))
    assert second is not None
    assert position_of(second.session.deal) == before and second.session.deal.turn_in_progress == first.session.deal.turn_in_progress
    assert second.match.results == first.match.results
    _play(first, lambda: _over(first))
    _play(second, lambda: _over(second))
    assert second.actions == first.actions, "every later move must be the same after a resume"
    assert second.match.totals == first.match.totals
    again.close()


@pytest.mark.parametrize("preset", [p for p in PRESETS if p != "classic"])
def test_a_match_under_house_rules_resumes_mid_deal_with_the_same_future(tmp_path, preset: str) -> None:
    rules = RuleSet.of(preset)
    seats = max(rules.seat_counts())
    first = _controller(seed=23, seats=seats, rules=rules)
    keeper = Keeper(open_store(tmp_path))
    keeper.watch(first)
    _play(first, lambda: first.deal_number == 2 and first.session.deal.turn_number >= 3 and first.person_to_play)
    before = position_of(first.session.deal)
    keeper.save()
    keeper.close()

    again = Keeper(open_store(tmp_path))
    second = again.resume(QUICK, ComputerThinker(force_inline=True))
    assert second is not None and second.match.rules == rules
    assert position_of(second.session.deal) == before
    _play(first, lambda: _over(first))
    _play(second, lambda: _over(second))
    assert second.actions == first.actions, "every later move must be the same after a resume"
    assert second.match.totals == first.match.totals
    again.close()


def test_every_move_is_saved_as_it_is_made(tmp_path) -> None:
    ctl = _controller(seed=3)
    keeper = Keeper(open_store(tmp_path))
    keeper.watch(ctl)
    _play(ctl, lambda: len(ctl.session.deal.turns) >= 3)
    kept = keeper.unfinished()
    assert kept is not None
    assert kept.progress["deals"] == ctl.actions and kept.turns == len(ctl.session.deal.turns)
    assert describe(kept).startswith("2 seats · Easy · deal 1 of 2")
    keeper.close()


def _finish_match(tmp_path, seed: int) -> TableController:  # type: ignore[no-untyped-def]
    ctl = _controller(seed=seed)
    keeper = Keeper(open_store(tmp_path))
    keeper.watch(ctl)
    _play(ctl, lambda: _over(ctl))
    keeper.close()
    return ctl


def test_statistics_of_known_matches_add_up(tmp_path) -> None:
    played = [_finish_match(tmp_path, seed) for seed in (1, 2, 3)]
    # a fourth match begun and given up
    ctl = _controller(seed=4)
    keeper = Keeper(open_store(tmp_path))
    keeper.watch(ctl)
    _play(ctl, lambda: len(ctl.session.deal.turns) >= 2)
    keeper.abandon()
    keeper.close()

    opened = open_store(tmp_path)
    stats = opened.store.statistics()
    history = opened.store.history()
    opened.close()
    outcomes = []
    for c in played:
        winners = c.match.winners()
        outcomes.append("lost" if 0 not in winners else "won" if len(winners) == 1 else "shared")
    o = stats.overall
    assert (o.matches, o.won, o.shared, o.lost, o.abandoned) == (
        4, outcomes.count("won"), outcomes.count("shared"), outcomes.count("lost"), 1)
    margins = [float(r[0]) for c in played for r in c.match.results]
    assert o.deals == len(margins) == 6
    assert o.mean_margin == round(sum(margins) / len(margins), 1)
    assert o.best_deal == max(margins)
    assert o.best_match == max(float(c.match.exact_totals[0]) for c in played)
    streak = longest = 0
    for outcome in outcomes + ["abandoned"]:
        streak = streak + 1 if outcome == "won" else 0
        longest = max(longest, streak)
    assert (o.streak, o.longest_streak) == (streak, longest)
    assert stats.recent == margins
    assert [m.state for m in history] == ["abandoned", "finished", "finished", "finished"]
    assert [list(d.margins) for d in history[1].deals] == [[float(x) for x in r] for r in played[2].match.results]
    assert json.loads(json.dumps(history[1].to_json()))["deals"][0]["record"]["format"] == "chinese-ten/deal-v1"


def test_reset_starts_the_statistics_again_keeps_history_and_a_backup(tmp_path) -> None:
    _finish_match(tmp_path, 1)
    opened = open_store(tmp_path)
    backup = opened.store.reset()
    assert opened.store.statistics().overall.matches == 0
    assert len(opened.store.history()) == 1
    opened.close()
    copy = open_store(backup.parent, lock=False)
    copy.close()
    import sqlite3

    with sqlite3.connect(backup) as db:
        assert db.execute("SELECT COUNT(*) FROM matches").fetchone()[0] == 1


def test_resuming_while_a_computer_thinks_draws_its_decision_again_the_same(tmp_path) -> None:
    first = _controller(seed=21, seats=3)
    keeper = Keeper(open_store(tmp_path))
    keeper.watch(first)
    _play(first, lambda: len(first.session.deal.turns) >= 4 and first.is_thinking())
    keeper.save()  # as when the window closes: a computer's decision is under way
    keeper.close()
    again = Keeper(open_store(tmp_path))
    second = again.resume(QUICK, ComputerThinker(force_inline=True))
    assert second is not None
    _play(first, lambda: _over(first))
    _play(second, lambda: _over(second))
    assert second.actions == first.actions
    again.close()


def test_a_save_that_fails_is_told_once_and_the_match_plays_on_unkept(tmp_path) -> None:
    told: list[str] = []
    opened = open_store(tmp_path)
    keeper = Keeper(opened, told.append)
    ctl = _controller(seed=8)
    keeper.watch(ctl)
    _play(ctl, lambda: len(ctl.session.deal.turns) >= 1)
    assert keeper.unfinished() is not None
    opened.store._db.execute("PRAGMA query_only = ON")  # from now on every write is refused, as on a full disk
    _play(ctl, lambda: len(ctl.session.deal.turns) >= 6)
    assert keeper._writer.flush(timeout=60), "every save asked for was tried (the writing thread is waited for)"
    assert len(told) == 1 and "can't be kept" in told[0]
    assert not keeper.keeping
    keeper.close()


def test_the_deal_just_finished_is_named_by_its_match_and_number_so_its_review_can_be_kept(tmp_path) -> None:
    ctl = _controller(seed=6)
    keeper = Keeper(open_store(tmp_path))
    keeper.watch(ctl)
    assert keeper.last_deal() is None
    _play(ctl, lambda: ctl.deal_finished)
    ctl.record_deal()  # as the table does before it shows the count
    first = keeper.last_deal()
    unfinished = keeper.unfinished()
    assert unfinished is not None and first == (unfinished.id, 1)
    _play(ctl, lambda: _over(ctl))
    assert keeper.last_deal() == (unfinished.id, 2)
    (match,) = keeper.history()
    assert [(match.id, d.number) for d in match.deals] == [(unfinished.id, 1), (unfinished.id, 2)]
    assert keeper.last_deal() == (match.id, match.deals[-1].number)
    keeper.close()


def _locked_by_another_program(folder):  # type: ignore[no-untyped-def]
    """A second connection holding matches.db's write lock, as another copy or an SQLite shell would."""
    other = sqlite3.connect(folder / DB_NAME, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    return other


def test_saves_under_another_programs_lock_neither_freeze_the_frame_nor_get_lost(tmp_path) -> None:
    told: list[str] = []
    locked_told = threading.Event()

    def notify(text: str) -> None:  # called on the keeper's writing thread
        told.append(text)
        locked_told.set()

    keeper = Keeper(open_store(tmp_path), notify)
    ctl = _controller(seed=9)
    keeper.watch(ctl)
    _play(ctl, lambda: len(ctl.session.deal.turns) >= 1)
    assert keeper.unfinished() is not None
    other = _locked_by_another_program(tmp_path)
    began = time.monotonic()
    _play(ctl, lambda: len(ctl.session.deal.turns) >= 11)  # ten moves while the file is locked
    # A guard against a freeze, not a measure of speed: on a quiet machine the ten moves take about 2 ms; a
    # frame that waited for the lock would wait BUSY_SECONDS a save, a second for the ten, which is the
    # bound (hundreds of times the quiet figure, so a busy machine never reaches it).
    assert time.monotonic() - began < 10 * BUSY_SECONDS, "no frame waits for a locked file"
    # The writing thread meets the lock when it gets to it: the notice is what is waited for, not the clock.
    assert locked_told.wait(60), "the person is told that the file is locked"
    assert len(told) == 1 and "locked by another copy of the game" in told[0]
    assert keeper.statistics() is not None and keeper.history() == [], "reads go on while the saves wait"
    assert keeper.keeping, "the saves wait; the match is still kept"
    other.execute("ROLLBACK")
    other.close()
    assert keeper._writer.flush(timeout=60, through_lock=True)
    assert keeper.unfinished().progress["deals"] == ctl.actions, "the newest position is written once it lets go"
    keeper.close()


def test_closing_while_another_program_holds_the_lock_is_quick_and_keeps_the_last_saved_position(tmp_path) -> None:
    keeper = Keeper(open_store(tmp_path))
    ctl = _controller(seed=9)
    keeper.watch(ctl)
    _play(ctl, lambda: len(ctl.session.deal.turns) >= 2)
    saved = keeper.unfinished().progress
    other = _locked_by_another_program(tmp_path)
    _play(ctl, lambda: len(ctl.session.deal.turns) >= 12)
    began = time.monotonic()
    keeper.close()
    # A guard against a freeze: closing gives up after CLOSE_SECONDS (1.10 s measured, whatever the load); one
    # that waited for the lock would never end. The bound is ten times the quiet figure.
    assert time.monotonic() - began < 10 * (CLOSE_SECONDS + BUSY_SECONDS), "closing gives up after a second"
    other.execute("ROLLBACK")
    other.close()
    opened = open_store(tmp_path)
    assert opened.store.unfinished().progress == saved
    opened.close()


def test_a_demo_kept_in_the_same_folder_leaves_the_persons_unfinished_match_as_it_was(tmp_path) -> None:
    keeper = Keeper(open_store(tmp_path))
    mine = _controller(seed=4)
    keeper.watch(mine)
    _play(mine, lambda: len(mine.session.deal.turns) >= 3)
    keeper.close()
    reader = Keeper(open_store(tmp_path))
    kept = reader.unfinished()
    reader.close()
    for finish in (True, False):
        demo = Keeper(open_store(tmp_path))
        computers = _controller(seed=5, length="one", person=False)
        demo.watch(computers)
        _play(computers, (lambda: _over(computers)) if finish else (lambda: len(computers.session.deal.turns) >= 4))
        demo.close()
    opened = open_store(tmp_path)
    still = opened.store.unfinished()
    assert still is not None and (still.id, still.progress) == (kept.id, kept.progress)
    assert opened.store.statistics().overall.matches == 0, "nothing of the person's is counted abandoned"
    states = sorted(s for (s,) in opened.store._db.execute("SELECT state FROM matches WHERE person = 0"))
    assert states == ["abandoned", "finished"], "the demo that stopped early is not left as an unfinished match"
    opened.close()


def test_a_match_played_from_seat_two_is_kept_and_continued_in_that_seat(tmp_path) -> None:
    first = TableController(3, "easy", "per-seat", seed=17, pace=QUICK, thinker=ComputerThinker(force_inline=True),
                            seat=2)
    keeper = Keeper(open_store(tmp_path))
    keeper.watch(first)
    _play(first, lambda: first.deal_number == 2 and first.session.deal.turn_number >= 4 and first.person_to_play)
    before = position_of(first.session.deal)
    keeper.save()
    keeper.close()
    again = Keeper(open_store(tmp_path))
    kept = again.unfinished()
    assert kept is not None and kept.setup.person_seat == 2
    assert describe(kept).endswith(f"your match total {signed(kept.totals[2])}"), "the total, not the deal's"
    second = again.resume(QUICK, ComputerThinker(force_inline=True))
    assert second is not None and second.person_seat == 2 and second.bottom == 2
    assert position_of(second.session.deal) == before
    _play(first, lambda: _over(first))
    _play(second, lambda: _over(second))
    assert second.match.results == first.match.results
    again.close()


def test_a_kept_deals_record_carries_its_result_in_the_one_shape_the_records_share(tmp_path) -> None:
    from chinese_ten.games import check_record_result

    ctl = _finish_match(tmp_path, 6)
    opened = open_store(tmp_path)
    kept = opened.store.history()[0].deals[0]
    opened.close()
    result = kept.record["result"]
    assert set(result) == {"players", "points", "margins", "margins_exact"}
    assert result["players"] == ["you", "easy"]
    assert result["margins_exact"] == [str(m) for m in ctl.match.results[0]]
    check_record_result(kept.record)
