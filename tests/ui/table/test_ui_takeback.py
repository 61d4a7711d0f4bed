"""Take-backs: the person's last turn undone with what followed, the stock unchanged, the match kept as practice."""

from __future__ import annotations

import pygame

from chinese_ten.games.ten.turns import Phase
from chinese_ten.matchstore import open_store
from chinese_ten.games.ten.record import position_of
from chinese_ten.ui.scenes.choice import ChoiceScene
from chinese_ten.ui.table.controller import TableController
from chinese_ten.ui.keeper import Keeper, describe
from chinese_ten.engine.thinking import ComputerThinker

from conftest import QUICK
from uiharness import click_event, press, run_frames


def _controller(seed: int = 5) -> TableController:
    return TableController(2, "easy", "one", seed=seed, pace=QUICK, thinker=ComputerThinker(force_inline=True))


def _settle(ctl: TableController) -> None:
    """Let the computers move until the person owes something or the deal is over."""
    for _ in range(20000):
        if ctl.person_to_play or ctl.person_choice is not None or ctl.deal_finished:
            return
        ctl.update(1 / 30)
    raise AssertionError("the person never got a turn")


def _turn(ctl: TableController, index: int = 0) -> None:
    """The person plays their ``index``-th card, takes the first candidate if asked, and the table catches up."""
    _settle(ctl)
    ctl.play(ctl.session.deal.hand(0)[index % len(ctl.session.deal.hand(0))])
    ctl.skip()
    if ctl.person_choice is not None:
        ctl.choose(ctl.person_choice[1][0])
    ctl.skip()
    _settle(ctl)


def test_taking_back_puts_the_deal_where_it_stood_before_the_persons_last_play() -> None:
    ctl = _controller()
    _turn(ctl)
    _settle(ctl)
    before = position_of(ctl.session.deal)
    stock = ctl.session.deal.stock
    actions = list(ctl.actions[-1])
    _turn(ctl, 2)
    assert len(ctl.actions[-1]) > len(actions), "the second turn (and the reply to it) was played"
    assert ctl.take_back() is None
    assert position_of(ctl.session.deal) == before
    assert ctl.session.deal.stock == stock, "the stock holds the same cards in the same order"
    assert ctl.actions[-1] == actions
    assert ctl.person_to_play and ctl.practice
    assert sorted(ctl.board.hands[0]) == sorted(ctl.session.deal.hand(0)), "the picture follows the deal"
    assert sorted(ctl.board.slots.values()) == sorted(ctl.session.deal.layout)
    assert ctl.board.stock == ctl.session.deal.stock_left


def test_nothing_to_take_back_before_the_persons_first_play_changes_nothing() -> None:
    ctl = _controller()
    _settle(ctl)
    before = position_of(ctl.session.deal)
    assert ctl.take_back() is not None
    assert position_of(ctl.session.deal) == before and not ctl.practice


def test_a_capture_choice_is_taken_back_with_its_played_card() -> None:
    for seed in range(1, 200):
        ctl = _controller(seed)
        _settle(ctl)
        before = position_of(ctl.session.deal)
        hand = ctl.session.deal.hand(0)
        chooser = next((c for c in hand if ctl.session.deal.choice_matters(c)), None)
        if chooser is None:
            continue
        ctl.play(chooser)
        ctl.skip()
        assert ctl.person_choice is not None
        assert ctl.take_back() is None
        assert position_of(ctl.session.deal) == before and chooser in ctl.session.deal.hand(0)
        return
    raise AssertionError("no seed gave the person a capture choice on their first turn")


