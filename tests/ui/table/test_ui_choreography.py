"""How a turn is shown: the stock card starts turning while the played card is still finishing, the
turned card's short hop is quicker than a card's travel from a hand, and the board still ends as the deal."""

from __future__ import annotations

import pygame
import pytest

from chinese_ten.ui.table.animation import Step, overlap, within
from chinese_ten.ui.table.board import Board, Loc
from chinese_ten.ui.table.choreography import HOP, pace_for
from chinese_ten.ui.table.animation import Sprite

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


@pytest.mark.slow
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
    # the turned card entering the layout (to a free slot, or beside the card it takes), timed by its own part
    # of its step: the next seat's play may start while it finishes, in the same step
    hops = [(s, sp) for s in _steps_of_turn(app, ctl) for sp in s.sprites
            if sp.src.kind == "stage" and sp.dst.kind in ("slot", "near")]
    assert hops and all((sp.window[1] - sp.window[0]) * s.duration == pytest.approx(ctl.pace.move * HOP)
                        for s, sp in hops)
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


def _picture(board: Board) -> tuple[object, ...]:
    return (dict(board.slots), [h[:] for h in board.hands], board.stock, board.piles[:], board.points[:])


@pytest.mark.parametrize("seats", [2, 4])
def test_the_last_turn_shown_again_moves_slowly_and_changes_nothing(make_table, seats: int) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.table.choreography import REPLAY_PACE

    app, ctl, scene = make_table(seats=seats, seed=3)
    assert run_frames(app, lambda: ctl.person_to_play)
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0)])
    assert scene.toast_text == "There is no turn to show again yet." and not ctl.busy
    ctl.play(ctl.session.deal.hand(0)[0])
    assert run_frames(app, lambda: ctl.person_to_play)  # every computer has played too
    turns, hand, entries = ctl.session.deal.turns, ctl.session.deal.hand(0), list(ctl.narration.entries)
    after = _picture(ctl.board)
    before_last = ctl._turn_board
    assert before_last is not None and _picture(before_last) != after
    scene.show_last_turn()
    assert ctl.busy and not ctl.person_to_play
    assert _picture(ctl.board) == _picture(before_last), "the table goes back to where the last turn began"
    frames = 0
    while ctl.busy and frames < 2000:
        app.frame(1 / 60, [])
        frames += 1
    assert frames / 60 >= REPLAY_PACE.move + REPLAY_PACE.flip * HOP, "shown at the slow pace"
    assert _picture(ctl.board) == after and ctl.person_to_play
    assert ctl.session.deal.turns == turns and ctl.session.deal.hand(0) == hand and ctl.narration.entries == entries


def test_a_click_on_last_turn_shows_it_again_and_a_key_finishes_it(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=3, seed=5)
    assert run_frames(app, lambda: ctl.person_to_play)
    ctl.play(ctl.session.deal.hand(0)[0])
    assert run_frames(app, lambda: ctl.person_to_play)
    after = _picture(ctl.board)
    scene.place_buttons()
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.again_button.rect.center, button=1)])
    assert ctl.busy
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x", scancode=0)])
    assert not ctl.busy and _picture(ctl.board) == after and ctl.person_to_play


def test_the_last_turn_is_not_shown_again_while_a_capture_choice_is_owed(make_table) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.scenes.choice import ChoiceScene

    for seed in range(1, 300):
        app, ctl, scene = make_table(seats=2, seed=seed)
        assert run_frames(app, lambda: ctl.person_to_play)
        card = next((c for c in ctl.session.deal.hand(0) if ctl.session.deal.choice_matters(c)), None)
        if card is not None:
            break
    ctl.play(card)
    assert run_frames(app, lambda: isinstance(app.top(), ChoiceScene))
    scene.place_buttons()
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.again_button.rect.center, button=1)])
    assert not ctl.busy and ctl.person_choice is not None and app.top().candidates
    assert scene.toast_text.startswith("First pick which card your")


