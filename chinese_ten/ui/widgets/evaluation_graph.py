"""The review's evaluation graph: the seat's expected final margin after each of its decisions.

As a chess site draws its evaluation chart, the graph runs across the deal from the
first turn to the last: after each judged decision, the margin the seat could then
expect (the chosen option's), and at the end the margin it really got. A decision
marked worse than best is drawn as a dot in its mark's colour. A scale of points runs up
the side: gridlines at zero and at round margins above and below, each labelled. The
points and the arithmetic that places them are pure, so a click can be turned back into
a turn and checked without a screen.
"""

from __future__ import annotations

import math
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


DIGITS_SHARE: float = 0.6
"""How much of a label's line its digits fill (Noto Sans: digits 0.71 em tall on a 1.36 em line, a little
over half): labels closer than a line apart do not touch while their digits are this far apart."""


def tick_step(span: float) -> float:
    """The points between the scale's gridlines for a graph reaching ``span`` above zero: a round number
    (1, 2 or 5 times a power of ten) at most half of it, so at least one line lies above zero and one below.

    >>> tick_step(1.15), tick_step(13.8), tick_step(46.0)
    (0.5, 5.0, 20.0)
    """
    raw = span / 2
    power = 10.0 ** math.floor(math.log10(raw))
    return next(m * power for m in (5, 2, 1) if m * power <= raw)


def ticks(span: float, height: int, label_height: int) -> tuple[float, ...]:
    """The margins the scale labels, lowest first, for a graph reaching ``span`` on ``height`` pixels: zero
    and round margins either side, as many as leave each label its ``label_height`` (at least zero)."""
    step = tick_step(span)
    every = [k * step for k in range(-int(span // step), int(span // step) + 1) if abs(k * step) < span]
    pixels = (height / 2) * step / span
    if pixels >= label_height:
        return tuple(every)
    outer = max(abs(v) for v in every)
    if outer > 0 and (height / 2) * outer / span >= label_height:
        return (-outer, 0.0, outer)
    return (0.0,)


def tick_text(value: float) -> str:
    """A scale label: signed, whole when whole (``+10``, ``0``, ``-2.5``)."""
    if value == 0:
        return "0"
    return f"{value:+.0f}" if value == round(value) else f"{value:+.1f}"


def turn_at(area: Rect, last: int, x: int) -> int:
    """The turn a click at ``x`` in ``area`` points to (0 to ``last``)."""
    if area.width <= 0:
        return 0
    return max(0, min(last, round((x - area.left) * last / area.width)))


def draw_graph(surface: pygame.Surface, area: Rect, points: Sequence[GraphPoint], last: int, at: int,
               theme: Theme, mark_colour: Callable[[Theme, str], Colour],
               text: Callable[[str], pygame.Surface] | None = None) -> None:
    """Draw the graph in ``area``: the zero line, the margin's line, marked decisions as dots and the
    position shown as an upright line; with ``text`` (a label's picture), the scale too: a gridline at
    each of :func:`ticks` and its label just left of ``area``, right-aligned (the caller leaves room)."""
    pygame.draw.rect(surface, theme.raised, area, border_radius=6)
    span = value_range(points) if points else 1.0
    inner = area.inflate(-8, -8)
    if text is not None:
        digits = round(text("0").get_height() * DIGITS_SHARE)
        labels = [(v, text(tick_text(v))) for v in ticks(span, inner.height, digits)]
        for value, label in labels:
            _, y = place(GraphPoint(0, value, None), inner, last, span)
            if value:
                for x in range(area.left + 2, area.right - 2, 6):  # dotted, fainter than the zero line
                    pygame.draw.line(surface, theme.panel_line, (x, y), (min(x + 2, area.right - 3), y), 1)
            surface.blit(label, label.get_rect(midright=(area.left - 4, y)))
    pygame.draw.line(surface, theme.panel_line, (area.left + 2, area.centery), (area.right - 2, area.centery), 1)
    x_at = area.left + round(area.width * at / max(1, last))
    pygame.draw.line(surface, theme.accent, (x_at, area.top + 2), (x_at, area.bottom - 2), 2)
    if not points:
        return
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
