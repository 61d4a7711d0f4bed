"""The review of a deal for the window: made in a process with rising progress, cancellable, kept, never a crash."""

from __future__ import annotations

import os
import random
import signal
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from chinese_ten.cli import build_parser
from chinese_ten.games.ten.deal import Deal
from chinese_ten.i18n import _
from chinese_ten.engine.streams import derive_seed
from chinese_ten.matchstore import MatchSetup, open_store
from chinese_ten.games.ten.players import make_player, next_action
from chinese_ten.games.ten.record import record_of
from chinese_ten.games.ten.review import REVIEW_TURNS, review_record
from chinese_ten.ui.table.analysis import FAILED, STOPPED, Analysis
from chinese_ten.ui.keeper import Keeper

SMALL = 10_000
"""An effort small enough for a whole deal's review to finish in about a second."""

WAIT_S = 60.0
"""The longest any condition is waited for (a starting process on a busy machine included)."""

SETUP = MatchSetup(seats=2, strength="normal", players=("you", "normal"), person=True, rules="classic",
                   preset="classic", length={"kind": "per-seat", "deals": 0}, total_deals=2, seed="7")


def played_record(seed: int = 3) -> dict[str, object]:
    """A whole two-seat deal of Easy against Normal, as a record."""
    deal = Deal.from_seed(2, derive_seed(seed, "analysis-test"))
    players = [make_player("easy"), make_player("normal")]
    rng = random.Random(seed)
    while not deal.is_over:
        seat = deal.to_move
        deal.apply(next_action(players[seat], deal.view(seat), rng))
    return record_of(deal)


def poll_until(analysis: Analysis, condition: Callable[[], bool], seen: list[float] | None = None) -> None:
    """Poll as the window does, frame after frame, until ``condition`` holds (failing after :data:`WAIT_S`)."""
    deadline = time.monotonic() + WAIT_S
    while not condition():
        assert time.monotonic() < deadline, "the analysis did not get there in time"
        analysis.poll()
        if seen is not None:
            seen.append(analysis.progress)


def _gone(pid: int) -> bool:
    stat = Path(f"/proc/{pid}/stat")
    try:
        return stat.read_text().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except (FileNotFoundError, ProcessLookupError):
        return True


@pytest.fixture
def kept(tmp_path):  # type: ignore[no-untyped-def]
    """A keeper over a fresh data folder holding one finished match with one deal, and that deal's place."""
    opened = open_store(tmp_path)
    record = played_record()
    match_id = opened.store.begin(SETUP, {})
    opened.store.finish_deal(match_id, 1, record, [0, 0], 0.0, [0, 0], {})
    opened.store.finish_match(match_id, "won")
    keeper = Keeper(opened)
    yield keeper, (match_id, 1), record
    keeper.close()


def test_progress_rises_to_one_and_ends_with_the_review_made_directly() -> None:
    record = played_record()
    analysis = Analysis.start(record, 0, budget=SMALL)
    try:
        assert analysis.worker_pid is not None and not analysis.done and analysis.progress == 0.0
        seen: list[float] = []
        poll_until(analysis, lambda: analysis.done or analysis.error is not None, seen)
        assert analysis.error is None and not analysis.cancelled
        assert seen == sorted(seen) and seen[-1] == analysis.progress == 1.0
        assert len(set(seen)) > 3  # the bar moved on the way, not only at the end
        assert analysis.review == review_record(record, 0, seed=analysis.seed, budget=SMALL)
    finally:
        analysis.close()


def test_decisions_arrive_one_by_one_before_the_review_is_done() -> None:
    record = played_record()
    analysis = Analysis.start(record, 0, budget=SMALL)
    try:
        counts: list[int] = []

        def judged_or_over() -> bool:
            counts.append(len(analysis.judged))
            return analysis.done or analysis.error is not None

        poll_until(analysis, judged_or_over)
        review = analysis.review
        assert review is not None and analysis.judged == review.decisions
        early = [n for n in counts[:-1] if 0 < n < len(review.decisions)]
        assert early, "some decisions were shown before the whole review was done"
        assert counts == sorted(counts)
    finally:
        analysis.close()


def test_the_window_reviews_with_the_seed_and_effort_the_command_line_uses_by_default() -> None:
    args = build_parser().parse_args(["review", "deal.json", "--seat", "1"])
    analysis = Analysis.start(played_record(), 1)
    try:
        assert (analysis.seed, analysis.budget) == (args.seed, REVIEW_TURNS)
    finally:
        analysis.close()


def test_a_finished_review_is_kept_and_a_second_look_is_done_at_once_without_a_process(kept) -> None:
    keeper, place, record = kept
    first = Analysis.start(record, 0, keeper, place, budget=SMALL)
    poll_until(first, lambda: first.done)
    first.close()
    second = Analysis.start(record, 0, keeper, place, budget=SMALL)
    assert second.done and second.progress == 1.0 and second.worker_pid is None
    assert second.review == first.review
    other_effort = Analysis.start(record, 0, keeper, place, budget=SMALL + 1)
    try:
        assert not other_effort.done and other_effort.worker_pid is not None
    finally:
        other_effort.close()


def test_cancel_stops_the_process_by_itself_and_keeps_nothing(kept, caplog, monkeypatch) -> None:
    keeper, place, record = kept
    # The process is given far longer than the window gives it (2 s) to finish the decision under way: on a busy
    # machine one decision can take longer than that, and this checks that it stops by itself, not how soon.
    monkeypatch.setattr("chinese_ten.ui.table.analysis.CANCEL_WAIT_S", WAIT_S / 2)
    analysis = Analysis.start(record, 0, keeper, place)
    pid = analysis.worker_pid
    assert pid is not None
    poll_until(analysis, lambda: analysis.progress > 0)  # under way, between two decisions
    analysis.cancel()
    assert analysis.cancelled and not analysis.done and analysis.error is None
    with caplog.at_level("WARNING", logger="chinese_ten.ui"):
        poll_until(analysis, lambda: analysis.worker_pid is None)
    assert _gone(pid)
    assert "did not stop by itself" not in caplog.text  # it stopped between two decisions, unforced
    analysis.close()
    assert keeper.kept_review(place, 0, analysis.seed, analysis.budget) is None
    assert analysis.review is None


def test_a_killed_process_gives_a_message_not_a_crash(caplog) -> None:
    analysis = Analysis.start(played_record(), 0)
    try:
        pid = analysis.worker_pid
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        with caplog.at_level("ERROR", logger="chinese_ten.ui"):
            poll_until(analysis, lambda: analysis.error is not None)
        assert analysis.error == _(STOPPED) and not analysis.done and analysis.review is None
        assert "ended without an answer" in caplog.text
        poll_until(analysis, lambda: analysis.worker_pid is None)
    finally:
        analysis.close()


def test_a_record_the_review_refuses_gives_a_message_and_the_log_says_why(caplog) -> None:
    analysis = Analysis.start(played_record(), 5, budget=SMALL)
    try:
        with caplog.at_level("ERROR", logger="chinese_ten.ui"):
            poll_until(analysis, lambda: analysis.error is not None)
        assert analysis.error == _(FAILED) and analysis.review is None
        assert "seat must be a seat from 0 to 1" in caplog.text
    finally:
        analysis.close()
