"""Animation steps: timed movements of cards between places, with glows and labels.

A :class:`Step` runs for ``duration`` seconds; its :class:`Sprite` s move
from one :class:`~chinese_ten.ui.table.board.Loc` to another. ``begin`` and ``end``
hooks move the :class:`~chinese_ten.ui.table.board.Board` along.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from chinese_ten.cards import Card
from chinese_ten.ui.table.board import Board, Loc


def ease_in_out(t: float) -> float:
    """Smooth start and stop for ``t`` in 0..1."""
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


def ease_out(t: float) -> float:
    """Fast start, gentle stop for ``t`` in 0..1."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


def within(p: float, window: tuple[float, float]) -> float:
    """Progress ``p`` of a whole step as progress through the part ``window`` (start, end) of it, 0..1."""
    start, end = window
    if end <= start:
        return 1.0 if p >= end else 0.0
    return min(1.0, max(0.0, (p - start) / (end - start)))


@dataclass
class Sprite:
    """A card on the move (or held in place while it glows), during the part ``window`` of its step."""

    card: Card | None
    """The card, or None for one whose face the table may not show (it stays ``back``)."""
    src: Loc
    dst: Loc
    flip: bool = False
    glow: bool = False
    lift: float = 0.0
    window: tuple[float, float] = (0.0, 1.0)
    back: bool = False
    """True for a card that stays face down all the way (dealt into a computer's hand)."""


@dataclass
class Label:
    """Floating text such as ``+13`` rising from a place, drifting to ``to`` when given (a pile)."""

    text: str
    at: Loc
    rise: float = 1.0
    to: Loc | None = None
    window: tuple[float, float] = (0.0, 1.0)


@dataclass
class Step:
    """One movement of the turn being shown."""

    duration: float
    seat: int | None = None
    sprites: list[Sprite] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    banner: str | None = None
    glow_slots: tuple[int, ...] = ()
    on_end: Callable[[Board], None] | None = None
    elapsed: float = 0.0

    @property
    def progress(self) -> float:
        """How far through the step, 0..1."""
        if self.duration <= 0:
            return 1.0
        return min(1.0, self.elapsed / self.duration)

    @property
    def done(self) -> bool:
        """True once the step has run its time."""
        return self.elapsed >= self.duration

    def moving(self) -> frozenset[Card]:
        """Cards drawn by this step rather than where the board has them."""
        return frozenset(s.card for s in self.sprites if s.card is not None)


StepFactory = Callable[[Board], Step]
"""Builds a step from the board as it stands when the step starts."""


def overlap(first: StepFactory, second: StepFactory, after: float) -> StepFactory:
    """One step showing ``first`` and, from ``after`` seconds into it, ``second`` alongside.

    Both are built in order when the step starts and both end hooks run, in order, when it
    ends; each movement keeps its own speed.
    """
    def build(board: Board) -> Step:
        a = first(board)
        b = second(board)
        start = min(max(0.0, after), a.duration)
        total = max(a.duration, start + b.duration)

        def part(begin: float, length: float, window: tuple[float, float]) -> tuple[float, float]:
            if total <= 0:
                return window
            lo = begin + window[0] * length
            hi = begin + window[1] * length
            return (lo / total, hi / total)

        for sprite in a.sprites:
            sprite.window = part(0.0, a.duration, sprite.window)
        for label in a.labels:
            label.window = part(0.0, a.duration, label.window)
        for sprite in b.sprites:
            sprite.window = part(start, b.duration, sprite.window)
        for label in b.labels:
            label.window = part(start, b.duration, label.window)

        def end(board: Board) -> None:
            for hook in (a.on_end, b.on_end):
                if hook is not None:
                    hook(board)
        return Step(total, a.seat if a.seat is not None else b.seat, a.sprites + b.sprites, a.labels + b.labels,
                    a.banner or b.banner, a.glow_slots + b.glow_slots, end)
    return build


def merge_into(step: Step, later: Step) -> None:
    """Show ``later`` from now on alongside ``step``, which is under way: ``step`` lasts until both are done,
    each movement keeps its speed and place in time, both end hooks run, in order, and the seat is ``later``'s."""
    start = step.elapsed
    total = max(step.duration, start + later.duration)
    if total <= 0:
        return

    def part(begin: float, length: float, window: tuple[float, float]) -> tuple[float, float]:
        return ((begin + window[0] * length) / total, (begin + window[1] * length) / total)

    for sprite in step.sprites:
        sprite.window = part(0.0, step.duration, sprite.window)
    for label in step.labels:
        label.window = part(0.0, step.duration, label.window)
    for sprite in later.sprites:
        sprite.window = part(start, later.duration, sprite.window)
    for label in later.labels:
        label.window = part(start, later.duration, label.window)
    first_end, then = step.on_end, later.on_end

    def end(board: Board) -> None:
        for hook in (first_end, then):
            if hook is not None:
                hook(board)
    step.duration = total
    step.sprites = step.sprites + later.sprites
    step.labels = step.labels + later.labels
    step.glow_slots = step.glow_slots + later.glow_slots
    step.seat = later.seat if later.seat is not None else step.seat
    step.on_end = end


class Animated(Protocol):
    """A picture with movements queued to show on it (the live table, a review)."""

    board: Board
    queue: deque[StepFactory]
    current: Step | None


def run_steps(shown: Animated, dt: float, budget: int = 8) -> float | None:
    """Move ``shown``'s movements on by ``dt`` seconds, at most ``budget`` of them in one go; None while
    one is still under way, else the seconds left over (none once a movement has used them)."""
    while budget:
        budget -= 1
        if shown.current is None:
            if not shown.queue:
                break
            shown.current = shown.queue.popleft()(shown.board)
        step = shown.current
        step.elapsed += dt
        dt = 0.0
        if not step.done:
            return None
        if step.on_end is not None:
            step.on_end(shown.board)
        shown.current = None
    return dt


def finish_steps(shown: Animated) -> bool:
    """Finish every queued movement of ``shown`` at once; True when there was one."""
    if shown.current is None and not shown.queue:
        return False
    for _step in range(10_000):
        if shown.current is None:
            if not shown.queue:
                break
            shown.current = shown.queue.popleft()(shown.board)
        step = shown.current
        step.elapsed = max(step.elapsed, step.duration)
        if step.on_end is not None:
            step.on_end(shown.board)
        shown.current = None
    return True
