"""Animation steps: timed movements of cards between places, with glows and labels.

A :class:`Step` runs for ``duration`` seconds; its :class:`Sprite` s move
from one :class:`~chinese_ten.ui.board.Loc` to another. ``begin`` and ``end``
hooks move the :class:`~chinese_ten.ui.board.Board` along.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..cards import Card
from .board import Board, Loc


def ease_in_out(t: float) -> float:
    """Smooth start and stop for ``t`` in 0..1."""
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


def ease_out(t: float) -> float:
    """Fast start, gentle stop for ``t`` in 0..1."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


@dataclass
class Sprite:
    """A card on the move (or held in place while it glows)."""

    card: Card
    src: Loc
    dst: Loc
    flip: bool = False
    glow: bool = False
    lift: float = 0.0


@dataclass
class Label:
    """Floating text such as ``+13`` rising from a place, drifting to ``to`` when given (a pile)."""

    text: str
    at: Loc
    rise: float = 1.0
    to: Loc | None = None


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
        return frozenset(s.card for s in self.sprites)


StepFactory = Callable[[Board], Step]
"""Builds a step from the board as it stands when the step starts."""
