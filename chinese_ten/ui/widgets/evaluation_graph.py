"""The review's evaluation graph: the seat's expected final margin after each of its decisions.

As a chess site draws its evaluation chart, the graph runs across the deal from the
first turn to the last: after each judged decision, the margin the seat could then
expect (the chosen option's), and at the end the margin it really got. A decision
marked worse than best is drawn as a dot in its mark's colour. The points and the
arithmetic that places them are pure, so a click can be turned back into a turn and
checked without a screen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame
from pygame import Rect

from chinese_ten.ui.kit.theme import Colour, Theme


class Judged(Protocol):
    """A judged decision as the graph reads it."""

    @property
    def turn(self) -> int:
        """The turn's number in the deal, from 1."""

    @property
    def label(self) -> str:
        """The decision's mark."""

    @property
    def chosen(self) -> object:
        """The chosen option (it has ``expected``)."""


@dataclass(frozen=True)
class GraphPoint:
    """One point of the graph: after ``turn`` turns, the seat's expected final margin, and the worst mark
    of its decisions in that turn (None for the deal's real end)."""

    turn: int
    value: float
    label: str | None


def graph_points(decisions: Sequence[Judged], final: float | None, last: int) -> tuple[GraphPoint, ...]:
    """The graph's points: one per turn in which the seat decided (its last decision's expected margin, its
    worst mark), in order, then the real margin after turn ``last`` when ``final`` is known."""
    order = ("best", "inaccuracy", "mistake", "blunder")
    by_turn: dict[int, tuple[float, str]] = {}
    for d in decisions:
        value = float(getattr(d.chosen, "expected", 0.0))
        known = by_turn.get(d.turn)
        label = d.label if known is None or order.index(d.label) > order.index(known[1]) else known[1]
        by_turn[d.turn] = (value, label)
    points = [GraphPoint(turn, value, label) for turn, (value, label) in sorted(by_turn.items())]
    if final is not None:
        points.append(GraphPoint(last, float(final), None))
    return tuple(points)


def value_range(points: Sequence[GraphPoint]) -> float:
    """The margin at the graph's top edge (and, below zero, at its bottom): a little above the largest."""
    return max([1.0, *(abs(p.value) for p in points)]) * 1.15


def place(point: GraphPoint, area: Rect, last: int, span: float) -> tuple[int, int]:
    """Where ``point`` is drawn in ``area``: turns from left to right, margins up from the middle."""
    x = area.left + round(area.width * point.turn / max(1, last))
    y = area.centery - round((area.height / 2) * point.value / span)
    return x, max(area.top, min(area.bottom, y))


def turn_at(area: Rect, last: int, x: int) -> int:
    """The turn a click at ``x`` in ``area`` points to (0 to ``last``)."""
    if area.width <= 0:
        return 0
    return max(0, min(last, round((x - area.left) * last / area.width)))


def draw_graph(surface: pygame.Surface, area: Rect, points: Sequence[GraphPoint], last: int, at: int,
               theme: Theme, mark_colour: Callable[[Theme, str], Colour]) -> None:
    """Draw the graph in ``area``: the zero line, the margin's line, marked decisions as dots and the
    position shown as an upright line."""
    pygame.draw.rect(surface, theme.raised, area, border_radius=6)
    pygame.draw.line(surface, theme.panel_line, (area.left + 2, area.centery), (area.right - 2, area.centery), 1)
    x_at = area.left + round(area.width * at / max(1, last))
    pygame.draw.line(surface, theme.accent, (x_at, area.top + 2), (x_at, area.bottom - 2), 2)
    if not points:
        return
    span = value_range(points)
    inner = area.inflate(-8, -8)
    start = (inner.left, inner.centery)
    placed = [place(p, inner, last, span) for p in points]
    pygame.draw.lines(surface, theme.text, False, [start, *placed], 2)
    radius = max(3, area.height // 14)
    for p, xy in zip(points, placed):
        if p.label is None:
            colour = theme.gain if p.value > 0 else theme.loss if p.value < 0 else theme.text
            pygame.draw.rect(surface, colour, Rect(xy[0] - radius, xy[1] - radius, 2 * radius, 2 * radius))
        elif p.label != "best":
            pygame.draw.circle(surface, mark_colour(theme, p.label), xy, radius + 1)
            pygame.draw.circle(surface, (0, 0, 0), xy, radius + 1, 1)
