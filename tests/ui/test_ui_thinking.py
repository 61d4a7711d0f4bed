"""Computer decisions off the drawing loop: answers arrive tagged, stale ones are dropped."""

from __future__ import annotations

import logging
import os
import signal
import time

from chinese_ten.games.ten.deal import Deal
from chinese_ten.games.ten import SPEC as TEN
from chinese_ten.games.ten.deal import Action
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.engine.thinking import FALLBACK_NOTICE, ComputerThinker, decide


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
    thinker.ask("t1", TEN.players, deal.view(deal.to_move), "normal", None, 5)
    tag, answer = thinker.poll()
    assert tag == "t1" and isinstance(answer, Action) and answer.kind == "play"
    assert answer.card in deal.hand(deal.to_move)


def test_hard_thinks_in_a_worker_process_and_matches_an_inline_decision() -> None:
    deal = Deal.from_seed(3, seed=2)
    view = deal.view(deal.to_move)
    thinker = ComputerThinker()
    assert thinker.uses_process("hard")
    try:
        thinker.ask("old", TEN.players, view, "hard", 20, 9)
        thinker.cancel()
        thinker.ask("new", TEN.players, view, "hard", 20, 9)
        tag, answer = _wait(thinker)
        assert tag == "new"
        assert isinstance(answer, Action) and answer.card in view.hand
        assert thinker.worker_answers == 1, "the answer came from the worker process"
        assert answer == decide(TEN.players, view, "hard", 20, 9), "the worker decides as the same player inline"
    finally:
        thinker.shutdown()


def test_a_hints_figures_come_back_from_the_worker_process_as_measured_inline() -> None:
    from chinese_ten.engine.thinking import Explained

    ten = Deal.from_seed(2, seed=6)
    view = ten.view(ten.to_move)
    thinker = ComputerThinker()
    try:
        thinker.ask("hint", TEN.players, view, "hard", 20, 4, explain=True)
        tag, answer = _wait(thinker)
        assert tag == "hint" and thinker.worker_answers == 1
        assert isinstance(answer, Explained) and answer.basis is not None
        assert answer == decide(TEN.players, view, "hard", 20, 4, explain=True), "the same figures as inline"
    finally:
        thinker.shutdown()


def test_only_answers_from_the_worker_process_are_counted_as_the_workers() -> None:
    deal = Deal.from_seed(2, seed=4)
    view = deal.view(deal.to_move)
    thinker = ComputerThinker()
    try:
        thinker.ask("inline", TEN.players, view, "normal", None, 1)
        assert thinker.poll() is not None
        assert thinker.worker_answers == 0
        thinker.ask("worker", TEN.players, view, "hard", 20, 1)
        tag, _answer = _wait(thinker)
        assert tag == "worker" and thinker.worker_answers == 1
    finally:
        thinker.shutdown()


def _kill_worker(thinker: ComputerThinker) -> None:
    pid = thinker.worker_pid
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    end = time.monotonic() + 30
    while thinker.worker_pid is not None and time.monotonic() < end:
        time.sleep(0.01)
    assert thinker.worker_pid is None, "the worker is gone"


def test_a_failing_worker_falls_back_to_normal_logs_an_error_and_tells_the_person_once(
        window, caplog) -> None:  # type: ignore[no-untyped-def]
    deal = Deal.from_seed(3, seed=2)
    view = deal.view(deal.to_move)
    app = App(window, Settings(), None, None, ComputerThinker())
    thinker = app.thinker
    told: list[str] = []
    notify = app.notify
    app.notify = lambda text: (told.append(text), notify(text))  # type: ignore[method-assign]
    thinker.on_fallback = app.notify
    try:
        for round_ in range(2):
            thinker.ask(f"r{round_}", TEN.players, view, "hard", 10_000_000, 9)
            _kill_worker(thinker)
            with caplog.at_level(logging.ERROR, logger="chinese_ten.ui"):
                tag, answer = _wait(thinker)
            assert tag == f"r{round_}"
            assert answer == decide(TEN.players, view, "normal", 10_000_000, 9), "Normal decided instead"
            assert any(r.levelno == logging.ERROR and "thinking process" in r.getMessage()
                       for r in caplog.records)
            caplog.clear()
        assert told == [FALLBACK_NOTICE], "the person is told once"
        assert app.banner_text == FALLBACK_NOTICE and app.banner_left > 0
        thinker.ask("again", TEN.players, view, "hard", 20, 9)
        tag, answer = _wait(thinker)
        assert tag == "again" and thinker.worker_answers == 1, "a new worker answers the next request"
    finally:
        thinker.shutdown()
    assert thinker.worker_pid is None


def test_the_app_passes_worker_failures_to_its_banner(window) -> None:  # type: ignore[no-untyped-def]
    app = App(window, Settings(), None, None, ComputerThinker())
    assert app.thinker.on_fallback == app.notify
