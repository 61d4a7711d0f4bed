"""The evaluation graph of the review: its points follow the decisions, and a click finds the turn it points at."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given
from hypothesis import strategies as st
from pygame import Rect

from chinese_ten.ui.widgets.evaluation_graph import GraphPoint, graph_points, place, turn_at, value_range


@dataclass(frozen=True)
class _Option:
    expected: float


@dataclass(frozen=True)
class _Decision:
    turn: int
    label: str
    chosen: _Option


def test_a_turn_with_two_decisions_is_one_point_with_the_later_margin_and_the_worse_mark() -> None:
    decisions = [_Decision(1, "best", _Option(2.0)), _Decision(3, "mistake", _Option(-1.0)),
                 _Decision(3, "best", _Option(-0.5)), _Decision(5, "inaccuracy", _Option(1.5))]
    points = graph_points(decisions, 4.0, 8)
    assert points == (GraphPoint(1, 2.0, "best"), GraphPoint(3, -0.5, "mistake"), GraphPoint(5, 1.5, "inaccuracy"),
                      GraphPoint(8, 4.0, None))


def test_without_a_known_end_the_graph_has_no_last_point() -> None:
    assert graph_points([_Decision(2, "best", _Option(1.0))], None, 6) == (GraphPoint(2, 1.0, "best"),)


def test_the_range_holds_every_point_inside_the_graph() -> None:
    points = [GraphPoint(1, -30.0, "best"), GraphPoint(2, 12.0, "best")]
    span = value_range(points)
    area = Rect(10, 10, 200, 60)
    for p in points:
        x, y = place(p, area, 4, span)
        assert area.top < y < area.bottom and area.left <= x <= area.right


@given(st.integers(min_value=1, max_value=60), st.integers(min_value=0, max_value=60),
       st.integers(min_value=120, max_value=900))
def test_a_click_on_a_points_column_finds_its_turn(last: int, turn: int, width: int) -> None:
    # a deal has at most 60 turns, and the graph is at least two pixels a turn wide
    turn = min(turn, last)
    area = Rect(30, 5, width, 50)
    x, _ = place(GraphPoint(turn, 0.0, "best"), area, last, 1.0)
    assert turn_at(area, last, x) == turn


def test_the_scale_steps_by_round_numbers_with_a_line_either_side_of_zero() -> None:
    from chinese_ten.ui.widgets.evaluation_graph import tick_step, ticks

    for span in (1.15, 3.0, 13.8, 46.0, 250.0):
        step = tick_step(span)
        assert step <= span / 2 and f"{step:g}".lstrip("0.")[0] in "125", (span, step)
    assert ticks(13.8, 200, 14) == (-10.0, -5.0, 0.0, 5.0, 10.0)
    assert ticks(13.8, 60, 14) == (-10.0, 0.0, 10.0), "labels too close together: only the outer ones and zero"
    assert ticks(13.8, 10, 14) == (0.0,)


def test_the_graph_draws_its_scales_labels_beside_it_at_their_margins() -> None:
    import pygame

    from chinese_ten.ui.kit.theme import theme_for
    from chinese_ten.ui.widgets.evaluation_graph import DIGITS_SHARE, draw_graph, ticks

    pygame.init()
    surface = pygame.Surface((400, 200))
    area = Rect(60, 20, 300, 160)
    drawn: list[str] = []
    label_height = 12

    def label(words: str) -> pygame.Surface:
        drawn.append(words)
        picture = pygame.Surface((30, label_height))
        picture.fill((255, 0, 255))
        return picture

    points = [GraphPoint(1, -8.0, "best"), GraphPoint(4, 11.0, "mistake")]
    theme = theme_for(False, False)
    draw_graph(surface, area, points, 6, 2, theme, lambda _t, _l: (255, 255, 0), label)
    shown = ticks(value_range(points), area.height - 8, round(label_height * DIGITS_SHARE))
    assert {"0", "+5", "-5", "+10", "-10"} <= set(drawn) and len(shown) == 5
    zero_row = area.centery
    assert surface.get_at((area.left - 10, zero_row))[:3] == (255, 0, 255), "the 0 label stands left of the graph"
    assert surface.get_at((area.left - 10, area.top - 5))[:3] != (255, 0, 255)
