"""Learn to play in the window, driven by clicks and keys: the offer at the first start, the guided
table, the refusal of other cards, and the way on to a real match."""

from __future__ import annotations

import argparse
from pathlib import Path

import pygame
import pytest

from chinese_ten.settings import Settings, SettingsStore
from chinese_ten.games.ten.tutorial import LESSONS, RECORD, REFUSED, REFUSED_TAKE
from chinese_ten.cli import launch_options
from chinese_ten.ui.app import App, run_game
from chinese_ten.ui.scenes.choice import ChoiceScene
from chinese_ten.ui.scenes.count import CountScene
from chinese_ten.ui.keeper import Keeper
from chinese_ten.ui.scenes.start import StartScene
from chinese_ten.ui.table.live import TableScene
from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.ui.scenes.tutorial import GuidedTableScene, OfferScene, TutorialEndScene

from conftest import QUICK
from uiharness import click_event, key_event, press, run_frames


def started(window: pygame.Surface, settings: Settings | None = None, keeper: Keeper | None = None) -> App:
    """An app at the start screen."""
    app = App(window, settings or Settings(), None, None, ComputerThinker(force_inline=True), keeper)
    app.push(StartScene(app))
    app.frame(1 / 60, [])
    return app


def learn(app: App) -> GuidedTableScene:
    """Press Learn to play on the start screen; the guided table, quick to animate."""
    app.frame(1 / 60, [])
    start = app.top()
    assert isinstance(start, StartScene)
    button = next(b for b in start.actions if b.action == "learn")
    app.frame(1 / 60, [click_event(button.rect.center)])
    table = app.top()
    assert isinstance(table, GuidedTableScene)
    table.ctl.set_pace(QUICK)
    return table


def settled(app: App, table: TableScene) -> bool:
    """Run frames until the person has something to do (or an overlay is up)."""
    return run_frames(app, lambda: not table.ctl.busy and (
        table.ctl.person_to_play or app.top() is not table or table.ctl.session.deal.is_over))


def click_card(app: App, table: GuidedTableScene, card: object) -> None:
    """Click ``card`` in the person's hand, where it is drawn."""
    hand = table.ctl.board.hands[0]
    from chinese_ten.ui.table.geometry import hand_rects

    rect = hand_rects(table.geom(), len(hand))[hand.index(card)]  # type: ignore[arg-type]
    # the visible strip of an overlapped card is its left edge
    app.frame(1 / 60, [click_event((rect.left + 6, rect.centery))])


def test_learn_to_play_on_the_start_screen_deals_the_guided_deal(window: pygame.Surface) -> None:
    app = started(window)
    table = learn(app)
    assert table.ctl.seats == 2 and table.ctl.guide is not None
    assert [list(map(str, h)) for h in table.ctl.session.deal.initial[0]] == RECORD["hands"]
    assert settled(app, table)
    assert table.ctl.person_to_play
    assert table.guide.words(table.ctl.session.deal)[0] == LESSONS[0].title
    assert table.suggested_rect() is not None


def test_a_card_other_than_the_suggested_one_is_refused_with_a_reason(window: pygame.Surface) -> None:
    app = started(window)
    table = learn(app)
    assert settled(app, table)
    wanted = LESSONS[0].suggested.card  # type: ignore[union-attr]
    other = next(c for c in table.ctl.board.hands[0] if c != wanted)
    click_card(app, table, other)
    assert table.ctl.session.deal.turn_number == 1 and not table.ctl.session.deal.turns
    assert other in table.ctl.session.deal.hand(0)
    assert table.toast_text == REFUSED.format(card=wanted.pretty)
    # the number key of another card is refused the same way
    press(app, pygame.K_1 if table.ctl.board.hands[0][0] != wanted else pygame.K_2)
    assert not table.ctl.session.deal.turns
    click_card(app, table, wanted)
    assert table.ctl.session.deal.turns or table.ctl.busy
    assert wanted not in table.ctl.session.deal.hand(0)
    # the engine is on North's turn while the play is still shown: the box keeps this step's words
    assert table.ctl.busy and table.ctl.session.deal.to_move == 1
    assert table.shown_words()[1] == LESSONS[0].title
    assert settled(app, table)
    assert table.shown_words()[1] == LESSONS[1].title