def test_a_match_with_a_take_back_is_kept_as_practice_and_left_out_of_the_statistics(tmp_path) -> None:
    ctl = _controller(seed=7)
    keeper = Keeper(open_store(tmp_path))
    keeper.watch(ctl)
    _turn(ctl)
    _turn(ctl, 1)
    assert ctl.take_back() is None
    keeper.save()
    keeper.close()

    again = Keeper(open_store(tmp_path))
    resumed = again.resume(QUICK, ComputerThinker(force_inline=True))
    assert resumed is not None and resumed.practice, "a resumed practice match stays practice"
    kept = again.unfinished()
    assert kept is not None and describe(kept).endswith("practice"), "Continue says it is practice"
    for _ in range(400):
        if resumed.deal_finished:
            break
        _turn(resumed)
    resumed.record_deal()
    again.close()

    store = open_store(tmp_path).store
    history = store.history()
    assert [m.practice for m in history] == [True]
    assert history[0].to_json()["practice"] is True
    stats = store.statistics()
    assert stats.practice == 1
    assert stats.overall.matches == 0 and stats.overall.deals == 0 and stats.recent == []


def test_backspace_takes_back_only_when_the_setting_allows(make_table) -> None:
    app, ctl, scene = make_table(seats=2, seed=3)
    run_frames(app, lambda: ctl.person_to_play)
    before = position_of(ctl.session.deal)
    press(app, pygame.K_1)
    run_frames(app, lambda: ctl.person_to_play or isinstance(app.top(), ChoiceScene))
    if isinstance(app.top(), ChoiceScene):
        press(app, pygame.K_RETURN)
        run_frames(app, lambda: ctl.person_to_play)
    played = position_of(ctl.session.deal)
    assert played != before
    assert scene.takeback_button not in scene.buttons()

    press(app, pygame.K_BACKSPACE)
    assert position_of(ctl.session.deal) == played and "Settings" in scene.toast_text

    app.settings = app.settings.replace(allow_takebacks=True)
    assert scene.takeback_button in scene.buttons()
    press(app, pygame.K_BACKSPACE)
    assert position_of(ctl.session.deal) == before and ctl.practice


def test_the_take_back_button_takes_back_a_turn(make_table) -> None:
    app, ctl, scene = make_table(seats=2, seed=4)
    app.settings = app.settings.replace(allow_takebacks=True)
    run_frames(app, lambda: ctl.person_to_play)
    before = position_of(ctl.session.deal)
    press(app, pygame.K_1)
    run_frames(app, lambda: ctl.person_to_play or isinstance(app.top(), ChoiceScene))
    if isinstance(app.top(), ChoiceScene):
        press(app, pygame.K_RETURN)
        run_frames(app, lambda: ctl.person_to_play)
    scene.place_buttons()
    app.frame(1 / 60, [click_event(scene.takeback_button.rect.center)])
    assert position_of(ctl.session.deal) == before
    assert ctl.session.deal.phase is Phase.PLAY


def test_backspace_in_a_capture_choice_closes_it_and_takes_the_play_back(make_table) -> None:
    for seed in range(1, 200):
        app, ctl, scene = make_table(seats=2, seed=seed)
        app.settings = app.settings.replace(allow_takebacks=True)
        run_frames(app, lambda: ctl.person_to_play)
        hand = ctl.board.hands[0]
        index = next((i for i, c in enumerate(hand) if ctl.session.deal.choice_matters(c)), None)
        if index is None:
            continue
        before = position_of(ctl.session.deal)
        scene.keyboard = True
        scene.try_play(index)
        assert run_frames(app, lambda: isinstance(app.top(), ChoiceScene))
        press(app, pygame.K_BACKSPACE)
        app.frame(1 / 60)
        assert position_of(ctl.session.deal) == before and app.top() is scene
        return
    raise AssertionError("no seed gave the person a capture choice on their first turn")


def test_the_same_play_after_a_take_back_meets_the_same_replies() -> None:
    for seed in range(1, 6):
        ctl = _controller(seed)
        _turn(ctl)
        _turn(ctl, 3)
        _turn(ctl, 1)
        first = list(ctl.actions[-1])
        assert ctl.take_back() is None
        assert ctl.take_back() is None  # two turns back: the computers have replied twice since
        _turn(ctl, 3)
        _turn(ctl, 1)
        assert ctl.actions[-1] == first, "the computers decide from the same random draws as the first time"