@pytest.mark.parametrize("key", [pygame.K_SPACE, pygame.K_p, pygame.K_LEFT, pygame.K_TAB, pygame.K_a])
def test_any_key_during_the_last_turn_finishes_it_and_does_not_pause(make_table, key: int) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=2, seed=5)
    assert run_frames(app, lambda: ctl.person_to_play)
    ctl.play(ctl.session.deal.hand(0)[0])
    assert run_frames(app, lambda: ctl.person_to_play)
    after = _picture(ctl.board)
    scene.show_last_turn()
    assert ctl.busy and ctl.replaying
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])
    assert not ctl.busy and not ctl.replaying and _picture(ctl.board) == after and ctl.person_to_play
    assert not scene.paused, "the key finished the replay rather than doing its own job"


def _steps_until(app, ctl, done, limit: int = 60 * 120) -> list[Step]:  # type: ignore[no-untyped-def]
    seen: list[Step] = []
    for _ in range(limit):
        if ctl.current is not None and (not seen or seen[-1] is not ctl.current):
            seen.append(ctl.current)
        if done():
            break
        app.frame(1 / 60, [])
    return seen


def test_at_normal_pace_a_computers_card_sets_off_while_the_last_move_settles(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, _table = make_table(seats=4, seed=1, pace=pace_for("normal"))
    joined: list[Step] = []
    for _round in range(4):  # rounds until a computer's play meets a capture still settling
        assert run_frames(app, lambda: ctl.person_to_play)
        ctl.play(ctl.session.deal.hand(0)[0])
        steps = _steps_until(app, ctl, lambda: ctl.person_to_play)
        joined = [s for s in steps
                  if {sp.src.seat for sp in s.sprites if sp.src.kind == "hand"}
                  and any(sp.dst.kind == "pile" for sp in s.sprites)]
        if joined:
            break
    assert joined, "some computer's card leaves its hand within the step that settles the last move"
    for step in joined:
        starts = [sp.window[0] for sp in step.sprites if sp.src.kind == "hand"]
        assert min(starts) > 0, "the new card sets off once the last movement is under way, not before"


def test_moves_shown_alongside_end_with_the_board_as_the_deal(make_table) -> None:  # type: ignore[no-untyped-def]
    from uiharness import play_until

    app, ctl, _table = make_table(seats=4, seed=2, pace=pace_for("normal"))
    assert play_until(app, lambda: ctl.deal_finished, limit=60 * 600)
    deal = ctl.session.deal
    assert ctl.board.points == list(deal.points)
    assert ctl.board.piles == [len(p) for p in deal.piles]
    assert not ctl.board.slots or sorted(ctl.board.slots.values()) == sorted(deal.layout)


def test_only_paces_that_animate_start_a_move_alongside_the_last() -> None:
    assert pace_for("normal").settle > 0
    assert pace_for("instant").settle == 0


@pytest.mark.slow
def test_a_computer_leading_a_new_deal_waits_a_second_before_its_first_card(make_table) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.scenes.count import CountScene
    from uiharness import key_event, play_until

    app, ctl, _table = make_table(seats=2, seed=3, length="2", pace=pace_for("normal"))
    assert play_until(app, lambda: isinstance(app.top(), CountScene), limit=60 * 600)
    app.frame(1 / 60, [key_event(pygame.K_RETURN)])
    assert ctl.deal_number == 2 and ctl.session.to_act == 1, "the computer leads the second deal"
    frames = 0
    while not ctl.session.deal.turns and frames < 60 * 10:
        app.frame(1 / 60, [])
        frames += 1
    assert ctl.session.deal.turns, "the computer did play"
    assert frames / 60 >= 1.0, "the new layout stays still a moment before the computer's first card"


def _cards_on(board: Board) -> int:
    return (sum(len(h) for h in board.hands) + len(board.slots) + len(board.resting) + board.stock
            + sum(board.piles))


def test_a_turn_begun_alongside_the_last_is_shown_again_from_a_whole_board(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=4, seed=1, pace=pace_for("normal"))
    assert run_frames(app, lambda: ctl.person_to_play)
    assert _cards_on(ctl.board) == 52
    for _turn in range(3):
        ctl.play(ctl.session.deal.hand(0)[0])
        assert run_frames(app, lambda: ctl.person_to_play, limit=60 * 60)
        before_last = ctl._turn_board
        assert before_last is not None
        assert _cards_on(before_last) == 52, "every card is somewhere on the board the last turn starts from"
        assert _cards_on(ctl.board) == 52