def test_the_whole_lesson_plays_through_by_clicks_and_ends_offering_a_real_match(window: pygame.Surface) -> None:
    app = started(window)
    table = learn(app)
    refused_choice = False
    for _ in range(200):
        assert settled(app, table)
        top = app.top()
        if isinstance(top, CountScene):
            assert table.guide.lesson(table.ctl.session.deal).concept == "count"
            assert top.button.label == "Finish the lesson (Enter)", "the lesson's count leads on to its end, not to results"
            press(app, pygame.K_RETURN)
            break
        if isinstance(top, ChoiceScene):
            wanted = table.guide.suggested(table.ctl.session.deal)
            if wanted is not None and not refused_choice:
                other = next(c for c in top.candidates if c != wanted)
                assert table.ctl.choose(other) is not None
                refused_choice = True
            press(app, pygame.K_RETURN)  # the focus starts on the take worth most
            continue
        wanted = table.guide.suggested(table.ctl.session.deal)
        click_card(app, table, wanted if wanted is not None else table.ctl.board.hands[0][0])
    else:
        pytest.fail("the lesson never reached its count")
    assert refused_choice, "the guided choice was reached"
    guided = max(lesson.turn for lesson in LESSONS)
    played = [str(t.play) for t in table.ctl.session.deal.turns[:guided]]
    assert played == [t["play"] for t in RECORD["turns"][:guided]]
    end = app.top()
    assert isinstance(end, TutorialEndScene)
    press(app, pygame.K_RETURN)
    real = app.top()
    assert isinstance(real, TableScene) and not isinstance(real, GuidedTableScene)
    assert real.ctl.guide is None and real.ctl.seats == app.settings.computers + 1


def to_the_guided_choice(app: App, table: GuidedTableScene) -> ChoiceScene:
    """Follow the guide until the person is to pick the take of the guided choice."""
    for _ in range(40):
        assert settled(app, table)
        top = app.top()
        if isinstance(top, ChoiceScene) and table.guide.suggested(table.ctl.session.deal) is not None:
            return top
        wanted = table.guide.suggested(table.ctl.session.deal)
        click_card(app, table, wanted if wanted is not None else table.ctl.board.hands[0][0])
    pytest.fail("the guided choice was never reached")


