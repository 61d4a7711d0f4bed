"""Queued movements: run frame by frame or finished at once, each built when it starts and ended once."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from chinese_ten.ui.table.animation import Step, StepFactory, finish_steps, run_steps
from chinese_ten.ui.table.board import Board


@dataclass
class Shown:
    """A picture with movements queued, as the table and the review keep one."""

    board: Board = field(default_factory=lambda: Board(2, [[], []]))
    queue: deque[StepFactory] = field(default_factory=deque)
    current: Step | None = None


def queue_steps(shown: Shown, durations: list[float], ended: list[int]) -> None:
    """Queue one step per duration; each records its number when it ends."""
    for i, duration in enumerate(durations):
        def build(board: Board, i: int = i, duration: float = duration) -> Step:
            return Step(duration, on_end=lambda _board: ended.append(i))
        shown.queue.append(build)


def test_a_frame_moves_the_step_under_way_and_reports_the_time_left_once_all_have_ended() -> None:
    shown, ended = Shown(), []
    queue_steps(shown, [0.5, 0.0, 0.2], ended)
    assert run_steps(shown, 0.3) is None and ended == [], "the first step is under way"
    assert run_steps(shown, 0.3) is None and ended == [0, 1], "it ends, the instant one too, the third starts"
    assert shown.current is not None and shown.current.duration == 0.2
    assert run_steps(shown, 0.25) == 0.0 and ended == [0, 1, 2], "a step used the frame's time"
    assert run_steps(shown, 0.25) == 0.25, "nothing queued: the whole frame is left"


def test_a_frame_ends_at_most_its_budget_of_steps() -> None:
    shown, ended = Shown(), []
    queue_steps(shown, [0.0] * 5, ended)
    assert run_steps(shown, 0.1, budget=3) == 0.0
    assert ended == [0, 1, 2] and len(shown.queue) == 2


def test_finishing_ends_every_step_once_and_says_whether_there_was_one() -> None:
    shown, ended = Shown(), []
    assert not finish_steps(shown)
    queue_steps(shown, [1.0, 2.0, 3.0], ended)
    run_steps(shown, 0.1)
    assert finish_steps(shown)
    assert ended == [0, 1, 2] and shown.current is None and not shown.queue
