"""A practice match is told as what it is: "(with take-backs)" only when a turn was taken back, and never that
leaving it "will count as abandoned" (it stays out of the statistics whatever happens)."""

from __future__ import annotations

import pygame

from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.matchstore import open_store
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.keeper import Keeper
from chinese_ten.ui.scenes.match import practice_note
from chinese_ten.ui.stakes import AbandonForDealScene, ConfirmScene
from chinese_ten.ui.table.controller import TableController
from chinese_ten.ui.table.live import TableScene

from conftest import QUICK
from uiharness import run_frames


def _table(app: App) -> TableController:
    top = app.top()
    assert isinstance(top, TableScene)
    return top.ctl


def _play_one(app: App, ctl: TableController) -> None:
    """The person plays a card and the table settles."""
    assert run_frames(app, lambda: ctl.person_to_play)
    ctl.play(ctl.session.deal.hand(ctl.person_seat)[0])  # type: ignore[arg-type]

    def settled() -> bool:
        return not ctl.busy and (ctl.person_to_play or ctl.person_choice is not None or ctl.deal_finished)

    assert run_frames(app, settled)
    if ctl.person_choice is not None:
        ctl.choose(ctl.person_choice[1][0])
        assert run_frames(app, settled)


def test_a_deal_played_by_its_number_is_practice_without_take_backs_until_one_is_taken(window: pygame.Surface) -> None:
    app = App(window, Settings(animation_speed="instant"), None, None, ComputerThinker(force_inline=True))
    app.play_deal(4242)
    ctl = _table(app)
    assert ctl.practice and not ctl.taken_back
    assert practice_note(ctl) == "A practice match: it stays out of the statistics."
    _play_one(app, ctl)
    ctl.take_back()
    assert ctl.taken_back and practice_note(ctl) == "A practice match (with take-backs): it stays out of the statistics."


def test_a_take_back_is_remembered_when_the_match_is_continued() -> None:
    ctl = TableController(2, "easy", "one", seed=5, pace=QUICK, thinker=ComputerThinker(force_inline=True))
    for _ in range(20000):
        if ctl.person_to_play:
            break
        ctl.update(1 / 30)
    ctl.play(ctl.session.deal.hand(0)[0])
    ctl.skip()
    assert ctl.take_back() is None and ctl.taken_back
    again = TableController(2, "easy", "one", seed=5, pace=QUICK, thinker=ComputerThinker(force_inline=True))
    again.resume(ctl.session.progress())
    assert again.practice and again.taken_back
    plain = TableController(2, "easy", "one", seed=5, pace=QUICK, thinker=ComputerThinker(force_inline=True))
    plain.resume({"first_number": 7, "practice": True})
    assert plain.practice and not plain.taken_back and practice_note(plain) == (
        "A practice match: it stays out of the statistics.")


def test_new_match_at_a_practice_match_says_it_ends_out_of_the_statistics_not_abandoned(window: pygame.Surface) -> None:
    app = App(window, Settings(animation_speed="instant"), None, None, ComputerThinker(force_inline=True))
    app.play_deal(4242)
    ctl = _table(app)
    _play_one(app, ctl)
    app.open("confirm", action="new")
    question = app.top()
    assert isinstance(question, ConfirmScene)
    assert "abandoned" not in question.detail() and "practice match" in question.detail()
    app.pop(question)
    app.start_match()  # a match that counts: its question says so
    ctl = _table(app)
    _play_one(app, ctl)
    app.open("confirm", action="new")
    assert "will count as abandoned" in app.top().detail()


def test_play_deal_number_over_a_kept_practice_match_says_it_ends_out_of_the_statistics(window: pygame.Surface,
                                                                                        tmp_path) -> None:
    keeper = Keeper(open_store(tmp_path))
    app = App(window, Settings(animation_speed="instant"), None, None, ComputerThinker(force_inline=True), keeper)
    app.play_deal(4242)
    ctl = _table(app)
    _play_one(app, ctl)
    assert run_frames(app, lambda: keeper.unfinished() is not None)
    keeper.save()
    app.show("start")
    question = AbandonForDealScene(app, 77, lambda: None)
    assert "abandoned" not in question.detail() and "practice match" in question.detail()
    app.open("confirm", action="new")
    assert "abandoned" not in app.top().detail()
    keeper.close()
