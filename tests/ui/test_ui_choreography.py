"""How a turn is shown: the stock card starts turning while the played card is still finishing, the
turned card's short hop is quicker than a card's travel from a hand, and the board still ends as the deal."""

from __future__ import annotations

import pygame
import pytest

from chinese_ten.ui.animation import Step, overlap, within
from chinese_ten.ui.board import Board, Loc
from chinese_ten.ui.choreography import HOP, pace_for
from chinese_ten.ui.animation import Sprite

from uiharness import run_frames


def _steps_of_turn(app, ctl) -> list[Step]:  # type: ignore[no-untyped-def]
    seen: list[Step] = []
    for _ in range(2000):
        app.frame(1 / 60, [])
        if ctl.current is not None and (not seen or seen[-1] is not ctl.current):
            seen.append(ctl.current)
        if ctl.person_to_play:
            break
    return seen


@pytest.mark.parametrize("seed", [1, 4, 8])
def test_the_stock_card_turns_while_the_played_card_finishes(make_table, seed: int) -> None:  # type: ignore[no-untyped-def]
    app, ctl, _table = make_table(seats=4, seed=seed, pace=pace_for("normal"))
    assert run_frames(app, lambda: ctl.person_to_play)
    overlapped = 0
    for _turn in range(3):
        app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="", scancode=0)])
        for step in _steps_of_turn(app, ctl):
            flips = [s for s in step.sprites if s.flip and s.src.kind == "stock"]
            played = [s for s in step.sprites if not (s.flip and s.src.kind == "stock")]
            if flips and played:
                overlapped += 1
                assert 0 < flips[0].window[0] < max(s.window[1] for s in played), \
                    "the turn starts once the played card is under way, before it is done"
    assert overlapped >= 6, "a stock card turns alongside the play in most turns"


def test_a_turned_cards_hop_into_the_layout_is_quicker_than_a_travel_from_the_hand(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, _table = make_table(seats=2, seed=1, pace=pace_for("normal"))
    assert run_frames(app, lambda: ctl.person_to_play)
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="", scancode=0)])
    hops = [s for s in _steps_of_turn(app, ctl) if any(sp.src.kind == "stage" for sp in s.sprites)]
    assert hops and all(s.duration == pytest.approx(ctl.pace.move * HOP) for s in hops)
    assert HOP < 1


def test_overlapped_steps_keep_each_movements_own_time_and_run_both_ends() -> None:
    ends: list[str] = []
    card_a, card_b = 0, 1

    def first(board: Board) -> Step:
        return Step(0.4, 1, [Sprite(card_a, Loc("slot"), Loc("pile", 1))],  # type: ignore[arg-type]
                    on_end=lambda b: ends.append("first"))

    def second(board: Board) -> Step:
        return Step(0.4, 1, [Sprite(card_b, Loc("stock"), Loc("stage"), flip=True)],  # type: ignore[arg-type]
                    on_end=lambda b: ends.append("second"))

    step = overlap(first, second, 0.2)(Board(2, [[], []]))
    assert step.duration == pytest.approx(0.6)
    a, b = step.sprites
    assert a.window == pytest.approx((0.0, 0.4 / 0.6)) and b.window == pytest.approx((0.2 / 0.6, 1.0))
    assert within(0.5, b.window) == pytest.approx((0.3 - 0.2) / 0.4)
    assert within(0.1, b.window) == 0.0 and within(1.0, a.window) == 1.0
    step.on_end(Board(2, [[], []]))  # type: ignore[misc]
    assert ends == ["first", "second"]