def test_a_wrong_take_in_the_guided_choice_is_refused_with_the_reason_shown(
        window: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    app = started(window)
    table = learn(app)
    choice = to_the_guided_choice(app, table)
    wanted = table.guide.suggested(table.ctl.session.deal)
    assert wanted is not None
    other = next(c for c in choice.candidates if c != wanted)
    slot = next(s for s, c in table.ctl.board.slots.items() if c == other)
    app.frame(1 / 60, [click_event(table.geom().slots[slot].center)])
    assert isinstance(app.top(), ChoiceScene) and table.ctl.session.deal.pending is not None, "still to choose"
    assert table.toast_text == REFUSED_TAKE.format(card=wanted.pretty)
    assert table.toast_text.startswith("Not that one this time") and wanted.pretty in table.toast_text
    # the reason is what the strip shows: the choice's own prompt does not cover it
    drawn: list[str] = []
    monkeypatch.setattr(table.painter, "message", lambda surface, geom, text, colour: drawn.append(text))
    app.frame(1 / 60, [])
    assert drawn == []


def test_the_lessons_ring_is_drawn_in_its_own_colour_not_the_focus_rings(window: pygame.Surface) -> None:
    app = started(window)
    table = learn(app)
    assert settled(app, table)
    app.frame(1 / 60, [])
    ring = table.suggested_rect()
    assert ring is not None
    theme = app.kit.theme
    assert theme.lesson_ring != theme.turn_ring
    width = max(3, round(4 * table.geom().unit))
    assert tuple(window.get_at((ring.centerx, ring.top - 1 - width // 2)))[:3] == theme.lesson_ring


def test_the_end_goes_back_to_the_start_screen_too(window: pygame.Surface) -> None:
    app = started(window)
    table = learn(app)
    table.ctl.skip()
    app.push(TutorialEndScene(app, table))
    end = app.top()
    assert isinstance(end, TutorialEndScene)
    app.frame(1 / 60, [click_event(end.buttons[1].rect.center)])
    assert isinstance(app.top(), StartScene)


def test_leave_the_lesson_goes_back_to_the_start_screen(window: pygame.Surface) -> None:
    app = started(window)
    table = learn(app)
    table.place_buttons()
    app.frame(1 / 60, [click_event(table.leave_button.rect.center)])
    assert isinstance(app.top(), StartScene)


def test_the_guide_box_lies_beside_the_cards_in_the_side_panel(window: pygame.Surface) -> None:
    app = started(window)
    table = learn(app)
    assert settled(app, table)
    app.frame(1 / 60, [])
    geom = table.geom()
    box = table.guide_rect
    assert geom.panel.contains(box)
    assert not box.colliderect(geom.table)
    assert all(not box.colliderect(b.rect) for b in (table.hint_button, table.pause_button))
    assert table.leave_button.rect.colliderect(box)


def test_pause_and_help_work_during_the_lesson(window: pygame.Surface) -> None:
    app = started(window)
    table = learn(app)
    assert settled(app, table)
    app.frame(1 / 60, [key_event(pygame.K_p)])
    assert table.paused
    app.frame(1 / 60, [key_event(pygame.K_p)])
    assert not table.paused
    app.frame(1 / 60, [key_event(pygame.K_F1)])
    from chinese_ten.ui.scenes.help import HelpScene

    assert isinstance(app.top(), HelpScene)


def test_the_hint_points_to_the_suggested_card_on_a_guided_turn(window: pygame.Surface) -> None:
    app = started(window)
    table = learn(app)
    assert settled(app, table)
    press(app, pygame.K_a)
    assert LESSONS[0].suggested.card.pretty in table.toast_text  # type: ignore[union-attr]


def test_the_lesson_is_kept_neither_in_history_nor_in_statistics(window: pygame.Surface, tmp_path: Path) -> None:
    from chinese_ten.matchstore import open_store

    keeper = Keeper(open_store(tmp_path))
    try:
        app = started(window, keeper=keeper)
        table = learn(app)
        for _ in range(200):
            assert settled(app, table)
            if isinstance(app.top(), CountScene):
                break
            if isinstance(app.top(), ChoiceScene):
                press(app, pygame.K_RETURN)
                continue
            wanted = table.guide.suggested(table.ctl.session.deal)
            click_card(app, table, wanted if wanted is not None else table.ctl.board.hands[0][0])
        assert table.ctl.session.deal.is_over
        assert keeper.unfinished() is None and keeper.history() == []
        # the same keeper keeps a real match from its first move
        app.replace(StartScene(app))
        app.start_match()
        real = app.table()
        assert real is not None
        real.ctl.set_pace(QUICK)
        assert settled(app, real)
        press(app, pygame.K_1)
        assert settled(app, real)
        assert keeper.unfinished() is not None
    finally:
        keeper.close()


def _first_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, answer: int | None) -> list[type]:
    """Start the game with the settings in ``tmp_path``; returns the scenes on top after the first frames,
    having pressed ``answer`` (a key) if given."""
    seen: list[type] = []

    def scripted_run(self: App) -> None:
        self.thinker.force_inline = True
        self.frame(1 / 60, [])
        self.frame(1 / 60, [])
        seen.append(type(self.top()))
        if answer is not None:
            self.frame(1 / 60, [key_event(answer)])
            seen.append(type(self.top()))
        self.running = False

    monkeypatch.setenv("CHINESE_TEN_LOG_DIR", str(tmp_path / "logs"))
    monkeypatch.setattr(App, "run", scripted_run)
    args = argparse.Namespace(command=None, settings_dir=str(tmp_path / "settings"),
                              data_dir=str(tmp_path / "data"))
    assert run_game(launch_options(args)) == 0
    return seen


def test_the_first_start_offers_learn_to_play_once_and_not_again_once_answered(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _first_start(tmp_path, monkeypatch, pygame.K_ESCAPE) == [OfferScene, StartScene]
    assert SettingsStore(tmp_path / "settings").load().settings.tutorial_offered is True
    assert _first_start(tmp_path, monkeypatch, None) == [StartScene]


def test_the_offer_left_unanswered_is_asked_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _first_start(tmp_path, monkeypatch, None) == [OfferScene]
    assert _first_start(tmp_path, monkeypatch, None) == [OfferScene]


def test_accepting_the_offer_starts_the_lesson_and_is_remembered(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _first_start(tmp_path, monkeypatch, pygame.K_RETURN) == [OfferScene, GuidedTableScene]
    assert SettingsStore(tmp_path / "settings").load().settings.tutorial_offered is True


def test_new_match_from_the_menu_during_the_lesson_asks_about_the_kept_match_not_the_lesson(
        window: pygame.Surface, tmp_path: Path) -> None:
    from chinese_ten.matchstore import open_store
    from chinese_ten.ui.scenes.menu import MenuScene
    from chinese_ten.ui.stakes import ConfirmScene

    keeper = Keeper(open_store(tmp_path))
    try:
        app = started(window, keeper=keeper)
        app.start_match()
        real = app.table()
        assert real is not None
        real.ctl.set_pace(QUICK)
        assert settled(app, real)
        press(app, pygame.K_1)
        assert settled(app, real)
        assert keeper.unfinished() is not None
        app.replace(StartScene(app))
        table = learn(app)
        press(app, pygame.K_ESCAPE)
        menu = app.top()
        assert isinstance(menu, MenuScene)
        menu.act("new")
        confirm = app.top()
        assert isinstance(confirm, ConfirmScene) and app.table() is None
        assert confirm.detail() == "The unfinished match will count as abandoned."
        assert keeper.unfinished() is not None, "nothing is abandoned before the answer"
        assert table is not app.top()
    finally:
        keeper.close()


def test_a_take_back_in_the_lesson_goes_back_within_the_guided_deal(window: pygame.Surface) -> None:
    from chinese_ten.games.ten.record import position_of

    app = started(window, Settings(allow_takebacks=True))
    table = learn(app)
    assert settled(app, table)
    before = position_of(table.ctl.session.deal)
    click_card(app, table, LESSONS[0].suggested.card)  # type: ignore[union-attr]
    assert settled(app, table) and table.ctl.session.deal.turn_number > 1
    press(app, pygame.K_BACKSPACE)
    assert position_of(table.ctl.session.deal) == before, "the lesson's own deal, not another one"
    assert table.guide.words(table.ctl.session.deal)[0] == LESSONS[0].title


def test_learn_to_play_on_the_go_fishing_start_screen_teaches_go_fishing_through_to_its_end(
        window: pygame.Surface) -> None:
    from chinese_ten.games.fishing import tutorial as fishing

    app = started(window, Settings(game="fishing"))
    table = learn(app)
    assert table.ctl.game.name == "fishing" and isinstance(table.guide, fishing.Guide)
    assert [list(map(str, h)) for h in table.ctl.session.deal.initial[0]] == fishing.RECORD["hands"]
    seen: list[str] = []
    refused_way = False
    for _ in range(200):
        assert settled(app, table)
        top = app.top()
        deal = table.ctl.session.deal
        if isinstance(top, CountScene):
            assert table.guide.words(deal) == fishing.COUNT
            press(app, pygame.K_RETURN)
            break
        if isinstance(top, ChoiceScene):
            if table.guide.guided(deal):
                assert table.shown_words()[2] == fishing.STEPS[2].choice_text
            if table.guide.guided(deal) and not refused_way:  # one set of the two is not this step's way
                fewer = next(i for i, o in enumerate(top.options) if len(o.sets) == 1)
                assert (table.ctl.take(fewer) or "").startswith("Not that way")
                refused_way = True
            press(app, pygame.K_RETURN)  # the focus starts on the way worth most: both sets
            continue
        title = table.shown_words()[1]
        if not seen or seen[-1] != title:
            seen.append(title)
        wanted = table.guide.suggested(deal)
        if wanted is not None and len(deal.turns) == 0:
            other = next(c for c in table.ctl.board.hands[0] if c != wanted)
            click_card(app, table, other)
            assert table.toast_text == fishing.REFUSED.format(card=wanted.pretty)
            assert len(table.ctl.session.deal.turns) == 0
        click_card(app, table, wanted if wanted is not None else table.ctl.board.hands[0][0])
    else:
        pytest.fail("the lesson never reached its count")
    assert refused_way, "the guided choice of ways was reached"
    assert [s.title for s in fishing.STEPS] == [t for t in seen if t in {s.title for s in fishing.STEPS}]
    guided = max(step.turn for step in fishing.STEPS)
    played = [str(t.card) for t in table.ctl.session.deal.turns[:guided]]
    assert played == [t["play"] for t in fishing.RECORD["turns"][:guided]]
    end = app.top()
    assert isinstance(end, TutorialEndScene) and end.words().startswith("You have seen the whole game: adding up")
    press(app, pygame.K_RETURN)
    real = app.top()
    assert isinstance(real, TableScene) and real.ctl.guide is None and real.ctl.game.name == "fishing"


@pytest.mark.parametrize(("game", "words"), [("ten", "New to Chinese Ten?"), ("fishing", "New to Chinese Go Fishing?")])
def test_the_first_starts_offer_names_the_game_chosen_whose_lesson_it_starts(
        window: pygame.Surface, game: str, words: str) -> None:
    app = started(window, Settings(game=game))
    assert OfferScene(app).heading() == words
