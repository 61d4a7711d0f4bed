"""Closing the game: the window goes first, the match is kept, and a thinking worker is not waited for."""

from __future__ import annotations

import argparse
from pathlib import Path

import pygame
import pytest

from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.cli import launch_options
from chinese_ten.ui.app import App, run_game
from chinese_ten.ui.keeper import Keeper


class _BusyWorker:
    """A worker process in the middle of a long decision: it never ends by itself."""

    def __init__(self) -> None:
        self.waits: list[float | None] = []
        self.killed = False

    def join(self, timeout: float | None = None) -> None:
        self.waits.append(timeout)

    def is_alive(self) -> bool:
        return not self.killed

    def kill(self) -> None:
        self.killed = True


class _Pipe:
    def send(self, _value: object) -> None:
        pass

    def close(self) -> None:
        pass


def test_shutting_down_kills_a_thinking_worker_without_waiting_for_it() -> None:
    thinker = ComputerThinker()
    worker = _BusyWorker()
    thinker._process, thinker._conn = worker, _Pipe()  # type: ignore[assignment]
    thinker.shutdown()
    assert worker.killed
    assert worker.waits[0] == 0.0, "no wait for a worker that may think for seconds more"
    assert thinker.worker_pid is None


@pytest.mark.usefixtures("private_run")
def test_quitting_closes_the_window_before_keeping_the_match_and_stopping_the_worker(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    order: list[str] = []
    close, shutdown = Keeper.close, ComputerThinker.shutdown

    def keeper_close(self: Keeper) -> None:
        order.append("keep:window open" if pygame.display.get_init() else "keep:window closed")
        close(self)

    def thinker_shutdown(self: ComputerThinker) -> None:
        order.append("stop worker")
        shutdown(self)

    def scripted_run(self: App) -> None:
        self.thinker.force_inline = True
        self.new_match()
        self.quit()

    monkeypatch.setattr(Keeper, "close", keeper_close)
    monkeypatch.setattr(ComputerThinker, "shutdown", thinker_shutdown)
    monkeypatch.setattr(App, "run", scripted_run)
    args = argparse.Namespace(command=None, settings_dir=None, data_dir=str(tmp_path / "data"))
    assert run_game(launch_options(args)) == 0
    assert order == ["keep:window closed", "stop worker"]
