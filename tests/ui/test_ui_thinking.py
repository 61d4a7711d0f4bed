"""Computer decisions off the drawing loop: answers arrive tagged, stale ones are dropped."""

from __future__ import annotations

import time

from chinese_ten.deal import Deal
from chinese_ten.players import Decision
from chinese_ten.ui.thinking import ComputerThinker


def _wait(thinker: ComputerThinker, seconds: float = 60.0):  # type: ignore[no-untyped-def]
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        got = thinker.poll()
        if got is not None:
            return got
        time.sleep(0.01)
    raise AssertionError("no answer")


def test_inline_players_answer_at_once() -> None:
    deal = Deal.from_seed(2, seed=1)
    thinker = ComputerThinker()
    thinker.ask("t1", "play", deal.view(deal.to_move), "normal", None, 5)
    tag, answer = thinker.poll()
    assert tag == "t1" and isinstance(answer, Decision)
    assert answer.play in deal.hand(deal.to_move)


def test_hard_thinks_in_a_worker_process_and_matches_an_inline_decision() -> None:
    deal = Deal.from_seed(3, seed=2)
    view = deal.view(deal.to_move)
    thinker = ComputerThinker()
    assert thinker.uses_process("hard")
    try:
        thinker.ask("old", "play", view, "hard", 20, 9)
        thinker.cancel()
        thinker.ask("new", "play", view, "hard", 20, 9)
        tag, answer = _wait(thinker)
        assert tag == "new"
        assert isinstance(answer, Decision) and answer.play in view.hand
    finally:
        thinker.shutdown()


def test_only_answers_from_the_worker_process_are_counted_as_the_workers() -> None:
    deal = Deal.from_seed(2, seed=4)
    view = deal.view(deal.to_move)
    thinker = ComputerThinker()
    try:
        thinker.ask("inline", "play", view, "normal", None, 1)
        assert thinker.poll() is not None
        assert thinker.worker_answers == 0
        thinker.ask("worker", "play", view, "hard", 20, 1)
        tag, _answer = _wait(thinker)
        assert tag == "worker" and thinker.worker_answers == 1
    finally:
        thinker.shutdown()
