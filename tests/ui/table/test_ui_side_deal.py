"""Deals played apart, as practice kept nowhere: played on from a review's position (both games) and a deal
of a match played again from its count in the middle of the match, which then goes on where it was."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from dealkit import random_finished_deal
from uiharness import play_until, press, run_frames

from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.games import game_named
from chinese_ten.matchstore import open_store
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.keeper import Keeper
from chinese_ten.ui.scenes.count import CountScene
from chinese_ten.ui.scenes.review import ReviewScene, open_review
from chinese_ten.ui.table.controller import TableController
from chinese_ten.ui.table.live import TableScene
from chinese_ten.ui.table.side_deal import BACK_TO_MATCH, BACK_TO_REVIEW, SideTableScene

from conftest import QUICK


def finished_record(name: str, seats: int, seed: int) -> dict[str, Any]:
    """A whole deal played by random choices, as a record with the person at seat 1 against Hard."""
    game = game_named(name)
    deal = random_finished_deal(name, seats, seed)
    players = ["hard"] * seats
    players[1] = "you"
    return {**game.record_of(deal), "players": players, "deal_in_match": 1}


def empty_review(name: str, seat: int) -> Any:
    """A ready review with nothing judged, so no analysis runs."""
    module = __import__(f"chinese_ten.games.{name}.review", fromlist=["Review"])
    return module.Review(seat=seat, decisions=())


def kept_app(window: pygame.Surface, tmp_path) -> App:  # type: ignore[no-untyped-def]
    keeper = Keeper(open_store(tmp_path))
    return App(window, Settings(animation_speed="instant"), None, None, ComputerThinker(force_inline=True), keeper)


def kept_figures(app: App) -> tuple[object, ...]:
    """Everything Statistics and History read, to compare before and after."""
    return app.keeper.statistics(), [m.id for m in app.keeper.history()], app.keeper.unfinished()


@pytest.mark.slow
@pytest.mark.parametrize(("name", "seats"), [("ten", 2), ("ten", 3), ("fishing", 4)])
def test_play_on_from_a_review_sits_at_the_reviewed_position_plays_to_the_count_and_goes_back(
        window: pygame.Surface, tmp_path, name: str, seats: int) -> None:  # type: ignore[no-untyped-def]
    app = kept_app(window, tmp_path)
    app.show("start")
    before = kept_figures(app)
    record = finished_record(name, seats, 9)
    review = open_review(app, record, 1, review=empty_review(name, 1))
    assert isinstance(review, ReviewScene)
    turns = len(record["turns"]) // 2
    review.go(turns)
    press(app, pygame.K_p)
    table = app.top()
    assert isinstance(table, SideTableScene) and table.apart
    ctl = table.ctl
    assert ctl.local == 1 and ctl.person_seat == 1 and ctl.practice and ctl.match.total_deals == 1
    assert [i.player for i in ctl.infos if i.player] == ["hard"] * (seats - 1)
    wanted = game_named(name).replay({**record, "turns": record["turns"][:turns]})
    assert str(ctl.view) == str(wanted.observe(1)), "the table's seat sees the record's position, and no more"
    assert not ctl.busy, "the position is laid at once"
    board = ctl.board
    assert sorted(c for c in board.hands[1] if c is not None) == sorted(wanted.observe(1).hand)
    assert all(c is None for s in range(seats) if s != 1 for c in board.hands[s]), "the other hands face down"
    assert sorted(board.slots.values()) == sorted(wanted.layout)
    assert board.points == list(wanted.points) and board.stock == len(wanted.stock)
    assert play_until(app, lambda: isinstance(app.top(), CountScene), limit=4000)
    count = app.top()
    assert isinstance(count, CountScene) and count.button.label == BACK_TO_REVIEW
    assert "again" not in [b.action for b in count.buttons], "a deal kept nowhere is not dealt again from here"
    finished = ctl.finished_deal()
    assert finished is not None and [t.to_json() for t in finished.turns][:turns] == record["turns"][:turns]
    press(app, pygame.K_RETURN)
    assert app.top() is review and review.table.at == turns, "back at the review, where it was"
    assert kept_figures(app) == before, "nothing of the practice is kept"
    app.keeper.close()


def test_play_on_at_the_end_of_the_deal_says_there_is_nothing_to_play(app) -> None:  # type: ignore[no-untyped-def]
    record = finished_record("ten", 2, 4)
    review = open_review(app, record, 1, review=empty_review("ten", 1))
    assert review is not None
    review.go(review.table.last)
    press(app, pygame.K_p)
    assert app.top() is review and "over" in app.banner_text
    review.place()
    assert not review.play_button.enabled


def _to_count(app: App) -> CountScene:
    assert play_until(app, lambda: isinstance(app.top(), CountScene), limit=6000)
    count = app.top()
    assert isinstance(count, CountScene)
    return count


@pytest.mark.parametrize("game", ["ten", "fishing"])
def test_play_this_deal_again_mid_match_plays_it_apart_then_the_match_goes_on(window: pygame.Surface, tmp_path,
                                                                             game: str) -> None:  # type: ignore[no-untyped-def]
    app = kept_app(window, tmp_path)
    ctl = TableController(3, "easy", "fixed", seed=13, pace=QUICK, thinker=app.thinker, deals=3, game=game)
    app.keeper.watch(ctl)
    match_table = TableScene(app, ctl)
    app.replace(match_table)
    count = _to_count(app)
    assert ctl.deal_number == 1 and not ctl.match.is_over
    assert "again" in [b.action for b in count.buttons], "offered at a count in the middle of a match"
    dealt = ctl.session.deal.initial, ctl.session.deal.dealer, ctl.session.shuffle_number
    progress = ctl.progress()
    count.play_again()
    side = app.top()
    assert isinstance(side, SideTableScene) and side.ctl is not ctl and side.ctl.practice
    again = side.ctl.session
    assert (again.deal.initial, again.deal.dealer, again.shuffle_number) == dealt
    assert app.keeper.unfinished() is not None and app.keeper.ctl is ctl, "the match stays the one kept"
    side_count = _to_count(app)
    assert side_count.button.label == BACK_TO_MATCH
    assert ctl.progress() == progress, "the match did not move meanwhile"
    press(app, pygame.K_RETURN)
    assert app.top() is match_table and ctl.deal_number == 2 and not match_table.count_shown
    kept = app.keeper.unfinished()
    assert kept is not None and [len(d) for d in kept.progress["deals"]][0] == len(progress["deals"][0])
    app.keeper.close()


def test_closing_the_window_during_a_deal_played_again_mid_match_leaves_continue_where_it_was(
        window: pygame.Surface, tmp_path) -> None:  # type: ignore[no-untyped-def]
    app = kept_app(window, tmp_path)
    ctl = TableController(2, "easy", "fixed", seed=17, pace=QUICK, thinker=app.thinker, deals=2)
    app.keeper.watch(ctl)
    app.replace(TableScene(app, ctl))
    count = _to_count(app)
    kept_actions = [list(d) for d in ctl.actions]
    count.play_again()
    side = app.top()
    assert isinstance(side, SideTableScene)
    assert run_frames(app, lambda: side.ctl.person_to_play, limit=2000)
    press(app, pygame.K_1)  # a move of the practice deal
    app.keeper.close()  # the window closes
    keeper = Keeper(open_store(tmp_path))
    again = keeper.resume(QUICK, ComputerThinker(force_inline=True))
    assert again is not None and again.deal_number == 1 and again.deal_recorded
    assert again.actions == kept_actions and not again.practice, "Continue takes up the match as it was"
    keeper.close()


def test_new_match_from_a_deal_played_again_asks_first_for_the_kept_match(window: pygame.Surface,
                                                                           tmp_path) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.scenes.menu import MenuScene
    from chinese_ten.ui.stakes import match_at_stake

    app = kept_app(window, tmp_path)
    ctl = TableController(2, "easy", "fixed", seed=19, pace=QUICK, thinker=app.thinker, deals=2)
    app.keeper.watch(ctl)
    app.replace(TableScene(app, ctl))
    _to_count(app).play_again()
    side = app.top()
    assert isinstance(side, SideTableScene) and not side.ctl.view.turns
    assert match_at_stake(app), "the kept match would be abandoned, though the practice deal has no turn yet"
    app.open("menu")
    menu = app.top()
    assert isinstance(menu, MenuScene)
    menu.act("new")
    assert type(app.top()).__name__ == "ConfirmScene" and app.keeper.unfinished() is not None
    app.keeper.close()


def test_leaving_a_deal_played_on_for_the_start_screen_lets_the_reviews_analysis_go(app) -> None:  # type: ignore[no-untyped-def]
    record = finished_record("ten", 2, 6)
    review = open_review(app, record, 1, review=empty_review("ten", 1))
    assert review is not None
    closed: list[bool] = []
    review.discard = lambda: closed.append(True)  # type: ignore[method-assign]
    review.go(3)
    press(app, pygame.K_p)
    assert isinstance(app.top(), SideTableScene) and not closed
    app.show("start")
    assert closed == [True]


def test_a_played_on_deal_keeps_each_computers_strength_from_its_record() -> None:
    from chinese_ten.ui.table.side_deal import person_and_strength

    strengths = ("easy", "normal", "hard")
    assert person_and_strength({"players": ["hard", "you", "easy"]}, 0, strengths, "normal") == (1, ("hard", "easy"))
    assert person_and_strength({"players": ["you", "hard", "hard"]}, 0, strengths, "normal") == (0, "hard")
    assert person_and_strength({"players": ["you", "somebody"]}, 0, strengths, "normal") == (0, "normal")


def test_the_menu_at_a_deal_played_on_leaves_it_for_the_review_before_its_end(app) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.scenes.menu import LEAVE_APART, MenuScene

    record = finished_record("ten", 2, 6)
    review = open_review(app, record, 1, review=empty_review("ten", 1))
    assert review is not None
    review.go(3)
    press(app, pygame.K_p)
    assert isinstance(app.top(), SideTableScene)
    press(app, pygame.K_ESCAPE)
    menu = app.top()
    assert isinstance(menu, MenuScene) and menu.buttons[1].label == LEAVE_APART
    menu.act("apart")
    assert app.top() is review and review.table.at == 3, "back at the review, where it was"
